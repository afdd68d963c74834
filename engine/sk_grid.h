/*
** sk_grid.h -- the sudokit grid: values, candidates and per-digit bitboards.
**
** Cells are numbered 0..80 in row-major order (cell = 9*row + col).
** The constant tables sk_house_cell, sk_cell_house, sk_peer,
** sk_house_bits and sk_peer_bits come from sk_geometry.h.
** Houses are numbered 0..26: rows 0..8, columns 9..17, boxes 18..26
** (boxes numbered row-major, a box's cells read row by row).
** A candidate mask (sk_mask) holds digit d (1..9) in bit d-1.
** A bitboard (sk_bits) holds cell i in bit i&63 of word i>>6.
**
** The grid keeps two views of the candidates in step: a mask per cell
** (cand[]) and a bitboard per digit (dcells[]).  Every mutation goes
** through sk_grid_place() / sk_grid_eliminate() so the two never drift.
** A grid is a plain struct: copy it with '=' to save, assign it back to
** restore.
*/
#ifndef SK_GRID_H
#define SK_GRID_H

#include <stdint.h>
#include <stdbool.h>

#define SK_CELLS   81
#define SK_HOUSES  27
#define SK_PEERS   20

typedef uint16_t sk_mask;               /* digits 1..9 in bits 0..8 */
#define SK_ALL_DIGITS ((sk_mask)0x1FF)
#define SK_BIT(d)     ((sk_mask)(1u << ((d) - 1)))

typedef struct sk_bits { uint64_t w[2]; } sk_bits;   /* 81-cell set */

typedef enum { SK_ROW = 0, SK_COL = 1, SK_BOX = 2 } sk_house_kind;

typedef struct sk_grid {
  uint8_t value[SK_CELLS];   /* 0 = empty, else 1..9 */
  sk_mask cand[SK_CELLS];    /* candidates of empty cells; 0 when filled */
  sk_bits dcells[9];         /* dcells[d-1]: empty cells where d is a candidate */
  sk_bits givens;            /* cells that were given in the puzzle */
  int nempty;                /* number of empty cells */
} sk_grid;

/* ---- bit helpers (inline: used in every technique's inner loop) ---- */

/* Population count without a library call: without -mpopcnt the compiler's
** builtin becomes a call into libgcc, which showed up at 8-15 % of the
** technique profiles. */
static inline int sk_popcount64(uint64_t x) {
#if defined(__POPCNT__) || defined(__wasm__)
  return __builtin_popcountll(x);
#else
  x = x - ((x >> 1) & 0x5555555555555555ULL);
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return (int)((x * 0x0101010101010101ULL) >> 56);
#endif
}

static inline int sk_mask_count(sk_mask m) {
#if defined(__POPCNT__) || defined(__wasm__)
  return __builtin_popcount(m);
#else
  unsigned x = m - ((m >> 1) & 0x5555u);
  x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
  x = (x + (x >> 4)) & 0x0F0Fu;
  return (int)((x + (x >> 8)) & 0x1Fu);
#endif
}
/* lowest digit of a non-empty mask */
static inline int sk_mask_first(sk_mask m) { return __builtin_ctz(m) + 1; }
/* iterate digits: for (sk_mask m = x; m; m &= m - 1) { int d = sk_mask_first(m); } */

static inline int sk_row_of(int cell) { return cell / 9; }
static inline int sk_col_of(int cell) { return cell % 9; }
static inline int sk_box_of(int cell) { return (cell / 27) * 3 + (cell % 9) / 3; }

static inline bool sk_bits_has(const sk_bits *b, int i) {
  return (b->w[i >> 6] >> (i & 63)) & 1;
}
static inline void sk_bits_set(sk_bits *b, int i) { b->w[i >> 6] |= (uint64_t)1 << (i & 63); }
static inline void sk_bits_clear(sk_bits *b, int i) { b->w[i >> 6] &= ~((uint64_t)1 << (i & 63)); }
static inline sk_bits sk_bits_and(sk_bits a, sk_bits b) {
  sk_bits r = {{a.w[0] & b.w[0], a.w[1] & b.w[1]}}; return r;
}
static inline sk_bits sk_bits_or(sk_bits a, sk_bits b) {
  sk_bits r = {{a.w[0] | b.w[0], a.w[1] | b.w[1]}}; return r;
}
static inline sk_bits sk_bits_andnot(sk_bits a, sk_bits b) {
  sk_bits r = {{a.w[0] & ~b.w[0], a.w[1] & ~b.w[1]}}; return r;
}
static inline bool sk_bits_empty(sk_bits a) { return (a.w[0] | a.w[1]) == 0; }
static inline bool sk_bits_equal(sk_bits a, sk_bits b) {
  return a.w[0] == b.w[0] && a.w[1] == b.w[1];
}
static inline int sk_bits_count(sk_bits a) {
  return sk_popcount64(a.w[0]) + sk_popcount64(a.w[1]);
}
/* lowest cell of a non-empty set */
static inline int sk_bits_first(sk_bits a) {
  return a.w[0] ? __builtin_ctzll(a.w[0]) : 64 + __builtin_ctzll(a.w[1]);
}
/* remove and return the lowest cell; -1 when empty.  Ascending order. */
static inline int sk_bits_pop(sk_bits *a) {
  if (a->w[0]) { int i = __builtin_ctzll(a->w[0]); a->w[0] &= a->w[0] - 1; return i; }
  if (a->w[1]) { int i = __builtin_ctzll(a->w[1]); a->w[1] &= a->w[1] - 1; return 64 + i; }
  return -1;
}
/* the cells of row r, as a 9-bit mask of columns */
static inline unsigned sk_bits_row(sk_bits b, int r) {
  int at = 9 * r;
  if (at + 9 <= 64) return (unsigned)(b.w[0] >> at) & 0x1FFu;
  if (at >= 64) return (unsigned)(b.w[1] >> (at - 64)) & 0x1FFu;
  return (unsigned)((b.w[0] >> at) | (b.w[1] << (64 - at))) & 0x1FFu;
}
/* the cells of box x, as a 9-bit mask of positions in the box (row by
** row, the order of the box's cells in sk_house_cell) */
static inline unsigned sk_bits_box(sk_bits b, int x) {
  int r = 3 * (x / 3), at = 3 * (x % 3);
  return ((sk_bits_row(b, r) >> at) & 7u) | ((sk_bits_row(b, r + 1) >> at) & 7u) << 3 |
         ((sk_bits_row(b, r + 2) >> at) & 7u) << 6;
}

#include "sk_geometry.h"

/* ---- grid operations ----
** The hot ones are inline so that plugins use them without calling into
** the engine; the rest live in engine/grid.c. */

/* Place digit d in cell: set the value, drop the cell's candidates and
** remove d from the candidates of its 20 peers. */
static inline void sk_grid_place(sk_grid *g, int cell, int d) {
  sk_mask m = g->cand[cell];
  for (sk_mask x = m; x; x &= x - 1)
    sk_bits_clear(&g->dcells[__builtin_ctz(x)], cell);
  g->cand[cell] = 0;
  if (g->value[cell] == 0) g->nempty--;
  g->value[cell] = (uint8_t)d;
  sk_bits *dc = &g->dcells[d - 1];
  sk_bits hit = sk_bits_and(*dc, sk_peer_bits[cell]);
  *dc = sk_bits_andnot(*dc, hit);
  for (int p; (p = sk_bits_pop(&hit)) >= 0; )
    g->cand[p] &= (sk_mask)~SK_BIT(d);
}

/* Remove candidate d from cell; returns true if it was a candidate. */
static inline bool sk_grid_eliminate(sk_grid *g, int cell, int d) {
  if (!(g->cand[cell] & SK_BIT(d))) return false;
  g->cand[cell] &= (sk_mask)~SK_BIT(d);
  sk_bits_clear(&g->dcells[d - 1], cell);
  return true;
}

/* Cells of house h where d is a candidate. */
static inline sk_bits sk_grid_places(const sk_grid *g, int house, int d) {
  return sk_bits_and(g->dcells[d - 1], sk_house_bits[house]);
}

/* ---- engine/grid.c ---- */

/* An empty grid: every cell empty with all nine candidates. */
void sk_grid_init(sk_grid *g);

/* Set up a grid from 81 values (0 = empty).  Candidates are every digit
** not seen among a cell's peers.  Returns -1 (and fills *conflict_cell
** when not NULL) if two equal givens share a house, else 0. */
int sk_grid_from_values(sk_grid *g, const uint8_t values[SK_CELLS], int *conflict_cell);

/* Set up a grid from explicit candidates (the 729-character format):
** a cell with values[c] != 0 is filled, every other cell is empty with
** exactly the candidates cand[c] (possibly none: a contradiction). */
void sk_grid_from_candidates(sk_grid *g, const sk_mask cand[SK_CELLS],
                             const uint8_t values[SK_CELLS]);


/* Consistency check of the two candidate views (tests, --verify). */
bool sk_grid_consistent(const sk_grid *g);

/* Copy the 81 values out. */
void sk_grid_values(const sk_grid *g, uint8_t out[SK_CELLS]);

/* True when no empty cell is left. */
static inline bool sk_grid_solved(const sk_grid *g) { return g->nempty == 0; }

/* "r4c7" style name of a cell (1-based).  Inline, like everything a
** plugin may call: plugins do not link against the engine. */
static inline const char *sk_cell_name(int cell, char buf[8]) {
  if (cell < 0 || cell >= SK_CELLS) { buf[0] = '?'; buf[1] = 0; return buf; }
  buf[0] = 'r'; buf[1] = (char)('1' + cell / 9);
  buf[2] = 'c'; buf[3] = (char)('1' + cell % 9); buf[4] = 0;
  return buf;
}

/* "r4", "c7" or "b5" (1-based). */
static inline const char *sk_house_name(int house, char buf[4]) {
  if (house < 0 || house >= SK_HOUSES) { buf[0] = '?'; buf[1] = 0; return buf; }
  buf[0] = "rcb"[house / 9]; buf[1] = (char)('1' + house % 9); buf[2] = 0;
  return buf;
}

#endif
