/*
** bug.c -- Bivalue Universal Grave (BUG): SE's types 1 to 4, HoDoKu's BUG+1.
**
** Techniques (ids of the rating table):
**   bug   a grid where every empty cell would be bivalue and every value
**         would have 0 or 2 places in each house, once the "BUG values"
**         are taken out of a few "BUG cells", has two solutions; so one
**         BUG cell must keep a BUG value:
**     type 1  one BUG cell: its other values leave it
**     type 2  one BUG value shared by all BUG cells: it leaves every cell
**             that sees all of them
**     type 3  the BUG values, as one virtual cell, complete a naked set
**             with other cells of a house shared by all BUG cells
**     type 4  two BUG cells in one house with one common value that is
**             not a BUG value: it stays, so their other value leaves them
**
** Detection and order follow Sudoku Explainer 1.2.1.3: houses in the
** order blocks, rows, columns (each 0..8), values 1..9; a value with a
** count other than 0 or 2 in a house names a BUG cell when exactly one of
** its places has 3+ candidates, and rules out a BUG when none has.  The
** cells seeing every BUG cell ("common" cells) are kept in the first BUG
** cell's peer order (block, row, column), which is the order type-3 sets
** are tried in (cell tuples in increasing bitmask order, sizes 2..6).
** Hints go out as type 1; or type 2 then type 4; or type 4 then type 3.
**
** Figures: type = 1..4; size = naked set size (values) for type 3, else 0.
**
** Technique bug-plus-1 is HoDoKu's Bivalue Universal Grave + 1 (library
** code 0610), its own rule and search (HoDoKu 2.2.0,
** solver/UniquenessSolver.java getBugPlus1), sharing nothing with the
** types above:
**   every empty cell holds at most three candidates and exactly one holds
**   three; no digit has more than three places in a house, and a digit
**   with three places is the same digit d everywhere and occurs so in at
**   most one row, one column and one box; those are the row, column and
**   box of the three-candidate cell, and d is one of its candidates:
**   its other two candidates leave it.
** As in HoDoKu, places counts of 1 are not ruled out (a grid with a
** single waiting still passes), and nothing is found when no digit has
** three places.  Hint text "Bivalue Universal Grave + 1"; focus: d in the
** cell; HoDoKu's step has no values, so its library line's digits are
** empty (reglib digits: none).  No figures.
*/
#include "sk_plugin.h"

static const int kind_order[3] = {2, 0, 1};   /* block, row, column */
static const int kind_base[3] = {0, 9, 18};   /* first house of row/col/box */

typedef struct bug_state {
  int cells[SK_CELLS];         /* BUG cells in discovery order */
  int n;
  sk_bits is_bug;
  sk_mask val[SK_CELLS];       /* BUG values of each cell */
  sk_mask all;                 /* union of the BUG values */
  int has_common;
  sk_bits common;              /* cells seeing every BUG cell, BUG cells out */
  sk_mask rest[SK_CELLS];      /* candidates once the BUG values are out */
} bug_state;

/* ---- detection ---- */

/* Record value d of house `house` (its places `pos`).  Returns 0 to go
** on, -1 when the grid cannot be a BUG. */
static int note_value(const sk_grid *g, bug_state *b, sk_bits pos, int d) {
  int hit = -1, nhit = 0;
  for (int x; (x = sk_bits_pop(&pos)) >= 0; )
    if (sk_mask_count(g->cand[x]) >= 3) { hit = x; nhit++; }
  if (nhit == 0) return -1;            /* too many places, none in a 3+ cell */
  if (nhit > 1) return 0;              /* undecided here: another house decides */
  if (!sk_bits_has(&b->is_bug, hit)) {
    b->cells[b->n++] = hit;
    sk_bits_set(&b->is_bug, hit);
  }
  b->val[hit] |= SK_BIT(d);
  b->all |= SK_BIT(d);
  b->rest[hit] &= (sk_mask)~SK_BIT(d);
  b->common = b->has_common ? sk_bits_and(b->common, sk_peer_bits[hit]) : sk_peer_bits[hit];
  b->has_common = 1;
  b->common = sk_bits_andnot(b->common, b->is_bug);
  if (b->n > 1 && sk_mask_count(b->all) > 1 && sk_bits_empty(b->common)) return -1;
  return 0;
}

static int find_bug_cells(const sk_grid *g, bug_state *b) {
  for (int k = 0; k < 3; k++)
    for (int i = 0; i < 9; i++) {
      int house = kind_base[kind_order[k]] + i;
      for (int d = 1; d <= 9; d++) {
        sk_bits pos = sk_grid_places(g, house, d);
        int n = sk_bits_count(pos);
        if (n != 0 && n != 2 && note_value(g, b, pos, d) < 0) return -1;
      }
    }
  return 0;
}

/* With the BUG values out: every empty cell bivalue, every value 0 or 2
** times in every house. */
static int is_grave(const sk_grid *g, const bug_state *b) {
  for (int c = 0; c < SK_CELLS; c++)
    if (g->value[c] == 0 && sk_mask_count(b->rest[c]) != 2) return 0;
  for (int h = 0; h < SK_HOUSES; h++) {
    int count[10] = {0};
    for (int i = 0; i < 9; i++)
      for (sk_mask m = b->rest[sk_house_cell[h][i]]; m; m &= m - 1) count[sk_mask_first(m)]++;
    for (int d = 1; d <= 9; d++)
      if (count[d] != 0 && count[d] != 2) return 0;
  }
  return 1;
}

/* ---- hints ---- */

static const char *const names[4] = {"BUG type 1", "BUG type 2", "BUG type 3", "BUG type 4"};
static const char *const kind_word[3] = {"row", "column", "block"};

static void text_cells(const sk_host *host, sk_hint *h, const int *cells, int n) {
  for (int i = 0; i < n; i++)
    host->hint_printf(h, "%sr%dc%d", i ? "," : "", cells[i] / 9 + 1, cells[i] % 9 + 1);
}

static void text_digits(const sk_host *host, sk_hint *h, sk_mask m) {
  for (int first = 1; m; m &= m - 1, first = 0)
    host->hint_printf(h, "%s%d", first ? "" : ",", sk_mask_first(m));
}

static void start(const sk_search *s, const bug_state *b, sk_hint *h, int type, int size) {
  s->host->hint_init(h);
  h->name = names[type - 1];
  h->fig[SK_FIG_TYPE] = type;
  h->fig[SK_FIG_SIZE] = size;
  for (int i = 0; i < b->n; i++) h->focus[b->cells[i]] = b->val[b->cells[i]];
  s->host->hint_printf(h, "%s: ", h->name);
  text_cells(s->host, h, b->cells, b->n);
}

/* Emit when something goes; nonzero when the search must stop. */
static int emit(const sk_search *s, const sk_hint *h) {
  return sk_hint_has_elims(h) && s->host->emit(s, h);
}

static int type1(const sk_search *s, const bug_state *b) {
  int c = b->cells[0];
  sk_hint h;
  start(s, b, &h, 1, 0);
  h.elim[c] = (sk_mask)(s->grid->cand[c] & ~b->all);
  s->host->hint_printf(&h, " must be ");
  text_digits(s->host, &h, b->all);
  return emit(s, &h);
}

static int type2(const sk_search *s, const bug_state *b) {
  if (!b->has_common) return 0;
  int d = sk_mask_first(b->all);
  sk_bits victims = sk_bits_and(b->common, s->grid->dcells[d - 1]);
  sk_hint h;
  start(s, b, &h, 2, 0);
  for (int x; (x = sk_bits_pop(&victims)) >= 0; ) sk_hint_elim(&h, x, d);
  s->host->hint_printf(&h, " on %d", d);
  return emit(s, &h);
}

/* House of `kind` holding every BUG cell, or -1. */
static int shared_house(const bug_state *b, int kind) {
  int house = sk_cell_house[b->cells[0]][kind];
  for (int i = 1; i < b->n; i++)
    if (sk_cell_house[b->cells[i]][kind] != house) return -1;
  return house;
}

static int type4(const sk_search *s, const bug_state *b) {
  const sk_grid *g = s->grid;
  int c1 = b->cells[0], c2 = b->cells[1];
  sk_mask common = (sk_mask)(g->cand[c1] & g->cand[c2] & ~b->all);
  if (sk_mask_count(common) != 1) return 0;
  for (int k = 0; k < 3; k++) {
    int house = shared_house(b, kind_order[k]);
    if (house < 0) continue;
    sk_hint h;
    start(s, b, &h, 4, 0);
    h.elim[c1] = (sk_mask)(g->cand[c1] & ~b->val[c1] & ~common);
    h.elim[c2] = (sk_mask)(g->cand[c2] & ~b->val[c2] & ~common);
    s->host->hint_printf(&h, " on %d (%s %d)", sk_mask_first(common),
                         kind_word[house / 9], house % 9 + 1);
    if (emit(s, &h)) return 1;
  }
  return 0;
}

/* Naked set of `degree` values: the BUG values plus degree-1 cells of
** `cells` (index set m). */
static int naked_set(const sk_search *s, const bug_state *b, int house,
                     const int *cells, int n, unsigned m, int degree) {
  const sk_grid *g = s->grid;
  sk_mask others = 0;
  for (int i = 0; i < n; i++)
    if (m >> i & 1) {
      if (sk_mask_count(g->cand[cells[i]]) <= 1) return 0;
      others |= g->cand[cells[i]];
    }
  if (sk_mask_count(others) != degree || sk_mask_count((sk_mask)(others | b->all)) != degree)
    return 0;
  sk_hint h;
  start(s, b, &h, 3, degree);
  int set[9], nset = 0;
  for (int i = 0; i < n; i++) {
    if (m >> i & 1) { set[nset++] = cells[i]; h.focus[cells[i]] = g->cand[cells[i]]; }
    else h.elim[cells[i]] = (sk_mask)(g->cand[cells[i]] & others);
  }
  s->host->hint_printf(&h, " with ");
  text_digits(s->host, &h, b->all);
  s->host->hint_printf(&h, "; naked set ");
  text_digits(s->host, &h, others);
  s->host->hint_printf(&h, " with ");
  text_cells(s->host, &h, set, nset);
  s->host->hint_printf(&h, " (%s %d)", kind_word[house / 9], house % 9 + 1);
  return emit(s, &h);
}

static int type3(const sk_search *s, const bug_state *b) {
  for (int k = 0; k < 3; k++) {
    int kind = kind_order[k];
    int house = shared_house(b, kind);
    if (house < 0) continue;
    int cells[SK_PEERS], n = 0;        /* common cells of the house, in order */
    for (int i = 0; i < SK_PEERS; i++) {
      int x = sk_peer[b->cells[0]][i];
      if (sk_bits_has(&b->common, x) && sk_cell_house[x][kind] == house) cells[n++] = x;
    }
    for (int degree = 2; degree <= 6; degree++) {
      if (n < degree) continue;
      for (unsigned m = 0; m < (1u << n); m++)
        if (__builtin_popcount(m) == degree - 1 && naked_set(s, b, house, cells, n, m, degree))
          return 1;
    }
  }
  return 0;
}

static int search(const sk_search *s) {
  const sk_grid *g = s->grid;
  bug_state b;
  b.n = 0;
  b.is_bug.w[0] = b.is_bug.w[1] = 0;
  b.all = 0;
  b.has_common = 0;
  for (int c = 0; c < SK_CELLS; c++) { b.val[c] = 0; b.rest[c] = g->cand[c]; }
  if (find_bug_cells(g, &b) < 0 || b.n == 0 || !is_grave(g, &b)) return SK_SEARCH_DONE;
  int stop;
  if (b.n == 1) {
    stop = type1(s, &b);
  } else if (sk_mask_count(b.all) == 1) {
    stop = type2(s, &b) || (b.n == 2 && type4(s, &b));
  } else if (b.has_common && !sk_bits_empty(b.common)) {
    stop = (b.n == 2 && type4(s, &b)) || type3(s, &b);
  } else {
    stop = 0;
  }
  return stop ? SK_SEARCH_STOPPED : SK_SEARCH_DONE;
}

/* ---- HoDoKu's BUG+1 (bug-plus-1) ---- */

static int bug_plus_1(const sk_search *s) {
  const sk_grid *g = s->grid;
  int cell = -1;
  for (int c = 0; c < SK_CELLS; c++) {
    int n = sk_mask_count(g->cand[c]);
    if (n > 3 || (n == 3 && cell >= 0)) return SK_SEARCH_DONE;
    if (n == 3) cell = c;
  }
  if (cell < 0) return SK_SEARCH_DONE;
  int d3 = 0, house3[3] = {-1, -1, -1};   /* the row, column, box with 3 places */
  for (int house = 0; house < SK_HOUSES; house++)
    for (int d = 1; d <= 9; d++) {
      int n = sk_bits_count(sk_grid_places(g, house, d));
      if (n > 3) return SK_SEARCH_DONE;
      if (n < 3) continue;
      if (house3[house / 9] >= 0 || (d3 && d3 != d)) return SK_SEARCH_DONE;
      d3 = d;
      house3[house / 9] = house;
    }
  if (!d3 || !(g->cand[cell] & SK_BIT(d3))) return SK_SEARCH_DONE;
  for (int k = 0; k < 3; k++)
    if (house3[k] != sk_cell_house[cell][k]) return SK_SEARCH_DONE;
  sk_hint h;
  s->host->hint_init(&h);
  h.elim[cell] = (sk_mask)(g->cand[cell] & ~SK_BIT(d3));
  sk_hint_focus(&h, cell, d3);
  s->host->hint_printf(&h, "Bivalue Universal Grave + 1");
  return s->host->emit(s, &h) ? SK_SEARCH_STOPPED : SK_SEARCH_DONE;
}

SK_PLUGIN_ENTRY(bug) {
  SK_PLUGIN_CHECK(host, reg);
  sk_technique t = {"bug", "Bivalue Universal Grave", 0, search, NULL};
  sk_technique plus1 = {"bug-plus-1", "Bivalue Universal Grave + 1", 0, bug_plus_1, NULL};
  return host->register_technique(reg, &t) == 0 && host->register_technique(reg, &plus1) == 0
             ? SK_PLUGIN_OK : SK_PLUGIN_ERROR;
}
