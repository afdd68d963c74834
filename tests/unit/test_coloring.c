/*
** test_coloring.c -- HoDoKu's colourings (techniques/coloring.c):
** simple-colors (trap, wrap) and multi-colors (MC1, MC2).
**
** Hand-made positions on the empty grid: a digit confined to two cells of
** a few houses, whose conjugate pairs make the clusters under test.  They
** check the hints found, their type figure, eliminations, focus and
** HoDoKu's texts, wrap before trap, and positions where the technique must
** find nothing.  With SK_SHARED, HoDoKu's own solution paths of mixed-1090
** and top1465 (data/hodoku/hodoku-paths-*.txt) are replayed: at each of
** their 86 colouring steps the hint the engine takes must be HoDoKu's, text
** and eliminations.  HoDoKu's regression library is checked by `sudokit
** reglib`.
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

static const char *const plugins[] = {"coloring"};

#define TABLE \
  "name: test\n" \
  "techniques:\n" \
  "  - {id: simple-colors, base: 1.0}\n" \
  "  - {id: multi-colors, base: 1.0}\n"

/* One cluster of 1: r1c1 =row 1= r1c5 =column 5= r6c5 =row 6= r6c2,
** colours {r1c1, r6c5} and {r1c5, r6c2}. */
static sk_grid one_cluster(void) {
  sk_grid g = empty();
  confine(&g, row(1), 1, "r1c1 r1c5");
  confine(&g, col(5), 1, "r1c5 r6c5");
  confine(&g, row(6), 1, "r6c2 r6c5");
  return g;
}

static void test_trap(void **state) {
  (void)state;
  sk_grid g = one_cluster();
  sk_hint h = first("simple-colors", &g);
  /* the cells that see r1c1 and r6c2: box 1 in column 2, box 4 in column 1 */
  expect_elims(&h, 1, "r2c2 r3c2 r4c1 r5c1");
  expect_focus(&h, 1, "r1c1 r1c5 r6c2 r6c5");
  assert_int_equal(h.fig[SK_FIG_TYPE], 1);
  assert_string_equal(h.name, "Simple Colors Trap");
  assert_string_equal(h.text, "Simple Colors Trap: 1 (r1c1,r6c5) / (r1c5,r6c2)");
  assert_int_equal(run("simple-colors", &g, 1)->count, 1);
  none("multi-colors", &g);
}

static void test_wrap(void **state) {
  (void)state;
  /* r1c1 =row 1= r1c5 =column 5= r4c5 =row 4= r4c2 =column 2= r2c2: r1c1
  ** and r2c2 take one colour and share box 1, so that colour is false */
  sk_grid g = empty();
  confine(&g, row(1), 1, "r1c1 r1c5");
  confine(&g, col(5), 1, "r1c5 r4c5");
  confine(&g, row(4), 1, "r4c2 r4c5");
  confine(&g, col(2), 1, "r2c2 r4c2");
  found *f = run("simple-colors", &g, 1);
  assert_true(f->count >= 1);
  sk_hint h = first("simple-colors", &g);
  assert_string_equal(h.text, f->hint[0].text);      /* wrap before trap */
  expect_elims(&h, 1, "r1c1 r2c2 r4c5");
  assert_int_equal(h.fig[SK_FIG_TYPE], 2);
  assert_string_equal(h.name, "Simple Colors Wrap");
  assert_string_equal(h.text, "Simple Colors Wrap: 1 (r1c1,r2c2,r4c5) / (r1c5,r4c2)");
}

/* Two clusters of 1: r1c1 =row 1= r1c5 and r3c2 =column 2= r8c2; r1c1
** sees r3c2. */
static sk_grid two_clusters(void) {
  sk_grid g = empty();
  confine(&g, row(1), 1, "r1c1 r1c5");
  confine(&g, col(2), 1, "r3c2 r8c2");
  return g;
}

static void test_mc1(void **state) {
  (void)state;
  sk_grid g = two_clusters();
  /* r1c1 or r3c2 is false: r1c5 or r8c2 is true, r8c5 sees both */
  sk_hint h = first("multi-colors", &g);
  expect_elims(&h, 1, "r8c5");
  expect_focus(&h, 1, "r1c1 r1c5 r3c2 r8c2");
  assert_int_equal(h.fig[SK_FIG_TYPE], 1);
  assert_string_equal(h.name, "Multi Colors 1");
  assert_string_equal(h.text, "Multi Colors 1: 1 (r1c1) / (r1c5), (r3c2) / (r8c2)");
  /* the clusters the other way round */
  found *f = run("multi-colors", &g, 1);
  assert_int_equal(f->count, 2);
  assert_string_equal(f->hint[1].text, "Multi Colors 1: 1 (r3c2) / (r8c2), (r1c1) / (r1c5)");
  expect_elims(&f->hint[1], 1, "r8c5");
  /* no trap or wrap in either cluster */
  none("simple-colors", &g);
}

static void test_mc2(void **state) {
  (void)state;
  /* r1c2 sees both colours of the cluster r2c1 =column 1= r3c1: r1c2's
  ** colour is false */
  sk_grid g = empty();
  confine(&g, row(1), 1, "r1c2 r1c8");
  confine(&g, col(1), 1, "r2c1 r3c1");
  sk_hint h = first("multi-colors", &g);
  expect_elims(&h, 1, "r1c2");
  assert_int_equal(h.fig[SK_FIG_TYPE], 2);
  assert_string_equal(h.name, "Multi Colors 2");
  assert_string_equal(h.text, "Multi Colors 2: 1 (r1c2) / (r1c8), (r2c1) / (r3c1)");
}

static void test_none(void **state) {
  (void)state;
  /* a single conjugate pair */
  sk_grid g = empty();
  confine(&g, row(1), 1, "r1c1 r1c5");
  none("simple-colors", &g);
  none("multi-colors", &g);
  /* two clusters that see nothing of each other */
  confine(&g, row(9), 1, "r9c6 r9c9");
  none("multi-colors", &g);
  none("simple-colors", &(sk_grid){0});
  none("multi-colors", &(sk_grid){0});
  g = empty();
  none("simple-colors", &g);
  /* the trap's victims gone */
  g = one_cluster();
  drop(&g, 1, "r2c2 r3c2 r4c1 r5c1");
  none("simple-colors", &g);
}

static void test_hodoku_paths(void **state) {
  (void)state;
  static const struct { const char *file; int steps[2]; } sets[] = {
    {"hodoku-paths-mixed-1090.txt", {14, 25}},
    {"hodoku-paths-top1465.txt", {22, 25}},
  };
  for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++) {
    path_tech pt[] = {
      {"Simple Colors", "simple-colors", 0, 0},
      {"Multi Colors", "multi-colors", 0, 0},
    };
    if (replay_hodoku_paths(sets[k].file, pt, 2) < 0) { skip(); return; }
    for (int i = 0; i < 2; i++) {
      assert_int_equal(pt[i].steps, sets[k].steps[i]);
      assert_int_equal(pt[i].differ, 0);
    }
  }
}

static int setup(void **state) {
  (void)state;
  return pattern_setup(plugins, sizeof plugins / sizeof plugins[0], TABLE);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_trap),
    cmocka_unit_test(test_wrap),
    cmocka_unit_test(test_mc1),
    cmocka_unit_test(test_mc2),
    cmocka_unit_test(test_none),
    cmocka_unit_test(test_hodoku_paths),
  };
  return cmocka_run_group_tests(tests, setup, pattern_teardown);
}
