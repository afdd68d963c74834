/*
** singles.c -- full house, hidden singles, naked single.
**
** Techniques (ids of the rating table):
**   full-house           a house with one empty cell: its last value
**   hidden-single-block  a value with one place left in a block
**   hidden-single-line   a value with one place left in a column or row
**   naked-single         a cell with one candidate left
**
** Scan order follows Sudoku Explainer 1.2.1.3, where it decides which hint
** a rating takes: houses in the order blocks, columns, rows (each 0..8),
** values 1..9 inside each house; naked singles in row-major cell order.
** SE's hidden-single pass skips houses with one empty cell (full houses);
** here hidden singles include them, which changes nothing when full-house
** comes first in the table (it then has found any such house already) and
** keeps them found in tables without full-house.
*/
#include "sk_plugin.h"

/* house order of the scans: blocks, then columns, then rows */
enum { row0 = 0, column0 = 9, block0 = 18 };

/* Exactly one cell in the set (no bit count needed). */
static inline int one_cell(sk_bits b) {
  uint64_t a = b.w[0], c = b.w[1];
  return ((a != 0) != (c != 0)) && !(a & (a - 1)) && !(c & (c - 1));
}

static void name_house(const sk_host *host, sk_hint *h, int house) {
  static const char kind[3] = {'r', 'c', 'b'};
  host->hint_printf(h, "%c%d", kind[house / 9], house % 9 + 1);
}

static int emit_single(const sk_search *s, const char *name, int house, int cell, int d) {
  const sk_host *host = s->host;
  sk_hint h;
  host->hint_init(&h);
  sk_hint_place(&h, cell, d);
  sk_hint_focus(&h, cell, d);
  host->hint_printf(&h, "%s: %d in ", name, d);
  name_house(host, &h, house);
  return host->emit(s, &h);
}

/* ---- full house ---- */

/* A house whose only empty cell still holds a candidate: SE takes the
** lowest such value (values 1..9 inside the house). */
static int full_house(const sk_search *s) {
  static const int first[3] = {block0, column0, row0};
  const sk_grid *g = s->grid;
  sk_bits empty = {{0, 0}};
  for (int c = 0; c < SK_CELLS; c++)
    if (g->value[c] == 0) sk_bits_set(&empty, c);
  for (int k = 0; k < 3; k++)
    for (int i = 0; i < 9; i++) {
      int house = first[k] + i;
      sk_bits here = sk_bits_and(empty, sk_house_bits[house]);
      if (!one_cell(here)) continue;
      int cell = sk_bits_first(here);
      if (g->cand[cell] == 0) continue;
      if (emit_single(s, "Full House", house, cell, sk_mask_first(g->cand[cell])))
        return SK_SEARCH_STOPPED;
    }
  return SK_SEARCH_DONE;
}

/* ---- hidden singles ---- */

static int hidden_in(const sk_search *s, int house) {
  const sk_grid *g = s->grid;
  for (int d = 1; d <= 9; d++) {
    sk_bits where = sk_grid_places(g, house, d);
    if (!one_cell(where)) continue;
    if (emit_single(s, "Hidden Single", house, sk_bits_first(where), d))
      return SK_SEARCH_STOPPED;
  }
  return SK_SEARCH_DONE;
}

static int hidden_scan(const sk_search *s, int first) {
  for (int i = 0; i < 9; i++)
    if (hidden_in(s, first + i) == SK_SEARCH_STOPPED) return SK_SEARCH_STOPPED;
  return SK_SEARCH_DONE;
}

static int hidden_block(const sk_search *s) {
  return hidden_scan(s, block0);
}

static int hidden_line(const sk_search *s) {
  if (hidden_scan(s, column0) == SK_SEARCH_STOPPED) return SK_SEARCH_STOPPED;
  return hidden_scan(s, row0);
}

/* ---- naked single ---- */

static int naked_single(const sk_search *s) {
  const sk_grid *g = s->grid;
  const sk_host *host = s->host;
  for (int c = 0; c < SK_CELLS; c++) {
    sk_mask m = g->cand[c];
    if (g->value[c] != 0 || !m || (m & (m - 1))) continue;
    sk_hint h;
    int d = sk_mask_first(m);
    host->hint_init(&h);
    sk_hint_place(&h, c, d);
    sk_hint_focus(&h, c, d);
    host->hint_printf(&h, "Naked Single: r%dc%d can only be %d", c / 9 + 1, c % 9 + 1, d);
    if (host->emit(s, &h)) return SK_SEARCH_STOPPED;
  }
  return SK_SEARCH_DONE;
}

static const sk_technique techniques[] = {
  {"full-house", "Full House", 0, full_house, NULL},
  {"hidden-single-block", "Hidden Single", 0, hidden_block, NULL},
  {"hidden-single-line", "Hidden Single", 0, hidden_line, NULL},
  {"naked-single", "Naked Single", 0, naked_single, NULL},
};

SK_PLUGIN_ENTRY(singles) {
  SK_PLUGIN_CHECK(host, reg);
  for (size_t i = 0; i < sizeof techniques / sizeof techniques[0]; i++)
    if (host->register_technique(reg, &techniques[i]) != 0) return SK_PLUGIN_ERROR;
  return SK_PLUGIN_OK;
}
