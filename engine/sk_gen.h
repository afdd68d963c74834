/*
** sk_gen.h -- generators: random numbers, complete grids by index, and
** puzzles with a unique solution.
**
** Complete grids come from one seed grid and the transformations that
** keep a grid valid: permuting bands, stacks, rows inside a band, columns
** inside a stack, transposing, and relabelling digits.  The seed grid has
** no automorphism (no transformation other than the identity maps it to
** itself), so different transformations give different grids: grid number
** i is distinct from grid number j for every i != j.  With the top-left
** digit fixed there are SK_GRID_COUNT of them for each first digit.
**
** Puzzles: a random complete grid by randomized backtracking, then clues
** removed in random order (single cells or symmetric groups), each removal
** kept only while the puzzle still has exactly one solution.
*/
#ifndef SK_GEN_H
#define SK_GEN_H

#include <stdint.h>
#include <stddef.h>
#include "sk_grid.h"
#include "sk_format.h"
#include "sk_error.h"

/* {====== random numbers: xoshiro256**, seeded through splitmix64 */

typedef struct sk_rng { uint64_t s[4]; } sk_rng;

/* The state for (seed, stream): different streams of one seed are
** independent sequences; the generator gives puzzle i stream i so that
** the output does not depend on how puzzles are shared among threads. */
void sk_rng_seed(sk_rng *r, uint64_t seed, uint64_t stream);
uint64_t sk_rng_next(sk_rng *r);
/* Uniform in [0, n) without modulo bias; n >= 1. */
uint32_t sk_rng_below(sk_rng *r, uint32_t n);

/* }====== */

/* {====== complete grids */

/* 2 * 6^8 geometric transformations times 8! relabellings that keep the
** top-left digit: distinct grids per first digit. */
#define SK_GRID_GEOMETRIES 3359232ULL
#define SK_GRID_RELABELS   40320ULL
#define SK_GRID_COUNT      (SK_GRID_GEOMETRIES * SK_GRID_RELABELS)  /* 135,444,234,240 */

/* Grid number index (0 <= index < SK_GRID_COUNT) with top-left digit
** first (1..9).  Returns 0, or -1 when an argument is out of range. */
int sk_grid_at(uint64_t index, int first, uint8_t out[SK_CELLS]);

/* Bytes sk_grids_format()/sk_grids_write() produce for n grids:
** SK_FMT_GRID: 9 lines of "d d d d d d d d d", a blank line between
** grids (163 bytes per grid, one less in all); SK_FMT_LINE: 81 digits and
** a newline per grid.  Other formats are not supported (0). */
uint64_t sk_grids_size(uint64_t n, sk_format fmt);

/* Format grids start .. start+n-1 into buf, which needs
** sk_grids_size(n, fmt) + SK_GRIDS_SLACK bytes (the fast path stores
** whole 16-byte words past the end).  Returns the bytes written, 0 when
** an argument is out of range. */
#define SK_GRIDS_SLACK 32
size_t sk_grids_format(char *buf, uint64_t start, uint64_t n, int first, sk_format fmt);

/* Write grids start .. start+n-1 to the file descriptor from its current
** offset, in large blocks, formatted and written by up to `threads`
** threads with pwrite when fd is a regular file not in append mode (a
** pipe, terminal or O_APPEND file gets one thread and plain writes).
** The offset ends after the grids.  Returns 0, or -1 with err set. */
int sk_grids_write(int fd, uint64_t start, uint64_t n, int first, sk_format fmt,
                   int threads, sk_error *err);

/* Number of (geometric transformation, relabelling) pairs mapping the
** complete grid onto itself, the identity included: 1 for most grids.
** Returns 0 when grid is not a valid complete grid. */
unsigned long sk_grid_automorphisms(const uint8_t grid[SK_CELLS]);

/* A random complete grid: randomized backtracking, the fewest-candidates
** cell first, its candidates tried in random order. */
void sk_random_grid(sk_rng *r, uint8_t out[SK_CELLS]);

/* }====== */

/* {====== puzzles */

typedef enum {
  SK_SYM_NONE = 0, SK_SYM_ROT180, SK_SYM_ROT90, SK_SYM_MIRROR, SK_SYM_DIAGONAL
} sk_symmetry;

/* "none", "rot180", "rot90", "mirror" (left-right), "diagonal" (main). */
int sk_symmetry_parse(const char *name, sk_symmetry *out);   /* 0 ok, -1 */
const char *sk_symmetry_name(sk_symmetry s);
/* 1 when the givens' pattern (not their digits) has the symmetry. */
int sk_symmetric(const uint8_t puzzle[SK_CELLS], sk_symmetry s);

/* Given-count ranges of the levels: easy 36-40, medium 30-35, hard
** 24-29.  They measure the number of givens, not the techniques a
** puzzle needs.  Returns 0, or -1 for an unknown name. */
int sk_level_range(const char *name, int *lo, int *hi);

typedef struct sk_gen_opts {
  int lo, hi;             /* givens range; lo = hi = 0: no target */
  int minimal;            /* remove until nothing more can go */
  sk_symmetry symmetry;   /* removal in groups of symmetric cells */
  int attempts;           /* complete grids tried per puzzle (0: 1000) */
} sk_gen_opts;

typedef struct sk_gen_stats {
  uint64_t grids;         /* complete grids made */
  uint64_t tries;         /* removals tried */
  uint64_t solver_calls;  /* removals that needed the solution counter */
} sk_gen_stats;

/* Check options: range within 17..81 and lo <= hi, reachable with the
** symmetry (rot90 groups hold 4 cells).  0 ok, else -1 with err set. */
int sk_gen_check(const sk_gen_opts *o, sk_error *err);

/* One puzzle with exactly one solution.  Without a range, clues are
** removed until none can go (the result is minimal).  With a range
** lo..hi, a target is drawn in it and removal stops there; with
** `minimal`, removal goes on to the end and the puzzle is kept only if
** its count lies in the range.  With a symmetry, "minimal" means that no
** symmetric group of clues can go.  A grid that cannot give a puzzle in
** the range is replaced by a new one, at most o->attempts times.
** Returns the number of givens, or -1 when every attempt failed.
** solution may be NULL; stats may be NULL (added to, not reset). */
int sk_generate(const sk_gen_opts *o, sk_rng *r, uint8_t puzzle[SK_CELLS],
                uint8_t solution[SK_CELLS], sk_gen_stats *stats);

/* 1 when the puzzle has exactly one solution and every given is needed
** (removing any one of them allows a second solution). */
int sk_puzzle_minimal(const uint8_t puzzle[SK_CELLS]);

/* }====== */

#endif
