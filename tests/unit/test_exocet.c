/*
** test_exocet.c -- junior and senior exocets (techniques/exocet.c).
**
** Forum puzzles (the first puzzles of the forum's hardest list, SE 11+)
** are solved with singles, intersections, subsets and basic fish until
** those are stuck; from there the exocet hints are taken as a rating
** takes them until the one under test: text, figures, exact
** eliminations, and every elimination of every hint on the way against
** the puzzle's solution.  One test per rule (target, compatibility,
** target cover, mirror, known base digits, cross-lines, incompatibility;
** the cover rule is checked on a grid built for it).  With all-rules on,
** a pattern's hints applied until it has none more leave a state where
** every rule finds nothing on it.  Easter Monster's start (no technique of
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

/* the basic techniques applied until they are stuck, every step checked */
static void settle(sk_grid *g, const uint8_t sol[SK_CELLS]) {
  for (int moved = 1; moved; ) {
    moved = 0;
    for (size_t i = 0; i < sizeof basics / sizeof basics[0] && !moved; i++) {
      found *f = run(basics[i], g, 0);
      if (f->count) { sk_hint_apply(&f->hint[0], g); moved = 1; }
    }
    for (int c = 0; c < SK_CELLS; c++)
      if (g->value[c]) assert_int_equal(g->value[c], sol[c]);
      else assert_true(g->cand[c] & SK_BIT(sol[c]));
  }
}

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
  settle(&g, sol);
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

/* the rule bits of fig[SK_FIG_EXTRA] (techniques/exocet.c) */
enum {
  R_TARGET = 1, R_COMPAT = 2, R_COVER = 4, R_TCOVER = 8,
  R_MIRROR = 16, R_PAIR = 32, R_SCELL = 64, R_INCOMPAT = 128
};

/* From the settled state of puzzle, the steps a rating takes with the
** basics and the exocets until technique id gives a hint whose rules
** include bit: that hint, the grid before it in *g.  Every exocet hint on
** the way is sound. */
static sk_hint reach(const char *puzzle, const char *id, int bit, sk_grid *g, uint8_t sol[SK_CELLS]) {
  *g = settled(puzzle, sol);
  const char *ids[2] = {"junior-exocet", "senior-exocet"};
  for (int step = 0; step < 400; step++) {
    int t = 0;
    found *f = run(ids[0], g, 0);
    if (!f->count) f = run(ids[t = 1], g, 0);
    assert_true(f->count > 0);                 /* the path meets the hint first */
    sk_hint h = f->hint[0];
    sound(&h, sol);
    if (!strcmp(ids[t], id) && (h.fig[SK_FIG_EXTRA] & bit)) return h;
    sk_hint_apply(&h, g);
    settle(g, sol);
  }
  fail_msg("no %s hint with rule %d", id, bit);
  sk_hint none_h;
  memset(&none_h, 0, sizeof none_h);
  return none_h;
}

/* The hint's rules are those of want; its eliminations all sound. */
static void rules_are(const sk_hint *h, int want, const uint8_t sol[SK_CELLS]) {
  assert_int_equal(h->fig[SK_FIG_EXTRA], want);
  sound(h, sol);
}

static void test_junior(void **state) {
  (void)state;
  uint8_t sol[SK_CELLS];
  sk_grid g = settled("98.7.....6.....97...7.....54...3..2...86..4.......4..1..68..5......1...4.....2.3.", sol);
  sk_hint h = first("junior-exocet", &g);
  /* base r3c1,r3c2 {1,2,3,4}; cross-lines c3, c4, c7: the targets keep
  ** only base digits */
  assert_string_equal(h.text, "Junior Exocet: base r3c1,r3c2 (1234), targets r2c4,r1c7 (target rule r1c7<>6, r2c4<>5)");
  expect_cands(&h, "r1c7:6 r2c4:5");
  assert_int_equal(h.fig[SK_FIG_TYPE], 1);
  assert_int_equal(h.fig[SK_FIG_SIZE], 4);
  assert_int_equal(h.fig[SK_FIG_EXTRA], R_TARGET);
  assert_int_equal(h.focus[rc(3, 1)] | h.focus[rc(3, 2)], 0x0F);
  sound(&h, sol);
  assert_true(all_sound(&g, sol) >= 1);
}

static void test_junior_same_row_targets(void **state) {
  (void)state;
  uint8_t sol[SK_CELLS];
  sk_grid g = settled(".2.....8.....4.6......1.....3.2.74..1.....5.....8.....2..3...7.4.5......6........", sol);
  sk_hint h = first("junior-exocet", &g);
  assert_string_equal(h.text, "Junior Exocet: base r2c8,r2c9 (237), targets r3c1,r3c6 (target rule r3c1<>8, r3c6<>8)");
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
  assert_string_equal(h.text, "Senior Exocet: base r4c3,r5c3 (3689), targets r2c1,r6c7 (target rule r2c1<>7, "
                                "r6c7<>1, r6c7<>4; compatibility r4c3<>3, r5c3<>9, r6c7<>9)");
  expect_cands(&h, "r2c1:7 r4c3:3 r5c3:9 r6c7:149");
  assert_int_equal(h.fig[SK_FIG_TYPE], 2);
  /* target rule (r2c1's 7, r6c7's 1, 4) and the base-candidate rule */
  assert_int_equal(h.fig[SK_FIG_EXTRA], R_TARGET | R_COMPAT);
  sound(&h, sol);
  all_sound(&g, sol);
}

static void test_senior_target_cover(void **state) {
  (void)state;
  uint8_t sol[SK_CELLS];
  sk_grid g = settled(".32.....58..3.....9.428...1...4...39...6...5.....1.....2...67.8.....4....95....6.", sol);
  sk_hint h = first("senior-exocet", &g);
  assert_string_equal(h.text, "Senior Exocet: base r7c4,r8c4 (1579), targets r1c6,r6c1 (target rule r6c1<>2, "
                                "r6c1<>3, r6c1<>6; compatibility r7c4<>1, r7c4<>9; target cover r6c1<>7)");
  /* the target rule takes 2, 3, 6 (not base digits) from r6c1; with 7 in
  ** r6c1 the other two cross-lines could not both take 7 from the cells
  ** that do not see it, so 7 leaves it (target cover rule); the
  ** compatibility rule then takes 1 and 9 from r7c4 */
  expect_cands(&h, "r6c1:2367 r7c4:19");
  assert_int_equal(h.fig[SK_FIG_EXTRA], R_TARGET | R_COMPAT | R_TCOVER);
  sound(&h, sol);
  all_sound(&g, sol);
}

/* A forum puzzle and the first hint of technique id with rule bit on its
** path: text, rules, exact eliminations, soundness. */
typedef struct case_ {
  const char *puzzle, *id;
  int bit, rules;
  const char *text, *elims;
} case_;

static void check_case(const case_ *k) {
  uint8_t sol[SK_CELLS];
  sk_grid g;
  sk_hint h = reach(k->puzzle, k->id, k->bit, &g, sol);
  assert_string_equal(h.text, k->text);
  rules_are(&h, k->rules, sol);
  expect_cands(&h, k->elims);
}

#define P1 "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6"

/* Mirror: base r1c3,r2c3, targets r4c2 (box 4) and r8c1 (box 7).  r4c2's
** value is in box 7, column 1, outside row 8 (not the base's rows, nor
** r8c1's digit's): r7c1 or r9c1; r7c1 can take none of r4c2's digits, so
** r9c1 is one of them and loses 8. */
static void test_mirror(void **state) {
  (void)state;
  static const case_ k = {
    P1, "junior-exocet", R_MIRROR, R_MIRROR,
    "Junior Exocet: base r1c3,r2c3 (1246), targets r4c2,r8c1 (mirror r9c1<>8)", "r9c1:8"};
  check_case(&k);
}

/* Incompatibility: the next hint on the same pattern; with 2 or 6 in
** r4c2 no two placements of the base values in the band and the
** cross-lines go together. */
static void test_incompatibility(void **state) {
  (void)state;
  static const case_ k = {
    P1, "junior-exocet", R_INCOMPAT, R_INCOMPAT,
    "Junior Exocet: base r1c3,r2c3 (1246), targets r4c2,r8c1 (incompatibility r4c2<>2, r4c2<>6)",
    "r4c2:26"};
  check_case(&k);
}

/* Known base digits: 2 is a base value in every filling, so in r5c1 or
** r5c3; the cells seeing both lose it. */
static void test_known_base_digits(void **state) {
  (void)state;
  static const case_ k = {
    "98.7..6..7......8........756.8.4.3...4...3.....96...4..9.3..4...6.4..8.......2..1",
    "junior-exocet", R_PAIR, R_PAIR, "Junior Exocet: base r5c1,r5c3 ("
    "1257), targets r4c4,r6c7 (known base digits r4c2<>2, r5c4<>2, r5c5<>2)",
    "r4c2:2 r5c4:2 r5c5:2"};
  check_case(&k);
}

/* Cross-lines: r3c4 is on cross-line row 3 outside the band and every
** filling lays a base value there (it loses 3 and 5); r3c6 and r8c6 see a
** cell of every placement of 1, of 5.  The incompatibility rule (the same
** price) comes in the same hint. */
static void test_cross_lines(void **state) {
  (void)state;
  static const case_ k = {
    "98.7..6..7.....5....4.8..9.4...3..7..7...2.....31....53....61...4..9..3.........2",
    "junior-exocet", R_SCELL, R_SCELL | R_INCOMPAT, "Junior Exocet: base r1c3,r2c3 ("
    "1256), targets r4c2,r8c1 (cross-lines r3c4<>3, r3c4<>5, r3c6<>1, r8c6<>5; incompatibility r4c2<>2, r4c2<>6, r8c1<>1, r8c1<>5)",
    "r3c4:35 r3c6:1 r4c2:26 r8c1:15 r8c6:5"};
  check_case(&k);
}

/* Target cover: with 3 in r1c9 the other two cross-lines could not both
** take 3 from the cells of R that do not see r1c9. */
static void test_junior_target_cover(void **state) {
  (void)state;
  static const case_ k = {
    "98.76.5....4..3.9.........78...9...5.3.4.......21.....6...7..5..2....7.......16.8",
    "junior-exocet", R_TCOVER, R_TCOVER, "Junior Exocet: base r8c8,r9c8 (1234), targets r1c9,r4c7 (target cover r1c9<>3)",
    "r1c9:3"};
  check_case(&k);
}

/* Compatibility: no filling of base and targets puts 9 in r7c7. */
static void test_junior_compatibility(void **state) {
  (void)state;
  static const case_ k = {
    "98.7..6..5..........4.9..3.2....78...5.9.......8.6...3.2.1...4...1.4.3.......9.81",
    "junior-exocet", R_COMPAT, R_COMPAT | R_TCOVER, "Junior Exocet: base r7c7,r9c7 ("
    "2579), targets r3c9,r6c8 (compatibility r7c7<>9; target cover r6c8<>7)",
    "r6c8:7 r7c7:9"};
  check_case(&k);
}

/* Cover rule: R can take 8 once only, so 8 is no base value. */
static void test_cover_rule(void **state) {
  (void)state;
  static const case_ k = {
    "98.7..6..7..6.......5.4..9.8.......3.3...8.....9.2..5...1.....9...2...1.....1.5.4",
    "junior-exocet", R_COVER, R_TARGET | R_COVER,
    "Junior Exocet: base r8c7,r8c9 (3678), targets r9c3,r7c5 (target rule r7c5<>5, r9c3<>2; "
    "cover rule r7c5<>8, r8c7<>8, r8c9<>8, r9c3<>8)",
    "r7c5:58 r8c7:8 r8c9:8 r9c3:28"};
  check_case(&k);
}

/* The cross-line and incompatibility rules on a senior exocet. */
static void test_senior_cross_lines(void **state) {
  (void)state;
  static const case_ k = {
    "98.76......5..497.........83.75......5.........8.7.65..2..4......96..48.....9...1",
    "senior-exocet", R_SCELL, R_SCELL | R_INCOMPAT, "Senior Exocet: base r3c4,r3c5 ("
    "123), targets r1c8,r5c8 (cross-lines r1c7<>1, r1c7<>2, r5c5<>3, r5c7<>3, r6c9<>3, r7c7<>3; incompatibility r1c8<>3, r5c8<>1, r5c8<>2)",
    "r1c7:12 r1c8:3 r5c5:3 r5c7:3 r5c8:12 r6c9:3 r7c7:3"};
  check_case(&k);
}

/* Known base digits on a senior exocet: 2 is a base value in every
** filling, so it is in one target (r8c9, r1c9: r7c9 sees both) and one
** base cell (r7c4, r7c6: r9c5 sees both). */
static void test_senior_known_base_digits(void **state) {
  (void)state;
  static const case_ k = {
    "98.7..6..5..9..4......3..8.6..5..7...52...........1...4.........6..9.5....56...74",
    "senior-exocet", R_PAIR, R_PAIR, "Senior Exocet: base r7c4,r7c6 ("
    "123), targets r8c9,r1c9 (known base digits r7c9<>2, r9c5<>2)",
    "r7c9:2 r9c5:2"};
  check_case(&k);
}

/* With all-rules on, a hint gives every rule's eliminations; the
** pattern's hints applied until it has none more: every hint sound, and
** then every rule finds nothing on it. */
#define BASICS_TABLE \
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
  "  - {id: hidden-quad, base: 5.4}\n"
static const char table_all[] =
  "name: all\n"
  "techniques:\n"
  BASICS_TABLE
  "  - {id: junior-exocet, base: 9.4, params: {all-rules: 1}}\n"
  "  - {id: senior-exocet, base: 9.6, params: {all-rules: 1}}\n";

static void test_all_rules_to_nothing(void **state) {
  (void)state;
  uint8_t sol[SK_CELLS];
  sk_grid g = settled(P1, sol);
  sk_hint h = first("junior-exocet", &g);
  const char *pattern = "Junior Exocet: base r1c3,r2c3 (1246), targets r4c2,r8c1 (";
  assert_memory_equal(h.text, pattern, strlen(pattern));
  /* the first hint has the mirror, the cross-lines and incompatibility */
  assert_true(h.fig[SK_FIG_EXTRA] & R_MIRROR);
  assert_true(h.fig[SK_FIG_EXTRA] & R_INCOMPAT);
  sound(&h, sol);
  int rounds = 0;
  for (;;) {
    found *f = run("junior-exocet", &g, 1);
    int at = -1;
    for (int i = 0; i < f->count && i < MAX_FOUND && at < 0; i++)
      if (!strncmp(f->hint[i].text, pattern, strlen(pattern))) at = i;
    if (at < 0) break;
    sound(&f->hint[at], sol);
    sk_hint_apply(&f->hint[at], &g);
    assert_true(++rounds < 10);
  }
  assert_true(rounds >= 1);
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
    cmocka_unit_test(test_mirror),
    cmocka_unit_test(test_incompatibility),
    cmocka_unit_test(test_known_base_digits),
    cmocka_unit_test(test_cross_lines),
    cmocka_unit_test(test_junior_target_cover),
    cmocka_unit_test(test_junior_compatibility),
    cmocka_unit_test(test_cover_rule),
    cmocka_unit_test(test_senior_cross_lines),
    cmocka_unit_test(test_senior_known_base_digits),
    cmocka_unit_test_prestate_setup_teardown(test_all_rules_to_nothing, pattern_table_setup,
                                             pattern_table_teardown, (void *)table_all),
    cmocka_unit_test(test_easter_monster_has_none),
    cmocka_unit_test(test_extra_places_break_it),
    cmocka_unit_test(test_hard_states_sound),
  };
  return cmocka_run_group_tests(tests, setup, pattern_teardown);
}
