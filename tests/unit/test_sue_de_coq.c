/*
** test_sue_de_coq.c -- HoDoKu's Sue de Coq (techniques/sue_de_coq.c).
**
** Hand-made positions (a solved grid with a few cells emptied, each with
** the candidates the test gives it) check the hints found, in HoDoKu's
** order (rows before columns; line sets, then block sets, in depth-first
** order), their eliminations, focus and HoDoKu's texts, and positions where
** nothing may be found.  With SK_SHARED, HoDoKu's own solution paths of
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
    cmocka_unit_test(test_sue_de_coq_rows_first),
    cmocka_unit_test(test_sue_de_coq_none),
    cmocka_unit_test(test_hodoku_paths),
  };
  return cmocka_run_group_tests(tests, setup, hodoku_fixture_teardown);
}
