/*
** gen.c -- puzzles with a unique solution (sk_gen.h): a random complete
** grid by backtracking, then clues removed in random order, singly or in
** symmetric groups, each removal kept only while the solution stays
** unique.
**
** The other parts of the generators: gen_rng.c (random numbers),
** gen_grids.c (complete grids by number, with the argument that
** different numbers give different grids) and gen_text.c (those grids
** as text, written in blocks).
*/
#include <string.h>
#include "sk_gen.h"
#include "sk_solver.h"

/* {====== random complete grids */

/* Bits set in a 9-bit mask (the library is built for any x86-64, where
** __builtin_popcount is a function call). */
#define PC2(n) n, n + 1, n + 1, n + 2
#define PC4(n) PC2(n), PC2(n + 1), PC2(n + 1), PC2(n + 2)
#define PC6(n) PC4(n), PC4(n + 1), PC4(n + 1), PC4(n + 2)
#define PC8(n) PC6(n), PC6(n + 1), PC6(n + 1), PC6(n + 2)
static const uint8_t popc9[512] = { PC8(0), PC8(1) };

static inline sk_mask pick_bit(sk_rng *r, sk_mask m) {
  for (uint32_t k = sk_rng_below(r, popc9[m]); k; k--) m &= (sk_mask)(m - 1);
  return (sk_mask)(m & -m);
}

void sk_random_grid(sk_rng *r, uint8_t out[SK_CELLS]) {
  sk_mask rowm[9] = {0}, colm[9] = {0}, boxm[9] = {0};   /* digits used */
  uint8_t empty[SK_CELLS];
  struct { uint8_t cell; sk_mask left; } st[SK_CELLS];
  int nempty = SK_CELLS, depth = 0;
  static const uint8_t diag[27] = {
    0, 1, 2, 9, 10, 11, 18, 19, 20, 30, 31, 32, 39, 40, 41, 48, 49, 50,
    60, 61, 62, 69, 70, 71, 78, 79, 80
  };
  /* empty[] is kept so that its last 27 - depth entries are the diagonal
  ** cells still to fill, the next one last */
  int ne = 0;
  for (int c = 0; c < SK_CELLS; c++) {
    int on_diag = 0;
    for (int i = 0; i < 27; i++) on_diag |= diag[i] == c;
    if (!on_diag) empty[ne++] = (uint8_t)c;
    out[c] = 0;
  }
  for (int i = 26; i >= 0; i--) empty[ne++] = diag[i];
  for (;;) {
    /* the three diagonal boxes first (they never clash with each other,
    ** so this costs no search), then the empty cell with the fewest
    ** candidates */
    int best = -1, bestn = 10;
    sk_mask bestm = 0;
    for (int k = depth < 27 ? nempty - 1 : 0; k < nempty; k++) {
      int c = empty[k];
      sk_mask m = (sk_mask)(~(rowm[c / 9] | colm[c % 9] | boxm[sk_box_of(c)]) & SK_ALL_DIGITS);
      int n = popc9[m];
      if (n < bestn) { best = k; bestn = n; bestm = m; if (n <= 1) break; }
    }
    if (bestn > 0) {
      st[depth].cell = empty[best];
      st[depth].left = bestm;
      empty[best] = empty[nempty - 1];
      empty[nempty - 1] = st[depth].cell;   /* kept just past the end for the undo */
      nempty--;
    } else {
      depth--;                              /* dead end: undo the last placement */
      int c = st[depth].cell;
      sk_mask b = SK_BIT(out[c]);
      rowm[c / 9] ^= b; colm[c % 9] ^= b; boxm[sk_box_of(c)] ^= b;
      out[c] = 0;
    }
    /* try the next candidate at this depth, backing up while none is left */
    while (st[depth].left == 0) {
      nempty++;                             /* the cell is empty again */
      depth--;
      int c = st[depth].cell;
      sk_mask b = SK_BIT(out[c]);
      rowm[c / 9] ^= b; colm[c % 9] ^= b; boxm[sk_box_of(c)] ^= b;
      out[c] = 0;
    }
    int c = st[depth].cell;
    sk_mask b = pick_bit(r, st[depth].left);
    st[depth].left &= (sk_mask)~b;
    out[c] = (uint8_t)sk_mask_first(b);
    rowm[c / 9] |= b; colm[c % 9] |= b; boxm[sk_box_of(c)] |= b;
    if (++depth == SK_CELLS) return;
  }
}

/* }====== */

/* {====== symmetry and levels */

static const char *const sym_names[] = {"none", "rot180", "rot90", "mirror", "diagonal"};

int sk_symmetry_parse(const char *name, sk_symmetry *out) {
  for (int i = 0; i < 5; i++)
    if (strcmp(name, sym_names[i]) == 0) { *out = (sk_symmetry)i; return 0; }
  return -1;
}

const char *sk_symmetry_name(sk_symmetry s) {
  return (unsigned)s < 5 ? sym_names[s] : "?";
}

/* The image of a cell under the symmetry's generating map. */
static int sym_image(sk_symmetry s, int c) {
  int r = c / 9, k = c % 9;
  switch (s) {
  case SK_SYM_ROT180:   return 80 - c;
  case SK_SYM_ROT90:    return 9 * k + (8 - r);
  case SK_SYM_MIRROR:   return 9 * r + (8 - k);
  case SK_SYM_DIAGONAL: return 9 * k + r;
  default:              return c;
  }
}

int sk_symmetric(const uint8_t puzzle[SK_CELLS], sk_symmetry s) {
  for (int c = 0; c < SK_CELLS; c++)
    if ((puzzle[c] != 0) != (puzzle[sym_image(s, c)] != 0)) return 0;
  return 1;
}

int sk_level_range(const char *name, int *lo, int *hi) {
  static const struct { const char *name; int lo, hi; } levels[] = {
    {"easy", 36, 40}, {"medium", 30, 35}, {"hard", 24, 29}
  };
  for (int i = 0; i < 3; i++)
    if (strcmp(name, levels[i].name) == 0) { *lo = levels[i].lo; *hi = levels[i].hi; return 0; }
  return -1;
}

/* Orbits of the symmetry: groups of 1, 2 or 4 cells. */
typedef struct groups {
  int n;
  uint8_t size[SK_CELLS];
  uint8_t cell[SK_CELLS][4];
} groups;

static void make_groups(sk_symmetry s, groups *gs) {
  uint8_t seen[SK_CELLS] = {0};
  gs->n = 0;
  for (int c = 0; c < SK_CELLS; c++) {
    if (seen[c]) continue;
    int k = 0;
    for (int x = c; !seen[x]; x = sym_image(s, x)) {
      seen[x] = 1;
      gs->cell[gs->n][k++] = (uint8_t)x;
    }
    gs->size[gs->n++] = (uint8_t)k;
  }
}

int sk_gen_check(const sk_gen_opts *o, sk_error *err) {
  if ((unsigned)o->symmetry > SK_SYM_DIAGONAL) return sk_error_set(err, "unknown symmetry");
  if (o->lo == 0 && o->hi == 0) return 0;
  if (o->lo < 17 || o->hi > 81 || o->lo > o->hi)
    return sk_error_set(err, "givens range %d-%d: need 17 <= A <= B <= 81 "
                        "(no puzzle with fewer than 17 givens has one solution)", o->lo, o->hi);
  if (o->symmetry == SK_SYM_ROT90) {
    for (int n = o->lo; n <= o->hi; n++)
      if (n % 4 <= 1) return 0;
    return sk_error_set(err, "givens range %d-%d: with rot90 the count is 4k or 4k+1",
                        o->lo, o->hi);
  }
  return 0;
}

/* }====== */

/* {====== removing clues */

#define ALTS 72              /* 18 line pairs, at most 4 cycles each */

typedef struct carver {
  const uint8_t *sol;
  uint8_t p[SK_CELLS];
  sk_mask rowm[9], colm[9], boxm[9];   /* digits of the filled cells */
  sk_bits givens;                      /* the filled cells */
  int count;
  /* Unavoidable sets of sol: cells whose digits can be rearranged into
  ** another valid grid.  A puzzle with no given in one of them has a
  ** second solution, which rules a removal out without the counter. */
  sk_bits alt[ALTS];
  int nalt;
} carver;

/* Two rows of a band (or two columns of a stack, when `cols`) whose
** digits in a set of lines form a cycle -- row a has exactly the digits
** of row b there -- can swap those digits: rows, columns and boxes stay
** valid.  Every cycle of the pairing is such a set. */
static void line_pair_sets(carver *k, int a, int b, int cols) {
  uint8_t pos[10];             /* where each digit sits in line a */
  uint8_t done[9] = {0};
  for (int i = 0; i < 9; i++) pos[k->sol[cols ? 9 * i + a : 9 * a + i]] = (uint8_t)i;
  for (int i = 0; i < 9; i++) {
    if (done[i]) continue;
    sk_bits set = {{0, 0}};
    int size = 0;
    for (int j = i; !done[j]; size += 2) {
      done[j] = 1;
      int ca = cols ? 9 * j + a : 9 * a + j, cb = cols ? 9 * j + b : 9 * b + j;
      sk_bits_set(&set, ca);
      sk_bits_set(&set, cb);
      j = pos[k->sol[cb]];     /* the digit of line b at j sits in line a there */
    }
    if (k->nalt < ALTS && size < 18) k->alt[k->nalt++] = set;
  }
}

/* (Sets of two digits trading places were tried as well: they saved few
** counter calls and cost more than those.) */
static void find_alts(carver *k) {
  k->nalt = 0;
  for (int band = 0; band < 3; band++)
    for (int x = 0; x < 3; x++)
      for (int y = x + 1; y < 3; y++) {
        line_pair_sets(k, 3 * band + x, 3 * band + y, 0);
        line_pair_sets(k, 3 * band + x, 3 * band + y, 1);
      }
}

static inline sk_mask seen_by(const carver *k, int c) {
  return k->rowm[c / 9] | k->colm[c % 9] | k->boxm[sk_box_of(c)];
}

static inline void fill(carver *k, int c, int on) {
  sk_mask b = SK_BIT(k->sol[c]);
  if (on) {
    sk_bits_set(&k->givens, c);
    k->p[c] = k->sol[c];
    k->rowm[c / 9] |= b; k->colm[c % 9] |= b; k->boxm[sk_box_of(c)] |= b;
  } else {
    sk_bits_clear(&k->givens, c);
    k->p[c] = 0;
    k->rowm[c / 9] &= (sk_mask)~b; k->colm[c % 9] &= (sk_mask)~b; k->boxm[sk_box_of(c)] &= (sk_mask)~b;
  }
}

/* Is the empty cell c's solution digit forced by a single?  Naked: its
** peers show the eight other digits.  Hidden: in one of its houses every
** other empty cell sees that digit.  Filled cells hold solution digits,
** so the digit is nowhere else in c's houses. */
static int forced(const carver *k, int c) {
  sk_mask v = SK_BIT(k->sol[c]);
  if (seen_by(k, c) == (sk_mask)(SK_ALL_DIGITS & ~v)) return 1;
  for (int h = 0; h < 3; h++) {
    const uint8_t *cells = sk_house_cell[sk_cell_house[c][h]];
    int alone = 1;
    for (int i = 0; i < 9 && alone; i++) {
      int e = cells[i];
      if (e != c && k->p[e] == 0 && !(seen_by(k, e) & v)) alone = 0;
    }
    if (alone) return 1;
  }
  return 0;
}

/* After removing a group: can its cells be filled back by singles alone?
** Then every solution of the smaller puzzle is the old unique one, and
** the solution counter is not needed. */
static int deducible(carver *k, const uint8_t *cells, int n) {
  int done = 0, all = (1 << n) - 1, progress = 1;
  while (progress && done != all) {
    progress = 0;
    for (int i = 0; i < n; i++)
      if (!(done & 1 << i) && forced(k, cells[i])) {
        fill(k, cells[i], 1);
        done |= 1 << i;
        progress = 1;
      }
  }
  for (int i = 0; i < n; i++)
    if (done & 1 << i) fill(k, cells[i], 0);
  return done == all;
}

/* Is an unavoidable set left without a given? */
static int open_alt(const carver *k) {
  for (int i = 0; i < k->nalt; i++)
    if (sk_bits_empty(sk_bits_and(k->alt[i], k->givens))) return 1;
  return 0;
}

/* One pass over the groups in random order.  Stops when count reaches
** target (0: never); skips a group that would take it below lo. */
static int carve(carver *k, const groups *gs, sk_rng *r, int target, int lo,
                 sk_gen_stats *st) {
  uint8_t order[SK_CELLS];
  for (int i = 0; i < gs->n; i++) order[i] = (uint8_t)i;
  for (int i = gs->n - 1; i > 0; i--) {
    int j = (int)sk_rng_below(r, (uint32_t)i + 1);
    uint8_t t = order[i]; order[i] = order[j]; order[j] = t;
  }
  for (int i = 0; i < gs->n; i++) {
    if (target && k->count <= target) break;
    int g = order[i], n = gs->size[g];
    const uint8_t *cells = gs->cell[g];
    if (lo && k->count - n < lo) continue;
    for (int j = 0; j < n; j++) fill(k, cells[j], 0);
    st->tries++;
    int keep = deducible(k, cells, n);
    if (!keep && !open_alt(k)) {
      st->solver_calls++;
      keep = sk_solve_count(k->p, 2, NULL, NULL) == 1;
    }
    if (keep) k->count -= n;
    else for (int j = 0; j < n; j++) fill(k, cells[j], 1);
  }
  return k->count;
}

int sk_generate(const sk_gen_opts *o, sk_rng *r, uint8_t puzzle[SK_CELLS],
                uint8_t solution[SK_CELLS], sk_gen_stats *stats) {
  sk_gen_stats local = {0, 0, 0};
  sk_gen_stats *st = stats ? stats : &local;
  groups gs;
  make_groups(o->symmetry, &gs);
  int ranged = o->lo > 0;
  int target = ranged && !o->minimal ? o->lo + (int)sk_rng_below(r, (uint32_t)(o->hi - o->lo + 1)) : 0;
  int lo = ranged && !o->minimal ? o->lo : 0;
  int attempts = o->attempts > 0 ? o->attempts : 1000;
  uint8_t sol[SK_CELLS];
  for (int a = 0; a < attempts; a++) {
    sk_random_grid(r, sol);
    st->grids++;
    carver k;
    k.sol = sol;
    memcpy(k.p, sol, SK_CELLS);
    for (int i = 0; i < 9; i++) k.rowm[i] = k.colm[i] = k.boxm[i] = SK_ALL_DIGITS;
    k.givens.w[0] = ~(uint64_t)0;
    k.givens.w[1] = ((uint64_t)1 << (SK_CELLS - 64)) - 1;
    k.count = SK_CELLS;
    find_alts(&k);
    int n = carve(&k, &gs, r, target, lo, st);
    if (ranged && (n < o->lo || n > o->hi)) continue;
    memcpy(puzzle, k.p, SK_CELLS);
    if (solution) memcpy(solution, sol, SK_CELLS);
    return n;
  }
  return -1;
}

int sk_puzzle_minimal(const uint8_t puzzle[SK_CELLS]) {
  uint8_t p[SK_CELLS];
  memcpy(p, puzzle, SK_CELLS);
  if (sk_solve_count(p, 2, NULL, NULL) != 1) return 0;
  for (int c = 0; c < SK_CELLS; c++) {
    if (!p[c]) continue;
    uint8_t d = p[c];
    p[c] = 0;
    unsigned long n = sk_solve_count(p, 2, NULL, NULL);
    p[c] = d;
    if (n == 1) return 0;
  }
  return 1;
}

/* }====== */
