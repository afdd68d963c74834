/*
** chain_static.h -- private to techniques/chains.c: SE's producer 21,
** bidirectional cycles and forcing chains on a fixed grid.
**
** Three passes over every candidate of every cell with 2+ candidates
** (row-major, digits ascending): X links only, Y links only, both.  From
** each start "candidate ON":
**   cycles   a layered search where ON potentials are kept once but OFF
**            potentials are kept once per parent (SE's doCycles); every
**            OFF potential that leads back to the start at length >= 4
**            closes a cycle of complexity = length.  It removes the
**            candidates that see, for their digit, one ON and one OFF
**            potential of the cycle (cells of the cycle excepted).
**   chains   (X and XY passes) start ON leading to start OFF removes it,
**            start OFF leading to start ON places it; complexity = the
**            potentials on the chain.
** Y-cycles start only from bivalue cells.
**
** At the top level only the cheapest hint of each of the five kinds can
** win (same base, difficulty grows with complexity, ties go to the first
** found), so each search stops at the best complexity found so far.  As a
** nested rule (level >= 2) every hint is listed, as SE does.
*/
#ifndef CHAIN_STATIC_H
#define CHAIN_STATIC_H

#include "chain_core.h"

/* hint kinds of producer 21 = the table's 'type' figure */
enum { ST_XCYCLE = 1, ST_YCYCLE, ST_XCHAIN, ST_XYCYCLE, ST_XYCHAIN, ST_NTYPES };

typedef struct snode {
  int16_t pot;
  uint8_t cause;
  uint8_t spare;
  int32_t parent;              /* index of the parent snode, -1 for the start */
} snode;

/* potentials from which a link the outer chain affected can be reached */
typedef struct relset { uint64_t on[CWORDS], off[CWORDS]; } relset;

/* per house and digit: the outer chain removed the digit there; the digit
** has exactly two places there */
enum { HF_LOST = 1, HF_TWO = 2 };

/* what one static search works with */
typedef struct sctx {
  const cgrid *g;
  /* top level: best of each type so far (complexity), INT32_MAX = none */
  int inner;
  int32_t best[ST_NTYPES];
  /* inner: the outer chain's grids for rule parents, and where hints go */
  const cgrid *src;
  chainer *out;
  const relset *rs;            /* inner: see relevant() */
  sk_mask gone_c[SK_CELLS];    /* inner: candidates the outer chain removed */
  sk_bits gone_d[9];
  uint8_t hflag[SK_HOUSES][10];  /* inner: per house and digit, HF_* */
  sk_bits live[9];             /* per pass: OFF potentials with an OFF -> ON link */
  int seq;
  /* callback for a top-level hint: path nodes from target to the start */
  void (*found)(void *ud, int type, const snode *path, int len, const sk_mask *elim, int complexity);
  void *ud;
  /* arenas */
  snode *sn;                   /* SN_MAX nodes */
  links *lk;                           /* the grid's links */
  int oom, stop;
  const sk_search *search;     /* for should_stop(), may be NULL */
} sctx;

/* One traversal holds each potential at most once (plus the root), so the
** node arena is sized once in sctx_init (SN_MAX) and never grows.  The
** traversals keep the arena's pointer and count in locals (byte stores to
** the node would otherwise force the compiler to reload them). */
#define SN_MAX (2 * NCAND + 8)

static inline int32_t sn_new(snode *sn, int32_t *nsn, int pot, int cause, int32_t parent) {
  snode *n = &sn[*nsn];
  n->pot = (int16_t)pot;
  n->cause = (uint8_t)cause;
  n->spare = 0;
  n->parent = parent;
  return (*nsn)++;
}

/* path from node t back to the start: out[0] = t */
static int sn_path(const sctx *x, int32_t t, snode *out) {
  int n = 0;
  for (; t >= 0; t = x->sn[t].parent) out[n++] = x->sn[t];
  return n;
}

/* Eliminations of a cycle given as path[0] = closing node .. path[len-1] =
** start: a candidate outside the cycle's cells that sees an ON and an OFF
** node of its digit.  Returns the number removed. */
static int cycle_elims(const cgrid *g, const snode *path, int len, sk_mask *elim) {
  sk_bits cells = {{0, 0}}, fw[9], bk[9];
  memset(fw, 0, sizeof fw);
  memset(bk, 0, sizeof bk);
  for (int i = 0; i < len - 1; i++) sk_bits_set(&cells, pot_cell(path[i].pot));
  for (int i = 0; i < len - 1; i++) {
    int c = pot_cell(path[i].pot), d = pot_digit(path[i].pot);
    sk_bits see = sk_bits_andnot(sk_bits_and(sk_peer_bits[c], g->dpos[d - 1]), cells);
    if (pot_on(path[i].pot)) fw[d - 1] = sk_bits_or(fw[d - 1], see);
    else bk[d - 1] = sk_bits_or(bk[d - 1], see);
  }
  memset(elim, 0, SK_CELLS * sizeof *elim);
  int n = 0;
  for (int d = 1; d <= 9; d++) {
    sk_bits both = sk_bits_and(fw[d - 1], bk[d - 1]);
    for (int c; (c = sk_bits_pop(&both)) >= 0; n++) elim[c] |= SK_BIT(d);
  }
  return n;
}

/* ---- inner mode: turn a path into an ihint of chainer x->out ---- */

static void inner_static_hint(sctx *x, int cycle, int xy, int ylinks, const snode *path, int len,
                              const sk_mask *elim) {
  chainer *ch = x->out;
  ihint *h = ih_new(ch);
  if (!h) return;
  h->seq = x->seq++;
  int complexity = cycle ? len - 1 : len;
  h->complexity = complexity;
  h->kind = xy ? 4 : (ylinks ? 3 : 2);
  double base = cycle ? (xy ? 7.0 : 6.5) : (xy ? 7.0 : 6.6);
  h->diff = base + se_length_bonus(complexity);
  /* eliminations */
  h->elim = ch->nipot;
  if (cycle) {
    for (int c = 0; c < SK_CELLS; c++)
      for (sk_mask m = elim[c]; m; m &= m - 1) ih_push_pot(ch, pot_make(c, sk_mask_first(m), 0));
  } else {
    int t = path[0].pot, c = pot_cell(t), d = pot_digit(t);
    if (pot_on(t)) {
      for (sk_mask m = x->g->cand[c] & (sk_mask)~SK_BIT(d); m; m &= m - 1)
        ih_push_pot(ch, pot_make(c, sk_mask_first(m), 0));
    } else ih_push_pot(ch, pot_make(c, d, 0));
  }
  h->nelim = ch->nipot - h->elim;
  h->ehash = elim_hash(ch->ipot + h->elim, h->nelim);
  /* chains (FullChain) and rule parents, targets in SE's order */
  uint64_t hs = 0x51;
  rpctx rp;
  rp_begin(&rp, ch, x->src, x->g, CA_NONE);
  if (cycle) {
    /* dstOn: path[0..len-2] (the start repeats at the end) */
    for (int i = 0; i < len - 1; i++) {
      hs = mix64(hs, (uint64_t)path[i].pot + 1);
      rp_collect(&rp, path[i].pot, path[i].cause);
    }
    hs = mix64(hs, 0xFFFF);
    /* dstOff: the same path read backwards with every state flipped */
    for (int i = len - 1; i >= 1; i--) {
      hs = mix64(hs, (uint64_t)(path[i].pot ^ 1) + 1);
      rp_collect(&rp, path[i].pot ^ 1, path[i].cause);
    }
    hs = mix64(hs, 0xFFFF);
  } else {
    for (int i = 0; i < len; i++) {
      hs = mix64(hs, (uint64_t)path[i].pot + 1);
      rp_collect(&rp, path[i].pot, path[i].cause);
    }
    hs = mix64(hs, 0xFFFF);
  }
  h->chash = hs;
  h->rp = ch->nipot;
  h->nrp = rp.n;
  ch->nipot += rp.n;
}

/* ---- the searches from one start ----
**
** SE's doCycles keeps an OFF potential once per parent, but on a fixed grid
** an OFF potential only gives new ON potentials the first time it is
** expanded; the later copies matter only when they close the cycle, which
** only the few "closing" OFF potentials (those that force the start back
** ON) can do.  So each OFF potential is expanded once, and the closing ones
** are checked at every ON node whose path does not hold them (SE's
** isParent).  SE's doForcingChains from "start ON" explores the same graph
** in the same order, so both run in one traversal. */

typedef struct trav {
  int32_t onx[NCAND];          /* candidate -> ON snode, -1 */
  sk_bits offd[9];             /* OFF potentials already expanded, by digit */
  uint8_t qmask[2 * NCAND + 8];/* per snode: closing potentials on its path */
  int32_t touched[NCAND], ntouched;
  int32_t la[NCAND + 1], lb[NCAND + 1];   /* ON layers */
} trav;

static void trav_reset(trav *t) {
  for (int i = 0; i < t->ntouched; i++) t->onx[t->touched[i]] = -1;
  t->ntouched = 0;
  memset(t->offd, 0, sizeof t->offd);
}

static inline void trav_mark_off(trav *t, int q) {
  int c = pot_cell(q), d = pot_digit(q);
  sk_bits_set(&t->offd[d - 1], c);
}

/* Inner mode: does the link that derives 'pot' (with this cause) depend on
** candidates the outer chain removed?  A path through such a link is
** "tainted": only tainted chains can have rule parents. */
#define TAINT 0x80
static inline int affected(const sctx *x, int pot, int cause) {
  int c = pot_cell(pot), d = pot_digit(pot);
  if (cause == CA_NAKED) return x->gone_c[c] != 0;
  if (cause == CA_NONE || cause == CA_ADV) return 0;
  return x->hflag[cause_house(cause, c)][d] & HF_LOST;
}

/* inner mode: can anything from these nodes on still have rule parents? */
static int layer_alive(const sctx *x, const trav *t, const int32_t *layer, int n, const uint64_t *rel) {
  for (int i = 0; i < n; i++)
    if ((t->qmask[layer[i]] & TAINT) || set_has(rel, x->sn[layer[i]].pot >> 1)) return 1;
  return 0;
}

/* The OFF potentials ON potential u gives that were never expanded, in
** SE's order (other values of the cell, then block, row, column peers);
** they are marked as expanded (the caller expands each of them).  With
** live (by digit: the OFF potentials that give some ON potential in this
** pass), the others are only marked: they would derive nothing. */
static int fresh_off(const sctx *x, trav *t, int u, int ylinks, const sk_bits *live,
                     derived *out) {
  const cgrid *g = x->g;
  int y = pot_cell(u), f = pot_digit(u), n = 0;
  if (ylinks) {
    uint8_t taint = x->rs && x->gone_c[y];
    for (sk_mask m = g->cand[y] & (sk_mask)~SK_BIT(f); m; m &= m - 1) {
      int e = sk_mask_first(m);
      if (sk_bits_has(&t->offd[e - 1], y)) continue;
      sk_bits_set(&t->offd[e - 1], y);                 /* marked as expanded here */
      if (live && !sk_bits_has(&live[e - 1], y)) continue;
      out[n].pot = (int16_t)pot_make(y, e, 0);
      out[n].spare = taint;
      out[n++].cause = CA_NAKED;
    }
  }
  sk_bits nb = sk_bits_andnot(sk_bits_and(sk_peer_bits[y], g->dpos[f - 1]), t->offd[f - 1]);
  if (sk_bits_empty(nb)) return n;
  t->offd[f - 1] = sk_bits_or(t->offd[f - 1], nb);
  if (live) nb = sk_bits_and(nb, live[f - 1]);
  sk_bits box = sk_house_bits[sk_cell_house[y][2]];
  sk_bits in[3];
  in[0] = sk_bits_and(nb, box);
  in[1] = sk_bits_andnot(sk_bits_and(nb, sk_house_bits[sk_cell_house[y][0]]), box);
  in[2] = sk_bits_andnot(sk_bits_and(nb, sk_house_bits[sk_cell_house[y][1]]), box);
  static const uint8_t cause[3] = {CA_BLOCK, CA_ROW, CA_COL};
  static const uint8_t house[3] = {2, 0, 1};
  for (int k = 0; k < 3; k++) {
    if (sk_bits_empty(in[k])) continue;
    uint8_t taint = x->rs && (x->hflag[sk_cell_house[y][house[k]]][f] & HF_LOST);
    for (int c; (c = sk_bits_pop(&in[k])) >= 0; ) {
      out[n].pot = (int16_t)pot_make(c, f, 0);
      out[n].spare = taint;
      out[n++].cause = cause[k];
    }
  }
  return n;
}

/* where OFF potential q stands in the list ON potential u gives (SE's
** order), or -1 when u does not give it */
static int off_rank(const cgrid *g, int u, int q, int ylinks) {
  int y = pot_cell(u), f = pot_digit(u), x = pot_cell(q), e = pot_digit(q);
  if (!cg_has(g, x, e)) return -1;
  if (x == y) return ylinks && e != f ? e : -1;
  if (e != f || !sk_bits_has(&sk_peer_bits[y], x)) return -1;
  if (sk_cell_house[x][2] == sk_cell_house[y][2]) return 16 + x;
  if (sk_cell_house[x][0] == sk_cell_house[y][0]) return 128 + x;
  return 256 + x;
}

/* is OFF potential q among the OFF potentials ON potential u gives? */
static int gives_off(const cgrid *g, int u, int q, int ylinks) {
  int y = pot_cell(u), f = pot_digit(u), x = pot_cell(q), e = pot_digit(q);
  if (x == y) return ylinks && e != f && cg_has(g, x, e);
  return e == f && sk_bits_has(&sk_peer_bits[y], x) && cg_has(g, x, e);
}

/* a hint was found: hand it over (top) or list it (inner) */
static void st_hint(sctx *x, int cycle, int type, int ylinks, const snode *path, int len,
                    const sk_mask *elim, int complexity) {
  if (x->inner) inner_static_hint(x, cycle, type == ST_XYCYCLE || type == ST_XYCHAIN, ylinks,
                                  path, len, elim);
  else {
    x->found(x->ud, type, path, len, elim, complexity);
    x->best[type] = complexity;
  }
}

/* From "start ON": cycles (do_cycles) and the forcing chain to "start OFF"
** (do_chain). */
static void static_from_on(sctx *x, trav *t, int start, int ylinks, int xlinks,
                           int do_cycles, int do_chain) {
  const cgrid *g = x->g;
  int ctype = xlinks && ylinks ? ST_XYCYCLE : (ylinks ? ST_YCYCLE : ST_XCYCLE);
  int ftype = ylinks ? ST_XYCHAIN : ST_XCHAIN;
  int target = start ^ 1;
  /* the closing OFF potentials, those that give the start ON back: the
  ** links are symmetric, so they are the partners of the start */
  int close[4], nclose = 0;
  {
    derived buf[32];
    const derived *lst;
    int n = links_on(x->lk, g, start, ylinks, xlinks, buf, &lst);
    for (int i = 0; i < n && nclose < 4; i++) close[nclose++] = lst[i].pot & ~1;
  }
  if (!nclose) do_cycles = 0;
  int cyc_done = !do_cycles, chain_done = !do_chain;
  snode *sn = x->sn;
  int32_t nsn = 0;
  trav_reset(t);
  int32_t root = sn_new(sn, &nsn, start, CA_NONE, -1);
  if (root < 0) return;
  t->onx[start >> 1] = root;
  t->touched[t->ntouched++] = start >> 1;
  t->qmask[root] = 0;
  int na = 0, nb;
  t->la[na++] = root;
  int32_t *layer = t->la, *next = t->lb;
  int length = 0;
  derived buf[32], buf2[32];
  const derived *lst2;
  snode path[NPOT + 2];
  sk_mask elim[SK_CELLS];
  while (na > 0) {
    length += 2;               /* ON (length-2) -> OFF (length-1) -> ON (length) */
    int cyc_live = !cyc_done && (x->inner || length < x->best[ctype]);
    int chain_live = !chain_done && (x->inner || length < x->best[ftype]);
    if (!cyc_live && !chain_live) break;
    if (x->rs && !layer_alive(x, t, layer, na, x->rs->on)) break;
    nb = 0;
    for (int i = 0; i < na; i++) {
      int32_t u = layer[i];
      int up = sn[u].pot;
      if (chain_live && gives_off(g, up, target, ylinks)) {
        /* the forcing chain: start ON ... u ON -> start OFF */
        int n = gen_off(g, up, ylinks, buf);
        int cause = CA_NONE;
        for (int j = 0; j < n; j++) if (buf[j].pot == target) { cause = buf[j].cause; break; }
        path[0].pot = (int16_t)target;
        path[0].cause = (uint8_t)cause;
        int len = 1 + sn_path(x, u, path + 1);
        st_hint(x, 0, ftype, ylinks, path, len, NULL, length);
        chain_done = 1;
        chain_live = 0;
      }
      if (cyc_live && length >= 4) {
        /* closing potentials u gives, in the order of u's list */
        int hit[4], rank[4], nh = 0;
        for (int k = 0; k < nclose; k++) {
          if ((t->qmask[u] >> k) & 1) continue;             /* on u's path */
          int r = off_rank(g, up, close[k], ylinks);
          if (r < 0) continue;
          int at = nh++;
          for (; at > 0 && rank[at - 1] > r; at--) { rank[at] = rank[at - 1]; hit[at] = hit[at - 1]; }
          rank[at] = r;
          hit[at] = k;
        }
        for (int h = 0; h < nh && cyc_live; h++) {
          int q = close[hit[h]];
          int r = rank[h];
          /* the OFF copy (parent u) closes the cycle back to the start */
          int cause = CA_NONE;
          int n2 = links_on(x->lk, g, q, ylinks, xlinks, buf2, &lst2);
          for (int m = 0; m < n2; m++) if (lst2[m].pot == start) { cause = lst2[m].cause; break; }
          path[0].pot = (int16_t)start;
          path[0].cause = (uint8_t)cause;
          path[1].pot = (int16_t)q;
          path[1].cause = r < 16 ? CA_NAKED : r < 128 ? CA_BLOCK : r < 256 ? CA_ROW : CA_COL;
          int len = 2 + sn_path(x, u, path + 2);
          if (cycle_elims(g, path, len, elim) > 0) {
            st_hint(x, 1, ctype, ylinks, path, len, elim, length);
            if (!x->inner) { cyc_done = 1; cyc_live = 0; }
          }
        }
      }
      /* expand the OFF potentials met for the first time */
      int n = fresh_off(x, t, up, ylinks, x->live, buf);
      for (int j = 0; j < n; j++) {
        int q = buf[j].pot;
        int n2 = links_on(x->lk, g, q, ylinks, xlinks, buf2, &lst2);
        if (!n2) continue;     /* derives nothing: no node needed (a closing
                               ** potential is checked from u above) */
        int32_t o = sn_new(sn, &nsn, q, buf[j].cause, u);
        if (o < 0) return;
        int k;
        for (k = 0; k < nclose && close[k] != q; k++) ;
        t->qmask[o] = (uint8_t)(t->qmask[u] | (k < nclose ? 1 << k : 0));
        if (buf[j].spare) t->qmask[o] |= TAINT;
        for (int m = 0; m < n2; m++) {
          int w = lst2[m].pot;
          if (t->onx[w >> 1] >= 0) continue;
          int32_t wn = sn_new(sn, &nsn, w, lst2[m].cause, o);
          if (wn < 0) return;
          t->onx[w >> 1] = wn;
          t->touched[t->ntouched++] = w >> 1;
          t->qmask[wn] = t->qmask[o];
          if (x->rs && lst2[m].spare) t->qmask[wn] |= TAINT;
          next[nb++] = wn;
        }
      }
    }
    int32_t *tmp = layer; layer = next; next = tmp;
    na = nb;
  }
}

/* From "start OFF": the forcing chain to "start ON" (SE's doForcingChains
** from the OFF assumption). */
static void static_from_off(sctx *x, trav *t, int start, int ylinks) {
  const cgrid *g = x->g;
  int ftype = ylinks ? ST_XYCHAIN : ST_XCHAIN;
  int assume = start ^ 1, target = start;
  snode *sn = x->sn;
  int32_t nsn = 0;
  trav_reset(t);
  int32_t root = sn_new(sn, &nsn, assume, CA_NONE, -1);
  if (root < 0) return;
  t->qmask[root] = 0;
  trav_mark_off(t, assume);
  int32_t offl[NCAND + 1];
  int noff = 0, na, dead_alive = 0;
  offl[noff++] = root;
  int32_t *layer = t->la;
  int length = 0;              /* depth of the ON potentials being derived */
  derived buf[32], buf2[32];
  const derived *lst;
  snode path[NPOT + 2];
  while (noff > 0) {
    length += 1;
    if (!x->inner && length + 1 >= x->best[ftype]) return;
    if (x->rs && !dead_alive && !layer_alive(x, t, offl, noff, x->rs->off)) return;
    na = 0;
    for (int i = 0; i < noff; i++) {
      int32_t o = offl[i];
      int n = links_on(x->lk, g, sn[o].pot, ylinks, 1, buf, &lst);
      for (int m = 0; m < n; m++) {
        int w = lst[m].pot;
        if (w == target) {
          path[0].pot = (int16_t)w;
          path[0].cause = lst[m].cause;
          int len = 1 + sn_path(x, o, path + 1);
          st_hint(x, 0, ftype, ylinks, path, len, NULL, len);
          return;              /* the only possible target */
        }
        if (t->onx[w >> 1] >= 0) continue;
        int32_t wn = sn_new(sn, &nsn, w, lst[m].cause, o);
        if (wn < 0) return;
        t->onx[w >> 1] = wn;
        t->touched[t->ntouched++] = w >> 1;
        t->qmask[wn] = t->qmask[o];
        if (x->rs && lst[m].spare) t->qmask[wn] |= TAINT;
        layer[na++] = wn;
      }
    }
    length += 1;
    if (!x->inner && length + 1 >= x->best[ftype]) return;
    noff = 0;
    dead_alive = 0;
    for (int i = 0; i < na; i++) {
      int32_t u = layer[i];
      int n = fresh_off(x, t, sn[u].pot, ylinks, NULL, buf);
      for (int j = 0; j < n; j++) {
        int q = buf[j].pot;
        if (!links_on(x->lk, g, q, ylinks, 1, buf2, &lst)) {
          /* derives nothing: no node, but it counts for layer_alive */
          if (x->rs && ((t->qmask[u] & TAINT) || buf[j].spare || set_has(x->rs->off, q >> 1)))
            dead_alive = 1;
          continue;
        }
        int32_t o = sn_new(sn, &nsn, q, buf[j].cause, u);
        if (o < 0) return;
        t->qmask[o] = t->qmask[u];
        if (buf[j].spare) t->qmask[o] |= TAINT;
        offl[noff++] = o;
      }
    }
  }
}

/*
** As a nested rule only hints with rule parents count: a chain must use a
** link the outer chain created or changed (a bivalue cell or a house with
** two places that lost candidates), or for a cycle derive an OFF potential
** in such a cell or house.  relevant() marks the potentials from which
** such a link can be reached (a backward closure over the pass's links);
** starts outside it can only give hints without rule parents, so they are
** skipped.  (SE would still list those hints, and one could in principle
** hide a later hint with the same eliminations; on the test corpus it
** never happens: duplicates are always of hints with rule parents.)
*/
static void relevant(const sctx *x, int ylinks, int xlinks, relset *rs) {
  const cgrid *g = x->g;
  memset(rs, 0, sizeof *rs);
  int16_t stack[2 * NCAND];
  int n = 0;
  sk_bits ond[9];              /* rs->on by digit, to push only new peers */
  memset(ond, 0, sizeof ond);
  /* the tails of the links that carry rule parents */
  for (int c = 0; c < SK_CELLS; c++) {
    if (g->value[c] || !g->cand[c]) continue;
    int gone_c = x->gone_c[c] != 0;
    int biv = gone_c && ylinks && mask_count(g->cand[c]) == 2;
    for (sk_mask m = g->cand[c]; m; m &= m - 1) {
      int d = sk_mask_first(m), k = c * 9 + d - 1;
      int on_tail = ylinks && gone_c, off_tail = biv;
      for (int t = 0; t < 3; t++) {
        uint8_t f = x->hflag[sk_cell_house[c][t]][d];
        if (!(f & HF_LOST)) continue;
        on_tail = 1;                                     /* may derive an OFF there */
        if (xlinks && (f & HF_TWO)) off_tail = 1;
      }
      if (on_tail) { set_add(rs->on, k); sk_bits_set(&ond[d - 1], c); stack[n++] = (int16_t)(k * 2 + 1); }
      if (off_tail) { set_add(rs->off, k); stack[n++] = (int16_t)(k * 2); }
    }
  }
  /* backward: who can reach them */
  while (n > 0) {
    int p = stack[--n], c = pot_cell(p), d = pot_digit(p);
    if (!pot_on(p)) {
      /* ON potentials giving OFF (c,d): the cell's other values (Y), the
      ** digit's peers (X, always on in ON -> OFF) */
      if (ylinks)
        for (sk_mask m = g->cand[c] & (sk_mask)~SK_BIT(d); m; m &= m - 1) {
          int e = sk_mask_first(m), k = c * 9 + e - 1;
          if (!set_has(rs->on, k)) {
            set_add(rs->on, k);
            sk_bits_set(&ond[e - 1], c);
            stack[n++] = (int16_t)(k * 2 + 1);
          }
        }
      sk_bits pr = sk_bits_andnot(sk_bits_and(sk_peer_bits[c], g->dpos[d - 1]), ond[d - 1]);
      ond[d - 1] = sk_bits_or(ond[d - 1], pr);
      for (int y; (y = sk_bits_pop(&pr)) >= 0; ) {
        int k = y * 9 + d - 1;
        set_add(rs->on, k);
        stack[n++] = (int16_t)(k * 2 + 1);
      }
    } else {
      /* OFF potentials giving ON (c,d): its partners */
      derived buf[32];
      const derived *lst;
      int m = links_on(x->lk, g, p, ylinks, xlinks, buf, &lst);
      for (int i = 0; i < m; i++) {
        int k = lst[i].pot >> 1;
        if (!set_has(rs->off, k)) { set_add(rs->off, k); stack[n++] = (int16_t)(k * 2); }
      }
    }
  }
}

/* x->live for a pass: (cell, digit) whose OFF potential gives an ON one --
** a bivalue cell (Y links), a house with two places of the digit (X). */
static void live_links(sctx *x, int ylinks, int xlinks) {
  const cgrid *g = x->g;
  memset(x->live, 0, sizeof x->live);
  if (ylinks)
    for (int c = 0; c < SK_CELLS; c++) {
      sk_mask m = g->cand[c];
      if (g->value[c] || mask_count(m) != 2) continue;
      for (; m; m &= m - 1) sk_bits_set(&x->live[sk_mask_first(m) - 1], c);
    }
  if (xlinks)
    for (int d = 1; d <= 9; d++)
      for (int h = 0; h < SK_HOUSES; h++)
        if (two_bits(g->pm[h][d - 1]))
          x->live[d - 1] = sk_bits_or(x->live[d - 1], cg_places(g, h, d));
}

/* The whole of producer 21 on g, hints to x (top: found(); inner: x->out). */
static void static_search(sctx *x) {
  const cgrid *g = x->g;
  static const int pass[3][2] = {{0, 1}, {1, 0}, {1, 1}};     /* {ylinks, xlinks} */
  trav *t = malloc(sizeof *t);
  relset *rs = x->inner ? malloc(sizeof *rs) : NULL;
  if (!t || (x->inner && !rs)) { x->oom = 1; free(t); free(rs); return; }
  for (int k = 0; k < NCAND; k++) t->onx[k] = -1;
  t->ntouched = 0;
  if (rs) {
    for (int c = 0; c < SK_CELLS; c++) x->gone_c[c] = x->src->cand[c] & (sk_mask)~g->cand[c];
    for (int d = 0; d < 9; d++) x->gone_d[d] = sk_bits_andnot(x->src->dpos[d], g->dpos[d]);
    for (int h = 0; h < SK_HOUSES; h++)
      for (int d = 1; d <= 9; d++) {
        sk_bits lost = sk_bits_and(x->gone_d[d - 1], sk_house_bits[h]);
        x->hflag[h][d] = (uint8_t)((sk_bits_empty(lost) ? 0 : HF_LOST) |
                                   (two_bits(g->pm[h][d - 1]) ? HF_TWO : 0));
      }
  }
  sk_bits ylive[9], xlive[9];  /* see x->live: Y links, X links */
  live_links(x, 1, 0);
  memcpy(ylive, x->live, sizeof ylive);
  live_links(x, 0, 1);
  memcpy(xlive, x->live, sizeof xlive);
  x->rs = rs;
  if (rs)                      /* strong links that use candidates the chain removed */
    for (int c = 0; c < SK_CELLS; c++)
      for (sk_mask m = g->cand[c]; m; m &= m - 1) {
        int k = c * 9 + sk_mask_first(m) - 1;
        derived *on = x->lk->on[k];
        for (int i = 0; i < x->lk->nny[k] + x->lk->nnx[k]; i++)
          on[i].spare = (uint8_t)affected(x, on[i].pot, on[i].cause);
      }
  for (int k = 0; k < 3; k++) {
    int ylinks = pass[k][0], xlinks = pass[k][1];
    if (rs) relevant(x, ylinks, xlinks, rs);
    for (int d = 0; d < 9; d++)
      x->live[d] = ylinks && xlinks ? sk_bits_or(ylive[d], xlive[d]) : ylinks ? ylive[d] : xlive[d];
    for (int c = 0; c < SK_CELLS; c++) {
      if (x->oom || x->stop) goto out;
      if (x->search && x->search->host->should_stop(x->search)) { x->stop = 1; goto out; }
      if (g->value[c]) continue;
      int card = mask_count(g->cand[c]);
      if (card < 2) continue;
      if (card > 2 && !xlinks) continue;      /* Y-cycles start from bivalue cells */
      for (sk_mask m = g->cand[c]; m; m &= m - 1) {
        int d = sk_mask_first(m), k9 = c * 9 + d - 1;
        if (!rs || set_has(rs->on, k9))
          static_from_on(x, t, pot_make(c, d, 1), ylinks, xlinks, 1, xlinks);
        if (xlinks && (!rs || set_has(rs->off, k9))) static_from_off(x, t, pot_make(c, d, 1), ylinks);
      }
    }
  }
out:
  x->rs = NULL;
  free(t);
  free(rs);
}

static int sctx_init(sctx *x, const cgrid *g) {
  memset(x, 0, sizeof *x);
  x->g = g;
  for (int t = 0; t < ST_NTYPES; t++) x->best[t] = INT32_MAX;
  x->lk = links_new(g, 0);
  x->sn = malloc(SN_MAX * sizeof *x->sn);
  return x->lk && x->sn ? 0 : -1;
}

static void sctx_free(sctx *x) {
  free(x->sn);
  free(x->lk);
}

#endif
