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
**
** A set's answer depends only on the candidates of its cells and of the
** cells that see them all (its excluders).  When the search found nothing
** on an earlier grid of the rating, kept as rating data, a set none of
** whose cells or common peers changed since was tried then (it has the
** same two excluders, so its cells were base cells) and removed nothing:
** it is skipped.  That grid must have had no naked single, which could
** have kept a cell out of the base cells (no table asks this technique
** before the singles, but one could).  The rating calls the search on
** every step that gets this far, each grid a part of the last, so most
** sets are skipped.
*/
#include <stdlib.h>
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
  int emitted;                 /* a hint was emitted */
  int has_single;              /* some open cell has one candidate */
  int incremental;             /* an earlier grid gave nothing: changed is set */
  sk_bits changed;             /* cells whose candidates changed since */
} ae_ctx;

/* Could the set's answer differ from the earlier grid's (nothing)? */
static int set_changed(const ae_ctx *c, const int *cells, int n) {
  if (!c->incremental) return 1;
  sk_bits common = sk_peer_bits[cells[0]], own = {{0, 0}};
  for (int i = 0; i < n; i++) {
    if (i) common = sk_bits_and(common, sk_peer_bits[cells[i]]);
    sk_bits_set(&own, cells[i]);
  }
  return !sk_bits_empty(sk_bits_and(c->changed, sk_bits_or(common, own)));
}

static int sees(int a, int b) { return sk_bits_has(&sk_peer_bits[a], b); }

/* At least two cells in the set (no popcount: it is a library call on
** plain x86-64). */
static int two_or_more(sk_bits b) {
  return (b.w[0] & (b.w[0] - 1)) || (b.w[1] & (b.w[1] - 1)) || (b.w[0] && b.w[1]);
}

/* Base cells and their excluders, with bitboards: cells with one
** candidate, cells that can be excluders, cells with two or more. */
static void find_bases(ae_ctx *c) {
  const sk_grid *g = c->g;
  sk_bits one = {{0, 0}}, can_excl = {{0, 0}}, multi = {{0, 0}};
  c->nbase = 0;
  c->is_base = one;
  for (int cell = 0; cell < SK_CELLS; cell++) {
    int n = sk_mask_count(g->cand[cell]);
    c->ncand[cell] = (int8_t)n;
    c->index[cell] = -1;
    if (n == 1) sk_bits_set(&one, cell);
    else if (n >= 2) {
      sk_bits_set(&multi, cell);
      if (n <= c->degree) sk_bits_set(&can_excl, cell);
    }
  }
  c->has_single = !sk_bits_empty(one);
  for (int cell; (cell = sk_bits_pop(&multi)) >= 0; ) {
    const sk_bits *peers = &sk_peer_bits[cell];
    if (!sk_bits_empty(sk_bits_and(*peers, one))) continue;
    sk_bits ex = sk_bits_and(*peers, can_excl);
    if (sk_bits_empty(ex)) continue;
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

/* The excluder set of some common excluders. */
static void make_excl(const ae_ctx *c, sk_bits common, excl_set *e) {
  for (int d = 0; d <= 9; d++) e->two[d] = 0;
  e->nthree = 0;
  for (int x; (x = sk_bits_pop(&common)) >= 0; ) {
    sk_mask m = c->g->cand[x];
    if (c->ncand[x] == 3) { e->three[e->nthree++] = m; continue; }
    int a = sk_mask_first(m), b = sk_mask_first((sk_mask)(m & (m - 1)));
    e->two[a] |= SK_BIT(b);
    e->two[b] |= SK_BIT(a);
  }
}

/* Values z that a three-value excluder forbids next to value v, given
** rest[] = the excluders holding some first value, less that value. */
static sk_mask three_with(const sk_mask *rest, int nrest, sk_mask v) {
  sk_mask z = 0;
  for (int i = 0; i < nrest; i++)
    if (rest[i] & v) z |= (sk_mask)(rest[i] & ~v);
  return z;
}

/* Three-value excluders holding the value b, less b. */
static int three_rest(const excl_set *e, sk_mask b, sk_mask *rest) {
  int n = 0;
  for (int i = 0; i < e->nthree; i++)
    if (e->three[i] & b) rest[n++] = (sk_mask)(e->three[i] & ~b);
  return n;
}

/* All of a cell's values when the condition holds, else none: turns a
** "these two cells see each other" flag into a mask. */
static sk_mask if_sees(int a, int b) { return sees(a, b) ? SK_ALL_DIGITS : 0; }

/* Pairs: values of each cell used by at least one possible combination. */
static void usable2(const ae_ctx *c, const int *cells, const excl_set *e, sk_mask ok[3]) {
  const sk_grid *g = c->g;
  sk_mask c0 = g->cand[cells[0]], c1 = g->cand[cells[1]];
  sk_mask s01 = if_sees(cells[0], cells[1]);
  for (sk_mask m0 = c0; m0; m0 &= m0 - 1) {
    int v0 = sk_mask_first(m0);
    sk_mask b0 = SK_BIT(v0);
    sk_mask a1 = (sk_mask)(c1 & ~e->two[v0] & ~(b0 & s01));
    if (a1) { ok[0] |= b0; ok[1] |= a1; }
  }
}

/* Triplets: the same, the third cell's values taken a whole mask at a
** time.  What the second cell's value leaves to the third does not
** depend on the first cell's, so it is worked out once; once the second
** and third cells are fully used, a first-cell value needs only one
** witness; and the search ends as soon as every candidate is used (the
** usual case: most sets eliminate nothing). */
static void usable3(const ae_ctx *c, const int *cells, const excl_set *e, sk_mask ok[3]) {
  const sk_grid *g = c->g;
  sk_mask c0 = g->cand[cells[0]], c1 = g->cand[cells[1]], c2 = g->cand[cells[2]];
  sk_mask s01 = if_sees(cells[0], cells[1]);
  sk_mask s02 = if_sees(cells[0], cells[2]);
  sk_mask s12 = if_sees(cells[1], cells[2]);
  sk_mask left[10];            /* third-cell values a second-cell value allows */
  for (sk_mask m1 = c1; m1; m1 &= m1 - 1) {
    int v1 = sk_mask_first(m1);
    left[v1] = (sk_mask)(c2 & ~e->two[v1] & ~(SK_BIT(v1) & s12));
  }
  for (sk_mask m0 = c0; m0; m0 &= m0 - 1) {
    int v0 = sk_mask_first(m0);
    sk_mask b0 = SK_BIT(v0);
    sk_mask a1 = (sk_mask)(c1 & ~e->two[v0] & ~(b0 & s01));
    sk_mask a2 = (sk_mask)(c2 & ~e->two[v0] & ~(b0 & s02));
    if (!a1 || !a2) continue;
    /* three-value excluders holding v0, less v0: {v1,z} kills z for v1 */
    sk_mask rest[SK_PEERS];
    int nrest = three_rest(e, b0, rest);
    for (sk_mask m1 = a1; m1; m1 &= m1 - 1) {
      int v1 = sk_mask_first(m1);
      sk_mask b1 = SK_BIT(v1);
      sk_mask a = (sk_mask)(a2 & left[v1] & ~three_with(rest, nrest, b1));
      if (!a) continue;
      ok[0] |= b0;
      ok[1] |= b1;
      ok[2] |= a;
      if (ok[1] == c1 && ok[2] == c2) break;
    }
    if (ok[0] == c0 && ok[1] == c1 && ok[2] == c2) return;
  }
}

/* Try one set of base cells with their common excluders (two or more);
** nonzero when the search must stop. */
static int try_set(ae_ctx *c, const int *cells, sk_bits common) {
  const sk_grid *g = c->g;
  int n = c->degree;
  excl_set e;
  make_excl(c, common, &e);
  sk_mask ok[3] = {0, 0, 0};
  if (n == 2) usable2(c, cells, &e, ok);
  else usable3(c, cells, &e, ok);
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
  c->emitted = 1;
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

/* A bound for the triplets of a pair of base cells a, b, worked out
** once for the pair with all its common excluders.  A triplet's
** excluders are some of these, and fewer excluders forbid fewer
** combinations, so what the pair's excluders cannot remove, the
** triplet's cannot either.  For each combination (v0, v1) of a and b
** that they allow, kill = the values of the third cell that forbid it:
** two[v0] | two[v1] | three-value excluders with v0 and v1, plus v0 if
** the third cell sees a and v1 if it sees b.  Then:
**   v0 leaves a only if the third cell's candidates lie in kill for
**     every allowed v1 (and likewise for b's values);
**   a third cell's value leaves it only if it is in every kill.
** The "sees" terms are kept apart ([sees a][sees b]) so the bound stays
** tight for each third cell. */
typedef struct bound {
  sk_mask ca, cb;
  sk_mask two_a[10], two_b[10];  /* two[v] for the values of a and b */
  sk_mask wa[10][2];     /* value of a: common part of kill, [sees b] */
  sk_mask wb[10][2];     /* value of b: common part of kill, [sees a] */
  sk_mask z[2][2];       /* every kill, [sees a][sees b] */
} bound;

static void make_bound(const ae_ctx *c, int a, int b, sk_bits common, bound *bd) {
  excl_set e;
  make_excl(c, common, &e);
  sk_mask ca = c->g->cand[a], cb = c->g->cand[b], sab = if_sees(a, b);
  bd->ca = ca;
  bd->cb = cb;
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++) bd->z[i][j] = SK_ALL_DIGITS;
  for (sk_mask m = ca; m; m &= m - 1) {
    int v = sk_mask_first(m);
    bd->two_a[v] = e.two[v];
    bd->wa[v][0] = bd->wa[v][1] = SK_ALL_DIGITS;
  }
  for (sk_mask m = cb; m; m &= m - 1) {
    int v = sk_mask_first(m);
    bd->two_b[v] = e.two[v];
    bd->wb[v][0] = bd->wb[v][1] = SK_ALL_DIGITS;
  }
  for (sk_mask m0 = ca; m0; m0 &= m0 - 1) {
    int v0 = sk_mask_first(m0);
    sk_mask b0 = SK_BIT(v0);
    sk_mask rest[SK_PEERS];
    int nrest = three_rest(&e, b0, rest);
    for (sk_mask m1 = (sk_mask)(cb & ~e.two[v0] & ~(b0 & sab)); m1; m1 &= m1 - 1) {
      int v1 = sk_mask_first(m1);
      sk_mask b1 = SK_BIT(v1);
      sk_mask k = (sk_mask)(e.two[v0] | e.two[v1] | three_with(rest, nrest, b1));
      sk_mask ka = (sk_mask)(k & ~e.two[v0]), kb = (sk_mask)(k & ~e.two[v1]);
      bd->wa[v0][0] &= ka;
      bd->wa[v0][1] &= (sk_mask)(ka | b1);
      bd->wb[v1][0] &= kb;
      bd->wb[v1][1] &= (sk_mask)(kb | b0);
      bd->z[0][0] &= k;
      bd->z[0][1] &= (sk_mask)(k | b1);
      bd->z[1][0] &= (sk_mask)(k | b0);
      bd->z[1][1] &= (sk_mask)(k | b0 | b1);
    }
  }
}

/* False when the triplet a, b, x surely removes nothing. */
static int may_remove(const bound *bd, int a, int b, int x, sk_mask cx) {
  int sa = sees(a, x), sb = sees(b, x);
  if (cx & bd->z[sa][sb]) return 1;
  for (sk_mask m = bd->ca; m; m &= m - 1) {
    int v = sk_mask_first(m);
    sk_mask w = (sk_mask)(bd->two_a[v] | bd->wa[v][sb] | (sa ? SK_BIT(v) : 0));
    if (!(cx & ~w)) return 1;
  }
  for (sk_mask m = bd->cb; m; m &= m - 1) {
    int v = sk_mask_first(m);
    sk_mask w = (sk_mask)(bd->two_b[v] | bd->wb[v][sa] | (sb ? SK_BIT(v) : 0));
    if (!(cx & ~w)) return 1;
  }
  return 0;
}

/* Cells that see two or more cells of the set. */
static sk_bits seen_twice(sk_bits set) {
  sk_bits once = {{0, 0}}, twice = {{0, 0}};
  for (int y; (y = sk_bits_pop(&set)) >= 0; ) {
    twice = sk_bits_or(twice, sk_bits_and(once, sk_peer_bits[y]));
    once = sk_bits_or(once, sk_peer_bits[y]);
  }
  return twice;
}

/* Triplets from the pair (a, b): third cells are their excluders that are
** base cells, a's in peer order, then b's. */
static int triplets(ae_ctx *c, int a, int b) {
  sk_bits common = sk_bits_and(c->excl[a], c->excl[b]);
  if (!two_or_more(common)) return 0;      /* none for any third cell */
  /* a third cell keeps two common excluders only if it sees two of
  ** them: the excluders are all cells a third base cell may exclude
  ** with, so this is the exact test, done once for the pair */
  sk_bits thirds = c->is_base;
  /* when neither a, b nor a cell seeing both changed, a triplet's common
  ** peers did not either: only a third cell that changed itself counts */
  if (c->incremental) {
    sk_bits pair_part = sk_bits_and(sk_peer_bits[a], sk_peer_bits[b]);
    sk_bits_set(&pair_part, a);
    sk_bits_set(&pair_part, b);
    if (sk_bits_empty(sk_bits_and(pair_part, c->changed))) {
      thirds = sk_bits_and(thirds, c->changed);
      if (sk_bits_empty(sk_bits_and(thirds, sk_bits_or(c->excl[a], c->excl[b])))) return 0;
    }
  }
  sk_bits fit = sk_bits_and(seen_twice(common), thirds);
  sk_bits done = {{0, 0}};
  sk_bits_set(&done, a);
  sk_bits_set(&done, b);
  const int pair[2] = {a, b};
  bound bd;
  int have_bound = 0;
  for (int k = 0; k < 2; k++) {
    int x0 = pair[k];
    sk_bits next = sk_bits_andnot(sk_bits_and(c->excl[x0], c->is_base), done);
    done = sk_bits_or(done, next);
    /* peer order = block cells, then the rest of the row, then of the
    ** column, each ascending */
    next = sk_bits_and(next, fit);
    if (sk_bits_empty(next)) continue;
    sk_bits box = sk_house_bits[sk_cell_house[x0][2]];
    sk_bits part[3];
    part[0] = sk_bits_and(next, box);
    part[1] = sk_bits_andnot(sk_bits_and(next, sk_house_bits[sk_cell_house[x0][0]]), box);
    part[2] = sk_bits_andnot(sk_bits_and(next, sk_house_bits[sk_cell_house[x0][1]]), box);
    for (int q = 0; q < 3; q++)
      for (int x; (x = sk_bits_pop(&part[q])) >= 0; ) {
        if (tried_before(c, a, b, x)) continue;
        const int cells[3] = {a, b, x};
        if (!set_changed(c, cells, 3)) continue;
        if (!have_bound) { make_bound(c, a, b, common, &bd); have_bound = 1; }
        if (!may_remove(&bd, a, b, x, c->g->cand[x])) continue;
        sk_bits all = sk_bits_and(common, c->excl[x]);
        if (try_set(c, cells, all)) return 1;
      }
  }
  return 0;
}

/* the sets in SE's order; 1 when the search must stop */
static int scan(ae_ctx *c) {
  for (int j = 1; j < c->nbase; j++)
    for (int i = 0; i < j; i++) {
      int a = c->base[i], b = c->base[j];
      if (c->degree == 3) {
        if (triplets(c, a, b)) return 1;
        continue;
      }
      sk_bits common = sk_bits_and(c->excl[a], c->excl[b]);
      const int cells[2] = {a, b};
      if (two_or_more(common) && set_changed(c, cells, 2) && try_set(c, cells, common)) return 1;
    }
  return 0;
}

static void grid_free(void *p) { free(p); }

/* The rating data (key: the technique's params) is a copy of the last grid
** on which the search found nothing and no cell had a single candidate,
** or NULL. */
static int search(const sk_search *s) {
  const params *p = s->data;
  const sk_host *host = s->host;
  ae_ctx c;
  c.s = s;
  c.g = s->grid;
  c.degree = p->degree;
  c.changed = (sk_bits){{0, 0}};
  c.emitted = 0;
  sk_grid *last = host->get_aux(s, p);
  c.incremental = last != NULL;
  if (last)
    for (int cell = 0; cell < SK_CELLS; cell++)
      if (last->cand[cell] != c.g->cand[cell]) sk_bits_set(&c.changed, cell);
  find_bases(&c);
  if (c.degree == 3) memset(c.tried, 0, sizeof c.tried);
  int stopped = scan(&c);
  if (c.emitted || c.has_single) {
    if (last) host->set_rating_aux(s, p, NULL, NULL);   /* not a grid to skip from */
    return stopped ? SK_SEARCH_STOPPED : SK_SEARCH_DONE;
  }
  if (last) *last = *c.g;
  else if ((last = malloc(sizeof *last)) != NULL) {
    *last = *c.g;
    host->set_rating_aux(s, p, last, grid_free);
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
