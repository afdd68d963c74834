/*
** subsets.c -- naked and hidden sets (pairs, triples, quads).
**
** Techniques (ids of the rating table):
**   naked-pair, naked-triple, naked-quad      n cells of a house holding
**       n values between them: the values leave the house's other cells
**   hidden-pair, hidden-triple, hidden-quad   n values of a house confined
**       to n cells: the cells lose their other candidates
**   direct-hidden-pair, direct-hidden-triple  a hidden set that leaves
**       another value of the house one place: a hidden single
**   locked-pair, locked-triple   HoDoKu's Locked Pair and Locked Triple
**       (LOCKED_PAIR, LOCKED_TRIPLE, reglib codes 0110, 0111): a naked pair
**       or triple inside a block-line intersection that removes its values
**       both from the line outside the block and from the block
**
** Rules and scan order follow Sudoku Explainer 1.2.1.3: houses in the order
** blocks, columns, rows; tuples of house positions (naked) or values
** (hidden) in the order of increasing bit masks (colex: {1,2} {1,3} {2,3}
** {1,4}...).  Naked sets only in houses with at least 2n empty cells, each
** cell of the set with at least two candidates; hidden sets only in houses
** with more than 2n empty cells (more than n for the direct kind), each
** value with at least two places.  Members with more than n candidates
** (places) can never make a set of n, so they are left out of the tuples;
** that keeps SE's order among the rest.  A direct hint only places its single:
** SE 1.2.1.3 keeps the hidden set's other candidates when it applies one.
** Every hint reports figure size = n.
**
** Option (host->param) hodoku = 1: HoDoKu 2.2.0's rules (SimpleSolver)
** instead -- sets in houses with more empty cells than n (naked: any),
** members with a single candidate (place) too, and a naked set removes its
** values from every house its cells share, reported once (from the first
** of those houses scanned).  A naked pair or triple that removes values in
** a line outside its block and in the block is what HoDoKu calls a locked
** pair or triple: it reports type 1 (others 0).
**
** Locked pairs and triples live here, with the naked sets, because they are
** naked sets: HoDoKu finds them with its naked-set search
** (SimpleSolver.findNakedXle with lockedOnly) and tells them apart only by
** where they eliminate; locking.c's intersections are single-value
** patterns.  Their search is HoDoKu's, apart from SE's code above: blocks
** 1-9 only (every locked set lies in one), in each block the cells with one
** to n candidates in the block's order, n-cell combinations of them in
** lexicographic order ({1,2} {1,3} ... {2,3}); n cells holding n values
** between them that share a line and the block remove the values from
** every other cell of both houses, and make a hint when that removes
** something in the block and in the line outside the block (createSubsetStep).
** Figures: size = n, type = 1 (a locked set, as the naked sets' hodoku
** type); focus: the cells' candidates (their digits are the step's values).
** Text as HoDoKu prints the step: "Locked Pair: 1,6 in r7c56".
*/
#include "sk_plugin.h"

enum { row0 = 0, column0 = 9, block0 = 18 };

typedef enum { NAKED, HIDDEN, DIRECT } kind;

/* Bit count of a 9-bit mask.  Plain -O2 x86-64 builds have no POPCNT
** instruction, and __builtin_popcount would call into libgcc in the
** hottest loops, so count with shifts and masks. */
static inline int bits9(unsigned x) {
  x = x - ((x >> 1) & 0x5555u);
  x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
  x = (x + (x >> 4)) & 0x0F0Fu;
  return (int)((x + (x >> 8)) & 0x1Fu);
}

typedef struct params {
  kind kind;
  int n;
  const char *name;
} params;

/* A house seen as 9 positions. */
typedef struct house {
  int id;
  int hodoku;                /* option hodoku: HoDoKu's rules */
  int empty;                 /* cells without a value */
  sk_mask cand[9];           /* candidates per position */
  const uint16_t *pos;       /* pos[d]: positions holding candidate d */
} house;

/* Places of every value in every house, built once per search from the
** digit bitboards. */
typedef struct places {
  int empty[SK_HOUSES];
  uint16_t pos[SK_HOUSES][10];
} places;

/* Empty-cell counts, and with with_pos the places (naked sets need only
** the counts): rows and blocks straight from the digit bitboards, columns
** from the rows. */
static void load_places(const sk_grid *g, places *pl, int with_pos) {
  for (int h = 0; h < SK_HOUSES; h++) pl->empty[h] = 0;
  for (int c = 0; c < SK_CELLS; c++) {
    if (g->value[c]) continue;
    for (int k = 0; k < 3; k++) pl->empty[sk_cell_house[c][k]]++;
  }
  if (!with_pos) return;
  for (int h = column0; h < block0; h++)
    for (int d = 0; d <= 9; d++) pl->pos[h][d] = 0;
  for (int d = 1; d <= 9; d++) {
    for (int r = 0; r < 9; r++) {
      unsigned m = sk_bits_row(g->dcells[d - 1], r);
      pl->pos[r][d] = (uint16_t)m;
      for (; m; m &= m - 1) pl->pos[column0 + __builtin_ctz(m)][d] |= (uint16_t)(1u << r);
    }
    for (int b = 0; b < 9; b++)
      pl->pos[block0 + b][d] = (uint16_t)sk_bits_box(g->dcells[d - 1], b);
  }
}

static void load_house(const sk_grid *g, const places *pl, int id, house *hs) {
  hs->id = id;
  hs->empty = pl->empty[id];
  hs->pos = pl->pos[id];
  for (int i = 0; i < 9; i++) hs->cand[i] = g->cand[sk_house_cell[id][i]];
}

/* next k-subset in increasing numeric order (Gosper) */
static unsigned next_subset(unsigned m) {
  unsigned low = m & -m, ripple = m + low;
  return (((ripple ^ m) >> 2) / low) | ripple;
}

static int cell_of(const house *hs, int i) { return sk_house_cell[hs->id][i]; }

static void text_values(const sk_host *host, sk_hint *h, unsigned values) {
  const char *sep = "";
  for (int d = 1; d <= 9; d++)
    if (values & SK_BIT(d)) { host->hint_printf(h, "%s%d", sep, d); sep = ","; }
}

static void text_cells(const sk_host *host, sk_hint *h, const house *hs, unsigned cells) {
  const char *sep = "";
  for (int i = 0; i < 9; i++)
    if (cells & (1u << i)) {
      int c = cell_of(hs, i);
      host->hint_printf(h, "%sr%dc%d", sep, c / 9 + 1, c % 9 + 1);
      sep = ",";
    }
}

/* Start a hint for the set of values on the cells (positions). */
static void start_hint(const sk_search *s, const params *p, const house *hs,
                       sk_hint *h, unsigned values, unsigned cells) {
  s->host->hint_init(h);
  h->fig[SK_FIG_SIZE] = p->n;
  for (int i = 0; i < 9; i++)
    if (cells & (1u << i)) h->focus[cell_of(hs, i)] = (sk_mask)(hs->cand[i] & values);
}

/* The text goes last: most sets found remove nothing and are dropped. */
static void text_hint(const sk_search *s, const params *p, const house *hs,
                      sk_hint *h, unsigned values, unsigned cells) {
  const sk_host *host = s->host;
  host->hint_printf(h, "%s: ", p->name);
  text_values(host, h, values);
  host->hint_printf(h, " in ");
  text_cells(host, h, hs, cells);
}

/* ---- naked sets ---- */

/* HoDoKu's naked set: every house the cells share loses the values; only
** from the first of them that the search scans (blocks, columns, rows). */
static int shared_found(const sk_search *s, const params *p, const house *hs,
                        unsigned cells, unsigned values) {
  static const int kinds[3] = {2, 1, 0};       /* scan order: block, column, row */
  int cell[4], n = 0, common[3], ncommon = 0, first = -1;
  for (int i = 0; i < 9; i++)
    if (cells & (1u << i)) cell[n++] = cell_of(hs, i);
  for (int k = 0; k < 3; k++) {
    int h = sk_cell_house[cell[0]][kinds[k]], all = 1;
    for (int j = 1; j < n; j++) all &= sk_cell_house[cell[j]][kinds[k]] == h;
    if (!all) continue;
    if (first < 0) first = h;
    common[ncommon++] = h;
  }
  if (first != hs->id) return 0;
  sk_hint h;
  int in_block = 0, in_line = 0;
  start_hint(s, p, hs, &h, values, cells);
  for (int k = 0; k < ncommon; k++)
    for (int i = 0; i < 9; i++) {
      int c = sk_house_cell[common[k]][i], mine = 0;
      for (int j = 0; j < n; j++) mine |= c == cell[j];
      sk_mask gone = (sk_mask)(s->grid->cand[c] & values);
      if (mine || !gone) continue;
      h.elim[c] |= gone;
      if (common[k] >= block0) in_block = 1;
      else if (ncommon == 1 || sk_cell_house[c][2] != common[0]) in_line = 1;
    }
  if (!sk_hint_has_elims(&h)) return 0;
  h.fig[SK_FIG_TYPE] = p->n < 4 && ncommon > 1 && common[0] >= block0 && in_block && in_line;
  text_hint(s, p, hs, &h, values, cells);
  return s->host->emit(s, &h);
}

/* cells: positions of the set; values: their union (n values). */
static int naked_found(const sk_search *s, const params *p, const house *hs,
                       unsigned cells, unsigned values) {
  unsigned victims = 0;
  if (hs->hodoku) return shared_found(s, p, hs, cells, values);
  for (int i = 0; i < 9; i++)
    if (!(cells & (1u << i)) && (hs->cand[i] & values)) victims |= 1u << i;
  if (!victims) return 0;
  sk_hint h;
  start_hint(s, p, hs, &h, values, cells);
  for (; victims; victims &= victims - 1) {
    int i = __builtin_ctz(victims);
    h.elim[cell_of(hs, i)] = (sk_mask)(hs->cand[i] & values);
  }
  text_hint(s, p, hs, &h, values, cells);
  return s->host->emit(s, &h);
}

static int naked_in(const sk_search *s, const params *p, const house *hs) {
  int list[9], k = 0, least = hs->hodoku ? 1 : 2;
  if (hs->empty < (hs->hodoku ? p->n : 2 * p->n)) return 0;
  /* a cell with more than n candidates cannot belong to a set of n */
  for (int i = 0; i < 9; i++) {
    int n = bits9(hs->cand[i]);
    if (n >= least && n <= p->n) list[k++] = i;
  }
  if (k < p->n) return 0;
  /* sub picks items of list[]: positions */
  for (unsigned sub = (1u << p->n) - 1; sub < (1u << k); sub = next_subset(sub)) {
    unsigned cells = 0, values = 0;
    for (unsigned m = sub; m; m &= m - 1) {
      int i = list[__builtin_ctz(m)];
      cells |= 1u << i;
      values |= hs->cand[i];
    }
    if (bits9(values) != p->n) continue;
    if (naked_found(s, p, hs, cells, values)) return 1;
  }
  return 0;
}

/* ---- hidden sets ---- */

/* values: the n values (mask); cells: the n positions they share. */
static int hidden_found(const sk_search *s, const params *p, const house *hs,
                        unsigned values, unsigned cells) {
  unsigned victims = 0;
  for (int i = 0; i < 9; i++)
    if ((cells & (1u << i)) && (hs->cand[i] & ~values)) victims |= 1u << i;
  if (!victims) return 0;
  sk_hint h;
  start_hint(s, p, hs, &h, values, cells);
  for (; victims; victims &= victims - 1) {
    int i = __builtin_ctz(victims);
    h.elim[cell_of(hs, i)] = (sk_mask)(hs->cand[i] & ~values);
  }
  text_hint(s, p, hs, &h, values, cells);
  return s->host->emit(s, &h);
}

/* The first other value (1..9) that had several places and keeps one
** outside the set's cells is a hidden single. */
static int direct_found(const sk_search *s, const params *p, const house *hs,
                        unsigned values, unsigned cells) {
  for (int d = 1; d <= 9; d++) {
    unsigned where = hs->pos[d];
    if ((values & SK_BIT(d)) || bits9(where) < 2) continue;
    where &= ~cells;
    if (bits9(where) != 1) continue;
    sk_hint h;
    int cell = cell_of(hs, __builtin_ctz(where));
    start_hint(s, p, hs, &h, values, cells);
    sk_hint_place(&h, cell, d);
    sk_hint_focus(&h, cell, d);
    text_hint(s, p, hs, &h, values, cells);
    s->host->hint_printf(&h, ", only place for %d", d);
    return s->host->emit(s, &h);
  }
  return 0;
}

static int hidden_in(const sk_search *s, const params *p, const house *hs) {
  int list[9], k = 0, hodoku = hs->hodoku && p->kind == HIDDEN, least = hodoku ? 1 : 2;
  int limit = p->kind == DIRECT || hodoku ? p->n : 2 * p->n;
  if (hs->empty <= limit) return 0;
  /* a value with more than n places cannot belong to a set of n */
  for (int d = 1; d <= 9; d++) {
    int n = bits9(hs->pos[d]);
    if (n >= least && n <= p->n) list[k++] = d - 1;
  }
  if (k < p->n) return 0;
  /* sub picks items of list[]: values (as d - 1) */
  for (unsigned sub = (1u << p->n) - 1; sub < (1u << k); sub = next_subset(sub)) {
    unsigned values = 0, cells = 0;
    for (unsigned m = sub; m; m &= m - 1) {
      int v = list[__builtin_ctz(m)];
      values |= 1u << v;
      cells |= hs->pos[v + 1];
    }
    if (bits9(cells) != p->n) continue;
    int stop = p->kind == DIRECT ? direct_found(s, p, hs, values, cells)
                                 : hidden_found(s, p, hs, values, cells);
    if (stop) return 1;
  }
  return 0;
}

static int search(const sk_search *s) {
  static const int first[3] = {block0, column0, row0};
  const params *p = s->data;
  places pl;
  house hs;
  hs.hodoku = p->kind != DIRECT && s->host->param(s, "hodoku", 0) != 0;
  load_places(s->grid, &pl, p->kind != NAKED);
  for (int k = 0; k < 3; k++)
    for (int i = 0; i < 9; i++) {
      load_house(s->grid, &pl, first[k] + i, &hs);
      int stop = p->kind == NAKED ? naked_in(s, p, &hs) : hidden_in(s, p, &hs);
      if (stop) return SK_SEARCH_STOPPED;
    }
  return SK_SEARCH_DONE;
}

/* ---- HoDoKu's locked pairs and triples ---- */

/* n cells of a block holding n values: a hint when they share a line too
** and remove values in the block and in the line outside it. */
static int locked_found(const sk_search *s, const params *p, const int *cell, sk_mask values) {
  const sk_grid *g = s->grid;
  const sk_host *host = s->host;
  int n = p->n, line = -1, block = sk_cell_house[cell[0]][2], in_block = 0, in_line = 0;
  for (int k = 0; k < 2 && line < 0; k++) {
    int h = sk_cell_house[cell[0]][k], all = 1;
    for (int j = 1; j < n; j++) all &= sk_cell_house[cell[j]][k] == h;
    if (all) line = h;
  }
  if (line < 0) return 0;
  sk_hint h;
  host->hint_init(&h);
  h.fig[SK_FIG_SIZE] = n;
  h.fig[SK_FIG_TYPE] = 1;
  for (int j = 0; j < n; j++) h.focus[cell[j]] = g->cand[cell[j]];
  const int houses[2] = {line, block};
  for (int k = 0; k < 2; k++)
    for (int i = 0; i < 9; i++) {
      int c = sk_house_cell[houses[k]][i], mine = 0;
      for (int j = 0; j < n; j++) mine |= c == cell[j];
      sk_mask gone = (sk_mask)(g->cand[c] & values);
      if (mine || !gone) continue;
      h.elim[c] |= gone;
      if (k == 1) in_block = 1;
      else if (sk_cell_house[c][2] != block) in_line = 1;
    }
  if (!in_block || !in_line) return 0;
  host->hint_printf(&h, "%s: ", p->name);
  text_values(host, &h, values);
  host->hint_printf(&h, " in ");
  /* HoDoKu's compact cell list; the cells share a line: one group */
  host->hint_printf(&h, "r");
  for (int j = 0; j < n; j++)
    if (j == 0 || line >= column0) host->hint_printf(&h, "%d", cell[j] / 9 + 1);
  host->hint_printf(&h, "c");
  for (int j = 0; j < n; j++)
    if (j == 0 || line < column0) host->hint_printf(&h, "%d", cell[j] % 9 + 1);
  return host->emit(s, &h);
}

static int locked_search(const sk_search *s) {
  const params *p = s->data;
  const sk_grid *g = s->grid;
  for (int b = block0; b < block0 + 9; b++) {
    int list[9], k = 0;
    for (int i = 0; i < 9; i++) {
      int c = sk_house_cell[b][i], n = bits9(g->cand[c]);
      if (n >= 1 && n <= p->n) list[k++] = c;
    }
    for (int i1 = 0; i1 < k; i1++)
      for (int i2 = i1 + 1; i2 < k; i2++) {
        sk_mask m2 = (sk_mask)(g->cand[list[i1]] | g->cand[list[i2]]);
        if (bits9(m2) > p->n) continue;
        if (p->n == 2) {
          int cell[2] = {list[i1], list[i2]};
          if (bits9(m2) == 2 && locked_found(s, p, cell, m2)) return SK_SEARCH_STOPPED;
          continue;
        }
        for (int i3 = i2 + 1; i3 < k; i3++) {
          sk_mask m3 = (sk_mask)(m2 | g->cand[list[i3]]);
          int cell[3] = {list[i1], list[i2], list[i3]};
          if (bits9(m3) == 3 && locked_found(s, p, cell, m3)) return SK_SEARCH_STOPPED;
        }
      }
  }
  return SK_SEARCH_DONE;
}

static const params kinds[] = {
  {DIRECT, 2, "Direct Hidden Pair"},
  {DIRECT, 3, "Direct Hidden Triple"},
  {NAKED, 2, "Naked Pair"},
  {NAKED, 3, "Naked Triple"},
  {NAKED, 4, "Naked Quad"},
  {HIDDEN, 2, "Hidden Pair"},
  {HIDDEN, 3, "Hidden Triple"},
  {HIDDEN, 4, "Hidden Quad"},
};

static const params locked_kinds[] = {
  {NAKED, 2, "Locked Pair"},
  {NAKED, 3, "Locked Triple"},
};

static const char *const locked_ids[] = {"locked-pair", "locked-triple"};

static const char *const ids[] = {
  "direct-hidden-pair", "direct-hidden-triple",
  "naked-pair", "naked-triple", "naked-quad",
  "hidden-pair", "hidden-triple", "hidden-quad",
};

SK_PLUGIN_ENTRY(subsets) {
  SK_PLUGIN_CHECK(host, reg);
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
    sk_technique t = {ids[i], kinds[i].name, 0, search, &kinds[i]};
    if (host->register_technique(reg, &t) != 0) return SK_PLUGIN_ERROR;
  }
  for (size_t i = 0; i < sizeof locked_kinds / sizeof locked_kinds[0]; i++) {
    sk_technique t = {locked_ids[i], locked_kinds[i].name, 0, locked_search, &locked_kinds[i]};
    if (host->register_technique(reg, &t) != 0) return SK_PLUGIN_ERROR;
  }
  return SK_PLUGIN_OK;
}
