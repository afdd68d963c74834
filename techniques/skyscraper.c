/*
** skyscraper.c -- the Skyscraper, a technique beyond SE 1.2.1's set.
**
** It shows that a new technique is one file and no engine change: the
** Makefile builds techniques/skyscraper.c into build/plugins/skyscraper.so,
** the engine loads it, and a rating table that lists the id `skyscraper`
** gives it a place and a difficulty.  (se.yaml does not list it, so SE
** ratings are unchanged.)
**
** The technique.  Two rows each hold digit d in exactly two cells (a
** conjugate pair).  If one end of each pair lies in the same column, one
** of the two other ends must be d: whichever row's aligned end is not d
** forces its other end.  So d can be removed from every cell that sees
** both of the other ends.  The same holds with rows and columns swapped.
** (If the other ends also share a column, it is an X-Wing instead.)
**
** Rules every plugin follows:
**   - one exported symbol, the SK_PLUGIN_ENTRY function; all else static;
**   - no global mutable state: everything a search needs is in its
**     sk_search argument (the host services, the grid, the data pointer);
**   - never change the grid: describe the deduction in an sk_hint and hand
**     it to s->host->emit(); stop when emit() says so;
**   - no difficulty numbers: the rating table computes them from the
**     figures the hint reports (here none are needed).
*/
#include "sk_plugin.h"

/* Cells of line `house` holding d, when there are exactly two. */
static int pair_in(const sk_grid *g, int house, int d, int *a, int *b) {
  sk_bits p = sk_grid_places(g, house, d);
  if (sk_bits_count(p) != 2) return 0;
  *a = sk_bits_pop(&p);
  *b = sk_bits_pop(&p);
  return 1;
}

/* The cross coordinate of a cell along a row (its column) or a column (its row). */
static int cross_of(int cell, int rows) { return rows ? sk_col_of(cell) : sk_row_of(cell); }

/* Try rows (rows = 1, houses 0..8) or columns (rows = 0, houses 9..17). */
static int scan(const sk_search *s, int d, int rows) {
  const sk_host *host = s->host;
  const sk_grid *g = s->grid;
  int base = rows ? 0 : 9;
  for (int l1 = 0; l1 < 9; l1++) {
    int a1, b1;
    if (!pair_in(g, base + l1, d, &a1, &b1)) continue;
    for (int l2 = l1 + 1; l2 < 9; l2++) {
      int a2, b2;
      if (!pair_in(g, base + l2, d, &a2, &b2)) continue;
      /* find the aligned ends; the other two are the "roof" */
      int e1[2] = {a1, b1}, e2[2] = {a2, b2};
      for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++) {
          if (cross_of(e1[i], rows) != cross_of(e2[j], rows)) continue;
          int r1 = e1[1 - i], r2 = e2[1 - j];
          if (cross_of(r1, rows) == cross_of(r2, rows)) continue;   /* X-Wing */
          sk_bits seen = sk_bits_and(sk_peer_bits[r1], sk_peer_bits[r2]);
          sk_bits hit = sk_bits_and(seen, g->dcells[d - 1]);
          if (sk_bits_empty(hit)) continue;
          sk_hint h;
          host->hint_init(&h);
          for (int c; (c = sk_bits_pop(&hit)) >= 0; ) sk_hint_elim(&h, c, d);
          sk_hint_focus(&h, e1[i], d); sk_hint_focus(&h, e2[j], d);
          sk_hint_focus(&h, r1, d); sk_hint_focus(&h, r2, d);
          char n1[8], n2[8], n3[8], n4[8];
          host->hint_printf(&h, "Skyscraper: %d in %ss %s-%s and %s-%s", d,
                            rows ? "row" : "column", sk_cell_name(e1[i], n1), sk_cell_name(r1, n2),
                            sk_cell_name(e2[j], n3), sk_cell_name(r2, n4));
          if (host->emit(s, &h)) return SK_SEARCH_STOPPED;
        }
    }
  }
  return SK_SEARCH_DONE;
}

static int skyscraper_search(const sk_search *s) {
  for (int d = 1; d <= 9; d++)
    for (int rows = 1; rows >= 0; rows--)
      if (scan(s, d, rows) == SK_SEARCH_STOPPED) return SK_SEARCH_STOPPED;
  return SK_SEARCH_DONE;
}

SK_PLUGIN_ENTRY(skyscraper) {
  SK_PLUGIN_CHECK(host, reg);
  static const sk_technique skyscraper = {
    "skyscraper", "Skyscraper", 0, skyscraper_search, NULL
  };
  return host->register_technique(reg, &skyscraper) == 0 ? SK_PLUGIN_OK : SK_PLUGIN_ERROR;
}
