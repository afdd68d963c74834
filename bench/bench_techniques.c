/*
** bench_techniques.c -- what one search of each technique costs, on the
** grid states a solving path really meets.
**
**   bench_techniques [-t TABLE] [-n STATES] [-b SECONDS] [DIR | FILE]
**
** The puzzles (one 81-character puzzle per line; DIR is the shared
** benchmark directory `make bench` passes, whose top1465 list is then
** used) are rated with TABLE (default "hodoku", else "se" when the build
** has no such table), recording each path; every grid state the paths
** pass through, before each step, is kept, and at most STATES of them
** (default 20,000) are taken at an even stride over all of them.  Then, for
** every entry of the table (the disabled ones too), each state gets a
** find-first search (sk_engine_hints with all = 0: what a rating step
** asks) and a find-all search (all = 1: `sudokit hints`), timed as one
** loop per technique and mode by the thread's CPU clock.  A loop stops
** when it has spent -b SECONDS (default 2) after at least 20 states: large
** fish and Kraken find-all searches give tens of thousands of hints a
** state, and would otherwise take hours.  The states are visited in a
** fixed order that spreads any prefix over the whole set.  Printed per
** technique: the states searched in each mode, the share of them where it
** finds something, the hints a find-all search gives per state, and the
** mean microseconds of a find-first and a find-all search; a '*' marks a
** mean above 100 µs.  Figures are printed,
** never asserted; without the set the benchmark is skipped (exit 0).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include "sk_engine.h"
#include "bench_clock.h"

#define DEFAULT_STATES 20000
#define DEFAULT_BUDGET 2.0      /* CPU seconds per technique and mode */
#define MIN_STATES 20
#define SLOW_US 100.0

typedef struct states { sk_grid *g; size_t n, cap; } states;

static int push(states *s, const sk_grid *g) {
  if (s->n == s->cap) {
    size_t cap = s->cap ? 2 * s->cap : 4096;
    sk_grid *p = realloc(s->g, cap * sizeof *p);
    if (!p) return -1;
    s->g = p;
    s->cap = cap;
  }
  s->g[s->n++] = *g;
  return 0;
}

/* The states of one puzzle's path: the start, then after each step but
** the last. */
static int path_states(sk_engine *e, const sk_grid *start, states *out) {
  sk_rate_opts o = {.record = 1, .budget = 2.0};
  sk_rating r;
  if (sk_rate(e, start, &o, &r) != 0) return -1;
  sk_grid g = *start;
  int rc = 0;
  for (int i = 0; i < r.nsteps && rc == 0; i++) {
    rc = push(out, &g);
    const sk_step *st = &r.steps[i];
    if (st->cell >= 0) sk_grid_place(&g, st->cell, st->digit);
    for (int k = 0; k < st->nelim; k++) sk_grid_eliminate(&g, st->elim[k] >> 4, st->elim[k] & 15);
  }
  sk_rating_free(&r);
  return rc;
}

static int read_set(sk_engine *e, const char *path, states *all, long *puzzles) {
  FILE *f = fopen(path, "r");
  if (!f) return -1;
  char line[1024];
  while (fgets(line, sizeof line, f)) {
    uint8_t v[SK_CELLS];
    int i;
    for (i = 0; i < SK_CELLS && line[i] && line[i] != '\n'; i++)
      v[i] = line[i] >= '1' && line[i] <= '9' ? (uint8_t)(line[i] - '0') : 0;
    sk_grid g;
    if (i < SK_CELLS || sk_grid_from_values(&g, v, NULL) != 0) continue;
    if (path_states(e, &g, all) != 0) { fclose(f); return -1; }
    (*puzzles)++;
  }
  fclose(f);
  return 0;
}

static int count_hint(void *ud, const sk_hint *h, int32_t difficulty) {
  (void)h; (void)difficulty;
  (*(long *)ud)++;
  return 0;
}

typedef struct timing { long found, hints, nfirst, nall; double first, all; } timing;

/* The k-th state a mode visits: a fixed permutation that spreads any
** prefix over all the puzzles, so that a mode stopped by the budget still
** samples the whole set. */
static size_t visit(size_t k, size_t n) {
  const size_t step = 7919;                 /* prime */
  return n % step ? (k * step) % n : k;
}

/* One mode (find-first: all = 0) over the states, until the budget of CPU
** seconds is spent (at least MIN_STATES states, or all of them). */
static double time_mode(sk_engine *e, int i, const sk_grid *g, size_t n, int all, double budget,
                        long *nstates, long *found, long *hints) {
  double t0 = bench_thread_cpu(), t = t0;
  size_t k = 0;
  for (; k < n && (k < MIN_STATES || t - t0 < budget); k++) {
    long c = 0;
    sk_engine_hints(e, &g[visit(k, n)], i, all, count_hint, &c);
    if (found && c) (*found)++;
    if (hints) *hints += c;
    t = bench_thread_cpu();
  }
  *nstates = (long)k;
  return k ? (t - t0) / (double)k * 1e6 : 0;
}

static timing time_entry(sk_engine *e, int i, const sk_grid *g, size_t n, double budget) {
  timing t = {0};
  t.first = time_mode(e, i, g, n, 0, budget, &t.nfirst, &t.found, NULL);
  t.all = time_mode(e, i, g, n, 1, budget, &t.nall, NULL, &t.hints);
  return t;
}

static const char *set_path(const char *arg, char *buf, size_t size) {
  struct stat st;
  if (arg && stat(arg, &st) == 0 && S_ISDIR(st.st_mode)) {
    snprintf(buf, size, "%s/puzzles3_magictour_top1465.txt", arg);
    return buf;
  }
  return arg ? arg : "../shared/bench/puzzles3_magictour_top1465.txt";
}

static sk_engine *open_engine(const char *table, sk_error *err) {
  char *p = sk_table_resolve(table, err);
  if (!p) return NULL;
  sk_table *t = sk_table_load(p, err);
  free(p);
  sk_engine *e = sk_engine_new();
  if (!t || !e || sk_engine_load_default(e, NULL, err) != 0 || sk_engine_use_table(e, t, err) != 0) {
    if (!e) sk_table_free(t);
    sk_engine_free(e);
    return NULL;
  }
  return e;
}

static void report(sk_engine *e, const states *all, size_t stride, size_t n, double budget) {
  sk_grid *g = malloc((n ? n : 1) * sizeof *g);
  if (!g) return;
  for (size_t k = 0; k < n; k++) g[k] = all->g[k * stride];
  const sk_table *t = sk_engine_table(e);
  printf("%-28s %13s %8s %10s %12s %12s\n", "technique", "states", "found", "hints/st", "first us",
         "all us");
  for (int i = 0; i < t->n; i++) {
    timing tm = time_entry(e, i, g, n, budget);
    char st[32];
    snprintf(st, sizeof st, "%ld/%ld", tm.nfirst, tm.nall);
    printf("%-28s %13s %7.1f%% %10.3f %11.2f%s %11.2f%s\n", t->entry[i].id, st,
           tm.nfirst ? 100.0 * (double)tm.found / (double)tm.nfirst : 0.0,
           tm.nall ? (double)tm.hints / (double)tm.nall : 0.0, tm.first, tm.first > SLOW_US ? "*" : " ",
           tm.all, tm.all > SLOW_US ? "*" : " ");
  }
  free(g);
}

int main(int argc, char **argv) {
  const char *table = NULL, *arg = NULL;
  long max_states = DEFAULT_STATES;
  double budget = DEFAULT_BUDGET;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "-t") && i + 1 < argc) table = argv[++i];
    else if (!strcmp(argv[i], "-n") && i + 1 < argc) max_states = atol(argv[++i]);
    else if (!strcmp(argv[i], "-b") && i + 1 < argc) budget = atof(argv[++i]);
    else if (argv[i][0] == '-') {
      fprintf(stderr, "usage: bench_techniques [-t TABLE] [-n STATES] [-b SECONDS] [DIR | FILE]\n");
      return 2;
    } else arg = argv[i];
  }
  if (max_states < 1) max_states = 1;
  char buf[4096];
  const char *path = set_path(arg, buf, sizeof buf);
  struct stat st;
  if (stat(path, &st) != 0) {
    printf("bench_techniques: %s not found; skipped\n", path);
    return 0;
  }
  sk_error err = {0};
  sk_engine *e = NULL;
  if (table) e = open_engine(table, &err);
  else if (!(e = open_engine("hodoku", &err))) e = open_engine(table = "se", &err);
  if (!e) { fprintf(stderr, "bench_techniques: %s\n", err.msg); return 1; }
  states all = {0};
  long puzzles = 0;
  double t0 = bench_thread_cpu();
  if (read_set(e, path, &all, &puzzles) != 0) {
    fprintf(stderr, "bench_techniques: cannot read %s\n", path);
    sk_engine_free(e);
    return 1;
  }
  size_t stride = all.n > (size_t)max_states ? all.n / (size_t)max_states : 1;
  size_t n = all.n / stride;
  printf("bench_techniques: %s, table %s: %ld puzzles, %zu grid states on their paths "
         "(%.1f s to rate), %zu of them searched (every %zu%s)\n", path,
         sk_engine_table(e)->name, puzzles, all.n, bench_thread_cpu() - t0, n, stride,
         stride == 1 ? "st" : "th");
  printf("each technique and mode: until %.1f s of CPU (at least %d states) or all of them; "
         "states = searched find-first/find-all\n", budget, MIN_STATES);
  report(e, &all, stride, n, budget);
  free(all.g);
  sk_engine_free(e);
  return 0;
}
