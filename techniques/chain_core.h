/*
** chain_core.h -- private to techniques/chains.c: potentials, the working
** grid, the node arenas and the propagation engine behind every chain
** technique.
**
** The rules are those of Sudoku Explainer 1.2.1.3 (rules/chaining/
** Chaining.java), which the ratings must reproduce step for step:
**
**   a potential is (cell, digit, on/off);
**   ON  -> OFF: the cell's other candidates (Y link, when enabled) and the
**               digit in every peer, block then row then column (X link);
**   OFF -> ON:  the other candidate of a bivalue cell (Y link), the other
**               place of the digit in a block, row, column with two places
**               (X link).
**
** A propagation ("run") is breadth first with one subtlety kept from SE:
** pending ON potentials always go first, one OFF potential is taken only
** when no ON is pending.  In dynamic mode an OFF potential is removed from
** a working copy of the grid when it is taken, and potentials derived from
** the reduced grid name the removed candidates as extra ("hidden") parents.
** Each run keeps the implication graph: every node is one potential (at
** most one node per potential per run), parents are earlier nodes.  The
** complexity SE rates is the number of distinct potentials among a target
** and its ancestors.
**
** Everything lives in growable arenas owned by one 'chainer' (one per
** technique level), allocated per search and freed at its end.
*/
#ifndef CHAIN_CORE_H
#define CHAIN_CORE_H

#include <stdlib.h>
#include <string.h>
#include "sk_plugin.h"

/* ---- potentials ----
** candidate k = cell*9 + digit-1 (0..728); potential = k*2 + on. */
#define NCAND 729
#define NPOT  1458
#define CWORDS 12              /* 64-bit words of a candidate set */
#define PWORDS 23              /* 64-bit words of a potential set */

static inline int pot_make(int cell, int d, int on) { return ((cell * 9 + d - 1) << 1) | on; }
static inline int pot_cell(int p) { return (int)(((unsigned)p >> 1) / 9u); }
static inline int pot_digit(int p) { return (int)(((unsigned)p >> 1) % 9u) + 1; }
static inline int pot_on(int p) { return p & 1; }

static inline void set_add(uint64_t *s, int i) { s[i >> 6] |= (uint64_t)1 << (i & 63); }
static inline int set_has(const uint64_t *s, int i) { return (int)((s[i >> 6] >> (i & 63)) & 1); }

/* why a potential holds (SE's Potential.Cause); CA_NONE = an assumption */
enum { CA_NONE = 0, CA_NAKED, CA_BLOCK, CA_ROW, CA_COL, CA_ADV };

/* the house (sk numbering) a hidden-single cause refers to */
static int cause_house(int cause, int cell) {
  if (cause == CA_BLOCK) return sk_cell_house[cell][2];
  if (cause == CA_ROW) return sk_cell_house[cell][0];
  return sk_cell_house[cell][1];
}

/* ---- the working grid ---- */
typedef struct cgrid {
  sk_mask cand[SK_CELLS];
  sk_bits dpos[9];             /* dpos[d-1]: cells where d is a candidate */
  uint16_t pm[SK_HOUSES][9];   /* pm[h][d-1]: the places of d in house h, bit i
                               ** = sk_house_cell[h][i] (the links and the
                               ** nested rules read these) */
  uint8_t value[SK_CELLS];
  uint8_t nempty[SK_HOUSES];   /* open cells per house (the values never change) */
  uint8_t placed[10];          /* placed[d]: cells holding value d */
} cgrid;

/* where cell c stands in its row, column and block (bit index in pm) */
static const uint8_t cell_pos_tab[SK_CELLS][3] = {
  {0,0,0}, {1,0,1}, {2,0,2}, {3,0,0}, {4,0,1}, {5,0,2}, {6,0,0}, {7,0,1}, {8,0,2},
  {0,1,3}, {1,1,4}, {2,1,5}, {3,1,3}, {4,1,4}, {5,1,5}, {6,1,3}, {7,1,4}, {8,1,5},
  {0,2,6}, {1,2,7}, {2,2,8}, {3,2,6}, {4,2,7}, {5,2,8}, {6,2,6}, {7,2,7}, {8,2,8},
  {0,3,0}, {1,3,1}, {2,3,2}, {3,3,0}, {4,3,1}, {5,3,2}, {6,3,0}, {7,3,1}, {8,3,2},
  {0,4,3}, {1,4,4}, {2,4,5}, {3,4,3}, {4,4,4}, {5,4,5}, {6,4,3}, {7,4,4}, {8,4,5},
  {0,5,6}, {1,5,7}, {2,5,8}, {3,5,6}, {4,5,7}, {5,5,8}, {6,5,6}, {7,5,7}, {8,5,8},
  {0,6,0}, {1,6,1}, {2,6,2}, {3,6,0}, {4,6,1}, {5,6,2}, {6,6,0}, {7,6,1}, {8,6,2},
  {0,7,3}, {1,7,4}, {2,7,5}, {3,7,3}, {4,7,4}, {5,7,5}, {6,7,3}, {7,7,4}, {8,7,5},
  {0,8,6}, {1,8,7}, {2,8,8}, {3,8,6}, {4,8,7}, {5,8,8}, {6,8,6}, {7,8,7}, {8,8,8},
};
static inline int cell_pos(int c, int t) { return cell_pos_tab[c][t]; }

static void cg_from(cgrid *g, const sk_grid *s) {
  memcpy(g->cand, s->cand, sizeof g->cand);
  memcpy(g->dpos, s->dcells, sizeof g->dpos);
  memcpy(g->value, s->value, sizeof g->value);
  for (int h = 0; h < SK_HOUSES; h++) {
    int n = 0;
    for (int i = 0; i < 9; i++) n += g->value[sk_house_cell[h][i]] == 0;
    g->nempty[h] = (uint8_t)n;
  }
  memset(g->placed, 0, sizeof g->placed);
  for (int c = 0; c < SK_CELLS; c++) g->placed[g->value[c]]++;
  memset(g->pm, 0, sizeof g->pm);
  for (int c = 0; c < SK_CELLS; c++)
    for (sk_mask m = g->cand[c]; m; m &= m - 1) {
      int d = sk_mask_first(m);
      for (int t = 0; t < 3; t++) g->pm[sk_cell_house[c][t]][d - 1] |= (uint16_t)(1u << cell_pos(c, t));
    }
}

static inline int cg_has(const cgrid *g, int c, int d) { return (g->cand[c] >> (d - 1)) & 1; }

static inline void cg_remove(cgrid *g, int c, int d) {
  g->cand[c] &= (sk_mask)~SK_BIT(d);
  sk_bits_clear(&g->dpos[d - 1], c);
  for (int t = 0; t < 3; t++) g->pm[sk_cell_house[c][t]][d - 1] &= (uint16_t)~(1u << cell_pos(c, t));
}

/* ---- bit counts ----
** Without -mpopcnt (CHAINS_ARCH=) __builtin_popcount is a library call,
** and with it a table lookup is as fast.  The masks counted are 9 bits (a
** cell's candidates, a house's places): a table, built by the preprocessor
** (n, then n + 1 for each added low bit). */
#define SK_B2(n) n, n + 1, n + 1, n + 2
#define SK_B4(n) SK_B2(n), SK_B2(n + 1), SK_B2(n + 1), SK_B2(n + 2)
#define SK_B6(n) SK_B4(n), SK_B4(n + 1), SK_B4(n + 1), SK_B4(n + 2)
#define SK_B8(n) SK_B6(n), SK_B6(n + 1), SK_B6(n + 1), SK_B6(n + 2)
static const uint8_t bits9[512] = {SK_B8(0), SK_B8(1)};
#undef SK_B2
#undef SK_B4
#undef SK_B6
#undef SK_B8

/* exactly two bits (m < 512), without a branch: the scans meet two-place
** houses and bivalue cells at random, where a branch would be mispredicted */
static inline int two_bits(unsigned m) { return bits9[m] == 2; }

/* the bits of m (m < 512) */
static inline int mask_count(unsigned m) { return bits9[m]; }

static inline sk_bits cg_places(const cgrid *g, int house, int d) {
  return sk_bits_and(g->dpos[d - 1], sk_house_bits[house]);
}

static inline int cg_empty_count(const cgrid *g, int house) { return g->nempty[house]; }

/* ---- the node arena ---- */
typedef struct cnode {
  int16_t pot;
  uint8_t cause;
  uint8_t anc;                 /* what is known of its walk's count: see ANC_EXACT */
  int32_t par, npar;           /* parents: pa[par .. par+npar) (node indexes) */
  int32_t nest;                /* nested hint record (SE's nestedChain), -1 */
} cnode;

/* cnode.anc: the count of a walk from the node (the distinct potentials
** among it and its ancestors), ANC_EXACT | count, or a lower bound of it
** (at most ANC_MAX), so that most hints are rated without a walk.  The
** parents of a node are earlier nodes of its run, which holds each
** potential once: a node counts one more than any parent, exactly one more
** than its only parent.  Not so a contradiction node (left out of the
** run) of a search with nested rules, which can put a potential both on
** and off in a run: its potential may be held already (see target_low).
** The walks learn the rest (anc_learn). */
#define ANC_EXACT 0x80
#define ANC_MAX 0x7F
#define ANC_ONE (ANC_EXACT | 1)        /* an assumption */

/* a new node's anc, from its first parent's */
static inline uint8_t anc_child(uint8_t a) {
  int v = (a & ANC_MAX) + 1;
  if (v > ANC_MAX) return ANC_MAX;
  return (uint8_t)((a & ANC_EXACT) | v);
}

/* a node's anc a when it gets one more parent, whose anc is b */
static inline uint8_t anc_join(uint8_t a, uint8_t b) {
  int v = a & ANC_MAX, w = anc_child(b) & ANC_MAX;
  return (uint8_t)(v > w ? v : w);
}

/* one propagation: nodes [base, end) in insertion order (SE's LinkedSet
** order), plus the contradiction pair when it stopped on one */
typedef struct crun {
  int32_t base, end, pbase;
  int32_t abs_on, abs_off;     /* nodes, or -1 */
  int start;                   /* the assumption */
  uint64_t on[CWORDS], off[CWORDS];   /* set membership by candidate */
} crun;

/* A hint of an inner (nested) search, as getAdvancedPotentials sees it. */
typedef struct ihint {
  double diff;                 /* SE's double difficulty (sort key) */
  int32_t complexity, kind, seq;
  int32_t elim, nelim;         /* OFF potentials (ascending) in ipot[] */
  int32_t rp, nrp;             /* rule parents (OFF potentials) in ipot[] */
  int32_t walk;                /* multi_keep: its walks in wn[] till the search ends, or -1 */
  uint64_t ehash;              /* hash of the eliminations (SE's equals) */
  uint64_t chash;              /* hash of the chains (SE's FullChain) */
} ihint;

/* a nested hint used by a chain: what the outer complexity needs */
typedef struct nrec { int32_t complexity; uint64_t chash; } nrec;

typedef struct chainer chainer;
struct chainer {
  int multiple, dynamic, nishio, level;
  int oom;
  const sk_search *search;     /* for should_stop(), may be NULL */
  int stopped;
  cnode *nd; int32_t nn, ncap;
  int32_t *pa; int32_t np, pcap;
  crun *rn; int32_t nr, rcap;
  int16_t *ix; int32_t ixcap;  /* per run: potential -> node - base, or -1 */
  int32_t onrun[NCAND];        /* cached ON run of each candidate, -1 */
  nrec *nest; int32_t nnest, nestcap;
  /* inner hints (when this chainer serves as a nested rule) */
  ihint *ih; int32_t nih, ihcap;
  int16_t *ipot; int32_t nipot, ipotcap;
  int32_t *ebest;              /* inner multiple search: best hint by elimination set */
  /* scratch for walks */
  int32_t *wq; int32_t wqcap;
  uint16_t wseen[NPOT], wgen;  /* walk's seen potentials */
  int32_t *wn; int32_t nwn, wncap;   /* walks of an inner multiple search's hints */
  struct links *lk;            /* links of a static search's grid, or NULL */
  struct fixed *fx;            /* closures of a static multiple search's grid */
  struct acache *ac;           /* getAdvancedPotentials results by reduced grid */
  struct sscratch *ss;         /* inner static searches' arenas (chain_static.h) */
  struct dclset *dcl;          /* dynamic searches' closures (chain_closure.h) */
  int ac_shared;               /* ac belongs to the step (chains.c), not to ch */
  int src_bare;                /* the search's grid has no producer-21 hint and
                               ** no open cell with one candidate (chains.c) */
  /* the chainers of the nested rules (getAdvancedPotentials) */
  chainer *sub_static, *sub_multi, *sub_dyn, *sub_nested;
};

static int grow(void **p, int32_t *cap, int32_t need, size_t size) {
  if (need <= *cap) return 0;
  int32_t n = *cap ? *cap : 256;
  while (n < need) n *= 2;
  void *q = realloc(*p, (size_t)n * size);
  if (!q) return -1;
  *p = q;
  *cap = n;
  return 0;
}
#define GROW(ch, arr, cap, need) \
  ((need) <= (ch)->cap ? 0 : \
   grow((void **)&(ch)->arr, &(ch)->cap, (need), sizeof *(ch)->arr) ? ((ch)->oom = 1, -1) : 0)

static chainer *chainer_new(int multiple, int dynamic, int nishio, int level) {
  chainer *ch = calloc(1, sizeof *ch);
  if (!ch) return NULL;
  ch->multiple = multiple;
  ch->dynamic = dynamic;
  ch->nishio = nishio;
  ch->level = level;
  return ch;
}

static void acache_free(struct acache *ac);
static void fixed_free(struct fixed *fx);
static void acache_clear(struct acache *ac);
static void sscratch_free(struct sscratch *ss);
static void dcl_free(struct dclset *ds);

static void chainer_free(chainer *ch) {
  if (!ch) return;
  if (!ch->ac_shared) acache_free(ch->ac);
  chainer_free(ch->sub_static);
  chainer_free(ch->sub_multi);
  chainer_free(ch->sub_dyn);
  chainer_free(ch->sub_nested);
  free(ch->nd); free(ch->pa); free(ch->rn); free(ch->ix); free(ch->nest);
  free(ch->ih); free(ch->ipot); free(ch->wq); free(ch->wn);
  free(ch->ebest);
  fixed_free(ch->fx);
  sscratch_free(ch->ss);
  dcl_free(ch->dcl);
  free(ch);
}

/* forget every run (start of a search) */
static void chainer_reset(chainer *ch) {
  if (!ch->ac_shared) acache_clear(ch->ac);
  ch->nn = ch->np = ch->nr = 0;
  ch->nnest = 0;
  ch->nih = ch->nipot = 0;
  for (int k = 0; k < NCAND; k++) ch->onrun[k] = -1;
}

/* one node's fields: its parents are pa[par .. par+npar) */
static inline void node_fill(cnode *n, int pot, int cause, int32_t par, int32_t npar, int32_t nest,
                             uint8_t anc) {
  n->pot = (int16_t)pot;
  n->cause = (uint8_t)cause;
  n->anc = anc;
  n->par = par;
  n->npar = npar;
  n->nest = nest;
}

static inline int32_t nd_new(chainer *ch, int pot, int cause, int32_t nest) {
  if (GROW(ch, nd, ncap, ch->nn + 1)) return -1;
  node_fill(&ch->nd[ch->nn], pot, cause, ch->np, 0, nest, ANC_ONE);
  return ch->nn++;
}

/* add a parent to the node created last */
static inline void nd_par(chainer *ch, int32_t parent) {
  if (parent < 0 || GROW(ch, pa, pcap, ch->np + 1)) return;
  ch->pa[ch->np++] = parent;
  cnode *n = &ch->nd[ch->nn - 1];
  uint8_t b = ch->nd[parent].anc;
  n->anc = n->npar++ ? anc_join(n->anc, b) : anc_child(b);
}

static inline int16_t *run_ix(chainer *ch, int r) { return ch->ix + (size_t)r * NPOT; }

/* The run's on/off sets say whether a potential is in it; only then is its
** ix[] entry (never cleared: most runs are short) meaningful. */
static inline int32_t run_find(chainer *ch, int r, int pot) {
  const crun *R = &ch->rn[r];
  if (!set_has(pot_on(pot) ? R->on : R->off, pot >> 1)) return -1;
  return R->base + run_ix(ch, r)[pot];
}

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
static void run_drop_last(chainer *ch) {
  crun *R = &ch->rn[--ch->nr];
  ch->nn = R->base;
  ch->np = R->pbase;
}

/* put the node created last into run r's sets */
static inline void run_insert(chainer *ch, int r, int32_t node) {
  crun *R = &ch->rn[r];
  int pot = ch->nd[node].pot;
  run_ix(ch, r)[pot] = (int16_t)(node - R->base);
  set_add(pot_on(pot) ? R->on : R->off, pot >> 1);
  R->end = node + 1;
}

/* ---- bit counts of words (mask_count: see bits9) ----
** Not __builtin_popcountll: a library call without -mpopcnt, and with it
** (-march=native) no faster here, as measured. */
static inline int pop64(uint64_t v) {
  v = v - ((v >> 1) & 0x5555555555555555ull);
  v = (v & 0x3333333333333333ull) + ((v >> 2) & 0x3333333333333333ull);
  v = (v + (v >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  return (int)((v * 0x0101010101010101ull) >> 56);
}

/* ---- the implication rules (SE's getOnToOff / getOffToOn) ---- */

typedef struct derived { int16_t pot; uint8_t cause; uint8_t spare; } derived;

/* ON -> OFF, in SE's order: the cell's other values (Y), then the peers
** holding the digit: block, row outside the block, column outside it. */
static int gen_off(const cgrid *g, int p, int ylinks, derived *out) {
  int c = pot_cell(p), d = pot_digit(p), n = 0;
  if (ylinks)
    for (sk_mask m = g->cand[c] & (sk_mask)~SK_BIT(d); m; m &= m - 1) {
      out[n].pot = (int16_t)pot_make(c, sk_mask_first(m), 0);
      out[n++].cause = CA_NAKED;
    }
  int bx = sk_cell_house[c][2];
  sk_bits box = sk_house_bits[bx];
  sk_bits in[3];
  in[0] = sk_bits_and(g->dpos[d - 1], box);
  sk_bits_clear(&in[0], c);
  in[1] = sk_bits_andnot(sk_bits_and(g->dpos[d - 1], sk_house_bits[sk_cell_house[c][0]]), box);
  in[2] = sk_bits_andnot(sk_bits_and(g->dpos[d - 1], sk_house_bits[sk_cell_house[c][1]]), box);
  static const uint8_t cause[3] = {CA_BLOCK, CA_ROW, CA_COL};
  for (int k = 0; k < 3; k++)
    for (int x; (x = sk_bits_pop(&in[k])) >= 0; ) {
      out[n].pot = (int16_t)pot_make(x, d, 0);
      out[n++].cause = cause[k];
    }
  return n;
}

/* OFF -> ON, in SE's order: bivalue cell (Y), then block, row, column with
** two places (X).  A cell reached twice (block and line) counts once. */
static inline int gen_on(const cgrid *g, int p, int ylinks, int xlinks, derived *out) {
  int c = pot_cell(p), d = pot_digit(p), n = 0;
  sk_mask m = g->cand[c];
  if (ylinks && two_bits(m)) {
    int v = sk_mask_first(m);
    if (v == d) v = sk_mask_first(m & (sk_mask)(m - 1));
    out[n].pot = (int16_t)pot_make(c, v, 1);
    out[n++].cause = CA_NAKED;
  }
  if (xlinks) {
    static const uint8_t order[3] = {2, 0, 1};          /* block, row, column */
    static const uint8_t cause[3] = {CA_BLOCK, CA_ROW, CA_COL};
    int first_x = -1;
    for (int k = 0; k < 3; k++) {
      int h = sk_cell_house[c][order[k]];
      unsigned pm = g->pm[h][d - 1];
      if (!two_bits(pm)) continue;
      int x = sk_house_cell[h][__builtin_ctz(pm)];
      if (x == c) x = sk_house_cell[h][__builtin_ctz(pm & (pm - 1))];
      if (x == first_x) continue;
      if (k == 0) first_x = x;
      out[n].pot = (int16_t)pot_make(x, d, 1);
      out[n++].cause = cause[k];
    }
  }
  return n;
}

/* The links of a grid that does not change (static searches), worked out
** once: per candidate, the ON potentials an OFF one gives (Y part first)
** and, for static multiple chains, the OFF potentials an ON one gives (Y
** part first, each list made when first needed). */
typedef struct links {
  int has_off;                 /* off[] kept (filled on first use: links_off_of) */
  sk_bits ylive[9], xlive[9];  /* by digit: the cells whose OFF potential gives
                               ** an ON one by a Y link, by an X link */
  uint8_t offok[NCAND];        /* off[k] filled */
  uint8_t noy[NCAND], nox[NCAND], nny[NCAND], nnx[NCAND];
  derived off[NCAND][28];
  derived on[NCAND][4];
} links;

/* The table is filled as gen_on would, from the strong links themselves:
** bivalue cells first (the Y part), then the houses where a digit has two
** places, blocks, rows, columns (each list's X part in gen_on's order).  A
** line pair that repeats the block pair of the same cells counts once. */
/* append a strong link to candidate k's list (the counts say where) */
static inline void links_add(links *L, int k, int pot, int cause) {
  derived *e = &L->on[k][L->nny[k] + L->nnx[k]];
  e->pot = (int16_t)pot;
  e->cause = (uint8_t)cause;
  e->spare = 0;
}


/* fill L from g (L is reused by the inner static searches) */
static void links_fill(links *L, const cgrid *g, int with_off) {
  L->has_off = with_off;
  memset(L->nny, 0, sizeof L->nny);
  memset(L->nnx, 0, sizeof L->nnx);
  memset(L->ylive, 0, sizeof L->ylive);
  memset(L->xlive, 0, sizeof L->xlive);
  /* the bivalue cells, then the two-place houses (by digit, blocks first),
  ** listed first and linked after */
  uint8_t cells[SK_CELLS];
  uint16_t hd[SK_HOUSES * 9];
  int n = 0;
  for (int c = 0; c < SK_CELLS; c++) {
    cells[n] = (uint8_t)c;
    n += two_bits(g->cand[c]);
  }
  for (int i = 0; i < n; i++) {
    int c = cells[i];
    sk_mask m = g->cand[c];
    int a = sk_mask_first(m), b = sk_mask_first(m & (sk_mask)(m - 1));
    sk_bits_set(&L->ylive[a - 1], c);
    sk_bits_set(&L->ylive[b - 1], c);
    links_add(L, c * 9 + a - 1, pot_make(c, b, 1), CA_NAKED);
    links_add(L, c * 9 + b - 1, pot_make(c, a, 1), CA_NAKED);
    L->nny[c * 9 + a - 1] = L->nny[c * 9 + b - 1] = 1;
  }
  static const uint8_t first[3] = {18, 0, 9};          /* blocks, rows, columns */
  static const uint8_t cause[3] = {CA_BLOCK, CA_ROW, CA_COL};
  n = 0;
  for (int t = 0; t < 3; t++)
    for (int h = first[t]; h < first[t] + 9; h++)
      for (int d = 0; d < 9; d++) {
        hd[n] = (uint16_t)(t << 12 | h << 4 | d);
        n += two_bits(g->pm[h][d]);
      }
  for (int i = 0; i < n; i++) {
    int t = hd[i] >> 12, h = (hd[i] >> 4) & 0xFF, d = (hd[i] & 15) + 1;
    unsigned pm = g->pm[h][d - 1];
    int a = sk_house_cell[h][__builtin_ctz(pm)];
    int b = sk_house_cell[h][__builtin_ctz(pm & (pm - 1))];
    int ka = a * 9 + d - 1, kb = b * 9 + d - 1;
    sk_bits_set(&L->xlive[d - 1], a);
    sk_bits_set(&L->xlive[d - 1], b);
    /* a line pair of two cells of one block repeats the block pair */
    int bx = sk_cell_house[a][2];
    if (t && bx == sk_cell_house[b][2] && two_bits(g->pm[bx][d - 1])) continue;
    links_add(L, ka, pot_make(b, d, 1), cause[t]);
    L->nnx[ka]++;
    links_add(L, kb, pot_make(a, d, 1), cause[t]);
    L->nnx[kb]++;
  }
  if (with_off) memset(L->offok, 0, sizeof L->offok);
}

static links *links_new(const cgrid *g, int with_off) {
  links *L = malloc(sizeof *L);
  if (L) links_fill(L, g, with_off);
  return L;
}

/* the ON -> OFF list of candidate k (Y part first), worked out once */
static inline const derived *links_off_of(links *L, const cgrid *g, int k) {
  if (!L->offok[k]) {
    int c = k / 9, d = k % 9 + 1, ny = 0;
    for (sk_mask y = g->cand[c] & (sk_mask)~SK_BIT(d); y; y &= y - 1) {
      L->off[k][ny].pot = (int16_t)pot_make(c, sk_mask_first(y), 0);
      L->off[k][ny++].cause = CA_NAKED;
    }
    L->noy[k] = (uint8_t)ny;
    L->nox[k] = (uint8_t)gen_off(g, pot_make(c, d, 0), 0, L->off[k] + ny);
    L->offok[k] = 1;
  }
  return L->off[k];
}

/* the derived potentials of p: from the table when there is one */
static inline int links_on(const links *L, const cgrid *g, int p, int ylinks, int xlinks,
                           derived *buf, const derived **out) {
  if (!L) { *out = buf; return gen_on(g, p, ylinks, xlinks, buf); }
  int k = p >> 1;
  *out = L->on[k] + (ylinks ? 0 : L->nny[k]);
  return (ylinks ? L->nny[k] : 0) + (xlinks ? L->nnx[k] : 0);
}

static int advanced(chainer *ch, int r, const cgrid *g, const cgrid *src,
                    int32_t *qoff, int *nqoff);

/* the runs of a static multiple search: a fixed grid with tabled links */
static inline int fixed_grid(const chainer *ch) {
  return !ch->dynamic && !ch->level && ch->lk && ch->lk->has_off;
}

/*
** run_chain on a fixed grid (static multiple chains, here and as a nested
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

/* ON p: the OFF potentials it gives (gen_off's order); 1 on a contradiction */
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
static int run_chain(chainer *ch, const cgrid *g0, int start) {
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
  ** turns (ch's are synced around advanced() and on return) */
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
      advanced(ch, r, g, g0, qoff, &noff);
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

/* ---- walking a chain's ancestors (SE's getChain / getAncestorCount) ----
** Layered breadth-first order over parents, each potential once: a FIFO
** that checks "seen" when a node is taken reproduces it exactly.  A walk
** lists the nodes in that order; the chain's hash, nested records and rule
** parents are read from the list (chain_multi.h). */

static uint64_t mix64(uint64_t h, uint64_t v) {
  h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
  h *= 0xBF58476D1CE4E5B9ull;
  return h ^ (h >> 31);
}

/* rule-parent collection (SE's collectRuleParents) */
typedef struct rpctx {
  const cgrid *src, *cur;      /* the outer chain's initial and current grid */
  int root_cause;              /* cause given to assumptions (cell/region chains) */
  uint64_t seen[CWORDS];
  int16_t *out; int n, cap;
} rpctx;

static void rp_add(rpctx *rp, int c, int d) {
  int k = c * 9 + d - 1;
  if (set_has(rp->seen, k)) return;
  set_add(rp->seen, k);
  if (rp->n < rp->cap) rp->out[rp->n++] = (int16_t)pot_make(c, d, 0);
}

static void rp_collect(rpctx *rp, int pot, int cause) {
  if (!pot_on(pot)) return;
  if (cause == CA_NONE) cause = rp->root_cause;
  if (cause == CA_NONE || cause == CA_ADV) return;
  int c = pot_cell(pot), d = pot_digit(pot);
  if (cause == CA_NAKED) {
    for (sk_mask m = rp->src->cand[c] & (sk_mask)~rp->cur->cand[c]; m; m &= m - 1)
      rp_add(rp, c, sk_mask_first(m));
  } else {
    /* the places of d the outer chain removed from the house, in house
    ** order: the per-house masks spare testing the nine cells */
    int h = cause_house(cause, c);
    unsigned gone = (unsigned)rp->src->pm[h][d - 1] & ~(unsigned)rp->cur->pm[h][d - 1];
    for (; gone; gone &= gone - 1) rp_add(rp, sk_house_cell[h][__builtin_ctz(gone)], d);
  }
}

/* Walk from node t: its visit order in q[] (room for NPOT), and the
** count; or, past a bound >= 0, a number > bound that the count is at
** least (every node queued is visited).  A potential is marked when first
** queued: the queue then holds the first occurrences that a check when
** taken would keep, in the same order, and no more. */
static int walk(chainer *ch, int32_t t, int bound, int32_t *restrict q) {
  const cnode *nd = ch->nd;
  const int32_t *pa = ch->pa;
  int32_t stop = bound >= 0 ? bound : INT32_MAX;
  /* seen: wseen[pot] == this walk's number (no set to clear) */
  uint16_t *seen = ch->wseen, gen = ++ch->wgen;
  if (gen == 0) {
    memset(ch->wseen, 0, sizeof ch->wseen);
    gen = ch->wgen = 1;
  }
  int32_t head = 0, tail = 0;
  q[tail++] = t;
  seen[nd[t].pot] = gen;
  while (head < tail && tail <= stop) {
    const cnode *n = &nd[q[head++]];
    for (const int32_t *p = pa + n->par, *e = p + n->npar; p < e; p++) {
      int py = nd[*p].pot;
      if (seen[py] == gen) continue;
      seen[py] = gen;
      q[tail++] = *p;
    }
  }
  return tail;
}

/* what a walk from node n (bounded: count > bound, or not) showed */
static inline void anc_learn(cnode *n, int count, int bound) {
  if (n->anc & ANC_EXACT) return;
  if ((bound < 0 || count <= bound) && count <= ANC_MAX) n->anc = (uint8_t)(ANC_EXACT | count);
  else if (count > n->anc) n->anc = (uint8_t)(count > ANC_MAX ? ANC_MAX : count);
}

/* The sum of the complexities of the distinct nested chains (SE's
** FullChain set, by chain hash) that the n walked nodes q[] carry; -1 out
** of memory.  A hint's walk can meet well over a hundred such nodes: a
** hash set, on the stack while it fits. */
static int32_t nested_sum(const chainer *ch, const int32_t *q, int32_t n) {
  int32_t m = 0;
  for (int32_t i = 0; i < n; i++) m += ch->nd[q[i]].nest >= 0;
  if (!m) return 0;
  int32_t local[256], *set = local;            /* nest ids, -1 free */
  uint32_t cap = 16;
  while (cap < 2u * (uint32_t)m) cap *= 2;
  if (cap > 256 && !(set = malloc(cap * sizeof *set))) return -1;
  memset(set, 0xFF, cap * sizeof *set);
  int32_t sum = 0;
  for (int32_t i = 0; i < n; i++) {
    int32_t id = ch->nd[q[i]].nest;
    if (id < 0) continue;
    uint64_t h = ch->nest[id].chash;
    uint32_t at = (uint32_t)(h ^ h >> 29) & (cap - 1);
    while (set[at] >= 0 && ch->nest[set[at]].chash != h) at = (at + 1) & (cap - 1);
    if (set[at] >= 0) continue;
    set[at] = id;
    sum += ch->nest[id].complexity;
  }
  if (set != local) free(set);
  return sum;
}

static int32_t nest_new(chainer *ch, int complexity, uint64_t chash) {
  if (GROW(ch, nest, nestcap, ch->nnest + 1)) return -1;
  ch->nest[ch->nnest].complexity = complexity;
  ch->nest[ch->nnest].chash = chash;
  return ch->nnest++;
}

/* ---- hints of an inner (nested) search ---- */

static int ih_push_pot(chainer *ch, int pot) {
  if (GROW(ch, ipot, ipotcap, ch->nipot + 1)) return -1;
  ch->ipot[ch->nipot++] = (int16_t)pot;
  return 0;
}

static uint64_t elim_hash(const int16_t *p, int n) {
  uint64_t h = 0x1234567;
  for (int i = 0; i < n; i++) h = mix64(h, (uint64_t)p[i]);
  return h;
}

static ihint *ih_new(chainer *ch) {
  if (GROW(ch, ih, ihcap, ch->nih + 1)) return NULL;
  ihint *h = &ch->ih[ch->nih++];
  memset(h, 0, sizeof *h);
  return h;
}

/* rule parents of an ihint under construction go straight into ipot[] */
static void rp_begin(rpctx *rp, chainer *ch, const cgrid *src, const cgrid *cur, int root_cause) {
  memset(rp, 0, sizeof *rp);
  rp->src = src;
  rp->cur = cur;
  rp->root_cause = root_cause;
  if (GROW(ch, ipot, ipotcap, ch->nipot + NCAND)) { rp->cap = 0; return; }
  rp->out = ch->ipot + ch->nipot;
  rp->cap = NCAND;
}

/* SE's getLengthDifficulty in its own double arithmetic: the bonus added
** to a chain's base for its complexity (n = complexity - 2 above 4, 6, 8,
** 12, ...).  Only used to order the hints of inner searches exactly as SE
** sorts them and to break float ties; ratings come from the table. */
static double se_length_bonus(int complexity) {
  double added = 0.0;
  int ceil = 4, length = complexity - 2, odd = 0;
  while (length > ceil) {
    added += 0.1;
    ceil = odd ? (ceil * 4) / 3 : (ceil * 3) / 2;
    odd = !odd;
  }
  return added;
}

#endif
