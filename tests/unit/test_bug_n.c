/*
** test_bug_n.c -- BUG+n (techniques/bug_n.c).
**
** Puzzles taken, step by step with singles, intersections and subsets, to
** a grid one reduction away from a BUG: two true candidates of one digit in
** two cells of a column (the example of Sunnie's solver), two in one cell,
** and four in one row; the hints' texts, figures, focus and eliminations,
** checked against the solution; the min-true and max-true options; and
** grids where nothing may be found (no BUG reduction, a cell with one
** candidate, too many true candidates).
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
#include "pattern_fixture.h"

static const char *const plugins[] = {"singles", "locking", "subsets", "bug_n"};

static const char table[] =
  PATTERN_TABLE_HEAD
  "  - {id: naked-pair, base: 3.0}\n"
  "  - {id: hidden-pair, base: 3.4}\n"
  "  - {id: naked-triple, base: 3.6}\n"
  "  - {id: hidden-triple, base: 4.0}\n"
  "  - {id: naked-quad, base: 5.0}\n"
  "  - {id: hidden-quad, base: 5.4}\n"
  "  - {id: bug-plus-n, base: 5.7}\n";

static const char sunnie_bug2[] =
  "000000273300000004270004580069210030000070000050043920082100047700000009941000000";
static const char one_cell[] =
  ".5....8......4..2.6...8...1...........6.....7.1.4325.....3...9..421.93....58...7.";
static const char four_true[] =
  "..14.7...5.....6.....8.....4.86...7.....2.3...........63..5...........41.2.......";

static int setup(void **state) {
  (void)state;
  return pattern_setup(plugins, sizeof plugins / sizeof plugins[0], table);
}

static sk_hint reach(const char *p, sk_grid *g) {
  uint8_t sol[SK_CELLS];
  *g = puzzle(p, sol);
  assert_true(advance(g, "bug-plus-n") > 0);
  found *f = run("bug-plus-n", g, 1);
  assert_int_equal(f->count, 1);
  expect_sound(f, sol);
  return f->hint[0];
}

static void test_same_digit(void **state) {
  (void)state;
  sk_grid g;
  sk_hint h = reach(sunnie_bug2, &g);
  /* 5 in r2c6 or r5c6: it leaves the rest of column 6 */
  assert_string_equal(h.name, "Bivalue Universal Grave + 2");
  assert_string_equal(h.text, "Bivalue Universal Grave + 2: 5r2c6 5r5c6");
  assert_int_equal(h.fig[SK_FIG_SIZE], 2);
  assert_int_equal(count_elims(&h), 2);
  assert_true(has_elim(&h, 4, 6, 5) && has_elim(&h, 7, 6, 5));
  assert_int_equal(h.focus[rc(2, 6)], SK_BIT(5));
  assert_int_equal(h.focus[rc(5, 6)], SK_BIT(5));
  /* every empty cell is bivalue but those two */
  for (int c = 0; c < SK_CELLS; c++)
    if (!g.value[c] && c != rc(2, 6) && c != rc(5, 6)) assert_int_equal(sk_mask_count(g.cand[c]), 2);
}

static void test_one_cell(void **state) {
  (void)state;
  sk_grid g;
  sk_hint h = reach(one_cell, &g);
  /* r4c6 {5,6,7,8} keeps {7,8} in the BUG: it is 5 or 6 */
  assert_string_equal(h.text, "Bivalue Universal Grave + 2: 5r4c6 6r4c6");
  assert_int_equal(count_elims(&h), 2);
  assert_true(has_elim(&h, 4, 6, 7) && has_elim(&h, 4, 6, 8));
}

static void test_four(void **state) {
  (void)state;
  sk_grid g;
  sk_hint h = reach(four_true, &g);
  /* 9 of r3c2 sees all four: 9r3c1, 9r3c3 in its row, 6 and 7 in its cell */
  assert_string_equal(h.name, "Bivalue Universal Grave + 4");
  assert_string_equal(h.text, "Bivalue Universal Grave + 4: 9r3c1 6r3c2 7r3c2 9r3c3");
  assert_int_equal(h.fig[SK_FIG_SIZE], 4);
  assert_int_equal(count_elims(&h), 1);
  assert_true(has_elim(&h, 3, 2, 9));
}

/* min-true 3 leaves the BUG+2 out, max-true 3 the BUG+4 */
static const char bounds_table[] =
  "name: test-bounds\n"
  "techniques:\n"
  "  - {id: bug-plus-n, base: 5.7, params: {min-true: 3, max-true: 3}}\n";

static sk_grid two_true, four;

static void test_bounds(void **state) {
  (void)state;
  none("bug-plus-n", &two_true);
  none("bug-plus-n", &four);
}

static void test_nothing(void **state) {
  (void)state;
  uint8_t sol[SK_CELLS];
  /* an easy puzzle's first grid: far too many candidates */
  sk_grid g = puzzle("..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3..",
                     sol);
  none("bug-plus-n", &g);
  /* the BUG+2 grid with a bivalue cell down to one candidate: no BUG */
  sk_grid single = two_true;
  int c = 0;
  while (single.value[c] || sk_mask_count(single.cand[c]) != 2) c++;
  assert_true(sk_grid_eliminate(&single, c, sk_mask_first(single.cand[c])));
  none("bug-plus-n", &single);
  /* the BUG+2 grid with 5r2c6 gone: one true candidate is left, BUG+1, not
  ** this technique's (min-true 2) */
  sk_grid one = two_true;
  assert_true(sk_grid_eliminate(&one, rc(2, 6), 5));
  none("bug-plus-n", &one);
}

static int prepare(void **state) {
  (void)state;
  if (setup(state) != 0) return -1;
  uint8_t sol[SK_CELLS];
  two_true = puzzle(sunnie_bug2, sol);
  if (advance(&two_true, "bug-plus-n") <= 0) return -1;
  four = puzzle(four_true, sol);
  if (advance(&four, "bug-plus-n") <= 0) return -1;
  return 0;
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_same_digit),
    cmocka_unit_test(test_one_cell),
    cmocka_unit_test(test_four),
    cmocka_unit_test_prestate_setup_teardown(test_bounds, pattern_table_setup,
                                             pattern_table_teardown, (void *)bounds_table),
    cmocka_unit_test(test_nothing),
  };
  return cmocka_run_group_tests(tests, prepare, pattern_teardown);
}
