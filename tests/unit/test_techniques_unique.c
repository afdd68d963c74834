/*
** test_techniques_unique.c -- unique rectangles/loops, BUG, aligned pair
** and triplet exclusion.
**
** The three plugins are loaded from the build and bound to ratings/se.yaml
** (every other id of the table is bound to a stub that finds nothing), so
** the difficulties checked are the real table's.
**   - hand-made positions: a few empty cells with chosen candidates, every
**     other cell filled, so that exactly the pattern under test exists;
**   - Sudoku Explainer's own positions: every step SE 1.2.1.3 takes with
**     one of these techniques in its rating paths, replayed up to that
**     step (tests/data/techniques/unique_se_positions.txt, made by
**     unique_make_fixtures.py): same hint name, eliminations, difficulty;
**   - SE as an oracle: 114 positions from SE's paths of mixed-1090 puzzles
**     with the first hint SE's four producers give on each, recorded by
**     running SE's classes (unique_se_oracle.txt, made with
**     unique_se_oracle.java and unique_se_oracle_select.py);
**   - with SK_SHARED set: SE's complete paths, where at every step taken by
**     a later producer these techniques must find nothing (so they never
**     step in where SE would not), and at their own steps agree with SE.
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
#include "technique_fixture.h"

#define POSITIONS SK_BUILD_RATINGS_DIR "/../tests/data/techniques/unique_se_positions.txt"
#define ORACLE SK_BUILD_RATINGS_DIR "/../tests/data/techniques/unique_se_oracle.txt"

static const char *const plugins[] = {"unique_loops", "bug", "aligned_exclusion"};

static int setup(void **state) {
  (void)state;
  return fixture_setup(plugins, sizeof plugins / sizeof plugins[0]);
}

/* {====== finding the hint a technique gives */

typedef struct found {
  int n;                 /* hints seen */
  int collect;
  sk_hint best;
  int32_t diff;
} found;

/* The engine's rule: first hint, or for collecting techniques the
** cheapest, then lowest order, then first emitted. */
static int take(void *ud, const sk_hint *h, int32_t d) {
  found *f = ud;
  if (f->n == 0 || (f->collect && (d < f->diff || (d == f->diff && h->order < f->best.order)))) {
    f->best = *h;
    f->diff = d;
  }
  f->n++;
  return 0;
}

static int tech_index(const char *id) {
  int i = sk_table_find(sk_engine_table(fixture_engine), id);
  assert_true(i >= 0);
  return i;
}

/* Hint of technique `id` on g; returns the number of hints (0: none). */
static int hint_of(const char *id, const sk_grid *g, found *f) {
  int i = tech_index(id);
  memset(f, 0, sizeof *f);
  f->collect = (sk_engine_bound(fixture_engine, i)->flags & SK_TECH_COLLECT) != 0;
  sk_engine_hints(fixture_engine, g, i, 0, take, f);
  return f->n;
}

/* }====== */

/* {====== positions */

static int rc(int r, int c) { return (r - 1) * 9 + (c - 1); }

/* Nine rows of nine tokens: "." = a filled cell, digits = the candidates
** of an empty cell. */
static sk_grid tokens(const char *text) {
  sk_mask cand[SK_CELLS] = {0};
  uint8_t values[SK_CELLS] = {0};
  const char *p = text;
  for (int c = 0; c < SK_CELLS; c++) {
    while (*p == ' ' || *p == '\n') p++;
    assert_true(*p != '\0');
    if (*p == '.') {
      values[c] = 9;              /* any value: these techniques read candidates */
      p++;
      continue;
    }
    for (; *p >= '1' && *p <= '9'; p++) cand[c] |= SK_BIT(*p - '0');
  }
  sk_grid g;
  sk_grid_from_candidates(&g, cand, values);
  return g;
}

/* 729 characters, 9 per cell: the candidates as digits ('.' elsewhere),
** or "=v" and 7 dots for a cell filled with v. */
static sk_grid grid729(const char *s) {
  sk_mask cand[SK_CELLS] = {0};
  uint8_t values[SK_CELLS] = {0};
  for (int c = 0; c < SK_CELLS; c++) {
    if (s[c * 9] == '=') { values[c] = (uint8_t)(s[c * 9 + 1] - '0'); continue; }
    for (int d = 1; d <= 9; d++)
      if (s[c * 9 + d - 1] == '0' + d) cand[c] |= SK_BIT(d);
  }
  sk_grid g;
  sk_grid_from_candidates(&g, cand, values);
  return g;
}

/* "r2c4<>1 r2c4<>2" (or "-") into masks. */
static void parse_elims(const char *s, sk_mask out[SK_CELLS]) {
  memset(out, 0, SK_CELLS * sizeof out[0]);
  for (const char *p = s; *p; ) {
    if (*p == ' ' || *p == '-') { p++; continue; }
    assert_true(p[0] == 'r' && p[2] == 'c' && p[4] == '<' && p[5] == '>');
    out[rc(p[1] - '0', p[3] - '0')] |= SK_BIT(p[6] - '0');
    p += 7;
  }
}

static void assert_elims(const sk_hint *h, const sk_grid *g, const char *expect) {
  sk_mask want[SK_CELLS];
  parse_elims(expect, want);
  for (int c = 0; c < SK_CELLS; c++) {
    if ((h->elim[c] & g->cand[c]) != want[c])
      fail_msg("r%dc%d: eliminates %03x, expected %03x (%s)", c / 9 + 1, c % 9 + 1,
               h->elim[c] & g->cand[c], want[c], h->text);
  }
}

/* }====== */

/* {====== unique rectangles and loops, hand-made */

/* UR r1c1,r1c4,r2c1,r2c4 on 1,2; r2c4 also holds 3. */
static const char ur1[] =
  "12 . . 12 . . . . .\n"
  "12 . . 123 . . . . .\n"
  ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n"
  ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n";

static void ur_type1(void **state) {
  (void)state;
  sk_grid g = tokens(ur1);
  found f;
  assert_int_equal(hint_of("unique-loop", &g, &f), 1);   /* one loop, found once */
  assert_string_equal(f.best.name, "Unique Rectangle type 1");
  assert_int_equal(f.best.fig[SK_FIG_LENGTH], 4);
  assert_int_equal(f.best.fig[SK_FIG_TYPE], 1);
  assert_int_equal(f.best.fig[SK_FIG_SIZE], 0);
  assert_int_equal(f.diff, 4500);
  assert_elims(&f.best, &g, "r2c4<>1 r2c4<>2");
  /* SE grows the loop through the block first */
  assert_string_equal(f.best.text, "Unique Rectangle type 1: 1,2 in r1c1,r2c1,r2c4,r1c4");
}

static void ur_type2(void **state) {
  (void)state;
  sk_grid g = tokens(
    "12 . . 12 . . . . .\n"
    "123 . . 123 . . 35 . .\n"
    ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n"
    ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n");
  /* 1 is also locked in row 2 (type 4, same 4.5): type 2 goes first */
  found f;
  assert_int_equal(hint_of("unique-loop", &g, &f), 2);
  assert_string_equal(f.best.name, "Unique Rectangle type 2");
  assert_int_equal(f.best.fig[SK_FIG_TYPE], 2);
  assert_int_equal(f.diff, 4500);
  assert_elims(&f.best, &g, "r2c7<>3");
}

/* Naked pair {3,4}: the virtual cell r2c1+r2c4 {3,4} and r2c7 {3,4}. */
static void ur_type3_naked(void **state) {
  (void)state;
  sk_grid g = tokens(
    "12 . . 12 . . . . .\n"
    "123 . . 124 . . 34 135 246\n"
    ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n"
    ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n");
  found f;
  assert_int_equal(hint_of("unique-loop", &g, &f), 1);
  assert_string_equal(f.best.name, "Unique Rectangle type 3");
  assert_int_equal(f.best.fig[SK_FIG_TYPE], 3);
  assert_int_equal(f.best.fig[SK_FIG_SIZE], 2);
  assert_int_equal(f.diff, 4600);
  assert_elims(&f.best, &g, "r2c8<>3 r2c9<>4");
}

/* Hidden pair {1,2}: only in the virtual cell and r2c7. */
static void ur_type3_hidden(void **state) {
  (void)state;
  sk_grid g = tokens(
    "12 . . 12 . . . . .\n"
    "123 . . 124 . . 125 36 46\n"
    ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n"
    ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n");
  found f;
  assert_int_equal(hint_of("unique-loop", &g, &f), 1);
  assert_string_equal(f.best.name, "Unique Rectangle type 3");
  assert_int_equal(f.best.fig[SK_FIG_SIZE], 1);
  assert_int_equal(f.diff, 4500);
  assert_elims(&f.best, &g, "r2c7<>5");
}

/* Hidden triple {1,2,5} in the virtual cell, r2c7 and r2c8: 4.6. */
static void ur_type3_hidden_triple(void **state) {
  (void)state;
  sk_grid g = tokens(
    "12 . . 12 . . . . .\n"
    "123 . . 124 678 36 157 2578 69\n"
    ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n"
    ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n");
  found f;
  assert_true(hint_of("unique-loop", &g, &f) >= 1);
  assert_string_equal(f.best.name, "Unique Rectangle type 3");
  assert_int_equal(f.best.fig[SK_FIG_SIZE], 2);
  assert_int_equal(f.diff, 4600);
  assert_elims(&f.best, &g, "r2c7<>7 r2c8<>7 r2c8<>8");
}

/* 1 only in r2c1,r2c4 within row 2: 2 leaves both. */
static void ur_type4(void **state) {
  (void)state;
  sk_grid g = tokens(
    "12 . . 12 . . . . .\n"
    "124 . . 125 . . 26 . .\n"
    ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n"
    ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n");
  found f;
  assert_int_equal(hint_of("unique-loop", &g, &f), 1);
  assert_string_equal(f.best.name, "Unique Rectangle type 4");
  assert_int_equal(f.best.fig[SK_FIG_TYPE], 4);
  assert_int_equal(f.diff, 4500);
  assert_elims(&f.best, &g, "r2c1<>2 r2c4<>2");
}

/* A 6-cell loop in one band: r1c1-r1c4-r2c4-r2c7-r3c7-r3c1. */
static void loop6_type1(void **state) {
  (void)state;
  sk_grid g = tokens(
    "12 . . 12 . . . . .\n"
    ". . . 12 . . 12 . .\n"
    "127 . . . . . 12 . .\n"
    ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n"
    ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n");
  found f;
  assert_int_equal(hint_of("unique-loop", &g, &f), 1);
  assert_string_equal(f.best.name, "Unique Loop type 1");
  assert_int_equal(f.best.fig[SK_FIG_LENGTH], 6);
  assert_int_equal(f.diff, 4600);
  assert_elims(&f.best, &g, "r3c1<>1 r3c1<>2");
}

/* A rectangle over four blocks is no unique rectangle; nor is a loop
** whose two rescue cells allow neither type 3 nor type 4. */
static void ur_none(void **state) {
  (void)state;
  sk_grid g = tokens(
    "12 . . 12 . . . . .\n"
    ". . . . . . . . .\n. . . . . . . . .\n"
    "12 . . 123 . . . . .\n"
    ". . . . . . . . .\n. . . . . . . . .\n"
    ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n");
  found f;
  assert_int_equal(hint_of("unique-loop", &g, &f), 0);
  g = tokens(
    "12 . . 12 . . . . .\n"
    "123 . . 124 . . 12 . .\n"
    ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n"
    ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n");
  assert_int_equal(hint_of("unique-loop", &g, &f), 0);
}

/* Type 1 (4.5) beats the type 3 naked pair (4.6) of another rectangle,
** whatever the discovery order. */
static void ur_cheapest_wins(void **state) {
  (void)state;
  sk_grid g = tokens(
    "12 . . 12 . . . . .\n"
    "123 . . 124 . . 34 135 246\n"
    ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n"
    ". . . . . . . . .\n. . . . . . . . .\n"
    "56 . . 56 . . . . .\n"
    "56 . . 567 . . . . .\n");
  found f;
  assert_int_equal(hint_of("unique-loop", &g, &f), 2);
  assert_int_equal(f.best.fig[SK_FIG_TYPE], 1);
  assert_int_equal(f.diff, 4500);
  assert_elims(&f.best, &g, "r9c4<>5 r9c4<>6");
}

/* SE sums doubles: a 6-cell loop with a type-3 naked pair comes to
** 4.6999..., a rectangle with a naked triple to 4.7 exactly; SE takes the
** loop although the rectangle is found first (both print as 4.7). */
static void ur_se_float_order(void **state) {
  (void)state;
  sk_grid g = tokens(
    "56 . . 56 . . . . .\n"
    "567 . . 568 359 . 79 89 367\n"
    ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n"
    "12 . . 12 . . . . .\n"
    ". . . 12 . . 12 . .\n"
    "123 . . . 34 . 124 135 246\n");
  found f;
  assert_int_equal(hint_of("unique-loop", &g, &f), 2);
  assert_string_equal(f.best.name, "Unique Loop type 3");
  assert_int_equal(f.best.fig[SK_FIG_LENGTH], 6);
  assert_int_equal(f.best.fig[SK_FIG_SIZE], 2);
  assert_int_equal(f.diff, 4700);
  assert_elims(&f.best, &g, "r9c8<>3 r9c9<>4");
  /* the rectangle alone: its naked triple, also 4.7 */
  g = tokens(
    "56 . . 56 . . . . .\n"
    "567 . . 568 359 . 79 89 367\n"
    ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n"
    ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n");
  assert_int_equal(hint_of("unique-loop", &g, &f), 1);
  assert_int_equal(f.best.fig[SK_FIG_SIZE], 3);
  assert_int_equal(f.diff, 4700);
  assert_elims(&f.best, &g, "r2c5<>9 r2c9<>7");
}

/* }====== */

/* {====== BUG and aligned exclusion, hand-made */

static void bug_type1(void **state) {
  (void)state;
  sk_grid g = tokens(ur1);
  found f;
  assert_int_equal(hint_of("bug", &g, &f), 1);
  assert_string_equal(f.best.name, "BUG type 1");
  assert_int_equal(f.best.fig[SK_FIG_TYPE], 1);
  assert_int_equal(f.diff, 5600);
  assert_elims(&f.best, &g, "r2c4<>1 r2c4<>2");
}

static void bug_none(void **state) {
  (void)state;
  /* 3 twice in row 2 but once in column 7, on a bivalue cell: no BUG */
  sk_grid g = tokens(
    "12 . . 12 . . . . .\n"
    "12 . . 123 . . 35 . .\n"
    ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n"
    ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n");
  found f;
  assert_int_equal(hint_of("bug", &g, &f), 0);
}

/* r1c1 {1,2,4} and r1c2 {1,3} with excluders r1c5 {1,3} and r1c6 {1,2}:
** 1 in r1c1 would leave r1c2 on 3 (r1c5 empty) -- r1c1<>1. */
static void ape(void **state) {
  (void)state;
  sk_grid g = tokens(
    "124 13 . . 13 12 . . .\n"
    ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n"
    ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n");
  found f;
  assert_int_equal(hint_of("aligned-pair-exclusion", &g, &f), 1);
  assert_int_equal(f.diff, 6200);
  assert_elims(&f.best, &g, "r1c1<>1");
  /* with a single-candidate peer the base cells are skipped */
  g = tokens(
    "124 13 . . 13 12 . . .\n"
    ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n"
    ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n");
  sk_grid_eliminate(&g, rc(1, 5), 3);     /* r1c5 {1}: a naked single remains */
  assert_int_equal(hint_of("aligned-pair-exclusion", &g, &f), 0);
}

/* Base cells r1c1 {1,2}, r1c2 {1,3} and r1c3 {2,3,4} (the third one taken
** from the first two's excluders); r2c2 {1,2,3} (block) and r1c8 {1,2,4}
** (row) see all three. */
static void ate(void **state) {
  (void)state;
  sk_grid g = tokens(
    "12 13 234 . . . . 124 .\n"
    ". 123 . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n"
    ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n");
  found f;
  assert_int_equal(hint_of("aligned-triple-exclusion", &g, &f), 1);
  assert_int_equal(f.diff, 7500);
  /* combinations (a,b,c) of r1c1,r1c2,r1c3, all different (one row):
  ** (1,3,2) (1,3,4) (2,1,3) (2,1,4) (2,3,4); r2c2 {1,2,3} kills (1,3,2)
  ** and (2,1,3); r1c8 {1,2,4} kills (2,1,4); left (1,3,4), (2,3,4):
  ** r1c2 is 3 and r1c3 is 4 */
  assert_elims(&f.best, &g, "r1c2<>1 r1c3<>2 r1c3<>3");
}

/* }====== */

/* {====== Sudoku Explainer's positions */

static const char *family_id(const char *name) {
  if (strncmp(name, "Unique ", 7) == 0) return "unique-loop";
  if (strncmp(name, "BUG ", 4) == 0) return "bug";
  if (strcmp(name, "Aligned Pair Exclusion") == 0) return "aligned-pair-exclusion";
  if (strcmp(name, "Aligned Triplet Exclusion") == 0) return "aligned-triple-exclusion";
  return NULL;
}

static int32_t milli(const char *tenths) { return (int32_t)(atof(tenths) * 1000 + 0.5); }

static void se_positions(void **state) {
  (void)state;
  FILE *f = fopen(POSITIONS, "r");
  assert_non_null(f);
  char line[2048];
  int n = 0, bad = 0;
  while (fgets(line, sizeof line, f)) {
    char *name = strtok(line, "\t"), *diff = strtok(NULL, "\t");
    char *elims = strtok(NULL, "\t"), *grid = strtok(NULL, "\t\n");
    assert_non_null(grid);
    assert_int_equal(strlen(grid), 729);
    sk_grid g = grid729(grid);
    found h;
    const char *id = family_id(name);
    assert_non_null(id);
    n++;
    if (hint_of(id, &g, &h) == 0) {
      print_error("%d: %s %s not found\n", n, name, elims);
      bad++;
      continue;
    }
    sk_mask want[SK_CELLS];
    parse_elims(elims, want);
    int same = strcmp(h.best.name, name) == 0 && h.diff == milli(diff);
    for (int c = 0; c < SK_CELLS; c++) same &= (h.best.elim[c] & g.cand[c]) == want[c];
    if (!same) {
      print_error("%d: SE %s %s %s; got %s %d: %s\n", n, name, diff, elims,
                  h.best.name, h.diff, h.best.text);
      bad++;
    }
  }
  fclose(f);
  assert_true(n >= 80);
  assert_int_equal(bad, 0);
}

/* }====== */

/* "name|4.5|r1c1<>2 r1c1<>8" for the hint technique `id` gives on g, or
** "-": the format SE's side of unique_se_oracle.txt is written in. */
static void describe(const char *id, const sk_grid *g, char *out, size_t size) {
  found h;
  if (hint_of(id, g, &h) == 0) { snprintf(out, size, "-"); return; }
  int d = sk_milli_to_tenths(h.diff);
  size_t n = (size_t)snprintf(out, size, "%s|%d.%d|", h.best.name, d / 10, d % 10);
  const char *sep = "";
  for (int c = 0; c < SK_CELLS && n < size; c++)
    for (sk_mask m = h.best.elim[c] & g->cand[c]; m && n < size; m &= m - 1) {
      n += (size_t)snprintf(out + n, size - n, "%sr%dc%d<>%d", sep, c / 9 + 1, c % 9 + 1, sk_mask_first(m));
      sep = " ";
    }
  if (!*sep && n < size) snprintf(out + n, size - n, "-");
}

/* Positions met on SE's rating paths of puzzles from mixed-1090, with the
** first hint SE 1.2.1.3's UniqueLoops, BivalueUniversalGrave,
** AlignedPairExclusion and AlignedExclusion(3) give on each, recorded by
** running SE's classes on them: all four must agree on every position,
** whether or not SE's path used the technique there. */
static void se_oracle(void **state) {
  (void)state;
  static const char *const ids[4] = {"unique-loop", "bug", "aligned-pair-exclusion",
                                     "aligned-triple-exclusion"};
  FILE *f = fopen(ORACLE, "r");
  assert_non_null(f);
  static char line[8192];
  int n = 0, bad = 0, hits = 0;
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\n")] = 0;
    char *field[5];
    int nf = 0;
    for (char *tok = strtok(line, "\t"); tok && nf < 5; tok = strtok(NULL, "\t")) field[nf++] = tok;
    assert_int_equal(nf, 5);
    assert_int_equal(strlen(field[0]), 729);
    sk_grid g = grid729(field[0]);
    n++;
    for (int t = 0; t < 4; t++) {
      char mine[2048];
      describe(ids[t], &g, mine, sizeof mine);
      hits += strcmp(field[t + 1], "-") != 0;
      if (strcmp(mine, field[t + 1]) != 0) {
        print_error("line %d, %s: SE %s; got %s\n", n, ids[t], field[t + 1], mine);
        bad++;
      }
    }
  }
  fclose(f);
  assert_true(n >= 100 && hits >= 100);
  assert_int_equal(bad, 0);
}

/* }====== */

/* {====== Sudoku Explainer's complete paths (SK_SHARED) */

/* SE's producer number of a path step's technique name (its Solver
** order), for the producers around ours; 0 for the basic ones. */
static int producer(const char *name) {
  static const struct { const char *prefix; int order; } tab[] = {
    {"Unique ", 15}, {"Naked Quad", 16}, {"Jellyfish", 17}, {"Hidden Quad", 18},
    {"BUG ", 19}, {"Aligned Pair", 20}, {"Forcing Chain", 21}, {"Forcing X-Chain", 21},
    {"Bidirectional", 21}, {"Turbot Fish", 21}, {"Aligned Triplet", 22},
  };
  for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
    if (strncmp(name, tab[i].prefix, strlen(tab[i].prefix)) == 0) return tab[i].order;
  if (strstr(name, "Forcing Chains")) return 23;   /* Nishio, multiple, dynamic, nested */
  return 0;
}

typedef struct ours { const char *id; int order; } ours;
static const ours our_techs[] = {
  {"unique-loop", 15}, {"bug", 19}, {"aligned-pair-exclusion", 20}, {"aligned-triple-exclusion", 22},
};

static int cell_at(const char *s) { return rc(s[1] - '0', s[3] - '0'); }

/* One step of a path: check, then apply SE's step to g. */
static int check_step(sk_grid *g, char *fields[5], int *checked) {
  int p = producer(fields[2]), bad = 0;
  sk_mask want[SK_CELLS];
  parse_elims(fields[4], want);
  for (size_t t = 0; t < sizeof our_techs / sizeof our_techs[0] && p; t++) {
    if (our_techs[t].order > p) continue;
    found h;
    int n = hint_of(our_techs[t].id, g, &h);
    if (our_techs[t].order < p) {
      if (n) { print_error("%s found where SE took %s: %s\n", our_techs[t].id, fields[2], h.best.text); bad++; }
      continue;
    }
    (*checked)++;
    int same = n > 0 && h.diff == milli(fields[1]) && strcmp(h.best.name, fields[2]) == 0;
    for (int c = 0; c < SK_CELLS && same; c++) same = (h.best.elim[c] & g->cand[c]) == want[c];
    if (!same) { print_error("SE %s %s; got %s\n", fields[2], fields[4], n ? h.best.text : "nothing"); bad++; }
  }
  for (int c = 0; c < SK_CELLS; c++)
    for (sk_mask m = want[c] & g->cand[c]; m; m &= m - 1) sk_grid_eliminate(g, c, sk_mask_first(m));
  if (strcmp(fields[3], "-") != 0) sk_grid_place(g, cell_at(fields[3]), fields[3][5] - '0');
  return bad;
}

static void se_paths(void **state) {
  (void)state;
  const char *shared = getenv("SK_SHARED");
  char path[1024];
  snprintf(path, sizeof path, "%s/data/se-paths.txt", shared ? shared : "");
  FILE *f = shared ? fopen(path, "r") : NULL;
  if (!f) skip();
  char line[4096];
  sk_grid g;
  int have = 0, bad = 0, checked = 0, steps = 0;
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\n")] = 0;
    if (line[0] == '#') {
      uint8_t v[SK_CELLS];
      for (int c = 0; c < SK_CELLS; c++) v[c] = line[1 + c] >= '1' && line[1 + c] <= '9' ? (uint8_t)(line[1 + c] - '0') : 0;
      have = sk_grid_from_values(&g, v, NULL) == 0;
      continue;
    }
    char *fields[5];
    int nf = 0;
    for (char *tok = strtok(line, "\t"); tok && nf < 5; tok = strtok(NULL, "\t")) fields[nf++] = tok;
    if (nf < 5 || !have) continue;
    steps++;
    bad += check_step(&g, fields, &checked);
  }
  fclose(f);
  print_message("se-paths: %d steps, %d steps of ours compared, %d disagreements\n", steps, checked, bad);
  assert_true(checked >= 80);
  assert_int_equal(bad, 0);
}

/* }====== */

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(ur_type1),
    cmocka_unit_test(ur_type2),
    cmocka_unit_test(ur_type3_naked),
    cmocka_unit_test(ur_type3_hidden),
    cmocka_unit_test(ur_type3_hidden_triple),
    cmocka_unit_test(ur_type4),
    cmocka_unit_test(loop6_type1),
    cmocka_unit_test(ur_none),
    cmocka_unit_test(ur_cheapest_wins),
    cmocka_unit_test(ur_se_float_order),
    cmocka_unit_test(bug_type1),
    cmocka_unit_test(bug_none),
    cmocka_unit_test(ape),
    cmocka_unit_test(ate),
    cmocka_unit_test(se_positions),
    cmocka_unit_test(se_oracle),
    cmocka_unit_test(se_paths),
  };
  return cmocka_run_group_tests(tests, setup, fixture_teardown);
}
