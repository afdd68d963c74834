/*
** test_als.c -- HoDoKu's almost-locked-set techniques (techniques/als/:
** als-xz, als-xy-wing, als-xy-chain, death-blossom).
**
** Hand-made positions (a solved grid with a few cells emptied, each with
** the candidates the test gives it) check the hints found, in HoDoKu's
** order (the RC list's for ALS-XZ, the sorted list for chains), their
** eliminations, focus, figures and HoDoKu's texts; a doubly linked ALS-XZ;
** the options (RCs forward only, chain length, overlap) with a second
** table; and positions where nothing may be found.  With SK_SHARED,
** HoDoKu's own solution paths of mixed-1090 and top1465
** (data/hodoku/hodoku-paths-*.txt) are replayed: at each ALS-XZ, ALS-XY-
** Wing and ALS-XY-Chain step the hint the engine takes is HoDoKu's step,
** text and eliminations, and at each step of a technique HoDoKu tries later
** they find nothing.  (Death Blossom is off in HoDoKu's solver: its paths
** have none.)  HoDoKu's regression library is checked by `sudokit reglib`.
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

static const char *const plugins[] = {"als"};

/* HoDoKu's solver: the plugin's defaults */
static const char table[] =
  "name: test\n"
  "techniques:\n"
  "  - {id: als-xz, base: 1.0}\n"
  "  - {id: als-xy-wing, base: 1.0}\n"
  "  - {id: als-xy-chain, base: 1.0}\n"
  "  - {id: death-blossom, base: 1.0}\n";

/* RCs both ways, chains of at most 3 RCs, overlapping ALS, every step */
static const char table_opts[] =
  "name: test-opts\n"
  "techniques:\n"
  "  - {id: als-xz, base: 1.0, params: {forward-only: 0}}\n"
  "  - {id: als-xy-wing, base: 1.0, params: {overlap: 1}}\n"
  "  - {id: als-xy-chain, base: 1.0, params: {forward-only: 0, chain-length: 3}}\n"
  "  - {id: death-blossom, base: 1.0, params: {overlap: 1, only-one-als-per-step: 0}}\n";

#include "hodoku_step_fixture.h"

#define NPLUGINS (sizeof plugins / sizeof plugins[0])

static int setup(void **state) {
  (void)state;
  return hodoku_fixture_setup(plugins, NPLUGINS, table);
}

/* a test on table_opts: the group's engine is swapped for the test */
static int setup_opts(void **state) {
  hodoku_fixture_teardown(state);
  return hodoku_fixture_setup(plugins, NPLUGINS, table_opts);
}

static int teardown_opts(void **state) {
  hodoku_fixture_teardown(state);
  return hodoku_fixture_setup(plugins, NPLUGINS, table);
}

/* the index of the hint with this text in f, or -1 */
static int find_text(const found *f, const char *text) {
  for (int i = 0; i < f->count && i < MAX_FOUND; i++)
    if (!strcmp(f->hint[i].text, text)) return i;
  return -1;
}

/* {====== ALS-XZ */

static void test_xz(void **state) {
  (void)state;
  /* A = r1c1 {1,2}, B = r2c1,r2c5 {1,2,3} (row 2): X = 1 (r1c1, r2c1 see
  ** each other), Z = 2 leaves r1c5, which sees r1c1 and r2c5 */
  sk_grid g = position("r1c1:12 r2c1:13 r2c5:23 r1c5:27");
  sk_hint h = first("als-xz", &g);
  assert_string_equal(h.text, "Almost Locked Set XZ-Rule: A=r1c1 {12}, B=r2c15 {123}, X=1, Z=2");
  expect_elims(&h, "r1c5:2");
  expect_focus(&h, "r1c1:12 r2c1:13 r2c5:23");
  assert_int_equal(h.fig[SK_FIG_SIZE], 2);
  assert_int_equal(h.fig[SK_FIG_TYPE], 1);
  assert_int_equal(h.fig[SK_FIG_EXTRA], 3);
  /* every instance, in RC list order: the ALS of row 1 come before those
  ** of row 2 and of column 1 (r2c5 = A, r12c1 = B, X = 3) */
  found *f = run("als-xz", &g, 1);
  assert_int_equal(f->count, 2);
  assert_string_equal(f->hint[1].text,
                      "Almost Locked Set XZ-Rule: A=r2c5 {23}, B=r12c1 {123}, X=3, Z=2");
  expect_elims(&f->hint[1], "r1c5:2");
}

static void test_xz_doubly_linked(void **state) {
  (void)state;
  /* A = r1c1 {1,2}, B = r1c5,r1c6 {1,2,3}: 1 and 2 both RCs.  B less them
  ** is locked: 3 leaves row 1 and block 2 (r1c9, r2c4); with X = 1 the Z 2
  ** leaves r1c9.  The locked set removing something, no Z is printed. */
  sk_grid g = position("r1c1:12 r1c5:13 r1c6:23 r2c4:37 r1c9:238");
  sk_hint h = first("als-xz", &g);
  assert_string_equal(h.text, "Almost Locked Set XZ-Rule: A=r1c1 {12}, B=r1c56 {123}, X=1,2");
  expect_elims(&h, "r1c9:23 r2c4:3");
  assert_int_equal(h.fig[SK_FIG_TYPE], 2);
  /* B = r1c56,r2c4 {1,2,3,7} (block 2): doubly linked too, but its rest
  ** {3,7} removes nothing, so Z is printed */
  found *f = run("als-xz", &g, 1);
  assert_int_equal(f->count, 6);
  assert_string_equal(f->hint[1].text,
                      "Almost Locked Set XZ-Rule: A=r1c1 {12}, B=r1c56,r2c4 {1237}, X=1,2, Z=2");
  expect_elims(&f->hint[1], "r1c9:2");
}

static void test_xz_none(void **state) {
  (void)state;
  /* the same ALS, but no cell outside them sees all of a Z */
  sk_grid g = position("r1c1:12 r2c1:13 r2c5:23 r1c5:78");
  none("als-xz", &g);
  /* two ALS without a restricted common: their 1s do not all see each other */
  g = position("r1c1:12 r5c5:12 r1c5:27");
  none("als-xz", &g);
}

/* }====== */

/* {====== ALS-XY-Wing */

static void test_xy_wing(void **state) {
  (void)state;
  /* C = r5c5 {4,5}, A = r1c5 {5,6} (column 5, X = 5), B = r5c1 {4,6} (row
  ** 5, Y = 4): Z = 6 leaves r1c1 */
  sk_grid g = position("r5c5:45 r5c1:46 r1c5:56 r1c1:67");
  sk_hint h = first("als-xy-wing", &g);
  assert_string_equal(h.text, "Almost Locked Set XY-Wing: A=r1c5 {56}, B=r5c1 {46}, "
                              "C=r5c5 {45}, X,Y=4,5, Z=6");
  expect_elims(&h, "r1c1:6");
  expect_focus(&h, "r5c5:45 r5c1:46 r1c5:56");
  assert_int_equal(h.fig[SK_FIG_SIZE], 3);
  assert_int_equal(h.fig[SK_FIG_EXTRA], 3);
  assert_int_equal(run("als-xy-wing", &g, 1)->count, 1);
}

static void test_xy_wing_none(void **state) {
  (void)state;
  /* nothing sees both 6s */
  sk_grid g = position("r5c5:45 r5c1:46 r1c5:56 r1c2:67");
  none("als-xy-wing", &g);
  /* X and Y the same single digit: no wing */
  g = position("r5c5:45 r5c1:46 r1c5:46 r1c1:67");
  none("als-xy-wing", &g);
}

/* }====== */

/* {====== ALS-XY-Chain */

static void test_chain(void **state) {
  (void)state;
  /* r1c1 {1,2} -2- r1c5 {2,3} -3- r5c5 {3,4} -4- r5c9 {1,4}: 1 leaves r1c9 */
  sk_grid g = position("r1c1:12 r1c5:23 r5c5:34 r5c9:14 r1c9:17");
  sk_hint h = first("als-xy-chain", &g);
  assert_string_equal(h.text, "Almost Locked Set Chain: 1- r1c1 {12} -2- r1c5 {23} -3- "
                              "r5c5 {34} -4- r5c9 {14} -1");
  expect_elims(&h, "r1c9:1");
  expect_focus(&h, "r1c1:12 r1c5:23 r5c5:34 r5c9:14");
  assert_int_equal(h.fig[SK_FIG_SIZE], 4);
  assert_int_equal(h.fig[SK_FIG_LENGTH], 3);
  assert_int_equal(h.fig[SK_FIG_EXTRA], 4);
  /* four RCs, within HoDoKu's solver's 50 */
  g = position("r1c1:12 r1c5:23 r5c5:34 r5c9:45 r9c9:15 r1c9:17");
  found *f = run("als-xy-chain", &g, 1);
  assert_true(find_text(f, "Almost Locked Set Chain: 1- r1c1 {12} -2- r1c5 {23} -3- r5c5 {34} "
                           "-4- r5c9 {45} -5- r9c9 {15} -1") >= 0);
}

static void test_chain_sorted(void **state) {
  (void)state;
  /* four chains: two remove two candidates, two remove one.  More
  ** eliminations first; then (different eliminations) the smaller index
  ** sum: r3c8, r3c9 <> 7 (25 + 7 + 26 * 81 + 7 = 2145) before r1c9,
  ** r5c1 <> 1 (8 + 1 + 36 * 81 + 1 = 2926), whatever the order found.
  ** The first chain's ends share r1c9 (ALS that are not adjacent may). */
  sk_grid g = position("r1c1:12 r1c5:23 r5c5:34 r5c9:14 r1c9:17 r5c1:17 "
                       "r7c7:68 r7c8:56 r3c8:57 r3c9:78 r9c9:89");
  found *f = run("als-xy-chain", &g, 1);
  assert_int_equal(f->count, 4);
  assert_string_equal(f->hint[0].text, "Almost Locked Set Chain: 7- r1c19 {127} -2- r1c5 {23} "
                                       "-3- r5c5 {34} -4- r15c9 {147} -7");
  expect_elims(&f->hint[0], "r3c8:7 r3c9:7");
  assert_string_equal(f->hint[1].text, "Almost Locked Set Chain: 1- r1c1 {12} -2- r1c5 {23} "
                                       "-3- r5c5 {34} -4- r5c9 {14} -1");
  expect_elims(&f->hint[1], "r1c9:1 r5c1:1");
  expect_elims(&f->hint[2], "r3c8:7");
  expect_elims(&f->hint[3], "r3c9:7");
  for (int i = 1; i < f->count; i++) assert_true(f->hint[i].order > f->hint[i - 1].order);
  sk_hint h = first("als-xy-chain", &g);
  assert_string_equal(h.text, f->hint[0].text);
}

static void test_chain_none(void **state) {
  (void)state;
  /* the chain without a cell to remove 1 from */
  sk_grid g = position("r1c1:12 r1c5:23 r5c5:34 r5c9:14");
  none("als-xy-chain", &g);
  /* r1c1 -2- r9c1 -3- r8c2 -4- r8c9 needs an RC from a later ALS (row 9)
  ** to an earlier one (row 8) whichever end it starts from: HoDoKu's
  ** solver collects RCs forward only and misses it */
  g = position("r1c1:12 r9c1:23 r8c2:34 r8c9:14 r1c9:17");
  none("als-xy-chain", &g);
}

/* }====== */

/* {====== Death Blossom */

static void test_blossom(void **state) {
  (void)state;
  /* stem r5c5 {1,2}: petal r5c1 {1,3} for 1, r1c5 {2,3} for 2; 3 leaves
  ** r1c1 (HoDoKu's text has two blanks before each petal) */
  sk_grid g = position("r5c5:12 r5c1:13 r1c5:23 r1c1:37");
  sk_hint h = first("death-blossom", &g);
  assert_string_equal(h.text, "Death Blossom: r5c5,  -1- r5c1 {13},  -2- r1c5 {23}");
  expect_elims(&h, "r1c1:3");
  expect_focus(&h, "r5c5:12 r5c1:13 r1c5:23");
  assert_int_equal(h.fig[SK_FIG_SIZE], 2);
  assert_int_equal(h.fig[SK_FIG_EXTRA], 2);
  /* three petals in row 4, 4 their common digit */
  g = position("r5c5:123 r4c4:14 r4c6:24 r4c5:34 r4c9:47");
  h = first("death-blossom", &g);
  assert_string_equal(h.text, "Death Blossom: r5c5,  -1- r4c4 {14},  -2- r4c6 {24},  -3- r4c5 {34}");
  expect_elims(&h, "r4c9:4");
  assert_int_equal(h.fig[SK_FIG_SIZE], 3);
}

static void test_blossom_none(void **state) {
  (void)state;
  /* no petal for the stem's 2 */
  sk_grid g = position("r5c5:12 r5c1:13 r1c5:34 r1c1:37");
  none("death-blossom", &g);
  /* petals without a common digit outside the stem */
  g = position("r5c5:12 r5c1:13 r1c5:24 r1c1:37");
  none("death-blossom", &g);
}

/* }====== */

/* {====== options (table_opts) */

static void test_options(void **state) {
  (void)state;
  /* RCs both ways: the chain of test_chain_none is found */
  sk_grid g = position("r1c1:12 r9c1:23 r8c2:34 r8c9:14 r1c9:17");
  found *f = run("als-xy-chain", &g, 1);
  int i = find_text(f, "Almost Locked Set Chain: 1- r1c1 {12} -2- r9c1 {23} -3- r8c2 {34} "
                       "-4- r8c9 {14} -1");
  assert_true(i >= 0);
  expect_elims(&f->hint[i], "r1c9:1");
  /* at most 3 RCs: the chain of four is not */
  g = position("r1c1:12 r1c5:23 r5c5:34 r5c9:45 r9c9:15 r1c9:17");
  f = run("als-xy-chain", &g, 1);
  assert_true(find_text(f, "Almost Locked Set Chain: 1- r1c1 {12} -2- r1c5 {23} -3- r5c5 {34} "
                           "-4- r5c9 {45} -5- r9c9 {15} -1") < 0);
  /* ALS-XZ with RCs both ways finds the same instances (HoDoKu skips
  ** the backward ones) */
  g = position("r1c1:12 r2c1:13 r2c5:23 r1c5:27");
  assert_int_equal(run("als-xz", &g, 1)->count, 2);
}

/* }====== */

static void test_hodoku_paths(void **state) {
  (void)state;
  path_tech pt[] = {{"als-xz", 5700, 0, 0, 0, 0}, {"als-xy-wing", 5800, 0, 0, 0, 0},
                    {"als-xy-chain", 5900, 0, 0, 0, 0}};
  int n = (int)(sizeof pt / sizeof pt[0]);
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

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_xz),
    cmocka_unit_test(test_xz_doubly_linked),
    cmocka_unit_test(test_xz_none),
    cmocka_unit_test(test_xy_wing),
    cmocka_unit_test(test_xy_wing_none),
    cmocka_unit_test(test_chain),
    cmocka_unit_test(test_chain_sorted),
    cmocka_unit_test(test_chain_none),
    cmocka_unit_test(test_blossom),
    cmocka_unit_test(test_blossom_none),
    cmocka_unit_test_setup_teardown(test_options, setup_opts, teardown_opts),
    cmocka_unit_test(test_hodoku_paths),
  };
  return cmocka_run_group_tests(tests, setup, hodoku_fixture_teardown);
}
