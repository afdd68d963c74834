/*
** hodoku_step_fixture.c -- the engine and helpers the tests of HoDoKu
** techniques share (see hodoku_step_fixture.h).
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
#include "hodoku_step_fixture.h"

sk_engine *hodoku_engine;

int hodoku_fixture_setup(const char *const *plugins, size_t n, const char *table) {
  sk_error err = {{0}};
  char path[1024];
  hodoku_engine = sk_engine_new();
  if (!hodoku_engine) return -1;
  for (size_t i = 0; i < n; i++) {
    snprintf(path, sizeof path, "%s/%s.so", SK_BUILD_PLUGIN_DIR, plugins[i]);
    if (sk_engine_load_plugin(hodoku_engine, path, &err) != 0) {
      fprintf(stderr, "%s\n", err.msg);
      return -1;
    }
  }
  sk_table *t = sk_table_parse(table, strlen(table), "<test table>", &err);
  if (!t || sk_engine_use_table(hodoku_engine, t, &err) != 0) {
    fprintf(stderr, "%s\n", err.msg);
    return -1;
  }
  return 0;
}

int hodoku_fixture_teardown(void **state) {
  (void)state;
  sk_engine_free(hodoku_engine);
  return 0;
}

/* {====== building positions */

/* a solved grid: every cell not named in a position keeps its value */
const char hodoku_solution[] =
  "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

static int rc(int r, int c) { return (r - 1) * 9 + (c - 1); }

/* Parse "r5c1" at s; returns the cell, moves *s past it. */
static int parse_cell(const char **s) {
  const char *p = *s;
  assert_true(p[0] == 'r' && p[2] == 'c');
  *s = p + 4;
  return rc(p[1] - '0', p[3] - '0');
}

/* The solved grid with the cells of spec ("r1c1:12 r5c5:345") empty and
** holding exactly those candidates. */
sk_grid position(const char *spec) {
  uint8_t v[SK_CELLS];
  sk_mask cand[SK_CELLS] = {0};
  sk_grid g;
  for (int c = 0; c < SK_CELLS; c++) v[c] = (uint8_t)(hodoku_solution[c] - '0');
  for (const char *p = spec; *p; ) {
    if (*p == ' ') { p++; continue; }
    int c = parse_cell(&p);
    assert_true(*p == ':');
    for (p++; *p >= '1' && *p <= '9'; p++) cand[c] |= SK_BIT(*p - '0');
    v[c] = 0;
  }
  sk_grid_from_candidates(&g, cand, v);
  return g;
}

sk_grid state729(const char *cands) {
  sk_puzzle p;
  sk_grid g;
  memset(&p, 0, sizeof p);
  if (sk_parse_line(cands, &p) != 0) fail_msg("state does not read: %s", p.error);
  assert_true(p.has_cand);
  assert_int_equal(sk_puzzle_grid(&p, &g, NULL), 0);
  sk_puzzle_free(&p);
  assert_true(sk_grid_consistent(&g));
  return g;
}

/* }====== */

/* {====== checks */

void expect_sound(const sk_hint *h, const char *solution) {
  assert_int_equal(strlen(solution), SK_CELLS);
  if (h->cell >= 0 && h->digit != solution[h->cell] - '0')
    fail_msg("places %d in r%dc%d, the solution has %c (%s)", h->digit, h->cell / 9 + 1,
             h->cell % 9 + 1, solution[h->cell], h->text);
  for (int c = 0; c < SK_CELLS; c++)
    if (h->elim[c] & SK_BIT(solution[c] - '0'))
      fail_msg("removes the solution digit %c from r%dc%d (%s)", solution[c], c / 9 + 1,
               c % 9 + 1, h->text);
}

/* }====== */

/* {====== running a technique */

static int keep(void *ud, const sk_hint *h, int32_t d) {
  found *f = ud;
  (void)d;
  if (f->count < MAX_FOUND) f->hint[f->count] = *h;
  f->count++;
  return 0;
}

/* The hint a rating step takes: a collecting technique hands every hint
** to the callback, the step keeps the least difficulty, then the least
** order, then the first emitted. */
static int32_t best_difficulty;

static int keep_best(void *ud, const sk_hint *h, int32_t d) {
  found *f = ud;
  if (!f->count || d < best_difficulty || (d == best_difficulty && h->order < f->hint[0].order)) {
    f->hint[0] = *h;
    best_difficulty = d;
  }
  f->count = 1;
  return 0;
}

/* Every hint of technique id on g (all = 1), or the one a rating step
** takes (all = 0).  The grid must come back untouched. */
found *run(const char *id, const sk_grid *g, int all) {
  static found f;
  memset(&f, 0, sizeof f);
  int i = sk_table_find(sk_engine_table(hodoku_engine), id);
  assert_true(i >= 0);
  sk_grid before = *g;
  int n = sk_engine_hints(hodoku_engine, g, i, all, all ? keep : keep_best, &f);
  if (all) assert_int_equal(n, f.count);
  else assert_int_equal(n > 0, f.count);
  assert_memory_equal(&before, g, sizeof before);
  return &f;
}

/* The hint a rating step takes; there must be one. */
sk_hint first(const char *id, const sk_grid *g) {
  found *f = run(id, g, 0);
  assert_int_equal(f->count, 1);
  return f->hint[0];
}

void none(const char *id, const sk_grid *g) {
  found *f = run(id, g, 1);
  if (f->count) fail_msg("%s found: %s", id, f->hint[0].text);
}

/* The hint places nothing and removes exactly the candidates of spec
** ("r1c7:1 r3c3:34"). */
void expect_elims(const sk_hint *h, const char *spec) {
  sk_mask want[SK_CELLS] = {0};
  for (const char *p = spec; *p; ) {
    if (*p == ' ') { p++; continue; }
    int c = parse_cell(&p);
    assert_true(*p == ':');
    for (p++; *p >= '1' && *p <= '9'; p++) want[c] |= SK_BIT(*p - '0');
  }
  assert_int_equal(h->cell, -1);
  for (int c = 0; c < SK_CELLS; c++)
    if (h->elim[c] != want[c])
      fail_msg("cell r%dc%d: eliminates %03x, expected %03x (%s)", c / 9 + 1, c % 9 + 1,
               h->elim[c], want[c], h->text);
}

/* The hint's focus is exactly the candidates of spec. */
void expect_focus(const sk_hint *h, const char *spec) {
  sk_mask want[SK_CELLS] = {0};
  for (const char *p = spec; *p; ) {
    if (*p == ' ') { p++; continue; }
    int c = parse_cell(&p);
    assert_true(*p == ':');
    for (p++; *p >= '1' && *p <= '9'; p++) want[c] |= SK_BIT(*p - '0');
  }
  for (int c = 0; c < SK_CELLS; c++)
    if (h->focus[c] != want[c])
      fail_msg("cell r%dc%d: focus %03x, expected %03x (%s)", c / 9 + 1, c % 9 + 1,
               h->focus[c], want[c], h->text);
}

/* }====== */

/* {====== HoDoKu's solution paths */

/* HoDoKu's solver order (StepConfig index) of a step, by arg name (the
** steps column of hodoku-ratings-*.tsv); the variants of one StepConfig
** (cnl, dnl, aic...) share its index.  -1: unknown. */
static int hodoku_index(const char *arg) {
  static const struct { const char *arg; int index; } map[] = {
    {"fh", 100}, {"n1", 200}, {"h1", 300}, {"l2", 1000}, {"l3", 1100}, {"lc1", 1200},
    {"lc2", 1210}, {"n2", 1300}, {"n3", 1400}, {"h2", 1500}, {"h3", 1600}, {"n4", 2000},
    {"h4", 2100}, {"bf2", 2200}, {"bf3", 2300}, {"bf4", 2400}, {"rp", 2800}, {"bug1", 2900},
    {"sk", 3000}, {"2sk", 3100}, {"d2sk", 3100}, {"tf", 3120}, {"er", 3170}, {"der", 3170},
    {"w", 3200}, {"xy", 3300}, {"xyz", 3400}, {"u1", 3500}, {"u2", 3600}, {"u3", 3700},
    {"u4", 3800}, {"u5", 3900}, {"u6", 4000}, {"hr", 4010}, {"ar1", 4020}, {"ar2", 4030},
    {"fbf2", 4100}, {"sbf2", 4200}, {"fbf3", 4300}, {"sbf3", 4400}, {"fbf4", 4500},
    {"sbf4", 4600}, {"sdc", 5300}, {"sc1", 5330}, {"sc2", 5330}, {"mc1", 5360}, {"mc2", 5360},
    {"x", 5400}, {"xyc", 5500}, {"cnl", 5600}, {"dnl", 5600}, {"aic", 5600}, {"gcnl", 5650},
    {"gdnl", 5650}, {"gaic", 5650}, {"axz", 5700}, {"axy", 5800}, {"ach", 5900},
    {"ff2", 6100}, {"ff3", 6200}, {"fff2", 6700}, {"fff3", 6800}, {"fcc", 8500},
    {"fcv", 8500}, {"fnc", 8600}, {"fnv", 8600}, {"bf", 8900},
  };
  for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
    if (!strcmp(map[i].arg, arg)) return map[i].index;
  return -1;
}

/* What a path line does after "=> " (or after ": " for singles and brute
** force): "r1c2,r34c5<>6, r7c8<>3" into elim[], or "r1c1=5" (*cell, *digit). */
static void hodoku_effect(const char *eff, sk_mask *elim, int *cell, int *digit) {
  const char *eq = strchr(eff, '=');
  *cell = -1;
  if (!strstr(eff, "<>") && eq && eq - eff >= 4) {
    *cell = (eq[-3] - '1') * 9 + (eq[-1] - '1');
    *digit = eq[1] - '0';
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
        for (int j = 0; j < nc; j++) elim[rows[i] * 9 + cols[j]] |= SK_BIT(d);
    }
    eff = eq + 3;
  }
}

/* The steps column of row n (1-based, after the header) of a ratings TSV. */
static char **read_step_rows(const char *file, int *nrows) {
  FILE *f = fopen(file, "r");
  if (!f) return NULL;
  size_t cap = 4096, len = 0;
  char **rows = calloc(cap, sizeof *rows), *line = NULL;
  size_t lcap = 0;
  ssize_t got;
  int header = 1;
  while ((got = getline(&line, &lcap, f)) > 0) {
    if (header) { header = 0; continue; }
    line[strcspn(line, "\r\n")] = 0;
    char *tab = strrchr(line, '\t');
    if (len + 1 >= cap) rows = realloc(rows, (cap *= 2) * sizeof *rows);
    rows[len++] = strdup(tab ? tab + 1 : "");
  }
  free(line);
  fclose(f);
  *nrows = (int)len;
  return rows;
}

/* Replay HoDoKu's /vp paths (SK_SHARED/data/hodoku/hodoku-paths-SET.txt:
** "#n puzzle Level (score)", then a line per step, indented by three
** blanks), the steps' arg names from hodoku-ratings-SET.tsv.  Before each
** step, every technique of pt[] that HoDoKu tries before the step's own
** must find nothing, and at a step of its own its first hint must be
** HoDoKu's step: the text before " => " and the eliminations.  Returns the
** steps replayed; -1 when the files are not there. */
int replay_hodoku_paths(const char *set, path_tech *pt, int npt) {
  const char *shared = getenv("SK_SHARED");
  if (!shared) return -1;
  char path[1024];
  int nrows = 0;
  snprintf(path, sizeof path, "%s/data/hodoku/hodoku-ratings-%s.tsv", shared, set);
  char **rows = read_step_rows(path, &nrows);
  if (!rows) return -1;
  snprintf(path, sizeof path, "%s/data/hodoku/hodoku-paths-%s.txt", shared, set);
  FILE *f = fopen(path, "r");
  if (!f) return -1;
  sk_grid g;
  char line[8192], args[64] = "";
  const char *next = NULL;     /* the arg names of this puzzle's steps left */
  int have = 0, replayed = 0;
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\r\n")] = 0;
    if (line[0] == '#') {
      int n = atoi(line + 1);
      const char *p = strchr(line, ' ');
      uint8_t v[SK_CELLS];
      have = p && strlen(p + 1) >= SK_CELLS && n >= 1 && n <= nrows;
      for (int i = 0; have && i < SK_CELLS; i++)
        v[i] = (uint8_t)(p[1 + i] >= '1' && p[1 + i] <= '9' ? p[1 + i] - '0' : 0);
      if (have) have = sk_grid_from_values(&g, v, NULL) == 0;
      next = have ? rows[n - 1] : NULL;
      continue;
    }
    if (!have || strncmp(line, "   ", 3) != 0 || line[3] == ' ') continue;
    /* this step's arg name */
    while (*next == ' ') next++;
    size_t an = strcspn(next, " ");
    assert_true(an > 0 && an < sizeof args);
    memcpy(args, next, an);
    args[an] = 0;
    next += an;
    int index = hodoku_index(args);
    assert_true(index >= 0);
    const char *txt = line + 3, *arrow = strstr(txt, " => ");
    sk_mask elim[SK_CELLS] = {0};
    int cell, digit;
    if (arrow) hodoku_effect(arrow + 4, elim, &cell, &digit);
    else hodoku_effect(strstr(txt, ": ") ? strstr(txt, ": ") + 2 : txt, elim, &cell, &digit);
    for (int i = 0; i < npt; i++) {
      if (index < pt[i].index) continue;
      found *fd = run(pt[i].id, &g, 0);
      if (index > pt[i].index) {
        pt[i].later++;
        if (fd->count && pt[i].found_later++ < 5)
          fprintf(stderr, "%s found, HoDoKu took a later step:\n  HoDoKu:  %s\n  sudokit: %s\n",
                  pt[i].id, txt, fd->hint[0].text);
        continue;
      }
      pt[i].steps++;
      int same = fd->count == 1 && arrow &&
                 strncmp(fd->hint[0].text, txt, (size_t)(arrow - txt)) == 0 &&
                 fd->hint[0].text[arrow - txt] == 0;
      for (int c = 0; same && c < SK_CELLS; c++)
        same = (fd->hint[0].elim[c] & g.cand[c]) == elim[c];
      if (!same && pt[i].differ++ < 5)
        fprintf(stderr, "%s differs:\n  HoDoKu:  %s\n  sudokit: %s\n", pt[i].id, txt,
                fd->count ? fd->hint[0].text : "(nothing)");
    }
    replayed++;
    if (cell >= 0) sk_grid_place(&g, cell, digit);
    for (int c = 0; c < SK_CELLS; c++)
      for (sk_mask m = elim[c]; m; m &= m - 1) sk_grid_eliminate(&g, c, sk_mask_first(m));
  }
  fclose(f);
  for (int i = 0; i < nrows; i++) free(rows[i]);
  free(rows);
  return replayed;
}

/* }====== */

