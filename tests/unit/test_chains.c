/*
** test_chains.c -- SE's chaining techniques (techniques/chains/).
**
**  - hand-made positions whose answer follows from the rules: an X-Wing
**    read as an X-cycle, a turbot fish (forcing X-chain), a loop of four
**    bivalue cells (Y-cycle), and a grid where no chain exists;
**  - tests/data/chains/se-steps.txt: positions from Sudoku Explainer
**    1.2.1.3's own solving paths, a few of every kind of chain step SE took,
**    with SE's difficulty, name, placement and eliminations;
**  - with SK_SHARED: every chain step of SE's complete paths.
** At every step the hint is the one the engine takes (cheapest difficulty,
** then least 'order', then first emitted), and the chain techniques SE asks
** before the one it used must find nothing.
**  - the two nested-chain puzzles of se-ratings.tsv (ER 10.5 and 11.1) rate
**    as SE rates them.
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

#ifndef SK_TEST_DATA
#define SK_TEST_DATA SK_BUILD_RATINGS_DIR "/../tests/data"
#endif

static const char *const chain_ids[] = {
  "static-chains", "nishio-chains", "multiple-chains", "dynamic-chains", "dynamic-chains-plus",
};
#define NCHAIN (int)(sizeof chain_ids / sizeof chain_ids[0])

static sk_engine *engine;

static int setup(void **state) {
  (void)state;
  sk_error err = {{0}};
  engine = sk_engine_new();
  char *p = sk_table_resolve("se", &err);
  sk_table *t = p ? sk_table_load(p, &err) : NULL;
  free(p);
  if (!engine || sk_engine_load_default(engine, NULL, &err) != 0 || !t ||
      sk_engine_use_table(engine, t, &err) != 0) {
    print_error("engine set-up: %s\n", err.msg);
    return -1;
  }
  return 0;
}

static int teardown(void **state) {
  (void)state;
  sk_engine_free(engine);
  return 0;
}

/* the hint the engine takes from a collecting technique */
typedef struct pick { int n; sk_hint best; int32_t diff; } pick;

static int take(void *ud, const sk_hint *h, int32_t d) {
  pick *p = ud;
  if (!p->n || d < p->diff || (d == p->diff && h->order < p->best.order)) {
    p->best = *h;
    p->diff = d;
  }
  p->n++;
  return 0;
}

static int run(const char *id, const sk_grid *g, pick *p) {
  int i = sk_table_find(sk_engine_table(engine), id);
  assert_true(i >= 0);
  memset(p, 0, sizeof *p);
  sk_engine_hints(engine, g, i, 1, take, p);
  return p->n;
}

static int rc(int r, int c) { return (r - 1) * 9 + c - 1; }

/* a grid with every candidate everywhere except where 'keep' says */
static void open_grid(sk_grid *g) {
  sk_mask cand[SK_CELLS];
  uint8_t values[SK_CELLS] = {0};
  for (int c = 0; c < SK_CELLS; c++) cand[c] = SK_ALL_DIGITS;
  sk_grid_from_candidates(g, cand, values);
}

/* keep digit d of column/row line only in the given cells */
static void only_in(sk_grid *g, int house, int d, const int *cells, int n) {
  for (int i = 0; i < 9; i++) {
    int c = sk_house_cell[house][i], keep = 0;
    for (int k = 0; k < n; k++) keep |= cells[k] == c;
    if (!keep) sk_grid_eliminate(g, c, d);
  }
}

static void expect_elims(const sk_hint *h, const sk_grid *g, const sk_mask *want) {
  for (int c = 0; c < SK_CELLS; c++) {
    if ((h->elim[c] & g->cand[c]) != want[c])
      fail_msg("cell r%dc%d: removes %03x, expected %03x (%s)", c / 9 + 1, c % 9 + 1,
               h->elim[c] & g->cand[c], want[c], h->text);
  }
}

/* {====== hand-made positions */

/* Digit 5 only in c1 and c5 of rows 1 and 5: the X-cycle r1c1-r5c1-r5c5-r1c5
** (complexity 4, 6.5, SE calls a 4-cell X-cycle a generalized X-Wing)
** removes 5 from the rest of columns 1 and 5. */
static void xwing_as_cycle(void **state) {
  (void)state;
  sk_grid g;
  open_grid(&g);
  int r1[2] = {rc(1, 1), rc(1, 5)}, r5[2] = {rc(5, 1), rc(5, 5)};
  only_in(&g, 0, 5, r1, 2);
  only_in(&g, 4, 5, r5, 2);
  pick p;
  assert_true(run("static-chains", &g, &p) > 0);
  assert_string_equal(p.best.name, "Generalized X-Wing");
  assert_int_equal(p.diff, 6500);
  assert_int_equal(p.best.fig[SK_FIG_COMPLEXITY], 4);
  assert_int_equal(p.best.cell, -1);
  sk_mask want[SK_CELLS] = {0};
  for (int r = 1; r <= 9; r++)
    if (r != 1 && r != 5) want[rc(r, 1)] = want[rc(r, 5)] = SK_BIT(5);
  expect_elims(&p.best, &g, want);
}

/* Digit 1 only in r1 and r5 of column 1 and in r1 and r6 of column 5: a
** turbot fish.  r5c4=1 -> r5c1<>1 -> r1c1=1 -> r1c5<>1 -> r6c5=1 -> r5c4<>1:
** six potentials, 6.6; the first of the four cells so refuted (r5c4, r5c6,
** r6c2, r6c3) in row-major order is taken. */
static void turbot_fish(void **state) {
  (void)state;
  sk_grid g;
  open_grid(&g);
  int c1[2] = {rc(1, 1), rc(5, 1)}, c5[2] = {rc(1, 5), rc(6, 5)};
  only_in(&g, 9, 1, c1, 2);
  only_in(&g, 13, 1, c5, 2);
  pick p;
  assert_true(run("static-chains", &g, &p) > 0);
  assert_string_equal(p.best.name, "Turbot Fish");
  assert_int_equal(p.diff, 6600);
  assert_int_equal(p.best.fig[SK_FIG_TYPE], 3);
  assert_int_equal(p.best.fig[SK_FIG_COMPLEXITY], 6);
  sk_mask want[SK_CELLS] = {0};
  want[rc(5, 4)] = SK_BIT(1);
  expect_elims(&p.best, &g, want);
}

/* Four bivalue cells r1c1 {1,2}, r1c5 {2,3}, r5c5 {3,4}, r5c1 {1,4}: a
** Y-cycle of eight potentials (6.5 + 0.1) that removes 1 from column 1, 2
** from row 1, 3 from column 5 and 4 from row 5. */
static void bivalue_loop(void **state) {
  (void)state;
  sk_grid g;
  open_grid(&g);
  static const struct { int r, c; sk_mask m; } cell[4] = {
    {1, 1, SK_BIT(1) | SK_BIT(2)}, {1, 5, SK_BIT(2) | SK_BIT(3)},
    {5, 5, SK_BIT(3) | SK_BIT(4)}, {5, 1, SK_BIT(1) | SK_BIT(4)},
  };
  for (int i = 0; i < 4; i++)
    for (int d = 1; d <= 9; d++)
      if (!(cell[i].m & SK_BIT(d))) sk_grid_eliminate(&g, rc(cell[i].r, cell[i].c), d);
  pick p;
  assert_true(run("static-chains", &g, &p) > 0);
  assert_string_equal(p.best.name, "Bidirectional Y-Cycle");
  assert_int_equal(p.diff, 6600);
  assert_int_equal(p.best.fig[SK_FIG_TYPE], 2);
  assert_int_equal(p.best.fig[SK_FIG_COMPLEXITY], 8);
  sk_mask want[SK_CELLS] = {0};
  for (int k = 1; k <= 9; k++) {
    if (k != 1 && k != 5) {
      want[rc(k, 1)] |= SK_BIT(1);
      want[rc(1, k)] |= SK_BIT(2);
      want[rc(k, 5)] |= SK_BIT(3);
      want[rc(5, k)] |= SK_BIT(4);
    }
  }
  expect_elims(&p.best, &g, want);
}

/* Every candidate everywhere: no link is strong, nothing can be proved. */
static void nothing_on_open_grid(void **state) {
  (void)state;
  sk_grid g;
  open_grid(&g);
  for (int i = 0; i < NCHAIN; i++) {
    pick p;
    if (run(chain_ids[i], &g, &p)) fail_msg("%s found %s", chain_ids[i], p.best.text);
  }
}

/* }====== */

/* {====== SE's steps */

static int producer_of(const char *name) {
  if (strstr(name, "(+")) return 4;
  if (strncmp(name, "Dynamic", 7) == 0) return 3;
  if (!strcmp(name, "Cell Forcing Chains") || !strcmp(name, "Region Forcing Chains")) return 2;
  if (!strcmp(name, "Nishio Forcing Chains")) return 1;
  if (strstr(name, "Cycle") || strstr(name, "Turbot") || strstr(name, "Generalized X-Wing") ||
      !strcmp(name, "Forcing X-Chain") || !strcmp(name, "Forcing Chain") ||
      !strcmp(name, "Forcing Y-Chain"))
    return 0;
  return -1;
}

static int tenths_milli(const char *s) { return (int)(atof(s) * 10 + 0.5) * 100; }

static void parse_elims(const char *s, sk_mask *out) {
  memset(out, 0, SK_CELLS * sizeof *out);
  for (const char *q = s; (q = strchr(q, 'r')) != NULL; q++)
    if (q[2] == 'c' && q[4] == '<') out[rc(q[1] - '0', q[3] - '0')] |= SK_BIT(q[6] - '0');
}

/* Check SE's step on g: earlier chain techniques silent, then the same
** hint.  Returns the number of problems (printed). */
static int check_step(const sk_grid *g, const char *diff, const char *name, const char *place,
                      const char *elims) {
  int k = producer_of(name), bad = 0;
  if (k < 0 || k >= NCHAIN) return 0;
  pick p;
  for (int i = 0; i < k; i++)
    if (run(chain_ids[i], g, &p)) {
      print_error("%s: %s found %s\n", name, chain_ids[i], p.best.text);
      bad++;
    }
  if (!run(chain_ids[k], g, &p)) {
    print_error("%s %s %s: %s found nothing\n", diff, name, elims, chain_ids[k]);
    return bad + 1;
  }
  sk_mask want[SK_CELLS];
  parse_elims(elims, want);
  int same = p.diff == tenths_milli(diff) && !strcmp(p.best.name, name);
  if (strcmp(place, "-") == 0) same = same && p.best.cell < 0;
  else same = same && p.best.cell == rc(place[1] - '0', place[3] - '0') && p.best.digit == place[5] - '0';
  for (int c = 0; c < SK_CELLS && same; c++) same = (p.best.elim[c] & g->cand[c]) == want[c];
  if (!same) {
    print_error("SE %s %s %s %s; got %d.%d %s\n", diff, name, place, elims, p.diff / 1000,
                p.diff % 1000 / 100, p.best.text);
    bad++;
  }
  return bad;
}

static int split_tabs(char *line, char **f, int max) {
  int n = 0;
  line[strcspn(line, "\r\n")] = 0;
  for (char *s = line; n < max; ) {
    f[n++] = s;
    char *t = strchr(s, '\t');
    if (!t) break;
    *t = 0;
    s = t + 1;
  }
  return n;
}

static void se_steps_fixture(void **state) {
  (void)state;
  FILE *f = fopen(SK_TEST_DATA "/chains/se-steps.txt", "r");
  assert_non_null(f);
  char line[2048];
  int steps = 0, bad = 0, kinds[NCHAIN] = {0};
  while (fgets(line, sizeof line, f)) {
    if (line[0] == '#') continue;
    char *fld[7];
    if (split_tabs(line, fld, 7) != 7) continue;
    assert_int_equal(strlen(fld[1]), 81);
    assert_int_equal(strlen(fld[2]), 729);
    uint8_t values[SK_CELLS];
    sk_mask cand[SK_CELLS];
    for (int c = 0; c < SK_CELLS; c++) {
      values[c] = fld[1][c] >= '1' && fld[1][c] <= '9' ? (uint8_t)(fld[1][c] - '0') : 0;
      cand[c] = 0;
      for (int d = 1; d <= 9; d++)
        if (fld[2][c * 9 + d - 1] == '0' + d) cand[c] |= SK_BIT(d);
    }
    sk_grid g;
    sk_grid_from_candidates(&g, cand, values);
    int k = producer_of(fld[4]);
    assert_true(k >= 0 && k < NCHAIN);
    assert_string_equal(fld[0], chain_ids[k]);
    kinds[k]++;
    bad += check_step(&g, fld[3], fld[4], fld[5], fld[6]);
    steps++;
  }
  fclose(f);
  print_message("se-steps: %d positions, %d disagreements\n", steps, bad);
  assert_true(steps >= 40);
  for (int k = 0; k < 4; k++) assert_true(kinds[k] >= 3);
  assert_int_equal(bad, 0);
}

/* Every chain step of SE's complete paths: replay each path (a direct hint
** only places its single, as in SE 1.2.1.3) and check the chain steps. */
static void se_paths(void **state) {
  (void)state;
  const char *shared = getenv("SK_SHARED");
  char path[1024];
  snprintf(path, sizeof path, "%s/data/se-paths.txt", shared ? shared : "");
  FILE *f = shared ? fopen(path, "r") : NULL;
  if (!f) skip();
  char line[4096];
  sk_grid g;
  int have = 0, bad = 0, checked = 0;
  while (fgets(line, sizeof line, f)) {
    if (line[0] == '#') {
      uint8_t v[SK_CELLS];
      for (int c = 0; c < SK_CELLS; c++)
        v[c] = line[1 + c] >= '1' && line[1 + c] <= '9' ? (uint8_t)(line[1 + c] - '0') : 0;
      have = sk_grid_from_values(&g, v, NULL) == 0;
      continue;
    }
    char *fld[5];
    if (split_tabs(line, fld, 5) < 5 || !have) continue;
    if (producer_of(fld[2]) >= 0) {
      checked++;
      bad += check_step(&g, fld[1], fld[2], fld[3], fld[4]);
    }
    sk_mask want[SK_CELLS];
    parse_elims(fld[4], want);
    for (int c = 0; c < SK_CELLS; c++)
      for (sk_mask m = want[c] & g.cand[c]; m; m &= m - 1) sk_grid_eliminate(&g, c, sk_mask_first(m));
    if (strcmp(fld[3], "-") != 0) sk_grid_place(&g, rc(fld[3][1] - '0', fld[3][3] - '0'), fld[3][5] - '0');
  }
  fclose(f);
  print_message("se-paths: %d chain steps compared, %d disagreements\n", checked, bad);
  assert_true(checked >= 1000);
  assert_int_equal(bad, 0);
}

/* The puzzles of se-ratings.tsv rated 10.0 or more need nested chains
** (levels 4 and 5): their ER/EP/ED must be SE's. */
static void nested_ratings(void **state) {
  (void)state;
  FILE *f = fopen(SK_TEST_DATA "/se/se-ratings.tsv", "r");
  assert_non_null(f);
  char line[512];
  int n = 0;
  while (fgets(line, sizeof line, f)) {
    char grid[128], er[16], ep[16], ed[16];
    if (sscanf(line, "%127s %15s %15s %15s", grid, er, ep, ed) != 4 || strlen(grid) != 81) continue;
    if (tenths_milli(er) < 10000) continue;
    uint8_t v[SK_CELLS];
    for (int c = 0; c < SK_CELLS; c++) v[c] = grid[c] >= '1' && grid[c] <= '9' ? (uint8_t)(grid[c] - '0') : 0;
    sk_grid g;
    assert_int_equal(sk_grid_from_values(&g, v, NULL), 0);
    sk_rating r;
    assert_int_equal(sk_rate(engine, &g, NULL, &r), 0);
    print_message("%s SE %s/%s/%s sudokit %d.%d/%d.%d/%d.%d\n", grid, er, ep, ed,
                  sk_milli_to_tenths(r.er) / 10, sk_milli_to_tenths(r.er) % 10,
                  sk_milli_to_tenths(r.ep) / 10, sk_milli_to_tenths(r.ep) % 10,
                  sk_milli_to_tenths(r.ed) / 10, sk_milli_to_tenths(r.ed) % 10);
    assert_int_equal(sk_milli_to_tenths(r.er) * 100, tenths_milli(er));
    assert_int_equal(sk_milli_to_tenths(r.ep) * 100, tenths_milli(ep));
    assert_int_equal(sk_milli_to_tenths(r.ed) * 100, tenths_milli(ed));
    sk_rating_free(&r);
    n++;
  }
  fclose(f);
  assert_true(n >= 2);
}

/* The whole path of puzzles that need nested chains, beyond SE's data: each
** step's text (technique, difficulty, chain, eliminations) and the rating
** must be those recorded in chains/nested-paths.txt, so the shortcuts of
** the chain searches (bounds, caches, lookups) cannot change a step. */
static void puzzle_grid(const char *puzzle, sk_grid *g) {
  uint8_t v[SK_CELLS];
  for (int c = 0; c < SK_CELLS; c++)
    v[c] = puzzle[c] >= '1' && puzzle[c] <= '9' ? (uint8_t)(puzzle[c] - '0') : 0;
  assert_int_equal(sk_grid_from_values(g, v, NULL), 0);
}

static void check_path(const char *puzzle, char lines[][2048], int nlines) {
  sk_grid g;
  puzzle_grid(puzzle, &g);
  sk_rate_opts o = {0};
  o.record = 1;
  sk_rating r;
  assert_int_equal(sk_rate(engine, &g, &o, &r), 0);
  assert_false(r.stuck);
  assert_int_equal(r.nsteps + 1, nlines);
  char got[2048];
  for (int i = 0; i < r.nsteps; i++) {
    sk_step_describe(&r.steps[i], got, sizeof got);
    if (strcmp(got, lines[i]) != 0) print_message("%s step %d:\n  want %s\n  got  %s\n", puzzle, i + 1, lines[i], got);
    assert_string_equal(got, lines[i]);
  }
  int er = sk_milli_to_tenths(r.er), ep = sk_milli_to_tenths(r.ep), ed = sk_milli_to_tenths(r.ed);
  snprintf(got, sizeof got, "ER/EP/ED = %d.%d/%d.%d/%d.%d", er / 10, er % 10, ep / 10, ep % 10,
           ed / 10, ed % 10);
  assert_string_equal(got, lines[nlines - 1]);
  sk_rating_free(&r);
}

static void nested_paths(void **state) {
  (void)state;
  FILE *f = fopen(SK_TEST_DATA "/chains/nested-paths.txt", "r");
  assert_non_null(f);
  static char lines[512][2048];
  char puzzle[128] = "", line[2048];
  int n = 0, puzzles = 0;
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\r\n")] = 0;
    if (!strncmp(line, "##", 2)) continue;
    if (line[0] == '#') {
      assert_int_equal(strlen(line + 2), SK_CELLS);
      memcpy(puzzle, line + 2, SK_CELLS + 1);
      n = 0;
      continue;
    }
    if (!line[0]) continue;
    assert_true(n < 512);
    snprintf(lines[n++], sizeof lines[0], "%s", line);
    if (!strncmp(line, "ER/EP/ED", 8)) { check_path(puzzle, lines, n); puzzles++; }
  }
  fclose(f);
  assert_int_equal(puzzles, 5);
}

/* Rates each puzzle of a file (one per line, '#' comments) and calls
** check on every step with the grid before it; returns the puzzle count. */
typedef void (*step_check)(void *ud, const char *puzzle, int i, const sk_step *st, const sk_grid *g);

static int each_step(sk_engine *e, const char *path, step_check check, void *ud) {
  FILE *f = fopen(path, "r");
  assert_non_null(f);
  char line[256];
  int puzzles = 0;
  while (fgets(line, sizeof line, f)) {
    if (line[0] == '#' || strlen(line) < SK_CELLS) continue;
    sk_grid g;
    puzzle_grid(line, &g);
    sk_rate_opts o = {0};
    o.record = 1;
    sk_rating r;
    assert_int_equal(sk_rate(e, &g, &o, &r), 0);
    for (int i = 0; i < r.nsteps; i++) {
      const sk_step *st = &r.steps[i];
      check(ud, line, i, st, &g);
      sk_hint h;                          /* the step, replayed */
      memset(&h, 0, sizeof h);
      h.cell = st->cell;
      h.digit = st->digit;
      for (int k = 0; k < st->nelim; k++) h.elim[st->elim[k] / 16] |= SK_BIT(st->elim[k] % 16);
      sk_hint_apply(&h, &g);
    }
    sk_rating_free(&r);
    puzzles++;
  }
  fclose(f);
  return puzzles;
}

/* A rating step of static chains stops its traversals where the table
** rates every hint still to come above the least emitted (host
** difficulty); a listing of the step's hints cannot stop.  On every
** static-chains step of these paths both must take the same hint. */
typedef struct bound_run { int ti, steps; } bound_run;

static void bound_check(void *ud, const char *puzzle, int i, const sk_step *st, const sk_grid *g) {
  bound_run *b = ud;
  if (st->tech != b->ti) return;
  pick p;
  memset(&p, 0, sizeof p);
  sk_engine_hints(engine, g, b->ti, 1, take, &p);
  assert_true(p.n > 0);
  if (p.diff != st->difficulty || strcmp(p.best.text, st->text))
    print_error("%.81s step %d: listing %s, rating %s\n", puzzle, i + 1, p.best.text, st->text);
  assert_int_equal(p.diff, st->difficulty);
  assert_string_equal(p.best.text, st->text);
  b->steps++;
}

static void static_bound(void **state) {
  (void)state;
  bound_run b = {sk_table_find(sk_engine_table(engine), "static-chains"), 0};
  assert_true(b.ti >= 0);
  int puzzles = each_step(engine, SK_TEST_DATA "/chains/static-bound.txt", bound_check, &b);
  print_message("static-bound: %d puzzles, %d static-chains steps\n", puzzles, b.steps);
  assert_true(puzzles >= 30);
  assert_true(b.steps >= 100);
}

/* Aligned exclusion in a rating skips the sets unchanged since a grid on
** which it found nothing (rating data); a listing searches afresh.  On
** every step of these paths both must agree: where the rating went past
** the technique, a fresh search finds nothing; where it took its hint, a
** fresh search gives the same. */
static const char *const aligned_ids[2] = {"aligned-pair-exclusion", "aligned-triple-exclusion"};

typedef struct aligned_run { sk_engine *e; int ti[2], asked, taken; } aligned_run;

static void aligned_check(void *ud, const char *puzzle, int i, const sk_step *st, const sk_grid *g) {
  aligned_run *a = ud;
  for (int k = 0; k < 2; k++) {
    if (st->tech < a->ti[k]) continue;
    pick p;
    memset(&p, 0, sizeof p);
    sk_engine_hints(a->e, g, a->ti[k], 0, take, &p);
    if (st->tech > a->ti[k]) {
      if (p.n) print_error("%.81s step %d: %s finds %s\n", puzzle, i + 1, aligned_ids[k], p.best.text);
      assert_int_equal(p.n, 0);
      a->asked++;
    } else {
      assert_true(p.n > 0);
      assert_string_equal(p.best.text, st->text);
      a->taken++;
    }
  }
}

static aligned_run aligned_ratings(sk_engine *e, int *puzzles) {
  aligned_run a = {e, {0, 0}, 0, 0};
  for (int k = 0; k < 2; k++) assert_true((a.ti[k] = sk_table_find(sk_engine_table(e), aligned_ids[k])) >= 0);
  *puzzles = each_step(e, SK_TEST_DATA "/chains/aligned-steps.txt", aligned_check, &a);
  return a;
}

static void aligned_incremental(void **state) {
  (void)state;
  int puzzles;
  aligned_run a = aligned_ratings(engine, &puzzles);
  print_message("aligned: %d puzzles, %d searches that found nothing, %d hints taken\n",
                puzzles, a.asked, a.taken);
  assert_true(puzzles >= 10);
  assert_true(a.taken >= 10);
}

/* The same with a table that asks aligned exclusion before the singles:
** grids with naked singles, whose cells keep their peers out of the base
** cells, are not grids to skip from. */
static void aligned_before_singles(void **state) {
  (void)state;
  sk_error err = {{0}};
  sk_engine *e = sk_engine_new();
  const char *txt = "name: t\ntechniques:\n"
                    "  - {id: aligned-pair-exclusion, base: 6.2}\n"
                    "  - {id: aligned-triple-exclusion, base: 7.5}\n"
                    "  - {id: full-house, base: 1.0}\n"
                    "  - {id: hidden-single-block, base: 1.2}\n"
                    "  - {id: hidden-single-line, base: 1.5}\n"
                    "  - {id: naked-single, base: 2.3}\n"
                    "  - {id: pointing, base: 2.6}\n"
                    "  - {id: claiming, base: 2.8}\n";
  sk_table *t = sk_table_parse(txt, strlen(txt), "t.yaml", &err);
  assert_non_null(t);
  assert_int_equal(sk_engine_load_default(e, NULL, &err), 0);
  assert_int_equal(sk_engine_use_table(e, t, &err), 0);
  int puzzles;
  aligned_run a = aligned_ratings(e, &puzzles);
  print_message("aligned first: %d puzzles, %d searches that found nothing, %d hints taken\n",
                puzzles, a.asked, a.taken);
  assert_true(a.asked >= 100);
  sk_engine_free(e);
}

/* }====== */

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(xwing_as_cycle),
    cmocka_unit_test(turbot_fish),
    cmocka_unit_test(bivalue_loop),
    cmocka_unit_test(nothing_on_open_grid),
    cmocka_unit_test(se_steps_fixture),
    cmocka_unit_test(se_paths),
    cmocka_unit_test(nested_ratings),
    cmocka_unit_test(nested_paths),
    cmocka_unit_test(static_bound),
    cmocka_unit_test(aligned_incremental),
    cmocka_unit_test(aligned_before_singles),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
