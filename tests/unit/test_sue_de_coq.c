/*
** test_sue_de_coq.c -- HoDoKu's Sue de Coq (techniques/sue_de_coq.c).
**
** Hand-made positions (a solved grid with a few cells emptied, each with
** the candidates the test gives it) check the hints found, in HoDoKu's
** order (rows before columns; line sets, then block sets, in depth-first
** order), their eliminations, focus and HoDoKu's texts, positions where
** nothing may be found, and the figures of Sunnie's factors (isolated
** values, cannibalistic eliminations) on a hand-made and a known state.  With SK_SHARED, HoDoKu's own solution paths of
** mixed-1090 and top1465 (data/hodoku/hodoku-paths-*.txt) are replayed: at
** each of their Sue de Coq steps the hint the engine takes is HoDoKu's
** step, text and eliminations, and at each step of a technique HoDoKu
** tries later it finds nothing.  HoDoKu's regression library is checked by
** `sudokit reglib`.
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

static const char *const plugins[] = {"sue_de_coq"};

static const char table[] =
  "name: test\n"
  "techniques:\n"
  "  - {id: sue-de-coq, base: 1.0}\n";

#include "hodoku_step_fixture.h"

static int setup(void **state) {
  (void)state;
  return hodoku_fixture_setup(plugins, sizeof plugins / sizeof plugins[0], table);
}

static void test_sue_de_coq(void **state) {
  (void)state;
  /* C = r1c1 {1,3}, r1c2 {2,4} in row 1 and block 1; L = r1c5 {1,2} in
  ** the row, B = r2c1 {3,4} in the block: 1, 2 leave the row, 3, 4 the
  ** block */
  sk_grid g = position("r1c1:13 r1c2:24 r1c5:12 r1c7:15 r2c1:34 r3c3:36");
  sk_hint h = first("sue-de-coq", &g);
  assert_string_equal(h.text, "Sue de Coq: r1c12 - {1234} (r1c5 - {12}, r2c1 - {34})");
  expect_elims(&h, "r1c7:1 r3c3:3");
  expect_focus(&h, "r1c1:13 r1c2:24 r1c5:12 r2c1:34");
  assert_int_equal(h.fig[SK_FIG_SIZE], 4);
  /* then B = r2c1, r3c3 {3,4,6} (6 an extra value), and L = r1c5, r1c7
  ** {1,2,5}: line sets in depth-first order, each with its block sets */
  found *f = run("sue-de-coq", &g, 1);
  assert_int_equal(f->count, 3);
  assert_string_equal(f->hint[1].text,
                      "Sue de Coq: r1c12 - {1234} (r1c5 - {12}, r2c1,r3c3 - {346})");
  expect_elims(&f->hint[1], "r1c7:1");
  assert_string_equal(f->hint[2].text, "Sue de Coq: r1c12 - {1234} (r1c57 - {125}, r2c1 - {34})");
  expect_elims(&f->hint[2], "r3c3:3");
}

/* A step keeps the order in which the plugin lists its eliminations
** (emit_with): the block's cells, then the line's, as HoDoKu does; its
** path text groups them by digit in that order, not 1 before 3. */
static void test_elimination_order(void **state) {
  (void)state;
  sk_grid g = position("r1c1:13 r1c2:24 r1c5:12 r1c7:15 r2c1:34 r3c3:36");
  sk_rate_opts o = {.record = 1, .max_steps = 1};
  sk_rating r;
  assert_int_equal(sk_rate(hodoku_engine, &g, &o, &r), 0);
  assert_int_equal(r.nsteps, 1);
  const sk_step *st = &r.steps[0];
  assert_int_equal(st->nelim, 2);
  assert_int_equal(st->elim[0], 6 * 16 + 1);          /* r1c7<>1: ascending */
  assert_int_equal(st->norder, 2);
  assert_int_equal(st->order[0], 20 * 16 + 3);        /* r3c3<>3 first */
  assert_int_equal(st->order[1], 6 * 16 + 1);
  char buf[256];
  sk_step_compact(hodoku_engine, st, buf, sizeof buf);
  assert_string_equal(buf, "Sue de Coq: r1c12 - {1234} (r1c5 - {12}, r2c1 - {34}) => r3c3<>3, r1c7<>1");
  sk_rating_free(&r);
}

static void test_sue_de_coq_rows_first(void **state) {
  (void)state;
  /* a column instance in column 1 and block 1, a row instance in row 9
  ** and block 7: HoDoKu scans rows before columns */
  sk_grid g = position("r1c1:13 r2c1:24 r5c1:12 r2c2:34 r6c1:15 r3c3:36 "
                    "r9c2:57 r9c3:68 r9c7:56 r8c1:78 r9c5:1569 r7c2:57");
  sk_hint h = first("sue-de-coq", &g);
  assert_string_equal(h.text, "Sue de Coq: r9c23 - {5678} (r9c7 - {56}, r8c1 - {78})");
  expect_elims(&h, "r7c2:7 r9c5:56");
  found *f = run("sue-de-coq", &g, 1);
  int at = -1;
  for (int i = 0; i < f->count && i < MAX_FOUND; i++)
    if (!strcmp(f->hint[i].text, "Sue de Coq: r12c1 - {1234} (r5c1 - {12}, r2c2 - {34})")) {
      at = i;
      break;
    }
  assert_true(at > 0);
  expect_elims(&f->hint[at], "r3c3:3 r6c1:1");
}

static void test_sue_de_coq_none(void **state) {
  (void)state;
  /* C holds only one value more than it has cells */
  sk_grid g = position("r1c1:13 r1c2:23 r1c5:12 r1c7:15 r2c1:34 r3c3:36");
  none("sue-de-coq", &g);
  /* the pattern without a cell to remove anything from */
  g = position("r1c1:13 r1c2:24 r1c5:12 r2c1:34");
  none("sue-de-coq", &g);
  /* B may not hold a value that L takes from C */
  g = position("r1c1:13 r1c2:24 r1c5:12 r1c7:15 r2c1:14 r3c3:36");
  none("sue-de-coq", &g);
}

/* Sunnie's factors' figures.  A cannibalistic one: C = r1c1 {15}, r1c2
** {34} (V = 1345), L = r1c3 {47}, r1c5 {57} (the line's, r1c3 in the
** intersection), B = r2c2 {37}, r3c1 {17}; 7, an extra value of both L
** and B, leaves the rest of the box -- r1c3, a cell of L: six cells hold
** five values, 7 twice, once in the row and once in the box, so not in
** r1c3, which is both. */
static void test_sue_de_coq_cannibalism(void **state) {
  (void)state;
  sk_grid g = position("r1c1:15 r1c2:34 r1c3:47 r1c5:57 r2c2:37 r3c1:17");
  found *f = run("sue-de-coq", &g, 1);
  int at = -1;
  for (int i = 0; i < f->count && i < MAX_FOUND; i++) {
    expect_sound(&f->hint[i], hodoku_solution);
    if (!strcmp(f->hint[i].text, "Sue de Coq: r1c12 - {1345} (r1c35 - {457}, r2c2,r3c1 - {137})")) at = i;
  }
  assert_true(at >= 0);
  expect_elims(&f->hint[at], "r1c3:7");
  assert_int_equal(f->hint[at].fig[SK_FIG_COMPLEXITY], 1);
  assert_int_equal(f->hint[at].fig[SK_FIG_EXTRA], 0);
  /* the first test's instance: no isolated value, nothing cannibalistic */
  g = position("r1c1:13 r1c2:24 r1c5:12 r1c7:15 r2c1:34 r3c3:36");
  sk_hint h = first("sue-de-coq", &g);
  assert_int_equal(h.fig[SK_FIG_EXTRA], 0);
  assert_int_equal(h.fig[SK_FIG_COMPLEXITY], 0);
}

/* An isolated value (magictour's top1465 part solved, at a step of a table
** asking Sue de Coq after the singles, intersections and subsets): 2 of C
** is in neither L nor B. */
static void test_sue_de_coq_isolated(void **state) {
  (void)state;
  static const struct { const char *id, *state, *solution, *text, *elims; } k =
{"sue-de-coq",
     ".23..6789..3...7..12...6.8..2.4....91....6......4...89....5....1.34.678.1.34.67.."
     ".23..6789...4.....12...6.8..2..5...91....6.......5..891.3..6..91.3..678.1.3..67.."
     "....5....1.......91....6.8....4....9..3............7..1....6..91..4.6.8..2......."
     "123...7.........8.12..5......3...7.9....5...9.....6......4......2......91.3.5...."
     "1.34..7....3...7..........9..345.7.....45.....2.......1.3..6...1.3.56..........8."
     ".234..........6....2.45......345...9.......8.1..............7...2......9..3.5...."
     "1..4.....12..5......3...........6....2.45.7.....45...........8.1..45.7..........9"
     "1....6..912..5...9......7.........8..2.45...9..345...9123..6...1.3456...1.3456..."
     ".....6.89.2..5...9...4.6.8.1.........2.45.7.9..345...9.23..6.....34567....34567..",
     "936214587742568931518937642381796425479352168265481793123645879657829314894173256",
     "Sue de Coq: r456c1 - {12347} (r7c1 - {14}, r5c2 - {37})",
     "r1c1:2 r2c1:2 r4c3:2 r6c3:2 r8c1:1"};
  sk_grid g = state729(k.state);
  sk_hint h = first(k.id, &g);
  assert_string_equal(h.text, k.text);
  expect_elims(&h, k.elims);
  expect_sound(&h, k.solution);
  assert_int_equal(h.fig[SK_FIG_EXTRA], 1);
  assert_int_equal(h.fig[SK_FIG_COMPLEXITY], 0);
  found *f = run(k.id, &g, 1);
  for (int i = 0; i < f->count && i < MAX_FOUND; i++) expect_sound(&f->hint[i], k.solution);
}

static void test_hodoku_paths(void **state) {
  (void)state;
  path_tech pt[] = {{"sue-de-coq", 5300, 0, 0, 0, 0}};
  int a = replay_hodoku_paths("mixed-1090", pt, 1);
  int b = replay_hodoku_paths("top1465", pt, 1);
  if (a < 0 || b < 0) skip();
  fprintf(stderr, "%-16s %5d steps (%d differ), %6d later steps (%d found something)\n",
          pt[0].id, pt[0].steps, pt[0].differ, pt[0].later, pt[0].found_later);
  assert_true(pt[0].steps > 0);
  assert_int_equal(pt[0].differ, 0);
  assert_int_equal(pt[0].found_later, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_sue_de_coq),
    cmocka_unit_test(test_elimination_order),
    cmocka_unit_test(test_sue_de_coq_rows_first),
    cmocka_unit_test(test_sue_de_coq_none),
    cmocka_unit_test(test_sue_de_coq_cannibalism),
    cmocka_unit_test(test_sue_de_coq_isolated),
    cmocka_unit_test(test_hodoku_paths),
  };
  return cmocka_run_group_tests(tests, setup, hodoku_fixture_teardown);
}
