/*
** test_fish_hodoku.c -- HoDoKu's basic fish family: fish.c's basic-* ids
** (finless fish of sizes 2-7) and fish/finned.c's finned-* and sashimi-*
** ids, with their Siamese forms.
**
** The two plugins are loaded from the build; their searches are run through
** a host of the test's own, which hands them the options under test
** (max-fins, duals, only-one-fish-per-step, all-steps) and gathers every
** hint.
**   - hand-made positions (the empty grid with a digit confined to chosen
**     cells of some rows or columns): one fish per size and kind, the
**     first in HoDoKu's scan order, its text, figures, focus and
**     eliminations; positions where nothing may be found; the options;
**   - HoDoKu's search read literally (every base set, every cover set, the
**     fins' common peers), on random digit patterns: every size and kind,
**     the same fish in the same order;
**   - with SK_SHARED set: every case of HoDoKu's regression library
**     (data/hodoku/reglib-1.3.txt) for the codes 0300-0325 and their
**     Siamese codes, checked as HoDoKu's regression tester checks it (all
**     fish of the size found with its settings; every one written with the
**     case's code and digit must have the case's eliminations, and one
**     must exist); and HoDoKu's own solving paths of top1465 and
**     mixed-1090 (hodoku-paths-*.txt) replayed: at each of its fish steps
**     the same fish, and before each step of a later technique no fish of
**     an earlier one.
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

static sk_engine *eng;

/* {====== a host of the test's own */

typedef struct option {
  const char *name;
  int32_t value;
} option;

typedef struct gathered {
  const option *opt;           /* ends with a NULL name */
  int first_only;
  int n, cap;
  sk_hint *hint;
} gathered;

static int h_declare(sk_registry *reg, uint32_t abi) { (void)reg; (void)abi; return 0; }
static int h_register(sk_registry *reg, const sk_technique *t) { (void)reg; (void)t; return -1; }
static void h_init(sk_hint *h) { memset(h, 0, sizeof *h); h->cell = -1; }

static void h_printf(sk_hint *h, const char *fmt, ...) {
  size_t n = strlen(h->text);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(h->text + n, sizeof h->text - n, fmt, ap);
  va_end(ap);
}

static int h_emit(const sk_search *s, const sk_hint *h) {
  gathered *g = s->sink;
  if (g->n == g->cap) {
    g->cap = g->cap ? 2 * g->cap : 16;
    g->hint = realloc(g->hint, (size_t)g->cap * sizeof *g->hint);
    assert_non_null(g->hint);
  }
  g->hint[g->n++] = *h;
  return g->first_only;
}

static int h_stop(const sk_search *s) { (void)s; return 0; }
static int h_run(const sk_search *s, const char *id, const sk_grid *g,
                 int (*cb)(void *ud, const sk_hint *h), void *ud) {
  (void)s; (void)id; (void)g; (void)cb; (void)ud;
  return -1;
}
static void *h_get_aux(const sk_search *s, const void *key) { (void)s; (void)key; return NULL; }
static int h_set_aux(const sk_search *s, const void *key, void *data, void (*destroy)(void *)) {
  (void)s; (void)key;
  if (destroy) destroy(data);
  return -1;
}
static int32_t h_difficulty(const sk_search *s, const int32_t *fig, uint32_t at_least) {
  (void)s; (void)fig; (void)at_least;
  return -1;
}

static int32_t h_param(const sk_search *s, const char *name, int32_t dflt) {
  const gathered *g = s->sink;
  for (const option *o = g->opt; o && o->name; o++)
    if (strcmp(o->name, name) == 0) return o->value;
  return dflt;
}

/* no rating here: no previous step */
static const sk_hint *h_prev_hint(const sk_search *s) { (void)s; return NULL; }
static int32_t h_prev_param(const sk_search *s, const char *name, int32_t dflt) {
  (void)s; (void)name;
  return dflt;
}

/* the fish list their eliminations in no order of their own */
static int h_emit_with(const sk_search *s, const sk_hint *h, const sk_hint_extra *x) {
  (void)x;
  return h_emit(s, h);
}
static const uint16_t *h_prev_order(const sk_search *s, int *n) {
  (void)s;
  *n = 0;
  return NULL;
}

static const sk_host host = {
  SK_ABI_VERSION, sizeof(sk_host), h_declare, h_register, h_emit, h_init, h_printf, h_stop,
  h_run, h_get_aux, h_set_aux, h_set_aux, h_difficulty, h_param, h_prev_hint, h_prev_param,
  h_emit_with, h_prev_order,
};

static const sk_technique *technique(const char *id) {
  for (int i = 0; i < sk_engine_technique_count(eng); i++)
    if (strcmp(sk_engine_technique(eng, i)->id, id) == 0) return sk_engine_technique(eng, i);
  fail_msg("no technique %s", id);
  return NULL;
}

/* Every hint of id on g under the options (first_only: stop at the first).
** The grid must come back untouched. */
static gathered search(const char *id, const sk_grid *g, const option *opt, int first_only) {
  gathered r = {opt, first_only, 0, 0, NULL};
  const sk_technique *t = technique(id);
  sk_grid before = *g;
  sk_search s = {&host, g, t->data, &r};
  int rc = t->search(&s);
  assert_int_equal(rc, first_only && r.n ? SK_SEARCH_STOPPED : SK_SEARCH_DONE);
  assert_memory_equal(&before, g, sizeof before);
  return r;
}

static sk_hint first(const char *id, const sk_grid *g, const option *opt) {
  gathered r = search(id, g, opt, 1);
  if (r.n != 1) fail_msg("%s: %d hints", id, r.n);
  sk_hint h = r.hint[0];
  free(r.hint);
  return h;
}

static int count(const char *id, const sk_grid *g, const option *opt) {
  gathered r = search(id, g, opt, 0);
  free(r.hint);
  return r.n;
}

static int setup(void **state) {
  (void)state;
  sk_error err = {{0}};
  eng = sk_engine_new();
  if (!eng) return -1;
  if (sk_engine_load_plugin(eng, SK_BUILD_PLUGIN_DIR "/fish.so", &err) != 0) {
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

/* {====== positions and checks */

static int rc(int r, int c) { return (r - 1) * 9 + (c - 1); }

/* In line "r5" (or "c5"), digit d stays only at the crosses listed, "1259". */
static void keep(sk_grid *g, int d, const char *line, const char *crosses) {
  int l = line[1] - '0';
  for (int x = 1; x <= 9; x++) {
    if (strchr(crosses, '0' + x)) continue;
    sk_grid_eliminate(g, line[0] == 'r' ? rc(l, x) : rc(x, l), d);
  }
}

static sk_grid empty(void) {
  sk_grid g;
  sk_grid_init(&g);
  return g;
}

/* The hint removes exactly digit d from the cells "r2c1 r3c1". */
static void expect_elims(const sk_hint *h, int d, const char *cells) {
  sk_mask want[SK_CELLS] = {0};
  for (const char *p = cells; *p; p++)
    if (*p == 'r') { want[rc(p[1] - '0', p[3] - '0')] = SK_BIT(d); p += 3; }
  assert_int_equal(h->cell, -1);
  for (int c = 0; c < SK_CELLS; c++)
    if (h->elim[c] != want[c])
      fail_msg("r%dc%d: eliminates %03x, expected %03x (%s)", c / 9 + 1, c % 9 + 1, h->elim[c],
               want[c], h->text);
}

static void expect(const sk_hint *h, const char *text, int size, int type, int fins) {
  assert_string_equal(h->text, text);
  assert_int_equal(h->fig[SK_FIG_SIZE], size);
  assert_int_equal(h->fig[SK_FIG_TYPE], type);
  assert_int_equal(h->fig[SK_FIG_EXTRA], fins);
}

/* The focus is digit d at the base cells: every cell of lines "r15" (or
** "c15") that holds d. */
static void expect_focus(const sk_hint *h, const sk_grid *g, int d, const char *lines) {
  for (int c = 0; c < SK_CELLS; c++) {
    int line = lines[0] == 'r' ? c / 9 + 1 : c % 9 + 1;
    int in = strchr(lines + 1, '0' + line) && (g->cand[c] & SK_BIT(d));
    assert_int_equal(h->focus[c], in ? SK_BIT(d) : 0);
  }
}

static const option solver[] = {{NULL, 0}};
static const option all_steps[] = {{"all-steps", 1}, {"only-one-fish-per-step", 0}, {NULL, 0}};
static const option all_siamese[] = {
  {"all-steps", 1}, {"only-one-fish-per-step", 0}, {"duals", 1}, {NULL, 0}};
static const option solver_siamese[] = {{"duals", 1}, {NULL, 0}};

/* }====== */

/* {====== finless fish */

static void test_basic_x_wing(void **state) {
  (void)state;
  sk_grid g = empty();
  keep(&g, 4, "r2", "37");
  keep(&g, 4, "r6", "37");
  sk_hint h = first("basic-x-wing", &g, solver);
  expect(&h, "X-Wing: 4 r26 c37", 2, 0, 0);
  expect_elims(&h, 4, "r1c3 r3c3 r4c3 r5c3 r7c3 r8c3 r9c3 r1c7 r3c7 r4c7 r5c7 r7c7 r8c7 r9c7");
  expect_focus(&h, &g, 4, "r26");
  assert_string_equal(h.name, "X-Wing");
  /* the same fish on columns */
  g = empty();
  keep(&g, 4, "c2", "37");
  keep(&g, 4, "c6", "37");
  h = first("basic-x-wing", &g, solver);
  expect(&h, "X-Wing: 4 c26 r37", 2, 0, 0);
  assert_int_equal(count("basic-x-wing", &g, solver), 1);
}

/* HoDoKu's order is not SE's: digit first, and rows before columns. */
static void test_basic_order(void **state) {
  (void)state;
  sk_grid g = empty();
  keep(&g, 5, "c1", "45");
  keep(&g, 5, "c8", "45");
  keep(&g, 2, "r1", "23");
  keep(&g, 2, "r9", "23");
  sk_hint h = first("basic-x-wing", &g, solver);
  expect(&h, "X-Wing: 2 r19 c23", 2, 0, 0);
  h = first("x-wing", &g, solver);                 /* SE: columns first */
  assert_non_null(strstr(h.text, "5 in c1,c8"));
  g = empty();
  keep(&g, 5, "c1", "45");
  keep(&g, 5, "c8", "45");
  keep(&g, 5, "r1", "23");
  keep(&g, 5, "r9", "23");
  h = first("basic-x-wing", &g, solver);
  expect(&h, "X-Wing: 5 r19 c23", 2, 0, 0);
  gathered r = search("basic-x-wing", &g, solver, 0);
  assert_int_equal(r.n, 2);
  assert_string_equal(r.hint[1].text, "X-Wing: 5 c18 r45");
  free(r.hint);
}

/* A base line of one cell makes HoDoKu's finless fish "Sashimi". */
static void test_basic_one_cell_line(void **state) {
  (void)state;
  sk_grid g = empty();
  keep(&g, 1, "r1", "1");
  keep(&g, 1, "r5", "15");
  sk_hint h = first("basic-x-wing", &g, solver);
  expect(&h, "Sashimi X-Wing: 1 r15 c15", 2, 2, 0);
  assert_string_equal(h.name, "Sashimi X-Wing");
  expect_elims(&h, 1, "r2c5 r3c5 r4c5 r6c5 r7c5 r8c5 r9c5 r2c1 r3c1 r4c1 r6c1 r7c1 r8c1 r9c1");
  /* the search for all steps files it with the sashimi fish */
  assert_int_equal(count("basic-x-wing", &g, all_steps), 0);
  h = first("sashimi-x-wing", &g, all_steps);
  expect(&h, "Sashimi X-Wing: 1 r15 c15", 2, 2, 0);
  assert_int_equal(count("sashimi-x-wing", &g, solver), 0);
}

static void test_basic_sizes(void **state) {
  (void)state;
  static const char *const ids[] = {"basic-swordfish", "basic-jellyfish", "basic-squirmbag",
                                    "basic-whale", "basic-leviathan"};
  static const char *const texts[] = {"Swordfish: 7 r123 c123", "Jellyfish: 7 r1234 c1234",
                                      "Squirmbag: 7 r12345 c12345",
                                      "Whale: 7 r123456 c123456",
                                      "Leviathan: 7 r1234567 c1234567"};
  for (int n = 3; n <= 7; n++) {
    sk_grid g = empty();
    char line[3] = "r0", crosses[10] = {0};
    for (int x = 0; x < n; x++) crosses[x] = (char)('1' + x);
    for (int r = 1; r <= n; r++) { line[1] = (char)('0' + r); keep(&g, 7, line, crosses); }
    sk_hint h = first(ids[n - 3], &g, solver);
    expect(&h, texts[n - 3], n, 0, 0);
    int k = 0;
    for (int c = 0; c < SK_CELLS; c++) {
      int want = c / 9 >= n && c % 9 < n;
      assert_int_equal(h.elim[c], want ? SK_BIT(7) : 0);
      k += want;
    }
    assert_int_equal(k, (9 - n) * n);
    /* the complement: a fish of 9 - n columns, found by the other size */
    if (9 - n >= 2 && 9 - n <= 7) {
      static const char *const by_size[] = {"basic-x-wing", "basic-swordfish", "basic-jellyfish",
                                            "basic-squirmbag", "basic-whale", "basic-leviathan"};
      sk_hint o = first(by_size[9 - n - 2], &g, solver);
      assert_memory_equal(o.elim, h.elim, sizeof h.elim);
      assert_int_equal(o.fig[SK_FIG_SIZE], 9 - n);
    }
  }
}

static void test_basic_nothing(void **state) {
  (void)state;
  sk_grid g = empty();
  static const char *const ids[] = {"basic-x-wing", "basic-swordfish", "basic-jellyfish",
                                    "basic-squirmbag", "basic-whale", "basic-leviathan",
                                    "finned-x-wing", "finned-swordfish", "finned-jellyfish",
                                    "finned-squirmbag", "finned-whale", "finned-leviathan",
                                    "sashimi-x-wing", "sashimi-swordfish", "sashimi-jellyfish",
                                    "sashimi-squirmbag", "sashimi-whale", "sashimi-leviathan"};
  for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++) {
    assert_int_equal(count(ids[i], &g, solver), 0);
    assert_int_equal(count(ids[i], &g, all_siamese), 0);
  }
  /* an X-Wing with nothing left to eliminate */
  for (int r = 1; r <= 9; r++) {
    char line[3] = {'r', (char)('0' + r), 0};
    keep(&g, 3, line, r == 2 || r == 6 ? "37" : "124568");
  }
  assert_int_equal(count("basic-x-wing", &g, solver), 0);
  /* a solved grid */
  static const char solution[] =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
  uint8_t v[SK_CELLS];
  for (int c = 0; c < SK_CELLS; c++) v[c] = (uint8_t)(solution[c] - '0');
  assert_int_equal(sk_grid_from_values(&g, v, NULL), 0);
  for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
    assert_int_equal(count(ids[i], &g, all_siamese), 0);
}

/* }====== */

/* {====== finned and sashimi fish */

static void test_finned_x_wing(void **state) {
  (void)state;
  sk_grid g = empty();
  keep(&g, 1, "r1", "125");
  keep(&g, 1, "r5", "15");
  sk_hint h = first("finned-x-wing", &g, solver);
  expect(&h, "Finned X-Wing: 1 r15 c15 fr1c2", 2, 1, 1);
  expect_elims(&h, 1, "r2c1 r3c1");
  expect_focus(&h, &g, 1, "r15");
  assert_string_equal(h.name, "Finned X-Wing");
  assert_int_equal(count("sashimi-x-wing", &g, solver), 0);
  assert_int_equal(count("basic-x-wing", &g, solver), 0);
  /* two fins in the box */
  keep(&g, 1, "r2", "123456789");
  g = empty();
  keep(&g, 1, "r2", "1235");
  keep(&g, 1, "r5", "15");
  h = first("finned-x-wing", &g, solver);
  expect(&h, "Finned X-Wing: 1 r25 c15 fr2c2 fr2c3", 2, 1, 2);
  expect_elims(&h, 1, "r1c1 r3c1");
  /* max-fins */
  static const option one_fin[] = {{"max-fins", 1}, {NULL, 0}};
  assert_int_equal(count("finned-x-wing", &g, one_fin), 0);
  /* fins in two boxes: nothing */
  g = empty();
  keep(&g, 1, "r2", "1257");
  keep(&g, 1, "r5", "15");
  assert_int_equal(count("finned-x-wing", &g, solver), 0);
}

static void test_sashimi_x_wing(void **state) {
  (void)state;
  sk_grid g = empty();
  keep(&g, 1, "r1", "25");
  keep(&g, 1, "r5", "15");
  sk_hint h = first("sashimi-x-wing", &g, solver);
  expect(&h, "Sashimi X-Wing: 1 r15 c15 fr1c2", 2, 2, 1);
  expect_elims(&h, 1, "r2c1 r3c1");
  assert_int_equal(count("finned-x-wing", &g, solver), 0);
  /* on columns */
  g = empty();
  keep(&g, 1, "c1", "25");
  keep(&g, 1, "c5", "15");
  h = first("sashimi-x-wing", &g, solver);
  expect(&h, "Sashimi X-Wing: 1 c15 r15 fr2c1", 2, 2, 1);
  expect_elims(&h, 1, "r1c2 r1c3");
}

/* One finned and one sashimi fish of each size 3-7: base rows r1-r4 and
** r7 (size 5) ... with the fin in box 8 or 9. */
static void test_finned_sizes(void **state) {
  (void)state;
  static const struct {
    const char *id;
    const char *rows, *cols, *last, *text, *elims;
    int kind;
  } cases[] = {
    {"finned-swordfish", "12", "125", "1256", "Finned Swordfish: 2 r127 c125 fr7c6",
     "r8c5 r9c5", 1},
    {"sashimi-swordfish", "12", "125", "56", "Sashimi Swordfish: 2 r127 c125 fr7c6",
     "r8c5 r9c5", 2},
    {"finned-jellyfish", "123", "1245", "12456", "Finned Jellyfish: 2 r1237 c1245 fr7c6",
     "r8c4 r8c5 r9c4 r9c5", 1},
    {"sashimi-jellyfish", "123", "1245", "46", "Sashimi Jellyfish: 2 r1237 c1245 fr7c6",
     "r8c4 r8c5 r9c4 r9c5", 2},
    {"finned-squirmbag", "1234", "12345", "123456", "Finned Squirmbag: 2 r12347 c12345 fr7c6",
     "r8c4 r8c5 r9c4 r9c5", 1},
    {"sashimi-squirmbag", "1234", "12345", "56", "Sashimi Squirmbag: 2 r12347 c12345 fr7c6",
     "r8c4 r8c5 r9c4 r9c5", 2},
    {"finned-whale", "12345", "123457", "1234579", "Finned Whale: 2 r123457 c123457 fr7c9",
     "r8c7 r9c7", 1},
    {"sashimi-whale", "12345", "123457", "79", "Sashimi Whale: 2 r123457 c123457 fr7c9",
     "r8c7 r9c7", 2},
    {"finned-leviathan", "123456", "1234567", "12345679",
     "Finned Leviathan: 2 r1234567 c1234567 fr7c9", "r8c7 r9c7", 1},
    {"sashimi-leviathan", "123456", "1234567", "79",
     "Sashimi Leviathan: 2 r1234567 c1234567 fr7c9", "r8c7 r9c7", 2},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    sk_grid g = empty();
    for (const char *r = cases[i].rows; *r; r++) {
      char line[3] = {'r', *r, 0};
      keep(&g, 2, line, cases[i].cols);
    }
    keep(&g, 2, "r7", cases[i].last);
    int n = (int)strlen(cases[i].rows) + 1;
    sk_hint h = first(cases[i].id, &g, solver);
    expect(&h, cases[i].text, n, cases[i].kind, 1);
    expect_elims(&h, 2, cases[i].elims);
  }
}

/* Seven base rows whose places spread over eight columns: a cover set for
** each of seven fin columns, all sashimi (r2 has one cell), in the
** lexicographic order of the cover sets. */
static void test_many_covers(void **state) {
  (void)state;
  sk_grid g = empty();
  keep(&g, 4, "r1", "12");
  keep(&g, 4, "r2", "3");
  keep(&g, 4, "r4", "45");
  keep(&g, 4, "r5", "67");
  keep(&g, 4, "r7", "8");
  keep(&g, 4, "r8", "8");
  keep(&g, 4, "r9", "8");
  gathered r = search("sashimi-leviathan", &g, solver, 0);
  static const char *const texts[] = {
    "Sashimi Leviathan: 4 r1245789 c1234568 fr5c7", "Sashimi Leviathan: 4 r1245789 c1234578 fr5c6",
    "Sashimi Leviathan: 4 r1245789 c1234678 fr4c5", "Sashimi Leviathan: 4 r1245789 c1235678 fr4c4",
    "Sashimi Leviathan: 4 r1245789 c1245678 fr2c3", "Sashimi Leviathan: 4 r1245789 c1345678 fr1c2",
    "Sashimi Leviathan: 4 r1245789 c2345678 fr1c1"};
  assert_int_equal(r.n, 13);      /* six more with r3 or r6, full rows, in the base */
  for (int i = 0; i < 7; i++) expect(&r.hint[i], texts[i], 7, 2, 1);
  expect_elims(&r.hint[0], 4, "r6c8");
  expect_elims(&r.hint[6], 4, "r3c2 r3c3");
  free(r.hint);
}

/* Base rows r1, r2, r4 of digit 6 make two finned swordfish: fin r1c2
** with covers c145, fin r1c5 with covers c124.  HoDoKu tries cover sets in
** lexicographic order: c124 first. */
static sk_grid two_swordfish(void) {
  sk_grid g = empty();
  keep(&g, 6, "r1", "1245");
  keep(&g, 6, "r2", "14");
  keep(&g, 6, "r4", "14");
  return g;
}

static void test_finned_order(void **state) {
  (void)state;
  sk_grid g = two_swordfish();
  gathered r = search("finned-swordfish", &g, solver, 0);
  assert_int_equal(r.n, 2);
  expect(&r.hint[0], "Finned Swordfish: 6 r124 c124 fr1c5", 3, 1, 1);
  expect_elims(&r.hint[0], 6, "r3c4");
  expect(&r.hint[1], "Finned Swordfish: 6 r124 c145 fr1c2", 3, 1, 1);
  expect_elims(&r.hint[1], 6, "r3c1");
  free(r.hint);
}

/* }====== */

/* {====== Siamese fish and the options */

static void test_siamese(void **state) {
  (void)state;
  sk_grid g = two_swordfish();
  /* the two fish share their base rows: one Siamese fish more, first in
  ** HoDoKu's order (more eliminations) */
  assert_int_equal(count("finned-swordfish", &g, all_steps), 2);
  gathered r = search("finned-swordfish", &g, all_siamese, 0);
  assert_int_equal(r.n, 3);
  expect(&r.hint[0], "Siamese Finned Swordfish: 6 r124 c124/c145 fr1c5 fr1c2", 3, 3, 2);
  assert_string_equal(r.hint[0].name, "Siamese Finned Swordfish");
  expect_elims(&r.hint[0], 6, "r3c1 r3c4");
  expect_focus(&r.hint[0], &g, 6, "r124");
  expect(&r.hint[1], "Finned Swordfish: 6 r124 c124 fr1c5", 3, 1, 1);
  free(r.hint);
  /* the solver, with duals and Siamese fish allowed, takes it too */
  sk_hint h = first("finned-swordfish", &g, solver_siamese);
  expect(&h, "Siamese Finned Swordfish: 6 r124 c124/c145 fr1c5 fr1c2", 3, 3, 2);
  /* the sashimi ids have none of these */
  assert_int_equal(count("sashimi-swordfish", &g, all_siamese), 0);
  assert_int_equal(count("sashimi-swordfish", &g, solver_siamese), 0);
}

static void test_options(void **state) {
  (void)state;
  /* two X-Wings of digit 8; with duals and Siamese the solver takes the
  ** one with more eliminations */
  sk_grid g = empty();
  keep(&g, 8, "r1", "12");
  keep(&g, 8, "r2", "12");
  keep(&g, 8, "c5", "56");
  keep(&g, 8, "c6", "56");
  for (int r = 7; r <= 9; r++) {
    char line[3] = {'r', (char)('0' + r), 0};
    keep(&g, 8, line, "3456789");
  }
  sk_hint h = first("basic-x-wing", &g, solver);
  expect(&h, "X-Wing: 8 r12 c12", 2, 0, 0);
  h = first("basic-x-wing", &g, solver_siamese);
  expect(&h, "X-Wing: 8 c56 r56", 2, 0, 0);
  /* only-one-fish-per-step: of two X-Wings with the same eliminations
  ** (r5c1 r5c2), rows r12 and columns c56, the first stays */
  g = empty();
  keep(&g, 9, "c1", "125");
  keep(&g, 9, "c2", "125");
  keep(&g, 9, "r1", "12");
  keep(&g, 9, "r2", "12");
  keep(&g, 9, "c5", "59");
  keep(&g, 9, "c6", "59");
  keep(&g, 9, "r5", "1256");
  keep(&g, 9, "r9", "56");
  gathered all = search("basic-x-wing", &g, all_steps, 0);
  assert_int_equal(all.n, 2);
  expect(&all.hint[0], "X-Wing: 9 r12 c12", 2, 0, 0);
  expect(&all.hint[1], "X-Wing: 9 c56 r59", 2, 0, 0);
  expect_elims(&all.hint[1], 9, "r5c1 r5c2");
  free(all.hint);
  static const option dedup[] = {{"all-steps", 1}, {NULL, 0}};
  gathered one = search("basic-x-wing", &g, dedup, 0);
  assert_int_equal(one.n, 1);
  expect(&one.hint[0], "X-Wing: 9 r12 c12", 2, 0, 0);
  free(one.hint);
  assert_int_equal(count("basic-x-wing", &g, solver_siamese), 1);
  assert_int_equal(count("basic-x-wing", &g, solver), 2);
}

/* }====== */

/* {====== against a literal reading of HoDoKu's search */

/* FishSolver.getFishes as written: every base set of n lines holding the
** digit, every cover set of n crosses meeting it, fins = base cells out of
** the covers, eliminations = cover cells out of the base lines that see
** every fin.  Writes "text|elims" lines in scan order into out[0]
** (finless), out[1] (finned) and out[2] (sashimi): the solver's three
** searches. */
/* The n-sets of nine lines in lexicographic order (as sets of ascending
** line numbers). */
static int lex_cmp(const void *x, const void *y) {
  unsigned a = *(const unsigned *)x, b = *(const unsigned *)y, d = a ^ b;
  return d == 0 ? 0 : (a & d & -d) ? -1 : 1;
}

static int subsets(int n, unsigned out[128]) {
  int k = 0;
  for (unsigned m = 0; m < 512; m++)
    if (sk_mask_count((sk_mask)m) == n) out[k++] = m;
  qsort(out, (size_t)k, sizeof *out, lex_cmp);
  return k;
}

static void reference(const sk_grid *g, int n, int max_fins, char *out[3], size_t size) {
  static const char *const names[] = {"X-Wing", "Swordfish", "Jellyfish", "Squirmbag", "Whale",
                                      "Leviathan"};
  size_t len[3] = {0, 0, 0};
  unsigned set[128];
  int nsets = subsets(n, set);
  out[0][0] = out[1][0] = out[2][0] = 0;
  for (int d = 1; d <= 9; d++)
    for (int by_cols = 0; by_cols <= 1; by_cols++) {
      sk_bits line_cells[9], cross_cells[9];
      for (int i = 0; i < 9; i++) {
        line_cells[i] = sk_bits_and(g->dcells[d - 1], sk_house_bits[(by_cols ? 9 : 0) + i]);
        cross_cells[i] = sk_bits_and(g->dcells[d - 1], sk_house_bits[(by_cols ? 0 : 9) + i]);
      }
      for (int bi = 0; bi < nsets; bi++) {
        unsigned base = set[bi];
        int ok = 1;
        sk_bits bc = {{0, 0}};
        for (int i = 0; i < 9; i++)
          if ((base >> i) & 1) {
            if (sk_bits_empty(line_cells[i])) ok = 0;
            bc = sk_bits_or(bc, line_cells[i]);
          }
        if (!ok) continue;
        for (int ci = 0; ci < nsets; ci++) {
          unsigned cover = set[ci];
          sk_bits cc = {{0, 0}};
          for (int i = 0; i < 9; i++)
            if ((cover >> i) & 1) {
              if (sk_bits_empty(sk_bits_and(cross_cells[i], bc))) ok = 0;
              cc = sk_bits_or(cc, cross_cells[i]);
            }
          if (!ok) { ok = 1; continue; }
          sk_bits fins = sk_bits_andnot(bc, cc), elim = sk_bits_andnot(cc, bc);
          int nf = sk_bits_count(fins), kind;
          if (nf == 0) {
            kind = 0;
            for (int i = 0; i < 9; i++)
              if (((base >> i) & 1) && sk_bits_count(line_cells[i]) == 1) kind = 2;
          } else {
            if (nf > max_fins) continue;
            sk_bits f = fins;
            for (int c; (c = sk_bits_pop(&f)) >= 0; ) elim = sk_bits_and(elim, sk_peer_bits[c]);
            kind = 1;
            for (int i = 0; i < 9; i++)
              if (((base >> i) & 1) && sk_bits_count(sk_bits_andnot(line_cells[i], fins)) <= 1)
                kind = 2;
          }
          if (sk_bits_empty(elim)) continue;
          int w = nf == 0 ? 0 : kind;
          char *o = out[w];
          size_t l = len[w];
          l += (size_t)snprintf(o + l, size - l, "%s%s: %d %c",
                                kind == 1 ? "Finned " : kind == 2 ? "Sashimi " : "",
                                names[n - 2], d, by_cols ? 'c' : 'r');
          for (int i = 0; i < 9; i++)
            if ((base >> i) & 1) l += (size_t)snprintf(o + l, size - l, "%d", i + 1);
          l += (size_t)snprintf(o + l, size - l, " %c", by_cols ? 'r' : 'c');
          for (int i = 0; i < 9; i++)
            if ((cover >> i) & 1) l += (size_t)snprintf(o + l, size - l, "%d", i + 1);
          for (int c; (c = sk_bits_pop(&fins)) >= 0; )
            l += (size_t)snprintf(o + l, size - l, " fr%dc%d", c / 9 + 1, c % 9 + 1);
          l += (size_t)snprintf(o + l, size - l, "|");
          for (int c; (c = sk_bits_pop(&elim)) >= 0; ) l += (size_t)snprintf(o + l, size - l, "%d,", c);
          l += (size_t)snprintf(o + l, size - l, "\n");
          len[w] = l;
          if (len[w] + 256 > size) return;
        }
      }
    }
}

static void test_reference(void **state) {
  (void)state;
  static const char *const kinds[] = {"basic", "finned", "sashimi"};
  static const char *const sizes[] = {"x-wing", "swordfish", "jellyfish", "squirmbag", "whale",
                                      "leviathan"};
  static char want0[1 << 19], want1[1 << 19], want2[1 << 19], got[1 << 19];
  char *want[3] = {want0, want1, want2};
  uint32_t seed = 12345;
  int fish = 0;
  for (int trial = 0; trial < 150; trial++) {
    sk_grid g = empty();
    for (int d = 1; d <= 9; d++) {
      seed = seed * 1103515245u + 12345u;
      if ((seed >> 16) % 3) continue;             /* about a third of the digits */
      seed = seed * 1103515245u + 12345u;
      int keep_pct = 20 + (int)((seed >> 16) % 40);
      for (int c = 0; c < SK_CELLS; c++) {
        seed = seed * 1103515245u + 12345u;
        if ((int)((seed >> 16) % 100) >= keep_pct) sk_grid_eliminate(&g, c, d);
      }
    }
    for (int n = 2; n <= 7; n++) {
      reference(&g, n, 5, want, sizeof want0);
      for (int k = 0; k < 3; k++) {
        char id[32];
        snprintf(id, sizeof id, "%s-%s", kinds[k], sizes[n - 2]);
        gathered r = search(id, &g, solver, 0);
        size_t len = 0;
        got[0] = 0;
        for (int i = 0; i < r.n; i++) {
          len += (size_t)snprintf(got + len, sizeof got - len, "%s|", r.hint[i].text);
          for (int c = 0; c < SK_CELLS; c++)
            if (r.hint[i].elim[c]) len += (size_t)snprintf(got + len, sizeof got - len, "%d,", c);
          len += (size_t)snprintf(got + len, sizeof got - len, "\n");
        }
        fish += r.n;
        free(r.hint);
        if (strcmp(want[k], got) != 0)
          fail_msg("trial %d, %s:\nreference:\n%s\nplugin:\n%s", trial, id, want[k], got);
      }
    }
  }
  print_message("%d fish, as HoDoKu's search read literally finds them, in its order\n", fish);
}

/* }====== */

/* {====== HoDoKu's solving paths */

/* The solver's order index of each step name HoDoKu prints
** (Options.DEFAULT_SOLVER_STEPS; hodoku-facts.md 4.2). */
static const struct { const char *name; int index; } step_index[] = {
  {"Full House", 100}, {"Naked Single", 200}, {"Hidden Single", 300}, {"Locked Pair", 1000},
  {"Locked Triple", 1100}, {"Locked Candidates Type 1 (Pointing)", 1200},
  {"Locked Candidates Type 2 (Claiming)", 1210}, {"Naked Pair", 1300}, {"Naked Triple", 1400},
  {"Hidden Pair", 1500}, {"Hidden Triple", 1600}, {"Naked Quadruple", 2000},
  {"Hidden Quadruple", 2100}, {"X-Wing", 2200}, {"Swordfish", 2300}, {"Jellyfish", 2400},
  {"Remote Pair", 2800}, {"Bivalue Universal Grave + 1", 2900}, {"Skyscraper", 3000},
  {"2-String Kite", 3100}, {"Turbot Fish", 3120}, {"Empty Rectangle", 3170}, {"W-Wing", 3200},
  {"XY-Wing", 3300}, {"XYZ-Wing", 3400}, {"Uniqueness Test 1", 3500},
  {"Uniqueness Test 2", 3600}, {"Uniqueness Test 3", 3700}, {"Uniqueness Test 4", 3800},
  {"Uniqueness Test 5", 3900}, {"Uniqueness Test 6", 4000}, {"Hidden Rectangle", 4010},
  {"Avoidable Rectangle Type 1", 4020}, {"Avoidable Rectangle Type 2", 4030},
  {"Finned X-Wing", 4100}, {"Sashimi X-Wing", 4200}, {"Finned Swordfish", 4300},
  {"Sashimi Swordfish", 4400}, {"Finned Jellyfish", 4500}, {"Sashimi Jellyfish", 4600},
  {"Sue de Coq", 5300}, {"Simple Colors Trap", 5330}, {"Simple Colors Wrap", 5330},
  {"Multi Colors 1", 5360}, {"Multi Colors 2", 5360}, {"X-Chain", 5400}, {"XY-Chain", 5500},
  {"Continuous Nice Loop", 5600}, {"Discontinuous Nice Loop", 5600}, {"AIC", 5600},
  {"Grouped Continuous Nice Loop", 5650}, {"Grouped Discontinuous Nice Loop", 5650},
  {"Grouped AIC", 5650}, {"Almost Locked Set XZ-Rule", 5700},
  {"Almost Locked Set XY-Wing", 5800}, {"Almost Locked Set Chain", 5900},
  {"Finned Franken X-Wing", 6700}, {"Finned Franken Swordfish", 6800},
  {"Forcing Chain Contradiction", 8500}, {"Forcing Chain Verity", 8500},
  {"Forcing Net Contradiction", 8600}, {"Forcing Net Verity", 8600}, {"Brute Force", 8900},
};

/* The techniques here that HoDoKu's solver uses by default, with its
** index and display name. */
static const struct { const char *id, *name; int index; } mine[] = {
  {"basic-x-wing", "X-Wing", 2200}, {"basic-swordfish", "Swordfish", 2300},
  {"basic-jellyfish", "Jellyfish", 2400}, {"finned-x-wing", "Finned X-Wing", 4100},
  {"sashimi-x-wing", "Sashimi X-Wing", 4200}, {"finned-swordfish", "Finned Swordfish", 4300},
  {"sashimi-swordfish", "Sashimi Swordfish", 4400}, {"finned-jellyfish", "Finned Jellyfish", 4500},
  {"sashimi-jellyfish", "Sashimi Jellyfish", 4600}, {"franken-x-wing", "Franken X-Wing", 6100},
  {"franken-swordfish", "Franken Swordfish", 6200},
  {"finned-franken-x-wing", "Finned Franken X-Wing", 6700},
  {"finned-franken-swordfish", "Finned Franken Swordfish", 6800},
};

/* Apply "r7c5,r9c2<>4, r7c589<>8" or "r9c3=7" to g. */
static void apply_step(sk_grid *g, const char *p) {
  while (*p) {
    int cells[81], nc = 0;
    while (*p == 'r') {
      const char *rows = ++p;
      while (*p >= '1' && *p <= '9') p++;
      const char *rows_end = p;
      assert_true(*p == 'c');
      const char *cols = ++p;
      while (*p >= '1' && *p <= '9') p++;
      for (const char *r = rows; r < rows_end; r++)
        for (const char *c = cols; c < p; c++) cells[nc++] = rc(*r - '0', *c - '0');
      if (*p == ',') p++;
    }
    if (p[0] == '<' && p[1] == '>') {
      for (p += 2; *p >= '1' && *p <= '9'; p++)
        for (int i = 0; i < nc; i++) sk_grid_eliminate(g, cells[i], *p - '0');
    } else if (p[0] == '=') {
      assert_int_equal(nc, 1);
      sk_grid_place(g, cells[0], p[1] - '0');
      p += 2;
    } else {
      fail_msg("cannot read step at '%s'", p);
    }
    while (*p == ',' || *p == ' ') p++;
  }
}

/* The eliminations of "... => r1c34,r4c34<>3" as a mask per cell. */
static void step_elims(const char *p, sk_mask out[SK_CELLS]) {
  sk_grid g;
  sk_grid_init(&g);
  memset(out, 0, SK_CELLS * sizeof *out);
  apply_step(&g, p);
  for (int c = 0; c < SK_CELLS; c++) out[c] = (sk_mask)(SK_ALL_DIGITS & ~g.cand[c]);
}

static int check_paths(const char *path, int *fish_steps) {
  FILE *f = fopen(path, "r");
  if (!f) return -1;
  char line[8192];
  sk_grid g;
  int have = 0, checked = 0;
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\r\n")] = 0;
    if (line[0] == '#') {
      const char *p = strchr(line, ' ');
      assert_non_null(p);
      uint8_t v[SK_CELLS];
      for (int c = 0; c < SK_CELLS; c++) v[c] = (uint8_t)(p[1 + c] == '.' ? 0 : p[1 + c] - '0');
      assert_int_equal(sk_grid_from_values(&g, v, NULL), 0);
      have = 1;
      continue;
    }
    if (!have || strncmp(line, "   ", 3) != 0 || line[3] == ' ') continue;
    const char *text = line + 3, *arrow = strstr(text, " => ");
    size_t nlen = strcspn(text, ":");
    if (!text[nlen]) nlen = (size_t)(strstr(text, " in ") && strstr(text, " in ") < arrow
                                     ? strstr(text, " in ") : arrow) - (size_t)text;
    int index = -1;
    for (size_t i = 0; i < sizeof step_index / sizeof step_index[0]; i++)
      if (strlen(step_index[i].name) == nlen && strncmp(step_index[i].name, text, nlen) == 0)
        index = step_index[i].index;
    if (index < 0) fail_msg("unknown step: %s", text);
    for (size_t i = 0; i < sizeof mine / sizeof mine[0] && mine[i].index <= index; i++) {
      if (mine[i].index == index && strlen(mine[i].name) == nlen &&
          strncmp(mine[i].name, text, nlen) == 0) {
        sk_hint h = first(mine[i].id, &g, solver);
        size_t tlen = (size_t)(arrow - text);
        if (strlen(h.text) != tlen || strncmp(h.text, text, tlen) != 0)
          fail_msg("%s: HoDoKu's step %s, ours %s", path, text, h.text);
        sk_mask want[SK_CELLS];
        step_elims(arrow + 4, want);
        assert_memory_equal(want, h.elim, sizeof want);
        checked++;
      } else if (mine[i].index < index) {
        gathered r = search(mine[i].id, &g, solver, 1);
        if (r.n) fail_msg("%s: before HoDoKu's step %s, %s finds %s", path, text, mine[i].id,
                          r.hint[0].text);
        free(r.hint);
      }
    }
    apply_step(&g, arrow ? arrow + 4 : text + nlen + 2);
  }
  fclose(f);
  *fish_steps += checked;
  return 0;
}

static void test_hodoku_paths(void **state) {
  (void)state;
  const char *shared = getenv("SK_SHARED");
  if (!shared) { print_message("SK_SHARED unset: HoDoKu's paths skipped\n"); return; }
  static const char *const sets[] = {"top1465", "mixed-1090"};
  for (size_t i = 0; i < 2; i++) {
    char path[1024];
    int steps = 0;
    snprintf(path, sizeof path, "%s/data/hodoku/hodoku-paths-%s.txt", shared, sets[i]);
    if (check_paths(path, &steps) != 0) { print_message("%s missing: skipped\n", path); continue; }
    print_message("HoDoKu's paths of %s: %d fish steps, the same fish\n", sets[i], steps);
    assert_true(steps > 0);
  }
}

/* }====== */

/* {====== Franken, Mutant and Kraken fish (fish/franken.c, fish/kraken.c) */

/* Digit d leaves the cells "r1c2 r3c3". */
static void drop(sk_grid *g, int d, const char *cells) {
  for (const char *p = cells; *p; p++)
    if (*p == 'r') { sk_grid_eliminate(g, rc(p[1] - '0', p[3] - '0'), d); p += 3; }
}

static void expect_more(const sk_hint *h, int endo, int cannib) {
  assert_int_equal(h->fig[SK_FIG_LENGTH], endo);
  assert_int_equal(h->fig[SK_FIG_COMPLEXITY], cannib);
}

/* 5 in row 5 only at c1, c2 and in box 1 only at r1c1, r2c2: base r5
** and b1, cover c1 and c2. */
static sk_grid franken_state(void) {
  sk_grid g = empty();
  keep(&g, 5, "r5", "12");
  drop(&g, 5, "r1c2 r1c3 r2c1 r2c3 r3c1 r3c2 r3c3");
  return g;
}

static void test_franken_x_wing(void **state) {
  (void)state;
  sk_grid g = franken_state();
  sk_hint h = first("franken-x-wing", &g, solver);
  expect(&h, "Franken X-Wing: 5 r5b1 c12", 2, 10, 0);
  expect_more(&h, 0, 0);
  assert_string_equal(h.name, "Franken X-Wing");
  expect_elims(&h, 5, "r4c1 r6c1 r7c1 r8c1 r9c1 r4c2 r6c2 r7c2 r8c2 r9c2");
  for (int c = 0; c < SK_CELLS; c++) {
    int base = c == rc(5, 1) || c == rc(5, 2) || c == rc(1, 1) || c == rc(2, 2);
    assert_int_equal(h.focus[c], base ? SK_BIT(5) : 0);
  }
  /* the only finless fish: no other house has at most two places */
  assert_int_equal(count("franken-x-wing", &g, solver), 1);
  assert_int_equal(count("basic-x-wing", &g, solver), 0);
  /* the Mutant search meets it too, and returns it, a Franken fish */
  h = first("mutant-x-wing", &g, solver);
  expect(&h, "Franken X-Wing: 5 r5b1 c12", 2, 10, 0);
  /* finned: covers c1 and b4 leave r2c2 a fin (r5c1 is in both covers,
  ** cannibalistic, but does not see the fin) */
  h = first("finned-franken-x-wing", &g, solver);
  expect(&h, "Finned Franken X-Wing: 5 r5b1 c1b4 fr2c2", 2, 11, 1);
  expect_elims(&h, 5, "r4c2 r6c2");
  expect_more(&h, 0, 0);
}

/* 5 in row 1 only at c5, c6 (box 2) and in column 1 only at r5, r6 (box
** 4): base r1 and c1, cover b2 and b4, a Mutant fish. */
static void test_mutant_x_wing(void **state) {
  (void)state;
  sk_grid g = empty();
  keep(&g, 5, "r1", "56");
  keep(&g, 5, "c1", "56");
  sk_hint h = first("mutant-x-wing", &g, solver);
  expect(&h, "Mutant X-Wing: 5 r1c1 b24", 2, 20, 0);
  expect_elims(&h, 5, "r2c4 r2c5 r2c6 r3c4 r3c5 r3c6 r4c2 r4c3 r5c2 r5c3 r6c2 r6c3");
  assert_int_equal(count("mutant-x-wing", &g, solver), 1);
  /* the Franken search never has a row and a column as base houses */
  assert_int_equal(count("franken-x-wing", &g, solver), 0);
}

/* 5 in row 1 only at c1, c2 and in row 4 only at c1: with covers c1 and
** b1, r1c1 lies in both and goes (cannibalism). */
static void test_cannibalism(void **state) {
  (void)state;
  sk_grid g = empty();
  keep(&g, 5, "r1", "12");
  keep(&g, 5, "r4", "1");
  /* the solver's search meets the basic fish first (covers c1, c2; a
  ** base line of one cell: HoDoKu's "Sashimi") */
  gathered r = search("franken-x-wing", &g, solver, 0);
  assert_int_equal(r.n, 3);
  expect(&r.hint[0], "Sashimi X-Wing: 5 r14 c12", 2, 2, 0);
  expect(&r.hint[1], "Franken X-Wing: 5 r14 c1b1", 2, 10, 0);
  expect(&r.hint[2], "Mutant X-Wing: 5 r14 b14", 2, 20, 0);
  /* HoDoKu's cannibalistic list: every candidate in both covers, r1c1
  ** (a base cell) and r2c1, r3c1 */
  expect_more(&r.hint[1], 0, 3);
  expect_elims(&r.hint[1], 5, "r1c1 r2c1 r2c2 r2c3 r3c1 r3c2 r3c3 r5c1 r6c1 r7c1 r8c1 r9c1");
  free(r.hint);
  /* all steps: the Franken technique lists its own type only */
  r = search("franken-x-wing", &g, all_steps, 0);
  assert_int_equal(r.n, 1);
  expect(&r.hint[0], "Franken X-Wing: 5 r14 c1b1", 2, 10, 0);
  free(r.hint);
}

/* Endo fins: 5 in row 2 only at c2 and c5, in row 5 only at c3 and c5,
** in box 1 only at r2c2 and r3c3: base r2, r5 and b1, where r2c2 lies in
** two base houses (an endo fin, the only fin with covers c2, c3, c5); the
** eliminations see it. */
static void test_endo_fin(void **state) {
  (void)state;
  sk_grid g = empty();
  keep(&g, 5, "r2", "25");
  keep(&g, 5, "r5", "35");
  drop(&g, 5, "r1c1 r1c2 r1c3 r3c1 r3c2");
  gathered r = search("finned-franken-swordfish", &g, solver, 0);
  int at = -1;
  for (int i = 0; i < r.n && at < 0; i++)
    if (!strcmp(r.hint[i].text, "Finned Franken Swordfish: 5 r25b1 c235 efr2c2")) at = i;
  assert_true(at >= 0);
  expect(&r.hint[at], "Finned Franken Swordfish: 5 r25b1 c235 efr2c2", 3, 11, 1);
  expect_more(&r.hint[at], 1, 0);
  expect_elims(&r.hint[at], 5, "r4c2 r6c2 r7c2 r8c2 r9c2");
  free(r.hint);
  /* without endo fins no base set may overlap */
  option no_endo[] = {{"max-endo-fins", 0}, {NULL, 0}};
  r = search("finned-franken-swordfish", &g, no_endo, 0);
  assert_true(r.n > 0);
  for (int i = 0; i < r.n; i++) assert_int_equal(r.hint[i].fig[SK_FIG_LENGTH], 0);
  free(r.hint);
}

static void test_franken_nothing(void **state) {
  (void)state;
  static const char *const fams[] = {"franken", "finned-franken", "mutant", "finned-mutant"};
  static const char *const sizes[] = {"x-wing", "swordfish", "jellyfish"};
  sk_grid g = empty();
  for (int f = 0; f < 4; f++)
    for (int n = 0; n < 3; n++) {
      char id[64];
      snprintf(id, sizeof id, "%s-%s", fams[f], sizes[n]);
      assert_int_equal(count(id, &g, solver), 0);
      assert_int_equal(count(id, &g, all_siamese), 0);
    }
  assert_int_equal(count("kraken-fish", &g, solver), 0);
}

/* 1 in row 1 only at c2, c8, in row 5 at c2, c8, c9, in row 9 at c8, c9,
** and not at r4c8, r6c8.  The first finned fish without eliminations
** (sizes 2-4, each base set's covers before larger base sets) is a Franken
** Jellyfish with fins r5c8, r5c9; each fin holding 1 takes it from r2c2:
** r5c8 -> not r1c8 -> r1c2 -> not r2c2 (3 links), r5c9 -> not r9c9 ->
** r9c8 -> not r1c8 -> r1c2 -> not r2c2 (5). */
static void test_kraken(void **state) {
  (void)state;
  sk_grid g = empty();
  keep(&g, 1, "r1", "28");
  keep(&g, 1, "r5", "289");
  keep(&g, 1, "r9", "89");
  drop(&g, 1, "r4c8 r6c8");
  sk_hint h = first("kraken-fish", &g, solver);
  expect(&h, "Kraken Fish Type 1: Finned Franken Jellyfish: 1 r1235 c2b123 fr5c8 fr5c9", 4, 1,
         2);
  expect_elims(&h, 1, "r2c2");
  assert_int_equal(h.fig[SK_FIG_LENGTH], 8);
  gathered r = search("kraken-fish", &g, solver, 0);
  int type2 = 0;
  for (int i = 0; i < r.n; i++) {
    assert_true(r.hint[i].fig[SK_FIG_TYPE] == 1 || r.hint[i].fig[SK_FIG_TYPE] == 2);
    /* every elimination is of 1 outside the cells where 1 is forced */
    for (int c = 0; c < SK_CELLS; c++)
      if (r.hint[i].elim[c]) assert_true(c != rc(1, 2) && c != rc(9, 8));
    if (r.hint[i].fig[SK_FIG_TYPE] == 2) type2++;
  }
  free(r.hint);
  assert_true(type2 > 0);
  /* kraken-max-fins 1: only fish with one fin */
  option one_fin[] = {{"kraken-max-fins", 1}, {NULL, 0}};
  r = search("kraken-fish", &g, one_fin, 0);
  assert_true(r.n > 0);
  for (int i = 0; i < r.n; i++) assert_int_equal(r.hint[i].fig[SK_FIG_EXTRA], 1);
  free(r.hint);
}

/* }====== */

/* {====== HoDoKu's regression library */

typedef struct libcase {
  char code[8];
  int fail;
  int digit;
  sk_grid g;
  sk_mask elim[SK_CELLS];
} libcase;

/* ":<code>[-variant]:<digit>:<givens>:<deleted>:<eliminations>:..." */
static int parse_case(const char *line, libcase *lc) {
  char buf[2048];
  snprintf(buf, sizeof buf, "%s", line);
  char *part[8] = {0};
  int np = 0;
  for (char *p = buf; np < 8; ) {
    part[np++] = p;
    char *q = strchr(p, ':');
    if (!q) break;
    *q = 0;
    p = q + 1;
  }
  if (np < 6 || part[0][0] != 0) return -1;
  memset(lc, 0, sizeof *lc);
  char *dash = strchr(part[1], '-');
  if (dash) { lc->fail = dash[1] == 'x'; *dash = 0; }
  snprintf(lc->code, sizeof lc->code, "%s", part[1]);
  lc->digit = part[2][0] - '0';
  uint8_t v[SK_CELLS] = {0};
  int c = 0;
  for (const char *p = part[3]; *p && c < SK_CELLS; p++) {
    if (*p == '+') continue;
    v[c++] = (uint8_t)(*p >= '1' && *p <= '9' ? *p - '0' : 0);
  }
  if (c != SK_CELLS || sk_grid_from_values(&lc->g, v, NULL) != 0) return -1;
  for (const char *p = part[4]; *p; p++)
    if (p[0] >= '1' && p[1] && p[2]) {
      sk_grid_eliminate(&lc->g, rc(p[1] - '0', p[2] - '0'), p[0] - '0');
      p += 2;
    }
  for (const char *p = part[5]; *p; p++)
    if (p[0] >= '1' && p[1] && p[2]) {
      lc->elim[rc(p[1] - '0', p[2] - '0')] |= SK_BIT(p[0] - '0');
      p += 2;
    }
  return 0;
}

/* The library code HoDoKu writes for a hint of the family's kind (0
** finless, 1 finned, 2 sashimi) and size. */
static void hint_code(const sk_hint *h, char out[32]) {
  int type = h->fig[SK_FIG_TYPE], kind = type >= 3 ? type - 2 : type;
  snprintf(out, 32, "03%d%d%s", kind, h->fig[SK_FIG_SIZE] - 2, type >= 3 ? "1" : "");
}

/* RegressionTester.test and checkResults for one fish case: 1 pass. */
static int check_case(const libcase *lc) {
  static const char *const kinds[] = {"basic", "finned", "sashimi"};
  static const char *const sizes[] = {"x-wing", "swordfish", "jellyfish", "squirmbag", "whale",
                                      "leviathan"};
  int n = lc->code[3] - '0' + 2;
  option opt[] = {{"all-steps", 1}, {"only-one-fish-per-step", 0},
                  {"duals", n >= 3}, {"max-fins", 5}, {NULL, 0}};
  int found = 0, good = 1;
  for (int k = 0; k < 3; k++) {
    char id[32];
    snprintf(id, sizeof id, "%s-%s", kinds[k], sizes[n - 2]);
    gathered r = search(id, &lc->g, opt, 0);
    for (int i = 0; i < r.n; i++) {
      char code[32];
      hint_code(&r.hint[i], code);
      if (strcmp(code, lc->code) != 0) continue;
      int digit = 0;
      for (int c = 0; c < SK_CELLS && !digit; c++)
        if (r.hint[i].focus[c]) digit = sk_mask_first(r.hint[i].focus[c]);
      if (digit != lc->digit) continue;
      found = 1;
      if (memcmp(r.hint[i].elim, lc->elim, sizeof lc->elim) != 0) good = 0;
    }
    free(r.hint);
  }
  return lc->fail ? !found : found && good;
}

static int fish_code(const char *code) {
  size_t len = strlen(code);
  if (strncmp(code, "03", 2) != 0 || (len != 4 && len != 5)) return 0;
  if (code[2] < '0' || code[2] > '2' || code[3] < '0' || code[3] > '5') return 0;
  return len == 4 || (code[4] == '1' && code[2] != '0');
}

static void test_reglib(void **state) {
  (void)state;
  const char *shared = getenv("SK_SHARED");
  if (!shared) { print_message("SK_SHARED unset: HoDoKu's library skipped\n"); return; }
  char path[1024];
  snprintf(path, sizeof path, "%s/data/hodoku/reglib-1.3.txt", shared);
  FILE *f = fopen(path, "r");
  if (!f) { print_message("%s missing: skipped\n", path); return; }
  char line[2048];
  int cases = 0, pass = 0, lineno = 0;
  while (fgets(line, sizeof line, f)) {
    lineno++;
    line[strcspn(line, "\r\n")] = 0;
    if (line[0] != ':') continue;
    libcase lc;
    if (parse_case(line, &lc) != 0 || !fish_code(lc.code)) continue;
    cases++;
    if (check_case(&lc)) pass++;
    else print_message("reglib line %d fails: %s\n", lineno, line);
  }
  fclose(f);
  print_message("HoDoKu's library, fish codes 0300-0325 and Siamese: %d cases, %d pass\n", cases,
                pass);
  assert_true(cases > 0);
  assert_int_equal(pass, cases);
}

/* }====== */

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_basic_x_wing),
    cmocka_unit_test(test_basic_order),
    cmocka_unit_test(test_basic_one_cell_line),
    cmocka_unit_test(test_basic_sizes),
    cmocka_unit_test(test_basic_nothing),
    cmocka_unit_test(test_finned_x_wing),
    cmocka_unit_test(test_sashimi_x_wing),
    cmocka_unit_test(test_finned_sizes),
    cmocka_unit_test(test_many_covers),
    cmocka_unit_test(test_finned_order),
    cmocka_unit_test(test_siamese),
    cmocka_unit_test(test_options),
    cmocka_unit_test(test_reference),
    cmocka_unit_test(test_franken_x_wing),
    cmocka_unit_test(test_mutant_x_wing),
    cmocka_unit_test(test_cannibalism),
    cmocka_unit_test(test_endo_fin),
    cmocka_unit_test(test_franken_nothing),
    cmocka_unit_test(test_kraken),
    cmocka_unit_test(test_reglib),
    cmocka_unit_test(test_hodoku_paths),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
