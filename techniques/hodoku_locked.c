/*
** hodoku_locked.c -- HoDoKu 2.2.0's locked candidates, in HoDoKu's scan
** order.
**
** Techniques (ids of the rating table):
**   hodoku-pointing   a digit's 2 or 3 places in a block share a row (else a
**                     column) that holds more places: the digit leaves the
**                     rest of that line (Locked Candidates Type 1)
**   hodoku-claiming   a digit's 2 or 3 places in a row, then in a column,
**                     lie in one block that holds more: the digit leaves the
**                     rest of the block (Locked Candidates Type 2)
**
** Scan order (SimpleSolver.findLockedCandidatesInEntityN): houses 1..9
** (blocks for pointing; rows, then columns for claiming), digits 1..9 in
** each; the first hint wins.  A digit with one place in the house is a
** hidden single and is left alone, as HoDoKu does (it counts 2 or 3 places).
** It matters because a rating takes the first hint: SE's pointing
** (techniques/locking.c) walks its crossings in another order.
** Focus: the digit in the house's cells (HoDoKu's step values: the digit).
** Options: none.  Figures: none.  Text: HoDoKu's step.toString(2) before
** " => ", e.g. "Locked Candidates Type 1 (Pointing): 7 in b1".
*/
#include "sk_plugin.h"
#include "sk_geometry.h"

static int places(const sk_grid *g, int h, int d) {
  return sk_bits_count(sk_bits_and(g->dcells[d - 1], sk_house_bits[h]));
}

/* house h's places of d all in house o (another kind)? */
static int inside(const sk_grid *g, int h, int o, int d) {
  sk_bits p = sk_bits_and(g->dcells[d - 1], sk_house_bits[h]);
  return sk_bits_equal(sk_bits_and(p, sk_house_bits[o]), p);
}

static int emit_lc(const sk_search *s, int type, int h, int o, int d) {
  static const char kind[3] = {'r', 'c', 'b'};
  const sk_host *host = s->host;
  const sk_grid *g = s->grid;
  sk_hint hint;
  host->hint_init(&hint);
  sk_bits focus = sk_bits_and(g->dcells[d - 1], sk_house_bits[h]);
  sk_bits elim = sk_bits_andnot(sk_bits_and(g->dcells[d - 1], sk_house_bits[o]), sk_house_bits[h]);
  while (!sk_bits_empty(focus)) sk_hint_focus(&hint, sk_bits_pop(&focus), d);
  while (!sk_bits_empty(elim)) sk_hint_elim(&hint, sk_bits_pop(&elim), d);
  host->hint_printf(&hint, "Locked Candidates Type %d (%s): %d in %c%d", type,
                    type == 1 ? "Pointing" : "Claiming", d, kind[h / 9], h % 9 + 1);
  return host->emit(s, &hint);
}

static int pointing(const sk_search *s) {
  const sk_grid *g = s->grid;
  for (int b = 18; b < 27; b++)
    for (int d = 1; d <= 9; d++) {
      int n = places(g, b, d);
      if (n != 2 && n != 3) continue;
      int first = sk_bits_first(sk_bits_and(g->dcells[d - 1], sk_house_bits[b]));
      for (int k = 0; k < 2; k++) {             /* its row, else its column */
        int o = sk_cell_house[first][k];
        if (!inside(g, b, o, d) || places(g, o, d) <= n) continue;
        if (emit_lc(s, 1, b, o, d)) return SK_SEARCH_STOPPED;
        break;
      }
    }
  return SK_SEARCH_DONE;
}

static int claiming(const sk_search *s) {
  const sk_grid *g = s->grid;
  for (int h = 0; h < 18; h++)
    for (int d = 1; d <= 9; d++) {
      int n = places(g, h, d);
      if (n != 2 && n != 3) continue;
      int first = sk_bits_first(sk_bits_and(g->dcells[d - 1], sk_house_bits[h]));
      int o = sk_cell_house[first][2];
      if (!inside(g, h, o, d) || places(g, o, d) <= n) continue;
      if (emit_lc(s, 2, h, o, d)) return SK_SEARCH_STOPPED;
    }
  return SK_SEARCH_DONE;
}

static const sk_technique techniques[] = {
  {"hodoku-pointing", "Locked Candidates Type 1 (Pointing)", 0, pointing, NULL},
  {"hodoku-claiming", "Locked Candidates Type 2 (Claiming)", 0, claiming, NULL},
};

SK_PLUGIN_ENTRY(hodoku_locked) {
  SK_PLUGIN_CHECK(host, reg);
  for (size_t i = 0; i < sizeof techniques / sizeof techniques[0]; i++)
    if (host->register_technique(reg, &techniques[i]) != 0) return SK_PLUGIN_ERROR;
  return SK_PLUGIN_OK;
}
