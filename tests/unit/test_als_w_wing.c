/*
** test_als_w_wing.c -- the ALS-W-Wing (techniques/als/w_wing.c, id
** als-w-wing of the als plugin).
**
** A hand-made state (every cell empty and holding every digit but where
** the test narrows it; each cell keeps its digit of hodoku_step_fixture's
** solved grid, each confined pair holds its house's solution cell): the
** ALS r1c5 {57} and r67c1 {579}, the conjugate pair r5c5 = r5c1 on 5:
** 7 leaves r1c1.  Open cells make many large ALS too, so the test looks
** for its wing among every hint and checks all of them against the
** solution.  Positions of the solved grid check what must not be found (no
** conjugate pair; two bivalue cells, the plain W-Wing; a link that does
** not see an ALS).  A known state (magictour's top1465 part solved, at the
** xdrs table's step) checks the first hint and every hint against the
** solution.  The grouped ALS-W-Wing (grouped-als-w-wing): the open state
** with row 5's 5 in r5c5 and the group r5c12 (seeing B's 5), positions
** where it must find nothing (the plain link; a group that sees neither
** ALS's 5), and a known state of top1465.
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
#include "hodoku_step_fixture.h"

static const char *const plugins[] = {"als"};

static const char table[] =
  "name: test\n"
  "techniques:\n"
  "  - {id: als-w-wing, base: 6.8}\n"
  "  - {id: grouped-als-w-wing, base: 6.9}\n";

typedef struct known { const char *id, *state, *solution, *text, *elims; } known;

static const known known_states[] = {
  {"als-w-wing",
     "...4.........56..912...6.8.....5.789..3......1...5.789.2..5.....2..567......567.9"
     "123...7....3.5...912............6...12....7..1..45.7.9.......8..23.5.7....345.7.9"
     ".23..678...3.56..9.2...6.8....45.789.2....78....45.789.2345.....23.567..1........"
     "123..6.....34.6...12.4.6.....3...78.....5....1.3..678..23..............9..3...78."
     "123.............8.....5...9..34..7.91.....7..1.34..7.9.....6...123.5.7....3.5.7.."
     "1.3..6.........7......5...9.2.......1....6.8.1.3..6.89..345....1.3.5..8...345..8."
     ".....6.8....4.6......4.6.8.1................9.2.............7....3.5......3.5...."
     "....5....1..........3............78......678......678.........9...4......2......."
     "........9.2.............7....3.5.......4.......3.5....1.............6.8......6.8.",
     "468931527751624839392578461134756298289413675675289314846192753513867942927345186",
     "Almost Locked Set W-Wing: A=r13489c4 {345789}, B=r145679c9 {3456789}, x=4 in r2c6,r2c9, w=9",
     "r1c6:9"},
  {"grouped-als-w-wing",
     ".2.....89....5.........6..9..3.......2...6.8.......7..12.....8....4.....1......8."
     "1.........2.4..78....4.67...2.45...9.2..56.8....456.89..3...........6..9....5.7.."
     ".2.4..78...3.........4.67..12.45...9.2..56.8.1..456.89.2.....8......6..9....5.7.."
     "....5.......4..7.9.......8....4..7.9..3.........4....9.....6...1.........2......."
     ".234..7..12.4..7..1.34..7.........8..2...67.....4.6.......5......3...7..........9"
     ".23...7.9.....6.....3...7.9.2..5.7.91............5...9...4.......3...78...3....8."
     "..3...7891.....7891.3.5.7.91...5.7.....4.....1.3.5..8.1......8..2............6..."
     "..34...8.1..4...8.1.345.........6...........9.2.............7....3.5..8.1.34...8."
     ".....6...1..4..78..2.......1...5.7......5.78.1.3.5..8.........9..3.5..8.1.34...8.",
     "956327841127486395834951267548739612271864539369215478793548126415692783682173954",
     "Grouped Almost Locked Set W-Wing: A=r6c13689 {235789}, B=r123c5 {2568}, x=2 in r5c12,r5c5, w=5",
     "r2c6:5 r3c6:5"},
};

static int setup(void **state) {
  (void)state;
  return hodoku_fixture_setup(plugins, 1, table);
}

static int find_text(const found *f, const char *text) {
  for (int i = 0; i < f->count && i < MAX_FOUND; i++)
    if (!strcmp(f->hint[i].text, text)) return i;
  return -1;
}

static void test_open_state(void **state) {
  (void)state;
  sk_grid g;
  sk_grid_init(&g);
  static const struct { int cell; sk_mask keep; } cells[] = {
    {4, SK_BIT(5) | SK_BIT(7)},                    /* r1c5 {57} */
    {45, SK_BIT(5) | SK_BIT(7)},                   /* r6c1 {57} */
    {54, SK_BIT(7) | SK_BIT(9)},                   /* r7c1 {79} */
  };
  for (size_t i = 0; i < sizeof cells / sizeof cells[0]; i++)
    for (int d = 1; d <= 9; d++)
      if (!(cells[i].keep & SK_BIT(d))) sk_grid_eliminate(&g, cells[i].cell, d);
  for (int c = 36; c < 45; c++)                    /* row 5: 5 only in r5c1, r5c5 */
    if (c != 36 && c != 40) sk_grid_eliminate(&g, c, 5);
  for (int c = 0; c < SK_CELLS; c++) assert_true(g.cand[c] & SK_BIT(hodoku_solution[c] - '0'));
  found *f = run("als-w-wing", &g, 1);
  assert_true(f->count > 0);
  int i = find_text(f, "Almost Locked Set W-Wing: A=r1c5 {57}, B=r67c1 {579}, x=5 in r5c5,r5c1, w=7");
  assert_true(i >= 0);
  expect_elims(&f->hint[i], "r1c1:7");
  expect_focus(&f->hint[i], "r1c5:57 r6c1:57 r7c1:79 r5c5:5 r5c1:5");
  assert_int_equal(f->hint[i].fig[SK_FIG_SIZE], 2);
  assert_int_equal(f->hint[i].fig[SK_FIG_EXTRA], 3);
  for (int k = 0; k < f->count && k < MAX_FOUND; k++) {
    expect_sound(&f->hint[k], hodoku_solution);
    /* never two one-cell ALS */
    assert_null(strstr(f->hint[k].text, "A=r1c5 {57}, B=r6c1 {57}"));
  }
}

static void test_none(void **state) {
  (void)state;
  /* the two ALS, no conjugate pair on 5 */
  sk_grid g = position("r1c5:57 r6c1:57 r7c1:79 r1c1:57");
  none("als-w-wing", &g);
  /* two bivalue cells {57}, 5 in row 5 only at r5c5 and r5c1: the plain
  ** W-Wing, left to wings.c */
  g = position("r1c5:57 r6c1:57 r5c5:25 r5c1:45 r1c1:57");
  none("als-w-wing", &g);
  /* an ALS r67c1 {579} whose 5 the link's end r5c9 does not see */
  g = position("r1c5:57 r6c1:57 r7c1:79 r5c5:25 r5c9:15 r1c1:57");
  none("als-w-wing", &g);
}

static void test_open_state_grouped(void **state) {
  (void)state;
  sk_grid g;
  sk_grid_init(&g);
  static const struct { int cell; sk_mask keep; } cells[] = {
    {4, SK_BIT(5) | SK_BIT(7)},                    /* r1c5 {57} */
    {45, SK_BIT(5) | SK_BIT(7)},                   /* r6c1 {57} */
    {54, SK_BIT(7) | SK_BIT(9)},                   /* r7c1 {79} */
  };
  for (size_t i = 0; i < sizeof cells / sizeof cells[0]; i++)
    for (int d = 1; d <= 9; d++)
      if (!(cells[i].keep & SK_BIT(d))) sk_grid_eliminate(&g, cells[i].cell, d);
  for (int c = 36; c < 45; c++)                    /* row 5: 5 only in r5c1, r5c2, r5c5 */
    if (c != 36 && c != 37 && c != 40) sk_grid_eliminate(&g, c, 5);
  for (int c = 0; c < SK_CELLS; c++) assert_true(g.cand[c] & SK_BIT(hodoku_solution[c] - '0'));
  const char *want = "Grouped Almost Locked Set W-Wing: A=r1c5 {57}, B=r67c1 {579}, x=5 in r5c5,r5c12, w=7";
  found *f = run("grouped-als-w-wing", &g, 1);
  int i = find_text(f, want);
  assert_true(i >= 0);
  expect_elims(&f->hint[i], "r1c1:7");
  expect_focus(&f->hint[i], "r1c5:57 r6c1:57 r7c1:79 r5c5:5 r5c1:5 r5c2:5");
  assert_string_equal(f->hint[i].name, "Grouped Almost Locked Set W-Wing");
  assert_int_equal(f->hint[i].fig[SK_FIG_TYPE], 1);
  assert_int_equal(f->hint[i].fig[SK_FIG_LENGTH], 3);
  assert_int_equal(f->hint[i].fig[SK_FIG_EXTRA], 3);
  for (int k = 0; k < f->count && k < MAX_FOUND; k++) {
    expect_sound(&f->hint[k], hodoku_solution);
    assert_int_equal(f->hint[k].fig[SK_FIG_TYPE], 1);
    assert_true(f->hint[k].fig[SK_FIG_LENGTH] >= 3);   /* a group at one end at least */
  }
  /* the plain search does not take the group */
  f = run("als-w-wing", &g, 1);
  for (int k = 0; k < f->count && k < MAX_FOUND; k++) assert_null(strstr(f->hint[k].text, "r5c12"));
}

static void test_none_grouped(void **state) {
  (void)state;
  /* the plain ALS-W-Wing (r1c5 {57}, r67c1 {579}, r5c5 = r5c1): no group */
  sk_grid g = position("r1c5:57 r6c1:57 r7c1:79 r5c5:25 r5c1:45 r1c1:57");
  assert_true(run("als-w-wing", &g, 1)->count > 0);
  none("grouped-als-w-wing", &g);
  /* row 5's 5 in r5c1 and the group r5c45: r5c4 does not see A's 5 */
  g = position("r1c5:57 r6c1:57 r7c1:79 r5c5:25 r5c4:58 r5c1:45 r1c1:57");
  none("grouped-als-w-wing", &g);
}

static void test_known_states(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof known_states / sizeof known_states[0]; i++) {
    const known *k = &known_states[i];
    sk_grid g = state729(k->state);
    sk_hint h = first(k->id, &g);
    assert_string_equal(h.text, k->text);
    expect_elims(&h, k->elims);
    expect_sound(&h, k->solution);
    found *f = run(k->id, &g, 1);
    for (int j = 0; j < f->count && j < MAX_FOUND; j++) expect_sound(&f->hint[j], k->solution);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_open_state),
    cmocka_unit_test(test_none),
    cmocka_unit_test(test_open_state_grouped),
    cmocka_unit_test(test_none_grouped),
    cmocka_unit_test(test_known_states),
  };
  return cmocka_run_group_tests(tests, setup, hodoku_fixture_teardown);
}
