/*
** analysis_clues.c -- facts of a puzzle's clues (sk_analysis.h): the
** redundant ones (minimality) and the blank correlation of their pattern.
*/
#include <stdlib.h>
#include <string.h>
#include "sk_analysis.h"
#include "sk_solver.h"

/* {====================================================================
** Redundant clues
** ===================================================================== */

/* A clue is needed when the puzzle without it has no solution in which
** its cell holds another digit: count (limit 1) with the clue's cell
** reopened minus its own digit. */
int sk_redundant_clues(const uint8_t puzzle[SK_CELLS], uint8_t cells[SK_CELLS]) {
  uint8_t p[SK_CELLS];
  int n = 0;
  memcpy(p, puzzle, SK_CELLS);
  if (sk_solve_count(p, 2, NULL, NULL) != 1) return -1;
  for (int c = 0; c < SK_CELLS; c++) {
    if (!puzzle[c]) continue;
    sk_grid g;
    p[c] = 0;
    sk_grid_from_values(&g, p, NULL);
    p[c] = puzzle[c];
    sk_grid_eliminate(&g, c, puzzle[c]);
    if (sk_solve_count_grid(&g, 1, NULL, NULL) == 0) {
      if (cells) cells[n] = (uint8_t)c;
      n++;
    }
  }
  return n;
}

/* }==================================================================== */


/* {====================================================================
** Blank correlation
** ===================================================================== */

void sk_correlation_of(const uint8_t puzzle[SK_CELLS], sk_correlation *c) {
  sk_bits blank = {{0, 0}};
  memset(c, 0, sizeof *c);
  for (int i = 0; i < SK_CELLS; i++)
    if (!puzzle[i]) sk_bits_set(&blank, i), c->blanks++;
  for (int i = 0; i < SK_CELLS; i++)
    if (!puzzle[i]) c->links += sk_bits_count(sk_bits_and(sk_peer_bits[i], blank));
  c->f = c->blanks ? (double)c->links / (18.0 * c->blanks) : 0.0;
}

int sk_correlation_grade(double f, const double t[3]) {
  static const double def[3] = {SK_CORR_T1, SK_CORR_T2, SK_CORR_T3};
  if (!t) t = def;
  return f < t[0] ? 1 : f < t[1] ? 2 : f < t[2] ? 3 : 4;
}

int sk_correlation_parse(const char *s, double t[3]) {
  char *end;
  for (int i = 0; i < 3; i++) {
    t[i] = strtod(s, &end);
    if (end == s || !(t[i] >= 0) || t[i] > 2 || (i && t[i] <= t[i - 1])) return -1;
    if (i < 2 && *end != ',') return -1;
    s = end + (i < 2);
  }
  return *end ? -1 : 0;
}

