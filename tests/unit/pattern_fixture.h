/*
** pattern_fixture.h -- an engine for the tests of techniques beyond SE's
** table: the build's plugins named in plugins[] (without ".so"), bound to
** a rating table given as text (TABLE), which lists only their ids; and
** helpers that build positions from the empty grid.  The including test
** defines plugins[] and TABLE first.
*/
#ifndef PATTERN_FIXTURE_H
#define PATTERN_FIXTURE_H

static sk_engine *eng;

static int setup(void **state) {
  (void)state;
  sk_error err = {{0}};
  char path[1024];
  eng = sk_engine_new();
  if (!eng) return -1;
  for (size_t i = 0; i < sizeof plugins / sizeof plugins[0]; i++) {
    snprintf(path, sizeof path, "%s/%s.so", SK_BUILD_PLUGIN_DIR, plugins[i]);
    if (sk_engine_load_plugin(eng, path, &err) != 0) {
      fprintf(stderr, "%s\n", err.msg);
      return -1;
    }
  }
  sk_table *t = sk_table_parse(TABLE, strlen(TABLE), "<test table>", &err);
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

/* {====== building positions */

static int rc(int r, int c) { return (r - 1) * 9 + (c - 1); }
static int row(int r) { return r - 1; }
static int col(int c) { return 8 + c; }

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

/* Digit d leaves the cells named in "r1c2 r2c2". */
static void drop(sk_grid *g, int d, const char *cells) {
  for (const char *p = cells; *p; ) {
    if (*p == ' ') { p++; continue; }
    sk_grid_eliminate(g, parse_cell(&p), d);
  }
}

/* }====== */

/* {====== running a technique */

#define MAX_FOUND 64

typedef struct found {
  sk_hint hint[MAX_FOUND];     /* the first MAX_FOUND hints, in emission order */
  int32_t diff[MAX_FOUND];
  int count;
} found;

static int keep(void *ud, const sk_hint *h, int32_t d) {
  found *f = ud;
  if (f->count < MAX_FOUND) { f->hint[f->count] = *h; f->diff[f->count] = d; }
  f->count++;
  return 0;
}

/* Every hint of technique id on g (all = 1), or the one the engine takes
** (all = 0).  The grid must come back untouched. */
static found *run(const char *id, const sk_grid *g, int all) {
  static found f;
  memset(&f, 0, sizeof f);
  int i = sk_table_find(sk_engine_table(eng), id);
  assert_true(i >= 0);
  sk_grid before = *g;
  int n = sk_engine_hints(eng, g, i, all, keep, &f);
  assert_int_equal(n, f.count);
  assert_memory_equal(&before, g, sizeof before);
  return &f;
}

/* The hint a rating step takes; there must be one.  A collecting
** technique gives every hint: the least difficulty wins, then the least
** order, then the first emitted. */
static sk_hint first(const char *id, const sk_grid *g) {
  found *f = run(id, g, 0);
  const sk_technique *t = sk_engine_bound(eng, sk_table_find(sk_engine_table(eng), id));
  if (!(t->flags & SK_TECH_COLLECT)) {
    assert_int_equal(f->count, 1);
    return f->hint[0];
  }
  assert_true(f->count >= 1 && f->count <= MAX_FOUND);
  int best = 0;
  for (int i = 1; i < f->count; i++)
    if (f->diff[i] < f->diff[best] ||
        (f->diff[i] == f->diff[best] && f->hint[i].order < f->hint[best].order)) best = i;
  return f->hint[best];
}

static void none(const char *id, const sk_grid *g) {
  assert_int_equal(run(id, g, 1)->count, 0);
}

/* The hint places nothing and removes exactly digit d from the cells of
** "r1c1 r2c5". */
static void expect_elims(const sk_hint *h, int d, const char *cells) {
  sk_mask want[SK_CELLS] = {0};
  for (const char *p = cells; *p; ) {
    if (*p == ' ') { p++; continue; }
    want[parse_cell(&p)] |= SK_BIT(d);
  }
  assert_int_equal(h->cell, -1);
  for (int c = 0; c < SK_CELLS; c++)
    if (h->elim[c] != want[c])
      fail_msg("cell r%dc%d: eliminates %03x, expected %03x (%s)", c / 9 + 1, c % 9 + 1,
               h->elim[c], want[c], h->text);
}

/* The hint's focus is exactly digit d in the cells of "r1c1 r2c5". */
static void expect_focus(const sk_hint *h, int d, const char *cells) {
  sk_mask want[SK_CELLS] = {0};
  for (const char *p = cells; *p; ) {
    if (*p == ' ') { p++; continue; }
    want[parse_cell(&p)] |= SK_BIT(d);
  }
  for (int c = 0; c < SK_CELLS; c++)
    if (h->focus[c] != want[c])
      fail_msg("cell r%dc%d: focus %03x, expected %03x (%s)", c / 9 + 1, c % 9 + 1,
               h->focus[c], want[c], h->text);
}

/* }====== */

#endif
