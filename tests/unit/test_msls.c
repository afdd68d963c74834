/*
** test_msls.c -- multi-sector locked sets (techniques/msls.c).
**
** Easter Monster's and another forum puzzle's first grid states hold
** MSLS of 19 (4 rows x 5 columns, one of the 20 cells given) and 16 cells
** (4 x 4): their hints, figures and eliminations, every hint checked
** against the solution; the max-lines option keeping the search to
** smaller shapes, where nothing is found; and grids with nothing to find.
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

static const char *const plugins[] = {"singles", "locking", "subsets", "msls"};

static const char table[] =
  PATTERN_TABLE_HEAD
  "  - {id: naked-pair, base: 3.0}\n"
  "  - {id: hidden-pair, base: 3.4}\n"
  "  - {id: naked-triple, base: 3.6}\n"
  "  - {id: hidden-triple, base: 4.0}\n"
  "  - {id: msls, base: 9.4}\n";

static const char small_table[] =
  "name: test-small\n"
  "techniques:\n"
  "  - {id: msls, base: 9.4, params: {max-lines: 8}}\n";

static const char easter_monster[] =
  "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";
static const char forum_16[] =
  "12.3.....4.5...6...7.....2.6..1..3....453.........8..9...45.1.........8......2..7";

static int setup(void **state) {
  (void)state;
  return pattern_setup(plugins, sizeof plugins / sizeof plugins[0], table);
}

static void test_easter_monster(void **state) {
  (void)state;
  uint8_t sol[SK_CELLS];
  sk_grid g = puzzle(easter_monster, sol);
  assert_int_equal(advance(&g, "msls"), 0);      /* nothing simpler first */
  sk_hint h = first("msls", &g);
  assert_string_equal(h.text, "MSLS: 19 cells r2468c13579, 19 links 1c357 2c157 3r26 4r48 "
                              "5r8 6c159 7c39 8r24 9r6");
  assert_int_equal(h.fig[SK_FIG_SIZE], 19);
  assert_int_equal(h.fig[SK_FIG_EXTRA], 19);
  assert_int_equal(h.fig[SK_FIG_TYPE], 45);
  assert_int_equal(count_elims(&h), 18);
  /* 7 of column 3 (link 7c39) leaves r1c3; 5 of row 8 (5r8) leaves r8c4;
  ** 1 of columns 3, 5, 7 leaves r3c5, r5c3, r5c7, r7c3, r7c5 */
  assert_true(has_elim(&h, 1, 3, 7));
  assert_true(has_elim(&h, 8, 4, 5));
  assert_true(has_elim(&h, 3, 5, 1) && has_elim(&h, 5, 3, 1) && has_elim(&h, 5, 7, 1));
  assert_true(has_elim(&h, 7, 3, 1) && has_elim(&h, 7, 5, 1));
  /* focus: the candidates of the 19 empty cells (r8c5 is given) */
  int focus = 0;
  for (int c = 0; c < SK_CELLS; c++)
    if (h.focus[c]) {
      focus++;
      assert_int_equal(h.focus[c], g.cand[c]);
      assert_true((c / 9) % 2 == 1 && (c % 9) % 2 == 0);
    }
  assert_int_equal(focus, 19);
  /* every hint (the first and its mirror image, 5 rows x 4 columns) sound */
  found *f = run("msls", &g, 1);
  assert_true(f->count >= 2);
  assert_int_equal(f->hint[1].fig[SK_FIG_TYPE], 54);
  expect_sound(f, sol);
}

static void test_sixteen_cells(void **state) {
  (void)state;
  uint8_t sol[SK_CELLS];
  sk_grid g = puzzle(forum_16, sol);
  found *f = run("msls", &g, 1);
  assert_int_equal(f->count, 3);                 /* the 4x4 first, then two 4x5 */
  assert_int_equal(f->hint[1].fig[SK_FIG_TYPE], 45);
  sk_hint *h = &f->hint[0];
  assert_string_equal(h->text, "MSLS: 16 cells r2457c2689, 16 links 1r25 2c9 3r27 4r4 5r4 "
                               "6r57 7c68 8c29 9c268");
  assert_int_equal(h->fig[SK_FIG_SIZE], 16);
  assert_int_equal(h->fig[SK_FIG_TYPE], 44);
  assert_int_equal(count_elims(h), 20);
  assert_true(has_elim(h, 2, 5, 1));             /* 1 of row 2 outside the pattern */
  assert_true(has_elim(h, 9, 2, 8) && has_elim(h, 9, 2, 9));
  expect_sound(f, sol);
}

/* max-lines 8: only 3x3, 3x4, 4x3 and 4x4 patterns, none in Easter Monster */
static void test_small_shapes(void **state) {
  (void)state;
  uint8_t sol[SK_CELLS];
  sk_grid g = puzzle(easter_monster, sol);
  none("msls", &g);
  sk_grid h = puzzle(forum_16, sol);
  assert_int_equal(run("msls", &h, 1)->count, 1);
}

static void test_nothing(void **state) {
  (void)state;
  uint8_t sol[SK_CELLS];
  /* an easy puzzle's first grid, and a grid one step from solved */
  sk_grid g = puzzle("..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3..",
                     sol);
  none("msls", &g);
  uint8_t v[SK_CELLS];
  memcpy(v, sol, sizeof v);
  v[0] = 0;
  sk_grid last;
  assert_int_equal(sk_grid_from_values(&last, v, NULL), 0);
  none("msls", &last);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_easter_monster),
    cmocka_unit_test(test_sixteen_cells),
    cmocka_unit_test_prestate_setup_teardown(test_small_shapes, pattern_table_setup,
                                             pattern_table_teardown, (void *)small_table),
    cmocka_unit_test(test_nothing),
  };
  return cmocka_run_group_tests(tests, setup, pattern_teardown);
}
