/*
** test_wings_hodoku.c -- HoDoKu's wings (techniques/wings.c: w-wing,
** hodoku-xy-wing, hodoku-xyz-wing) and its locked pairs and triples
** (techniques/subsets.c: locked-pair, locked-triple).
**
** Hand-made positions (a solved grid with a few cells emptied, each with
** the candidates the test gives it) check the hints found, their
** eliminations, focus and HoDoKu's texts, which instance HoDoKu's scan
** order takes first where SE's would take another, HoDoKu's quirks (a W-Wing
** link cell that sees both pair cells counts for the first; members of a
** locked set with one candidate), and positions where the technique must
** find nothing.  With SK_SHARED, HoDoKu's own solution paths of mixed-1090
** and top1465 (data/hodoku/hodoku-paths-*.txt) are replayed: at each step
** of these techniques the hint the engine takes is HoDoKu's step, text and
** eliminations, and at each step of a technique HoDoKu tries later they
** find nothing.  HoDoKu's regression library is checked by `sudokit reglib`.
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

static const char *const plugins[] = {"wings", "subsets"};

static const char table[] =
  "name: test\n"
  "techniques:\n"
  "  - {id: locked-pair, base: 1.0}\n"
  "  - {id: locked-triple, base: 1.0}\n"
  "  - {id: w-wing, base: 1.0}\n"
  "  - {id: hodoku-xy-wing, base: 1.0}\n"
  "  - {id: hodoku-xyz-wing, base: 1.0}\n"
  "  - {id: xy-wing, base: 1.0}\n"
  "  - {id: xyz-wing, base: 1.0}\n";

#include "hodoku_step_fixture.h"

static int setup(void **state) {
  (void)state;
  return hodoku_fixture_setup(plugins, sizeof plugins / sizeof plugins[0], table);
}

/* {====== XY-Wing, XYZ-Wing */

/* Two XY-Wings: A (pivot r9c1 {1,2}, wings r1c1 {1,3}, r9c9 {2,3}) and B
** (pivot r5c5 {4,5}, wings r5c8 {4,6}, r8c5 {5,6}). */
static const char two_xy_wings[] =
  "r1c1:13 r9c1:12 r9c9:23 r1c9:35 r5c5:45 r5c8:46 r8c5:56 r8c8:67";

static void test_xy_wing_order(void **state) {
  (void)state;
  sk_grid g = position(two_xy_wings);
  /* HoDoKu's cell triples start from r1c1: A, its pivot the triple's
  ** second cell */
  sk_hint h = first("hodoku-xy-wing", &g);
  assert_string_equal(h.text, "XY-Wing: 1/2/3 in r19c1,r9c9");
  expect_elims(&h, "r1c9:3");
  expect_focus(&h, "r1c1:13 r9c1:12 r9c9:23");
  assert_int_equal(h.fig[SK_FIG_SIZE], 3);
  found *f = run("hodoku-xy-wing", &g, 1);
  assert_int_equal(f->count, 2);
  assert_string_equal(f->hint[1].text, "XY-Wing: 4/5/6 in r5c58,r8c5");
  expect_elims(&f->hint[1], "r8c8:6");
  /* SE's pivots in row-major order: B */
  h = first("xy-wing", &g);
  expect_elims(&h, "r8c8:6");
  none("hodoku-xyz-wing", &g);
}

static void test_xy_wing_pivot_last(void **state) {
  (void)state;
  /* the triple's last cell is the pivot (HoDoKu's third try): r9c9 {1,2}
  ** sees r1c9 {1,3} and r9c1 {2,3}; z = 3 leaves r1c1 */
  sk_grid g = position("r1c1:34 r1c9:13 r9c1:23 r9c9:12");
  sk_hint h = first("hodoku-xy-wing", &g);
  assert_string_equal(h.text, "XY-Wing: 1/2/3 in r19c9,r9c1");
  expect_elims(&h, "r1c1:3");
  assert_int_equal(run("hodoku-xy-wing", &g, 1)->count, 1);
}

static void test_xy_wing_none(void **state) {
  (void)state;
  /* no cell sees both wings with z */
  sk_grid g = position("r1c1:13 r9c1:12 r9c9:23 r1c9:45");
  none("hodoku-xy-wing", &g);
  /* equal pairs never make a wing */
  g = position("r1c1:12 r1c5:12 r5c1:12 r5c5:12");
  none("hodoku-xy-wing", &g);
}

static void test_xyz_wing(void **state) {
  (void)state;
  /* pivot r2c2 {1,2,3}, wings r2c7 {1,3} and r3c1 {2,3}: 3 leaves the
  ** cells that see all three */
  sk_grid g = position("r2c2:123 r2c7:13 r3c1:23 r2c1:345 r2c3:367");
  sk_hint h = first("hodoku-xyz-wing", &g);
  assert_string_equal(h.text, "XYZ-Wing: 1/2/3 in r2c27,r3c1");
  expect_elims(&h, "r2c1:3 r2c3:3");
  expect_focus(&h, "r2c2:123 r2c7:13 r3c1:23");
  assert_int_equal(run("hodoku-xyz-wing", &g, 1)->count, 1);
  h = first("xyz-wing", &g);
  expect_elims(&h, "r2c1:3 r2c3:3");
  none("hodoku-xy-wing", &g);
  /* nothing left to remove */
  g = position("r2c2:123 r2c7:13 r3c1:23 r2c1:45 r2c3:67");
  none("hodoku-xyz-wing", &g);
}

/* }====== */

/* {====== W-Wing */

static void test_w_wing(void **state) {
  (void)state;
  /* HoDoKu's own example: {1,4} in r1c9 and r8c7, 1 only at r1c3 and
  ** r8c3 in column 3 */
  sk_grid g = position("r1c9:14 r8c7:14 r1c3:15 r8c3:16 r2c7:489 r9c9:479");
  sk_hint h = first("w-wing", &g);
  assert_string_equal(h.text, "W-Wing: 4/1 in r1c9,r8c7 connected by 1 in r18c3");
  expect_elims(&h, "r2c7:4 r9c9:4");
  expect_focus(&h, "r1c9:14 r8c7:14 r1c3:1 r8c3:1");
  assert_int_equal(h.fig[SK_FIG_SIZE], 4);
  assert_int_equal(run("w-wing", &g, 1)->count, 1);
}

static void test_w_wing_both_values(void **state) {
  (void)state;
  /* {2,5} in r1c1 and r5c5; the lower value is tried first as the one
  ** removed: 5 only at r1c9, r5c9 in column 9 is its link, then 2 only at
  ** r1c7, r5c7 in column 7 the other's */
  sk_grid g = position("r1c1:25 r5c5:25 r1c9:59 r5c9:58 r1c7:27 r5c7:23 r1c5:256 r5c1:245");
  found *f = run("w-wing", &g, 1);
  assert_int_equal(f->count, 2);
  assert_string_equal(f->hint[0].text, "W-Wing: 2/5 in r1c1,r5c5 connected by 5 in r15c9");
  expect_elims(&f->hint[0], "r1c5:2 r5c1:2");
  assert_string_equal(f->hint[1].text, "W-Wing: 5/2 in r1c1,r5c5 connected by 2 in r15c7");
  expect_elims(&f->hint[1], "r1c5:5 r5c1:5");
}

static void test_w_wing_none(void **state) {
  (void)state;
  /* column 3 holds 1 once: no link */
  sk_grid g = position("r1c9:14 r8c7:14 r1c3:15 r8c3:56 r2c7:489 r9c9:479");
  none("w-wing", &g);
  /* a link whose cell r1c3 sees both pair cells counts for r1c1 only; its
  ** other cell r3c3 sees r1c1 too: HoDoKu has no W-Wing there */
  g = position("r1c1:12 r1c5:12 r1c3:27 r3c3:28 r1c8:19");
  none("w-wing", &g);
}

/* }====== */

/* {====== Locked Pair, Locked Triple */

static void test_locked_pair_order(void **state) {
  (void)state;
  /* two locked pairs in block 1: {3,4} in r1c1, r2c1 (block positions 0
  ** and 3) and {1,2} in r1c2, r1c3 (1 and 2); HoDoKu's combinations are in
  ** lexicographic order, so {0,3} comes before {1,2} */
  sk_grid g = position("r1c1:34 r1c2:12 r1c3:12 r2c1:34 r2c2:139 r1c8:17 r5c1:46");
  sk_hint h = first("locked-pair", &g);
  assert_string_equal(h.text, "Locked Pair: 3,4 in r12c1");
  expect_elims(&h, "r2c2:3 r5c1:4");
  expect_focus(&h, "r1c1:34 r2c1:34");
  assert_int_equal(h.fig[SK_FIG_SIZE], 2);
  assert_int_equal(h.fig[SK_FIG_TYPE], 1);
  found *f = run("locked-pair", &g, 1);
  assert_int_equal(f->count, 2);
  assert_string_equal(f->hint[1].text, "Locked Pair: 1,2 in r1c23");
  expect_elims(&f->hint[1], "r1c8:1 r2c2:1");
  none("locked-triple", &g);
}

static void test_locked_pair_single(void **state) {
  (void)state;
  /* HoDoKu takes cells with one candidate into its sets */
  sk_grid g = position("r1c1:3 r2c1:34 r2c2:39 r5c1:46");
  sk_hint h = first("locked-pair", &g);
  assert_string_equal(h.text, "Locked Pair: 3,4 in r12c1");
  expect_elims(&h, "r2c2:3 r5c1:4");
}

static void test_locked_triple(void **state) {
  (void)state;
  sk_grid g = position("r1c4:12 r1c5:23 r1c6:13 r1c9:38 r2c5:17");
  sk_hint h = first("locked-triple", &g);
  assert_string_equal(h.text, "Locked Triple: 1,2,3 in r1c456");
  expect_elims(&h, "r1c9:3 r2c5:1");
  expect_focus(&h, "r1c4:12 r1c5:23 r1c6:13");
  assert_int_equal(h.fig[SK_FIG_SIZE], 3);
  assert_int_equal(run("locked-triple", &g, 1)->count, 1);
  none("locked-pair", &g);
  /* in a column */
  g = position("r4c7:56 r5c7:67 r6c7:57 r9c7:59 r5c8:68");
  h = first("locked-triple", &g);
  assert_string_equal(h.text, "Locked Triple: 5,6,7 in r456c7");
  expect_elims(&h, "r9c7:5 r5c8:6");
}

static void test_locked_none(void **state) {
  (void)state;
  /* a naked pair of a block and a row that removes only in the block is a
  ** naked pair, not a locked one */
  sk_grid g = position("r1c2:12 r1c3:12 r2c2:13");
  none("locked-pair", &g);
  /* nor is one that removes only in the row */
  g = position("r1c2:12 r1c3:12 r1c8:17");
  none("locked-pair", &g);
  /* two cells of a block in no common line */
  g = position("r1c2:12 r2c3:12 r2c2:13 r2c8:17");
  none("locked-pair", &g);
  /* three cells holding four values */
  g = position("r1c4:12 r1c5:23 r1c6:14 r1c9:38 r2c5:17");
  none("locked-triple", &g);
}

/* }====== */

/* {====== HoDoKu's solution paths */

static void test_hodoku_paths(void **state) {
  (void)state;
  path_tech pt[] = {
    {"locked-pair", 1000, 0, 0, 0, 0},
    {"locked-triple", 1100, 0, 0, 0, 0},
    {"w-wing", 3200, 0, 0, 0, 0},
    {"hodoku-xy-wing", 3300, 0, 0, 0, 0},
    {"hodoku-xyz-wing", 3400, 0, 0, 0, 0},
  };
  int n = sizeof pt / sizeof pt[0];
  int a = replay_hodoku_paths("mixed-1090", pt, n);
  int b = replay_hodoku_paths("top1465", pt, n);
  if (a < 0 || b < 0) skip();
  for (int i = 0; i < n; i++) {
    fprintf(stderr, "%-16s %5d steps (%d differ), %6d later steps (%d found something)\n",
            pt[i].id, pt[i].steps, pt[i].differ, pt[i].later, pt[i].found_later);
    assert_true(pt[i].steps > 0);
    assert_int_equal(pt[i].differ, 0);
    assert_int_equal(pt[i].found_later, 0);
  }
}

/* }====== */

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_xy_wing_order),
    cmocka_unit_test(test_xy_wing_pivot_last),
    cmocka_unit_test(test_xy_wing_none),
    cmocka_unit_test(test_xyz_wing),
    cmocka_unit_test(test_w_wing),
    cmocka_unit_test(test_w_wing_both_values),
    cmocka_unit_test(test_w_wing_none),
    cmocka_unit_test(test_locked_pair_order),
    cmocka_unit_test(test_locked_pair_single),
    cmocka_unit_test(test_locked_triple),
    cmocka_unit_test(test_locked_none),
    cmocka_unit_test(test_hodoku_paths),
  };
  return cmocka_run_group_tests(tests, setup, hodoku_fixture_teardown);
}
