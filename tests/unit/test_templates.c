/*
** test_templates.c -- HoDoKu's Template Set and Template Delete
** (techniques/templates.c) on hand-built states: a solved grid with a few
** cells emptied (the fixture's positions) and the empty grid, where
** nothing may be found.
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

static const char *const plugins[] = {"templates"};

static const char table[] =
  "name: test\n"
  "techniques:\n"
  "  - {id: template-set, base: 1.0}\n"
  "  - {id: template-delete, base: 1.0}\n";

#include "hodoku_step_fixture.h"

static int setup(void **state) {
  (void)state;
  return hodoku_fixture_setup(plugins, sizeof plugins / sizeof plugins[0], table);
}

static int rc(int r, int c) { return (r - 1) * 9 + (c - 1); }

/* The solution's r1c1 is 5, its r1c8 1: emptied with candidates 1 and 5,
** every template of 5 takes r1c1 (row 1 has no other place for it) and
** none of 1 does (row 1's 1 is placed at r1c8). */
static void test_one_cell(void **state) {
  (void)state;
  sk_grid g = position("r1c1:15");
  sk_hint h = first("template-set", &g);
  assert_string_equal(h.text, "Template Set: r1c1=5");
  assert_int_equal(h.cell, rc(1, 1));
  assert_int_equal(h.digit, 5);
  assert_int_equal(h.elim[rc(1, 1)], SK_BIT(1));
  assert_int_equal(h.fig[SK_FIG_SIZE], 1);
  h = first("template-delete", &g);
  assert_string_equal(h.text, "Template Delete:");
  expect_elims(&h, "r1c1:1");
  expect_focus(&h, "r1c1:1");
}

/* Cells of several digits: one step per digit, digits ascending; Set
** lists every cell of the digit in HoDoKu's compact form. */
static void test_steps_per_digit(void **state) {
  (void)state;
  /* solution rows 1-2: 534678912 / 672195348; r1c1 = 5, r1c5 = 7,
  ** r2c2 = 7, r2c6 = 5 */
  sk_grid g = position("r1c1:57 r1c5:57 r2c2:57 r2c6:57");
  found *f = run("template-set", &g, 1);
  assert_int_equal(f->count, 2);
  assert_string_equal(f->hint[0].text, "Template Set: r1c1,r2c6=5");
  expect_focus(&f->hint[0], "r1c1:5 r2c6:5");
  assert_string_equal(f->hint[1].text, "Template Set: r1c5,r2c2=7");
  f = run("template-delete", &g, 1);
  assert_int_equal(f->count, 2);
  expect_elims(&f->hint[0], "r1c5:5 r2c2:5");
  expect_elims(&f->hint[1], "r1c1:7 r2c6:7");
}

/* Nothing where every cell lies in some template and none in all: the
** empty grid, and the solved one. */
static void test_nothing(void **state) {
  (void)state;
  sk_grid g;
  sk_grid_init(&g);
  none("template-set", &g);
  none("template-delete", &g);
  g = position("");
  none("template-set", &g);
  none("template-delete", &g);
}

/* Two cells that may hold 3 or 5 (solution r1c1 = 5, r1c2 = 3): column
** 1 has its 3 placed at r9c1 and column 2 its 5 at r4c2, so each digit
** keeps one template; Set and Delete both answer, digit by digit. */
static void test_pair(void **state) {
  (void)state;
  sk_grid g = position("r1c1:35 r1c2:35");
  found *f = run("template-set", &g, 1);
  assert_int_equal(f->count, 2);
  assert_string_equal(f->hint[0].text, "Template Set: r1c2=3");
  assert_string_equal(f->hint[1].text, "Template Set: r1c1=5");
  f = run("template-delete", &g, 1);
  assert_int_equal(f->count, 2);
  expect_elims(&f->hint[0], "r1c1:3");
  expect_elims(&f->hint[1], "r1c2:5");
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_one_cell),
    cmocka_unit_test(test_steps_per_digit),
    cmocka_unit_test(test_nothing),
    cmocka_unit_test(test_pair),
  };
  return cmocka_run_group_tests(tests, setup, hodoku_fixture_teardown);
}
