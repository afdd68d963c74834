/*
** test_techniques_basic.c -- singles, locking, subsets, fish and wings.
**
** The five plugins are loaded from the build and bound to ratings/se.yaml;
** techniques of the table that these plugins do not provide (unique loops,
** chains...) are bound to a stub that never finds anything.  Hand-made
** positions (mostly the empty grid with a few candidates removed, so that
** exactly the pattern under test exists) check what each technique finds,
** what it must not find, its exact placement or eliminations, and which
** instance comes first in Sudoku Explainer 1.2.1.3's scan order.  Last,
** SE's own solving paths of the puzzles it rates <= 4.4 are replayed step
** by step: tests/data/techniques/basic-se-paths.txt holds the 98 puzzles of
** ../shared/data/se-paths.txt whose ER is at most 4.4, in that file's
** format ("#puzzle", then "step<TAB>difficulty<TAB>name<TAB>placement<TAB>
** eliminations" lines, then "= ER").
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

#define PATHS SK_BUILD_RATINGS_DIR "/../tests/data/techniques/basic-se-paths.txt"

static const char *const plugins[] = {"singles", "locking", "subsets", "fish", "wings"};

/* a solved grid for the value-based positions */
static const char solution[] =
  "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

static int setup(void **state) {
  (void)state;
  return fixture_setup(plugins, sizeof plugins / sizeof plugins[0]);
}

/* {====== building positions */

static int rc(int r, int c) { return (r - 1) * 9 + (c - 1); }

/* Parse "r5c1" at s; returns the cell, moves *s past it. */
static int parse_cell(const char **s) {
  const char *p = *s;
  assert_true(p[0] == 'r' && p[2] == 'c');
  *s = p + 4;
  return rc(p[1] - '0', p[3] - '0');
}

static sk_grid empty(void) {
  sk_grid g;
  sk_grid_init(&g);
  return g;
}

/* The cell keeps exactly the digits of the string "47". */
static void only(sk_grid *g, int cell, const char *digits) {
  sk_mask keep = 0;
  for (const char *p = digits; *p; p++) keep |= SK_BIT(*p - '0');
  for (int d = 1; d <= 9; d++)
    if (!(keep & SK_BIT(d))) sk_grid_eliminate(g, cell, d);
}

/* Digit d stays in house h only at the cells named in "r1c2 r2c2". */
static void confine(sk_grid *g, int house, int d, const char *cells) {
  sk_bits keep = {{0, 0}};
  for (const char *p = cells; *p; ) {
    if (*p == ' ') { p++; continue; }
    sk_bits_set(&keep, parse_cell(&p));
  }
  for (int i = 0; i < 9; i++) {
    int c = sk_house_cell[house][i];
    if (!sk_bits_has(&keep, c)) sk_grid_eliminate(g, c, d);
  }
}

static int row(int r) { return r - 1; }
static int col(int c) { return 8 + c; }
static int box(int b) { return 17 + b; }

/* The solved grid with the named cells blank, candidates from the givens. */
static sk_grid blanks(const char *cells) {
  uint8_t v[SK_CELLS];
  for (int c = 0; c < SK_CELLS; c++) v[c] = (uint8_t)(solution[c] - '0');
  for (const char *p = cells; *p; ) {
    if (*p == ' ') { p++; continue; }
    v[parse_cell(&p)] = 0;
  }
  sk_grid g;
  assert_int_equal(sk_grid_from_values(&g, v, NULL), 0);
  return g;
}

/* }====== */

/* {====== running a technique */

typedef struct found {
  sk_hint hint;       /* the first hint */
  int32_t diff;
  int count;
} found;

static int keep_first(void *ud, const sk_hint *h, int32_t d) {
  found *f = ud;
  if (f->count++ == 0) { f->hint = *h; f->diff = d; }
  return 0;
}

/* Run technique id on g; all = 0 stops at the first hint.  The grid must
** come back untouched. */
static found run(const char *id, const sk_grid *g, int all) {
  found f;
  memset(&f, 0, sizeof f);
  int i = sk_table_find(sk_engine_table(fixture_engine), id);
  assert_true(i >= 0);
  sk_grid before = *g;
  int n = sk_engine_hints(fixture_engine, g, i, all, keep_first, &f);
  assert_int_equal(n, f.count);
  assert_memory_equal(&before, g, sizeof before);
  return f;
}

static found first(const char *id, const sk_grid *g) {
  found f = run(id, g, 0);
  assert_int_equal(f.count, 1);
  return f;
}

static void none(const char *id, const sk_grid *g) {
  found f = run(id, g, 1);
  assert_int_equal(f.count, 0);
}

/* The hint places exactly "r5c1=5" and removes nothing. */
static void expect_place(const found *f, const char *what) {
  const char *p = what;
  int cell = parse_cell(&p);
  assert_true(*p == '=');
  assert_int_equal(f->hint.cell, cell);
  assert_int_equal(f->hint.digit, p[1] - '0');
  for (int c = 0; c < SK_CELLS; c++) assert_int_equal(f->hint.elim[c], 0);
}

/* The hint places nothing and removes exactly "r1c1<>3 r2c5<>3,4". */
static void expect_elims(const found *f, const char *what) {
  sk_mask want[SK_CELLS] = {0};
  for (const char *p = what; *p; ) {
    if (*p == ' ') { p++; continue; }
    int cell = parse_cell(&p);
    assert_true(p[0] == '<' && p[1] == '>');
    for (p += 2; *p >= '1' && *p <= '9'; p++) {
      want[cell] |= SK_BIT(*p - '0');
      if (*p && p[1] == ',') p++;
    }
  }
  assert_int_equal(f->hint.cell, -1);
  for (int c = 0; c < SK_CELLS; c++) {
    if (f->hint.elim[c] != want[c])
      fail_msg("cell r%dc%d: eliminates %03x, expected %03x (%s)", c / 9 + 1, c % 9 + 1,
               f->hint.elim[c], want[c], f->hint.text);
  }
}

/* Eliminate the digits from every cell of a house except the skipped ones. */
static void house_elims(char *buf, size_t size, int house, const char *digits, sk_bits skip) {
  size_t n = strlen(buf);
  for (int i = 0; i < 9; i++) {
    int c = sk_house_cell[house][i];
    if (sk_bits_has(&skip, c)) continue;
    n += (size_t)snprintf(buf + n, size - n, "r%dc%d<>", c / 9 + 1, c % 9 + 1);
    for (const char *p = digits; *p; p++)
      n += (size_t)snprintf(buf + n, size - n, "%c%s", *p, p[1] ? "," : " ");
  }
}

static sk_bits cells_of(const char *list) {
  sk_bits b = {{0, 0}};
  for (const char *p = list; *p; ) {
    if (*p == ' ') { p++; continue; }
    sk_bits_set(&b, parse_cell(&p));
  }
  return b;
}

/* }====== */

/* {====== singles */

static void test_full_house(void **state) {
  (void)state;
  /* block 9 and column 1 have two blanks; column 8 one: columns before rows */
  sk_grid g = blanks("r1c1 r2c1 r9c8 r9c9");
  found f = first("full-house", &g);
  expect_place(&f, "r9c8=7");
  assert_int_equal(f.diff, 1000);
  /* only the rows are full houses */
  g = blanks("r1c1 r2c1");
  f = first("full-house", &g);
  expect_place(&f, "r1c1=5");
  /* blocks come first: block 5's single blank beats column 1's */
  g = blanks("r1c1 r1c2 r5c5");
  f = first("full-house", &g);
  expect_place(&f, "r5c5=5");
  /* no house with one blank */
  g = blanks("r1c1 r1c2 r2c1 r2c2");
  none("full-house", &g);
  none("full-house", &(sk_grid){0});
}

static void test_hidden_single(void **state) {
  (void)state;
  sk_grid g = empty();
  confine(&g, box(1), 3, "r2c2");
  confine(&g, box(1), 2, "r3c3");
  confine(&g, box(5), 7, "r5c5");
  found f = first("hidden-single-block", &g);
  expect_place(&f, "r3c3=2");           /* block 1 first, value 2 before 3 */
  assert_int_equal(f.diff, 1200);
  assert_int_equal(run("hidden-single-block", &g, 1).count, 3);
  none("hidden-single-line", &g);

  g = empty();
  confine(&g, row(1), 4, "r1c9");
  confine(&g, col(1), 6, "r9c1");
  f = first("hidden-single-line", &g);
  expect_place(&f, "r9c1=6");           /* columns before rows */
  assert_int_equal(f.diff, 1500);
  none("hidden-single-block", &g);
  confine(&g, row(1), 8, "r1c2");
  f = run("hidden-single-line", &g, 1);
  assert_int_equal(f.count, 3);
}

static void test_naked_single(void **state) {
  (void)state;
  sk_grid g = empty();
  only(&g, rc(3, 3), "4");
  only(&g, rc(2, 8), "2");
  found f = first("naked-single", &g);
  expect_place(&f, "r2c8=2");           /* row-major */
  assert_int_equal(f.diff, 2300);
  none("naked-single", &(sk_grid){0});
  g = empty();
  none("naked-single", &g);
}

/* }====== */

/* {====== locking */

static void test_pointing(void **state) {
  (void)state;
  /* block 1: 5 only in column 2; block 4: 5 at r4c2 and r5c1 */
  sk_grid g = empty();
  confine(&g, box(1), 5, "r1c2 r2c2");
  confine(&g, box(4), 5, "r4c2 r5c1");
  found f = first("direct-pointing", &g);
  expect_place(&f, "r5c1=5");           /* no eliminations: SE 1.2.1.3 */
  assert_int_equal(f.diff, 1700);
  assert_true(f.hint.focus[rc(1, 2)] & SK_BIT(5));
  f = first("pointing", &g);
  expect_elims(&f, "r4c2<>5 r7c2<>5 r8c2<>5 r9c2<>5");
  assert_int_equal(f.diff, 2600);

  /* block->column pairs before block->row pairs */
  g = empty();
  confine(&g, box(1), 9, "r1c1 r1c2");
  confine(&g, box(5), 8, "r4c5 r6c5");
  f = first("pointing", &g);
  expect_elims(&f, "r1c5<>8 r2c5<>8 r3c5<>8 r7c5<>8 r8c5<>8 r9c5<>8");
  assert_int_equal(run("pointing", &g, 1).count, 2);
  /* nothing left in a second block: a pointing, but no direct one */
  none("direct-pointing", &g);

  /* block 4 already has a hidden single for 5: that is not a direct pointing */
  g = empty();
  confine(&g, box(1), 5, "r1c2 r2c2");
  confine(&g, box(4), 5, "r5c1");
  none("direct-pointing", &g);
  assert_int_equal(run("pointing", &g, 1).count, 1);
}

static void test_claiming(void **state) {
  (void)state;
  sk_grid g = empty();
  confine(&g, row(1), 3, "r1c1 r1c2");
  confine(&g, row(2), 3, "r2c1 r2c5");
  found f = first("direct-claiming", &g);
  expect_place(&f, "r2c5=3");
  assert_int_equal(f.diff, 1900);
  f = first("claiming", &g);
  expect_elims(&f, "r2c1<>3 r3c1<>3 r3c2<>3 r3c3<>3");
  assert_int_equal(f.diff, 2800);

  /* column->block pairs before row->block pairs */
  g = empty();
  confine(&g, row(1), 6, "r1c1 r1c3");
  confine(&g, col(9), 4, "r7c9 r9c9");
  f = first("claiming", &g);
  expect_elims(&f, "r7c7<>4 r7c8<>4 r8c7<>4 r8c8<>4 r9c7<>4 r9c8<>4");
}

/* }====== */

/* {====== naked and hidden sets */

static void test_naked_sets(void **state) {
  (void)state;
  char want[2048] = "";
  sk_grid g = empty();
  only(&g, rc(5, 1), "47");
  only(&g, rc(5, 9), "47");
  only(&g, rc(8, 8), "12");
  only(&g, rc(9, 9), "12");
  found f = first("naked-pair", &g);    /* blocks before rows */
  house_elims(want, sizeof want, box(9), "12", cells_of("r8c8 r9c9"));
  expect_elims(&f, want);
  assert_int_equal(f.diff, 3000);
  assert_int_equal(f.hint.fig[SK_FIG_SIZE], 2);
  assert_int_equal(run("naked-pair", &g, 1).count, 2);

  /* columns before rows */
  g = empty();
  only(&g, rc(1, 1), "47");
  only(&g, rc(1, 9), "47");
  only(&g, rc(2, 9), "56");
  only(&g, rc(8, 9), "56");
  f = first("naked-pair", &g);
  want[0] = 0;
  house_elims(want, sizeof want, col(9), "56", cells_of("r1c9 r2c9 r8c9"));
  expect_elims(&f, want);

  /* position tuples in increasing bit-mask order: block positions {1,2}
  ** (r1c2,r1c3) before {0,3} (r1c1,r2c1) */
  g = empty();
  only(&g, rc(1, 2), "12");
  only(&g, rc(1, 3), "12");
  only(&g, rc(1, 1), "34");
  only(&g, rc(2, 1), "34");
  f = first("naked-pair", &g);
  expect_elims(&f, "r2c2<>1,2 r2c3<>1,2 r3c1<>1,2 r3c2<>1,2 r3c3<>1,2");

  /* a cell with a single candidate is no part of a set */
  g = empty();
  only(&g, rc(1, 1), "4");
  only(&g, rc(1, 2), "47");
  none("naked-pair", &g);

  g = empty();
  only(&g, rc(2, 3), "12");
  only(&g, rc(5, 3), "23");
  only(&g, rc(8, 3), "13");
  f = first("naked-triple", &g);
  want[0] = 0;
  house_elims(want, sizeof want, col(3), "123", cells_of("r2c3 r5c3 r8c3"));
  expect_elims(&f, want);
  assert_int_equal(f.diff, 3600);
  assert_int_equal(f.hint.fig[SK_FIG_SIZE], 3);
  none("naked-pair", &g);

  g = empty();
  only(&g, rc(9, 1), "12");
  only(&g, rc(9, 4), "23");
  only(&g, rc(9, 6), "34");
  only(&g, rc(9, 8), "14");
  f = first("naked-quad", &g);
  want[0] = 0;
  house_elims(want, sizeof want, row(9), "1234", cells_of("r9c1 r9c4 r9c6 r9c8"));
  expect_elims(&f, want);
  assert_int_equal(f.diff, 5000);
  assert_int_equal(f.hint.fig[SK_FIG_SIZE], 4);
  none("naked-triple", &g);
}

/* Row 1 has four empty cells, r1c1..r1c4: a naked pair {5,6} counts (at
** least 2n empty cells), the hidden pair {1,2} does not (more than 2n). */
static void test_set_house_size(void **state) {
  (void)state;
  uint8_t v[SK_CELLS];
  sk_mask cand[SK_CELLS] = {0};
  for (int c = 0; c < SK_CELLS; c++) v[c] = (uint8_t)(solution[c] - '0');
  for (int c = 0; c < 4; c++) v[c] = 0;
  cand[0] = SK_BIT(1) | SK_BIT(2) | SK_BIT(5);
  cand[1] = SK_BIT(1) | SK_BIT(2) | SK_BIT(6);
  cand[2] = cand[3] = SK_BIT(5) | SK_BIT(6);
  sk_grid g;
  sk_grid_from_candidates(&g, cand, v);
  found f = first("naked-pair", &g);
  expect_elims(&f, "r1c1<>5 r1c2<>6");
  none("hidden-pair", &g);
  /* the direct kind needs only more than n: block 1 (3 empty cells) has
  ** {1,2} in r1c1,r1c2, which leaves 5 one place */
  f = first("direct-hidden-pair", &g);
  expect_place(&f, "r1c3=5");
}

static void test_hidden_sets(void **state) {
  (void)state;
  sk_grid g = empty();
  confine(&g, box(1), 1, "r1c1 r1c2");
  confine(&g, box(1), 2, "r1c1 r1c2");
  confine(&g, box(1), 9, "r1c1 r3c3");
  found f = first("hidden-pair", &g);
  expect_elims(&f, "r1c1<>3,4,5,6,7,8,9 r1c2<>3,4,5,6,7,8");
  assert_int_equal(f.diff, 3400);
  assert_int_equal(f.hint.fig[SK_FIG_SIZE], 2);
  f = first("direct-hidden-pair", &g);
  expect_place(&f, "r3c3=9");
  assert_int_equal(f.diff, 2000);

  /* value tuples in increasing bit-mask order: {2,3} comes before {1,4} */
  g = empty();
  confine(&g, box(1), 2, "r1c1 r1c2");
  confine(&g, box(1), 3, "r1c1 r1c2");
  confine(&g, box(1), 1, "r3c2 r3c3");
  confine(&g, box(1), 4, "r3c2 r3c3");
  f = first("hidden-pair", &g);
  expect_elims(&f, "r1c1<>5,6,7,8,9 r1c2<>5,6,7,8,9");
  none("direct-hidden-pair", &g);

  /* hidden triple in row 5 (blocks and columns have none) */
  g = empty();
  confine(&g, row(5), 1, "r5c2 r5c5");
  confine(&g, row(5), 2, "r5c5 r5c8");
  confine(&g, row(5), 3, "r5c2 r5c8");
  f = first("hidden-triple", &g);
  expect_elims(&f, "r5c2<>4,5,6,7,8,9 r5c5<>4,5,6,7,8,9 r5c8<>4,5,6,7,8,9");
  assert_int_equal(f.diff, 4000);
  assert_int_equal(f.hint.fig[SK_FIG_SIZE], 3);
  none("hidden-pair", &g);
  none("direct-hidden-triple", &g);
  confine(&g, row(5), 9, "r5c2 r5c9");
  f = first("direct-hidden-triple", &g);
  expect_place(&f, "r5c9=9");
  assert_int_equal(f.diff, 2500);

  g = empty();
  confine(&g, col(7), 1, "r1c7 r3c7");
  confine(&g, col(7), 2, "r3c7 r6c7");
  confine(&g, col(7), 3, "r6c7 r9c7");
  confine(&g, col(7), 4, "r1c7 r9c7");
  f = first("hidden-quad", &g);
  expect_elims(&f, "r1c7<>5,6,7,8,9 r3c7<>5,6,7,8,9 r6c7<>5,6,7,8,9 r9c7<>5,6,7,8,9");
  assert_int_equal(f.diff, 5400);
  assert_int_equal(f.hint.fig[SK_FIG_SIZE], 4);
  none("hidden-triple", &g);
}

/* }====== */

/* {====== fish */

/* Digit d stays in each listed column only in the listed rows. */
static void column_fish(sk_grid *g, int d, const char *cols, const char *rows) {
  for (const char *c = cols; *c; c++)
    for (int r = 1; r <= 9; r++)
      if (!strchr(rows, '0' + r)) sk_grid_eliminate(g, rc(r, *c - '0'), d);
}

static void row_fish(sk_grid *g, int d, const char *rows, const char *cols) {
  for (const char *r = rows; *r; r++)
    for (int c = 1; c <= 9; c++)
      if (!strchr(cols, '0' + c)) sk_grid_eliminate(g, rc(*r - '0', c), d);
}

/* The eliminations of d in the cover lines outside the base lines. */
static void fish_elims(char *buf, size_t size, int d, int base_cols,
                       const char *base, const char *cover) {
  size_t n = 0;
  buf[0] = 0;
  for (const char *x = cover; *x; x++)
    for (int y = 1; y <= 9; y++) {
      if (strchr(base, '0' + y)) continue;
      int r = base_cols ? *x - '0' : y, c = base_cols ? y : *x - '0';
      n += (size_t)snprintf(buf + n, size - n, "r%dc%d<>%d ", r, c, d);
    }
}

static void test_x_wing(void **state) {
  (void)state;
  char want[1024];
  sk_grid g = empty();
  column_fish(&g, 7, "28", "15");
  found f = first("x-wing", &g);
  fish_elims(want, sizeof want, 7, 1, "28", "15");
  expect_elims(&f, want);
  assert_string_equal(f.hint.text, "X-Wing: 7 in c2,c8 at r1,r5");
  assert_int_equal(f.diff, 3200);
  assert_int_equal(f.hint.fig[SK_FIG_SIZE], 2);
  none("swordfish", &g);

  /* tuple of lines outside, values inside: c1,c2 (9) before c4,c6 (2) */
  g = empty();
  column_fish(&g, 9, "12", "37");
  column_fish(&g, 2, "46", "28");
  f = first("x-wing", &g);
  fish_elims(want, sizeof want, 9, 1, "12", "37");
  expect_elims(&f, want);

  /* tuples in increasing bit-mask order: c2,c3 before c1,c4 */
  g = empty();
  column_fish(&g, 4, "14", "26");
  column_fish(&g, 5, "23", "49");
  f = first("x-wing", &g);
  fish_elims(want, sizeof want, 5, 1, "23", "49");
  expect_elims(&f, want);

  /* columns before rows */
  g = empty();
  row_fish(&g, 6, "12", "59");
  column_fish(&g, 3, "89", "89");
  f = first("x-wing", &g);
  fish_elims(want, sizeof want, 3, 1, "89", "89");
  expect_elims(&f, want);
  g = empty();
  row_fish(&g, 6, "12", "59");
  f = first("x-wing", &g);
  fish_elims(want, sizeof want, 6, 0, "12", "59");
  expect_elims(&f, want);
  assert_string_equal(f.hint.text, "X-Wing: 6 in r1,r2 at c5,c9");
}

/* SE tries a value only while at least 2n of its copies are unplaced. */
static void test_fish_needs_unplaced(void **state) {
  (void)state;
  static const int ones[6] = {0, 12, 24, 28, 40, 52};   /* r1c1 r2c4 r3c7 r4c2 r5c5 r6c8 */
  uint8_t v[SK_CELLS] = {0};
  sk_mask cand[SK_CELLS];
  for (int c = 0; c < SK_CELLS; c++) cand[c] = (sk_mask)(SK_ALL_DIGITS & ~SK_BIT(1));
  for (int i = 0; i < 6; i++) v[ones[i]] = 1;
  static const char *const x1 = "r7c3 r7c6 r7c9 r8c3 r8c6 r9c9";
  for (const char *p = x1; *p; ) {
    if (*p == ' ') { p++; continue; }
    cand[parse_cell(&p)] |= SK_BIT(1);
  }
  sk_grid g;
  sk_grid_from_candidates(&g, cand, v);
  none("x-wing", &g);                   /* six 1s placed: 6 + 4 > 9 */
  v[ones[5]] = 0;
  cand[ones[5]] = SK_ALL_DIGITS;
  sk_grid_from_candidates(&g, cand, v);
  found f = first("x-wing", &g);
  expect_elims(&f, "r7c9<>1");
}

static void test_swordfish_jellyfish(void **state) {
  (void)state;
  char want[1024];
  sk_grid g = empty();
  sk_grid_eliminate(&g, rc(8, 1), 8);   /* c1 {r2,r4}, c5 {r4,r8}, c9 {r2,r8} */
  sk_grid_eliminate(&g, rc(2, 5), 8);
  sk_grid_eliminate(&g, rc(4, 9), 8);
  column_fish(&g, 8, "159", "248");
  found f = first("swordfish", &g);
  fish_elims(want, sizeof want, 8, 1, "159", "248");
  expect_elims(&f, want);
  assert_int_equal(f.diff, 3800);
  assert_int_equal(f.hint.fig[SK_FIG_SIZE], 3);
  none("x-wing", &g);

  g = empty();
  row_fish(&g, 2, "1357", "1357");
  sk_grid_eliminate(&g, rc(1, 3), 2);   /* r1 {c1,c7}, r3 {c1,c3}, r5 {c3,c5}, r7 {c5,c7} */
  sk_grid_eliminate(&g, rc(1, 5), 2);
  sk_grid_eliminate(&g, rc(3, 5), 2);
  sk_grid_eliminate(&g, rc(3, 7), 2);
  sk_grid_eliminate(&g, rc(5, 1), 2);
  sk_grid_eliminate(&g, rc(5, 7), 2);
  sk_grid_eliminate(&g, rc(7, 1), 2);
  sk_grid_eliminate(&g, rc(7, 3), 2);
  f = first("jellyfish", &g);
  fish_elims(want, sizeof want, 2, 0, "1357", "1357");
  expect_elims(&f, want);
  assert_int_equal(f.diff, 5200);
  assert_int_equal(f.hint.fig[SK_FIG_SIZE], 4);
  none("swordfish", &g);
  none("x-wing", &g);
}

/* }====== */

/* {====== wings */

static void test_xy_wing(void **state) {
  (void)state;
  sk_grid g = empty();
  only(&g, rc(5, 5), "12");
  only(&g, rc(5, 1), "13");
  only(&g, rc(1, 5), "23");
  found f = first("xy-wing", &g);
  expect_elims(&f, "r1c1<>3");
  assert_int_equal(f.diff, 4200);
  none("xyz-wing", &g);

  /* pivots in row-major order: r2c7 before r5c5 */
  only(&g, rc(2, 7), "45");
  only(&g, rc(2, 2), "46");
  only(&g, rc(8, 7), "56");
  f = first("xy-wing", &g);
  expect_elims(&f, "r8c2<>6");

  /* a pivot whose wings share a value with both of its values is none */
  g = empty();
  only(&g, rc(5, 5), "12");
  only(&g, rc(5, 1), "12");
  only(&g, rc(1, 5), "12");
  none("xy-wing", &g);
}

static void test_xyz_wing(void **state) {
  (void)state;
  sk_grid g = empty();
  only(&g, rc(5, 5), "123");
  only(&g, rc(5, 4), "13");
  only(&g, rc(1, 5), "23");
  found f = first("xyz-wing", &g);
  expect_elims(&f, "r4c5<>3 r6c5<>3");
  assert_int_equal(f.diff, 4400);
  none("xy-wing", &g);
  /* z must be in both wings: {1,3} and {1,2} give z = 1 */
  g = empty();
  only(&g, rc(5, 5), "123");
  only(&g, rc(5, 4), "13");
  only(&g, rc(4, 5), "12");
  f = first("xyz-wing", &g);
  expect_elims(&f, "r4c4<>1 r4c6<>1 r5c6<>1 r6c4<>1 r6c5<>1 r6c6<>1");
}

/* }====== */

/* {====== SE's solving paths */

typedef struct ref_step {
  int tenths;
  int cell, digit;           /* -1 when none */
  char elims[1024];          /* "r1c2<>3 r4c5<>6", sorted as SE prints them */
} ref_step;

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The engine's eliminations in SE's form: "rXcY<>D" sorted as strings. */
static void step_elims(const sk_step *s, char *buf, size_t size) {
  char (*tok)[16] = malloc((size_t)(s->nelim ? s->nelim : 1) * sizeof *tok);
  char **ptr = malloc((size_t)(s->nelim ? s->nelim : 1) * sizeof *ptr);
  assert_non_null(tok);
  assert_non_null(ptr);
  for (int i = 0; i < s->nelim; i++) {
    int c = s->elim[i] / 16;
    snprintf(tok[i], sizeof tok[i], "r%dc%d<>%d", c / 9 + 1, c % 9 + 1, s->elim[i] % 16);
    ptr[i] = tok[i];
  }
  qsort(ptr, (size_t)s->nelim, sizeof *ptr, cmp_str);
  size_t n = 0;
  buf[0] = 0;
  for (int i = 0; i < s->nelim; i++)
    n += (size_t)snprintf(buf + n, size - n, "%s%s", i ? " " : "", ptr[i]);
  if (s->nelim == 0) snprintf(buf, size, "-");
  free(tok);
  free(ptr);
}

/* Rate the puzzle and compare every step with SE's; returns 1 if equal. */
static int replay(const char *puzzle, const ref_step *ref, int nref, int er) {
  uint8_t v[SK_CELLS];
  for (int c = 0; c < SK_CELLS; c++)
    v[c] = (uint8_t)(puzzle[c] >= '1' && puzzle[c] <= '9' ? puzzle[c] - '0' : 0);
  sk_grid g;
  assert_int_equal(sk_grid_from_values(&g, v, NULL), 0);
  sk_rate_opts o = {0};
  o.record = 1;
  sk_rating r;
  assert_int_equal(sk_rate(fixture_engine, &g, &o, &r), 0);
  int ok = !r.stuck && r.nsteps == nref && sk_milli_to_tenths(r.er) == er;
  for (int i = 0; i < r.nsteps && i < nref && ok; i++) {
    const sk_step *s = &r.steps[i];
    char el[8192];
    step_elims(s, el, sizeof el);
    if (sk_milli_to_tenths(s->difficulty) != ref[i].tenths || s->cell != ref[i].cell ||
        (s->cell >= 0 && s->digit != ref[i].digit) || strcmp(el, ref[i].elims) != 0) {
      print_message("%s: step %d differs: %s (%s) %s, SE %d.%d %s\n", puzzle, i + 1, s->id,
                    s->text, el, ref[i].tenths / 10, ref[i].tenths % 10, ref[i].elims);
      ok = 0;
    }
  }
  if (!ok && r.nsteps != nref)
    print_message("%s: %d steps, SE %d\n", puzzle, r.nsteps, nref);
  sk_rating_free(&r);
  return ok;
}

/* Sort an elimination list "a b c" in place, as step_elims does. */
static void sort_elims(char *s) {
  char *tok[800], copy[1024];
  int n = 0;
  snprintf(copy, sizeof copy, "%s", s);
  for (char *t = strtok(copy, " "); t && n < 800; t = strtok(NULL, " ")) tok[n++] = t;
  qsort(tok, (size_t)n, sizeof *tok, cmp_str);
  char out[1024];
  size_t len = 0;
  out[0] = 0;
  for (int i = 0; i < n; i++) len += (size_t)snprintf(out + len, sizeof out - len, "%s%s", i ? " " : "", tok[i]);
  memcpy(s, out, len + 1);
}

/* sk_rate_opts.profile: every step asks the table's entries in order up to
** the one that gives it, so entry i is searched once per step taken by
** entries i and later (and once more when the rating gets stuck), and its
** hits are the steps it gave. */
static void test_profile(void **state) {
  (void)state;
  const char *puzzle =
    "..9.....3.....9...7.....5.6..65..4.....3......28......3..75.6..6...........12.3.8";
  uint8_t v[SK_CELLS];
  for (int c = 0; c < SK_CELLS; c++)
    v[c] = (uint8_t)(puzzle[c] >= '1' && puzzle[c] <= '9' ? puzzle[c] - '0' : 0);
  sk_grid g;
  assert_int_equal(sk_grid_from_values(&g, v, NULL), 0);
  int n = sk_engine_table(fixture_engine)->n;
  sk_tech_profile *prof = calloc((size_t)n, sizeof *prof);
  long *steps = calloc((size_t)n, sizeof *steps);
  assert_non_null(prof);
  assert_non_null(steps);
  sk_rate_opts o = {0};
  o.record = 1;
  o.profile = prof;
  sk_rating r;
  assert_int_equal(sk_rate(fixture_engine, &g, &o, &r), 0);
  assert_int_equal(sk_milli_to_tenths(r.er), 42);    /* SE's ER for this puzzle */
  assert_true(r.nsteps > 20);
  for (int i = 0; i < r.nsteps; i++) steps[r.steps[i].tech]++;
  long later = r.stuck ? 1 : 0, used = 0;
  for (int i = n - 1; i >= 0; i--) {
    later += steps[i];
    assert_int_equal(prof[i].hits, steps[i]);
    assert_int_equal(prof[i].calls, later);
    assert_true(prof[i].seconds >= 0);
    used += prof[i].hits > 0;
  }
  assert_true(used >= 3);
  /* a second rating adds to the same counts */
  sk_rating_free(&r);
  o.record = 0;
  assert_int_equal(sk_rate(fixture_engine, &g, &o, &r), 0);
  assert_int_equal(prof[0].calls, 2 * (r.nsteps + (r.stuck ? 1 : 0)));
  sk_rating_free(&r);
  free(prof);
  free(steps);
}

static void test_se_paths(void **state) {
  (void)state;
  FILE *f = fopen(PATHS, "r");
  if (!f) fail_msg("cannot open %s", PATHS);
  static ref_step ref[400];
  char line[4096], puzzle[96] = "";
  int nref = 0, total = 0, same = 0;
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\r\n")] = 0;
    if (line[0] == '#') {
      snprintf(puzzle, sizeof puzzle, "%.81s", line + 1);
      nref = 0;
    } else if (line[0] == '=') {
      int a = 0, b = 0;
      assert_int_equal(sscanf(line, "= %d.%d", &a, &b), 2);
      total++;
      same += replay(puzzle, ref, nref, a * 10 + b);
    } else if (line[0]) {
      /* step  difficulty  name  placement  eliminations */
      char *fld[5];
      int k = 0;
      fld[k++] = line;
      for (char *p = line; *p && k < 5; p++)
        if (*p == '\t') { *p = 0; fld[k++] = p + 1; }
      assert_int_equal(k, 5);
      assert_true(nref < 400);
      ref_step *s = &ref[nref++];
      int a = 0, b = 0;
      assert_int_equal(sscanf(fld[1], "%d.%d", &a, &b), 2);
      s->tenths = a * 10 + b;
      s->cell = -1;
      s->digit = 0;
      if (strcmp(fld[3], "-") != 0) {
        const char *p = fld[3];
        s->cell = parse_cell(&p);
        s->digit = p[1] - '0';
      }
      snprintf(s->elims, sizeof s->elims, "%s", fld[4]);
      if (strcmp(s->elims, "-") != 0) sort_elims(s->elims);
    }
  }
  fclose(f);
  print_message("SE paths replayed: %d of %d identical\n", same, total);
  assert_true(total >= 90);
  assert_int_equal(same, total);
}

/* }====== */

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_full_house),
    cmocka_unit_test(test_hidden_single),
    cmocka_unit_test(test_naked_single),
    cmocka_unit_test(test_pointing),
    cmocka_unit_test(test_claiming),
    cmocka_unit_test(test_naked_sets),
    cmocka_unit_test(test_set_house_size),
    cmocka_unit_test(test_hidden_sets),
    cmocka_unit_test(test_x_wing),
    cmocka_unit_test(test_fish_needs_unplaced),
    cmocka_unit_test(test_swordfish_jellyfish),
    cmocka_unit_test(test_xy_wing),
    cmocka_unit_test(test_xyz_wing),
    cmocka_unit_test(test_profile),
    cmocka_unit_test(test_se_paths),
  };
  return cmocka_run_group_tests(tests, setup, fixture_teardown);
}
