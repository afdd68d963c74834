/*
** aligned_exclusion.c -- Aligned Pair and Aligned Triplet Exclusion.
**
** Techniques (ids of the rating table):
**   aligned-pair-exclusion     two base cells
**   aligned-triple-exclusion   three base cells
** A combination of values for the base cells is impossible when two base
** cells that see each other take the same value, or when it takes every
** candidate of an "excluder", a cell seeing all base cells.  A candidate
** of a base cell that no possible combination uses is removed.
**
** Search and order follow Sudoku Explainer 1.2.1.3:
**   - base cells: cells with 2+ candidates, in row-major order, that have
**     no peer with a single candidate and at least one excluder among
**     their peers: cells with 2 candidates (pairs) or 2..3 (triplets);
**   - the base cells need not share a house;
**   - pairs of base cells in increasing bitmask order of their indexes
**     in that list ((0,1), (0,2), (1,2), (0,3)...);
**   - triplets: the third cell comes from the first two cells' excluders
**     that are base cells themselves (the first cell's in its peer order,
**     then the second's), in that order;
**   - a set needs at least two common excluders.
** The first set that removes something gives the hint.  SE meets most
** triplets more than once (from different pairs); a repeat can only give
** what the first meeting gave, so it is skipped.
*/
#include <string.h>
#include "sk_plugin.h"

#define NTRIPLETS 85320        /* C(81,3): sets of three base cells */

typedef struct params {
  int degree;                  /* 2 or 3 */
  const char *name;
} params;

typedef struct ae_ctx {
  const sk_search *s;
  const sk_grid *g;
  int degree;
  int base[SK_CELLS];          /* base cells, row-major */
  int nbase;
  sk_bits is_base;
  sk_bits excl[SK_CELLS];      /* excluders of each base cell */
  int8_t ncand[SK_CELLS];      /* candidate count of each cell */
  int8_t index[SK_CELLS];      /* position in base[], -1 if not a base cell */
  uint64_t tried[(NTRIPLETS + 63) / 64];  /* triplets already tried */
} ae_ctx;

static int sees(int a, int b) { return sk_bits_has(&sk_peer_bits[a], b); }

/* At least two cells in the set (no popcount: it is a library call on
** plain x86-64). */
static int two_or_more(sk_bits b) {
  return (b.w[0] & (b.w[0] - 1)) || (b.w[1] & (b.w[1] - 1)) || (b.w[0] && b.w[1]);
}

/* Base cells and their excluders. */
static void find_bases(ae_ctx *c) {
  const sk_grid *g = c->g;
  c->nbase = 0;
  c->is_base.w[0] = c->is_base.w[1] = 0;
  for (int cell = 0; cell < SK_CELLS; cell++) {
    c->ncand[cell] = (int8_t)sk_mask_count(g->cand[cell]);
    c->index[cell] = -1;
  }
  for (int cell = 0; cell < SK_CELLS; cell++) {
    if (c->ncand[cell] < 2) continue;
    sk_bits ex = {{0, 0}};
    int single = 0;
    for (int i = 0; i < SK_PEERS; i++) {
      int p = sk_peer[cell][i], n = c->ncand[p];
      if (n == 1) single = 1;
      else if (n >= 2 && n <= c->degree) sk_bits_set(&ex, p);
    }
    if (single || sk_bits_empty(ex)) continue;
    c->index[cell] = (int8_t)c->nbase;
    c->base[c->nbase++] = cell;
    sk_bits_set(&c->is_base, cell);
    c->excl[cell] = ex;
  }
}

/* Excluders of one set of base cells, ready for the combination test:
** two[x] = values y such that some excluder is exactly {x,y}; three[] =
** the excluders with three values. */
typedef struct excl_set {
  sk_mask two[10];
  sk_mask three[SK_PEERS];
  int nthree;
} excl_set;

/* Values z for which {v0,v1,z} is a three-value excluder (v0 != v1). */
static sk_mask three_kills(const excl_set *e, sk_mask pair) {
  sk_mask z = 0;
  for (int i = 0; i < e->nthree; i++)
    if ((e->three[i] & pair) == pair) z |= (sk_mask)(e->three[i] & ~pair);
  return z;
}

/* Values of each base cell used by at least one possible combination,
** the last cell's values taken a whole mask at a time.  Stops early once
** every candidate is known to be usable. */
static void usable(const ae_ctx *c, const int *cells, const excl_set *e, sk_mask ok[3]) {
  const sk_grid *g = c->g;
  sk_mask c0 = g->cand[cells[0]], c1 = g->cand[cells[1]];
  sk_mask c2 = c->degree == 3 ? g->cand[cells[2]] : 0;
  int s01 = sees(cells[0], cells[1]);
  int s02 = c->degree == 3 && sees(cells[0], cells[2]);
  int s12 = c->degree == 3 && sees(cells[1], cells[2]);
  for (sk_mask m0 = c0; m0; m0 &= m0 - 1) {
    int v0 = sk_mask_first(m0);
    sk_mask b0 = SK_BIT(v0);
    sk_mask a1 = (sk_mask)(c1 & ~e->two[v0] & ~(s01 ? b0 : 0));
    if (c->degree == 2) {
      if (a1) { ok[0] |= b0; ok[1] |= a1; }
      continue;
    }
    for (sk_mask m1 = a1; m1; m1 &= m1 - 1) {
      sk_mask b1 = SK_BIT(sk_mask_first(m1));
      sk_mask a2 = (sk_mask)(c2 & ~e->two[v0] & ~e->two[sk_mask_first(m1)]
                             & ~(s02 ? b0 : 0) & ~(s12 ? b1 : 0));
      if (b0 != b1) a2 &= (sk_mask)~three_kills(e, (sk_mask)(b0 | b1));
      if (!a2) continue;
      ok[0] |= b0;
      ok[1] |= b1;
      ok[2] |= a2;
    }
    if (ok[0] == c0 && ok[1] == c1 && ok[2] == c2) return;
  }
}

/* Try one set of base cells with their common excluders (two or more);
** nonzero when the search must stop. */
static int try_set(const ae_ctx *c, const int *cells, sk_bits common) {
  const sk_grid *g = c->g;
  int n = c->degree;
  excl_set e;
  for (int d = 0; d <= 9; d++) e.two[d] = 0;
  e.nthree = 0;
  for (int x; (x = sk_bits_pop(&common)) >= 0; ) {
    sk_mask m = g->cand[x];
    if (c->ncand[x] == 3) { e.three[e.nthree++] = m; continue; }
    int a = sk_mask_first(m), b = sk_mask_first((sk_mask)(m & (m - 1)));
    e.two[a] |= SK_BIT(b);
    e.two[b] |= SK_BIT(a);
  }
  sk_mask ok[3] = {0, 0, 0};
  usable(c, cells, &e, ok);
  int any = 0;
  for (int i = 0; i < n; i++) any |= (g->cand[cells[i]] & ~ok[i]) != 0;
  if (!any) return 0;
  const params *p = c->s->data;
  sk_hint h;
  c->s->host->hint_init(&h);
  h.name = p->name;
  h.fig[SK_FIG_SIZE] = n;
  c->s->host->hint_printf(&h, "%s: ", p->name);
  for (int i = 0; i < n; i++) {
    h.elim[cells[i]] = (sk_mask)(g->cand[cells[i]] & ~ok[i]);
    h.focus[cells[i]] = g->cand[cells[i]];
    c->s->host->hint_printf(&h, "%sr%dc%d", i ? "," : "", cells[i] / 9 + 1, cells[i] % 9 + 1);
  }
  return c->s->host->emit(c->s, &h);
}

/* True if the triplet of base cells was tried already (and marks it). */
static int tried_before(ae_ctx *c, int x, int y, int z) {
  int p = c->index[x], q = c->index[y], r = c->index[z], t;
  if (p > q) { t = p; p = q; q = t; }
  if (q > r) { t = q; q = r; r = t; }
  if (p > q) { t = p; p = q; q = t; }
  int key = r * (r - 1) * (r - 2) / 6 + q * (q - 1) / 2 + p;
  uint64_t bit = (uint64_t)1 << (key & 63);
  if (c->tried[key >> 6] & bit) return 1;
  c->tried[key >> 6] |= bit;
  return 0;
}

/* Triplets from the pair (a, b): third cells are their excluders that are
** base cells, a's in peer order, then b's. */
static int triplets(ae_ctx *c, int a, int b) {
  sk_bits common = sk_bits_and(c->excl[a], c->excl[b]);
  if (!two_or_more(common)) return 0;      /* none for any third cell */
  sk_bits done = {{0, 0}};
  sk_bits_set(&done, a);
  sk_bits_set(&done, b);
  const int pair[2] = {a, b};
  for (int k = 0; k < 2; k++) {
    int x0 = pair[k];
    sk_bits next = sk_bits_andnot(sk_bits_and(c->excl[x0], c->is_base), done);
    done = sk_bits_or(done, next);
    /* peer order = block cells, then the rest of the row, then of the
    ** column, each ascending */
    sk_bits box = sk_house_bits[sk_cell_house[x0][2]];
    sk_bits part[3];
    part[0] = sk_bits_and(next, box);
    part[1] = sk_bits_andnot(sk_bits_and(next, sk_house_bits[sk_cell_house[x0][0]]), box);
    part[2] = sk_bits_andnot(sk_bits_and(next, sk_house_bits[sk_cell_house[x0][1]]), box);
    for (int q = 0; q < 3; q++)
      for (int x; (x = sk_bits_pop(&part[q])) >= 0; ) {
        sk_bits all = sk_bits_and(common, c->excl[x]);
        if (!two_or_more(all) || tried_before(c, a, b, x)) continue;
        const int cells[3] = {a, b, x};
        if (try_set(c, cells, all)) return 1;
      }
  }
  return 0;
}

static int search(const sk_search *s) {
  const params *p = s->data;
  ae_ctx c;
  c.s = s;
  c.g = s->grid;
  c.degree = p->degree;
  find_bases(&c);
  if (c.degree == 3) memset(c.tried, 0, sizeof c.tried);
  for (int j = 1; j < c.nbase; j++)
    for (int i = 0; i < j; i++) {
      int a = c.base[i], b = c.base[j];
      if (c.degree == 3) {
        if (triplets(&c, a, b)) return SK_SEARCH_STOPPED;
        continue;
      }
      sk_bits common = sk_bits_and(c.excl[a], c.excl[b]);
      const int cells[2] = {a, b};
      if (two_or_more(common) && try_set(&c, cells, common)) return SK_SEARCH_STOPPED;
    }
  return SK_SEARCH_DONE;
}

static const params kinds[] = {
  {2, "Aligned Pair Exclusion"},
  {3, "Aligned Triplet Exclusion"},
};
static const char *const ids[] = {"aligned-pair-exclusion", "aligned-triple-exclusion"};

SK_PLUGIN_ENTRY(aligned_exclusion) {
  SK_PLUGIN_CHECK(host, reg);
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
    sk_technique t = {ids[i], kinds[i].name, 0, search, &kinds[i]};
    if (host->register_technique(reg, &t) != 0) return SK_PLUGIN_ERROR;
  }
  return SK_PLUGIN_OK;
}
