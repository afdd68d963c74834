/*
** test_exocet.c -- junior and senior exocets (techniques/exocet.c).
**
** Forum puzzles are solved with singles, intersections, subsets and basic
** fish until those are stuck; at that state the exocet hints are checked:
** text, figures, exact eliminations, and every elimination of every hint
** against the puzzle's solution.  Easter Monster's start (no technique of
** that set applies) has four-digit bases but no exocet: each base digit
** can be placed three times in the cross-lines.  Adding three unrelated
** places of a base digit to a junior exocet's cross-lines must remove
** that exocet.
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

static const char *const plugins[] = {"singles", "locking", "subsets", "fish", "exocet"};

#define TABLE \
  "name: test\n" \
  "techniques:\n" \
  "  - {id: full-house, base: 1.0}\n" \
  "  - {id: hidden-single-block, base: 1.2}\n" \
  "  - {id: hidden-single-line, base: 1.5}\n" \
  "  - {id: naked-single, base: 2.3}\n" \
  "  - {id: pointing, base: 2.6}\n" \
  "  - {id: claiming, base: 2.8}\n" \
  "  - {id: naked-pair, base: 3.0}\n" \
  "  - {id: x-wing, base: 3.2}\n" \
  "  - {id: hidden-pair, base: 3.4}\n" \
  "  - {id: naked-triple, base: 3.6}\n" \
  "  - {id: swordfish, base: 3.8}\n" \
  "  - {id: hidden-triple, base: 4.0}\n" \
  "  - {id: naked-quad, base: 5.0}\n" \
  "  - {id: jellyfish, base: 5.2}\n" \
  "  - {id: hidden-quad, base: 5.4}\n" \
  "  - {id: junior-exocet, base: 9.4}\n" \
  "  - {id: senior-exocet, base: 9.6}\n"

static const char *const basics[] = {
  "full-house", "hidden-single-block", "hidden-single-line", "naked-single", "pointing",
  "claiming", "naked-pair", "x-wing", "hidden-pair", "naked-triple", "swordfish",
  "hidden-triple", "naked-quad", "jellyfish", "hidden-quad",
};

/* The puzzle's grid once the basic techniques are stuck; its solution in sol. */
static sk_grid settled(const char *puzzle, uint8_t sol[SK_CELLS]) {
  sk_puzzle p;
  memset(&p, 0, sizeof p);
  assert_int_equal(sk_parse_line(puzzle, &p), 0);
  assert_int_equal(sk_solve_count(p.values, 2, sol, NULL), 1);
  sk_grid g;
  int bad = -1;
  assert_int_equal(sk_puzzle_grid(&p, &g, &bad), 0);
  sk_puzzle_free(&p);
  for (int moved = 1; moved; ) {
    moved = 0;
    for (size_t i = 0; i < sizeof basics / sizeof basics[0] && !moved; i++) {
      found *f = run(basics[i], &g, 0);
      if (f->count) { sk_hint_apply(&f->hint[0], &g); moved = 1; }
    }
    for (int c = 0; c < SK_CELLS; c++)
      if (g.value[c]) assert_int_equal(g.value[c], sol[c]);
      else assert_true(g.cand[c] & SK_BIT(sol[c]));
  }
  return g;
}

/* The hint removes no solution digit and places nothing. */
static void sound(const sk_hint *h, const uint8_t sol[SK_CELLS]) {
  assert_int_equal(h->cell, -1);
  assert_true(sk_hint_has_elims(h));
  for (int c = 0; c < SK_CELLS; c++) assert_false(h->elim[c] & SK_BIT(sol[c]));
}

/* every hint of both techniques on g removes no solution digit */
static int all_sound(const sk_grid *g, const uint8_t sol[SK_CELLS]) {
  int n = 0;
  const char *ids[2] = {"junior-exocet", "senior-exocet"};
  for (int t = 0; t < 2; t++) {
    found *f = run(ids[t], g, 1);
    for (int i = 0; i < f->count && i < MAX_FOUND; i++) sound(&f->hint[i], sol);
    n += f->count;
  }
  return n;
}

static void test_junior(void **state) {
  (void)state;
  uint8_t sol[SK_CELLS];
  sk_grid g = settled("98.7.....6.....97...7.....54...3..2...86..4.......4..1..68..5......1...4.....2.3.", sol);
  sk_hint h = first("junior-exocet", &g);
  /* base r3c1,r3c2 {1,2,3,4}; cross-lines c3, c4, c7: the targets keep
  ** only base digits */
  assert_string_equal(h.text, "Junior Exocet: base r3c1,r3c2 (1234), targets r2c4,r1c7");
  expect_cands(&h, "r1c7:6 r2c4:5");
  assert_int_equal(h.fig[SK_FIG_TYPE], 1);
  assert_int_equal(h.fig[SK_FIG_SIZE], 4);
  assert_int_equal(h.fig[SK_FIG_EXTRA], 1);            /* target rule only */
  assert_int_equal(h.focus[rc(3, 1)] | h.focus[rc(3, 2)], 0x0F);
  sound(&h, sol);
  assert_true(all_sound(&g, sol) >= 1);
}

static void test_junior_same_row_targets(void **state) {
  (void)state;
  uint8_t sol[SK_CELLS];
  sk_grid g = settled(".2.....8.....4.6......1.....3.2.74..1.....5.....8.....2..3...7.4.5......6........", sol);
  sk_hint h = first("junior-exocet", &g);
  assert_string_equal(h.text, "Junior Exocet: base r2c8,r2c9 (237), targets r3c1,r3c6");
  expect_cands(&h, "r3c1:8 r3c6:8");
  assert_int_equal(h.fig[SK_FIG_SIZE], 3);
  sound(&h, sol);
  all_sound(&g, sol);
}

static void test_senior_with_base_rules(void **state) {
  (void)state;
  uint8_t sol[SK_CELLS];
  sk_grid g = settled("5.4....6.....21...3........27..9...8...5...3...........1....7.96..4...........2..", sol);
  none("junior-exocet", &g);
  sk_hint h = first("senior-exocet", &g);
  /* base r4c3,r5c3 (a mini-column), cross-lines rows 6, 2 and one of
  ** rows 7-9; target r2c1 in the stack, r6c7 outside it */
  assert_string_equal(h.text, "Senior Exocet: base r4c3,r5c3 (3689), targets r2c1,r6c7");
  expect_cands(&h, "r2c1:7 r4c3:3 r5c3:9 r6c7:149");
  assert_int_equal(h.fig[SK_FIG_TYPE], 2);
  /* target rule (r2c1's 7, r6c7's 1, 4) and the base-candidate rule */
  assert_true(h.fig[SK_FIG_EXTRA] & 1);
  assert_true(h.fig[SK_FIG_EXTRA] & 2);
  sound(&h, sol);
  all_sound(&g, sol);
}

static void test_senior_target_cover(void **state) {
  (void)state;
  uint8_t sol[SK_CELLS];
  sk_grid g = settled(".32.....58..3.....9.428...1...4...39...6...5.....1.....2...67.8.....4....95....6.", sol);
  sk_hint h = first("senior-exocet", &g);
  assert_string_equal(h.text, "Senior Exocet: base r7c4,r8c4 (1579), targets r1c6,r6c1");
  /* the target rule takes 2, 3, 6 (not base digits) from r6c1; with 7 in
  ** r6c1 the other two cross-lines could not both take 7 from the cells
  ** that do not see it, so 7 leaves it (target cover rule); the
  ** compatibility rule then takes 1 and 9 from r7c4 */
  expect_cands(&h, "r6c1:2367 r7c4:19");
  assert_int_equal(h.fig[SK_FIG_EXTRA], 1 | 2 | 8);
  sound(&h, sol);
  all_sound(&g, sol);
}

static void test_easter_monster_has_none(void **state) {
  (void)state;
  uint8_t sol[SK_CELLS];
  sk_grid g = settled("1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1", sol);
  /* nothing of the basic set applies: the givens' grid itself */
  assert_int_equal(g.nempty, 81 - 21);
  none("junior-exocet", &g);
  none("senior-exocet", &g);
}

/* Three pairwise unrelated empty cells of the junior exocet's cross-lines
** c3, c4, c7 outside row 3 and box 1, targets out, get a base digit: the
** exocet must go. */
static void test_extra_places_break_it(void **state) {
  (void)state;
  uint8_t sol[SK_CELLS];
  sk_grid g = settled("98.7.....6.....97...7.....54...3..2...86..4.......4..1..68..5......1...4.....2.3.", sol);
  const char *text = "Junior Exocet: base r3c1,r3c2 (1234), targets r2c4,r1c7";
  int r_cells[27], n = 0;
  const int lines[3] = {3, 4, 7};
  for (int l = 0; l < 3; l++)
    for (int r = 1; r <= 9; r++) {
      int c = rc(r, lines[l]);
      if (r == 3 || sk_box_of(c) == 0 || c == rc(2, 4) || c == rc(1, 7) || g.value[c]) continue;
      r_cells[n++] = c;
    }
  int done = 0;
  for (int a = 0; a < n && !done; a++)
    for (int b = a + 1; b < n && !done; b++)
      for (int c = b + 1; c < n && !done; c++) {
        int x = r_cells[a], y = r_cells[b], z = r_cells[c];
        int rel = sk_row_of(x) == sk_row_of(y) || sk_col_of(x) == sk_col_of(y) || sk_box_of(x) == sk_box_of(y) ||
                  sk_row_of(x) == sk_row_of(z) || sk_col_of(x) == sk_col_of(z) || sk_box_of(x) == sk_box_of(z) ||
                  sk_row_of(y) == sk_row_of(z) || sk_col_of(y) == sk_col_of(z) || sk_box_of(y) == sk_box_of(z);
        if (rel) continue;
        sk_grid h = g;
        int cells[3] = {x, y, z};
        for (int i = 0; i < 3; i++) {
          h.cand[cells[i]] |= SK_BIT(1);
          sk_bits_set(&h.dcells[0], cells[i]);
        }
        found *f = run("junior-exocet", &h, 1);
        for (int i = 0; i < f->count && i < MAX_FOUND; i++) assert_string_not_equal(f->hint[i].text, text);
        done = 1;
      }
  assert_true(done);
}

/* Every exocet hint of the states of a few hard puzzles is sound. */
static void test_hard_states_sound(void **state) {
  (void)state;
  static const char *const puzzles[] = {
    "1.37....5...6.4...8...........81.....9....7...6.....9..2....4..5...3...........2.",
    "3.6.7...........518.........1.4.5...7.....6.....2......2.....4.....8.3.....5.....",
    "...37..5..27.........8..39.....8.......2...4.893......64..31..8.5............65..",
    ".32.....58..3.....9.428...1...4...39...6...5.....1.....2...67.8.....4....95....6.",
    "98.76.5..7..4..9....6..3.7.8......5.2..8......79.4.8..4..5..7...1...........2....",
  };
  int total = 0;
  for (size_t i = 0; i < sizeof puzzles / sizeof puzzles[0]; i++) {
    uint8_t sol[SK_CELLS];
    sk_grid g = settled(puzzles[i], sol);
    total += all_sound(&g, sol);
  }
  assert_true(total >= 5);
}

static int setup(void **state) {
  (void)state;
  return pattern_setup(plugins, sizeof plugins / sizeof plugins[0], TABLE);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_junior),
    cmocka_unit_test(test_junior_same_row_targets),
    cmocka_unit_test(test_senior_with_base_rules),
    cmocka_unit_test(test_senior_target_cover),
    cmocka_unit_test(test_easter_monster_has_none),
    cmocka_unit_test(test_extra_places_break_it),
    cmocka_unit_test(test_hard_states_sound),
  };
  return cmocka_run_group_tests(tests, setup, pattern_teardown);
}
