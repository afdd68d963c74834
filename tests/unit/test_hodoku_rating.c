/*
** test_hodoku_rating.c -- the pieces of HoDoKu's rating: the singles taken
** from HoDoKu's queues (techniques/hodoku_singles.c), HoDoKu's locked
** candidates and subsets in its scan order (hodoku_locked.c,
** hodoku_subsets.c), the brute-force step (brute_force.c), a scored table
** (levels:, sk_table_score, sk_rating's score and level) and HoDoKu's step
** text (sk_step_compact, placements too).  Hand-made positions (a solved grid with a few
** cells emptied, given candidates) check hints and positions where nothing
** may be found; a rating checks the queue order against HoDoKu's own path
** of the same puzzle (its first steps, score 176, Easy).  Whole sets are
** compared with HoDoKu's ratings by bench_hodoku (tests/cli/hodoku_rating.sh).
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

static const char *const plugins[] = {"hodoku_singles", "hodoku_locked", "hodoku_subsets",
                                      "brute_force"};

static const char table[] =
  "name: test\n"
  "levels:\n"
  "  - {name: Easy, max: 800}\n"
  "  - {name: Medium, max: 1000}\n"
  "  - {name: Extreme}\n"
  "techniques:\n"
  "  - {id: hodoku-full-house, base: 0.04, attrs: {score: 4, level: easy}}\n"
  "  - {id: hodoku-naked-single, base: 0.04, attrs: {score: 4, level: easy}}\n"
  "  - {id: hodoku-hidden-single, base: 0.14, attrs: {score: 14, level: easy}}\n"
  "  - {id: hodoku-pointing, base: 0.5, attrs: {score: 50, level: medium}}\n"
  "  - {id: hodoku-claiming, base: 0.5, attrs: {score: 50, level: medium}}\n"
  "  - {id: hodoku-naked-pair, base: 0.6, params: {elim-order: 2}, attrs: {score: 60, level: medium}}\n"
  "  - {id: hodoku-hidden-pair, base: 0.7, params: {elim-order: 1}, attrs: {score: 70, level: medium}}\n"
  "  - {id: brute-force, base: 100, attrs: {score: 10000, level: extreme}}\n";

#include "hodoku_step_fixture.h"

static int setup(void **state) {
  (void)state;
  return hodoku_fixture_setup(plugins, sizeof plugins / sizeof plugins[0], table);
}

/* a 4-cell deadly pattern of the fixture's grid: no single of any kind */
#define DEADLY "r4c6:13 r4c9:13 r5c6:13 r5c9:13"

static void test_singles_listing(void **state) {
  (void)state;
  sk_grid g = position("r1c1:5 r1c2:3");
  found *f = run("hodoku-naked-single", &g, 1);
  assert_int_equal(f->count, 2);
  assert_string_equal(f->hint[0].text, "Naked Single: r1c1=5");
  assert_int_equal(f->hint[0].cell, 0);
  assert_int_equal(f->hint[0].digit, 5);
  sk_hint h = first("hodoku-full-house", &g);
  assert_string_equal(h.text, "Full House: r1c1=5");
  g = position("r1c1:35 r1c2:35 r1c5:357");
  h = first("hodoku-hidden-single", &g);
  assert_string_equal(h.text, "Hidden Single: r1c5=7");
  g = position(DEADLY);
  none("hodoku-naked-single", &g);
  none("hodoku-hidden-single", &g);
  none("hodoku-full-house", &g);
}

static void test_locked_and_subsets(void **state) {
  (void)state;
  sk_grid g = position("r1c1:35 r1c2:35 r1c5:57");
  sk_hint h = first("hodoku-pointing", &g);
  assert_string_equal(h.text, "Locked Candidates Type 1 (Pointing): 5 in b1");
  expect_elims(&h, "r1c5:5");
  none("hodoku-claiming", &g);
  g = position("r1c1:35 r1c2:35 r1c5:357");
  h = first("hodoku-naked-pair", &g);
  assert_string_equal(h.text, "Naked Pair: 3,5 in r1c12");
  expect_elims(&h, "r1c5:35");
  none("hodoku-hidden-pair", &g);
  g = position(DEADLY);
  none("hodoku-pointing", &g);
  none("hodoku-naked-pair", &g);
}

static void test_brute_force(void **state) {
  (void)state;
  sk_grid g = position(DEADLY);
  sk_hint h = first("brute-force", &g);      /* 4 empty cells: the third, r5c6 */
  assert_string_equal(h.text, "Brute Force: r5c6=3");
  g = position("r1c1:9");                    /* 9 is in row 1 already: no solution */
  none("brute-force", &g);
}

/* HoDoKu's path of this puzzle starts r2c5, r1c9, r1c1, r3c8, r3c2, r7c8,
** then a full house r5c8: the order in which the cells became singles
** while the givens were set, not the cell order. */
static void test_rating(void **state) {
  (void)state;
  static const char p[] =
    ".146..38.98.2.1.742.......9.5.1.8.93....5....89.3.2.1.3.......557.4.3.61.68..923.";
  uint8_t v[SK_CELLS];
  sk_grid g;
  for (int i = 0; i < SK_CELLS; i++) v[i] = p[i] == '.' ? 0 : (uint8_t)(p[i] - '0');
  assert_int_equal(sk_grid_from_values(&g, v, NULL), 0);
  for (int i = 0; i < SK_CELLS; i++)
    if (v[i]) sk_bits_set(&g.givens, i);
  sk_rate_opts o = {.record = 1};
  sk_rating r;
  assert_int_equal(sk_rate(hodoku_engine, &g, &o, &r), 0);
  static const char *const want[] = {"Naked Single: r2c5=3", "Naked Single: r1c9=2",
    "Naked Single: r1c1=7", "Naked Single: r3c8=5", "Naked Single: r3c2=3",
    "Naked Single: r7c8=4", "Full House: r5c8=2"};
  for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
    char buf[256];
    sk_step_compact(hodoku_engine, &r.steps[i], buf, sizeof buf);
    assert_string_equal(buf, want[i]);
  }
  assert_int_equal(r.nsteps, 44);
  assert_int_equal(r.score, 176);
  assert_string_equal(r.level_name, "Easy");
  sk_rating_free(&r);
}

/* A placing step's text: the placement follows " => " unless the text
** shows one (singles, Template Set). */
static void test_compact_placement(void **state) {
  (void)state;
  char net[] = "Forcing Net Contradiction in r4c6", single[] = "Naked Single: r2c5=3", buf[128];
  sk_step s = {.tech = -1, .id = "forcing-net", .name = "Forcing Net Contradiction", .cell = 2,
               .digit = 4, .text = net};
  sk_step_compact(hodoku_engine, &s, buf, sizeof buf);
  assert_string_equal(buf, "Forcing Net Contradiction in r4c6 => r1c3=4");
  sk_step t = {.tech = -1, .id = "hodoku-naked-single", .name = "Naked Single", .cell = 13,
               .digit = 3, .text = single};
  sk_step_compact(hodoku_engine, &t, buf, sizeof buf);
  assert_string_equal(buf, "Naked Single: r2c5=3");
  char tset[] = "Template Set: r1c15=3";
  sk_step u = {.tech = -1, .id = "template-set", .name = "Template Set", .cell = 0, .digit = 3,
               .text = tset};
  sk_step_compact(hodoku_engine, &u, buf, sizeof buf);
  assert_string_equal(buf, "Template Set: r1c15=3");
}

static void test_levels(void **state) {
  (void)state;
  const sk_table *t = sk_engine_table(hodoku_engine);
  assert_int_equal(t->nlevel, 3);
  int64_t score;
  int ids[3] = {0, 0, 0};                     /* three full houses */
  assert_int_equal(sk_table_score(t, ids, 3, &score), 0);
  assert_int_equal(score, 12);
  int many[20];
  for (int i = 0; i < 20; i++) many[i] = 3;   /* 20 pointings: 1000, still Medium */
  assert_int_equal(sk_table_score(t, many, 20, &score), 1);
  assert_int_equal(score, 1000);
  many[0] = 5;                    /* a naked pair for a pointing: 1010 > 1000 -> Extreme */
  assert_int_equal(sk_table_score(t, many, 20, &score), 2);
  assert_int_equal(score, 1010);
  int bf[1] = {7};
  assert_int_equal(sk_table_score(t, bf, 1, &score), 2);
  sk_error err;
  static const char bad[] = "name: x\nlevels:\n  - {name: A, max: 5}\n  - {name: a, max: 9}\n"
                            "techniques:\n  - {id: brute-force, base: 1}\n";
  assert_null(sk_table_parse(bad, sizeof bad - 1, "x.yaml", &err));
  assert_non_null(strstr(err.msg, "x.yaml:4:"));
  assert_non_null(strstr(err.msg, "listed twice"));
  static const char none_t[] = "name: y\ntechniques:\n  - {id: brute-force, base: 1}\n";
  sk_table *u = sk_table_parse(none_t, sizeof none_t - 1, "y.yaml", &err);
  assert_non_null(u);
  assert_int_equal(sk_table_score(u, ids, 1, &score), -1);
  sk_table_free(u);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_singles_listing),
    cmocka_unit_test(test_locked_and_subsets),
    cmocka_unit_test(test_brute_force),
    cmocka_unit_test(test_rating),
    cmocka_unit_test(test_compact_placement),
    cmocka_unit_test(test_levels),
  };
  return cmocka_run_group_tests(tests, setup, hodoku_fixture_teardown);
}
