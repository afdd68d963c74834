/*
** grid.c -- setting up grids and naming cells.
** The per-step operations (place, eliminate) are inline in sk_grid.h.
*/
#include <string.h>
#include "sk_grid.h"

void sk_grid_init(sk_grid *g) {
  memset(g, 0, sizeof *g);
  for (int c = 0; c < SK_CELLS; c++) g->cand[c] = SK_ALL_DIGITS;
  for (int d = 0; d < 9; d++) {
    g->dcells[d].w[0] = ~(uint64_t)0;
    g->dcells[d].w[1] = ((uint64_t)1 << (SK_CELLS - 64)) - 1;
  }
  g->nempty = SK_CELLS;
}

int sk_grid_from_values(sk_grid *g, const uint8_t values[SK_CELLS], int *conflict_cell) {
  sk_grid_init(g);
  for (int c = 0; c < SK_CELLS; c++) {
    int d = values[c];
    if (d == 0) continue;
    /* a given whose digit was already removed here clashes with a peer */
    if (!(g->cand[c] & SK_BIT(d))) {
      if (conflict_cell) *conflict_cell = c;
      return -1;
    }
    sk_grid_place(g, c, d);
    sk_bits_set(&g->givens, c);
  }
  return 0;
}

void sk_grid_from_candidates(sk_grid *g, const sk_mask cand[SK_CELLS],
                             const uint8_t values[SK_CELLS]) {
  memset(g, 0, sizeof *g);
  for (int c = 0; c < SK_CELLS; c++) {
    if (values[c]) {
      g->value[c] = values[c];
      sk_bits_set(&g->givens, c);
      continue;
    }
    g->cand[c] = cand[c] & SK_ALL_DIGITS;
    g->nempty++;
    for (sk_mask m = g->cand[c]; m; m &= m - 1)
      sk_bits_set(&g->dcells[__builtin_ctz(m)], c);
  }
}

bool sk_grid_consistent(const sk_grid *g) {
  int empty = 0;
  for (int c = 0; c < SK_CELLS; c++) {
    if (g->value[c] == 0) empty++;
    else if (g->cand[c]) return false;
    for (int d = 1; d <= 9; d++)
      if (!!(g->cand[c] & SK_BIT(d)) != sk_bits_has(&g->dcells[d - 1], c)) return false;
  }
  return empty == g->nempty;
}

void sk_grid_values(const sk_grid *g, uint8_t out[SK_CELLS]) {
  memcpy(out, g->value, SK_CELLS);
}
