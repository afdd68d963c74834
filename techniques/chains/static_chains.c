/*
** static_chains.c -- SE's producer 21: bidirectional cycles and forcing
** chains on a fixed grid, at the top level (static-chains) and as the
** nested rule of levels 2 and 3.
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
**
** The traversals, the tests of which starts can find anything and the
** searches that run them stay in this one unit: they are the hottest
** code of the family, and call each other from their inner loops.
*/
#include <stdio.h>
#include "chains.h"

/* potentials from which a link the outer chain affected can be reached */
typedef struct relset { uint64_t on[CWORDS], off[CWORDS]; } relset;

/* per house and digit: the outer chain removed the digit there */
enum { HF_LOST = 1 };

/* what one static search works with */
typedef struct sctx {
  const cgrid *g;
  /* top level: best of each type so far (complexity), INT32_MAX = none */
  int inner;
  int32_t best[ST_NTYPES];
  /* top level: the least difficulty emitted, and by type the largest
  ** complexity whose hints the table may still rate as low (st_bound) */
  int32_t bestd, cap[ST_NTYPES];
  int xcheck_skip;             /* SK_CHAINS_XCHECK: traversing a skipped start */
  /* inner: the outer chain's grids for rule parents, and where hints go */
  const cgrid *src;
  chainer *out;
  const relset *rs;            /* inner: see relevant() */
  int strong_only;             /* inner: see relevant() */
  struct reach *reach;         /* inner: see may_find_on() */
  sk_mask gone_c[SK_CELLS];    /* inner: candidates the outer chain removed */
  uint8_t hflag[SK_HOUSES][10];  /* inner: per house and digit, HF_* */
  /* inner, by digit: the cells of houses that lost the digit (with two
  ** places left: lost2); cells that lost a candidate (bivalue: biv_lost) */
  sk_bits lost[9], lost2[9], cell_lost, biv_lost;
  sk_bits live[9];             /* per pass: OFF potentials with an OFF -> ON link */
  sk_mask livec[SK_CELLS];     /* the same by cell */
  int seq;
  /* where a top-level hint goes */
  ch_static_found found;
  void *ud;
  /* arenas */
  snode *sn;                   /* SN_MAX nodes */
  links *lk;                           /* the grid's links */
  int oom, stop;
  const sk_search *search;     /* for should_stop(), may be NULL */
} sctx;

/* One traversal holds each potential at most once (plus the root), so the
** node arena is sized once (SN_MAX: sctx_init, sscratch) and never grows.  The
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
  ihint *h = ch_ih_new(ch);
  if (!h) return;
  h->seq = x->seq++;
  int complexity = cycle ? len - 1 : len;
  h->complexity = complexity;
  h->kind = xy ? 4 : (ylinks ? 3 : 2);
  double base = cycle ? (xy ? 7.0 : 6.5) : (xy ? 7.0 : 6.6);
  h->diff = base + ch_length_bonus(complexity);
  /* eliminations */
  h->elim = ch->nipot;
  if (cycle) {
    for (int c = 0; c < SK_CELLS; c++)
      for (sk_mask m = elim[c]; m; m &= m - 1) ch_ih_push_pot(ch, pot_make(c, sk_mask_first(m), 0));
  } else {
    int t = path[0].pot, c = pot_cell(t), d = pot_digit(t);
    if (pot_on(t)) {
      for (sk_mask m = x->g->cand[c] & (sk_mask)~SK_BIT(d); m; m &= m - 1)
        ch_ih_push_pot(ch, pot_make(c, sk_mask_first(m), 0));
    } else ch_ih_push_pot(ch, pot_make(c, d, 0));
  }
  h->nelim = ch->nipot - h->elim;
  h->ehash = ch_elim_hash(ch->ipot + h->elim, h->nelim);
  /* chains (FullChain) and rule parents, targets in SE's order */
  uint64_t hs = 0x51;
  rpctx rp;
  ch_rp_begin(&rp, ch, x->src, x->g, CA_NONE);
  if (cycle) {
    /* dstOn: path[0..len-2] (the start repeats at the end) */
    for (int i = 0; i < len - 1; i++) {
      hs = mix64(hs, (uint64_t)path[i].pot + 1);
      ch_rp_collect(&rp, path[i].pot, path[i].cause);
    }
    hs = mix64(hs, 0xFFFF);
    /* dstOff: the same path read backwards with every state flipped */
    for (int i = len - 1; i >= 1; i--) {
      hs = mix64(hs, (uint64_t)(path[i].pot ^ 1) + 1);
      ch_rp_collect(&rp, path[i].pot ^ 1, path[i].cause);
    }
    hs = mix64(hs, 0xFFFF);
  } else {
    for (int i = 0; i < len; i++) {
      hs = mix64(hs, (uint64_t)path[i].pot + 1);
      ch_rp_collect(&rp, path[i].pot, path[i].cause);
    }
    hs = mix64(hs, 0xFFFF);
  }
  h->chash = hs;
  h->rp = ch->nipot;
  h->nrp = rp.n;
  ch->nipot += rp.n;
}

/* ---- which starts can find anything (inner mode) ----
**
** From start ON a hint is found only at an ON potential u other than the
** start that gives the start's OFF (a chain) or a closing potential not on
** u's path (a cycle); from start OFF, only where an ON potential gives an
** OFF partner of the start.  Every ON potential a traversal meets can be
** reached from the start in the pass's link graph (ON -> live OFF -> ON),
** whatever the cut-offs, so a start from which no such u can be reached
** finds nothing and leaves no trace: it is skipped.  For cycles the test
** is sharper: the root expands every closing potential itself, so u's path
** holds the one first-layer OFF potential u descends from; u must be
** reachable through another one.
**
** What each ON potential reaches is worked out once per pass, on demand:
** Tarjan's components of the ON potentials, each with the union of what
** its members reach, kept by digit as cell sets so the tests are masks.
*/
typedef struct reach {
  int16_t num[NCAND], low[NCAND];     /* DFS numbers (0 = not met this pass) */
  int16_t comp[NCAND];                /* component once finished, else -1 */
  int16_t en[NCAND];                  /* successors: e[eoff .. eoff+en) */
  int32_t eoff[NCAND];
  int16_t stk[NCAND], fv[NCAND], fi[NCAND];   /* Tarjan's stack, DFS frames */
  int16_t mark[NCAND];                /* per component: last OR-ed into */
  int16_t idx, ncomp;
  int32_t ne, ecap;
  int16_t *e;
  sk_bits cl[NCAND][9];               /* per component: what it reaches */
  sk_bits (*ncl)[9];                  /* per component, when kept: the OFF
                                      ** potentials what it reaches gives */
  const sk_bits *tail;                /* when kept: see xy_flags() */
  uint8_t rel[NCAND];                 /* per component: reaches tail */
  uint8_t big[NCAND];                 /* per component: more than one member */
  uint8_t ylinks, xlinks;             /* the pass whose links it follows */
} reach;

/* forget the previous pass; follow this one's links */
static void reach_reset(reach *R, int ylinks, int xlinks) {
  memset(R->num, 0, sizeof R->num);
  R->ylinks = (uint8_t)ylinks;
  R->xlinks = (uint8_t)xlinks;
  R->idx = R->ncomp = 0;
  R->ne = 0;
}

/* the ON partners of OFF candidate k in this pass (links_on) */
static inline const derived *partners(const links *L, int k, int ylinks, int xlinks, int *n) {
  *n = (ylinks ? L->nny[k] : 0) + (xlinks ? L->nnx[k] : 0);
  return L->on[k] + (ylinks ? 0 : L->nny[k]);
}

/* the successors of ON candidate v: the partners of the live OFF
** potentials it gives */
static int reach_edges(const sctx *x, reach *R, int v, int ylinks, int xlinks) {
  if (R->ne + 28 * 4 > R->ecap) {
    int32_t n = R->ecap ? R->ecap * 2 : 4096;
    int16_t *q = realloc(R->e, (size_t)n * sizeof *q);
    if (!q) return -1;
    R->e = q;
    R->ecap = n;
  }
  const cgrid *g = x->g;
  int y = v / 9, f = v % 9 + 1, n = 0, m;
  int16_t *out = R->e + R->ne;
  if (ylinks)
    for (sk_mask o = g->cand[y] & (sk_mask)~SK_BIT(f); o; o &= o - 1) {
      int e = sk_mask_first(o);
      if (!sk_bits_has(&x->live[e - 1], y)) continue;
      const derived *l = partners(x->lk, y * 9 + e - 1, ylinks, xlinks, &m);
      for (int i = 0; i < m; i++) out[n++] = (int16_t)(l[i].pot >> 1);
    }
  sk_bits nb = sk_bits_and(sk_bits_and(sk_peer_bits[y], g->dpos[f - 1]), x->live[f - 1]);
  for (int c; (c = sk_bits_pop(&nb)) >= 0; ) {
    const derived *l = partners(x->lk, c * 9 + f - 1, ylinks, xlinks, &m);
    for (int i = 0; i < m; i++) out[n++] = (int16_t)(l[i].pot >> 1);
  }
  R->eoff[v] = R->ne;
  R->en[v] = (int16_t)n;
  R->ne += n;
  return 0;
}

static int reach_open(const sctx *x, reach *R, int v, int ylinks, int xlinks, int *ns, int *nf) {
  R->num[v] = R->low[v] = ++R->idx;
  R->comp[v] = -1;
  R->stk[(*ns)++] = (int16_t)v;
  R->fv[*nf] = (int16_t)v;
  R->fi[(*nf)++] = 0;
  return reach_edges(x, R, v, ylinks, xlinks);
}

/* add to n (by digit) the OFF potentials ON candidate k gives: the
** digit's peers, and with Y links the cell's other candidates */
static void gives_of(const cgrid *g, int k, int ylinks, sk_bits *n) {
  int c = k / 9, d = k % 9;
  n[d] = sk_bits_or(n[d], sk_bits_and(sk_peer_bits[c], g->dpos[d]));
  if (ylinks)
    for (sk_mask o = g->cand[c] & (sk_mask)~SK_BIT(d + 1); o; o &= o - 1)
      sk_bits_set(&n[sk_mask_first(o) - 1], c);
}

/* v roots a component: its members are stk[*ns..] down to v */
static void reach_close(const sctx *x, reach *R, int v, int *ns, int ylinks) {
  int id = R->ncomp++, top = *ns, m;
  sk_bits *cl = R->cl[id], *nc = R->ncl ? R->ncl[id] : NULL;
  int rel = 0;
  memset(cl, 0, 9 * sizeof *cl);
  if (nc) memset(nc, 0, 9 * sizeof *nc);
  do {
    m = R->stk[--*ns];
    R->comp[m] = (int16_t)id;
    R->mark[id] = (int16_t)id;
    sk_bits_set(&cl[m % 9], m / 9);
    if (nc) gives_of(x->g, m, ylinks, nc);
    if (R->tail) rel |= sk_bits_has(&R->tail[m % 9], m / 9);
  } while (m != v);
  R->big[id] = top - *ns > 1;
  for (int i = *ns; i < top; i++) {
    const int16_t *e = R->e + R->eoff[R->stk[i]];
    for (int j = 0; j < R->en[R->stk[i]]; j++) {
      int c = R->comp[e[j]];
      if (R->mark[c] == id) continue;
      R->mark[c] = (int16_t)id;
      for (int d = 0; d < 9; d++) cl[d] = sk_bits_or(cl[d], R->cl[c][d]);
      if (nc)
        for (int d = 0; d < 9; d++) nc[d] = sk_bits_or(nc[d], R->ncl[c][d]);
      rel |= R->rel[c];
    }
  }
  R->rel[id] = (uint8_t)rel;
}

/* what ON candidate s reaches (itself included), by digit; NULL when out
** of memory */
static const sk_bits *reach_of(const sctx *x, reach *R, int s, int ylinks, int xlinks) {
  if (R->num[s]) return R->cl[R->comp[s]];
  int ns = 0, nf = 0;
  if (reach_open(x, R, s, ylinks, xlinks, &ns, &nf)) return NULL;
  while (nf > 0) {
    int v = R->fv[nf - 1];
    if (R->fi[nf - 1] < R->en[v]) {
      int w = R->e[R->eoff[v] + R->fi[nf - 1]++];
      if (!R->num[w]) {
        if (reach_open(x, R, w, ylinks, xlinks, &ns, &nf)) return NULL;
      } else if (R->comp[w] < 0 && R->num[w] < R->low[v]) R->low[v] = R->num[w];
      continue;
    }
    nf--;
    if (R->low[v] == R->num[v]) reach_close(x, R, v, &ns, ylinks);
    if (nf > 0 && R->low[v] < R->low[R->fv[nf - 1]]) R->low[R->fv[nf - 1]] = R->low[v];
  }
  return R->cl[R->comp[s]];
}

/* A target of the tests: OFF candidate (cell, digit) and the ON
** potentials that give it (gives_off), the start left out: the digit's
** peers of the cell, and with Y links the cell's other candidates. */
typedef struct tgt { sk_bits see; int plane, cell; sk_mask ydig; } tgt;

static void tgt_make(const cgrid *g, tgt *t, int k, int ylinks, int skip) {
  int c = k / 9, d = k % 9 + 1;
  t->see = sk_peer_bits[c];
  t->plane = d - 1;
  t->cell = c;
  t->ydig = ylinks ? g->cand[c] & (sk_mask)~SK_BIT(d) : 0;
  if (skip < 0) return;
  if (skip % 9 == d - 1) sk_bits_clear(&t->see, skip / 9);
  if (skip / 9 == c) t->ydig &= (sk_mask)~SK_BIT(skip % 9 + 1);
}

/* does set u (by digit) hold an ON potential that gives t? */
static inline int tgt_hit(const tgt *t, const sk_bits *u) {
  const sk_bits *p = &u[t->plane];
  if ((p->w[0] & t->see.w[0]) | (p->w[1] & t->see.w[1])) return 1;
  for (sk_mask o = t->ydig; o; o &= o - 1)
    if (sk_bits_has(&u[sk_mask_first(o) - 1], t->cell)) return 1;
  return 0;
}

/* is OFF potential q among the OFF potentials ON potential u gives? */
static int gives_off(const cgrid *g, int u, int q, int ylinks) {
  int y = pot_cell(u), f = pot_digit(u), x = pot_cell(q), e = pot_digit(q);
  if (x == y) return ylinks && e != f && cg_has(g, x, e);
  return e == f && sk_bits_has(&sk_peer_bits[y], x) && cg_has(g, x, e);
}

/* does the cycle start ON k -> q OFF -> w ON -> c OFF -> start remove
** anything?  cycle_elims on these four candidates: one outside their
** cells that sees an ON one (k, w) and an OFF one (q, c) of its digit */
static int short_cycle_elims(const cgrid *g, int k, int q, int w, int c) {
  sk_bits cells = {{0, 0}};
  sk_bits_set(&cells, k / 9);
  sk_bits_set(&cells, q / 9);
  sk_bits_set(&cells, w / 9);
  sk_bits_set(&cells, c / 9);
  int on[2] = {k, w}, off[2] = {q, c};
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++) {
      int d = on[i] % 9;
      if (off[j] % 9 != d) continue;
      sk_bits see = sk_bits_and(sk_peer_bits[on[i] / 9], sk_peer_bits[off[j] / 9]);
      if (!sk_bits_empty(sk_bits_andnot(sk_bits_and(see, g->dpos[d]), cells))) return 1;
    }
  return 0;
}

/* leave the ON potentials of fl (by digit) out of target t's givers */
static void tgt_cut(tgt *t, const sk_bits *fl) {
  t->see = sk_bits_andnot(t->see, fl[t->plane]);
  for (sk_mask o = t->ydig; o; o &= o - 1)
    if (sk_bits_has(&fl[sk_mask_first(o) - 1], t->cell)) t->ydig &= (sk_mask)~(o & -o);
}

/*
** Can the traversal from start ON (candidate k) find anything?  Its first
** ON layer (depth 1) is every partner w != k of the OFF potentials q the
** root gives.  A quick test first: can some w reach, itself included, an
** ON potential that gives a target: k's OFF (a chain) or a closing
** potential other than w's q (a cycle)?  Returns 0 when not.  Then the
** sharp one, 2 when it passes: a hint is found either at a w -- a chain
** when w gives k's OFF, a cycle k -> q -> w -> closing potential when
** that cycle removes something (most of them do not: they are tested here
** exactly as the traversal would) -- or deeper, at an ON potential that
** some w reaches and that is not in the first layer.  R may follow the
** links of a larger pass (pass XY's for the others: what a w reaches in
** pass X or Y, it reaches in pass XY).
*/
static int may_find_on_level(const sctx *x, reach *R, int k, int ylinks, int xlinks, int do_chain) {
  const cgrid *g = x->g;
  int c = k / 9, d = k % 9 + 1, nclose = 0, m;
  /* the live OFF potentials the root gives: Y part, then X part */
  int q[28], nq = 0;
  if (ylinks)
    for (sk_mask o = g->cand[c] & x->livec[c] & (sk_mask)~SK_BIT(d); o; o &= o - 1)
      q[nq++] = c * 9 + sk_mask_first(o) - 1;
  sk_bits nb = sk_bits_and(sk_bits_and(sk_peer_bits[c], g->dpos[d - 1]), x->live[d - 1]);
  for (int y; (y = sk_bits_pop(&nb)) >= 0; ) q[nq++] = y * 9 + d - 1;
  /* the first layer: each w with the q it comes from */
  int16_t fw[28 * 4], fq[28 * 4];
  int nw = 0;
  for (int i = 0; i < nq; i++) {
    const derived *l = partners(x->lk, q[i], ylinks, xlinks, &m);
    for (int j = 0; j < m; j++) {
      int w = l[j].pot >> 1;
      if (w == k) continue;
      fw[nw] = (int16_t)w;
      fq[nw++] = (int16_t)q[i];
    }
  }
  if (!nw) return 0;
  /* targets: the start's OFF (t[0], a chain), the closing potentials */
  int close[5];
  tgt t[5];
  const derived *cl = partners(x->lk, k, ylinks, xlinks, &nclose);
  close[0] = k;
  tgt_make(g, &t[0], k, ylinks, k);
  for (int h = 0; h < nclose; h++) {
    close[h + 1] = cl[h].pot >> 1;
    tgt_make(g, &t[h + 1], close[h + 1], ylinks, k);
  }
  /* the components the w are in, each with the one q it is reached from
  ** (-1: several); the quick test on each as it comes */
  int cid[28 * 4], cq[28 * 4], nc = 0, hit = 0;
  for (int i = 0; i < nw; i++) {
    if (!reach_of(x, R, fw[i], R->ylinks, R->xlinks)) return 2;
    int id = R->comp[fw[i]], a = 0;
    while (a < nc && cid[a] != id) a++;
    if (a == nc) {
      cid[nc] = id;
      cq[nc++] = fq[i];
    } else if (cq[a] != fq[i] && cq[a] >= 0) cq[a] = -1;
    else continue;
    for (int h = !do_chain; h <= nclose && !hit; h++)
      hit = close[h] != cq[a] && tgt_hit(&t[h], R->cl[id]);
  }
  if (!hit) return 0;
  /* at the first layer (by digit) */
  sk_bits fl[9];
  memset(fl, 0, sizeof fl);
  for (int i = 0; i < nw; i++) sk_bits_set(&fl[fw[i] % 9], fw[i] / 9);
  if (do_chain && tgt_hit(&t[0], fl)) return 2;
  for (int h = 1; h <= nclose; h++)
    if (tgt_hit(&t[h], fl))
      for (int i = 0; i < nw; i++)
        if (fq[i] != close[h] && gives_off(g, fw[i] * 2 + 1, close[h] * 2, ylinks) &&
            short_cycle_elims(g, k, fq[i], fw[i], close[h]))
          return 2;
  /* deeper: the givers of the targets outside the first layer */
  for (int h = 0; h <= nclose; h++) tgt_cut(&t[h], fl);
  for (int a = 0; a < nc; a++)
    for (int h = !do_chain; h <= nclose; h++)
      if (close[h] != cq[a] && tgt_hit(&t[h], R->cl[cid[a]])) return 2;
  return 1;
}

/* can the traversal from start ON k find anything?  (R: see above) */
static int may_find_on(const sctx *x, reach *R, int k, int ylinks, int xlinks, int do_chain) {
  return may_find_on_level(x, R, k, ylinks, xlinks, do_chain) == 2;
}

/*
** Pass XY's facts about every start at once.
**
** relon: relevant()'s ON set.  relevant() is a backward closure from the
** tails: an ON potential is in it when what it reaches (reach) holds a
** tail, ON, or an ON potential that gives an OFF tail.  reach keeps that
** per component (rel, from tail = those potentials); a start's reach is
** itself and what its first layer reaches -- the partners w of the live
** OFF potentials it gives -- so the set is the tail and the potentials
** that give a partner of a w whose component has rel.
**
** chain: may_find_on's chain test, exact for the starts without
** partners, which have no closing potentials: start k finds a chain when
** a w of its first layer reaches an ON potential that gives k's OFF, so
** the starts found from w are those that give a partner of w and are
** given by what w reaches (reach's ncl), w itself left out.
**
** Returns -1 out of memory.
*/
static int xy_flags(const sctx *x, reach *R, sk_bits *chain, sk_bits *relon) {
  const cgrid *g = x->g;
  memset(chain, 0, 9 * sizeof *chain);
  memcpy(relon, R->tail, 9 * sizeof *relon);
  for (int d = 0; d < 9; d++)
    for (sk_bits b = x->live[d]; ; ) {          /* every candidate with partners */
      int c = sk_bits_pop(&b);
      if (c < 0) break;
      int w = c * 9 + d, m;
      if (!reach_of(x, R, w, 1, 1)) return -1;
      const sk_bits *nc = R->ncl[R->comp[w]];
      int rel = R->rel[R->comp[w]];
      const derived *l = partners(x->lk, w, 1, 1, &m);
      for (int i = 0; i < m; i++) {
        /* the starts that give partner p: its digit's peers, its cell */
        int p = l[i].pot >> 1, pc = p / 9, pd = p % 9;
        sk_bits hit = sk_bits_and(nc[pd], sk_peer_bits[pc]);
        if (pd == d) sk_bits_clear(&hit, c);                   /* not w itself */
        chain[pd] = sk_bits_or(chain[pd], hit);
        if (rel) relon[pd] = sk_bits_or(relon[pd], sk_bits_and(g->dpos[pd], sk_peer_bits[pc]));
        for (sk_mask o = g->cand[pc] & (sk_mask)~SK_BIT(pd + 1); o; o &= o - 1) {
          int e = sk_mask_first(o) - 1;
          if (sk_bits_has(&nc[e], pc) && pc * 9 + e != w) sk_bits_set(&chain[e], pc);
          if (rel) sk_bits_set(&relon[e], pc);
        }
      }
    }
  return 0;
}

/* relevant()'s tails of digit d+1 in a pass: the links that carry rule
** parents.  ON potentials that may derive an OFF one in a cell or house
** that lost candidates (none when strong_only), OFF potentials with a
** strong link there. */
static inline void rel_tails(const sctx *x, int d, int ylinks, int xlinks, sk_bits *on, sk_bits *off) {
  const cgrid *g = x->g;
  sk_bits o = {{0, 0}};
  *on = o;
  if (!x->strong_only)
    *on = sk_bits_and(g->dpos[d], ylinks ? sk_bits_or(x->lost[d], x->cell_lost) : x->lost[d]);
  if (xlinks) o = x->lost2[d];
  if (ylinks) o = sk_bits_or(o, x->biv_lost);
  *off = sk_bits_and(g->dpos[d], o);
}

/* pass XY's tails for xy_flags(): relevant()'s OFF tails (off), and in
** tail its ON tails and the ON potentials that give an OFF tail */
static void xy_tails(const sctx *x, sk_bits *tail, sk_bits *off) {
  const cgrid *g = x->g;
  for (int d = 0; d < 9; d++) rel_tails(x, d, 1, 1, &tail[d], &off[d]);
  for (int d = 0; d < 9; d++)
    for (sk_bits b = off[d]; ; ) {
      int c = sk_bits_pop(&b);
      if (c < 0) break;
      gives_of(g, c * 9 + d, 1, tail);
    }
}

/* relevant() of pass XY from xy_flags(): relon, and the OFF potentials
** that are a tail (off) or a partner of one in relon */
static void xy_relset(const sctx *x, const sk_bits *relon, const sk_bits *off, relset *rs) {
  memset(rs, 0, sizeof *rs);
  for (int d = 0; d < 9; d++)
    for (sk_bits b = relon[d]; ; ) {
      int c = sk_bits_pop(&b);
      if (c < 0) break;
      set_add(rs->on, c * 9 + d);
    }
  for (int d = 0; d < 9; d++)
    for (sk_bits b = x->live[d]; ; ) {
      int c = sk_bits_pop(&b), m;
      if (c < 0) break;
      int q = c * 9 + d, in = sk_bits_has(&off[d], c);
      const derived *l = partners(x->lk, q, 1, 1, &m);
      for (int i = 0; i < m && !in; i++) in = set_has(rs->on, l[i].pot >> 1);
      if (in) set_add(rs->off, q);
    }
}

/* can the traversal from start OFF (candidate k) find anything? */
static int may_find_off(const sctx *x, reach *R, int k, int ylinks) {
  int np;
  const derived *p = partners(x->lk, k, ylinks, 1, &np);
  tgt t[4];
  for (int h = 0; h < np; h++) tgt_make(x->g, &t[h], p[h].pot >> 1, ylinks, -1);
  for (int j = 0; j < np; j++) {
    const sk_bits *r = reach_of(x, R, p[j].pot >> 1, ylinks, 1);
    if (!r) return 1;
    for (int h = 0; h < np; h++)
      if (tgt_hit(&t[h], r)) return 1;
  }
  return 0;
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
  uint64_t onv[CWORDS];        /* candidates whose ON potential has a node */
  sk_bits offd[9];             /* OFF potentials already expanded, by digit */
  uint8_t qmask[2 * NCAND + 8];/* per snode: closing potentials on its path */
  int32_t la[NCAND + 1], lb[NCAND + 1];   /* ON layers */
} trav;

static void trav_reset(trav *t) {
  memset(t->onv, 0, sizeof t->onv);
  memset(t->offd, 0, sizeof t->offd);
}

static inline void trav_mark_off(trav *t, int q) {
  int c = pot_cell(q), d = pot_digit(q);
  sk_bits_set(&t->offd[d - 1], c);
}

/* Inner mode: a path through a link that depends on candidates the outer
** chain removed (a strong link marked by inner_setup, a weak link in a
** cell or house that lost some) is "tainted": only tainted chains can have
** rule parents.  The mark in qmask: */
#define TAINT 0x80

/* inner mode: can anything from these nodes on still have rule parents? */
static int layer_alive(const sctx *x, const trav *t, const int32_t *layer, int n, const uint64_t *rel) {
  for (int i = 0; i < n; i++)
    if ((t->qmask[layer[i]] & TAINT) || set_has(rel, x->sn[layer[i]].pot >> 1)) return 1;
  return 0;
}

/* Inner mode: can a node of this layer, or one derived from it, still
** give a hint?  The tests of may_find_on, node by node: u's descendants
** are among what u reaches, and a closing potential on u's path is on
** theirs.  When none can, the traversal would find nothing more. */
static int layer_may_find(const sctx *x, const trav *t, const int32_t *layer, int n,
                          const tgt *tg, int nclose, int chain, int cyc, int ylinks, int xlinks) {
  for (int i = 0; i < n; i++) {
    int32_t u = layer[i];
    const sk_bits *r = reach_of(x, x->reach, x->sn[u].pot >> 1, ylinks, xlinks);
    if (!r || (chain && tgt_hit(&tg[0], r))) return 1;
    if (cyc)
      for (int h = 0; h < nclose; h++)
        if (!((t->qmask[u] >> h) & 1) && tgt_hit(&tg[h + 1], r)) return 1;
  }
  return 0;
}

/* The OFF potentials ON potential u gives that were never expanded, in
** SE's order (other values of the cell, then block, row, column peers);
** they are marked as expanded (the caller expands each of them).  With
** live_only, only those that give some ON potential in this pass
** (x->live): the others would derive nothing, and are not even marked. */
static int fresh_off(const sctx *x, trav *t, int u, int ylinks, int live_only, derived *out) {
  const cgrid *g = x->g;
  int y = pot_cell(u), f = pot_digit(u), n = 0;
  if (ylinks) {
    uint8_t taint = x->rs && !x->strong_only && x->gone_c[y];
    sk_mask m = g->cand[y] & (sk_mask)~SK_BIT(f);
    if (live_only) m &= x->livec[y];
    for (; m; m &= m - 1) {
      int e = sk_mask_first(m);
      if (sk_bits_has(&t->offd[e - 1], y)) continue;
      sk_bits_set(&t->offd[e - 1], y);                 /* marked as expanded here */
      out[n].pot = (int16_t)pot_make(y, e, 0);
      out[n].spare = taint;
      out[n++].cause = CA_NAKED;
    }
  }
  sk_bits nb = sk_bits_andnot(sk_bits_and(sk_peer_bits[y], live_only ? x->live[f - 1] : g->dpos[f - 1]),
                              t->offd[f - 1]);
  if (sk_bits_empty(nb)) return n;
  t->offd[f - 1] = sk_bits_or(t->offd[f - 1], nb);
  sk_bits box = sk_house_bits[sk_cell_house[y][2]];
  sk_bits in[3];
  in[0] = sk_bits_and(nb, box);
  in[1] = sk_bits_andnot(sk_bits_and(nb, sk_house_bits[sk_cell_house[y][0]]), box);
  in[2] = sk_bits_andnot(sk_bits_and(nb, sk_house_bits[sk_cell_house[y][1]]), box);
  static const uint8_t cause[3] = {CA_BLOCK, CA_ROW, CA_COL};
  static const uint8_t house[3] = {2, 0, 1};
  for (int k = 0; k < 3; k++) {
    if (sk_bits_empty(in[k])) continue;
    uint8_t taint = x->rs && !x->strong_only && (x->hflag[sk_cell_house[y][house[k]]][f] & HF_LOST);
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

/*
** The engine keeps the hint of least difficulty (ties by order, then the
** first emitted), and the kinds have different bases (6.5 to 7.0 in SE's
** table): once a hint is emitted, a traversal may stop where every hint it
** could still find is rated above it -- most steps that have an X-cycle
** need no pass XY at all.  The bound comes from the table (host
** difficulty): for each kind, the largest complexity whose hints may tie
** or beat the least difficulty emitted, found by halving, as the bound
** grows with the complexity.
*/
#define ST_CAP_MAX (1 << 16)   /* beyond any complexity of a static chain */

static void st_bound(sctx *x, int type, int complexity, int len) {
  if (!x->search) return;
  const sk_search *s = x->search;
  int32_t fig[SK_FIG_COUNT] = {0};
  fig[SK_FIG_TYPE] = type;
  fig[SK_FIG_COMPLEXITY] = complexity;
  fig[SK_FIG_LENGTH] = len;
  int32_t d = s->host->difficulty(s, fig, 0);
  if (d < 0 || d >= x->bestd) return;
  x->bestd = d;
  uint32_t grow = ((1u << SK_FIG_COUNT) - 1) & ~(1u << SK_FIG_TYPE);
  for (int t = 1; t < ST_NTYPES; t++) {
    memset(fig, 0, sizeof fig);
    fig[SK_FIG_TYPE] = t;
    fig[SK_FIG_COMPLEXITY] = ST_CAP_MAX;
    if (s->host->difficulty(s, fig, grow) <= d) { x->cap[t] = INT32_MAX; continue; }
    int lo = -1, hi = ST_CAP_MAX;      /* bound(lo) <= d < bound(hi) */
    while (hi - lo > 1) {
      int mid = lo + (hi - lo) / 2;
      fig[SK_FIG_COMPLEXITY] = mid;
      if (s->host->difficulty(s, fig, grow) <= d) lo = mid;
      else hi = mid;
    }
    x->cap[t] = lo;
  }
}

/* a hint was found: hand it over (top) or list it (inner) */
static void st_hint(sctx *x, int cycle, int type, int ylinks, const snode *path, int len,
                    const sk_mask *elim, int complexity) {
  if (x->inner) inner_static_hint(x, cycle, type == ST_XYCYCLE || type == ST_XYCHAIN, ylinks,
                                  path, len, elim);
  else {
#ifdef SK_CHAINS_XCHECK
    if (x->xcheck_skip) {
      fprintf(stderr, "chains.so: a start the static tests skipped finds a hint (type %d)\n", type);
      abort();
    }
#endif
    x->found(x->ud, type, path, len, elim, complexity);
    x->best[type] = complexity;
    st_bound(x, type, complexity, len);
  }
}

/* top level: can a hint of the type at this complexity (or more) win? */
static inline int st_open(const sctx *x, int type, int complexity) {
  return complexity < x->best[type] && complexity <= x->cap[type];
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
  tgt tg[5];                   /* inner: what may_find_on tests */
  if (x->reach) {
    tgt_make(g, &tg[0], start >> 1, ylinks, start >> 1);
    for (int h = 0; h < nclose; h++) tgt_make(g, &tg[h + 1], close[h] >> 1, ylinks, start >> 1);
  }
  snode *sn = x->sn;
  int32_t nsn = 0;
  trav_reset(t);
  int32_t root = sn_new(sn, &nsn, start, CA_NONE, -1);
  if (root < 0) return;
  set_add(t->onv, start >> 1);
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
    int cyc_live = !cyc_done && (x->inner || st_open(x, ctype, length));
    int chain_live = !chain_done && (x->inner || st_open(x, ftype, length));
    if (!cyc_live && !chain_live) break;
    if (x->rs && !layer_alive(x, t, layer, na, x->rs->on)) break;
    if (x->reach && length >= 4 &&
        !layer_may_find(x, t, layer, na, tg, nclose, chain_live, cyc_live, ylinks, xlinks))
      break;
    nb = 0;
    for (int i = 0; i < na; i++) {
      int32_t u = layer[i];
      int up = sn[u].pot;
      if (chain_live && gives_off(g, up, target, ylinks)) {
        /* the forcing chain: start ON ... u ON -> start OFF */
        int n = ch_gen_off(g, up, ylinks, buf);
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
      int n = fresh_off(x, t, up, ylinks, 1, buf);
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
          if (set_has(t->onv, w >> 1)) continue;
          int32_t wn = sn_new(sn, &nsn, w, lst2[m].cause, o);
          if (wn < 0) return;
          set_add(t->onv, w >> 1);
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
    if (!x->inner && !st_open(x, ftype, length + 1)) return;
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
        if (set_has(t->onv, w >> 1)) continue;
        int32_t wn = sn_new(sn, &nsn, w, lst[m].cause, o);
        if (wn < 0) return;
        set_add(t->onv, w >> 1);
        t->qmask[wn] = t->qmask[o];
        if (x->rs && lst[m].spare) t->qmask[wn] |= TAINT;
        layer[na++] = wn;
      }
    }
    length += 1;
    if (!x->inner && !st_open(x, ftype, length + 1)) return;
    noff = 0;
    dead_alive = 0;
    for (int i = 0; i < na; i++) {
      int32_t u = layer[i];
      int n = fresh_off(x, t, sn[u].pot, ylinks, 0, buf);
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
**
** strong_only (chainer.src_bare): the outer search's grid src has no
** producer-21 hint and no open cell with one candidate.  Then every hint
** on the reduced grid takes a strong link src lacks (a bivalue cell or a
** house with two places that lost candidates), so only those are tails,
** and only they taint a path.  Else the hint's chain holds on src too: a
** forcing chain from start ON to its OFF (or OFF to ON) would be found on
** src from the same start, which src's search did not; and each
** elimination x of a cycle is itself a forcing chain on src, from x ON to
** the cycle's node x sees, round the loop the other way to the node of the
** other kind x sees, to x OFF (x's cell has two candidates in src, so x is
** a start there).  It also means no hint lacks rule parents.
*/
static void relevant(const sctx *x, int ylinks, int xlinks, relset *rs) {
  const cgrid *g = x->g;
  memset(rs, 0, sizeof *rs);
  int16_t stack[2 * NCAND];
  int n = 0;
  sk_bits ond[9];              /* rs->on by digit, to push only new peers */
  memset(ond, 0, sizeof ond);
  for (int d = 0; d < 9; d++) {
    sk_bits on, off;
    rel_tails(x, d, ylinks, xlinks, &on, &off);
    ond[d] = on;
    for (int c; (c = sk_bits_pop(&on)) >= 0; ) {
      set_add(rs->on, c * 9 + d);
      if (sk_bits_has(&x->live[d], c)) stack[n++] = (int16_t)((c * 9 + d) * 2 + 1);
    }
    for (int c; (c = sk_bits_pop(&off)) >= 0; ) {
      set_add(rs->off, c * 9 + d);
      stack[n++] = (int16_t)((c * 9 + d) * 2);
    }
  }
  /* backward: who can reach them (an ON potential is pushed only when
  ** live: the others have no partners) */
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
            if (x->livec[c] & SK_BIT(e)) stack[n++] = (int16_t)(k * 2 + 1);
          }
        }
      sk_bits pr = sk_bits_andnot(sk_bits_and(sk_peer_bits[c], g->dpos[d - 1]), ond[d - 1]);
      ond[d - 1] = sk_bits_or(ond[d - 1], pr);
      for (int y; (y = sk_bits_pop(&pr)) >= 0; ) {
        int k = y * 9 + d - 1;
        set_add(rs->on, k);
        if (sk_bits_has(&x->live[d - 1], y)) stack[n++] = (int16_t)(k * 2 + 1);
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

/* inner mode: mark candidate k's strong link to pot (this cause) as one
** that uses candidates the outer chain removed (spare: see TAINT) */
static void mark_link(links *L, int k, int pot, int cause) {
  derived *on = L->on[k];
  for (int i = 0; i < L->nny[k] + L->nnx[k]; i++)
    if (on[i].pot == pot && on[i].cause == cause) on[i].spare = 1;
}

/* Inner mode: what the outer chain removed, per cell and per house, and
** the strong links that use those candidates (in a bivalue cell that lost
** some, in a house that lost the digit), found from the removals. */
static void inner_setup(sctx *x) {
  const cgrid *g = x->g, *src = x->src;
  links *L = x->lk;
  static const uint8_t cause[3] = {CA_ROW, CA_COL, CA_BLOCK};   /* by sk_cell_house */
  uint32_t hl[9];              /* by digit: the houses that lost it (bit h) */
  memset(hl, 0, sizeof hl);
  memset(x->hflag, 0, sizeof x->hflag);
  memset(x->lost, 0, sizeof x->lost);
  memset(x->lost2, 0, sizeof x->lost2);
  memset(&x->cell_lost, 0, sizeof x->cell_lost);
  memset(&x->biv_lost, 0, sizeof x->biv_lost);
  for (int c = 0; c < SK_CELLS; c++) {
    sk_mask gone = src->cand[c] & (sk_mask)~g->cand[c], m = g->cand[c];
    x->gone_c[c] = gone;
    if (!gone) continue;
    sk_bits_set(&x->cell_lost, c);
    if (two_bits(m)) {
      sk_bits_set(&x->biv_lost, c);
      L->on[c * 9 + sk_mask_first(m) - 1][0].spare = 1;           /* the Y links */
      L->on[c * 9 + sk_mask_first(m & (sk_mask)(m - 1)) - 1][0].spare = 1;
    }
    uint32_t hs = 1u << sk_cell_house[c][0] | 1u << sk_cell_house[c][1] | 1u << sk_cell_house[c][2];
    for (; gone; gone &= gone - 1) hl[sk_mask_first(gone) - 1] |= hs;
  }
  /* the houses that lost each digit and their strong links (marking a
  ** link twice or in another order changes nothing) */
  for (int d = 1; d <= 9; d++)
    for (uint32_t hs = hl[d - 1]; hs; hs &= hs - 1) {
      int h = __builtin_ctz(hs), t = h / 9;
      x->hflag[h][d] |= HF_LOST;
      x->lost[d - 1] = sk_bits_or(x->lost[d - 1], sk_house_bits[h]);
      unsigned pm = g->pm[h][d - 1];
      if (!two_bits(pm)) continue;
      x->lost2[d - 1] = sk_bits_or(x->lost2[d - 1], sk_house_bits[h]);
      int a = sk_house_cell[h][__builtin_ctz(pm)], b = sk_house_cell[h][__builtin_ctz(pm & (pm - 1))];
      mark_link(L, a * 9 + d - 1, pot_make(b, d, 1), cause[t]);
      mark_link(L, b * 9 + d - 1, pot_make(a, d, 1), cause[t]);
    }
}

/* x->live for a pass: Y links, X links or both */
static void set_live(sctx *x, int ylinks, int xlinks) {
  const sk_bits *ylive = x->lk->ylive, *xlive = x->lk->xlive;
  memset(x->livec, 0, sizeof x->livec);
  for (int d = 0; d < 9; d++) {
    x->live[d] = ylinks && xlinks ? sk_bits_or(ylive[d], xlive[d]) : ylinks ? ylive[d] : xlive[d];
    for (sk_bits b = x->live[d]; ; ) {
      int c = sk_bits_pop(&b);
      if (c < 0) break;
      x->livec[c] |= SK_BIT(d + 1);
    }
  }
}

/* how many live OFF potentials "(c, d+1) ON" gives in pass XY */
static int live_given(const sctx *x, int c, int d) {
  sk_bits nb = sk_bits_and(sk_bits_and(sk_peer_bits[c], x->g->dpos[d]), x->live[d]);
  return mask_count(x->g->cand[c] & x->livec[c] & (sk_mask)~SK_BIT(d + 1)) +
         pop64(nb.w[0]) + pop64(nb.w[1]);
}

/*
** Pass XY's tests on words.  The ON potentials of the reach graph are the
** live candidates (those with partners): on the reduced grids of a nested
** level usually a few dozen.  When there are at most 64, each gets a bit,
** a set of them is a word, and what each reaches (itself included) is a
** word from a bit-parallel transitive closure; a target's givers (the live
** ON potentials that give an OFF one) are a few masks away (lg_givers).
** The tests are those of the general code above (reach_of, tgt_hit,
** xy_flags), read on words: what a component reaches is what each of its
** members reaches, and a component is told by that word.
*/
#define LG_MAX 64

typedef struct lgraph {
  int n;
  int16_t cand[LG_MAX];                /* bit -> candidate */
  int8_t bit[NCAND];                   /* candidate -> bit, -1 when not live */
  uint64_t dig[9], house[SK_HOUSES];   /* the bits by digit, by house */
  uint64_t pxy[LG_MAX], py[LG_MAX], px[LG_MAX];   /* the partners of each: pass XY, Y, X */
  uint64_t rxy[LG_MAX], ry[LG_MAX];    /* what each reaches: pass XY, pass Y */
  uint64_t rpxy[LG_MAX];               /* what its partners reach (pass XY) */
  int have_ry;
} lgraph;

/* The live potentials linked to candidate q (c, d): those of d in c's
** peers and, with Y links, c's other candidates.  Read as ON potentials
** they are the givers of "q OFF"; read as OFF ones, what "q ON" gives. */
static inline uint64_t lg_givers(const lgraph *L, int q, int ylinks) {
  int c = q / 9, d = q % 9;
  const uint8_t *hs = sk_cell_house[c];
  uint64_t cell = L->house[hs[0]] & L->house[hs[1]];
  uint64_t peers = (L->house[hs[0]] | L->house[hs[1]] | L->house[hs[2]]) & ~cell;
  return (L->dig[d] & peers) | (ylinks ? cell & ~L->dig[d] : 0);
}

static inline uint64_t lg_bit(const lgraph *L, int k) {
  return L->bit[k] >= 0 ? (uint64_t)1 << L->bit[k] : 0;
}

/* r[i] = what bit i reaches through partner sets p (transitive closure) */
static void lg_close(lgraph *L, const uint64_t *p, uint64_t *r) {
  int n = L->n;
  for (int i = 0; i < n; i++) {
    uint64_t s = (uint64_t)1 << i;
    for (uint64_t b = lg_givers(L, L->cand[i], 1); b; b &= b - 1) s |= p[__builtin_ctzll(b)];
    r[i] = s;
  }
  for (int k = 0; k < n; k++) {
    uint64_t rk = r[k];
    for (int i = 0; i < n; i++) r[i] |= rk & (uint64_t)-(int64_t)((r[i] >> k) & 1);
  }
}

/* the graph of pass XY's live candidates (x->live); 0 when they are too
** many */
static int lg_build(const sctx *x, lgraph *L) {
  int n = 0;
  for (int d = 0; d < 9; d++) n += pop64(x->live[d].w[0]) + pop64(x->live[d].w[1]);
  if (n > LG_MAX) return 0;
  memset(L->bit, -1, sizeof L->bit);
  memset(L->dig, 0, sizeof L->dig);
  memset(L->house, 0, sizeof L->house);
  L->n = 0;
  for (int d = 0; d < 9; d++)
    for (sk_bits b = x->live[d]; ; ) {
      int c = sk_bits_pop(&b);
      if (c < 0) break;
      int i = L->n++;
      uint64_t m = (uint64_t)1 << i;
      L->cand[i] = (int16_t)(c * 9 + d);
      L->bit[c * 9 + d] = (int8_t)i;
      L->dig[d] |= m;
      for (int t = 0; t < 3; t++) L->house[sk_cell_house[c][t]] |= m;
    }
  for (int i = 0; i < L->n; i++) {
    int m, ny = x->lk->nny[L->cand[i]];
    const derived *l = partners(x->lk, L->cand[i], 1, 1, &m);
    uint64_t a = 0, y = 0;
    for (int j = 0; j < m; j++) {
      uint64_t b = lg_bit(L, l[j].pot >> 1);
      if (!b) return 0;                  /* a partner is live: never */
      a |= b;
      if (j < ny) y |= b;
    }
    L->pxy[i] = a;
    L->py[i] = y;
    L->px[i] = a & ~y;
  }
  lg_close(L, L->pxy, L->rxy);
  for (int i = 0; i < L->n; i++) {
    uint64_t u = 0;
    for (uint64_t b = L->pxy[i]; b; b &= b - 1) u |= L->rxy[__builtin_ctzll(b)];
    L->rpxy[i] = u;
  }
  L->have_ry = 0;
  return 1;
}

/* may_find_on_level() on words, with r what each reaches and P the
** partners of each in the pass (L->rxy and L->pxy, or those of pass X or
** Y): 0, 1 or 2 as there.  The first layer is kept by the q it comes
** from (W[]), and what each q's layer reaches (RQ[]). */
static int lg_may_find_on_level(const sctx *x, const lgraph *L, const uint64_t *r,
                                const uint64_t *P, int k, int ylinks, int xlinks, int do_chain) {
  const cgrid *g = x->g;
  uint64_t kb = lg_bit(L, k), W[28], RQ[28], fl = 0;
  int qv[28], nq = 0, nclose = 0;
  for (uint64_t b = lg_givers(L, k, ylinks); b; b &= b - 1) {
    int i = __builtin_ctzll(b);
    uint64_t w = P[i] & ~kb, u = 0;
    if (!w) continue;
    for (uint64_t v = w; v; v &= v - 1) u |= r[__builtin_ctzll(v)];
    qv[nq] = L->cand[i];
    W[nq] = w;
    RQ[nq++] = u;
    fl |= w;
  }
  if (!fl) return 0;
  /* the targets' givers: the start's OFF (0), the closing potentials */
  int close[5];
  uint64_t G[5];
  const derived *cl = partners(x->lk, k, ylinks, xlinks, &nclose);
  close[0] = k;
  G[0] = lg_givers(L, k, ylinks) & ~kb;
  for (int h = 0; h < nclose; h++) {
    close[h + 1] = cl[h].pot >> 1;
    G[h + 1] = lg_givers(L, close[h + 1], ylinks) & ~kb;
  }
  int hit = 0;
  for (int j = 0; j < nq && !hit; j++)
    for (int h = !do_chain; h <= nclose && !hit; h++) hit = close[h] != qv[j] && (RQ[j] & G[h]);
  if (!hit) return 0;
  if (do_chain && (fl & G[0])) return 2;
  for (int h = 1; h <= nclose; h++)
    if (fl & G[h])
      for (int j = 0; j < nq; j++) {
        if (qv[j] == close[h]) continue;
        for (uint64_t v = W[j]; v; v &= v - 1) {
          int w = L->cand[__builtin_ctzll(v)];
          if (gives_off(g, w * 2 + 1, close[h] * 2, ylinks) &&
              short_cycle_elims(g, k, qv[j], w, close[h]))
            return 2;
        }
      }
  for (int h = 0; h <= nclose; h++) G[h] &= ~fl;
  for (int j = 0; j < nq; j++)
    for (int h = !do_chain; h <= nclose; h++)
      if (close[h] != qv[j] && (RQ[j] & G[h])) return 2;
  return 1;
}

/* xy_quick_of_comp() on words (k live) */
static int lg_quick(const sctx *x, const lgraph *L, int k) {
  int i = L->bit[k], c = k / 9, d = k % 9;
  uint64_t rk = L->rxy[i];
  if (rk & lg_givers(L, k, 1)) return 1;
  int big = 0;                         /* k's component has another member */
  for (uint64_t b = rk & ~((uint64_t)1 << i); b && !big; b &= b - 1)
    big = (L->rxy[__builtin_ctzll(b)] >> i) & 1;
  if (!big) return 0;
  return live_given(x, c, d) >= 2 ? -1 : 0;
}

/* may_find_off_xy() on words */
static int lg_may_find_off(const sctx *x, const lgraph *L, int k) {
  int np;
  const derived *p = partners(x->lk, k, 1, 1, &np);
  for (int j = 0; j < np; j++) {
    uint64_t rj = L->rxy[L->bit[p[j].pot >> 1]];
    for (int h = 0; h < np; h++)
      if (rj & lg_givers(L, p[h].pot >> 1, 1)) return 1;
  }
  return 0;
}

/* xy_flags()'s chain test of start k without partners, on words: a w of
** its first layer reaches an ON potential that gives k's OFF */
static int lg_chain(const lgraph *L, int k) {
  uint64_t gk = lg_givers(L, k, 1), u = 0;
  for (uint64_t b = gk; b; b &= b - 1) u |= L->rpxy[__builtin_ctzll(b)];
  return (u & gk) != 0;
}

/* xy_flags()'s relon on words: the tail, and what gives a partner of a w
** that reaches the tail */
static void lg_relon(const sctx *x, const lgraph *L, const sk_bits *tail, sk_bits *relon) {
  const cgrid *g = x->g;
  uint64_t tl = 0, rel = 0, pr = 0;
  memcpy(relon, tail, 9 * sizeof *relon);
  for (int i = 0; i < L->n; i++)
    if (sk_bits_has(&tail[L->cand[i] % 9], L->cand[i] / 9)) tl |= (uint64_t)1 << i;
  for (int i = 0; i < L->n; i++)
    if (L->rxy[i] & tl) rel |= (uint64_t)1 << i;
  for (uint64_t b = rel; b; b &= b - 1) pr |= L->pxy[__builtin_ctzll(b)];
  for (; pr; pr &= pr - 1) {
    int p = L->cand[__builtin_ctzll(pr)], pc = p / 9, pd = p % 9;
    relon[pd] = sk_bits_or(relon[pd], sk_bits_and(g->dpos[pd], sk_peer_bits[pc]));
    for (sk_mask o = g->cand[pc] & (sk_mask)~SK_BIT(pd + 1); o; o &= o - 1)
      sk_bits_set(&relon[sk_mask_first(o) - 1], pc);
  }
}

/* what an inner search works with besides the sctx */
typedef struct inner_ws {
  relset rs, rsxy;             /* relevant() of the pass, of pass XY */
  reach R, Rxy;                /* reach of the pass, of pass XY */
  sk_bits nclxy[NCAND][9];     /* Rxy.ncl */
  uint64_t multi[CWORDS], biv[CWORDS];   /* candidates of cells with 2+, with 2 */
  /* starts that may find something: ON in pass X, Y, XY; OFF (X and XY) */
  uint64_t fx[CWORDS], fy[CWORDS], fxy[CWORDS], foff[CWORDS];
  int local;                   /* pass XY's tests on words (lg) */
  lgraph lg;
} inner_ws;

/* add cell mask m to candidate set s at bit 'at' (a cell's 9 bits may
** straddle two words) */
static inline void set_put9(uint64_t *s, int at, unsigned m) {
  s[at >> 6] |= (uint64_t)m << (at & 63);
  if ((at & 63) > 64 - 9) s[(at >> 6) + 1] |= (uint64_t)m >> (64 - (at & 63));
}

/* the starts of the passes: candidates of cells with 2+ (Y-cycles: 2) */
static void start_sets(const cgrid *g, inner_ws *w) {
  memset(w->multi, 0, sizeof w->multi);
  memset(w->biv, 0, sizeof w->biv);
  for (int c = 0; c < SK_CELLS; c++) {
    sk_mask m = g->value[c] ? 0 : g->cand[c];
    if (!(m & (m - 1))) continue;              /* fewer than 2 */
    set_put9(w->multi, c * 9, m);
    if (two_bits(m)) set_put9(w->biv, c * 9, m);
  }
}

/*
** Pass XY's quick test of start ON k (with partners, so k's reach is
** made: xy_flags) from k's component, when it can be told from there.
** The chain part: what the w reach is what k reaches (k gives its peers,
** never its OFF), so it holds when k's ncl holds k's OFF.  The cycle
** part needs a w whose q differs from the closing potential its
** component reaches.  A cycle k -> q -> w ... u -> closing potential -> k
** makes u -> k an edge of the reach graph, so k and w share a component:
** when k's component is k alone, there is none.  When k gives a single
** live OFF potential, it is k's only partner, the one closing potential,
** and every w comes from it: none either.  Returns -1 when the full test
** must tell.
*/
static int xy_quick_of_comp(const sctx *x, const reach *R, int k) {
  int id = R->comp[k], c = k / 9, d = k % 9;
  if (sk_bits_has(&R->ncl[id][d], c)) return 1;
  if (!R->big[id]) return 0;
  return live_given(x, c, d) >= 2 ? -1 : 0;
}

/* may_find_off() in pass XY from the components' ncl: the same test,
** since the ON potentials that give OFF potential p are those whose
** gives_of() holds p */
static int may_find_off_xy(const sctx *x, const reach *R, int k) {
  int np;
  const derived *p = partners(x->lk, k, 1, 1, &np);
  for (int j = 0; j < np; j++) {
    const sk_bits *nc = R->ncl[R->comp[p[j].pot >> 1]];  /* made: p[j] has partner k */
    for (int h = 0; h < np; h++) {
      int q = p[h].pot >> 1;
      if (sk_bits_has(&nc[q % 9], q / 9)) return 1;
    }
  }
  return 0;
}

/* In which passes can start ON k (with partners) find anything?  The
** quick test of pass XY holds in every pass that finds something; then
** the sharp one of each pass: with pass XY's reach (a superset of pass
** X's), and pass Y's own (w->R, made on first use: *ry), since there
** pass XY's reaches much more.  Returns 0 when none. */
static int may_find_on_passes(const sctx *x, inner_ws *w, int k, int *ry) {
  if (w->local) {
    lgraph *L = &w->lg;
    if (!lg_quick(x, L, k)) return 0;
    int lv = lg_may_find_on_level(x, L, L->rxy, L->pxy, k, 1, 1, 1), any = 0;
    if (!lv) return 0;
    if (lv == 2) { set_add(w->fxy, k); any = 1; }
    if (lg_may_find_on_level(x, L, L->rxy, L->px, k, 0, 1, 1) == 2) { set_add(w->fx, k); any = 1; }
    if (set_has(w->biv, k)) {
      if (!L->have_ry) {
        lg_close(L, L->py, L->ry);
        L->have_ry = 1;
      }
      if (lg_may_find_on_level(x, L, L->ry, L->py, k, 1, 0, 0) == 2) { set_add(w->fy, k); any = 1; }
    }
    return any;
  }
  if (!xy_quick_of_comp(x, &w->Rxy, k)) return 0;
  int lv = may_find_on_level(x, &w->Rxy, k, 1, 1, 1), any = 0;
  if (!lv) return 0;
  if (lv == 2) { set_add(w->fxy, k); any = 1; }
  if (may_find_on(x, &w->Rxy, k, 0, 1, 1)) { set_add(w->fx, k); any = 1; }
  if (set_has(w->biv, k)) {                    /* Y-cycles start from bivalue cells */
    if (!*ry) {
      reach_reset(&w->R, 1, 0);
      *ry = 1;
    }
    if (may_find_on(x, &w->R, k, 1, 0, 0)) { set_add(w->fy, k); any = 1; }
  }
  return any;
}

/* pass XY's tests of every start (w->fx, fy, fxy, foff); 0 when none
** passes */
static int xy_tests_run(sctx *x, inner_ws *w, int words) {
  sk_bits chain[9], tail[9], off[9], relon[9];
  xy_tails(x, tail, off);
  reach_reset(&w->Rxy, 1, 1);
  w->Rxy.ncl = w->nclxy;
  w->local = words && lg_build(x, &w->lg);
  if (w->local) {
    lg_relon(x, &w->lg, tail, relon);
    w->Rxy.ncl = NULL;         /* pass XY's traversals make what they need */
  } else {
    w->Rxy.tail = tail;
    int err = xy_flags(x, &w->Rxy, chain, relon);
    w->Rxy.tail = NULL;
    if (err) { x->oom = 1; return 0; }
  }
  xy_relset(x, relon, off, &w->rsxy);
  memset(w->fx, 0, sizeof w->fx);
  memset(w->fy, 0, sizeof w->fy);
  memset(w->fxy, 0, sizeof w->fxy);
  memset(w->foff, 0, sizeof w->foff);
  int any = 0, ry = 0;
  for (int i = 0; i < CWORDS; i++)
    for (uint64_t b = (w->rsxy.on[i] | w->rsxy.off[i]) & w->multi[i]; b; b &= b - 1) {
      int k = i * 64 + __builtin_ctzll(b), c = k / 9, d = k % 9;
      /* a start without partners has no closing potentials: chain says
      ** (for the passes with chains, X and XY) */
      if (set_has(w->rsxy.on, k)) {
        if (sk_bits_has(&x->live[d], c)) any |= may_find_on_passes(x, w, k, &ry);
        else if (w->local ? lg_chain(&w->lg, k) : sk_bits_has(&chain[d], c)) {
          set_add(w->fx, k);
          set_add(w->fxy, k);
          any = 1;
        }
      }
      if (set_has(w->rsxy.off, k) &&
          (w->local ? lg_may_find_off(x, &w->lg, k) : may_find_off_xy(x, &w->Rxy, k))) {
        set_add(w->foff, k);
        any = 1;
      }
    }
  return any;
}

#ifndef SK_CHAINS_XCHECK
static int xy_tests(sctx *x, inner_ws *w) { return xy_tests_run(x, w, 1); }
#else
/* make check builds chains.so with SK_CHAINS_XCHECK: every search's tests
** are made both on words and by the component code, which must agree */
static int xy_tests(sctx *x, inner_ws *w) {
  int a = xy_tests_run(x, w, 1), words = w->local;
  uint64_t keep[6][CWORDS];
  const uint64_t *sets[6] = {w->fx, w->fy, w->fxy, w->foff, w->rsxy.on, w->rsxy.off};
  for (int i = 0; i < 6; i++) memcpy(keep[i], sets[i], sizeof keep[i]);
  int b = xy_tests_run(x, w, 0);
  int same = a == b;
  for (int i = 0; i < 6; i++) same &= !memcmp(keep[i], sets[i], sizeof keep[i]);
  if (!same && !x->oom) {
    fprintf(stderr, "chains.so: start tests on words (%s) differ from the component code\n",
            words ? "used" : "not used");
    abort();
  }
  return b;
}
#endif

/* one pass over the starts that passed its tests (xy_tests), in the
** order of static_search's loop */
static void inner_pass(sctx *x, trav *t, inner_ws *w, int ylinks, int xlinks) {
  int xy = ylinks && xlinks;
  uint64_t st[CWORDS];
  int n = 0;
  for (int i = 0; i < CWORDS; i++) {
    st[i] = xlinks ? ((xy ? w->fxy[i] : w->fx[i]) | w->foff[i]) & w->multi[i] : w->fy[i] & w->biv[i];
    n |= st[i] != 0;
  }
  if (!n) return;
  relset *rs = xy ? &w->rsxy : &w->rs;
  reach *R = xy ? &w->Rxy : &w->R;
  if (!xy) {                   /* pass XY's are there (xy_tests) */
    set_live(x, ylinks, xlinks);
    relevant(x, ylinks, xlinks, rs);
    reach_reset(R, ylinks, xlinks);
  }
  x->rs = rs;
  x->reach = R;
  for (int i = 0; i < CWORDS; i++)
    for (uint64_t b = st[i]; b; b &= b - 1) {
      if (x->oom) return;
      int k = i * 64 + __builtin_ctzll(b), c = k / 9, d = k % 9 + 1;
      if (set_has(xy ? w->fxy : ylinks ? w->fy : w->fx, k) && set_has(rs->on, k) &&
          (xy || may_find_on(x, R, k, ylinks, xlinks, xlinks)))
        static_from_on(x, t, pot_make(c, d, 1), ylinks, xlinks, 1, xlinks);
      if (xlinks && set_has(w->foff, k) && set_has(rs->off, k) &&
          (xy || may_find_off(x, R, k, ylinks)))
        static_from_off(x, t, pot_make(c, d, 1), ylinks);
    }
}

/*
** Inner mode.  The link graph of pass X or Y is part of pass XY's, and so
** are its relevant potentials, closing potentials and targets: a start
** that fails pass XY's quick tests (may_find_on_level, may_find_off) can
** find nothing in the other two.  So pass XY's tests run first, with the
** sharp test of each pass for the starts ON (may_find_on_passes), and each
** pass only looks at the starts that pass its tests (when there are none,
** the pass costs nothing).  The traversals still run in SE's order: X, Y,
** XY.
*/
static void inner_search(sctx *x, trav *t, inner_ws *w) {
  static const int pass[3][2] = {{0, 1}, {1, 0}, {1, 1}};     /* {ylinks, xlinks} */
  w->R.ncl = NULL;             /* Rxy's: xy_tests_run */
  w->R.tail = w->Rxy.tail = NULL;
  inner_setup(x);
  start_sets(x->g, w);
  set_live(x, 1, 1);
  if (xy_tests(x, w))
    for (int p = 0; p < 3 && !x->oom; p++) {
      if (p == 2) set_live(x, 1, 1);
      inner_pass(x, t, w, pass[p][0], pass[p][1]);
    }
  x->rs = NULL;
  x->reach = NULL;
}

/*
** An inner search runs on every reduced grid a nested level meets, and
** needs about 450 KB of arenas (links, nodes, traversal, inner_ws): they
** are kept in the chainer the hints go to (x->out) from one search to the
** next.  Nothing in them carries over: each search sets up what it reads.
*/
typedef struct sscratch {
  links lk;
  snode sn[SN_MAX];
  trav t;
  inner_ws w;
} sscratch;

void ch_sscratch_free(sscratch *ss) {
  if (!ss) return;
  free(ss->w.R.e);
  free(ss->w.Rxy.e);
  free(ss);
}

#ifndef SK_CHAINS_XCHECK
static void xcheck_skipped(sctx *x, trav *t, int start, int ylinks, int xlinks, int on) {
  (void)x; (void)t; (void)start; (void)ylinks; (void)xlinks; (void)on;
}
#else
/* make check builds chains.so with SK_CHAINS_XCHECK: a top-level start
** the tests skip is traversed anyway (without the tests), and must find
** nothing (st_hint stops the program) */
static void xcheck_skipped(sctx *x, trav *t, int start, int ylinks, int xlinks, int on) {
  reach *R = x->reach;
  x->reach = NULL;
  x->xcheck_skip = 1;
  if (on) static_from_on(x, t, start, ylinks, xlinks, 1, xlinks);
  else static_from_off(x, t, start, ylinks);
  x->xcheck_skip = 0;
  x->reach = R;
}
#endif

/* The whole of producer 21 on g, hints to x (top: found(); inner: x->out). */
static void static_search(sctx *x) {
  const cgrid *g = x->g;
  static const int pass[3][2] = {{0, 1}, {1, 0}, {1, 1}};     /* {ylinks, xlinks} */
  if (x->inner) {
    sscratch *ss = x->out->ss;
    inner_search(x, &ss->t, &ss->w);
    return;
  }
  /* the starts are tested as in inner mode (may_find_on, may_find_off,
  ** and layer_may_find at each layer): a start that can reach no target
  ** finds nothing, most of them when the step has no chain at all */
  trav *t = malloc(sizeof *t);
  reach *R = malloc(sizeof *R);
  if (!t || !R) { free(t); free(R); x->oom = 1; return; }
  R->e = NULL;
  R->ecap = 0;
  R->ncl = NULL;
  R->tail = NULL;
  for (int k = 0; k < 3; k++) {
    int ylinks = pass[k][0], xlinks = pass[k][1];
    /* a pass whose kinds cannot win any more (their traversals would stop
    ** at once) */
    int ctype = xlinks && ylinks ? ST_XYCYCLE : (ylinks ? ST_YCYCLE : ST_XCYCLE);
    int ftype = ylinks ? ST_XYCHAIN : ST_XCHAIN;
    if (!st_open(x, ctype, 2) && (!xlinks || !st_open(x, ftype, 2))) continue;
    set_live(x, ylinks, xlinks);
    reach_reset(R, ylinks, xlinks);
    x->reach = R;
    for (int c = 0; c < SK_CELLS; c++) {
      if (x->oom || x->stop) goto out;
      if (x->search && x->search->host->should_stop(x->search)) { x->stop = 1; goto out; }
      if (g->value[c]) continue;
      int card = mask_count(g->cand[c]);
      if (card < 2) continue;
      if (card > 2 && !xlinks) continue;      /* Y-cycles start from bivalue cells */
      for (sk_mask m = g->cand[c]; m; m &= m - 1) {
        int d = sk_mask_first(m);
        int k9 = c * 9 + d - 1;
        if (may_find_on(x, R, k9, ylinks, xlinks, xlinks))
          static_from_on(x, t, pot_make(c, d, 1), ylinks, xlinks, 1, xlinks);
        else xcheck_skipped(x, t, pot_make(c, d, 1), ylinks, xlinks, 1);
        if (xlinks) {
          if (may_find_off(x, R, k9, ylinks)) static_from_off(x, t, pot_make(c, d, 1), ylinks);
          else xcheck_skipped(x, t, pot_make(c, d, 1), ylinks, xlinks, 0);
        }
      }
    }
  }
out:
  x->reach = NULL;
  free(R->e);
  free(R);
  free(t);
}

/* a top-level search: arenas of its own */
static int sctx_init(sctx *x, const cgrid *g) {
  memset(x, 0, sizeof *x);
  x->g = g;
  for (int t = 0; t < ST_NTYPES; t++) x->best[t] = x->cap[t] = INT32_MAX;
  x->bestd = INT32_MAX;
  x->lk = ch_links_new(g, 0);
  x->sn = malloc(SN_MAX * sizeof *x->sn);
  return x->lk && x->sn ? 0 : -1;
}

static void sctx_free(sctx *x) {
  free(x->sn);
  free(x->lk);
}

/* an inner search whose hints go to ch: the arenas of ch->ss (made on
** first use); nothing to free */
static int sctx_init_inner(sctx *x, const cgrid *g, const cgrid *src, chainer *ch) {
  memset(x, 0, sizeof *x);
  if (!ch->ss) {
    ch->ss = malloc(sizeof *ch->ss);
    if (!ch->ss) return -1;
    ch->ss->w.R.e = ch->ss->w.Rxy.e = NULL;
    ch->ss->w.R.ecap = ch->ss->w.Rxy.ecap = 0;
  }
  x->g = g;
  for (int t = 0; t < ST_NTYPES; t++) x->best[t] = INT32_MAX;
  x->inner = 1;
  x->src = src;
  x->out = ch;
  x->lk = &ch->ss->lk;
  ch_links_fill(x->lk, g, 0);
  x->sn = ch->ss->sn;
  return 0;
}

/* Producer 21 on the step's grid g, each hint to found(ud, ...): 0 when
** the search ran to its end, 1 when the engine stopped it, -1 out of
** memory. */
int ch_static_top(const cgrid *g, const sk_search *s, ch_static_found found, void *ud) {
  sctx x;
  int rc = -1;
  if (!sctx_init(&x, g)) {
    x.found = found;
    x.ud = ud;
    x.search = s;
    static_search(&x);
    rc = x.oom ? -1 : x.stop;
  }
  sctx_free(&x);
  return rc;
}

/* Producer 21 as a nested rule on the reduced grid g (src: the grid of
** the outer search), every hint listed among out's inner hints;
** strong_only: see relevant().  0 done, 1 out of memory on the way (the
** hints listed so far stand), -1 when the arenas could not be made
** (nothing searched). */
int ch_static_inner(chainer *out, const cgrid *g, const cgrid *src, int strong_only) {
  sctx x;
  if (sctx_init_inner(&x, g, src, out)) return -1;
  x.strong_only = strong_only;
  static_search(&x);
  return x.oom;
}
