/*
** test_fireworks.c -- firework triples and quadruples (techniques/fireworks.c).
**
** Hand-made positions on the empty grid (digits dropped from the rows and
** columns of a pivot outside its box) check the triple and the quadruple:
** text, size figure, exact eliminations, focus; and that the triple goes
** when one of its digits keeps a place in the pivot's row.  Two puzzles of
** top1465, solved with the basic techniques until stuck, give a firework
** triple whose eliminations are checked against the solution.  The empty
** grid has none.
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
#include "sk_format.h"
#include "sk_solver.h"
#include "pattern_fixture.h"

static const char *const plugins[] = {"singles", "locking", "subsets", "fish", "fireworks"};

#define TABLE \
  PATTERN_TABLE_HEAD \
  "  - {id: naked-pair, base: 3.0}\n" \
  "  - {id: x-wing, base: 3.2}\n" \
  "  - {id: hidden-pair, base: 3.4}\n" \
  "  - {id: naked-triple, base: 3.6}\n" \
  "  - {id: swordfish, base: 3.8}\n" \
  "  - {id: hidden-triple, base: 4.0}\n" \
  "  - {id: naked-quad, base: 5.0}\n" \
  "  - {id: jellyfish, base: 5.2}\n" \
  "  - {id: hidden-quad, base: 5.4}\n" \
  "  - {id: firework, base: 6.0, modifiers: [{figure: size, map: {4: 0.3}}]}\n"

static void drop_digits(sk_grid *g, const char *digits, const char *cells) {
  for (const char *d = digits; *d; d++) drop(g, *d - '0', cells);
}

/* pivot r1c1, partners r1c9 and r9c1, digits 1 2 3 */
static sk_grid triple_grid(void) {
  sk_grid g = empty();
  drop_digits(&g, "123", "r1c4 r1c5 r1c6 r1c7 r1c8 r4c1 r5c1 r6c1 r7c1 r8c1");
  return g;
}

static void test_triple(void **state) {
  (void)state;
  sk_grid g = triple_grid();
  found *f = run("firework", &g, 1);
  assert_int_equal(f->count, 1);
  sk_hint h = first("firework", &g);
  assert_string_equal(h.text, "Firework Triple: r1c1,r1c9,r9c1 (123)");
  assert_string_equal(h.name, "Firework Triple");
  assert_int_equal(h.fig[SK_FIG_SIZE], 3);
  expect_cands(&h, "r1c1:456789 r1c9:456789 r9c1:456789 r2c2:123 r2c3:123 r3c2:123 r3c3:123");
  for (int c = 0; c < SK_CELLS; c++)
    assert_int_equal(h.focus[c], c == rc(1, 1) || c == rc(1, 9) || c == rc(9, 1) ? 0x7 : 0);
}

static void test_triple_broken(void **state) {
  (void)state;
  /* 3 keeps a place in row 1 outside box 1 besides r1c9: digits 1, 2 only */
  sk_grid g = empty();
  drop_digits(&g, "12", "r1c4 r1c5 r1c6 r1c7 r1c8 r4c1 r5c1 r6c1 r7c1 r8c1");
  drop_digits(&g, "3", "r1c4 r1c6 r1c7 r1c8 r4c1 r5c1 r6c1 r7c1 r8c1");
  none("firework", &g);
  g = empty();
  none("firework", &g);
}

static void test_quadruple(void **state) {
  (void)state;
  /* pivots r1c1 (digits 1, 2) and r9c9 (3, 4), partners r1c9 and r9c1 */
  sk_grid g = empty();
  drop_digits(&g, "12", "r1c4 r1c5 r1c6 r1c7 r1c8 r4c1 r5c1 r6c1 r7c1 r8c1");
  drop_digits(&g, "34", "r9c2 r9c3 r9c4 r9c5 r9c6 r2c9 r3c9 r4c9 r5c9 r6c9");
  found *f = run("firework", &g, 1);
  assert_int_equal(f->count, 1);
  sk_hint h = f->hint[0];
  assert_string_equal(h.text, "Firework Quadruple: r1c1,r1c9,r9c1,r9c9 (1234)");
  assert_int_equal(h.fig[SK_FIG_SIZE], 4);
  expect_cands(&h, "r1c1:3456789 r9c9:1256789 r1c9:56789 r9c1:56789 "
                   "r2c2:12 r2c3:12 r3c2:12 r3c3:12 r7c7:34 r7c8:34 r8c7:34 r8c8:34");
}

static void check_puzzle(const char *givens, const char *text) {
  uint8_t sol[SK_CELLS];
  sk_grid g = puzzle(givens, sol);
  assert_true(advance(&g, "firework") >= 0);
  sk_hint h = first("firework", &g);
  assert_string_equal(h.text, text);
  found *f = run("firework", &g, 1);
  assert_true(f->count >= 1);
  expect_sound(f, sol);
}

static void test_puzzles(void **state) {
  (void)state;
  check_puzzle("..9..63...72..........17..51..3..9..........86.84....1.6.........1.2....9.3...45.",
               "Firework Triple: r5c4,r9c4,r9c9 (167)");
  check_puzzle("....7.8..8.5....97...5......1..9.....2...5.3.7....3...2...6.9.......4..246...87..",
               "Firework Triple: r2c6,r2c7,r4c6 (126)");
}

static int setup(void **state) {
  (void)state;
  return pattern_setup(plugins, sizeof plugins / sizeof plugins[0], TABLE);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_triple),
    cmocka_unit_test(test_triple_broken),
    cmocka_unit_test(test_quadruple),
    cmocka_unit_test(test_puzzles),
  };
  return cmocka_run_group_tests(tests, setup, pattern_teardown);
}
