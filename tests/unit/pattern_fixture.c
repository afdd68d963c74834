/*
** pattern_fixture.c -- the engine and helpers of the tests of techniques
** beyond SE's table (see pattern_fixture.h).
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
#include "pattern_fixture.h"
#include "sk_format.h"
#include "sk_solver.h"

static sk_engine *eng;                  /* the engine the helpers use */
static sk_engine *group_eng;            /* the group's, while a test has its own */
static const char *const *plugin_names;
static size_t nplugins;

/* {====== engines */

/* An engine with the plugins bound to the table `text`; NULL on failure. */
static sk_engine *make_engine(const char *text) {
  sk_error err = {{0}};
  char path[1024];
  sk_engine *e = sk_engine_new();
  if (!e) return NULL;
  for (size_t i = 0; i < nplugins; i++) {
    snprintf(path, sizeof path, "%s/%s.so", SK_BUILD_PLUGIN_DIR, plugin_names[i]);
    if (sk_engine_load_plugin(e, path, &err) != 0) {
      fprintf(stderr, "%s\n", err.msg);
      sk_engine_free(e);
      return NULL;
    }
  }
  sk_table *t = sk_table_parse(text, strlen(text), "<test table>", &err);
  if (!t || sk_engine_use_table(e, t, &err) != 0) {
    fprintf(stderr, "%s\n", err.msg);
    sk_table_free(t);
    sk_engine_free(e);
    return NULL;
  }
  return e;
}

int pattern_setup(const char *const *plugins, size_t n, const char *table) {
  plugin_names = plugins;
  nplugins = n;
  eng = make_engine(table);
  return eng ? 0 : -1;
}

int pattern_teardown(void **state) {
  (void)state;
  sk_engine_free(eng);
  eng = NULL;
  return 0;
}

int pattern_table_setup(void **state) {
  sk_engine *e = make_engine(*state);
  if (!e) return -1;
  group_eng = eng;
  eng = e;
  return 0;
}

int pattern_table_teardown(void **state) {
  (void)state;
  sk_engine_free(eng);
  eng = group_eng;
  return 0;
}

/* }====== */

/* {====== building positions */

int rc(int r, int c) { return (r - 1) * 9 + (c - 1); }
int row(int r) { return r - 1; }
int col(int c) { return 8 + c; }

/* Parse "r5c1" at s; returns the cell, moves *s past it. */
static int parse_cell(const char **s) {
  const char *p = *s;
  assert_true(p[0] == 'r' && p[2] == 'c');
  *s = p + 4;
  return rc(p[1] - '0', p[3] - '0');
}

sk_grid empty(void) {
  sk_grid g;
  sk_grid_init(&g);
  return g;
}

/* Digit d stays in house h only at the cells named in "r1c2 r2c2". */
void confine(sk_grid *g, int house, int d, const char *cells) {
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
void drop(sk_grid *g, int d, const char *cells) {
  for (const char *p = cells; *p; ) {
    if (*p == ' ') { p++; continue; }
    sk_grid_eliminate(g, parse_cell(&p), d);
  }
}

/* }====== */

/* {====== running a technique */

static int keep(void *ud, const sk_hint *h, int32_t d) {
  found *f = ud;
  if (f->count < MAX_FOUND) { f->hint[f->count] = *h; f->diff[f->count] = d; }
  f->count++;
  return 0;
}

/* Every hint of technique id on g (all = 1), or what a rating step asks
** for (all = 0).  The grid must come back untouched. */
found *run(const char *id, const sk_grid *g, int all) {
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
sk_hint first(const char *id, const sk_grid *g) {
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

void none(const char *id, const sk_grid *g) {
  assert_int_equal(run(id, g, 1)->count, 0);
}

/* The hint places nothing and removes exactly digit d from the cells of
** "r1c1 r2c5". */
void expect_elims(const sk_hint *h, int d, const char *cells) {
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
void expect_focus(const sk_hint *h, int d, const char *cells) {
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

void expect_cands(const sk_hint *h, const char *spec) {
  sk_mask want[SK_CELLS] = {0};
  for (const char *p = spec; *p; ) {
    if (*p == ' ') { p++; continue; }
    int c = parse_cell(&p);
    if (*p++ != ':') fail_msg("bad candidate spec \"%s\"", spec);
    for (; *p >= '1' && *p <= '9'; p++) want[c] |= SK_BIT(*p - '0');
  }
  assert_int_equal(h->cell, -1);
  for (int c = 0; c < SK_CELLS; c++)
    if (h->elim[c] != want[c])
      fail_msg("cell r%dc%d: eliminates %03x, expected %03x (%s)", c / 9 + 1, c % 9 + 1,
               h->elim[c], want[c], h->text);
}

int count_elims(const sk_hint *h) {
  int n = 0;
  for (int c = 0; c < SK_CELLS; c++) n += sk_mask_count(h->elim[c]);
  return n;
}

int has_elim(const sk_hint *h, int r, int c, int d) {
  return (h->elim[rc(r, c)] & SK_BIT(d)) != 0;
}

/* }====== */

/* {====== puzzles */

sk_grid puzzle(const char *text, uint8_t sol[SK_CELLS]) {
  sk_puzzle p;
  memset(&p, 0, sizeof p);
  assert_int_equal(sk_parse_line(text, &p), 0);
  sk_grid g;
  assert_int_equal(sk_puzzle_grid(&p, &g, NULL), 0);
  sk_puzzle_free(&p);
  assert_int_equal(sk_solve_count_grid(&g, 2, sol, NULL), 1);
  return g;
}

int advance(sk_grid *g, const char *id) {
  const sk_table *t = sk_engine_table(eng);
  for (int steps = 0; !sk_grid_solved(g); steps++) {
    int applied = 0;
    for (int i = 0; i < t->n && !applied; i++) {
      if (t->entry[i].disabled) continue;
      found *f = run(t->entry[i].id, g, 0);
      if (f->count == 0) continue;
      if (!strcmp(t->entry[i].id, id)) return steps;
      sk_hint h = first(t->entry[i].id, g);
      sk_hint_apply(&h, g);
      applied = 1;
    }
    if (!applied) return -1;
  }
  return -1;
}

void expect_sound(const found *f, const uint8_t sol[SK_CELLS]) {
  for (int i = 0; i < f->count && i < MAX_FOUND; i++) {
    const sk_hint *h = &f->hint[i];
    if (h->cell >= 0 && h->digit != sol[h->cell])
      fail_msg("hint %d places %d in r%dc%d, the solution has %d (%s)", i, h->digit,
               h->cell / 9 + 1, h->cell % 9 + 1, sol[h->cell], h->text);
    for (int c = 0; c < SK_CELLS; c++)
      if (h->elim[c] & SK_BIT(sol[c]))
        fail_msg("hint %d removes the solution %d of r%dc%d (%s)", i, sol[c], c / 9 + 1,
                 c % 9 + 1, h->text);
  }
}

/* }====== */

/* {====== HoDoKu's solution paths */

/* HoDoKu's getCompactCellPrint of a cell set, ascending: a cell with the
** later cells of its row ("r1c123") or, when the group's second cell is in
** its column, of its column ("r123c1"). */
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

/* Apply what a path line does after "=> " (or after ": " for singles):
** "r1c2,r34c5<>6, r7c8<>3" or "r1c1=5". */
static void hodoku_apply(sk_grid *g, const char *eff) {
  const char *eq = strchr(eff, '=');
  if (!strstr(eff, "<>") && eq && eq - eff >= 4) {
    sk_grid_place(g, (eq[-3] - '1') * 9 + (eq[-1] - '1'), eq[1] - '0');
    return;
  }
  while ((eq = strstr(eff, "<>")) != NULL) {
    int d = eq[2] - '0';
    for (const char *p = eff; p < eq; ) {
      if (*p++ != 'r') continue;
      int rows[9], cols[9], nr = 0, nc = 0;
      while (*p >= '1' && *p <= '9') rows[nr++] = *p++ - '1';
      if (*p == 'c') p++;
      while (*p >= '1' && *p <= '9') cols[nc++] = *p++ - '1';
      for (int i = 0; i < nr; i++)
        for (int j = 0; j < nc; j++) sk_grid_eliminate(g, rows[i] * 9 + cols[j], d);
    }
    eff = eq + 3;
  }
}

/* Replay HoDoKu's /vp paths (SK_SHARED/data/hodoku/NAME: "#n puzzle Level
** (score)", then a line per step, indented by three blanks) and check, at
** every step of the techniques in pt[], that the hint the engine takes is
** HoDoKu's step: its text, then " => " and its eliminations as HoDoKu
** prints them (all of one digit here).  Returns the steps checked; -1 when
** the file is not there. */
int replay_hodoku_paths(const char *name, path_tech *pt, int npt) {
  const char *shared = getenv("SK_SHARED");
  if (!shared) return -1;
  char path[1024], line[8192];
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
    for (int i = 0; i < npt; i++) {
      if (strncmp(txt, pt[i].prefix, strlen(pt[i].prefix)) != 0) continue;
      char got[SK_HINT_TEXT + 512] = "(nothing)";
      if (run(pt[i].id, &g, 0)->count > 0) {
        sk_hint h = first(pt[i].id, &g);
        sk_mask all = 0;
        for (int c = 0; c < SK_CELLS; c++) all |= h.elim[c];
        size_t n = (size_t)snprintf(got, sizeof got, "%s =>", h.text);
        for (int d = 1; d <= 9; d++) {
          if (!(all & SK_BIT(d))) continue;
          char cells[256];
          hodoku_cells(cells, sizeof cells, h.elim, SK_BIT(d));
          n += (size_t)snprintf(got + n, sizeof got - n, "%s %s<>%d", n > strlen(h.text) + 3 ? "," : "",
                                cells, d);
        }
      }
      pt[i].steps++;
      checked++;
      if (strcmp(got, txt) != 0) {
        if (pt[i].differ++ < 5) fprintf(stderr, "HoDoKu: %s\nsudokit: %s\n", txt, got);
      }
      break;
    }
    if (arrow) hodoku_apply(&g, arrow + 4);
    else if (strstr(txt, ": ")) hodoku_apply(&g, strstr(txt, ": ") + 2);
  }
  fclose(f);
  return checked;
}

/* }====== */
