/*
** sk_solver.h -- exact solver and solution counter.
**
** Bitwise constraint propagation (naked and hidden singles, locked
** candidates, triads) with guessing on a digit's place in a band or on a
** cell (engine/solver.c).  Used for
** `solve`, `count`, every uniqueness check (count to 2) and the
** generators, so it is the hot loop of the whole project.
*/
#ifndef SK_SOLVER_H
#define SK_SOLVER_H

#include <stdint.h>
#include "sk_grid.h"

/* The figures count the solver's own search: they depend on its
** algorithm (since the triads and the band guesses, about a quarter fewer
** on hard puzzles), not only on the puzzle.  nodes == guesses + 1 for
** each call: every branch taken is a node, plus the root. */
typedef struct sk_solve_stats {
  uint64_t nodes;     /* search nodes visited (propagation fixpoints) */
  uint64_t guesses;   /* branches taken on a guess (a digit's two band
                      ** configurations, or a cell's digit) */
} sk_solve_stats;

/* Count solutions of a puzzle (81 values, 0 = empty), stopping at limit
** (limit >= 1).  Returns the count, capped at limit: 0 = contradictory,
** 1 = unique, ...  If solution is not NULL and the count is >= 1, the
** first solution found is written there.  stats may be NULL; when given
** it is added to (not reset).  Thread-safe: no global state. */
unsigned long sk_solve_count(const uint8_t puzzle[SK_CELLS], unsigned long limit,
                             uint8_t solution[SK_CELLS], sk_solve_stats *stats);

/* Same, starting from a candidate grid (candidates may already be
** reduced, as in the 729-character format). */
unsigned long sk_solve_count_grid(const sk_grid *g, unsigned long limit,
                                  uint8_t solution[SK_CELLS], sk_solve_stats *stats);

/* Convenience: 1 when the puzzle has exactly one solution. */
static inline int sk_solve_unique(const uint8_t puzzle[SK_CELLS], uint8_t solution[SK_CELLS]) {
  return sk_solve_count(puzzle, 2, solution, 0) == 1;
}

/* The variant of the solver that runs on this processor: "avx2" (x86-64
** with AVX2, BMI2 and POPCNT) or "generic" (any other, or when the
** environment sets SK_SOLVER_ISA=generic).  Every variant gives the same
** answers; only the speed differs. */
const char *sk_solver_isa(void);

/* Check a complete grid against the rules (every house holds 1..9) and,
** when puzzle is not NULL, against the puzzle's givens. */
int sk_solution_valid(const uint8_t grid[SK_CELLS], const uint8_t puzzle[SK_CELLS]);

#endif
