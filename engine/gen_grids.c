/*
** gen_grids.c -- complete grids by number (sk_gen.h): grid number i is a
** geometric transformation and a relabelling of one seed grid; and the
** automorphisms of a grid under the same transformations.
**
** {====== Why grid number i and grid number j differ when i != j
**
** A geometric transformation g moves cells: out(R,C) = S(rho(R), gamma(C))
** or, transposed, out(R,C) = S(rho(C), gamma(R)), where rho permutes the
** three bands and the three rows inside each band, gamma likewise the
** stacks and columns.  There are 6 * 6^3 choices of rho, as many of gamma
** and 2 of transposition: 2 * 6^8 = 3,359,232 parameter tuples, and
** distinct tuples are distinct cell maps (rho(R) tells the band chosen for
** R's band and the row chosen for R; a transposed map sends a row onto a
** column, which no untransposed one does).  A relabelling s permutes the
** digits.  Both keep every row, column and box a permutation of 1..9, and
** they commute.
**
** Index i = geo * 8! + rel.  geo decodes to a tuple (so to g); rel, in
** lexicographic order, to a permutation pi of eight items, which gives s:
** s maps the digit x at the top-left of g(S) to the chosen first digit D,
** and the k-th smallest digit other than x to the pi(k)-th smallest digit
** other than D.  Distinct (geo, rel) are distinct (g, s) pairs.
**
** Suppose s1(g1(S)) = s2(g2(S)).  Apply g2^-1 and s2^-1 (they commute):
** s(g(S)) = S with s = s2^-1 s1 and g = g2^-1 g1 -- an automorphism of S.
** The seed S below has none but the identity (sk_grid_automorphisms(S) is
** 1, checked by tests/unit/test_gen.c over all 3,359,232 maps), so g1 = g2
** and s1 = s2, hence i = j.  There are 3,359,232 * 40,320 =
** 135,444,234,240 grids per first digit, and no more from this seed.
** }======
*/
#include <string.h>
#include "sk_gen.h"
#include "gen_grids.h"

/* {====== the enumeration */

/* Seed grid: found by sk_random_grid and checked to have no automorphism. */
static const char seed_grid[SK_CELLS + 1] =
  "386795421957241386241836759519482673862317594473659218695173842724968135138524967";

static const uint8_t perm3[6][3] = {
  {0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}
};

void skG_geo_decode(uint64_t x, geo *g) {
  g->transpose = (int)(x % 2); x /= 2;
  const uint8_t *band = perm3[x % 6]; x /= 6;
  for (int b = 0; b < 3; b++, x /= 6)
    for (int r = 0; r < 3; r++) g->rows[3 * b + r] = (uint8_t)(3 * band[b] + perm3[x % 6][r]);
  const uint8_t *stack = perm3[x % 6]; x /= 6;
  for (int s = 0; s < 3; s++, x /= 6)
    for (int c = 0; c < 3; c++) g->cols[3 * s + c] = (uint8_t)(3 * stack[s] + perm3[x % 6][c]);
}

/* The seed cell that lands on output cell (R, C). */
static inline int geo_cell(const geo *g, int R, int C) {
  return g->transpose ? 9 * g->rows[C] + g->cols[R] : 9 * g->rows[R] + g->cols[C];
}

void skG_geo_apply(const geo *g, const uint8_t in[SK_CELLS], uint8_t out[SK_CELLS]) {
  for (int R = 0; R < 9; R++)
    for (int C = 0; C < 9; C++) out[9 * R + C] = in[geo_cell(g, R, C)];
}

void skG_seed_values(uint8_t v[SK_CELLS]) {
  for (int c = 0; c < SK_CELLS; c++) v[c] = (uint8_t)(seed_grid[c] - '0');
}

/* Permutation number p (0 <= p < 8!) of 0..7, in lexicographic order. */
void skG_perm8_decode(uint32_t p, uint8_t pi[8]) {
  static const uint32_t fact[8] = {5040, 720, 120, 24, 6, 2, 1, 1};
  uint8_t left[8] = {0, 1, 2, 3, 4, 5, 6, 7};
  int n = 8;
  for (int k = 0; k < 8; k++) {
    uint32_t i = p / fact[k];
    p %= fact[k];
    pi[k] = left[i];
    memmove(left + i, left + i + 1, (size_t)(n - (int)i - 1));
    n--;
  }
}

/* The relabelling s of the header comment: map[d] for d = 1..9. */
static void relabel_map(int x, int first, const uint8_t pi[8], uint8_t map[10]) {
  uint8_t from[8], to[8];
  int nf = 0, nt = 0;
  for (int d = 1; d <= 9; d++) {
    if (d != x) from[nf++] = (uint8_t)d;
    if (d != first) to[nt++] = (uint8_t)d;
  }
  map[0] = 0;
  map[x] = (uint8_t)first;
  for (int k = 0; k < 8; k++) map[from[k]] = to[pi[k]];
}

int sk_grid_at(uint64_t index, int first, uint8_t out[SK_CELLS]) {
  if (index >= SK_GRID_COUNT || first < 1 || first > 9) return -1;
  uint8_t seed[SK_CELLS], t[SK_CELLS], pi[8], map[10];
  geo g;
  skG_seed_values(seed);
  skG_geo_decode(index / SK_GRID_RELABELS, &g);
  skG_geo_apply(&g, seed, t);
  skG_perm8_decode((uint32_t)(index % SK_GRID_RELABELS), pi);
  relabel_map(t[0], first, pi, map);
  for (int c = 0; c < SK_CELLS; c++) out[c] = map[t[c]];
  return 0;
}

/* }====== */

/* {====== automorphisms */

static int grid_valid(const uint8_t v[SK_CELLS]) {
  for (int h = 0; h < SK_HOUSES; h++) {
    unsigned seen = 0;
    for (int k = 0; k < 9; k++) {
      int d = v[sk_house_cell[h][k]];
      if (d < 1 || d > 9) return 0;
      seen |= 1u << d;
    }
    if (seen != 0x3FE) return 0;
  }
  return 1;
}

unsigned long sk_grid_automorphisms(const uint8_t grid[SK_CELLS]) {
  if (!grid_valid(grid)) return 0;
  unsigned long n = 0;
  geo g;
  for (uint64_t x = 0; x < SK_GRID_GEOMETRIES; x++) {
    skG_geo_decode(x, &g);
    /* g(grid) relabelled must be grid: the relabelling is forced cell by
    ** cell, and a clash rules the map out (usually within a row) */
    uint8_t s[10] = {0};
    int ok = 1;
    for (int c = 0; c < SK_CELLS && ok; c++) {
      int a = grid[geo_cell(&g, c / 9, c % 9)], b = grid[c];
      if (s[a] == 0) s[a] = (uint8_t)b;
      else ok = s[a] == b;
    }
    n += (unsigned long)ok;
  }
  return n;
}

/* }====== */
