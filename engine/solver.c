/*
** solver.c -- exact solver and solution counter (see sk_solver.h).
**
** Representation ("band" solver).  The grid is three bands of 27 cells.
** For each digit d and band b one 32-bit word f[9*b+d] holds the cells of
** the band where d is a candidate or already placed (bit 9*r + c, r the
** row inside the band, c the column).  A placed digit keeps its bit; other
** digits lose it.  So a digit's three words always cover exactly one cell
** per row, column and box once the grid is solved.
**
** Loading a puzzle places its givens (their rows closed, their columns
** cleared in the other bands); equal givens in a house are found by counts
** (a digit's rows and boxes per band, summed, against the givens).
**
** Propagation works on band words, in rounds: every changed word is
** reduced (no branch: the words of a round do not wait on each other),
** then the rows they left with one cell are placed:
**  - a word's mini-row shape (which rows still see the digit in which box)
**    is reduced through slv_keep[]: the digit's mini-rows must form a
**    permutation rows -> boxes, which gives box hidden singles and row/box
**    locked candidates in one table look-up;
**  - a row of the band left with a single cell is a placement: the column
**    is cleared in the digit's two other bands and the cell in the eight
**    other digits' words of this band; the words it changed are reduced
**    in the next round.
** The words do not see columns, so a column pass per changed digit adds
** the column/box locked candidates (and through them column hidden
** singles).  Then cells with one candidate (naked singles) are placed by
** reducing their row to them, which the word update finishes.  Last, when
** all that is done, the triads: each mini-row (and mini-column) holds
** exactly three digits, so when three digits are confined to one, the six
** others leave it -- what no single digit's words can see.
**
** When nothing is left, the solver guesses.  Each digit takes one of six
** configurations (permutations rows -> boxes) in each band, and one of six
** (bands -> columns) in each stack.  In the band or stack with the fewest
** combinations of configurations left over its nine digits (a sum of
** weights of their counts, slv_weight), the digit with the fewest (two,
** else three) is a binary choice: its first configuration, or the
** others.
** Without one, the guess is the bivalue cell with the most unsolved peers
** (else a cell with the fewest candidates): one branch places its lowest
** digit, the other eliminates it.  The second branch is stacked for
** backtracking; counting walks the whole tree up to the limit.
**
** Instruction sets.  The propagation and search (solver_core.h) are
** compiled once per variant: the plain one (this build's flags) and, on
** x86-64, one for AVX2/BMI2/POPCNT processors, where a word's mini-row
** shape is one pext and the peer counts are popcnt, and one for AVX-512
** processors, whose propagation (solver_avx512.h) runs the same rules on
** a band's nine words at once and reaches the same fixpoint.  The first
** call picks the best variant the processor has (SK_SOLVER_ISA=generic,
** avx2 or avx512 forces one; valgrind, which does not know AVX-512, hides
** it from the processor check, and make valgrind forces the plain one);
** all give the same answers and statistics.
**
** Everything lives in the caller's stack (about 28 KB at most): the
** functions are reentrant and thread-safe (the variant, chosen once, is
** the only shared value).
*/
#include <stdlib.h>
#include <string.h>
#include "sk_solver.h"
#include "solver_tables.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define SLV_X86 1
#include <immintrin.h>
#else
#define SLV_X86 0
#endif

#define BAND_ALL   0x7FFFFFFu   /* the 27 cells of a band */
#define ROW_ONES   0x0040201u   /* bit 0 of each of the three rows */
#define DIGIT_WORDS 0x40201u   /* the words of digit 0 (i % 9 == 0) */
/* Stack bound: each stacked entry is the second branch of a guess on the
** current path, whose first branch either placed a cell (81 at most) or
** fixed a digit's configuration in a band or stack (54 at most), so there
** are fewer entries than that. */
#define MAX_DEPTH  (SK_CELLS + 54)

typedef struct slv_state {
  uint32_t f[27];      /* f[9*b+d]: digit d, band b (a band's nine side by side) */
  uint32_t cells[3];   /* unsolved cells of each band */
  uint32_t dirty;      /* words changed since they were last reduced */
  uint32_t live;       /* words whose digit still has an unplaced row */
  uint8_t open[27];    /* rows of the band where word i's digit is unplaced */
} slv_state;

typedef struct slv_run {
  unsigned long limit, count;
  uint8_t *solution;
  uint64_t nodes, guesses;
} slv_run;

enum { DEAD = 0, SOLVED = 1, OPEN = 2 };

/* Masks of the rows selected by a 3-bit set. */
static const uint32_t row_mask[8] = {
  0, 0x1FF, 0x3FE00, 0x3FFFF, 0x7FC0000, 0x7FC01FF, 0x7FFFE00, 0x7FFFFFF
};

/* The values of a solved state: each word holds its digit's placed cells. */
static void slv_extract(const slv_state *s, uint8_t out[SK_CELLS]) {
  for (int d = 0; d < 9; d++)
    for (int b = 0; b < 3; b++)
      for (uint32_t f = s->f[9 * b + d]; f; f &= f - 1)
        out[27 * b + __builtin_ctz(f)] = (uint8_t)(d + 1);
}

/* ---- the variants ---- */

/* The plain one: this build's own instruction set (x86-64: no popcnt). */
#define SLV_SUFFIX generic
#define SLV_FN
#define SLV_PEXT 0
#define SLV_POPCNT 0
#define SLV_AVX2 0
#define SLV_AVX512 0
#include "solver_core.h"
#undef SLV_SUFFIX
#undef SLV_FN
#undef SLV_PEXT
#undef SLV_POPCNT
#undef SLV_AVX2
#undef SLV_AVX512

#if SLV_X86
/* x86-64 with AVX2, BMI1/2, POPCNT and LZCNT (Haswell and later, Zen). */
#define SLV_SUFFIX avx2
#define SLV_FN __attribute__((target("avx2,bmi,bmi2,popcnt,lzcnt")))
#define SLV_PEXT 1
#define SLV_POPCNT 1
#define SLV_AVX2 1
#define SLV_AVX512 0
#include "solver_core.h"
#undef SLV_SUFFIX
#undef SLV_FN
#undef SLV_PEXT
#undef SLV_POPCNT
#undef SLV_AVX2
#undef SLV_AVX512

/* x86-64 with AVX-512 (F) besides: the propagation by whole rounds over
** band vectors (solver_avx512.h). */
#define SLV_SUFFIX avx512
#define SLV_FN __attribute__((target("avx2,bmi,bmi2,popcnt,lzcnt,avx512f")))
#define SLV_PEXT 1
#define SLV_POPCNT 1
#define SLV_AVX2 1
#define SLV_AVX512 1
#include "solver_core.h"
#undef SLV_SUFFIX
#undef SLV_FN
#undef SLV_PEXT
#undef SLV_POPCNT
#undef SLV_AVX2
#undef SLV_AVX512
#endif

/* ---- dispatch ---- */

typedef void (*slv_search_fn)(slv_state *, slv_run *);

static slv_search_fn slv_variant(const char *isa) {
  if (!strcmp(isa, "generic")) return slv_search_generic;
#if SLV_X86
  if (!strcmp(isa, "avx2") || !strcmp(isa, "avx512")) {
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("bmi2") ||
        !__builtin_cpu_supports("popcnt"))
      return NULL;
    if (isa[3] == '2') return slv_search_avx2;
    if (__builtin_cpu_supports("avx512f")) return slv_search_avx512;
  }
#endif
  return NULL;
}

/* The fastest variant this processor runs, chosen at the first call;
** SK_SOLVER_ISA=generic, avx2 or avx512 in the environment forces one (an
** unknown or unsupported name leaves the choice automatic).  Racing first
** calls all store the same pointer. */
static slv_search_fn slv_chosen;

static slv_search_fn slv_pick_variant(void) {
  slv_search_fn f = __atomic_load_n(&slv_chosen, __ATOMIC_ACQUIRE);
  if (f) return f;
  const char *e = getenv("SK_SOLVER_ISA");
  if (!e || !(f = slv_variant(e))) {
    f = slv_variant("avx512");
    if (!f) f = slv_variant("avx2");
    if (!f) f = slv_search_generic;
  }
  __atomic_store_n(&slv_chosen, f, __ATOMIC_RELEASE);
  return f;
}

const char *sk_solver_isa(void) {
  slv_search_fn f = slv_pick_variant();
#if SLV_X86
  if (f == slv_search_avx2) return "avx2";
  if (f == slv_search_avx512) return "avx512";
#endif
  (void)f;
  return "generic";
}

static unsigned long slv_run_state(slv_search_fn search, slv_state *s, unsigned long limit,
                                   uint8_t solution[SK_CELLS], sk_solve_stats *stats) {
  slv_run run = {limit ? limit : 1, 0, solution, 0, 0};   /* 0 acts as 1 */
  search(s, &run);
  if (stats) { stats->nodes += run.nodes; stats->guesses += run.guesses; }
  return run.count;
}

/* Bits set in x (no popcnt instruction in the plain build). */
static int slv_bits(uint32_t x) {
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  x = (x + (x >> 4)) & 0x0F0F0F0Fu;
  return (int)((x * 0x01010101u) >> 24);
}

/* Set up the state of a puzzle: each given keeps, in its digit's word,
** its row reduced to itself and leaves the other digits' words; the first
** propagation does the rest (columns, boxes).  0 when a value is out of
** range or two equal givens share a house: a digit's givens are as many
** as its columns (over the three bands), and in each band as many as its
** rows and as its boxes. */
static int slv_load(slv_state *s, const uint8_t v[SK_CELLS]) {
  uint32_t given[27], all[3] = {0, 0, 0};
#if SLV_X86
  /* SSE2 (every x86-64): a band's 27 values in two overlapping loads
  ** (bytes 0-15 and 11-26), compared with each digit at once */
  __m128i nine = _mm_set1_epi8(9), zero = _mm_setzero_si128();
  for (int b = 0; b < 3; b++) {
    __m128i lo = _mm_loadu_si128((const __m128i *)(v + 27 * b));
    __m128i hi = _mm_loadu_si128((const __m128i *)(v + 27 * b + 11));
    __m128i over = _mm_or_si128(_mm_subs_epu8(lo, nine), _mm_subs_epu8(hi, nine));
    if (_mm_movemask_epi8(_mm_cmpeq_epi8(over, zero)) != 0xFFFF) return 0;
    for (int d = 0; d < 9; d++) {
      __m128i k = _mm_set1_epi8((char)(d + 1));
      given[9 * b + d] = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(lo, k))
                       | (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(hi, k)) << 11;
    }
  }
#else
  memset(given, 0, sizeof given);
  for (int c = 0; c < SK_CELLS; c++) {
    if (!v[c]) continue;
    if (v[c] > 9) return 0;
    given[9 * (c / 27) + v[c] - 1] |= (uint32_t)1 << (c % 27);
  }
#endif
  for (int i = 0; i < 27; i++) all[i / 9] |= given[i];
  /* Equal givens in a house: a word has at most as many rows and boxes
  ** as givens, equal when no two share one, so the sums over the words
  ** equal the count of givens only without a clash in a row or a box; a
  ** column clashes within a band in a box, else in two bands' columns. */
  uint32_t fo[27], rw[27], clash = 0;
  int givens = slv_bits(all[0]) + slv_bits(all[1]) + slv_bits(all[2]), rows = 0, boxes = 0;
  for (int i = 0; i < 27; i++) {
    uint32_t x = given[i], c = (x | x >> 9 | x >> 18) & 0x1FF;
    uint32_t r0 = (x & 0x1FF) != 0, r1 = (x & 0x3FE00) != 0, r2 = (x >> 18) != 0;
    fo[i] = c;
    rw[i] = r0 | r1 << 1 | r2 << 2;
    rows += (int)(r0 + r1 + r2);
    boxes += ((c & 7) != 0) + ((c & 070) != 0) + ((c & 0700) != 0);
  }
  for (int d = 0; d < 9; d++)
    clash |= (fo[d] & fo[9 + d]) | (fo[d] & fo[18 + d]) | (fo[9 + d] & fo[18 + d]);
  if (clash || rows != givens || boxes != givens) return 0;
  /* the givens are placed here as the propagation would place them: their
  ** rows closed, their columns cleared in the digit's other bands */
  static const uint8_t other[27][2] = {
    {9, 18}, {10, 19}, {11, 20}, {12, 21}, {13, 22}, {14, 23}, {15, 24}, {16, 25}, {17, 26},
    {18, 0}, {19, 1}, {20, 2}, {21, 3}, {22, 4}, {23, 5}, {24, 6}, {25, 7}, {26, 8},
    {0, 9}, {1, 10}, {2, 11}, {3, 12}, {4, 13}, {5, 14}, {6, 15}, {7, 16}, {8, 17}};
  uint32_t live = 0;
  for (int i = 0; i < 27; i++) {
    uint32_t x = given[i], oc = (fo[other[i][0]] | fo[other[i][1]]) * ROW_ONES;
    s->f[i] = BAND_ALL & ~(all[i / 9] & ~x) & (~row_mask[rw[i]] | x) & ~oc;
    s->open[i] = (uint8_t)(7 & ~rw[i]);
    live |= (uint32_t)(rw[i] != 7) << i;
  }
  for (int b = 0; b < 3; b++) s->cells[b] = BAND_ALL & ~all[b];
  s->live = live;
  s->dirty = BAND_ALL;
  return 1;
}

unsigned long sk_solve_count(const uint8_t puzzle[SK_CELLS], unsigned long limit,
                             uint8_t solution[SK_CELLS], sk_solve_stats *stats) {
  slv_state s;
  if (!slv_load(&s, puzzle)) return 0;
  return slv_run_state(slv_pick_variant(), &s, limit, solution, stats);
}

unsigned long slv_count_isa(const char *isa, const uint8_t puzzle[SK_CELLS], unsigned long limit,
                            uint8_t solution[SK_CELLS], sk_solve_stats *stats) {
  slv_search_fn f = slv_variant(isa);
  if (!f) return (unsigned long)-1;
  slv_state s;
  if (!slv_load(&s, puzzle)) return 0;
  return slv_run_state(f, &s, limit, solution, stats);
}

unsigned long sk_solve_count_grid(const sk_grid *g, unsigned long limit,
                                  uint8_t solution[SK_CELLS], sk_solve_stats *stats) {
  slv_state s;
  if (!slv_load(&s, g->value)) return 0;
  for (int c = 0; c < SK_CELLS; c++) {
    if (g->value[c]) continue;
    uint32_t bit = (uint32_t)1 << (c % 27);
    for (sk_mask m = (sk_mask)(~g->cand[c] & SK_ALL_DIGITS); m; m &= m - 1)
      s.f[9 * (c / 27) + __builtin_ctz(m)] &= ~bit;
  }
  return slv_run_state(slv_pick_variant(), &s, limit, solution, stats);
}

int sk_solution_valid(const uint8_t grid[SK_CELLS], const uint8_t puzzle[SK_CELLS]) {
  for (int c = 0; c < SK_CELLS; c++) {
    if (grid[c] < 1 || grid[c] > 9) return 0;
    if (puzzle && puzzle[c] && puzzle[c] != grid[c]) return 0;
  }
  for (int h = 0; h < SK_HOUSES; h++) {
    unsigned seen = 0;
    for (int k = 0; k < 9; k++) seen |= 1u << (grid[sk_house_cell[h][k]] - 1);
    if (seen != 0x1FF) return 0;
  }
  return 1;
}
