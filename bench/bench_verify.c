/*
** bench_verify.c -- every step of 100,000 ratings checked against the
** solution (what `sudokit rate --verify` does), to show that no technique
** eliminates a solution digit or places a wrong one.
**
**   bench_verify SHARED_BENCH_DIR [-n TOTAL] [-j THREADS] [-b SECONDS]
**                [--hard N] [--seed S] [-t TABLE]
**
** Puzzles, in this order until TOTAL (default 100,000) is reached:
**   puzzles0_kaggle_10k.txt          9,999  all singles
**   puzzles3_magictour_top1465.txt   1,465  moderately hard
**   puzzles6_forum_hardest_1106.txt    375  very hard, with the budget
**   puzzles5_forum_hardest_1905_11+  N (--hard, default 500) spread over
**                                           the file, ER >= 11, with the budget
**   puzzles2_17_clue.txt            49,158  all
**   generated                        the rest: minimal puzzles from
**                                           sk_generate, stream i of --seed
** Each puzzle is rated with the se table, or -t TABLE (a name in ratings/
** or a path: one that enables further techniques; the techniques the build has),
** recording the steps, with sk_rate_opts.solution set; the engine's own
** check (r.wrong) and an independent one here (every elimination and
** placement of every recorded step against the solution) must both find
** nothing.  The hard sets get -b SECONDS per puzzle (default 0.5): the
** steps made before the budget runs out are checked all the same.
** Prints per source: puzzles, steps, eliminations and placements checked,
** wrong ones, stuck, over budget, time; then the totals, and per table
** entry the steps it gave with their eliminations and placements (so a
** table's techniques are seen to have been exercised).  Exit status 1
** when anything was wrong.  Without SHARED_BENCH_DIR the benchmark is
** skipped (exit 0).
*/
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "sk_engine.h"
#include "sk_gen.h"
#include "sk_solver.h"
#include "bench_clock.h"

enum { SRC_KAGGLE, SRC_TOP, SRC_HARD6, SRC_HARD5, SRC_17, SRC_GEN, NSRC };

typedef struct source {
  const char *name;          /* label; file name for the read ones */
  const char *file;          /* NULL: generated */
  int hard;                  /* rated with the budget */
} source;

static const source sources[NSRC] = {
  {"kaggle 10k", "puzzles0_kaggle_10k.txt", 0},
  {"top1465", "puzzles3_magictour_top1465.txt", 0},
  {"hardest 1106", "puzzles6_forum_hardest_1106.txt", 1},
  {"hardest 11+ (sample)", "puzzles5_forum_hardest_1905_11+.txt", 1},
  {"17-clue", "puzzles2_17_clue.txt", 0},
  {"generated minimal", NULL, 0},
};

typedef struct tally {
  long puzzles, not_unique, steps, elims, placements;
  long wrong_elims, wrong_places, wrong_ratings, bad_final;
  long stuck, over_budget;
  double cpu;                /* CPU seconds spent rating (thread time) */
} tally;

enum { MAX_TECH = 512 };

/* Steps per table entry (sk_step.tech), with the entry's id. */
typedef struct by_tech {
  long steps[MAX_TECH], elims[MAX_TECH], placements[MAX_TECH];
  const char *id[MAX_TECH];
} by_tech;

typedef struct job {
  uint8_t v[SK_CELLS];
  uint8_t src;
  int line;                  /* line in its file; generated: stream number */
} job;

typedef struct bench {
  sk_engine *e;
  job *jobs;
  long njobs, next;          /* next: taken atomically */
  double budget;
  uint64_t seed;
  pthread_mutex_t mu;
  tally t[NSRC];
  by_tech bt;
  int reported;              /* wrong cases printed so far */
} bench;

/* {====== reading the puzzle files */

static int parse81(const char *s, uint8_t v[SK_CELLS]) {
  for (int i = 0; i < SK_CELLS; i++) {
    char c = s[i];
    if (c >= '1' && c <= '9') v[i] = (uint8_t)(c - '0');
    else if (c == '.' || c == '0') v[i] = 0;
    else return -1;
  }
  return 0;
}

/* Append up to max puzzles of dir/file (every `every`-th line) to b->jobs. */
static long read_source(bench *b, long cap, const char *dir, int src, long max, long every) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, sources[src].file);
  FILE *f = fopen(path, "r");
  if (!f) {
    printf("  (%s: %s; skipped)\n", path, strerror(errno));
    return 0;
  }
  char line[256];
  long n = 0, lineno = 0;
  while (n < max && b->njobs < cap && fgets(line, sizeof line, f)) {
    lineno++;
    if ((lineno - 1) % every != 0) continue;
    job *j = &b->jobs[b->njobs];
    if (strlen(line) < SK_CELLS || parse81(line, j->v) != 0) continue;
    j->src = (uint8_t)src;
    j->line = (int)lineno;
    b->njobs++;
    n++;
  }
  fclose(f);
  return n;
}

static long count_lines(const char *dir, const char *file) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, file);
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  long n = 0;
  for (int c; (c = getc(f)) != EOF; ) n += c == '\n';
  fclose(f);
  return n;
}

/* }====== */

/* {====== checking one puzzle */

/* Every step of r against sol; counts go to t.  Returns the number of
** wrong eliminations and placements. */
static long check_steps(const sk_rating *r, const uint8_t sol[SK_CELLS], tally *t, by_tech *bt,
                        int *first_bad) {
  long bad = 0;
  *first_bad = -1;
  for (int i = 0; i < r->nsteps; i++) {
    const sk_step *s = &r->steps[i];
    long before = bad;
    if (s->tech >= 0 && s->tech < MAX_TECH) {
      bt->steps[s->tech]++;
      bt->elims[s->tech] += s->nelim;
      bt->placements[s->tech] += s->cell >= 0;
      bt->id[s->tech] = s->id;
    }
    for (int k = 0; k < s->nelim; k++) {
      int cell = s->elim[k] / 16, d = s->elim[k] % 16;
      t->elims++;
      if (sol[cell] == d) t->wrong_elims++, bad++;
    }
    if (s->cell >= 0) {
      t->placements++;
      if (sol[s->cell] != s->digit) t->wrong_places++, bad++;
    }
    if (bad > before && *first_bad < 0) *first_bad = i;
  }
  t->steps += r->nsteps;
  return bad;
}

static void report_wrong(bench *b, const job *j, const sk_rating *r, int step) {
  char line[82], text[2048];
  if (b->reported >= 10) return;
  b->reported++;
  for (int i = 0; i < SK_CELLS; i++) line[i] = j->v[i] ? (char)('0' + j->v[i]) : '.';
  line[SK_CELLS] = 0;
  printf("WRONG: %s (%s, line %d), step %d", line, sources[j->src].name, j->line, step + 1);
  if (step >= 0 && step < r->nsteps) {
    sk_step_describe(&r->steps[step], text, sizeof text);
    printf(": %s", text);
  }
  printf("\n");
}

static void run_one(bench *b, job *j, tally *t, by_tech *bt) {
  uint8_t sol[SK_CELLS];
  if (!sources[j->src].file) {          /* generated: stream = its number */
    sk_gen_opts go = {0};
    sk_rng rng;
    sk_rng_seed(&rng, b->seed, (uint64_t)j->line);
    if (sk_generate(&go, &rng, j->v, NULL, NULL) < 0) { t->not_unique++; return; }
  }
  sk_grid g;
  if (sk_grid_from_values(&g, j->v, NULL) != 0 || sk_solve_count(j->v, 2, sol, NULL) != 1) {
    t->not_unique++;
    return;
  }
  sk_rate_opts o = {0};
  o.record = 1;
  o.solution = sol;
  o.budget = sources[j->src].hard ? b->budget : 0;
  sk_rating r;
  double c0 = bench_thread_cpu();
  int rc = sk_rate(b->e, &g, &o, &r);
  t->cpu += bench_thread_cpu() - c0;
  t->puzzles++;
  int first_bad = -1;
  long bad = rc == 0 ? check_steps(&r, sol, t, bt, &first_bad) : 0;
  if (rc != 0) fprintf(stderr, "bench_verify: sk_rate failed (out of memory?)\n");
  t->stuck += r.stuck;
  t->over_budget += r.over_budget;
  if (r.wrong) t->wrong_ratings++;
  /* a rating that ran to the end must end on the solution */
  int finished = rc == 0 && !r.stuck && !r.over_budget && !r.wrong;
  if (finished && memcmp(r.final.value, sol, SK_CELLS) != 0) t->bad_final++, bad++;
  if (bad || r.wrong) {
    pthread_mutex_lock(&b->mu);
    report_wrong(b, j, &r, r.wrong ? r.wrong_step : first_bad);
    pthread_mutex_unlock(&b->mu);
  }
  sk_rating_free(&r);
}

static void *worker(void *arg) {
  bench *b = arg;
  tally t[NSRC];
  memset(t, 0, sizeof t);
  by_tech *bt = calloc(1, sizeof *bt);
  if (!bt) {
    fprintf(stderr, "bench_verify: out of memory\n");
    return NULL;
  }
  for (;;) {
    long i = __atomic_fetch_add(&b->next, 1, __ATOMIC_RELAXED);
    if (i >= b->njobs) break;
    run_one(b, &b->jobs[i], &t[b->jobs[i].src], bt);
  }
  pthread_mutex_lock(&b->mu);
  for (int k = 0; k < MAX_TECH; k++) {
    b->bt.steps[k] += bt->steps[k], b->bt.elims[k] += bt->elims[k];
    b->bt.placements[k] += bt->placements[k];
    if (bt->id[k]) b->bt.id[k] = bt->id[k];
  }
  free(bt);
  for (int s = 0; s < NSRC; s++) {
    tally *d = &b->t[s], *x = &t[s];
    d->puzzles += x->puzzles, d->not_unique += x->not_unique, d->steps += x->steps;
    d->elims += x->elims, d->placements += x->placements;
    d->wrong_elims += x->wrong_elims, d->wrong_places += x->wrong_places;
    d->wrong_ratings += x->wrong_ratings, d->bad_final += x->bad_final;
    d->stuck += x->stuck, d->over_budget += x->over_budget, d->cpu += x->cpu;
  }
  pthread_mutex_unlock(&b->mu);
  return NULL;
}

/* }====== */

/* {====== set-up and report */

/* The table, keeping the techniques some loaded plugin provides. */
static sk_engine *make_engine(const char *table) {
  sk_error err = {{0}};
  sk_engine *e = sk_engine_new();
  char *path = sk_table_resolve(table, &err);
  sk_table *t = path ? sk_table_load(path, &err) : NULL;
  free(path);
  if (!e || !t || sk_engine_load_default(e, NULL, &err) != 0) {
    fprintf(stderr, "bench_verify: %s\n", err.msg);
    return NULL;
  }
  for (int i = 0; i < t->n; ) {
    int have = 0;
    for (int k = 0; k < sk_engine_technique_count(e) && !have; k++)
      have = !strcmp(sk_engine_technique(e, k)->id, t->entry[i].id);
    if (have) { i++; continue; }
    printf("  (technique %s is not built: left out)\n", t->entry[i].id);
    sk_table_entry *x = &t->entry[i];
    for (int k = 0; k < x->nmod; k++) free(x->mod[k].provenance);
    free(x->id), free(x->name), free(x->provenance);
    memmove(x, x + 1, (size_t)(t->n - i - 1) * sizeof *x);
    t->n--;
  }
  if (sk_engine_use_table(e, t, &err) != 0) {
    fprintf(stderr, "bench_verify: %s\n", err.msg);
    return NULL;
  }
  return e;
}

static void print_row(const char *name, const tally *t) {
  printf("%-22s %7ld %9ld %10ld %8ld %6ld %6ld %6ld %6ld %7.1f\n", name, t->puzzles, t->steps,
         t->elims, t->placements, t->wrong_elims + t->wrong_places + t->bad_final,
         t->wrong_ratings, t->stuck, t->over_budget, t->cpu);
}

static int usage(void) {
  fprintf(stderr, "usage: bench_verify SHARED_BENCH_DIR [-n TOTAL] [-j THREADS] [-b SECONDS]"
                  " [--hard N] [--seed S] [-t TABLE]\n");
  return 2;
}

int main(int argc, char **argv) {
  if (argc < 2) return usage();
  const char *dir = argv[1];
  long total = 100000, threads = 2, hard = 500;
  double budget = 0.5;
  uint64_t seed = 1;
  const char *table = "se";
  for (int i = 2; i < argc; i += 2) {          /* every option takes a value */
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!v) return usage();
    if (!strcmp(argv[i], "-n")) total = atol(v);
    else if (!strcmp(argv[i], "-j")) threads = atol(v);
    else if (!strcmp(argv[i], "-b")) budget = atof(v);
    else if (!strcmp(argv[i], "--hard")) hard = atol(v);
    else if (!strcmp(argv[i], "--seed")) seed = strtoull(v, NULL, 10);
    else if (!strcmp(argv[i], "-t")) table = v;
    else return usage();
  }
  if (total < 1 || threads < 1 || threads > 256 || hard < 0 || !(budget > 0)) return usage();
  if (access(dir, R_OK) != 0) {
    printf("bench_verify: %s not found; skipped\n", dir);
    return 0;
  }
  bench b;
  memset(&b, 0, sizeof b);
  b.budget = budget;
  b.seed = seed;
  pthread_mutex_init(&b.mu, NULL);
  if (!(b.e = make_engine(table))) return 1;
  if (!(b.jobs = calloc((size_t)total, sizeof *b.jobs))) return 1;
  read_source(&b, total, dir, SRC_KAGGLE, total, 1);
  read_source(&b, total, dir, SRC_TOP, total, 1);
  read_source(&b, total, dir, SRC_HARD6, total, 1);
  long n5 = count_lines(dir, sources[SRC_HARD5].file);
  if (hard > 0 && n5 > 0) read_source(&b, total, dir, SRC_HARD5, hard, n5 / hard > 0 ? n5 / hard : 1);
  read_source(&b, total, dir, SRC_17, total, 1);
  for (long k = 0; b.njobs < total; k++) {
    b.jobs[b.njobs].src = SRC_GEN;
    b.jobs[b.njobs].line = (int)k;
    b.njobs++;
  }
  printf("bench_verify: %ld puzzles, %ld threads, budget %.2f s per hard puzzle, "
         "generation seed %llu\n", b.njobs, threads, budget, (unsigned long long)seed);
  double w0 = bench_wall();
  pthread_t th[256];
  int started = 0;
  for (long i = 1; i < threads; i++)
    if (pthread_create(&th[started], NULL, worker, &b) == 0) started++;
  worker(&b);
  for (int i = 0; i < started; i++) pthread_join(th[i], NULL);
  double secs = bench_wall() - w0;

  tally all;
  memset(&all, 0, sizeof all);
  printf("%-22s %7s %9s %10s %8s %6s %6s %6s %6s %7s\n", "source", "puzzles", "steps",
         "elims", "places", "wrong", "flag", "stuck", "budget", "cpu s");
  for (int s = 0; s < NSRC; s++) {
    const tally *t = &b.t[s];
    if (t->puzzles == 0 && t->not_unique == 0) continue;
    print_row(sources[s].name, t);
    all.puzzles += t->puzzles, all.not_unique += t->not_unique, all.steps += t->steps;
    all.elims += t->elims, all.placements += t->placements;
    all.wrong_elims += t->wrong_elims, all.wrong_places += t->wrong_places;
    all.wrong_ratings += t->wrong_ratings, all.bad_final += t->bad_final;
    all.stuck += t->stuck, all.over_budget += t->over_budget, all.cpu += t->cpu;
  }
  print_row("total", &all);
  printf("(wrong: eliminations of a solution digit, wrong placements and ratings that ended "
         "off the solution, checked here; flag: ratings the engine's --verify check stopped)\n");
  if (all.not_unique) printf("%ld puzzles without a unique solution were left out\n", all.not_unique);
  printf("checked %ld steps (%ld eliminations, %ld placements) of %ld ratings in %.1f s "
         "(%.1f s CPU): %ld wrong eliminations, %ld wrong placements, %ld flagged by --verify\n",
         all.steps, all.elims, all.placements, all.puzzles, secs, all.cpu,
         all.wrong_elims, all.wrong_places, all.wrong_ratings);
  printf("\nsteps per technique (table order)\n%-34s %9s %10s %8s\n", "technique", "steps",
         "elims", "places");
  for (int k = 0; k < MAX_TECH; k++)
    if (b.bt.id[k])
      printf("%-34s %9ld %10ld %8ld\n", b.bt.id[k], b.bt.steps[k], b.bt.elims[k],
             b.bt.placements[k]);
  int bad = all.wrong_elims || all.wrong_places || all.wrong_ratings || all.bad_final;
  printf("%s\n", bad ? "bench_verify: WRONG STEPS FOUND" : "bench_verify: no wrong step");
  sk_engine_free(b.e);
  free(b.jobs);
  pthread_mutex_destroy(&b.mu);
  return bad ? 1 : 0;
}

/* }====== */
