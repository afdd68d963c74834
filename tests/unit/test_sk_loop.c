/*
** test_sk_loop.c -- the SK loop (techniques/sk_loop.c).
**
** Easter Monster's first grid holds the original SK loop (rows 2 and 8,
** columns 2 and 8, links of two digits each): its hint, figures and
** eliminations, checked against the solution; a forum puzzle with a loop
** in rows 3 and 7 whose box links carry different digits; once a loop's
** eliminations are made it is not found again; the max-filled option; and
** grids with nothing to find.
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

static const char *const plugins[] = {"singles", "locking", "subsets", "sk_loop"};

static const char table[] =
  PATTERN_TABLE_HEAD
  "  - {id: naked-pair, base: 3.0}\n"
  "  - {id: hidden-pair, base: 3.4}\n"
  "  - {id: naked-triple, base: 3.6}\n"
  "  - {id: hidden-triple, base: 4.0}\n"
  "  - {id: sk-loop, base: 9.6}\n";

static const char easter_monster[] =
  "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";
static const char forum_loop[] =
  "1.......2.2.....6...34..5.....8.5.....8.3.9.....9.4.....53..4...6......77......1.";

static int setup(void **state) {
  (void)state;
  return pattern_setup(plugins, sizeof plugins / sizeof plugins[0], table);
}

static void test_easter_monster(void **state) {
  (void)state;
  uint8_t sol[SK_CELLS];
  sk_grid g = puzzle(easter_monster, sol);
  assert_int_equal(advance(&g, "sk-loop"), 0);
  found *f = run("sk-loop", &g, 1);
  assert_int_equal(f->count, 1);
  sk_hint h = f->hint[0];
  assert_string_equal(h.text, "SK Loop: r2c13 -r2{38}- r2c79 -b3{16}- r13c8 -c8{39}- r79c8 "
                              "-b9{27}- r8c79 -r8{45}- r8c13 -b7{16}- r79c2 -c2{48}- r13c2 "
                              "-b1{27}- r2c13");
  assert_int_equal(h.fig[SK_FIG_SIZE], 16);
  assert_int_equal(h.fig[SK_FIG_LENGTH], 8);
  assert_int_equal(h.fig[SK_FIG_EXTRA], 0);
  assert_int_equal(count_elims(&h), 13);
  /* row 2's 3 and 8 leave r2c5; box 1's 2 and 7 leave its corner's
  ** neighbours r1c3, r3c1; column 2's 4 and 8 leave r5c2 */
  assert_true(has_elim(&h, 2, 5, 3) && has_elim(&h, 2, 5, 8));
  assert_true(has_elim(&h, 1, 3, 7) && has_elim(&h, 3, 1, 2));
  assert_true(has_elim(&h, 5, 2, 4) && has_elim(&h, 5, 2, 8));
  /* the focus: the 16 loop cells, none a corner */
  int focus = 0;
  for (int c = 0; c < SK_CELLS; c++)
    if (h.focus[c]) {
      focus++;
      assert_int_equal(h.focus[c], g.cand[c]);
    }
  assert_int_equal(focus, 16);
  assert_int_equal(h.focus[rc(2, 2)] | h.focus[rc(2, 8)] | h.focus[rc(8, 2)] | h.focus[rc(8, 8)], 0);
  expect_sound(f, sol);
  /* with its eliminations made, the loop has nothing more to give */
  sk_hint_apply(&h, &g);
  none("sk-loop", &g);
}

static void test_forum_loop(void **state) {
  (void)state;
  uint8_t sol[SK_CELLS];
  sk_grid g = puzzle(forum_loop, sol);
  found *f = run("sk-loop", &g, 1);
  assert_true(f->count >= 1);
  assert_string_equal(f->hint[0].text,
                      "SK Loop: r3c12 -r3{89}- r3c89 -b3{17}- r12c7 -c7{38}- r89c7 -b9{26}- "
                      "r7c89 -r7{89}- r7c12 -b7{12}- r89c3 -c3{49}- r12c3 -b1{67}- r3c12");
  assert_true(has_elim(&f->hint[0], 3, 5, 8) && has_elim(&f->hint[0], 3, 5, 9));
  assert_true(has_elim(&f->hint[0], 1, 2, 7));   /* box 1's link {6,7} */
  expect_sound(f, sol);
}

/* max-filled 0 keeps loops without filled cells: Easter Monster's still */
static const char no_filled_table[] =
  "name: test-no-filled\n"
  "techniques:\n"
  "  - {id: sk-loop, base: 9.6, params: {max-filled: 0}}\n";

static void test_max_filled(void **state) {
  (void)state;
  uint8_t sol[SK_CELLS];
  sk_grid g = puzzle(easter_monster, sol);
  assert_int_equal(run("sk-loop", &g, 1)->count, 1);
  /* with r2c1, a cell of the loop, given its solution digit, the pattern
  ** holds a filled cell, which max-filled 0 refuses */
  uint8_t v[SK_CELLS] = {0};
  for (int i = 0; i < SK_CELLS; i++)
    v[i] = (uint8_t)(easter_monster[i] == '.' ? 0 : easter_monster[i] - '0');
  v[rc(2, 1)] = sol[rc(2, 1)];
  sk_grid h;
  assert_int_equal(sk_grid_from_values(&h, v, NULL), 0);
  none("sk-loop", &h);
}

static void test_nothing(void **state) {
  (void)state;
  uint8_t sol[SK_CELLS];
  sk_grid g = puzzle("..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3..",
                     sol);
  none("sk-loop", &g);
  sk_grid e = empty();                           /* every candidate everywhere */
  none("sk-loop", &e);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_easter_monster),
    cmocka_unit_test(test_forum_loop),
    cmocka_unit_test_prestate_setup_teardown(test_max_filled, pattern_table_setup,
                                             pattern_table_teardown, (void *)no_filled_table),
    cmocka_unit_test(test_nothing),
  };
  return cmocka_run_group_tests(tests, setup, pattern_teardown);
}
