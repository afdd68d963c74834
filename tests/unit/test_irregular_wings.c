/*
** test_irregular_wings.c -- M-Wing, S-Wing, L-Wing and H-Wing
** (techniques/irregular_wings.c).
**
** Hand-made states: every cell empty and holding every digit but where a
** test narrows it (a bivalue cell, a digit confined to two cells of a
** house); each cell keeps its digit of hodoku_step_fixture's solved grid
** and each confined pair holds the house's solution cell, so the state is
** one of that solution's and each elimination is checked against it.
** They check the hint found, its chain text, figures, focus and
** eliminations, both kinds of ends (one digit: the cells seeing both;
** two digits in cells that see each other), and states where nothing may
** be found.  Known states (public puzzles part solved: magictour's top1465
** at a step of the xdrs table, and the M-Wing example of Sunnie's
** IrregularWing searcher, its values with its eliminated candidates
** removed; for the grouped S-, L- and H-Wings top1465 puzzles at a step of
** a table asking them right after the singles, intersections and subsets)
** check the first hint; every hint of every technique there is checked
** against the puzzle's solution.  The grouped wings: hand-made states with
** a group at one place of the chain (its figures: the links touching a
** group), the plain wing's state where the grouped search finds nothing,
** and states whose ends see nothing to remove.
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

static const char *const plugins[] = {"irregular_wings"};
static const char *const ids[] = {"m-wing", "s-wing", "l-wing", "h-wing",
                                   "grouped-s-wing", "grouped-l-wing", "grouped-h-wing"};
#define NIDS (sizeof ids / sizeof ids[0])

static const char table[] =
  "name: test\n"
  "techniques:\n"
  "  - {id: m-wing, base: 4.5}\n"
  "  - {id: s-wing, base: 6.0, modifiers: [{figure: length, chain: {offset: 0, first: 4, step: 0.1}}]}\n"
  "  - {id: l-wing, base: 6.0}\n"
  "  - {id: h-wing, base: 6.0}\n"
  "  - {id: grouped-s-wing, base: 6.2}\n"
  "  - {id: grouped-l-wing, base: 6.2}\n"
  "  - {id: grouped-h-wing, base: 6.2}\n";

typedef struct known { const char *id, *state, *solution, *text, *elims; } known;

static const known known_states[] = {
  {"m-wing",
     "..3.56..9....56.89.....6.8.......7.9.2.......1.3...7.9..3..6..9...4.....1...567.9"
     "..3.5...9......7...2.4........4...891.34...8......6....23....89123.5....12..5...9"
     "..3..6..91.........2.4.........5......34..78...34..789.23..6.89.23..67...2...67.9"
     ".2.........3.56.........7.....4....91..456...1..4....9..34.6..9.......8.1..456..9"
     "1...56.......56.8.1....6.8...3.........456.8..2.4...89......7...2..56....2.456..9"
     "...4.......3.56.8.........9.2....78.1...5678.12....78..23..6...123.56...12..56..."
     "......7.9.2.4....9....5.........6......4..78..2.4..78.1.........2......9..3......"
     ".......8..2...6.....3......1................9....5.....2.4.6....2...67...2.4.67.."
     "1....67.9.2.4.6..91....6....2.4..7....34..7...234..7......5.....2...6..9.......8.",
     "598723641374816952612549837237961485186354729459278316745682193863195274921437568",
     "Grouped M-Wing: (4=9)r4c4-(9)r5c6=(9-4)r5c9=(4)r5c56",
     "r4c5:4 r4c6:4"},
  {"m-wing",
     "......7..1...............8..2......9.2..5.....2..5...9..3.........4.6......4.6..."
     "........9.23.5.....23.5.........6......4.....1.........2..5..........78.......78."
     "...4......2..5.........6.........78...3............78..2..5...91...5....1.......9"
     "1......8......6...1..4..7....34..7..........9..34..7........78..2...........5...."
     "..3.......2..5.7..........9.2....7.........8..2..567..1....67..1..4..7..1..4..7.."
     ".2..5..8..2.45.78..2.45.7..1.........2..56....2.4567.......678.........9..3......"
     ".....6.8.........91.34..7......5....1....6.....34.6.8.1.....7..1.3..678..2......."
     "12..56.8..23.5..8.123.5.....23....89......7...23..6.89...4.....1.3.56.8.1....6.89"
     "12..56.8..2345.78.12345.7...234...8912...6....234.6.89....5...91.3.5678.1....6789",
     "718925364935641278426738519167493825359286147842157693693514782281379456574862931",
     "M-Wing: (6=1)r7c5-(1)r7c7=(1-6)r5c7=(6)r5c6",
     "r6c5:6 r7c6:6 r8c6:6 r9c6:6"},
  {"m-wing",
     "..34.............9..34.6....2.......1.3...7.........8.1.3..6.......5......3..67.."
     "......7...2...6....23..6......4.....1.3.5....1...5....1.3..6..........8.........9"
     "1...............8.....5............9..3...7.......6.....34......2.4......234..7.."
     "..3....8....4.....1.3..6.8.....5............9......7...2.......1....6.....3..6..."
     ".2..5..........7..12............6......4.......3..........5...91.......9.......8."
     "..3.5........56...........91...............8..2.........3456.........7....34.6..."
     ".2.45..89.2..5.....2.4...8...3.......2..56.......5...9......7...2.4.6..91........"
     ".....6.....3.......2.4..7........78.12.......1.......9...4...89.2.4....9....5...."
     ".2..5...91.........2....7........78..2..56......4..........6.89..3.......2...6...",
     "493278156726415389185936427841597263572643918369182574258369741634721895917854632",
     "M-Wing: (5=9)r7c6-(9)r7c1=(9-5)r9c1=(5)r9c5",
     "r7c5:5"},
  {"s-wing",
     "..3.56......4...........7.9..3.5.78.1..........3..67...2.........3..6.8...3.56.89"
     ".23.56....2..56.8..2...6.8...3.5.....2.456...........91..45..........7..1.34.6..."
     ".23.56...1..............7.9..3.5.78..2.4567...234.6......45..89..34.6.8...3456.89"
     "12..5.....2..5.7.912..........4.......3..........5.7.......6...12.....8.12....789"
     ".......8..2...67...23......1.....7.9.....67.91....6......4..7......5.....234....."
     "1..456.......567.91.34.6....2..............8.....567..1.....7.91.3......1.3...7.9"
     "......7...23..6.......5....1.3.....9.2.4....9.......8.1..4.....12.4.6...12.4.6..."
     "12.4......2.....8.12.4...8......6.......5.7..12.4.......3..............9....5.7.."
     "........9.23..6...12.4.6...1.3.5.7...2.45.7..1234.....1...5.78.12.4.6.8.12..5678.",
     "347516289258349176619872543591437628823961754476285931735198462182654397964723815",
     "S-Wing: (1)r2c9=(1)r2c7-(1=4)r7c7-(4)r5c7=(4)r5c9",
     "r2c9:4"},
  {"l-wing",
     ".......8.1................9...4......2...6....2...6.....3............7......5...."
     "...4.6.....3.......2.4.6.........7......5....1.........2.4............8.........9"
     "....5.....2.4...........7.........8...3..............9.2.4.6...1....6...12......."
     "1.......9......7.........8.....5.......4.......3......1.......9.2............6..."
     "..3.......2.4.....12.4..........6...........9.2....7..1.....7......5...........8."
     ".2...6..9....5.....2...6...1.........2....7.........8.......7.9...4.......3......"
     "1.....7.......6.....3.......2.......1.....7......5...........8.........9...4....."
     ".2.4..7..........912.4.......3.............8....4.67......5....1....6....2....7.."
     "12.4..7.........8.....5............91....67.....4.67...2...6.....3......12....7..",
     "819462375632751489547839612178543926324697158956128743763215894291384567485976231",
     "L-Wing: (6)r8c6=(6-1)r8c8=(1-7)r9c9=(7)r8c9",
     "r8c6:7"},
  {"h-wing",
     "....5..89...45...9...45..8....4.6..9.2..........4.6..9..3............7..1........"
     "..3.......2............67.........8....4..7.91...........4.6..9....56..9...456..9"
     "...4....91.............67......5.......4..7.9..3.......2.4.6..9.2.....8..2.4.6.89"
     "......7.....45..8.........91.............6......45..8..2.4......23.......2345...."
     "...45.......4.6.....3.......2..........45...9......7.9.......8.1...........4.67.9"
     "1...........456.8..2.........34....9..3.5.......45.789...4.67.9....56..9...4567.9"
     "...4...89..3......1...........4.67.9...4...89.2...........5.........6..9.....67.9"
     ".....6.......5.7.9....5..8...3...7.91............5...9.2....7.9...4......23...78."
     ".2...........5.7.9...45..8...34.67.9..3.5..8....456..91..........3....8...3..6789",
     "854926371326871954917543682789165423543297816162438795431782569675319248298654137",
     "H-Wing: (9=5)r8c6-(5=8)r8c3-(8)r7c1=(8)r7c5",
     "r7c5:9"},
  {"grouped-h-wing",
     ".2.....89....5.........6..9..3.......2...6.8.......7..12.....8....4.....1......8."
     "1.........2.4..78....4.67...2.45...9.2..56.8....4.6.89..3...........6..9....5.7.."
     ".2.4..78...3.........4.67..12.45...9.2..56.8.1..4...89.2.....8......6..9....5.7.."
     "....5.......4..7.9.......8....4..7.9..3.........4....9.....6...1.........2......."
     ".234..7..12.4..7..1.34..7.........8..2...67.....4.6.......5......3...7..........9"
     ".23...7.9.....6.....3...7.9.2..5.7.91............5...9...4.......3...78...3....8."
     "..3...7891.....7891.3.5.7.91...5.......4.....1.3.5..8.1......8..2............6..."
     "..34...8.1..4...8.1.345.........6...........9.2.............7....3.5..8.1.34...8."
     ".....6...1..4...8..2.......1...5.7......5.78.1.3.5..8.........9..3.5..8.1.34...8.",
     "956327841127486395834951267548739612271864539369215478793548126415692783682173954",
     "Grouped H-Wing: (8=1)r7c7-(1=5)r7c4-(5)r9c456=(5)r9c8",
     "r9c8:8"},
  {"grouped-s-wing",
     "1..4...89.2.......1..4.......3.5......3.....9......7.....45..8....45..89.....6..."
     ".......89..3..........5.........6......4.....1.........2.....8..2.....89......7.."
     "...4....9.....6.........7.........8..2...........5...9..345......345...91........"
     "12..5.......4...8.12.........3.5......3..6..9....5..89......7..12.4.6....2.4....9"
     "12..5.......4...8...3............7.......6..9....5..8912.4.6...12.4.6....2.4....9"
     ".....6.........7..........9...4.....1.........2.........3.5......3.5...........8."
     "..3......1.........2...6...........9......7.....4......2...6.8..2...6.8.....5...."
     ".2.4.............9.......8.12...........5.........6...12.4...........7....3......"
     "......7......5.....2.4.6...12..............8...3..............912.4.6....2.4.....",
     "124397856835641297967825341241538769583769412679412538312974685498256173756183924",
     "Grouped S-Wing: (2)r7c3=(2)r7c78-(2=4)r9c9-(4)r8c7=(4)r8c1",
     "r8c1:2"},
  {"grouped-l-wing",
     "1.3..6..9.2...........56..9....56.891.3.5..891.3.56......4.....1.3.5.7.9..3.5.789"
     "......7..1.3.....9....5...9.2..5..89123.5..89...4.....12..5..8.123.5...9.....6..."
     "1.34.6..91.34.6..9.......8..2..56..9123.5...9......7..12..5....123.5...9..3.5...9"
     "12...6...1....67....3.........4......2..5.7.........8.........91...567......5.7.."
     "1....6.891....6789.....67.9....567.9..3.5.7.9..3.56...1...5678....4......2......."
     ".2...6.89....5.......4.....1.........2....7.9.2...6........678...3..67....3...78."
     "..34...8...34...8.12....7...2..5.78......6...12..5.....2..5.7...2..5.7.9...45.7.9"
     "....5.......4...8.12...67...2....78.12....78.........9..3.......2...67.....4..7.."
     ".....6..9.....67.9.2...67.9..3.........4......2..5.....2..567.........8.1........",
     "126953478735284196498617523263478915917536842854192637342861759581729364679345281",
     "Grouped L-Wing: (7)r1c8=(7-8)r1c9=(8-3)r6c9=(3)r13c9",
     "r1c8:3"},
};

static int setup(void **state) {
  (void)state;
  return hodoku_fixture_setup(plugins, 1, table);
}

/* the M-Wing without grouped nodes */
static const char table_ungrouped[] =
  "name: test-ungrouped\n"
  "techniques:\n"
  "  - {id: m-wing, base: 4.5, params: {grouped: 0}}\n";

static int setup_ungrouped(void **state) {
  hodoku_fixture_teardown(state);
  return hodoku_fixture_setup(plugins, 1, table_ungrouped);
}

static int teardown_ungrouped(void **state) {
  hodoku_fixture_teardown(state);
  return hodoku_fixture_setup(plugins, 1, table);
}

/* {====== open states */

static int cell_at(const char *p) {
  assert_true(p[0] == 'r' && p[2] == 'c');
  return (p[1] - '1') * 9 + (p[3] - '1');
}

/* every cell empty, every digit a candidate */
static sk_grid open_grid(void) {
  sk_grid g;
  sk_grid_init(&g);
  return g;
}

/* the cell "r5c5" holds exactly digits */
static void set_cell(sk_grid *g, const char *at, const char *digits) {
  int c = cell_at(at);
  sk_mask keep = 0;
  for (const char *d = digits; *d; d++) keep |= SK_BIT(*d - '0');
  for (int d = 1; d <= 9; d++)
    if (!(keep & SK_BIT(d))) sk_grid_eliminate(g, c, d);
}

/* digit d stays in house h only at the two cells "r4c2 r4c5" */
static void confine(sk_grid *g, int h, int d, const char *cells) {
  int a = cell_at(cells), b = cell_at(cells + 5);
  for (int i = 0; i < 9; i++) {
    int c = sk_house_cell[h][i];
    if (c != a && c != b) sk_grid_eliminate(g, c, d);
  }
  assert_int_equal(sk_bits_count(sk_grid_places(g, h, d)), 2);
}

/* digit d stays in house h only at the three cells "r2c2 r2c3 r2c6" */
static void confine3(sk_grid *g, int h, int d, const char *cells) {
  int a = cell_at(cells), b = cell_at(cells + 5), c3 = cell_at(cells + 10);
  for (int i = 0; i < 9; i++) {
    int c = sk_house_cell[h][i];
    if (c != a && c != b && c != c3) sk_grid_eliminate(g, c, d);
  }
}

/* the state is one of the solution's: every cell keeps its digit */
static void check_state(const sk_grid *g) {
  for (int c = 0; c < SK_CELLS; c++)
    assert_true(g->cand[c] & SK_BIT(hodoku_solution[c] - '0'));
}

static int row_(int r) { return r - 1; }
static int col_(int c) { return 9 + c - 1; }
static int box_(int b) { return 18 + b - 1; }

/* Every hint of every technique on g agrees with the solution. */
static void all_sound(const sk_grid *g, const char *solution) {
  for (size_t i = 0; i < NIDS; i++) {
    found *f = run(ids[i], g, 1);
    for (int k = 0; k < f->count && k < MAX_FOUND; k++) expect_sound(&f->hint[k], solution);
  }
}

/* }====== */

/* {====== M-Wing */

/* (7=5)r1c1 - (5)r2c1 = (5-7)r2c6 = (7)r7c6: 7 leaves r7c1 (seeing both
** ends; r1c6, the other such cell, has no 7 left) */
static sk_grid m_state(void) {
  sk_grid g = open_grid();
  set_cell(&g, "r1c1", "57");
  confine(&g, row_(2), 5, "r2c1 r2c6");
  confine(&g, col_(6), 7, "r2c6 r7c6");
  check_state(&g);
  return g;
}

static void test_m_wing(void **state) {
  (void)state;
  sk_grid g = m_state();
  sk_hint h = first("m-wing", &g);
  assert_string_equal(h.text, "M-Wing: (7=5)r1c1-(5)r2c1=(5-7)r2c6=(7)r7c6");
  expect_elims(&h, "r7c1:7");
  expect_focus(&h, "r1c1:57 r2c1:5 r2c6:57 r7c6:7");
  expect_sound(&h, hodoku_solution);
  assert_int_equal(h.fig[SK_FIG_LENGTH], 6);
  assert_int_equal(h.fig[SK_FIG_SIZE], 4);
  assert_int_equal(run("m-wing", &g, 1)->count, 1);
  all_sound(&g, hodoku_solution);
}

static void test_m_wing_grouped(void **state) {
  (void)state;
  /* row 2's 5 also in r2c2, r2c3 (a group, seen by r1c1): no M-Wing of
  ** single cells, but a grouped one with the same elimination */
  sk_grid g = open_grid();
  set_cell(&g, "r1c1", "57");
  confine3(&g, row_(2), 5, "r2c2 r2c3 r2c6");
  confine(&g, col_(6), 7, "r2c6 r7c6");
  check_state(&g);
  sk_hint h = first("m-wing", &g);
  assert_string_equal(h.text, "Grouped M-Wing: (7=5)r1c1-(5)r2c23=(5-7)r2c6=(7)r7c6");
  assert_string_equal(h.name, "Grouped M-Wing");
  expect_elims(&h, "r7c1:7");
  expect_focus(&h, "r1c1:57 r2c2:5 r2c3:5 r2c6:57 r7c6:7");
  assert_int_equal(h.fig[SK_FIG_TYPE], 1);
  assert_int_equal(h.fig[SK_FIG_SIZE], 5);
  all_sound(&g, hodoku_solution);
}

static void test_m_wing_ungrouped(void **state) {
  (void)state;
  sk_grid g = open_grid();
  set_cell(&g, "r1c1", "57");
  confine3(&g, row_(2), 5, "r2c2 r2c3 r2c6");
  confine(&g, col_(6), 7, "r2c6 r7c6");
  none("m-wing", &g);
  /* single cells are still found */
  g = m_state();
  assert_int_equal(run("m-wing", &g, 1)->count, 1);
}

static void test_m_wing_none(void **state) {
  (void)state;
  /* the cell pair on 5 does not see the bivalue cell */
  sk_grid g = open_grid();
  set_cell(&g, "r1c1", "57");
  confine(&g, row_(2), 5, "r2c5 r2c6");
  confine(&g, col_(6), 7, "r2c6 r7c6");
  check_state(&g);
  none("m-wing", &g);
  /* no bivalue cell at all */
  g = open_grid();
  confine(&g, row_(2), 5, "r2c1 r2c6");
  confine(&g, col_(6), 7, "r2c6 r7c6");
  check_state(&g);
  none("m-wing", &g);
}

/* }====== */

/* {====== S-Wing */

/* (5)r4c2 = (5)r4c5 - (5=9)r5c5 - (9)r6c4 = (9)r6c2: the ends see each
** other in column 2 and block 4, so r4c2 loses 9 and r6c2 loses 5 */
static sk_grid s_state(void) {
  sk_grid g = open_grid();
  set_cell(&g, "r5c5", "59");
  confine(&g, row_(4), 5, "r4c2 r4c5");
  confine(&g, row_(6), 9, "r6c2 r6c4");
  check_state(&g);
  return g;
}

static void test_s_wing(void **state) {
  (void)state;
  sk_grid g = s_state();
  sk_hint h = first("s-wing", &g);
  assert_string_equal(h.text, "S-Wing: (5)r4c2=(5)r4c5-(5=9)r5c5-(9)r6c4=(9)r6c2");
  expect_elims(&h, "r4c2:9 r6c2:5");
  expect_focus(&h, "r4c2:5 r4c5:5 r5c5:59 r6c4:9 r6c2:9");
  expect_sound(&h, hodoku_solution);
  assert_int_equal(h.fig[SK_FIG_LENGTH], 6);
  assert_int_equal(h.fig[SK_FIG_SIZE], 5);
  assert_int_equal(run("s-wing", &g, 1)->count, 1);
  all_sound(&g, hodoku_solution);
}

static void test_s_wing_none(void **state) {
  (void)state;
  /* the pair on 9 ends at r6c9, which does not see r4c2 */
  sk_grid g = open_grid();
  set_cell(&g, "r5c5", "59");
  confine(&g, row_(4), 5, "r4c2 r4c5");
  confine(&g, row_(6), 9, "r6c4 r6c9");
  check_state(&g);
  none("s-wing", &g);
  /* the ends see each other in row 4, but neither holds the other's digit */
  g = open_grid();
  set_cell(&g, "r5c5", "59");
  confine(&g, row_(4), 5, "r4c2 r4c5");
  confine(&g, row_(4), 9, "r4c3 r4c4");
  check_state(&g);
  none("s-wing", &g);
}

/* }====== */

/* {====== L-Wing */

/* (5)r1c2 = (5-3)r1c1 = (3-4)r9c1 = (4)r9c2: the ends see each other in
** column 2: r1c2 loses 4, r9c2 loses 5 */
static sk_grid l_state(void) {
  sk_grid g = open_grid();
  confine(&g, row_(1), 5, "r1c1 r1c2");
  confine(&g, col_(1), 3, "r1c1 r9c1");
  confine(&g, row_(9), 4, "r9c1 r9c2");
  check_state(&g);
  return g;
}

static void test_l_wing(void **state) {
  (void)state;
  sk_grid g = l_state();
  sk_hint h = first("l-wing", &g);
  assert_string_equal(h.text, "L-Wing: (5)r1c2=(5-3)r1c1=(3-4)r9c1=(4)r9c2");
  expect_elims(&h, "r1c2:4 r9c2:5");
  expect_focus(&h, "r1c2:5 r1c1:35 r9c1:34 r9c2:4");
  expect_sound(&h, hodoku_solution);
  assert_int_equal(h.fig[SK_FIG_SIZE], 4);
  /* the same chain read from its other end is not found again */
  assert_int_equal(run("l-wing", &g, 1)->count, 1);
  all_sound(&g, hodoku_solution);
}

static void test_l_wing_none(void **state) {
  (void)state;
  /* the pair on 5 ends at r1c3, which does not see r9c2 */
  sk_grid g = open_grid();
  confine(&g, row_(1), 5, "r1c1 r1c3");
  confine(&g, col_(1), 3, "r1c1 r9c1");
  confine(&g, row_(9), 4, "r9c1 r9c2");
  check_state(&g);
  none("l-wing", &g);
  /* two links only */
  g = open_grid();
  confine(&g, row_(1), 5, "r1c1 r1c2");
  confine(&g, col_(1), 3, "r1c1 r9c1");
  check_state(&g);
  none("l-wing", &g);
}

/* }====== */

/* {====== H-Wing */

/* (8=2)r6c5 - (2=5)r5c5 - (5)r5c8 = (5)r6c8: the ends see each other in
** row 6: r6c8 loses 8 (r6c5 has no 5) */
static sk_grid h_state(void) {
  sk_grid g = open_grid();
  set_cell(&g, "r6c5", "28");
  set_cell(&g, "r5c5", "25");
  confine(&g, box_(6), 5, "r5c8 r6c8");
  check_state(&g);
  return g;
}

static void test_h_wing(void **state) {
  (void)state;
  sk_grid g = h_state();
  sk_hint h = first("h-wing", &g);
  assert_string_equal(h.text, "H-Wing: (8=2)r6c5-(2=5)r5c5-(5)r5c8=(5)r6c8");
  expect_elims(&h, "r6c8:8");
  expect_focus(&h, "r6c5:28 r5c5:25 r5c8:5 r6c8:5");
  expect_sound(&h, hodoku_solution);
  assert_int_equal(h.fig[SK_FIG_SIZE], 4);
  assert_int_equal(run("h-wing", &g, 1)->count, 1);
  all_sound(&g, hodoku_solution);
}

static void test_h_wing_none(void **state) {
  (void)state;
  /* the pair on 5 in column 8 instead: r9c8 does not see r6c5 */
  sk_grid g = open_grid();
  set_cell(&g, "r6c5", "28");
  set_cell(&g, "r5c5", "25");
  confine(&g, col_(8), 5, "r5c8 r6c8");
  check_state(&g);
  assert_int_equal(run("h-wing", &g, 1)->count, 1);
  g = open_grid();
  set_cell(&g, "r6c5", "28");
  set_cell(&g, "r5c5", "25");
  check_state(&g);
  none("h-wing", &g);
  /* x = z: (5=2)A - (2=5)B is a naked pair, not an H-Wing */
  g = open_grid();
  set_cell(&g, "r6c5", "25");
  set_cell(&g, "r5c5", "25");
  confine(&g, box_(6), 5, "r5c8 r6c8");
  check_state(&g);
  none("h-wing", &g);
}

/* }====== */

/* {====== grouped S-, L- and H-Wings */

/* (5)r4c12 = (5)r4c5 - (5=9)r5c5 - (9)r6c4 = (9)r6c2: row 4's 5 is in
** the group r4c12 or r4c5; r6c2 sees the whole group, so it loses 5 (the
** group's cells keep 9: which of them is 5 is not known) */
static void test_s_wing_grouped(void **state) {
  (void)state;
  sk_grid g = open_grid();
  set_cell(&g, "r5c5", "59");
  confine3(&g, row_(4), 5, "r4c1 r4c2 r4c5");
  confine(&g, row_(6), 9, "r6c2 r6c4");
  check_state(&g);
  none("s-wing", &g);
  sk_hint h = first("grouped-s-wing", &g);
  assert_string_equal(h.text, "Grouped S-Wing: (5)r4c12=(5)r4c5-(5=9)r5c5-(9)r6c4=(9)r6c2");
  assert_string_equal(h.name, "Grouped S-Wing");
  expect_elims(&h, "r6c2:5");
  expect_focus(&h, "r4c1:5 r4c2:5 r4c5:5 r5c5:59 r6c4:9 r6c2:9");
  assert_int_equal(h.fig[SK_FIG_LENGTH], 6);
  assert_int_equal(h.fig[SK_FIG_SIZE], 6);
  assert_int_equal(h.fig[SK_FIG_TYPE], 1);
  assert_int_equal(h.fig[SK_FIG_EXTRA], 1);
  all_sound(&g, hodoku_solution);
  /* the plain S-Wing is s-wing's; its state has grouped ones too (box 6's
  ** 9 is in r4c789 or r5c789), each with a group */
  g = s_state();
  found *f = run("grouped-s-wing", &g, 1);
  assert_true(f->count > 0);
  for (int i = 0; i < f->count && i < MAX_FOUND; i++) {
    assert_string_not_equal(f->hint[i].text, "Grouped S-Wing: (5)r4c2=(5)r4c5-(5=9)r5c5-(9)r6c4=(9)r6c2");
    assert_true(f->hint[i].fig[SK_FIG_EXTRA] >= 1);
  }
  assert_string_equal(f->hint[0].text, "Grouped S-Wing: (5)r4c2=(5)r4c5-(5=9)r5c5-(9)r5c789=(9)r4c789");
  expect_elims(&f->hint[0], "r4c2:9");
  all_sound(&g, hodoku_solution);
  /* the pair on 9 ends at r6c9, which sees no cell of the group */
  g = open_grid();
  set_cell(&g, "r5c5", "59");
  confine3(&g, row_(4), 5, "r4c1 r4c2 r4c5");
  confine(&g, row_(6), 9, "r6c4 r6c9");
  check_state(&g);
  none("grouped-s-wing", &g);
}

/* (5)r23c1 = (5-3)r1c1 = (3-7)r1c2 = (7)r2c2: column 1's 5 is in r1c1 or
** the group r23c1, which r2c2 sees whole: r2c2 loses 5 */
static void test_l_wing_grouped(void **state) {
  (void)state;
  sk_grid g = open_grid();
  confine3(&g, col_(1), 5, "r1c1 r2c1 r3c1");
  confine(&g, row_(1), 3, "r1c1 r1c2");
  confine(&g, box_(1), 7, "r1c2 r2c2");
  check_state(&g);
  none("l-wing", &g);
  sk_hint h = first("grouped-l-wing", &g);
  assert_string_equal(h.text, "Grouped L-Wing: (5)r23c1=(5-3)r1c1=(3-7)r1c2=(7)r2c2");
  expect_elims(&h, "r2c2:5");
  expect_focus(&h, "r2c1:5 r3c1:5 r1c1:35 r1c2:37 r2c2:7");
  assert_int_equal(h.fig[SK_FIG_SIZE], 5);
  assert_int_equal(h.fig[SK_FIG_EXTRA], 1);
  /* read from its other end it is the same chain, not found again */
  assert_int_equal(run("grouped-l-wing", &g, 1)->count, 1);
  all_sound(&g, hodoku_solution);
  g = l_state();
  none("grouped-l-wing", &g);
}

/* (8=2)r6c5 - (2=5)r5c5 - (5)r5c78 = (5)r6c8: box 6's 5 is in the group
** r5c78 (seeing r5c5) or in r6c8, which sees r6c5: r6c8 loses 8 */
static void test_h_wing_grouped(void **state) {
  (void)state;
  sk_grid g = open_grid();
  set_cell(&g, "r6c5", "28");
  set_cell(&g, "r5c5", "25");
  confine3(&g, box_(6), 5, "r5c7 r5c8 r6c8");
  check_state(&g);
  none("h-wing", &g);
  sk_hint h = first("grouped-h-wing", &g);
  assert_string_equal(h.text, "Grouped H-Wing: (8=2)r6c5-(2=5)r5c5-(5)r5c78=(5)r6c8");
  expect_elims(&h, "r6c8:8");
  expect_focus(&h, "r6c5:28 r5c5:25 r5c7:5 r5c8:5 r6c8:5");
  assert_int_equal(h.fig[SK_FIG_EXTRA], 2);
  all_sound(&g, hodoku_solution);
  g = h_state();
  none("grouped-h-wing", &g);
  /* the bivalue cells only: no strong link on 5 */
  g = open_grid();
  set_cell(&g, "r6c5", "28");
  set_cell(&g, "r5c5", "25");
  none("grouped-h-wing", &g);
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
    cmocka_unit_test(test_m_wing),
    cmocka_unit_test(test_m_wing_grouped),
    cmocka_unit_test_setup_teardown(test_m_wing_ungrouped, setup_ungrouped, teardown_ungrouped),
    cmocka_unit_test(test_m_wing_none),
    cmocka_unit_test(test_s_wing),
    cmocka_unit_test(test_s_wing_none),
    cmocka_unit_test(test_l_wing),
    cmocka_unit_test(test_l_wing_none),
    cmocka_unit_test(test_h_wing),
    cmocka_unit_test(test_h_wing_none),
    cmocka_unit_test(test_s_wing_grouped),
    cmocka_unit_test(test_l_wing_grouped),
    cmocka_unit_test(test_h_wing_grouped),
    cmocka_unit_test(test_known_states),
  };
  return cmocka_run_group_tests(tests, setup, hodoku_fixture_teardown);
}
