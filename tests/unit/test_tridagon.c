/*
** test_tridagon.c -- the chromatic pattern / tridagon (techniques/tridagon.c).
**
** The rule's ground: for the rectangle of boxes b1, b2, b4, b5 and each of
** the 6^4 choices of a transversal (one cell per row and column) in each
** box, the 12 cells are filled from {1,2,3} by exhaustive search; a filling
** exists exactly when an even number of the boxes have even transversals.
** The plugin is then run, for every choice, on a grid whose only empty
** cells are those 12, holding {1,2,3} and one of them also 4: it must find
** the type-1 hint exactly for the unfillable choices.  Types 2, 3, 4 and
** XZ are checked on such hand-made grids (the other cells filled).  Yogi's
** forum puzzle (Help a player to spot a Tridagon) is solved with the
** basic techniques to its tridagon, whose elimination is the one the
** forum gives (r8c8 keeps only 1), checked against the solution; after it
** nothing is left to find.  Sunnie's own type-1 example (a state with
** placed values and removed candidates) gives its extra cell r6c4.
*/
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "sk_engine.h"
#include "sk_format.h"
#include "sk_solver.h"
#include "pattern_fixture.h"

static const char *const plugins[] = {"singles", "locking", "subsets", "fish", "tridagon"};

#define TABLE \
  PATTERN_TABLE_HEAD \
  "  - {id: naked-pair, base: 3.0}\n" \
  "  - {id: x-wing, base: 3.2}\n" \
  "  - {id: hidden-pair, base: 3.4}\n" \
  "  - {id: naked-triple, base: 3.6}\n" \
  "  - {id: swordfish, base: 3.8}\n" \
  "  - {id: hidden-triple, base: 4.0}\n" \
  "  - {id: naked-quad, base: 5.0}\n" \
  "  - {id: jellyfish, base: 5.2}\n" \
  "  - {id: hidden-quad, base: 5.4}\n" \
  "  - {id: tridagon, base: 6.5}\n"

/* the six transversals of a box as (row, column) offsets: row i takes
** column perm[i]; the first three are even permutations */
static const int perms[6][3] = {
  {0, 1, 2}, {1, 2, 0}, {2, 0, 1},      /* even */
  {0, 2, 1}, {1, 0, 2}, {2, 1, 0},      /* odd */
};
static const int rect[4] = {0, 1, 3, 4};   /* b1 b2 b4 b5 */

static void pattern_cells(int choice, int cells[12]) {
  int n = 0;
  for (int b = 0; b < 4; b++) {
    int p = choice / (b == 0 ? 1 : b == 1 ? 6 : b == 2 ? 36 : 216) % 6;
    int r0 = 3 * (rect[b] / 3), c0 = 3 * (rect[b] % 3);
    for (int i = 0; i < 3; i++) cells[n++] = 9 * (r0 + i) + c0 + perms[p][i];
  }
}

static int even_boxes(int choice) {
  int n = 0;
  for (int b = 0, m = 1; b < 4; b++, m *= 6) n += choice / m % 6 < 3;
  return n;
}

static int related(int a, int b) {
  return sk_row_of(a) == sk_row_of(b) || sk_col_of(a) == sk_col_of(b) || sk_box_of(a) == sk_box_of(b);
}

static int fill(const int cells[12], int v[12], int k) {
  if (k == 12) return 1;
  for (v[k] = 1; v[k] <= 3; v[k]++) {
    int ok = 1;
    for (int j = 0; j < k && ok; j++) ok = !(v[j] == v[k] && related(cells[j], cells[k]));
    if (ok && fill(cells, v, k + 1)) return 1;
  }
  return 0;
}

/* A grid whose only empty cells are cells[0..11], with the candidates of
** cand[i]; the other cells hold 9 (a made-up filling: the technique looks
** only at empty cells), except those of extra[] (cell, candidates). */
static sk_grid made(const int cells[12], const sk_mask cand[12], const int *extra, int nextra) {
  sk_mask cm[SK_CELLS];
  uint8_t v[SK_CELLS];
  for (int c = 0; c < SK_CELLS; c++) { cm[c] = 0; v[c] = 9; }
  for (int i = 0; i < 12; i++) { cm[cells[i]] = cand[i]; v[cells[i]] = 0; }
  for (int i = 0; i < nextra; i++) { cm[extra[2 * i]] = (sk_mask)extra[2 * i + 1]; v[extra[2 * i]] = 0; }
  sk_grid g;
  sk_grid_from_candidates(&g, cm, v);
  return g;
}

static void test_parity_rule_and_type1(void **state) {
  (void)state;
  int tridagons = 0;
  for (int choice = 0; choice < 1296; choice++) {
    int cells[12], v[12];
    pattern_cells(choice, cells);
    int fillable = fill(cells, v, 0);
    assert_int_equal(fillable, even_boxes(choice) % 2 == 0);
    sk_mask cand[12];
    for (int i = 0; i < 12; i++) cand[i] = 0x7;          /* {1,2,3} */
    cand[5] = 0xF;                                       /* one cell also 4 */
    sk_grid g = made(cells, cand, NULL, 0);
    found *f = run("tridagon", &g, 1);
    if (fillable) {
      assert_int_equal(f->count, 0);
      continue;
    }
    tridagons++;
    assert_int_equal(f->count, 1);
    assert_int_equal(f->hint[0].fig[SK_FIG_TYPE], 1);
    for (int c = 0; c < SK_CELLS; c++)
      assert_int_equal(f->hint[0].elim[c], c == cells[5] ? 0x7 : 0);
  }
  assert_int_equal(tridagons, 648);
}

/* b1 r1c1 r2c2 r3c3 (even); b2 r1c4 r2c6 r3c5, b4 r4c1 r5c3 r6c2,
** b5 r4c4 r5c6 r6c5 (odd): a tridagon */
static const int tri_cells[12] = {0, 10, 20, 3, 14, 22, 27, 38, 46, 30, 41, 49};

static sk_grid tri_grid(const int *over, int nover, const int *extra, int nextra) {
  sk_mask cand[12];
  for (int i = 0; i < 12; i++) cand[i] = 0x7;
  for (int i = 0; i < nover; i++)
    for (int j = 0; j < 12; j++)
      if (tri_cells[j] == over[2 * i]) cand[j] = (sk_mask)over[2 * i + 1];
  return made(tri_cells, cand, extra, nextra);
}

static void test_type2(void **state) {
  (void)state;
  /* r1c1 and r1c4 hold 4 as well; r1c8 {4,9} sees both */
  const int over[] = {rc(1, 1), 0xF, rc(1, 4), 0xF};
  const int extra[] = {rc(1, 8), SK_BIT(4) | SK_BIT(9)};
  sk_grid g = tri_grid(over, 2, extra, 1);
  sk_hint h = first("tridagon", &g);
  assert_int_equal(h.fig[SK_FIG_TYPE], 2);
  assert_string_equal(h.text, "Tridagon Type 2: r1c1,r1c4,r2c2,r2c6,r3c3,r3c5,r4c1,r4c4,r5c3,r5c6,"
                              "r6c2,r6c5 in b1245 (123) extra 4");
  for (int c = 0; c < SK_CELLS; c++) assert_int_equal(h.elim[c], c == rc(1, 8) ? SK_BIT(4) : 0);
}

static void test_type3(void **state) {
  (void)state;
  /* r1c1 +4, r1c4 +5, r1c8 {4,5}: a naked pair with the virtual cell;
  ** r1c9 {4,6} loses 4 */
  const int over[] = {rc(1, 1), 0xF, rc(1, 4), 0x17};
  const int extra[] = {rc(1, 8), SK_BIT(4) | SK_BIT(5), rc(1, 9), SK_BIT(4) | SK_BIT(6)};
  sk_grid g = tri_grid(over, 2, extra, 2);
  sk_hint h = first("tridagon", &g);
  assert_int_equal(h.fig[SK_FIG_TYPE], 3);
  assert_int_equal(h.fig[SK_FIG_SIZE], 2);
  for (int c = 0; c < SK_CELLS; c++) assert_int_equal(h.elim[c], c == rc(1, 9) ? SK_BIT(4) : 0);
}

static void test_type4(void **state) {
  (void)state;
  /* r1c1 and r1c4 hold 4 as well; 1 has no other place in row 1 (r1c8
  ** holds 2, 3): one of them is 1, the other 4, so both lose 2 and 3 */
  const int over[] = {rc(1, 1), 0xF, rc(1, 4), 0xF};
  const int extra[] = {rc(1, 8), SK_BIT(2) | SK_BIT(3) | SK_BIT(9)};
  sk_grid g = tri_grid(over, 2, extra, 1);
  sk_hint h = first("tridagon", &g);
  assert_int_equal(h.fig[SK_FIG_TYPE], 4);
  assert_string_equal(h.text, "Tridagon Type 4: r1c1,r1c4,r2c2,r2c6,r3c3,r3c5,r4c1,r4c4,r5c3,r5c6,"
                              "r6c2,r6c5 in b1245 (123) with 1 locked in r1");
  for (int c = 0; c < SK_CELLS; c++)
    assert_int_equal(h.elim[c], c == rc(1, 1) || c == rc(1, 4) ? (SK_BIT(2) | SK_BIT(3)) : 0);
}

static void test_xz(void **state) {
  (void)state;
  /* r1c1 {1,2,4}, r5c6 {1,3,5}; E = r1c8 {4,5} sees r1c1 only: r1c1 = 4
  ** makes E = 5, else r5c6 = 5; r1c6 and r5c8 see both E and r5c6 */
  const int over[] = {rc(1, 1), SK_BIT(1) | SK_BIT(2) | SK_BIT(4), rc(5, 6), SK_BIT(1) | SK_BIT(3) | SK_BIT(5)};
  const int extra[] = {rc(1, 8), SK_BIT(4) | SK_BIT(5), rc(5, 8), SK_BIT(5) | SK_BIT(9),
                       rc(1, 6), SK_BIT(5) | SK_BIT(7)};
  sk_grid g = tri_grid(over, 2, extra, 3);
  sk_hint h = first("tridagon", &g);
  assert_int_equal(h.fig[SK_FIG_TYPE], 5);
  for (int c = 0; c < SK_CELLS; c++)
    assert_int_equal(h.elim[c], c == rc(1, 6) || c == rc(5, 8) ? SK_BIT(5) : 0);
  /* with r5c6 holding both extra digits the XZ proof fails: nothing */
  const int over2[] = {rc(1, 1), SK_BIT(1) | SK_BIT(2) | SK_BIT(4),
                       rc(5, 6), SK_BIT(1) | SK_BIT(3) | SK_BIT(4) | SK_BIT(5)};
  g = tri_grid(over2, 2, extra, 3);
  none("tridagon", &g);
}

static void test_yogi_puzzle(void **state) {
  (void)state;
  const char *givens = "57....9..........8.1.........168..42...1.28.9..2.9416.....26....6.9.82.4...41.6..";
  uint8_t sol[SK_CELLS];
  sk_grid g = puzzle(givens, sol);
  assert_true(advance(&g, "tridagon") >= 0);
  sk_hint h = first("tridagon", &g);
  assert_string_equal(h.text, "Tridagon Type 1: r4c6,r4c7,r5c5,r5c8,r6c4,r6c9,r7c4,r7c7,r8c5,r8c8,"
                              "r9c6,r9c9 in b5689 (357)");
  for (int c = 0; c < SK_CELLS; c++) {
    assert_int_equal(h.elim[c], c == rc(8, 8) ? (SK_BIT(3) | SK_BIT(5) | SK_BIT(7)) : 0);
    assert_false(h.elim[c] & SK_BIT(sol[c]));
  }
  assert_int_equal(sol[rc(8, 8)], 1);
  found *f = run("tridagon", &g, 1);
  expect_sound(f, sol);
  sk_hint_apply(&h, &g);
  none("tridagon", &g);
}

/* Sunnie's type-1 example (ChromaticPatternStepSearcher): a puzzle with
** placed values and a few candidates removed (1, 4, 5, 9 from r4c4 and
** 4, 5, 9 from r5c4), solved with the basic techniques until stuck. */
static void test_sunnie_example(void **state) {
  (void)state;
  const char *givens = "........1.....2.......3..458.6.......71.8....32..67..816..23....837.61..7.281.6..";
  uint8_t sol[SK_CELLS];
  sk_grid g = puzzle(givens, sol);
  const int out[][2] = {{rc(4, 4), 1}, {rc(4, 4), 4}, {rc(4, 4), 5}, {rc(4, 4), 9},
                        {rc(5, 4), 4}, {rc(5, 4), 5}, {rc(5, 4), 9}};
  for (size_t i = 0; i < sizeof out / sizeof out[0]; i++) {
    assert_int_not_equal(sol[out[i][0]], out[i][1]);
    sk_grid_eliminate(&g, out[i][0], out[i][1]);
  }
  assert_true(advance(&g, "tridagon") >= 0);
  sk_hint h = first("tridagon", &g);
  assert_string_equal(h.text, "Tridagon Type 1: r4c2,r4c5,r5c1,r5c6,r6c3,r6c4,r7c3,r7c4,r8c1,r8c5,"
                              "r9c2,r9c6 in b4578 (459)");
  for (int c = 0; c < SK_CELLS; c++)
    assert_int_equal(h.elim[c], c == rc(6, 4) ? (SK_BIT(4) | SK_BIT(5) | SK_BIT(9)) : 0);
  found *f = run("tridagon", &g, 1);
  expect_sound(f, sol);
}

static int setup(void **state) {
  (void)state;
  return pattern_setup(plugins, sizeof plugins / sizeof plugins[0], TABLE);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_parity_rule_and_type1),
    cmocka_unit_test(test_type2),
    cmocka_unit_test(test_type3),
    cmocka_unit_test(test_type4),
    cmocka_unit_test(test_xz),
    cmocka_unit_test(test_yogi_puzzle),
    cmocka_unit_test(test_sunnie_example),
  };
  return cmocka_run_group_tests(tests, setup, pattern_teardown);
}
