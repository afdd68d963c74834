/*
** test_extended_rectangle.c -- extended rectangles
** (techniques/extended_rectangle.c).
**
** Forum puzzles (magictour's top1465) taken, step by step with singles,
** intersections and subsets, to a grid with an extended rectangle of each
** type: the hint's text, figures and eliminations, and every hint found
** there checked against the solution; grids with nothing to find.
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

static const char *const plugins[] = {"singles", "locking", "subsets", "extended_rectangle"};

static const char table[] =
  PATTERN_TABLE_HEAD
  "  - {id: naked-pair, base: 3.0}\n"
  "  - {id: hidden-pair, base: 3.4}\n"
  "  - {id: naked-triple, base: 3.6}\n"
  "  - {id: hidden-triple, base: 4.0}\n"
  "  - {id: extended-rectangle, base: 4.5}\n"
  "  - {id: naked-quad, base: 5.0}\n"
  "  - {id: hidden-quad, base: 5.4}\n";

static int setup(void **state) {
  (void)state;
  return pattern_setup(plugins, sizeof plugins / sizeof plugins[0], table);
}

/* the puzzle taken to its first extended rectangle; every hint there sound */
static sk_hint reach(const char *p, sk_grid *g) {
  uint8_t sol[SK_CELLS];
  *g = puzzle(p, sol);
  assert_true(advance(g, "extended-rectangle") > 0);
  expect_sound(run("extended-rectangle", g, 1), sol);
  return first("extended-rectangle", g);
}

static void test_type1(void **state) {
  (void)state;
  sk_grid g;
  sk_hint h = reach("5.4....6.....21...3........27..9...8...5...3...........1....7.96..4...........2..", &g);
  /* fat, in columns 1 and 3: rows 2, 5, 9; only r5c1 holds a digit
  ** besides 7, 8, 9 */
  assert_string_equal(h.name, "Extended Rectangle Type 1");
  assert_string_equal(h.text, "Extended Rectangle Type 1: 7/8/9 in r259c13");
  assert_int_equal(h.fig[SK_FIG_TYPE], 1);
  assert_int_equal(h.fig[SK_FIG_SIZE], 6);
  assert_int_equal(count_elims(&h), 2);
  assert_true(has_elim(&h, 5, 1, 8) && has_elim(&h, 5, 1, 9));
  assert_int_equal(h.focus[rc(5, 1)], g.cand[rc(5, 1)]);
}

static void test_type2(void **state) {
  (void)state;
  sk_grid g;
  sk_hint h = reach("7.8.2...........913.........46..........3.7.....5......5.9.6......4...1.2.....8..", &g);
  /* fat, seven rows of columns 8 and 9; 9 the one extra digit */
  assert_string_equal(h.text, "Extended Rectangle Type 2: 2/3/4/5/6/7/8 in r1345679c89 (extra 9)");
  assert_int_equal(h.fig[SK_FIG_TYPE], 2);
  assert_int_equal(h.fig[SK_FIG_SIZE], 14);
  assert_int_equal(count_elims(&h), 1);
  assert_true(has_elim(&h, 8, 9, 9));
}

static void test_type3(void **state) {
  (void)state;
  sk_grid g;
  sk_hint h = reach(".6..5.4.3.2.1...........7..4.3...6..7..5........2.........8..5.6...4...........1.", &g);
  /* the extra digits 3, 9 with r8c4 {3,9} form a naked pair in column 4 */
  assert_string_equal(h.text, "Extended Rectangle Type 3: 4/6/7 in r79c249 (naked set 3/9 in c4: r8c4)");
  assert_int_equal(h.fig[SK_FIG_TYPE], 3);
  assert_int_equal(h.fig[SK_FIG_EXTRA], 2);
  assert_int_equal(count_elims(&h), 2);
  assert_true(has_elim(&h, 1, 4, 9) && has_elim(&h, 4, 4, 9));
  assert_int_equal(h.focus[rc(8, 4)], g.cand[rc(8, 4)]);
}

static void test_type4(void **state) {
  (void)state;
  sk_grid g;
  sk_hint h = reach("9.....7.1.2.4...........5..7.1..5....8.....3.............82..4.1.9.........39....", &g);
  /* r6c1 and r6c3 hold the extras.  First the cannibalism: r5c1, r5c3
  ** {2,4,6} in box 4 hold the extra digits 4, 6 and the normal 2, so 2
  ** leaves r6c1 and r6c3 */
  assert_string_equal(h.name, "Extended Rectangle Type 3 (Cannibalism)");
  assert_string_equal(h.text, "Extended Rectangle Type 3 (Cannibalism): 2/3/8 in r369c13 "
                              "(naked set 2/4/6 in b4: r5c1 r5c3, 2 leaves the pattern)");
  assert_int_equal(h.fig[SK_FIG_TYPE], 5);
  assert_int_equal(h.fig[SK_FIG_EXTRA], 3);
  assert_int_equal(count_elims(&h), 2);
  assert_true(has_elim(&h, 6, 1, 2) && has_elim(&h, 6, 3, 2));
  /* then type 4: 3 has no other place in row 6 */
  found *f = run("extended-rectangle", &g, 1);
  int at = -1;
  for (int i = 0; i < f->count && i < MAX_FOUND; i++)
    if (f->hint[i].fig[SK_FIG_TYPE] == 4) { at = i; break; }
  assert_true(at > 0);
  h = f->hint[at];
  assert_string_equal(h.text, "Extended Rectangle Type 4: 2/3/8 in r369c13 (3 in r6c1,r6c3)");
  assert_int_equal(count_elims(&h), 2);
  assert_true(has_elim(&h, 6, 1, 2) && has_elim(&h, 6, 3, 2));
  sk_bits three = sk_grid_places(&g, row(6), 3);
  assert_int_equal(sk_bits_count(three), 2);
}

static void test_nothing(void **state) {
  (void)state;
  uint8_t sol[SK_CELLS];
  sk_grid g = puzzle("..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3..",
                     sol);
  none("extended-rectangle", &g);
  sk_grid e = empty();
  none("extended-rectangle", &e);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_type1),
    cmocka_unit_test(test_type2),
    cmocka_unit_test(test_type3),
    cmocka_unit_test(test_type4),
    cmocka_unit_test(test_nothing),
  };
  return cmocka_run_group_tests(tests, setup, pattern_teardown);
}
