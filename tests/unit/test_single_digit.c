/*
** test_single_digit.c -- HoDoKu's single-digit patterns (techniques/
** single_digit.c): skyscraper, two-string-kite, turbot-fish,
** empty-rectangle.
**
** Hand-made positions on the empty grid (a digit confined to a few cells
** of some houses, so that exactly the pattern under test exists) check the
** hints found, their eliminations, focus and HoDoKu's texts, the instance
** HoDoKu's scan order or comparator takes first, HoDoKu's quirks (the
** skyscraper's ends compared in parallel only), and positions where the
** technique must find nothing.  With SK_SHARED, HoDoKu's own solution
** paths of mixed-1090 and top1465 (data/hodoku/hodoku-paths-*.txt) are
** replayed: at each of their 2,991 steps of these techniques, the hint the
** engine takes must be HoDoKu's step, text and eliminations.  HoDoKu's
** regression library is checked by `sudokit reglib`.
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

static const char *const plugins[] = {"single_digit"};

#define TABLE \
  "name: test\n" \
  "techniques:\n" \
  "  - {id: skyscraper, base: 1.0}\n" \
  "  - {id: two-string-kite, base: 1.0}\n" \
  "  - {id: turbot-fish, base: 1.0}\n" \
  "  - {id: empty-rectangle, base: 1.0}\n"

/* HoDoKu's options on: dual kites and ERs, ERs of two candidates */
static const char table_options[] =
  "name: options\n"
  "techniques:\n"
  "  - {id: two-string-kite, base: 1.0, params: {duals: 1}}\n"
  "  - {id: empty-rectangle, base: 1.0, params: {duals: 1, er-two-candidates: 1}}\n";

/* {====== Skyscraper */

static void test_skyscraper(void **state) {
  (void)state;
  /* rows 1 and 4 hold 1 twice, their c1 ends aligned */
  sk_grid g = empty();
  confine(&g, row(1), 1, "r1c1 r1c5");
  confine(&g, row(4), 1, "r4c1 r4c6");
  sk_hint h = first("skyscraper", &g);
  expect_elims(&h, 1, "r2c6 r3c6 r5c5 r6c5");
  expect_focus(&h, 1, "r1c1 r1c5 r4c1 r4c6");
  assert_string_equal(h.text, "Skyscraper: 1 in r1c5,r4c6 (connected by r14c1)");
  assert_int_equal(run("skyscraper", &g, 1)->count, 1);
  none("two-string-kite", &g);
  none("empty-rectangle", &g);
}

static void test_skyscraper_order(void **state) {
  (void)state;
  /* rows (every digit) before columns: digit 2 in rows beats digit 1 in
  ** columns */
  sk_grid g = empty();
  confine(&g, row(1), 2, "r1c1 r1c5");
  confine(&g, row(4), 2, "r4c1 r4c6");
  confine(&g, col(1), 1, "r1c1 r5c1");
  confine(&g, col(4), 1, "r1c4 r6c4");
  sk_hint h = first("skyscraper", &g);
  assert_string_equal(h.text, "Skyscraper: 2 in r1c5,r4c6 (connected by r14c1)");
  found *f = run("skyscraper", &g, 1);
  assert_int_equal(f->count, 2);
  assert_string_equal(f->hint[1].text, "Skyscraper: 1 in r5c1,r6c4 (connected by r1c14)");
  expect_elims(&f->hint[1], 1, "r5c5 r5c6 r6c2 r6c3");
}

static void test_skyscraper_none(void **state) {
  (void)state;
  /* HoDoKu compares the first ends with each other and the second ones:
  ** row 1's second end r1c2 aligned with row 4's first r4c2 is not tried
  ** (the turbot fish finds it) */
  sk_grid g = empty();
  confine(&g, row(1), 1, "r1c1 r1c2");
  confine(&g, row(4), 1, "r4c2 r4c3");
  none("skyscraper", &g);
  sk_hint h = first("turbot-fish", &g);
  expect_elims(&h, 1, "r2c3 r3c3 r5c1 r6c1");
  /* both ends aligned: an X-Wing, not a skyscraper */
  g = empty();
  confine(&g, row(1), 1, "r1c1 r1c5");
  confine(&g, row(4), 1, "r4c1 r4c5");
  none("skyscraper", &g);
  /* no conjugate rows or columns */
  g = empty();
  none("skyscraper", &g);
  none("skyscraper", &(sk_grid){0});
}

/* }====== */

/* {====== 2-String Kite */

static void test_kite(void **state) {
  (void)state;
  /* row 1's r1c2 and column 1's r2c1 share box 1; the free ends' lines
  ** cross at r6c7 */
  sk_grid g = empty();
  confine(&g, row(1), 1, "r1c2 r1c7");
  confine(&g, col(1), 1, "r2c1 r6c1");
  sk_hint h = first("two-string-kite", &g);
  expect_elims(&h, 1, "r6c7");
  expect_focus(&h, 1, "r1c2 r1c7 r2c1 r6c1");
  assert_string_equal(h.text, "2-String Kite: 1 in r1c7,r6c1 (connected by r1c2,r2c1)");
  assert_int_equal(h.fig[SK_FIG_TYPE], 0);
  /* column 8's pair meets row 1's other end, r1c7, in box 3 */
  confine(&g, col(8), 1, "r2c8 r6c8");
  found *f = run("two-string-kite", &g, 1);
  assert_int_equal(f->count, 2);
  assert_string_equal(f->hint[0].text, h.text);
  assert_string_equal(f->hint[1].text, "2-String Kite: 1 in r1c2,r6c8 (connected by r1c7,r2c8)");
  expect_elims(&f->hint[1], 1, "r6c2");
}

static void test_kite_none(void **state) {
  (void)state;
  /* the crossing cell lacks the digit */
  sk_grid g = empty();
  confine(&g, row(1), 1, "r1c2 r1c7");
  confine(&g, col(1), 1, "r2c1 r6c1");
  drop(&g, 1, "r6c7");
  none("two-string-kite", &g);
  /* the pairs do not meet in a box */
  g = empty();
  confine(&g, row(1), 1, "r1c2 r1c7");
  confine(&g, col(1), 1, "r5c1 r8c1");
  none("two-string-kite", &g);
  none("two-string-kite", &(sk_grid){0});
}

/* Two kites on box 1's r1c2 and r2c1: row 1 with column 1 (r6c7<>1), row
** 2 with column 2 (r5c8<>1). */
static sk_grid two_kites(void) {
  sk_grid g = empty();
  confine(&g, row(1), 1, "r1c2 r1c7");
  confine(&g, col(1), 1, "r2c1 r6c1");
  confine(&g, row(2), 1, "r2c1 r2c8");
  confine(&g, col(2), 1, "r1c2 r5c2");
  return g;
}

static void test_kite_default(void **state) {
  (void)state;
  /* without duals: the first kite found, row 1 with column 1 */
  sk_grid g = two_kites();
  sk_hint h = first("two-string-kite", &g);
  expect_elims(&h, 1, "r6c7");
  assert_int_equal(run("two-string-kite", &g, 1)->count, 2);
}

static void test_dual_kite(void **state) {
  (void)state;
  /* with duals (the table's params): the dual, then the kites, sorted as
  ** HoDoKu sorts them (more eliminations first, then the smaller index sum
  ** of the eliminations: r5c8 before r6c7) */
  sk_grid g = two_kites();
  found *f = run("two-string-kite", &g, 1);
  assert_int_equal(f->count, 3);
  assert_string_equal(f->hint[0].text,
                      "Dual 2-String Kite: 1 in r1c7,r6c1/in r2c8,r5c2 (connected by r1c2,r2c1)");
  assert_string_equal(f->hint[0].name, "Dual 2-String Kite");
  assert_int_equal(f->hint[0].fig[SK_FIG_TYPE], 1);
  expect_elims(&f->hint[0], 1, "r5c8 r6c7");
  expect_focus(&f->hint[0], 1, "r1c2 r1c7 r2c1 r6c1 r2c8 r5c2");
  assert_string_equal(f->hint[1].text, "2-String Kite: 1 in r2c8,r5c2 (connected by r1c2,r2c1)");
  assert_string_equal(f->hint[2].text, "2-String Kite: 1 in r1c7,r6c1 (connected by r1c2,r2c1)");
  sk_hint h = first("two-string-kite", &g);
  assert_string_equal(h.text, f->hint[0].text);
  /* one kite: no dual */
  g = empty();
  confine(&g, row(1), 1, "r1c2 r1c7");
  confine(&g, col(1), 1, "r2c1 r6c1");
  f = run("two-string-kite", &g, 1);
  assert_int_equal(f->count, 1);
  assert_int_equal(f->hint[0].fig[SK_FIG_TYPE], 0);
}

/* }====== */

/* {====== Turbot Fish */

static void test_turbot(void **state) {
  (void)state;
  /* r2c2 =1= r2c6 (row 2), r2c6 -1- r3c4 (box 2), r3c4 =1= r8c4 (column 4);
  ** the chain is found from both ends, the first found is taken */
  sk_grid g = empty();
  confine(&g, row(2), 1, "r2c2 r2c6");
  confine(&g, col(4), 1, "r3c4 r8c4");
  found *f = run("turbot-fish", &g, 1);
  assert_int_equal(f->count, 2);
  assert_string_equal(f->hint[1].text, "Turbot Fish: 1 r8c4 =1= r3c4 -1- r2c6 =1= r2c2");
  sk_hint h = first("turbot-fish", &g);
  assert_string_equal(h.text, "Turbot Fish: 1 r2c2 =1= r2c6 -1- r3c4 =1= r8c4");
  expect_elims(&h, 1, "r8c2");
  expect_focus(&h, 1, "r2c2 r2c6 r3c4 r8c4");
}

static void test_turbot_order(void **state) {
  (void)state;
  /* HoDoKu sorts every turbot: more eliminations first.  Digit 2's chain
  ** (four eliminations) starts at r6c7, after digit 1's at r2c2 (one). */
  sk_grid g = empty();
  confine(&g, row(2), 1, "r2c2 r2c6");
  confine(&g, col(4), 1, "r3c4 r8c4");
  confine(&g, row(6), 2, "r6c7 r6c8");
  confine(&g, row(9), 2, "r9c8 r9c9");
  found *f = run("turbot-fish", &g, 1);
  assert_true(f->count >= 4);
  assert_string_equal(f->hint[0].text, "Turbot Fish: 1 r2c2 =1= r2c6 -1- r3c4 =1= r8c4");
  sk_hint h = first("turbot-fish", &g);
  assert_string_equal(h.text, "Turbot Fish: 2 r6c7 =2= r6c8 -2- r9c8 =2= r9c9");
  expect_elims(&h, 2, "r4c9 r5c9 r7c7 r8c7");
}

static void test_turbot_none(void **state) {
  (void)state;
  /* one strong link only */
  sk_grid g = empty();
  confine(&g, row(2), 1, "r2c2 r2c6");
  none("turbot-fish", &g);
  /* two strong links that no weak link joins */
  confine(&g, col(9), 1, "r7c9 r9c9");
  none("turbot-fish", &g);
  none("turbot-fish", &(sk_grid){0});
}

/* }====== */

/* {====== Empty Rectangle */

static void test_er(void **state) {
  (void)state;
  /* box 5 holds 1 in row 5 and column 5 only; column 8's pair r5c8-r2c8:
  ** r2c8's row crosses the ER column at r2c5 */
  sk_grid g = empty();
  drop(&g, 1, "r4c4 r4c6 r6c4 r6c6");
  confine(&g, col(8), 1, "r2c8 r5c8");
  sk_hint h = first("empty-rectangle", &g);
  expect_elims(&h, 1, "r2c5");
  expect_focus(&h, 1, "r2c8 r5c8 r4c5 r5c4 r5c5 r5c6 r6c5");
  assert_string_equal(h.text, "Empty Rectangle: 1 in b5 (r25c8)");
  assert_int_equal(h.fig[SK_FIG_TYPE], 0);
  assert_int_equal(run("empty-rectangle", &g, 1)->count, 1);
  /* the same through a row pair: row 8's r8c5-r8c2, r8c2's column crosses
  ** the ER row at r5c2 */
  g = empty();
  drop(&g, 1, "r4c4 r4c6 r6c4 r6c6");
  confine(&g, row(8), 1, "r8c2 r8c5");
  h = first("empty-rectangle", &g);
  expect_elims(&h, 1, "r5c2");
  assert_string_equal(h.text, "Empty Rectangle: 1 in b5 (r8c25)");
}

/* Box 5's ER with column 8's pair (r2c5<>1) and row 8's (r5c2<>1). */
static sk_grid two_ers(void) {
  sk_grid g = empty();
  drop(&g, 1, "r4c4 r4c6 r6c4 r6c6");
  confine(&g, col(8), 1, "r2c8 r5c8");
  confine(&g, row(8), 1, "r8c2 r8c5");
  return g;
}

static void test_er_default(void **state) {
  (void)state;
  /* the pairs in the columns crossing the ER row come first */
  sk_grid g = two_ers();
  sk_hint h = first("empty-rectangle", &g);
  expect_elims(&h, 1, "r2c5");
  assert_int_equal(run("empty-rectangle", &g, 1)->count, 2);
}

static void test_dual_er(void **state) {
  (void)state;
  sk_grid g = two_ers();
  found *f = run("empty-rectangle", &g, 1);
  assert_int_equal(f->count, 3);
  assert_string_equal(f->hint[0].text, "Dual Empty Rectangle: 1 in b5 (r25c8/r8c25)");
  assert_string_equal(f->hint[0].name, "Dual Empty Rectangle");
  assert_int_equal(f->hint[0].fig[SK_FIG_TYPE], 1);
  expect_elims(&f->hint[0], 1, "r2c5 r5c2");
  /* then by the index sum of the elimination: r2c5 (cell 13) first */
  assert_string_equal(f->hint[1].text, "Empty Rectangle: 1 in b5 (r25c8)");
  assert_string_equal(f->hint[2].text, "Empty Rectangle: 1 in b5 (r8c25)");
  /* an ER of one cell in its row and one in its column (er-two-candidates) */
  g = empty();
  drop(&g, 1, "r4c4 r4c6 r5c5 r5c6 r6c4 r6c5 r6c6");
  confine(&g, col(8), 1, "r2c8 r5c8");
  sk_hint h = first("empty-rectangle", &g);
  expect_elims(&h, 1, "r2c5");
  expect_focus(&h, 1, "r2c8 r5c8 r4c5 r5c4");
  assert_string_equal(h.text, "Empty Rectangle: 1 in b5 (r25c8)");
}

static void test_er_none(void **state) {
  (void)state;
  /* box 5 holds 1 at r4c5 and r5c4 only: one cell each in the ER row and
  ** column, which HoDoKu refuses by default (er-two-candidates) */
  sk_grid g = empty();
  drop(&g, 1, "r4c4 r4c6 r5c5 r5c6 r6c4 r6c5 r6c6");
  confine(&g, col(8), 1, "r2c8 r5c8");
  none("empty-rectangle", &g);
  /* no conjugate pair */
  g = empty();
  drop(&g, 1, "r4c4 r4c6 r6c4 r6c6");
  none("empty-rectangle", &g);
  none("empty-rectangle", &(sk_grid){0});
}

/* }====== */

/* {====== HoDoKu's paths */

static void test_hodoku_paths(void **state) {
  (void)state;
  static const struct { const char *file; int steps[4]; } sets[] = {
    {"hodoku-paths-mixed-1090.txt", {307, 449, 101, 283}},
    {"hodoku-paths-top1465.txt", {461, 778, 131, 481}},
  };
  for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++) {
    path_tech pt[] = {
      {"Skyscraper:", "skyscraper", 0, 0},
      {"2-String Kite:", "two-string-kite", 0, 0},
      {"Turbot Fish:", "turbot-fish", 0, 0},
      {"Empty Rectangle:", "empty-rectangle", 0, 0},
    };
    if (replay_hodoku_paths(sets[k].file, pt, 4) < 0) { skip(); return; }
    for (int i = 0; i < 4; i++) {
      assert_int_equal(pt[i].steps, sets[k].steps[i]);
      assert_int_equal(pt[i].differ, 0);
    }
  }
}

/* }====== */

static int setup(void **state) {
  (void)state;
  return pattern_setup(plugins, sizeof plugins / sizeof plugins[0], TABLE);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_skyscraper),
    cmocka_unit_test(test_skyscraper_order),
    cmocka_unit_test(test_skyscraper_none),
    cmocka_unit_test(test_kite),
    cmocka_unit_test(test_kite_none),
    cmocka_unit_test(test_kite_default),
    cmocka_unit_test_prestate_setup_teardown(test_dual_kite, pattern_table_setup, pattern_table_teardown,
                                             (void *)table_options),
    cmocka_unit_test(test_turbot),
    cmocka_unit_test(test_turbot_order),
    cmocka_unit_test(test_turbot_none),
    cmocka_unit_test(test_er),
    cmocka_unit_test(test_er_default),
    cmocka_unit_test_prestate_setup_teardown(test_dual_er, pattern_table_setup, pattern_table_teardown,
                                             (void *)table_options),
    cmocka_unit_test(test_er_none),
    cmocka_unit_test(test_hodoku_paths),
  };
  return cmocka_run_group_tests(tests, setup, pattern_teardown);
}
