/*
** test_regular_wings.c -- the regular wings beyond the XYZ-Wing
** (techniques/regular_wings.c: wxyz-wing ... rstuvwxyz-wing).
**
** Hand-made positions (hodoku_step_fixture's solved grid with a few cells
** emptied and given candidates, each holding its solution digit) check
** complete and incomplete wings of every size 4..9: the hint found, its
** text, figures, focus and eliminations, the option incomplete, and
** positions where nothing may be found.  Known states (public puzzles
** part solved: two of magictour's top1465 at a WXYZ-Wing step of the xdrs
** table, and the two VWXYZ-Wing examples of Sunnie's RegularWing searcher,
** its givens and values with its eliminated candidates removed) check the
** first hint; there and everywhere every hint of every size is checked
** against the puzzle's solution.
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

static const char *const plugins[] = {"regular_wings"};
static const char *const ids[] = {"wxyz-wing", "vwxyz-wing", "uvwxyz-wing",
                                  "tuvwxyz-wing", "stuvwxyz-wing", "rstuvwxyz-wing"};
#define NIDS (sizeof ids / sizeof ids[0])

static const char table[] =
  "name: test\n"
  "techniques:\n"
  "  - {id: wxyz-wing, base: 4.4, modifiers: [{figure: type, map: {1: 0.1}}]}\n"
  "  - {id: vwxyz-wing, base: 4.6, modifiers: [{figure: type, map: {1: 0.1}}]}\n"
  "  - {id: uvwxyz-wing, base: 4.9}\n"
  "  - {id: tuvwxyz-wing, base: 5.2}\n"
  "  - {id: stuvwxyz-wing, base: 5.5}\n"
  "  - {id: rstuvwxyz-wing, base: 5.8}\n";

/* complete wings only */
static const char table_complete[] =
  "name: test-complete\n"
  "techniques:\n"
  "  - {id: wxyz-wing, base: 4.4, params: {incomplete: 0}}\n"
  "  - {id: rstuvwxyz-wing, base: 5.8, params: {incomplete: 0}}\n";

typedef struct known { const char *id, *state, *solution, *text, *elims; } known;

static const known known_states[] = {
  {"wxyz-wing",
     ".....6......4..7........7.91..........345...9..3.5...9.2..............8...3.5...."
     "...4...8.....5......3.......2..........4.6.8....4.6.8.1................9......7.."
     ".2......9.2.....8.1..............7....3.5..89..3.5..89.....6......4.......3.5...."
     "..3.5.7..1...........45...........8...3.....9.23...7.9...4....9.....6....2.4....."
     "...4...8.........9...4.6.8.....5....1....6....2...6.........7....3......12.4....."
     "..3...7....3..6....2..........4.....1.3..6..9..3..67.9.......89....5....1......8."
     ".2..5.....2.....8....45..8......6.........7.....4...8...3......1................9"
     "..3.....9...4.6......4.6.8...3.....9.2.......1............5..........7.....4...8."
     "1..........3...7........7.9..3.....9...45..8....45..8....4...8..2............6...",
     "679143285453268197281759643715832964894516732362497851528674319946321578137985426",
     "WXYZ-Wing: r6c6{3679} with r6c2{36},r6c1{37},r4c5{39}, z=3",
     "r6c5:3"},
  {"wxyz-wing",
     "1.........2.........3..6......4.........5.7....3.5.7......56..........8.........9"
     "...4.........5.........6..912..............8.1.......912...6.........7....3......"
     "......7.........8...3.....9123.5.....2..5...9.....6......4.....1...5....12......."
     ".2...6......4....91.....7..1...567.....4567..1...5.7..12......9..3.............8."
     ".....6.8...3.....91.....7..1....678...3..67...2.......1.....7.9...4.........5...."
     ".2.....8...34.........5............9..34.....1.....78.12....7.......6...12....7.."
     "..3.5....1.........2.....8..23.5678..2..567.....4.......3.5.7..........9.....67.."
     "..3.5..........7...2.4......23..6....2......9..3.5...9.......8.1...5....1..4.6..."
     "........9.....6......4...8...3.5.78.1..........3.5.78...3.5.7...2..........4..7..",
     "123457689456189273789326451241765938697832145835941762318274596572693814964518327",
     "Incomplete WXYZ-Wing: r3c5{259} with r2c4{12},r3c8{15},r2c6{19}, z=1",
     "r2c7:1 r3c4:1"},
  {"vwxyz-wing",
     "........9..34.......3....8...3456.....3..6.8..2.........345....1..............7.."
     "..3.5..8.1.........2.........345......3....8.......7....345............9.....6..."
     "..3.5.7....34..7.......6.....345...9..3.....91..........345.....2..............8."
     ".....6..........8.....5..........7..1................9.2..........4.......3......"
     "...4.......3...7.9..3...7...2...........5...........8......6..9.....67..1........"
     ".2.............7.91..........3..6......4.......3..6..........89....5.78.....5...9"
     "1.............6.....34...89..3.....9.23........345..........7....3.5..8..2..5...9"
     "..3...7......5.......4..7.9.......8..23..67.9..34.6...1..........3..6....2......9"
     "..3...78..2.........3...7891..........3..67.9..3.56........6.89..3.56.8....4.....",
     "948632517512487396736591428685719243493258671271346859164923785359874162827165934",
     "VWXYZ-Wing: r8c5{23679} with r7c5{23},r8c8{36},r8c1{37},r7c4{39}, z=3",
     "r8c6:3"},
  {"vwxyz-wing",
     ".......8..23...7...23...7.9.....6...1............5.......4......2....7.9.23.....9"
     "1.............6....23...7..........9...4......23....8.......78..2....78.....5...."
     ".23.....9...4.........5.....2.....8.......7...23....8......6...1.........23....89"
     ".....6....2....78..2....78....4......2..5...9.2....789....5.789..3......1........"
     "..3...7......5....1..........3....8......6.........789.2..........4............89"
     "...4.............9.23...78..23...78..2..5....1............5.78.....5678......6.8."
     ".2....7.912....78....4.........5......3.......2....7.91......89.2...6.89.2...6.8."
     "....5....123...78..23...789.2....7...2......9.....6...1.3....8..2.....8....4....."
     ".23.....9.23...........6...1...............8....4.......3.5...9.2..5...9......7..",
     "827615493163948725945273618678492531351867249492351876784539162519726384236184957",
     "VWXYZ-Wing: r8c3{23789} with r9c2{23},r8c4{27},r8c8{28},r8c5{29}, z=2",
     "r8c2:2"},
};

static int setup(void **state) {
  (void)state;
  return hodoku_fixture_setup(plugins, 1, table);
}

static int setup_complete(void **state) {
  hodoku_fixture_teardown(state);
  return hodoku_fixture_setup(plugins, 1, table_complete);
}

static int teardown_complete(void **state) {
  hodoku_fixture_teardown(state);
  return hodoku_fixture_setup(plugins, 1, table);
}

/* Every hint of every size on g removes no digit of the solution. */
static void all_sound(const sk_grid *g, const char *solution) {
  for (size_t i = 0; i < NIDS; i++) {
    found *f = run(ids[i], g, 1);
    for (int k = 0; k < f->count && k < MAX_FOUND; k++) expect_sound(&f->hint[k], solution);
  }
}

/* {====== hand-made positions */

static void test_wxyz_complete(void **state) {
  (void)state;
  /* pivot r5c5 {2569}, petals {29} {59} {69} holding 9 with it: 9 leaves
  ** r5c4, the one cell seeing all four */
  sk_grid g = position("r5c5:2569 r5c8:59 r4c5:69 r6c4:29 r5c4:89");
  sk_hint h = first("wxyz-wing", &g);
  assert_string_equal(h.text, "WXYZ-Wing: r5c5{2569} with r6c4{29},r5c8{59},r4c5{69}, z=9");
  assert_null(h.name);
  expect_elims(&h, "r5c4:9");
  expect_focus(&h, "r5c5:2569 r5c8:59 r4c5:69 r6c4:29");
  expect_sound(&h, hodoku_solution);
  assert_int_equal(h.fig[SK_FIG_SIZE], 4);
  assert_int_equal(h.fig[SK_FIG_TYPE], 0);
  assert_int_equal(h.fig[SK_FIG_EXTRA], 4);
  assert_int_equal(run("wxyz-wing", &g, 1)->count, 1);
  for (size_t i = 1; i < NIDS; i++) none(ids[i], &g);
}

static void test_wxyz_incomplete(void **state) {
  (void)state;
  /* the pivot {256} lacks 9: only the petals hold it, and r5c6 sees all
  ** three (r5c4 is no longer there to see the pivot) */
  sk_grid g = position("r5c5:256 r5c8:59 r4c5:69 r6c4:29 r5c6:39");
  sk_hint h = first("wxyz-wing", &g);
  assert_string_equal(h.text, "Incomplete WXYZ-Wing: r5c5{256} with r6c4{29},r5c8{59},r4c5{69}, z=9");
  assert_string_equal(h.name, "Incomplete WXYZ-Wing");
  expect_elims(&h, "r5c6:9");
  expect_focus(&h, "r5c5:256 r5c8:59 r4c5:69 r6c4:29");
  expect_sound(&h, hodoku_solution);
  assert_int_equal(h.fig[SK_FIG_SIZE], 4);
  assert_int_equal(h.fig[SK_FIG_TYPE], 1);
}

static void test_wxyz_incomplete_off(void **state) {
  (void)state;
  sk_grid g = position("r5c5:256 r5c8:59 r4c5:69 r6c4:29 r5c6:39");
  none("wxyz-wing", &g);
  g = position("r5c5:2569 r5c8:59 r4c5:69 r6c4:29 r5c4:89");
  assert_int_equal(run("wxyz-wing", &g, 1)->count, 1);
}

/* Sizes 4..9: the pivot r5c5 holds 9 (complete) or not (incomplete) and
** the first n - 1 digits of 5,1,2,3,4,6,7,8; each digit x has its petal
** {x,9} in row 5 or, for 3, in block 5 (r6c4); r5c6 {389} sees them all. */
static void test_every_size(void **state) {
  (void)state;
  static const char *const petal[10] = {
    NULL, "r5c9:19", "r5c2:29", "r6c4:39", "r5c1:49", "r5c8:59", "r5c3:69", "r5c7:79", "r5c4:89",
  };
  static const char names[][16] = {"WXYZ", "VWXYZ", "UVWXYZ", "TUVWXYZ", "STUVWXYZ", "RSTUVWXYZ"};
  static const int order[8] = {5, 1, 2, 3, 4, 6, 7, 8};
  for (int n = 4; n <= 9; n++) {
    for (int complete = 0; complete < 2; complete++) {
      char spec[256], pm[10] = {0}, want[512];
      int xs[9], nx = 0;
      for (int i = 0; i < n - 1; i++) xs[nx++] = order[i];
      for (int i = 1; i < nx; i++)
        for (int j = i; j > 0 && xs[j - 1] > xs[j]; j--) { int t = xs[j]; xs[j] = xs[j - 1]; xs[j - 1] = t; }
      int len = 0;
      for (int i = 0; i < nx; i++) pm[len++] = (char)('0' + xs[i]);
      if (complete) pm[len++] = '9';
      snprintf(spec, sizeof spec, "r5c5:%s r5c6:389", pm);
      for (int i = 0; i < nx; i++) {
        size_t at = strlen(spec);
        snprintf(spec + at, sizeof spec - at, " %s", petal[xs[i]]);
      }
      sk_grid g = position(spec);
      const char *id = ids[n - 4];
      sk_hint h = first(id, &g);
      int at = snprintf(want, sizeof want, "%s%s-Wing: r5c5{%s} with ", complete ? "" : "Incomplete ",
                        names[n - 4], pm);
      for (int i = 0; i < nx; i++) {
        const char *p = petal[xs[i]];
        at += snprintf(want + at, sizeof want - (size_t)at, "%s%.4s{%c9}", i ? "," : "", p, '0' + xs[i]);
      }
      snprintf(want + at, sizeof want - (size_t)at, ", z=9");
      assert_string_equal(h.text, want);
      expect_elims(&h, "r5c6:9");
      expect_sound(&h, hodoku_solution);
      assert_int_equal(h.fig[SK_FIG_SIZE], n);
      assert_int_equal(h.fig[SK_FIG_TYPE], !complete);
      assert_int_equal(h.fig[SK_FIG_EXTRA], n);
      assert_int_equal(run(id, &g, 1)->count, 1);
      for (size_t i = 0; i < NIDS; i++)
        if ((int)i != n - 4) none(ids[i], &g);
    }
  }
}

static void test_size9_complete_only(void **state) {
  (void)state;
  sk_grid g = position("r5c5:12345678 r5c6:389 r5c9:19 r5c2:29 r6c4:39 r5c1:49 r5c8:59 "
                       "r5c3:69 r5c7:79 r5c4:89");
  none("rstuvwxyz-wing", &g);
  g = position("r5c5:123456789 r5c6:389 r5c9:19 r5c2:29 r6c4:39 r5c1:49 r5c8:59 "
               "r5c3:69 r5c7:79 r5c4:89");
  sk_hint h = first("rstuvwxyz-wing", &g);
  expect_elims(&h, "r5c6:9");
}

static void test_none(void **state) {
  (void)state;
  /* the wing, but nothing else holds 9 */
  sk_grid g = position("r5c5:2569 r5c8:59 r4c5:69 r6c4:29");
  for (size_t i = 0; i < NIDS; i++) none(ids[i], &g);
  /* no petal for 6 (two for 5) */
  g = position("r5c5:2569 r5c8:59 r4c5:59 r6c4:29 r5c4:89");
  for (size_t i = 0; i < NIDS; i++) none(ids[i], &g);
  /* a petal that does not see the pivot */
  g = position("r5c5:2569 r5c8:59 r1c1:69 r6c4:29 r5c4:89");
  for (size_t i = 0; i < NIDS; i++) none(ids[i], &g);
  /* the victim does not see the petal r4c5: r5c7 sees the pivot, r5c8, but not r6c4 */
  g = position("r5c5:2569 r5c8:59 r4c5:69 r6c4:29 r5c7:79");
  for (size_t i = 0; i < NIDS; i++) none(ids[i], &g);
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
    cmocka_unit_test(test_wxyz_complete),
    cmocka_unit_test(test_wxyz_incomplete),
    cmocka_unit_test_setup_teardown(test_wxyz_incomplete_off, setup_complete, teardown_complete),
    cmocka_unit_test(test_every_size),
    cmocka_unit_test_setup_teardown(test_size9_complete_only, setup_complete, teardown_complete),
    cmocka_unit_test(test_none),
    cmocka_unit_test(test_known_states),
  };
  return cmocka_run_group_tests(tests, setup, hodoku_fixture_teardown);
}
