/*
** test_uniqueness.c -- HoDoKu's rectangle techniques (uniqueness.c) and
** its BUG+1 (bug.c's bug-plus-1).
**
** The two plugins are loaded from the build and bound to a small table of
** their ids.  Checked:
**   - hand-built positions on the empty grid (a few cells cut down to the
**     rectangle's digits): a Uniqueness Test 1 with its exact text,
**     eliminations, focus and figures and no other kind of step; the same
**     with a missing candidate; a near miss where nothing is found;
**   - positions of HoDoKu's regression library (reglib-1.3.txt, with their
**     line numbers), one per technique and two fail cases: every hint
**     with the line's digits must eliminate exactly the line's
**     candidates, as HoDoKu's tester requires; the hidden rectangle's two
**     steps come in HoDoKu's order;
**   - an avoidable rectangle needs placed cells that are not givens: the
**     same position with the rectangle's placed cells made givens gives no
**     such step;
**   - the rating path, where the nine ids share one scan kept on the step:
**     each step taken is the first hint of the first id with one;
**   - with SK_SHARED: HoDoKu 2.2.0's own solution paths of mixed-1090 and
**     top1465 (data/hodoku/hodoku-paths-*.txt, its /bs /vp output) replayed
**     step by step: at each step HoDoKu takes with one of these techniques
**     the technique's first hint is HoDoKu's step (text and eliminations)
**     and the ones HoDoKu tries before it find nothing; at each step of a
**     technique HoDoKu tries after them, none of them finds anything.
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

static const char *const ids[] = {
  "uniqueness-1", "uniqueness-2", "uniqueness-3", "uniqueness-4", "uniqueness-5",
  "uniqueness-6", "hidden-rectangle", "avoidable-rectangle-1", "avoidable-rectangle-2",
  "bug-plus-1",
};
#define NIDS (int)(sizeof ids / sizeof ids[0])

static sk_engine *eng;

/* {====== setup */

static int setup(void **state) {
  (void)state;
  static const char *const plugins[] = {"uniqueness", "bug"};
  sk_error err = {{0}};
  char path[1024], text[4096];
  eng = sk_engine_new();
  if (!eng) return -1;
  for (size_t i = 0; i < sizeof plugins / sizeof plugins[0]; i++) {
    snprintf(path, sizeof path, "%s/%s.so", SK_BUILD_PLUGIN_DIR, plugins[i]);
    if (sk_engine_load_plugin(eng, path, &err) != 0) {
      fprintf(stderr, "%s\n", err.msg);
      return -1;
    }
  }
  int n = snprintf(text, sizeof text, "name: test\ntechniques:\n");
  for (int i = 0; i < NIDS; i++)
    n += snprintf(text + n, sizeof text - (size_t)n, "  - id: %s\n    base: 1.0\n", ids[i]);
  sk_table *t = sk_table_parse(text, (size_t)n, "test", &err);
  if (!t || sk_engine_use_table(eng, t, &err) != 0) {
    fprintf(stderr, "%s\n", err.msg);
    return -1;
  }
  return 0;
}

static int teardown(void **state) {
  (void)state;
  sk_engine_free(eng);
  return 0;
}

/* }====== */

/* {====== positions */

static int rc(int r, int c) { return (r - 1) * 9 + (c - 1); }

/* The empty grid. */
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

/* A HoDoKu library line's position: <givens> ('+' before a placed, not
** given, value) and <deleted candidates> ("436 257": r3c6<>4, r5c7<>2). */
static sk_grid library(const char *givens, const char *deleted) {
  uint8_t v[SK_CELLS] = {0};
  int placed[SK_CELLS] = {0};
  const char *p = givens;
  for (int c = 0; c < SK_CELLS; c++, p++) {
    if (*p == '+') { placed[c] = 1; p++; }
    assert_true(*p != '\0');
    if (*p >= '1' && *p <= '9') v[c] = (uint8_t)(*p - '0');
  }
  assert_true(*p == '\0');
  sk_grid g;
  assert_int_equal(sk_grid_from_values(&g, v, NULL), 0);
  for (int c = 0; c < SK_CELLS; c++)
    if (placed[c]) sk_bits_clear(&g.givens, c);
  for (p = deleted; *p; ) {
    if (*p == ' ') { p++; continue; }
    assert_true(sk_grid_eliminate(&g, rc(p[1] - '0', p[2] - '0'), p[0] - '0'));
    p += 3;
  }
  return g;
}

/* }====== */

/* {====== running a technique */

#define MAX_HINTS 64

typedef struct hints {
  int n;
  sk_hint h[MAX_HINTS];
} hints;

static int keep_hint(void *ud, const sk_hint *h, int32_t d) {
  (void)d;
  hints *k = ud;
  if (k->n < MAX_HINTS) k->h[k->n] = *h;
  k->n++;
  return 0;
}

/* Every hint of technique id on g (the grid must come back untouched). */
static hints *all_of(const char *id, const sk_grid *g) {
  static hints k;
  int i = sk_table_find(sk_engine_table(eng), id);
  assert_true(i >= 0);
  sk_grid before = *g;
  k.n = 0;
  int n = sk_engine_hints(eng, g, i, 1, keep_hint, &k);
  assert_int_equal(n, k.n);
  assert_true(k.n <= MAX_HINTS);
  assert_memory_equal(&before, g, sizeof before);
  return &k;
}

static int count_of(const char *id, const sk_grid *g) { return all_of(id, g)->n; }

/* The digits of a hint's focus, as "13". */
static void focus_digits(const sk_hint *h, char out[10]) {
  sk_mask m = 0;
  int n = 0;
  for (int c = 0; c < SK_CELLS; c++) m |= h->focus[c];
  for (int d = 1; d <= 9; d++)
    if (m & SK_BIT(d)) out[n++] = (char)('0' + d);
  out[n] = 0;
}

/* Eliminations in library order (digit, then cell): "189 389". */
static void elim_text(const sk_hint *h, char *out, size_t size) {
  size_t n = 0;
  out[0] = 0;
  for (int d = 1; d <= 9; d++)
    for (int c = 0; c < SK_CELLS; c++)
      if ((h->elim[c] & SK_BIT(d)) && n + 5 < size)
        n += (size_t)snprintf(out + n, size - n, "%s%d%d%d", n ? " " : "", d, c / 9 + 1, c % 9 + 1);
}

/* }====== */

/* {====== hand-built positions */

/* r1c12 and r4c1 hold only 1 and 2, r4c2 holds 1, 2 and 3: Test 1 takes
** 1 and 2 out of r4c2; nothing else of the family applies. */
static void test_test1_hand(void **state) {
  (void)state;
  sk_grid g = empty();
  only(&g, rc(1, 1), "12");
  only(&g, rc(1, 2), "12");
  only(&g, rc(4, 1), "12");
  only(&g, rc(4, 2), "123");
  hints *k = all_of("uniqueness-1", &g);
  assert_int_equal(k->n, 1);
  const sk_hint *h = &k->h[0];
  assert_string_equal(h->text, "Uniqueness Test 1: 1/2 in r1c12,r4c12");
  char buf[256];
  elim_text(h, buf, sizeof buf);
  assert_string_equal(buf, "142 242");
  focus_digits(h, buf);
  assert_string_equal(buf, "12");
  assert_int_equal(h->focus[rc(4, 2)], SK_BIT(1) | SK_BIT(2));
  assert_int_equal(h->fig[SK_FIG_TYPE], 1);
  assert_int_equal(h->cell, -1);
  for (int i = 1; i < NIDS; i++) assert_int_equal(count_of(ids[i], &g), 0);
}

/* A far corner without 2 (2 still possible there): with HoDoKu's default
** of missing candidates allowed it is the same Test 1, taking out 1. */
static void test_test1_missing(void **state) {
  (void)state;
  sk_grid g = empty();
  only(&g, rc(1, 1), "12");
  only(&g, rc(1, 2), "12");
  only(&g, rc(4, 1), "12");
  only(&g, rc(4, 2), "13");
  hints *k = all_of("uniqueness-1", &g);
  assert_int_equal(k->n, 1);
  assert_string_equal(k->h[0].text, "Uniqueness Test 1: 1/2 in r1c12,r4c12");
  char buf[256];
  elim_text(&k->h[0], buf, sizeof buf);
  assert_string_equal(buf, "142");
}

/* The same with option missing-candidates 0 (HoDoKu's tester for variant
** 1 cases): every corner must hold both digits, so nothing is found; the
** full rectangle of test_test1_hand still is. */
static void test_test1_no_missing(void **state) {
  (void)state;
  static const char text[] =
    "name: strict\ntechniques:\n  - id: uniqueness-1\n    base: 1.0\n"
    "    params: {missing-candidates: 0}\n";
  sk_error err = {{0}};
  char path[1024];
  sk_engine *e = sk_engine_new();
  assert_non_null(e);
  snprintf(path, sizeof path, "%s/uniqueness.so", SK_BUILD_PLUGIN_DIR);
  assert_int_equal(sk_engine_load_plugin(e, path, &err), 0);
  sk_table *t = sk_table_parse(text, sizeof text - 1, "strict", &err);
  assert_non_null(t);
  assert_int_equal(sk_engine_use_table(e, t, &err), 0);
  sk_grid g = empty();
  only(&g, rc(1, 1), "12");
  only(&g, rc(1, 2), "12");
  only(&g, rc(4, 1), "12");
  only(&g, rc(4, 2), "13");
  hints k;
  k.n = 0;
  assert_int_equal(sk_engine_hints(e, &g, 0, 1, keep_hint, &k), 0);
  g = empty();
  only(&g, rc(1, 1), "12");
  only(&g, rc(1, 2), "12");
  only(&g, rc(4, 1), "12");
  only(&g, rc(4, 2), "123");
  assert_int_equal(sk_engine_hints(e, &g, 0, 1, keep_hint, &k), 1);
  assert_string_equal(k.h[0].text, "Uniqueness Test 1: 1/2 in r1c12,r4c12");
  sk_engine_free(e);
}

/* The far corners hold different extras (3 and 4) and the houses around
** hold 1 and 2 everywhere: no technique of the family finds anything. */
static void test_nothing(void **state) {
  (void)state;
  sk_grid g = empty();
  only(&g, rc(1, 1), "12");
  only(&g, rc(1, 2), "12");
  only(&g, rc(4, 1), "123");
  only(&g, rc(4, 2), "124");
  for (int i = 0; i < NIDS; i++) assert_int_equal(count_of(ids[i], &g), 0);
  g = empty();
  for (int i = 0; i < NIDS; i++) assert_int_equal(count_of(ids[i], &g), 0);
}

/* }====== */

/* {====== HoDoKu's regression library */

typedef struct libcase {
  int line;                    /* in reglib-1.3.txt */
  const char *id;
  const char *digits;          /* the focus's; "" for BUG+1, whose line has none */
  const char *givens, *deleted;
  const char *elims;           /* NULL: a fail case */
} libcase;

static const libcase cases[] = {
  {887, "uniqueness-1", "13",
   "+5+2+3+9+7+8+1466+1+832+4...+4+7+9+5+6+1+38+29+5+1+6+32.+7.+86+2+49+7+5..+7+34+18526+9+38+7+21....295"
   "+8+4....+14+67+5..+2.", "", "189 389"},
  {917, "uniqueness-2", "12",
   "....6..2.394...7..2.+6..41....2....4..6.8........6.9....4...739...1.8...2.+2....51.",
   "114 116 819 829 839 849 869 574 575 581 582 495", "514 516 526 528 529 534 535"},
  {938, "uniqueness-3", "57",
   "+54.........72+4.5..9.....+463...964.....5...+6........1.281...7........5+7867+5.3.....",
   "213 613 714 715 626 134 834 135 835 151 251 252 663 568 373 195 196",
   "355 356 361 362 363 368 854 855 856 862 863"},
  {951, "uniqueness-4", "48",
   "+3+9+6+17+52+8481+4+29+63..5+27.+8.+1+6+9..+5+9.2..1+2.38.19..9.+16.+7...+1.+2+7+6.5+98..8.2+9+71"
   "37.9.1+8...", "448 465 468 492 692 494", "442 447"},
  {969, "uniqueness-5", "26",
   "+324+56+7+918..+9..+8.+3...+893+4.+5...+5+7.63.+9+9624+8+3+5+71.+37.5+9+8....+389+17..+7+96+34+2+185"
   "..1+6+7+5.+93", "121 122 227 229 629 639 479", "448"},
  {981, "uniqueness-6", "67",
   "+173+2+8..+6+4+4..+13+6...+6.8...2+31+9+3+47+5+18+26+7..6284+932+8+6+3+94+15+75.9..+3...+34......."
   "+8+6+75123+4+9", "", "675 687"},
  {997, "hidden-rectangle", "39",
   "+39+4+6+821+5+7+6+1+873+5+42+952+7+4..+3+681+53.47..+6+4+7.+56+8.3+18+6....+7+457+368.4..+29+4+5....."
   "+3+2+81.....4", "", "966"},
  {1021, "hidden-rectangle", "34",
   ".51.+8..4+2....2.3...........3..8.+29.....5.4......1.+9+4.....7+5+6+214.6.+29....2........",
   "432 732 832 932 433 633 733 833 933 334 335 635 735 336 881 383 883 392 492 892 992 393 493 "
   "893 993 395", NULL},
  {1025, "avoidable-rectangle-1", "19",
   "+6+45.+3..+1.+1+9+3..268.7+2+8+6.14+3.+3+5+21.68...+1+63+8.....87.+2+51+638+712.43.+6+53+4.6..2+126"
   "+9.+1+3.+4+8", "714 717 919 525 945 749 757 957 958 559 759 959", "951"},
  {1046, "avoidable-rectangle-2", "12",
   "......+531.96...7+425.....+6+9+8......8..7.94..+1.+3....329..+9..+1+28+3+65+832.5.+41+9+6+51+3+49"
   "+287", "814 815 141 142", "714 715 716 732 733 736"},
  {1059, "bug-plus-1", "",
   "8+4+9325+6+1+77+3+2+8..9+4+5+5+6+1+7..+32+8+49327+85+61+1+5+7.3.8+9+2+2+86...+4+7+3+9+7+8..+213+4+3+149"
   "+87+2566+2+5..+3+7+8+9", "", "565 965"},
  {1071, "bug-plus-1", "",
   "+9+5+2..+17+3+6..8+5+76+249476+9+2+3+18+5+78..92+5+61+69+17.5+42.2.+516.+97..2.+6.+981786+92+1+73+5+4"
   "..7...+6+9+2", "391 392 494 395 495", NULL},
};

/* As HoDoKu's regression tester: some hint has the line's digits, and
** every such hint eliminates exactly the line's candidates (a fail case:
** none has them). */
static void test_library(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const libcase *t = &cases[i];
    sk_grid g = library(t->givens, t->deleted);
    hints *k = all_of(t->id, &g);
    int matching = 0;
    for (int j = 0; j < k->n; j++) {
      char digits[10], elims[1024];
      focus_digits(&k->h[j], digits);
      if (t->digits[0] && strcmp(digits, t->digits) != 0) continue;   /* "": digits none */
      matching++;
      elim_text(&k->h[j], elims, sizeof elims);
      if (!t->elims || strcmp(elims, t->elims) != 0)
        fail_msg("reglib line %d (%s): %s => %s, want %s", t->line, t->id, k->h[j].text, elims,
                 t->elims ? t->elims : "nothing");
    }
    if (t->elims && matching == 0) fail_msg("reglib line %d (%s): no hint", t->line, t->id);
  }
}

/* Line 997 holds two hidden rectangles; HoDoKu's scan finds 5/9 first. */
static void test_hidden_order(void **state) {
  (void)state;
  sk_grid g = library(cases[6].givens, cases[6].deleted);
  hints *k = all_of("hidden-rectangle", &g);
  assert_int_equal(k->n, 2);
  assert_string_equal(k->h[0].text, "Hidden Rectangle: 5/9 in r7c57,r9c57");
  assert_string_equal(k->h[1].text, "Hidden Rectangle: 3/9 in r6c46,r9c46");
  assert_int_equal(k->h[0].fig[SK_FIG_TYPE], 0);
}

/* Line 1025's avoidable rectangle is r2c1=1, r2c2=9, r5c2=1 (placed, not
** given) and r5c1 open with 9: 9 leaves r5c1.  With r2c1 a given it is
** no avoidable rectangle, and none is found with every cell a given. */
static void test_avoidable_needs_placed(void **state) {
  (void)state;
  const libcase *t = &cases[8];
  sk_grid g = library(t->givens, t->deleted);
  hints *k = all_of("avoidable-rectangle-1", &g);
  assert_int_equal(k->n, 1);
  assert_string_equal(k->h[0].text, "Avoidable Rectangle Type 1: 1/9 in r2c12,r5c12");
  assert_int_equal(k->h[0].focus[rc(2, 1)], SK_BIT(1));
  assert_int_equal(k->h[0].fig[SK_FIG_TYPE], 1);
  assert_int_equal(g.value[rc(5, 2)], 1);
  sk_grid one = g;
  sk_bits_set(&one.givens, rc(2, 1));
  assert_int_equal(count_of("avoidable-rectangle-1", &one), 0);
  sk_grid all = g;
  for (int c = 0; c < SK_CELLS; c++)
    if (g.value[c]) sk_bits_set(&all.givens, c);
  assert_int_equal(count_of("avoidable-rectangle-1", &all), 0);
  assert_int_equal(count_of("avoidable-rectangle-2", &all), 0);

  const libcase *t2 = &cases[9];
  sk_grid g2 = library(t2->givens, t2->deleted);
  assert_int_equal(count_of("avoidable-rectangle-2", &g2), 1);
  for (int c = 0; c < SK_CELLS; c++)
    if (g2.value[c]) sk_bits_set(&g2.givens, c);
  assert_int_equal(count_of("avoidable-rectangle-2", &g2), 0);
}

/* }====== */

/* {====== the rating path */

/* On each step a rating takes, the first id (table order) with a hint
** gives it: the step's shared scan agrees with a search of its own. */
static void test_rating_shares_scan(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    sk_grid g = library(cases[i].givens, cases[i].deleted);
    sk_rate_opts o = {0};
    o.record = 1;
    o.max_steps = 6;
    sk_rating r;
    assert_int_equal(sk_rate(eng, &g, &o, &r), 0);
    sk_grid at = g;
    for (int s = 0; s < r.nsteps; s++) {
      const sk_step *st = &r.steps[s];
      int want = -1;
      hints *k = NULL;
      for (int t = 0; t < NIDS && want < 0; t++) {
        k = all_of(ids[t], &at);
        if (k->n) want = t;
      }
      assert_true(want >= 0);
      assert_string_equal(st->id, ids[want]);
      assert_string_equal(st->text, k->h[0].text);
      int nelim = 0;
      for (int c = 0; c < SK_CELLS; c++) nelim += sk_mask_count(k->h[0].elim[c]);
      assert_int_equal(st->nelim, nelim);
      for (int e = 0; e < st->nelim; e++)
        assert_true(k->h[0].elim[st->elim[e] / 16] & SK_BIT(st->elim[e] % 16));
      sk_hint_apply(&k->h[0], &at);
    }
    sk_rating_free(&r);
  }
}

/* }====== */

/* {====== HoDoKu's solution paths, with SK_SHARED */

/* HoDoKu's solver order of these techniques (StepConfig index 2900,
** 3500-4030) as indexes into ids[]. */
static const int hodoku_order[] = {9, 0, 1, 2, 3, 4, 5, 6, 7, 8};

/* Step names of HoDoKu's techniques tried before BUG+1 (index < 2900),
** and between it and Uniqueness Test 1 (2900 < index < 3500); every
** other technique comes after Avoidable Rectangle Type 2. */
static const char *const before_bug[] = {
  "Full House", "Naked Single", "Hidden Single", "Locked Pair", "Locked Triple",
  "Locked Candidates Type 1 (Pointing)", "Locked Candidates Type 2 (Claiming)", "Naked Pair",
  "Naked Triple", "Hidden Pair", "Hidden Triple", "Naked Quadruple", "Hidden Quadruple", "X-Wing",
  "Swordfish", "Jellyfish", "Squirmbag", "Whale", "Leviathan", "Remote Pair",
};
static const char *const before_ur[] = {
  "Skyscraper", "2-String Kite", "Dual 2-String Kite", "Turbot Fish", "Empty Rectangle",
  "Dual Empty Rectangle", "W-Wing", "XY-Wing", "XYZ-Wing",
};

static int listed(const char *name, const char *const *list, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (strcmp(name, list[i]) == 0) return 1;
  return 0;
}

/* HoDoKu's "r1c46,r2c689" cells, each added to out with digit d and op
** ('<' elimination, '=' placement); returns the count, -1 if malformed. */
static int path_cells(const char *s, size_t n, int d, char op, int out[][3], int at) {
  size_t i = 0;
  while (i < n) {
    if (s[i] != 'r') return -1;
    size_t r0 = ++i;
    while (i < n && s[i] >= '1' && s[i] <= '9') i++;
    size_t r1 = i;
    if (i >= n || s[i] != 'c') return -1;
    size_t c0 = ++i;
    while (i < n && s[i] >= '1' && s[i] <= '9') i++;
    for (size_t r = r0; r < r1; r++)
      for (size_t c = c0; c < i; c++) {
        if (at >= 729) return -1;
        out[at][0] = rc(s[r] - '0', s[c] - '0');
        out[at][1] = d;
        out[at][2] = op;
        at++;
      }
    if (i < n && s[i] == ',') i++;
  }
  return at;
}

/* The effects after " => " (or after ": " for singles): "r1c46<>5,
** r2c2=8"; returns their count, -1 if malformed. */
static int path_effects(const char *s, int out[][3]) {
  int n = 0;
  while (*s) {
    const char *end = strstr(s, ", ");
    size_t len = end ? (size_t)(end - s) : strlen(s);
    const char *ne = strstr(s, "<>");
    const char *eq = memchr(s, '=', len);
    if (ne && ne < s + len) n = path_cells(s, (size_t)(ne - s), ne[2] - '0', '<', out, n);
    else if (eq) n = path_cells(s, (size_t)(eq - s), eq[1] - '0', '=', out, n);
    else return -1;
    if (n < 0) return -1;
    s += len;
    if (end) s += 2;
  }
  return n;
}

static int same_effects(const sk_hint *h, int eff[][3], int n) {
  sk_mask want[SK_CELLS] = {0};
  for (int i = 0; i < n; i++) {
    if (eff[i][2] != '<') return 0;
    want[eff[i][0]] |= SK_BIT(eff[i][1]);
  }
  return h->cell < 0 && memcmp(want, h->elim, sizeof want) == 0;
}

static void test_hodoku_paths(void **state) {
  (void)state;
  static const char *const sets[] = {"mixed-1090", "top1465"};
  const char *shared = getenv("SK_SHARED");
  if (!shared) { skip(); return; }
  long mine = 0, later = 0, puzzles = 0;
  for (size_t f = 0; f < sizeof sets / sizeof sets[0]; f++) {
    char path[1024];
    snprintf(path, sizeof path, "%s/data/hodoku/hodoku-paths-%s.txt", shared, sets[f]);
    FILE *in = fopen(path, "r");
    if (!in) { print_message("%s not found: skipped\n", path); skip(); return; }
    static char line[4096];
    static int eff[729][3];
    sk_grid g;
    int lineno = 0, have = 0;
    while (fgets(line, sizeof line, in)) {
      lineno++;
      line[strcspn(line, "\r\n")] = '\0';
      if (line[0] == '#') {
        const char *p = strchr(line, ' ');
        assert_non_null(p);
        uint8_t v[SK_CELLS];
        for (int c = 0; c < SK_CELLS; c++) v[c] = p[1 + c] >= '1' && p[1 + c] <= '9' ? (uint8_t)(p[1 + c] - '0') : 0;
        assert_int_equal(sk_grid_from_values(&g, v, NULL), 0);
        have = 1;
        puzzles++;
        continue;
      }
      /* steps are indented by three blanks, a chain's lines by two */
      if (!have || strncmp(line, "   ", 3) != 0 || line[3] == ' ') continue;
      const char *step = line + 3;
      const char *arrow = strstr(step, " => ");
      const char *colon = strchr(step, ':');
      size_t nlen = (size_t)((colon && (!arrow || colon < arrow) ? colon : arrow) - step);
      char name[128];
      snprintf(name, sizeof name, "%.*s", (int)nlen, step);
      char *in_unit = strstr(name, " in r");
      if (!in_unit) in_unit = strstr(name, " in c");
      if (!in_unit) in_unit = strstr(name, " in b");
      if (in_unit) *in_unit = '\0';              /* "Forcing Chain Contradiction in r5" */
      int n = path_effects(arrow ? arrow + 4 : colon + 2, eff);
      if (n < 0) fail_msg("%s:%d: effects not read: %s", sets[f], lineno, step);

      int which = -1;                              /* position in hodoku_order */
      for (int k = 0; k < NIDS; k++) {
        int t = sk_table_find(sk_engine_table(eng), ids[hodoku_order[k]]);
        if (strcmp(name, sk_engine_bound(eng, t)->name) == 0) which = k;
      }
      int before = listed(name, before_bug, sizeof before_bug / sizeof before_bug[0]) ? 0
                   : listed(name, before_ur, sizeof before_ur / sizeof before_ur[0]) ? 1
                   : which >= 0 ? which : NIDS;
      for (int k = 0; k < before; k++)
        if (count_of(ids[hodoku_order[k]], &g) != 0)
          fail_msg("%s:%d: %s finds something before HoDoKu's %s", sets[f], lineno,
                   ids[hodoku_order[k]], step);
      if (which >= 0) {
        hints *k = all_of(ids[hodoku_order[which]], &g);
        size_t tlen = arrow ? (size_t)(arrow - step) : strlen(step);
        if (k->n == 0 || strlen(k->h[0].text) != tlen || strncmp(k->h[0].text, step, tlen) != 0 ||
            !same_effects(&k->h[0], eff, n))
          fail_msg("%s:%d: HoDoKu: %s\n  sudokit: %s", sets[f], lineno, step, k->n ? k->h[0].text : "(none)");
        mine++;
      } else if (before == NIDS) {
        later++;
      }
      for (int i = 0; i < n; i++) {
        if (eff[i][2] == '<') sk_grid_eliminate(&g, eff[i][0], eff[i][1]);
        else sk_grid_place(&g, eff[i][0], eff[i][1]);
      }
    }
    fclose(in);
  }
  print_message("%ld puzzles: %ld steps of these techniques, %ld later steps where they find nothing\n",
                puzzles, mine, later);
  assert_int_equal(puzzles, 2555);
  assert_int_equal(mine, 1687);
  assert_int_equal(later, 21116);
}

/* }====== */

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_test1_hand),
    cmocka_unit_test(test_test1_missing),
    cmocka_unit_test(test_test1_no_missing),
    cmocka_unit_test(test_nothing),
    cmocka_unit_test(test_library),
    cmocka_unit_test(test_hidden_order),
    cmocka_unit_test(test_avoidable_needs_placed),
    cmocka_unit_test(test_rating_shares_scan),
    cmocka_unit_test(test_hodoku_paths),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
