/*
** test_almost_locked_candidates.c -- almost locked pair, triple and
** quadruple (techniques/almost_locked_candidates.c).
**
** Hand-made states: every cell empty and holding every digit but where a
** test narrows it, each cell keeping its digit of hodoku_step_fixture's
** solved grid (one test places a solution digit, for the option
** value-cells), so each elimination is checked against that solution.
** Row 1 is the base and block 1 the cover: S in r1c4.., its digits but
** one placed by the solution in block 1's rows 2-3 (H), the last in
** r1c1-3.  They check the hint, its text, figures, focus and
** eliminations, the option value-cells, and states with nothing to find.
** Known states (magictour's top1465 part solved, at a step of the xdrs
** table or of a table asking the quadruple first) check the first hint;
** every hint of every size there is checked against the solution.
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

static const char *const plugins[] = {"almost_locked_candidates"};
static const char *const ids[] = {"almost-locked-pair", "almost-locked-triple",
                                  "almost-locked-quadruple"};
#define NIDS (sizeof ids / sizeof ids[0])

static const char table[] =
  "name: test\n"
  "techniques:\n"
  "  - {id: almost-locked-pair, base: 4.5, modifiers: [{figure: type, map: {1: 0.1}}]}\n"
  "  - {id: almost-locked-triple, base: 5.2, modifiers: [{figure: type, map: {1: 0.1}}]}\n"
  "  - {id: almost-locked-quadruple, base: 5.7, modifiers: [{figure: type, map: {1: 0.2}}]}\n";

static const char table_values[] =
  "name: test-values\n"
  "techniques:\n"
  "  - {id: almost-locked-triple, base: 5.2, params: {value-cells: 1}}\n";

typedef struct known { const char *id, *state, *solution, *text, *elims; } known;

static const known known_states[] = {
  {"almost-locked-pair",
     "......7..1...............8..2......9.2..5.....2..5...9..3.........4.6......4.6..."
     "........9.23.5.....23.5.........6......4.....1.........2..5..........78.......78."
     "...4......2..5.........6.........78...3............78..2..5...91...5....1.......9"
     "1......8......6...1..4..7....34..7..........9..34..7........78..2...........5...."
     "..3.......2..5.7..........9.2....7.........8..2..567..1....67..1..4..7..1..4..7.."
     ".2..5..8..2.45.78..2.45.7..1.........2..5.....2.4567.......678.........9..3......"
     ".....6.8.........91.34..7......5....1....6.....34...8.1.....7..1.3..678..2......."
     "12..56.8..23.5..8.123.5.....23....89......7...23....89...4.....1.3.56.8.1....6.89"
     "12..56.8..2345.78.12345.7...234...891....6....234...89....5...91.3.5678.1....6789",
     "718925364935641278426738519167493825359286147842157693693514782281379456574862931",
     "Almost Locked Pair: 25 in r6c5 (b5) and r5c2 (r5), r5c456",
     "r5c2:7 r6c6:25"},
  {"almost-locked-triple",
     "1....6...12...6.....3.........4.........5.....2...6.........7.9.......8.......7.9"
     "...456....2..56.8....456.........7.9......7.9.2...6.8.1.3.5....1.3.56...123..6..."
     "......7...2..56.8.........9.2...6.8...3......1...........45.......456....2...6..."
     ".2..........4.........56.....3.56.8......6.8.......7..1.3....891.3..6...1.3..6..9"
     "1.3..6...1.3..6..........8..23..6....2...6...........9...4..7.....4..7......5...."
     "..3.56..9..3.56..9......7....3.56.8.1...........4.......3....8..2.........3..6..."
     "..3456.........7..1..456...1....6......4.6.....3.56....2...............9.......8."
     ".......8...3.56..91..456...12...67.9.2.4.67.9.23.56...1.3.5.7..1.3.5.7..1.3...7.."
     "..3.5...9..3.5...9.2.......1.....789......789..3.5..8......6...1.3.5.7.....4.....",
     "123456789456798132789231546245387961318629475697514823574163298861942357932875614",
     "Almost Locked Triple: 146 in r7c45 (r7) and r8c23 (b7), r7c123",
     "r7c6:6 r8c2:359 r8c3:5"},
  {"almost-locked-quadruple",
     "1....6.89....5.....2.........34.6..91.3..6..91.34.6..9..34.6.........7....34.6.89"
     "1....6.891....6.89...4...........7......5....123..6..9..3..6....23..6..9.23..6.89"
     ".....6..9......7....3.......2.4..........6..9.......8.....5.....2.4.....1........"
     "123...7..12............6....234....9..3...7.9....5....1.34..7.........8...34....9"
     "..3...78....4...........78.1..........3..6789..3..6..9.2.........3.56..9..3.56..9"
     "....5....12.....8.........9.234.6.8...3..678..234.6...1.34.67..1.34.6.....34.6..."
     ".2.4.6....2...6...1...5......3..6.8.1.3..6.8.1.3..6...........9123456.........7.."
     "...4.6..9..3......1...5.........6..9.2.............7.........8.1..456......456..."
     ".2...6789.2...6.89......78.....5.......4.....1.3..6..91.3..6...123..6....23..6...",
     "152394678864751392973268541216435789347189265589672413425816937631927854798543126",
     "Almost Locked Quadruple: 1369 in r579c6 (c6) and r1c45,r3c5 (b2), r123c6",
     "r1c4:4 r6c6:36"},
  {"almost-locked-quadruple",
     "1..............7.......6.89.2..5..89.2..5..8....4......23..6..9..3.56.8..23..6.89"
     "..3.........4...89...4...89.....6...12..5..8..2......9......7......5..8.12.....89"
     ".2...........5.........6.891......89......7....3......1....6..9...4.....1....6.89"
     "...4.6..91234.....1234..7..12.4....912...6.......5...........8...3..67...23..67.9"
     ".....6.89123....8.....5....12.....8912...6.8..2....7.9...4.......3..67...23..67.9"
     "...4.6.89.2.4...8..2.4..78..2.4...89..3.......2....7.9.2...6..91............5...."
     "....5....1.3..6..91.3.....9......7.....4............8.1.3..6....2.......1.3..6..."
     "...4...8.123......123.......2..5............9.....6...1.3.5..........78....4..78."
     "......7...2.4.6.8..2.4...8...3.......2..5....1............56...........9...4...8.",
     "176584932394612758258973146921465873835127469647839215569748321413296587782351694",
     "Almost Locked Quadruple: 4689 in r456c1 (b4) and r279c2 (c2), r456c2",
     "r4c3:4 r6c3:48 r7c2:13 r9c2:2"},
};

static int setup(void **state) {
  (void)state;
  return hodoku_fixture_setup(plugins, 1, table);
}

static int setup_values(void **state) {
  hodoku_fixture_teardown(state);
  return hodoku_fixture_setup(plugins, 1, table_values);
}

static int teardown_values(void **state) {
  hodoku_fixture_teardown(state);
  return hodoku_fixture_setup(plugins, 1, table);
}

/* {====== open states */

static int cell_at(const char *p) {
  assert_true(p[0] == 'r' && p[2] == 'c');
  return (p[1] - '1') * 9 + (p[3] - '1');
}

/* Every cell empty with every digit, then for "r1c4:56 r2c3:-5678" the
** cell's exact candidates, or ('-') the digits it loses. */
static sk_grid open_state(const char *spec) {
  sk_grid g;
  sk_grid_init(&g);
  for (const char *p = spec; *p; ) {
    if (*p == ' ') { p++; continue; }
    int c = cell_at(p), minus = p[5] == '-';
    sk_mask m = 0;
    for (p += 5 + minus; *p >= '1' && *p <= '9'; p++) m |= SK_BIT(*p - '0');
    for (int d = 1; d <= 9; d++)
      if ((minus && (m & SK_BIT(d))) || (!minus && !(m & SK_BIT(d)))) sk_grid_eliminate(&g, c, d);
  }
  for (int c = 0; c < SK_CELLS; c++)
    if (!g.value[c]) assert_true(g.cand[c] & SK_BIT(hodoku_solution[c] - '0'));
  return g;
}

static void all_sound(const sk_grid *g, const char *solution) {
  for (size_t i = 0; i < NIDS; i++) {
    found *f = run(ids[i], g, 1);
    for (int k = 0; k < f->count && k < MAX_FOUND; k++) expect_sound(&f->hint[k], solution);
  }
}

/* }====== */

/* {====== hand-made */

static void test_pair(void **state) {
  (void)state;
  /* S = r1c4 {56}; in block 1, 5 and 6 only in r1c1-3 and r2c1 */
  sk_grid g = open_state("r1c4:56 r2c2:-56 r2c3:-56 r3c1:-56 r3c2:-56 r3c3:-56");
  sk_hint h = first("almost-locked-pair", &g);
  assert_string_equal(h.text, "Almost Locked Pair: 56 in r1c4 (r1) and r2c1 (b1), r1c123");
  expect_elims(&h, "r1c5:56 r1c6:56 r1c7:56 r1c8:56 r1c9:56 r2c1:1234789");
  expect_focus(&h, "r1c4:56 r2c1:56 r1c1:56 r1c2:56 r1c3:56");
  expect_sound(&h, hodoku_solution);
  assert_int_equal(h.fig[SK_FIG_SIZE], 2);
  assert_int_equal(h.fig[SK_FIG_TYPE], 0);
  all_sound(&g, hodoku_solution);
}

static void test_triple(void **state) {
  (void)state;
  sk_grid g = open_state("r1c4:56 r1c5:67 r2c3:-567 r3c1:-567 r3c2:-567 r3c3:-567");
  sk_hint h = first("almost-locked-triple", &g);
  assert_string_equal(h.text, "Almost Locked Triple: 567 in r1c45 (r1) and r2c12 (b1), r1c123");
  expect_elims(&h, "r1c6:567 r1c7:567 r1c8:567 r1c9:567 r2c1:123489 r2c2:123489");
  expect_sound(&h, hodoku_solution);
  assert_int_equal(h.fig[SK_FIG_SIZE], 3);
  assert_int_equal(h.fig[SK_FIG_EXTRA], 4);
  all_sound(&g, hodoku_solution);
}

static void test_quadruple(void **state) {
  (void)state;
  sk_grid g = open_state("r1c4:56 r1c5:67 r1c6:78 r2c3:-5678 r3c1:-5678 r3c2:-5678");
  sk_hint h = first("almost-locked-quadruple", &g);
  assert_string_equal(h.text,
                      "Almost Locked Quadruple: 5678 in r1c456 (r1) and r2c12,r3c3 (b1), r1c123");
  expect_elims(&h, "r1c7:5678 r1c8:5678 r1c9:5678 r2c1:12349 r2c2:12349 r3c3:12349");
  expect_sound(&h, hodoku_solution);
  assert_int_equal(h.fig[SK_FIG_SIZE], 4);
  all_sound(&g, hodoku_solution);
}

/* The triple's S with r1c5 placed (its solution digit 7). */
static sk_grid value_state(void) {
  sk_grid g = open_state("r1c4:56 r2c3:-567 r3c1:-567 r3c2:-567 r3c3:-567");
  sk_grid_place(&g, 4, 7);
  return g;
}

static void test_value_cells_off(void **state) {
  (void)state;
  sk_grid g = value_state();
  none("almost-locked-triple", &g);
}

static void test_value_cells(void **state) {
  (void)state;
  sk_grid g = value_state();
  sk_hint h = first("almost-locked-triple", &g);
  assert_string_equal(h.text, "Almost Locked Triple: 567 in r1c45 (r1) and r2c12 (b1), r1c123");
  expect_elims(&h, "r1c6:56 r1c7:56 r1c8:56 r1c9:56 r2c1:123489 r2c2:123489");
  expect_sound(&h, hodoku_solution);
  assert_int_equal(h.fig[SK_FIG_TYPE], 1);
}

static void test_none(void **state) {
  (void)state;
  /* two cells of block 1 outside the intersection hold 5 or 6 */
  sk_grid g = open_state("r1c4:56 r2c3:-56 r3c1:-56 r3c2:-56 r3c3:-56");
  none("almost-locked-pair", &g);
  /* the pair and its hidden cell, nothing left to remove: row 1 and r2c1
  ** already reduced */
  g = open_state("r1c4:56 r2c1:56 r2c2:-56 r2c3:-56 r3c1:-56 r3c2:-56 r3c3:-56 "
                 "r1c5:-56 r1c6:-56 r1c7:-56 r1c8:-56 r1c9:-56");
  none("almost-locked-pair", &g);
  /* a triple's digits all placed by the solution in rows 2-3 of block 1 */
  g = open_state("r1c4:67 r1c5:79 r2c3:-679 r3c1:-679 r3c3:-679");
  for (size_t i = 1; i < NIDS; i++) none(ids[i], &g);
}

/* }====== */

/* {====== known states */

static void test_known_states(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof known_states / sizeof known_states[0]; i++) {
    const known *k = &known_states[i];
    sk_grid g = state729(k->state);
    sk_hint h = first(k->id, &g);
    assert_string_equal(h.text, k->text);
    expect_elims(&h, k->elims);
    expect_sound(&h, k->solution);
    all_sound(&g, k->solution);
  }
}

/* }====== */

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_pair),
    cmocka_unit_test(test_triple),
    cmocka_unit_test(test_quadruple),
    cmocka_unit_test(test_value_cells_off),
    cmocka_unit_test_setup_teardown(test_value_cells, setup_values, teardown_values),
    cmocka_unit_test(test_none),
    cmocka_unit_test(test_known_states),
  };
  return cmocka_run_group_tests(tests, setup, hodoku_fixture_teardown);
}
