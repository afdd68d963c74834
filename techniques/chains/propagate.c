/*
** propagate.c -- the runs: SE's doChaining, the propagation of one
** assumption, as every multiple, dynamic and nested search makes them.
**
** A run is breadth first with one subtlety kept from SE: pending ON
** potentials always go first, one OFF potential is taken only when no ON
** is pending.  In dynamic mode an OFF potential is removed from a working
** copy of the grid when it is taken, and potentials derived from the
** reduced grid name the removed candidates as extra ("hidden") parents.
** At a nested level, when nothing is pending the nested rules (rules.c,
** through chainer.rules) may add OFF potentials, and the run goes on.
**
** Two loops make the same runs: one for a fixed grid with tabled links
** (static multiple chains), one for the rest.  Both keep the arenas'
** pointers and counts in locals while they work, as the hot loops of the
** family they are.
*/
#include "chains.h"

/* ---- the runs' arena ---- */

static int run_new(chainer *ch, int start) {
  if (GROW(ch, rn, rcap, ch->nr + 1)) return -1;
  int32_t need = ch->nr + 1;
  if (need > ch->ixcap) {
    /* room for every candidate's ON run at once: no copying while growing */
    int32_t n = ch->ixcap ? ch->ixcap * 2 : NCAND + 64;
    while (n < need) n *= 2;
    int16_t *q = realloc(ch->ix, (size_t)n * NPOT * sizeof *q);
    if (!q) { ch->oom = 1; return -1; }
    ch->ix = q;
    ch->ixcap = n;
  }
  int r = ch->nr++;
  crun *R = &ch->rn[r];
  memset(R, 0, sizeof *R);
  R->base = R->end = ch->nn;
  R->pbase = ch->np;
  R->abs_on = R->abs_off = -1;
  R->start = start;
  return r;
}

/* drop the last run (a transient OFF propagation) */
void ch_run_drop_last(chainer *ch) {
  crun *R = &ch->rn[--ch->nr];
  ch->nn = R->base;
  ch->np = R->pbase;
}

/* ---- the fixed grid ---- */

/*
** ch_run_chain on a fixed grid (static multiple chains, here and as a nested
** rule): no hidden parents, no nested rules, one parent per node, at most
** 2 * NCAND + 2 nodes.  The arenas are reserved up front so the loop works
** on local pointers.  Same order and result as the general loop below.
*/
static int run_static(chainer *ch, links *lk, const cgrid *g, int start) {
  int r = run_new(ch, start);
  if (r < 0) return -1;
  if (GROW(ch, nd, ncap, ch->nn + 2 * NCAND + 4) || GROW(ch, pa, pcap, ch->np + 2 * NCAND + 4))
    return -1;
  crun *R = &ch->rn[r];
  cnode *nd = ch->nd;
  int32_t *pa = ch->pa;
  int16_t *ix = run_ix(ch, r);
  int32_t base = R->base, nn = ch->nn, np = ch->np;
  int32_t qon[NCAND + 1], qoff[NCAND + 1];
  int hon = 0, non = 0, hoff = 0, noff = 0;
#define ST_NODE(P, CAUSE, PARENT) do { \
    node_fill(&nd[nn], (P), (CAUSE), np, 1, -1, anc_child(nd[PARENT].anc)); \
    pa[np++] = (PARENT); \
  } while (0)
#define ST_INSERT(P) do { \
    ix[(P)] = (int16_t)(nn - base); \
    set_add(((P) & 1) ? R->on : R->off, (P) >> 1); \
    nn++; \
  } while (0)
  node_fill(&nd[nn], start, CA_NONE, np, 0, -1, ANC_ONE);
  if (pot_on(start)) qon[non++] = nn; else qoff[noff++] = nn;
  ST_INSERT(start);
  while (hon < non || hoff < noff) {
    if (hon < non) {
      int32_t p = qon[hon++];
      int k = nd[p].pot >> 1;
      const derived *list = links_off_of(lk, g, k);
      int n = lk->noy[k] + lk->nox[k];
      for (int i = 0; i < n; i++) {
        int q = list[i].pot;
        if (set_has(R->on, q >> 1)) {                   /* would be both on and off */
          ST_NODE(q, list[i].cause, p);
          R->abs_on = base + ix[q | 1];
          R->abs_off = nn++;
          goto done;
        }
        if (!set_has(R->off, q >> 1)) {
          ST_NODE(q, list[i].cause, p);
          qoff[noff++] = nn;
          ST_INSERT(q);
        }
      }
    } else {
      int32_t p = qoff[hoff++];
      int k = nd[p].pot >> 1;
      const derived *list = lk->on[k];
      int n = lk->nny[k] + lk->nnx[k];
      for (int i = 0; i < n; i++) {
        int q = list[i].pot;
        if (set_has(R->off, q >> 1)) {
          ST_NODE(q, list[i].cause, p);
          R->abs_on = nn++;
          R->abs_off = base + ix[q & ~1];
          goto done;
        }
        if (!set_has(R->on, q >> 1)) {
          ST_NODE(q, list[i].cause, p);
          qon[non++] = nn;
          ST_INSERT(q);
        }
      }
    }
  }
  R->end = nn;
  goto out;
done:
  R->end = nn - 1;                       /* the contradiction node is not in the run */
out:
#undef ST_NODE
#undef ST_INSERT
  ch->nn = nn;
  ch->np = np;
  return r;
}

/* ---- the general loop ---- */

/*
** The general loop (dynamic chains, Nishio, nested levels) keeps the run's
** sets also by digit (cells of on[d-1], off[d-1]): an ON potential's peers
** are screened a house at a time against them.  Room for one step's nodes
** (an ON potential gives at most 8 + 20 OFF ones, an OFF one at most 4 ON
** ones of 1 + 8 parents) is made before the step, so the step works on
** local pointers; the nested rules add nodes (and OFF potentials to the
** queue) between steps.
*/
typedef struct dynrun {
  chainer *ch;
  crun *R;
  cnode *nd; int32_t *pa; int16_t *ix;
  int32_t base, nn, np;
  sk_bits on[9], off[9];
} dynrun;

/* a node for q with first parent p (the caller inserts it, or not) */
static inline int32_t dr_node(dynrun *w, int q, int cause, int32_t p) {
  node_fill(&w->nd[w->nn], q, cause, w->np, 1, -1, anc_child(w->nd[p].anc));
  w->pa[w->np++] = p;
  return w->nn++;
}

static inline void dr_insert(dynrun *w, int q) {
  int k = q >> 1;
  w->ix[q] = (int16_t)(w->nn - 1 - w->base);
  set_add(pot_on(q) ? w->R->on : w->R->off, k);
  sk_bits_set(pot_on(q) ? &w->on[k % 9] : &w->off[k % 9], k / 9);
}

/* the node of OFF potential (c, d), which the run holds */
static inline void dr_hidden(dynrun *w, int c, int d) {
  if (!sk_bits_has(&w->off[d - 1], c)) return;
  int32_t x = w->base + w->ix[pot_make(c, d, 0)];
  cnode *n = &w->nd[w->nn - 1];
  w->pa[w->np++] = x;
  n->npar++;
  n->anc = anc_join(n->anc, w->nd[x].anc);
}

/* the hidden parents of ON q derived on the reduced grid: the candidates
** the run removed from its cell (Y) or from the house (X) */
static inline void dr_hiddens(dynrun *w, const cgrid *g, const cgrid *src, int q, int cause) {
  int c = pot_cell(q), d = pot_digit(q);
  if (cause == CA_NAKED) {
    for (sk_mask m = src->cand[c] & (sk_mask)~g->cand[c]; m; m &= m - 1)
      dr_hidden(w, c, sk_mask_first(m));
  } else {
    /* by the per-house masks: the house lists its cells in ascending
    ** order, the order of the cells' bitboard */
    int h = cause_house(cause, c);
    unsigned gone = (unsigned)src->pm[h][d - 1] & ~(unsigned)g->pm[h][d - 1];
    for (; gone; gone &= gone - 1) dr_hidden(w, sk_house_cell[h][__builtin_ctz(gone)], d);
  }
}

/* ON p: the OFF potentials it gives (ch_gen_off's order); 1 on a contradiction */
static int dr_from_on(dynrun *w, const cgrid *g, int32_t p, int ylinks,
                      int32_t *qoff, int *noff) {
  int pp = w->nd[p].pot, c = pot_cell(pp), d = pot_digit(pp);
  if (ylinks)
    for (sk_mask m = g->cand[c] & (sk_mask)~SK_BIT(d); m; m &= m - 1) {
      int e = sk_mask_first(m), q = pot_make(c, e, 0);
      if (sk_bits_has(&w->on[e - 1], c)) {       /* would be both on and off */
        int32_t x = dr_node(w, q, CA_NAKED, p);
        w->R->abs_on = w->base + w->ix[q | 1];
        w->R->abs_off = x;
        return 1;
      }
      if (sk_bits_has(&w->off[e - 1], c)) continue;
      int32_t x = dr_node(w, q, CA_NAKED, p);
      dr_insert(w, q);
      qoff[(*noff)++] = x;
    }
  sk_bits box = sk_house_bits[sk_cell_house[c][2]], in[3];
  /* the nested rules can put a potential both on and off: it stays live */
  sk_bits live = sk_bits_andnot(g->dpos[d - 1], sk_bits_andnot(w->off[d - 1], w->on[d - 1]));
  in[0] = sk_bits_and(live, box);
  sk_bits_clear(&in[0], c);
  in[1] = sk_bits_andnot(sk_bits_and(live, sk_house_bits[sk_cell_house[c][0]]), box);
  in[2] = sk_bits_andnot(sk_bits_and(live, sk_house_bits[sk_cell_house[c][1]]), box);
  static const uint8_t cause[3] = {CA_BLOCK, CA_ROW, CA_COL};
  for (int k = 0; k < 3; k++)
    for (int y; (y = sk_bits_pop(&in[k])) >= 0; ) {
      int q = pot_make(y, d, 0);
      int32_t x = dr_node(w, q, cause[k], p);
      if (sk_bits_has(&w->on[d - 1], y)) {     /* would be both on and off */
        w->R->abs_on = w->base + w->ix[q | 1];
        w->R->abs_off = x;
        return 1;
      }
      dr_insert(w, q);
      qoff[(*noff)++] = x;
    }
  return 0;
}

/* ON q derived from OFF p; 1 on a contradiction */
static inline int dr_on(dynrun *w, const cgrid *g, const cgrid *src, int dyn, int32_t p,
                        int q, int cause, int32_t *qon, int *non) {
  int k = q >> 1, c = k / 9, d = k % 9;
  int contra = sk_bits_has(&w->off[d], c);
  if (!contra && sk_bits_has(&w->on[d], c)) return 0;
  int32_t x = dr_node(w, q, cause, p);
  if (dyn) dr_hiddens(w, g, src, q, cause);
  if (contra) {
    w->R->abs_on = x;
    w->R->abs_off = w->base + w->ix[q & ~1];
    return 1;
  }
  dr_insert(w, q);
  qon[(*non)++] = x;
  return 0;
}

/* OFF p: the ON potentials it gives (gen_on's order); 1 on a contradiction */
static int dr_from_off(dynrun *w, const cgrid *g, const cgrid *src, int dyn, int32_t p,
                       int ylinks, int32_t *qon, int *non) {
  derived buf[4];
  int n = gen_on(g, w->nd[p].pot, ylinks, 1, buf);
  for (int i = 0; i < n; i++)
    if (dr_on(w, g, src, dyn, p, buf[i].pot, buf[i].cause, qon, non)) return 1;
  return 0;
}

/*
** SE's doChaining: propagate from one assumption 'start' on g0.  Returns
** the run index (its sets, and its contradiction pair if it stopped on a
** potential that would be both on and off), -1 on allocation failure.
*/
int ch_run_chain(chainer *ch, const cgrid *g0, int start) {
  if (fixed_grid(ch)) return run_static(ch, ch->lk, g0, start);
  int r = run_new(ch, start);
  if (r < 0) return -1;
  int dyn = ch->dynamic, ylinks = !ch->nishio;
  cgrid work;
  const cgrid *g = g0;
  if (dyn) { work = *g0; g = &work; }
  dynrun w;
  memset(w.on, 0, sizeof w.on);
  memset(w.off, 0, sizeof w.off);
  w.ch = ch;
  w.R = &ch->rn[r];            /* the nested rules add no run to ch */
  w.ix = run_ix(ch, r);
  w.base = w.R->base;
  int32_t qon[NCAND + 1], qoff[NCAND + 1];
  int hon = 0, non = 0, hoff = 0, noff = 0;
  int32_t s = nd_new(ch, start, CA_NONE, -1);
  if (s < 0) return -1;
  run_insert(ch, r, s);
  int k0 = start >> 1;
  sk_bits_set(pot_on(start) ? &w.on[k0 % 9] : &w.off[k0 % 9], k0 / 9);
  if (pot_on(start)) qon[non++] = s; else qoff[noff++] = s;
  /* w holds the arena's pointers and counts between the nested rules'
  ** turns (ch's are synced around them and on return) */
  w.nd = ch->nd;
  w.pa = ch->pa;
  w.nn = ch->nn;
  w.np = ch->np;
  int32_t nlim = ch->ncap - 32, plim = ch->pcap - 40;   /* room for one step */
  while (hon < non || hoff < noff) {
    if (w.nn > nlim || w.np > plim) {
      ch->nn = w.nn;
      ch->np = w.np;
      if (GROW(ch, nd, ncap, ch->nn + 32) || GROW(ch, pa, pcap, ch->np + 40)) return -1;
      w.nd = ch->nd;
      w.pa = ch->pa;
      nlim = ch->ncap - 32;
      plim = ch->pcap - 40;
    }
    int stop;
    if (hon < non) stop = dr_from_on(&w, g, qon[hon++], ylinks, qoff, &noff);
    else {
      int32_t p = qoff[hoff++];
      stop = dr_from_off(&w, g, g0, dyn, p, ylinks, qon, &non);
      if (dyn && !stop) cg_remove(&work, pot_cell(w.nd[p].pot), pot_digit(w.nd[p].pot));
    }
    if (stop) {
      ch->nn = w.nn;
      ch->np = w.np;
      return r;
    }
    w.R->end = w.nn;
    if (hon == non && hoff == noff && ch->level > 0) {
      ch->nn = w.nn;
      ch->np = w.np;
      int from = noff;
      ch->rules(ch, r, g, g0, qoff, &noff);
      if (ch->oom) return -1;
      for (int i = from; i < noff; i++) {
        int k = ch->nd[qoff[i]].pot >> 1;
        sk_bits_set(&w.off[k % 9], k / 9);
      }
      w.R = &ch->rn[r];
      w.nd = ch->nd;
      w.pa = ch->pa;
      w.nn = ch->nn;
      w.np = ch->np;
      nlim = ch->ncap - 32;
      plim = ch->pcap - 40;
    }
  }
  ch->nn = w.nn;
  ch->np = w.np;
  return r;
}
