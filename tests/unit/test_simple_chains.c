/*
** test_simple_chains.c -- HoDoKu's X-Chain, XY-Chain and Remote Pair
** (techniques/simple_chains.c).
**
** The build's plugins are bound to ratings/hodoku.yaml (its reglib rules
** write the library lines checked here); a rating step is asked of a table
** holding one technique only, so that the step it takes is the technique's
** own first hint, found the way a rating finds it (the search drops what
** cannot come first there).  Hand-built positions check what each
** technique finds, what it must not find, its text, eliminations, focus,
** length and library line, and that the rating step's hint is the
** listing's first; positions of HoDoKu's own solution paths check
** HoDoKu's texts, a Remote Pair of six cells, and two chains that
** compareTo calls equal.  With SK_SHARED set, HoDoKu's /vp paths of
** mixed-1090 and top1465 are replayed: at every step of these techniques
** the rating step's hint is HoDoKu's step, and at every step HoDoKu takes
** from a later technique they find nothing.
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
#include "sk_reglib.h"

static sk_engine *eng;                 /* the build's plugins, ratings/hodoku.yaml */

static sk_engine *make_engine(const char *table_text) {
  sk_error err = {{0}};
  sk_engine *e = sk_engine_new();
  if (!e) return NULL;
  if (sk_engine_load_dir(e, SK_BUILD_PLUGIN_DIR, &err) != 0) {
    fprintf(stderr, "%s\n", err.msg);
    sk_engine_free(e);
    return NULL;
  }
  sk_table *t = table_text ? sk_table_parse(table_text, strlen(table_text), "<test table>", &err)
                           : sk_table_load(SK_BUILD_RATINGS_DIR "/hodoku.yaml", &err);
  if (!t || sk_engine_use_table(e, t, &err) != 0) {
    fprintf(stderr, "%s\n", err.msg);
    sk_table_free(t);
    sk_engine_free(e);
    return NULL;
  }
  return e;
}

static int setup(void **state) {
  (void)state;
  eng = make_engine(NULL);
  return eng ? 0 : -1;
}

static int teardown(void **state) {
  (void)state;
  sk_engine_free(eng);
  return 0;
}

/* {====== positions */

static int rc(int r, int c) { return (r - 1) * 9 + (c - 1); }

/* Parse "r5c1" at *s, move past it. */
static int parse_cell(const char **s) {
  const char *p = *s;
  assert_true(p[0] == 'r' && p[2] == 'c');
  *s = p + 4;
  return rc(p[1] - '0', p[3] - '0');
}

/* Digit d stays in column c only at rows r1 and r2. */
static void col_pair(sk_grid *g, int c, int d, int r1, int r2) {
  for (int r = 1; r <= 9; r++)
    if (r != r1 && r != r2) sk_grid_eliminate(g, rc(r, c), d);
}

/* The cells of "r1c1 r2c5" hold exactly the digits of mask m. */
static void set_cands(sk_grid *g, const char *cells, sk_mask m) {
  for (const char *p = cells; *p; ) {
    if (*p == ' ') { p++; continue; }
    int c = parse_cell(&p);
    for (int d = 1; d <= 9; d++)
      if (!(m & SK_BIT(d))) sk_grid_eliminate(g, c, d);
  }
}

static sk_mask digits(int a, int b) { return (sk_mask)(SK_BIT(a) | (b ? SK_BIT(b) : 0)); }

/* A state written as a library line (":0000::givens:deleted:::"). */
static sk_grid from_library(const char *line) {
  sk_libline l;
  char msg[256];
  sk_grid g;
  if (sk_libline_parse(line, strlen(line), &l, msg, sizeof msg) != 0) fail_msg("%s", msg);
  assert_int_equal(sk_libline_grid(&l, &g, NULL), 0);
  return g;
}

/* }====== */

/* {====== running a technique */

#define MAX_FOUND 256

typedef struct found {
  sk_hint hint[MAX_FOUND];     /* in emission order */
  int count;
} found;

static int keep(void *ud, const sk_hint *h, int32_t d) {
  (void)d;
  found *f = ud;
  if (f->count < MAX_FOUND) f->hint[f->count] = *h;
  f->count++;
  return 0;
}

/* Every hint of technique id on g (the grid must come back untouched). */
static found *all_of(const char *id, const sk_grid *g) {
  static found f;
  memset(&f, 0, sizeof f);
  int i = sk_table_find(sk_engine_table(eng), id);
  assert_true(i >= 0);
  sk_grid before = *g;
  int n = sk_engine_hints(eng, g, i, 1, keep, &f);
  assert_int_equal(n, f.count);
  assert_true(f.count <= MAX_FOUND);
  assert_memory_equal(&before, g, sizeof before);
  return &f;
}

/* The listing's first: the least order (the table's difficulties are
** alike), then the first emitted. */
static const sk_hint *listed_first(const found *f) {
  if (f->count == 0) return NULL;
  int b = 0;
  for (int i = 1; i < f->count; i++)
    if (f->hint[i].order < f->hint[b].order) b = i;
  return &f->hint[b];
}

/* HoDoKu's print of a hint: its text, " => ", the eliminations by digit
** with HoDoKu's compact cell lists ("r1c2,r34c5<>6, r7c8<>3"). */
static void hodoku_cells(char *out, size_t size, const sk_mask *m, sk_mask d) {
  unsigned char used[SK_CELLS] = {0};
  size_t at = 0;
  out[0] = 0;
  for (int c = 0; c < SK_CELLS; c++) {
    if (!(m[c] & d) || used[c]) continue;
    char rows[10] = {(char)('1' + c / 9)}, cols[10] = {(char)('1' + c % 9)};
    int nr = 1, nc = 1;
    for (int o = c + 1; o < SK_CELLS; o++) {
      if (!(m[o] & d) || used[o]) continue;
      if (o / 9 == c / 9 && nr == 1) { cols[nc++] = (char)('1' + o % 9); used[o] = 1; }
      else if (o % 9 == c % 9 && nc == 1) { rows[nr++] = (char)('1' + o / 9); used[o] = 1; }
    }
    at += (size_t)snprintf(out + at, size - at, "%sr%sc%s", at ? "," : "", rows, cols);
  }
}

static void hodoku_print(char *out, size_t size, const char *text, const sk_mask *elim) {
  sk_mask all = 0;
  for (int c = 0; c < SK_CELLS; c++) all |= elim[c];
  size_t n = (size_t)snprintf(out, size, "%s =>", text);
  int first = 1;
  for (int d = 1; d <= 9; d++) {
    if (!(all & SK_BIT(d))) continue;
    char cells[256];
    hodoku_cells(cells, sizeof cells, elim, SK_BIT(d));
    n += (size_t)snprintf(out + n, size - n, "%s %s<>%d", first ? "" : ",", cells, d);
    first = 0;
  }
}

/* The step a rating takes with a table of technique id alone (more: further
** lines of its entry, or NULL), printed as HoDoKu prints it; "-" for none. */
static void rating_step(const char *id, const char *more, const sk_grid *g, char *out,
                        size_t size) {
  char table[512];
  snprintf(table, sizeof table, "name: t\ntechniques:\n  - id: %s\n    base: 2.6\n%s", id,
           more ? more : "");
  sk_engine *e = make_engine(table);
  assert_non_null(e);
  sk_rate_opts o = {0};
  o.record = 1;
  o.max_steps = 1;
  sk_rating r;
  assert_int_equal(sk_rate(e, g, &o, &r), 0);
  snprintf(out, size, "-");
  if (r.nsteps > 0) {
    sk_mask elim[SK_CELLS] = {0};
    for (int k = 0; k < r.steps[0].nelim; k++)
      elim[r.steps[0].elim[k] / 16] |= SK_BIT(r.steps[0].elim[k] % 16);
    hodoku_print(out, size, r.steps[0].text, elim);
  }
  sk_rating_free(&r);
  sk_engine_free(e);
}

/* The listing's first and the rating step are both `want` (HoDoKu's
** print); returns the listing's first. */
static const sk_hint *expect_first(const char *id, const sk_grid *g, const char *want) {
  const found *f = all_of(id, g);
  const sk_hint *h = listed_first(f);
  assert_non_null(h);
  char got[SK_HINT_TEXT + 512];
  hodoku_print(got, sizeof got, h->text, h->elim);
  assert_string_equal(got, want);
  rating_step(id, NULL, g, got, sizeof got);
  assert_string_equal(got, want);
  return h;
}

/* The library line the table's reglib rule writes for h. */
static void expect_libline(const char *id, const sk_grid *g, const sk_hint *h, const char *want) {
  const sk_table *t = sk_engine_table(eng);
  const sk_reglib_rule *r = sk_table_reglib(&t->entry[sk_table_find(t, id)]);
  assert_non_null(r);
  char line[SK_LIBLINE_MAX];
  assert_true(sk_libline_write(line, sizeof line, g, h, r) >= 0);
  assert_string_equal(line, want);
}

static void expect_none(const char *id, const sk_grid *g) {
  assert_int_equal(all_of(id, g)->count, 0);
  char got[64];
  rating_step(id, NULL, g, got, sizeof got);
  assert_string_equal(got, "-");
}

/* The hint's focus: digits m in the cells of "r1c1 r2c5", nothing else. */
static void expect_focus(const sk_hint *h, const char *cells, sk_mask m) {
  sk_mask want[SK_CELLS] = {0};
  for (const char *p = cells; *p; ) {
    if (*p == ' ') { p++; continue; }
    want[parse_cell(&p)] = m;
  }
  for (int c = 0; c < SK_CELLS; c++)
    if (h->focus[c] != want[c])
      fail_msg("r%dc%d: focus %03x, expected %03x (%s)", c / 9 + 1, c % 9 + 1, h->focus[c],
               want[c], h->text);
}

/* }====== */

/* {====== X-Chain */

/* 1 twice in column 1 (r2c1, r7c1) and in column 6 (r3c6, r7c6), row 7
** linking them: r2c1 =1= r7c1 -1- r7c6 =1= r3c6, so 1 leaves the cells
** that see r2c1 and r3c6 (r2c45, r3c23; r2c6 and r3c1 have no 1 left).
** Started from r3c6 the chain has the same eliminations and length, and
** HoDoKu keeps the first. */
static void test_x_chain(void **state) {
  (void)state;
  sk_grid g;
  sk_grid_init(&g);
  col_pair(&g, 1, 1, 2, 7);
  col_pair(&g, 6, 1, 3, 7);
  const sk_hint *h = expect_first("x-chain", &g,
                                  "X-Chain: 1 r2c1 =1= r7c1 -1- r7c6 =1= r3c6 => r2c45,r3c23<>1");
  assert_int_equal(all_of("x-chain", &g)->count, 1);
  h = listed_first(all_of("x-chain", &g));
  assert_int_equal(h->fig[SK_FIG_LENGTH], 3);
  assert_int_equal(h->cell, -1);
  expect_focus(h, "r2c1 r7c1 r7c6 r3c6", SK_BIT(1));
}

/* Conjugate pairs that no weak link joins, the empty grid, and an
** X-Chain's other digits: nothing. */
static void test_x_chain_none(void **state) {
  (void)state;
  sk_grid g;
  sk_grid_init(&g);
  expect_none("x-chain", &g);
  col_pair(&g, 1, 1, 2, 4);
  col_pair(&g, 6, 1, 7, 8);          /* r2c1, r4c1 and r7c6, r8c6 share no house */
  expect_none("x-chain", &g);
  sk_grid_init(&g);
  col_pair(&g, 1, 1, 2, 7);          /* r2c1 =1= r7c1: a single strong link */
  expect_none("x-chain", &g);
}

/* HoDoKu's solution path of top1465 #37: an X-Chain of seven links. */
static void test_x_chain_hodoku(void **state) {
  (void)state;
  static const char st[] =
    ":0000::+9+2+8...41+36..3.....3...2.....49..8..........52.1+5......5..6....7.8....9......3...."
    ":723 733 752 753 281 781 291 791 792:::";
  sk_grid g = from_library(st);
  const sk_hint *h = expect_first("x-chain", &g,
    "X-Chain: 3 r4c7 =3= r4c8 -3- r8c8 =3= r8c3 -3- r7c2 =3= r5c2 -3- r5c6 =3= r6c6 => r6c78<>3");
  assert_int_equal(h->fig[SK_FIG_LENGTH], 7);
  expect_libline("x-chain", &g, h,
    ":0701:3:+9+2+8...41+36..3.....3...2.....49..8..........52.1+5......5..6....7.8....9......3...."
    ":723 733 752 753 281 781 291 791 792:367 368::7");
}

/* }====== */

/* {====== XY-Chain */

/* r1c1 {1,2}, r1c5 {2,3}, r5c5 {1,3} in the empty grid: 1- r1c1 -2- r1c5
** -3- r5c5 -1, so 1 leaves r5c1 (the other cell that sees both ends,
** r1c5, has no 1). */
static sk_grid xy_grid(void) {
  sk_grid g;
  sk_grid_init(&g);
  set_cands(&g, "r1c1", digits(1, 2));
  set_cands(&g, "r1c5", digits(2, 3));
  set_cands(&g, "r5c5", digits(1, 3));
  return g;
}

static void test_xy_chain(void **state) {
  (void)state;
  sk_grid g = xy_grid();
  const sk_hint *h = expect_first("xy-chain", &g,
                                  "XY-Chain: 1 1- r1c1 -2- r1c5 -3- r5c5 -1 => r5c1<>1");
  assert_int_equal(h->fig[SK_FIG_LENGTH], 5);
  assert_int_equal(all_of("xy-chain", &g)->count, 1);
  h = listed_first(all_of("xy-chain", &g));
  assert_int_equal(h->focus[rc(1, 1)], digits(1, 2));
  assert_int_equal(h->focus[rc(1, 5)], digits(2, 3));
  assert_int_equal(h->focus[rc(5, 5)], digits(1, 3));
  int n = 0;
  for (int c = 0; c < SK_CELLS; c++) n += h->focus[c] != 0;
  assert_int_equal(n, 3);
}

/* A chain longer than the table's max-length is not searched; a pair of
** bivalue cells whose ends differ, and the empty grid: nothing. */
static void test_xy_chain_none(void **state) {
  (void)state;
  sk_grid g = xy_grid();
  char got[256];
  rating_step("xy-chain", "    params: {max-length: 4}\n", &g, got, sizeof got);
  assert_string_equal(got, "-");
  rating_step("xy-chain", "    params: {max-length: 5}\n", &g, got, sizeof got);
  assert_string_equal(got, "XY-Chain: 1 1- r1c1 -2- r1c5 -3- r5c5 -1 => r5c1<>1");
  sk_grid_init(&g);
  expect_none("xy-chain", &g);
  set_cands(&g, "r1c1", digits(1, 2));
  set_cands(&g, "r1c5", digits(2, 3));
  expect_none("xy-chain", &g);
}

/* HoDoKu's path of top1465 #503: r3c8<>5 and r4c1<>3 have the same
** count and index sum (30), so compareTo calls them equal; Java's sort
** keeps the first found, from r2c9.  The rating step searches again in
** full then. */
static void test_xy_chain_tie(void **state) {
  (void)state;
  static const char st[] =
    ":0000::.+5..6...79+73....2.+8+6.7....1.465.+7....8+7..2..+45.9..4.+7.+69...3+74.+7+38..+6.12+4.5.7.3+6."
    ":114 414 814 914 116 525 427 829 435 535 935 348 849 354 358 164 869 175 996:::";
  sk_grid g = from_library(st);
  const sk_hint *h = expect_first("xy-chain", &g,
                                  "XY-Chain: 5 5- r2c9 -6- r6c9 -3- r4c9 -9- r5c8 -5 => r3c8<>5");
  expect_libline("xy-chain", &g, h,
    ":0702:5:.+5..6...79+73....2.+8+6.7....1.465.+7....8+7..2..+45.9..4.+7.+69...3+74.+7+38..+6.12+4.5.7.3+6."
    ":114 414 814 914 116 525 427 829 435 535 935 348 849 354 358 164 869 175 996:538::7");
  assert_int_equal(all_of("xy-chain", &g)->count, 3);
}

/* A table that prices length: the rating step takes the least difficulty,
** then HoDoKu's order.  On this state of top1465 #2's path HoDoKu's first
** XY-Chain has 15 links; of those with 3, the first in its order is taken. */
static void test_xy_chain_length_priced(void **state) {
  (void)state;
  static const char st[] =
    ":0000::7.8+9..3..+9+3+42+51+6..5...+3..+4.+14..+9+3+8263.+9+48.+1..+8..1..+49+3+29.6+1.+7.4.+8.+37.5..........."
    ":133 636 739 839 552 752 556 756 262 662 192 692:::";
  sk_grid g = from_library(st);
  expect_first("xy-chain", &g,
               "XY-Chain: 5 5- r6c2 -7- r4c3 -5- r4c4 -7- r3c4 -8- r9c4 -5- r7c6 -8- r7c8 -3- r7c3 "
               "-5 => r46c3,r9c2<>5");
  char got[512];
  rating_step("xy-chain", "    modifiers:\n      - {figure: length, linear: 0.1, from: 3}\n", &g,
              got, sizeof got);
  assert_string_equal(got, "XY-Chain: 6 6- r8c1 -4- r9c1 -6 => r89c3<>6");
}

/* }====== */

/* {====== Remote Pair */

/* {5,8} in r1c1, r1c4, r4c4, r4c7: the ends hold different values, so 5
** and 8 leave r1c7 and r4c1.  Started with 8 (or from r4c7) the chain has
** the same eliminations and is dropped. */
static void test_remote_pair(void **state) {
  (void)state;
  sk_grid g;
  sk_grid_init(&g);
  set_cands(&g, "r1c1 r1c4 r4c4 r4c7", digits(5, 8));
  const sk_hint *h = expect_first("remote-pair", &g,
    "Remote Pair: 5/8 r1c1 -8- r1c4 -5- r4c4 -8- r4c7 => r1c7,r4c1<>5, r1c7,r4c1<>8");
  assert_int_equal(h->fig[SK_FIG_LENGTH], 7);
  assert_int_equal(all_of("remote-pair", &g)->count, 1);
  h = listed_first(all_of("remote-pair", &g));
  expect_focus(h, "r1c1 r1c4 r4c4 r4c7", digits(5, 8));
  char line[SK_LIBLINE_MAX];
  const sk_table *t = sk_engine_table(eng);
  assert_true(sk_libline_write(line, sizeof line, &g, h,
                               sk_table_reglib(&t->entry[sk_table_find(t, "remote-pair")])) >= 0);
  assert_true(strncmp(line, ":0703:58:", 9) == 0);
  assert_true(strstr(line, ":517 541 817 841::7") != NULL);
}

/* Three cells of a pair are an XY-Chain, not a Remote Pair; other pairs
** break it; the empty grid: nothing. */
static void test_remote_pair_none(void **state) {
  (void)state;
  sk_grid g;
  sk_grid_init(&g);
  expect_none("remote-pair", &g);
  set_cands(&g, "r1c1 r1c4 r4c4", digits(5, 8));
  expect_none("remote-pair", &g);
  set_cands(&g, "r4c7", digits(5, 9));
  expect_none("remote-pair", &g);
}

/* HoDoKu's path of top1465 #78: six cells, so the cells that see two
** cells an odd number of steps apart lose the pair too. */
static void test_remote_pair_hodoku(void **state) {
  (void)state;
  static const char st[] =
    ":0000::5.6..+73...+3+78+21...2...+3....+19..6.7..+64.7.....+7+5....2..+8+2+51+7+3+6493+6..5+8+1...+7+1...+58+3"
    ":918 419 928 429 833 434 934 436 936 538 638 439 539 639 284:::";
  sk_grid g = from_library(st);
  const sk_hint *h = expect_first("remote-pair", &g,
    "Remote Pair: 4/9 r1c5 -9- r1c4 -4- r8c4 -9- r8c3 -4- r9c1 -9- r9c5 => r6c5,r9c46<>4, "
    "r56c5,r9c46<>9");
  assert_int_equal(h->fig[SK_FIG_LENGTH], 11);
  expect_libline("remote-pair", &g, h,
    ":0703:49:5.6..+73...+3+78+21...2...+3....+19..6.7..+64.7.....+7+5....2..+8+2+51+7+3+6493+6..5+8+1...+7+1...+58+3"
    ":918 419 928 429 833 434 934 436 936 538 638 439 539 639 284:465 494 496 955 965 994 996::11");
}

/* }====== */

/* {====== HoDoKu's solution paths */

/* Apply what a path line does: after " => " (or ": " for singles and
** brute force), groups "cells<>d" and "rXcY=d" separated by ", ". */
static void hodoku_apply(sk_grid *g, const char *eff) {
  char buf[8192];
  snprintf(buf, sizeof buf, "%s", eff);
  for (char *grp = strtok(buf, " "); grp; grp = strtok(NULL, " ")) {
    size_t n = strlen(grp);
    if (n && grp[n - 1] == ',') grp[--n] = 0;
    char *ne = strstr(grp, "<>"), *eq = strchr(grp, '=');
    if (!ne && eq && eq - grp == 4 && grp[0] == 'r') {
      int c = (grp[1] - '1') * 9 + grp[3] - '1';
      if (!g->value[c]) sk_grid_place(g, c, eq[1] - '0');
      continue;
    }
    if (!ne) continue;
    int d = ne[2] - '0';
    for (const char *p = grp; p < ne; ) {
      if (*p++ != 'r') continue;
      int rows[9], cols[9], nr = 0, nc = 0;
      while (*p >= '1' && *p <= '9') rows[nr++] = *p++ - '1';
      if (*p == 'c') p++;
      while (*p >= '1' && *p <= '9') cols[nc++] = *p++ - '1';
      for (int i = 0; i < nr; i++)
        for (int j = 0; j < nc; j++) sk_grid_eliminate(g, rows[i] * 9 + cols[j], d);
    }
  }
}

/* HoDoKu's steps that its solver tries after X-Chains and XY-Chains
** (order index above 5500): nice loops, AICs, ALS, Franken and Mutant
** fish, forcing chains and nets, brute force. */
static int after_xy_chain(const char *txt) {
  static const char *const later[] = {
    "Discontinuous Nice Loop", "Continuous Nice Loop", "AIC", "Grouped ", "Almost Locked Set",
    "Death Blossom", "Franken", "Finned Franken", "Mutant", "Finned Mutant", "Forcing Chain",
    "Forcing Net", "Brute Force", "Kraken", "Template"};
  for (size_t i = 0; i < sizeof later / sizeof later[0]; i++)
    if (!strncmp(txt, later[i], strlen(later[i]))) return 1;
  return 0;
}

/* ... and those it tries before Remote Pairs (order index below 2800). */
static int before_remote_pair(const char *txt) {
  static const char *const earlier[] = {
    "Full House", "Naked Single", "Hidden Single", "Locked Pair", "Locked Triple",
    "Locked Candidates", "Naked Pair", "Naked Triple", "Naked Quadruple", "Hidden Pair",
    "Hidden Triple", "Hidden Quadruple", "X-Wing", "Swordfish", "Jellyfish"};
  for (size_t i = 0; i < sizeof earlier / sizeof earlier[0]; i++)
    if (!strncmp(txt, earlier[i], strlen(earlier[i]))) return 1;
  return 0;
}

typedef struct path_tech {
  const char *prefix, *id;
  int steps, differ, empty, found_where_none;
} path_tech;

/* Replay HoDoKu's /vp paths of SK_SHARED/data/hodoku/NAME; -1 when the
** file is not there. */
static int replay(const char *name, path_tech *pt, sk_engine *const one[3]) {
  const char *shared = getenv("SK_SHARED");
  if (!shared) return -1;
  char path[1024];
  static char line[16384];
  snprintf(path, sizeof path, "%s/data/hodoku/%s", shared, name);
  FILE *f = fopen(path, "r");
  if (!f) return -1;
  sk_grid g;
  int have = 0, checked = 0;
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\r\n")] = 0;
    if (line[0] == '#') {
      const char *p = strchr(line, ' ');
      uint8_t v[SK_CELLS];
      have = p && strlen(p + 1) >= SK_CELLS;
      for (int i = 0; have && i < SK_CELLS; i++)
        v[i] = (uint8_t)(p[1 + i] >= '1' && p[1 + i] <= '9' ? p[1 + i] - '0' : 0);
      if (have) have = sk_grid_from_values(&g, v, NULL) == 0;
      continue;
    }
    if (!have || strncmp(line, "   ", 3) != 0 || line[3] == ' ') continue;
    const char *txt = line + 3, *arrow = strstr(txt, " => ");
    for (int i = 0; i < 3; i++) {
      int mine = !strncmp(txt, pt[i].prefix, strlen(pt[i].prefix));
      int later = i == 2 ? !before_remote_pair(txt) && !mine
                         : after_xy_chain(txt) || (i == 0 && !strncmp(txt, "XY-Chain", 8));
      if (!mine && !later) continue;
      sk_rate_opts o = {0};
      o.record = 1;
      o.max_steps = 1;
      sk_rating r;
      assert_int_equal(sk_rate(one[i], &g, &o, &r), 0);
      char got[SK_HINT_TEXT + 512] = "(nothing)";
      if (r.nsteps > 0) {
        sk_mask elim[SK_CELLS] = {0};
        for (int k = 0; k < r.steps[0].nelim; k++)
          elim[r.steps[0].elim[k] / 16] |= SK_BIT(r.steps[0].elim[k] % 16);
        hodoku_print(got, sizeof got, r.steps[0].text, elim);
      }
      if (mine) {
        pt[i].steps++;
        if (strcmp(got, txt) != 0 && pt[i].differ++ < 5)
          fprintf(stderr, "HoDoKu: %s\nsudokit: %s\n", txt, got);
      } else {
        pt[i].empty++;
        if (r.nsteps > 0 && pt[i].found_where_none++ < 5)
          fprintf(stderr, "HoDoKu: %s\nsudokit finds: %s\n", txt, got);
      }
      sk_rating_free(&r);
      checked++;
    }
    if (arrow) hodoku_apply(&g, arrow + 4);
    else if (strstr(txt, ": ")) hodoku_apply(&g, strstr(txt, ": ") + 2);
  }
  fclose(f);
  return checked;
}

static void test_hodoku_paths(void **state) {
  (void)state;
  static const char *const ids[3] = {"x-chain", "xy-chain", "remote-pair"};
  sk_engine *one[3];
  for (int i = 0; i < 3; i++) {
    char table[256];
    snprintf(table, sizeof table, "name: t\ntechniques:\n  - id: %s\n    base: 2.6\n", ids[i]);
    one[i] = make_engine(table);
    assert_non_null(one[i]);
  }
  static const char *const files[] = {"hodoku-paths-mixed-1090.txt", "hodoku-paths-top1465.txt"};
  for (size_t k = 0; k < 2; k++) {
    path_tech pt[3] = {{"X-Chain:", "x-chain", 0, 0, 0, 0},
                       {"XY-Chain:", "xy-chain", 0, 0, 0, 0},
                       {"Remote Pair:", "remote-pair", 0, 0, 0, 0}};
    int n = replay(files[k], pt, one);
    if (n < 0) {
      printf("  (SK_SHARED/data/hodoku/%s not there: skipped)\n", files[k]);
      continue;
    }
    for (int i = 0; i < 3; i++) {
      printf("  %s %s: %d steps, %d differ; nothing found at %d later steps (%d found)\n",
             files[k], pt[i].id, pt[i].steps, pt[i].differ, pt[i].empty, pt[i].found_where_none);
      assert_int_equal(pt[i].differ, 0);
      assert_int_equal(pt[i].found_where_none, 0);
    }
    assert_true(pt[0].steps > 0 && pt[1].steps > 0 && pt[2].steps > 0);
  }
  for (int i = 0; i < 3; i++) sk_engine_free(one[i]);
}

/* }====== */

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_x_chain),
    cmocka_unit_test(test_x_chain_none),
    cmocka_unit_test(test_x_chain_hodoku),
    cmocka_unit_test(test_xy_chain),
    cmocka_unit_test(test_xy_chain_none),
    cmocka_unit_test(test_xy_chain_tie),
    cmocka_unit_test(test_xy_chain_length_priced),
    cmocka_unit_test(test_remote_pair),
    cmocka_unit_test(test_remote_pair_none),
    cmocka_unit_test(test_remote_pair_hodoku),
    cmocka_unit_test(test_hodoku_paths),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
