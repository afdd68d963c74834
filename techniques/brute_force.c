/*
** brute_force.c -- HoDoKu 2.2.0's Brute Force step: the middle empty cell
** gets its solution value.
**
** Technique (id of the rating table):
**   brute-force   of the n empty cells, taken in cell order, the one at
**                 position n / 2 (counting from 0) is set to its value in
**                 the puzzle's solution (BruteForceSolver.getBruteForce)
**
** HoDoKu solves the puzzle once (Dancing Links) and reads the value off the
** solution; here the current grid is solved by backtracking on its
** candidates (every elimination a rating made is sound, so the grid has
** the puzzle's solution).  A grid without a solution gives no hint; with
** several, the first solution found by the search below (cells with the
** fewest candidates first, digits ascending) is used, as a guess is all a
** brute-force step claims.  Past the engine's budget the search gives up,
** with no hint.  Options: none.  Figures: none.  Text: HoDoKu's
** "Brute Force: r5c5=3".
*/
#include "sk_plugin.h"
#include "sk_geometry.h"

/* The search polls the engine's budget every 1,024 nodes: a grid without
** a solution (a contradictory one, in a hint listing or under a fuzzer)
** can take it through millions of nodes. */
typedef struct bf_run {
  const sk_search *s;
  unsigned long nodes;
  int stopped;
} bf_run;

/* Fill g->value by depth-first search on the candidates; 1 when solved. */
static int solve(bf_run *run, uint8_t value[SK_CELLS], sk_mask cand[SK_CELLS]) {
  if ((++run->nodes & 1023) == 0 && run->s->host->should_stop(run->s)) run->stopped = 1;
  if (run->stopped) return 0;
  int best = -1, nbest = 10;
  for (int c = 0; c < SK_CELLS; c++) {
    if (value[c]) continue;
    int n = sk_mask_count(cand[c]);
    if (n == 0) return 0;
    if (n < nbest) { nbest = n; best = c; if (n == 1) break; }
  }
  if (best < 0) return 1;
  sk_mask saved[SK_CELLS];
  for (sk_mask x = cand[best]; x; x &= x - 1) {
    int d = sk_mask_first(x);
    for (int c = 0; c < SK_CELLS; c++) saved[c] = cand[c];
    value[best] = (uint8_t)d;
    cand[best] = 0;
    int ok = 1;
    for (int i = 0; i < SK_PEERS && ok; i++) {
      int p = sk_peer[best][i];
      if (value[p] == d) ok = 0;
      cand[p] &= (sk_mask)~SK_BIT(d);
    }
    if (ok && solve(run, value, cand)) return 1;
    if (run->stopped) return 0;
    value[best] = 0;
    for (int c = 0; c < SK_CELLS; c++) cand[c] = saved[c];
  }
  return 0;
}

static int brute_force(const sk_search *s) {
  const sk_grid *g = s->grid;
  const sk_host *host = s->host;
  uint8_t value[SK_CELLS];
  sk_mask cand[SK_CELLS];
  int n = 0;
  for (int c = 0; c < SK_CELLS; c++) {
    value[c] = g->value[c];
    cand[c] = g->value[c] ? 0 : g->cand[c];
    n += g->value[c] == 0;
  }
  bf_run run = {s, 0, 0};
  if (n == 0 || !solve(&run, value, cand)) return SK_SEARCH_DONE;
  int cell = -1;
  for (int c = 0, k = 0; c < SK_CELLS; c++)
    if (g->value[c] == 0 && k++ == n / 2) { cell = c; break; }
  sk_hint h;
  host->hint_init(&h);
  sk_hint_place(&h, cell, value[cell]);
  sk_hint_focus(&h, cell, value[cell]);
  host->hint_printf(&h, "Brute Force: r%dc%d=%d", cell / 9 + 1, cell % 9 + 1, value[cell]);
  return host->emit(s, &h) ? SK_SEARCH_STOPPED : SK_SEARCH_DONE;
}

static const sk_technique technique = {"brute-force", "Brute Force", 0, brute_force, NULL};

SK_PLUGIN_ENTRY(brute_force) {
  SK_PLUGIN_CHECK(host, reg);
  return host->register_technique(reg, &technique) == 0 ? SK_PLUGIN_OK : SK_PLUGIN_ERROR;
}
