/*
** bench_rate.c -- rating speed per ER band.
**
**   bench_rate [-t TABLE] [-n MAX] [-b SECONDS] [-p] [-c PEERFILE] [-S SEFILE]
**              [DIR | FILE...]
**
** Rates every puzzle of the files (one 81-character puzzle per line; other
** lines are skipped) with the build's plugins and the table (default "se"),
** and prints, per band of the resulting ER, how many puzzles, puzzles per
** second, the mean and the largest time per puzzle; then the whole set's
** mean against the fastest published C++ SE rater (17 ms per puzzle on a
** mixed set, measured elsewhere) and sudokit's own targets (10 ms per
** puzzle on a mixed set, 0.25 s per puzzle at ER >= 10.5).  Times are the
** process's CPU time (the benchmark machine is shared, so wall time is
** noisier); the figures are printed, never asserted.
**   -n MAX      rate at most MAX puzzles per file
**   -b SECONDS  time budget per puzzle (0 = none, the default); puzzles over
**               it get their own line, apart from the stuck ones (ER 20.0)
**   -p          also print the techniques that took most of the time, with
**               their searches and steps (sk_rate_opts.profile).  Reading
**               the thread's clock around every search costs about a
**               microsecond each, which doubles the easiest puzzles' time:
**               the band figures of a -p run are not the speed figures.
**   -c PEERFILE another rater's results on the same puzzles, one line each:
**               "PUZZLE ER EP ED MS" (MS its time in milliseconds, or "-";
**               bench/peer_skfr.sh writes one for skfr).  Each band then
**               also shows the peer's mean time, its time over ours, and
**               how many of its ER/EP/ED equal ours -- a head-to-head on
**               one machine and one set, which the published figure is not.
**               The least band ratio then bounds the ratio on any other mix
**               of the same bands (a set's mean is its bands' weighted by
**               its mix), which says what the published 17 ms would be for
**               us on the published set, were its bands like ours; and the
**               published pair (17 ms for it, 10 ms for us on a mixed set)
**               is checked as the ratio it is, on this set.
**   -S SEFILE   the same for Sudoku Explainer's own ratings and times
**               (bench/run.sh makes one from the files of tests/data/se, whose
**               times SE recorded when it rated them, two at a time on a
**               2-core machine: indicative): SE's time per band against
**               ours, and its ER/EP/ED against ours.
** A directory argument is the shared benchmark directory that `make bench`
** passes (bench/run.sh): the set is then DIR/../data/mixed-1090.txt.
** Default: ../shared/data/mixed-1090.txt.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include "sk_engine.h"
#include "bench_clock.h"

typedef struct band { const char *name; int lo, hi; int n; double sec, max; } band;

#define BAND(n, l, h) {.name = n, .lo = l, .hi = h}
static band bands[] = {
  BAND("1.0-2.9", 0, 29),     BAND("3.0-4.9", 30, 49),  BAND("5.0-6.4", 50, 64),
  BAND("6.5-7.4", 65, 74),    BAND("7.5-8.4", 75, 84),  BAND("8.5-8.9", 85, 89),
  BAND("9.0-9.4", 90, 94),    BAND("9.5-9.9", 95, 99),  BAND("10.0-10.4", 100, 104),
  BAND("10.5-10.9", 105, 109), BAND("11.0+", 110, 199), BAND("stuck", 200, 200),
  BAND("over budget", 201, 201),
};
#undef BAND

/* the reference figures printed beside ours (milliseconds per puzzle) */
#define CPP_RATER_MS 17.0        /* fastest published C++ SE rater, mixed set */
#define TARGET_MIXED_MS 10.0     /* sudokit's target on a mixed set */
#define TARGET_HARD_MS 250.0     /* sudokit's target at ER >= 10.5 */
#define LEAST_BAND_N 10          /* bands with fewer puzzles are too noisy to bound the mix */

static int hard_n;
static double hard_sec;

/* A peer: another rater's results on the same puzzles (-c: a C++ rater
** such as skfr; -S: Sudoku Explainer's own), sorted by puzzle, and per
** band the puzzles it has a time for: how many, how many of its ER/EP/ED
** equal ours, its time and ours on them. */
typedef struct peer { char g[SK_CELLS + 1]; int er, ep, ed; double ms; } peer;
#define NBANDS (int)(sizeof bands / sizeof bands[0])
typedef struct pband { int n, same; double sec, own; } pband;
typedef struct peerset {
  const char *path, *title;
  int cpp;                       /* the C++ rater: print what its 17 ms means for us */
  peer *rows; size_t n;
  pband band[NBANDS];
} peerset;
static peerset peersets[2] = {
  {.title = "C++ rater", .cpp = 1},
  {.title = "Sudoku Explainer 1.2.1.3 (its own ratings and times, recorded when SE rated them)"},
};
#define NPEERSETS (int)(sizeof peersets / sizeof peersets[0])

static int parse(const char *line, sk_grid *g) {
  uint8_t v[SK_CELLS];
  for (int i = 0; i < SK_CELLS; i++) {
    char ch = line[i];
    if (!ch || ch == '\n') return -1;
    v[i] = ch >= '1' && ch <= '9' ? (uint8_t)(ch - '0') : 0;
  }
  return sk_grid_from_values(g, v, NULL);
}

static sk_tech_profile *prof;   /* per table entry, over the whole run */

/* a puzzle as the peers are keyed: digits, '.' for anything else */
static void peer_key(const char *line, char *key) {
  for (int i = 0; i < SK_CELLS; i++) key[i] = line[i] >= '1' && line[i] <= '9' ? line[i] : '.';
  key[SK_CELLS] = 0;
}

static int peer_cmp(const void *a, const void *b) {
  return strcmp(((const peer *)a)->g, ((const peer *)b)->g);
}

/* "12.3" -> 123; -1 when it is not a rating */
static int tenths_of(const char *s) {
  char *end;
  double v = strtod(s, &end);
  return end == s || *end ? -1 : (int)(v * 10 + 0.5);
}

/* Reads a peer file; a line that is not "PUZZLE ER EP ED MS" is reported
** (file:line) and skipped.  -1 when the file cannot be read. */
static int peer_load(peerset *ps, const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) { fprintf(stderr, "bench_rate: cannot open %s\n", path); return -1; }
  char line[1024];
  size_t cap = 0;
  for (int ln = 1; fgets(line, sizeof line, f); ln++) {
    char g[128], er[32], ep[32], ed[32], ms[32];
    if (sscanf(line, "%127s %31s %31s %31s %31s", g, er, ep, ed, ms) != 5 || strlen(g) != SK_CELLS) {
      fprintf(stderr, "bench_rate: %s:%d: expected PUZZLE ER EP ED MS, skipped\n", path, ln);
      continue;
    }
    if (ps->n == cap) {
      cap = cap ? 2 * cap : 1024;
      peer *np = realloc(ps->rows, cap * sizeof *np);
      if (!np) { fclose(f); return -1; }
      ps->rows = np;
    }
    peer *p = &ps->rows[ps->n++];
    peer_key(g, p->g);
    p->er = tenths_of(er);
    p->ep = tenths_of(ep);
    p->ed = tenths_of(ed);
    p->ms = strcmp(ms, "-") ? atof(ms) : -1;
  }
  fclose(f);
  qsort(ps->rows, ps->n, sizeof *ps->rows, peer_cmp);
  ps->path = path;
  return 0;
}

static const peer *peer_find(const peerset *ps, const char *line) {
  if (!ps->n) return NULL;
  peer k;
  peer_key(line, k.g);
  return bsearch(&k, ps->rows, ps->n, sizeof *ps->rows, peer_cmp);
}

/* a puzzle we rated in band b in dt seconds: what each peer says of it */
static void peer_count(int b, const char *line, const sk_rating *r, double dt) {
  for (int k = 0; k < NPEERSETS; k++) {
    const peer *pp = peer_find(&peersets[k], line);
    if (!pp || pp->ms < 0) continue;
    pband *x = &peersets[k].band[b];
    x->n++;
    x->sec += pp->ms / 1000.0;
    x->own += dt;
    x->same += pp->er == sk_milli_to_tenths(r->er) && pp->ep == sk_milli_to_tenths(r->ep) &&
               pp->ed == sk_milli_to_tenths(r->ed);
  }
}

static int rate_file(sk_engine *e, const char *path, int max, double budget) {
  FILE *f = fopen(path, "r");
  if (!f) { fprintf(stderr, "bench_rate: cannot open %s\n", path); return -1; }
  char line[1024];
  int count = 0;
  while (fgets(line, sizeof line, f) && (max <= 0 || count < max)) {
    sk_grid g;
    if (strlen(line) < SK_CELLS || parse(line, &g) != 0) continue;
    sk_rate_opts o = {0};
    o.budget = budget;
    o.profile = prof;
    sk_rating r;
    double t0 = bench_process_cpu();
    sk_rate(e, &g, &o, &r);
    double dt = bench_process_cpu() - t0;
    int er = r.over_budget ? 201 : r.stuck ? 200 : sk_milli_to_tenths(r.er);
    if (er >= 105 && er < 200) { hard_n++; hard_sec += dt; }
    for (int b = 0; b < NBANDS; b++)
      if (er >= bands[b].lo && er <= bands[b].hi) {
        bands[b].n++;
        bands[b].sec += dt;
        if (dt > bands[b].max) bands[b].max = dt;
        peer_count(b, line, &r, dt);
        break;
      }
    sk_rating_free(&r);
    count++;
  }
  fclose(f);
  return count;
}

/* the head-to-head: per band, the puzzles the peer rated with a time */
static void peer_report(const peerset *ps) {
  printf("head-to-head with %s: %s (the same puzzles; peer ms / ours: above 1 = sudokit faster)\n",
         ps->title, ps->path);
  printf("%-11s %6s %10s %10s %8s %14s\n", "ER band", "n", "ours ms", "peer ms", "ratio", "same ER/EP/ED");
  int n = 0, same = 0, hn = 0, least = -1;      /* least: the band where the peer is closest */
  double own = 0, sec = 0, hown = 0, hsec = 0;
  for (int b = 0; b < NBANDS; b++) {
    const pband *x = &ps->band[b];
    if (!x->n) continue;
    if (x->n >= LEAST_BAND_N && x->own > 0 &&
        (least < 0 || x->sec / x->own < ps->band[least].sec / ps->band[least].own))
      least = b;
    printf("%-11s %6d %10.2f %10.2f %8.2f %8d (%3.0f%%)\n", bands[b].name, x->n,
           1000.0 * x->own / x->n, 1000.0 * x->sec / x->n, x->own > 0 ? x->sec / x->own : 0.0,
           x->same, 100.0 * x->same / x->n);
    n += x->n; same += x->same; own += x->own; sec += x->sec;
    if (bands[b].lo >= 105 && bands[b].lo < 200) { hn += x->n; hown += x->own; hsec += x->sec; }
  }
  if (!n) { printf("(no puzzle of the set has a timed peer result)\n"); return; }
  printf("%-11s %6d %10.2f %10.2f %8.2f %8d (%3.0f%%)\n", "all", n, 1000.0 * own / n,
         1000.0 * sec / n, own > 0 ? sec / own : 0.0, same, 100.0 * same / n);
  /* The published pair, 17 ms for the C++ rater and 10 ms for sudokit on
  ** "a mixed set", is a ratio on one set; here both raters are on this one. */
  if (ps->cpp && own > 0)
    printf("the peer takes %.1f ms per puzzle on this set, %.2fx its published %.0f ms; "
           "target %.0f ms where it takes %.0f ms, i.e. %.2fx faster than it: %.2fx here, %s\n",
           1000.0 * sec / n, 1000.0 * sec / n / CPP_RATER_MS, CPP_RATER_MS, TARGET_MIXED_MS,
           CPP_RATER_MS, CPP_RATER_MS / TARGET_MIXED_MS, sec / own,
           sec / own >= CPP_RATER_MS / TARGET_MIXED_MS ? "met" : "not met");
  if (hn)
    printf("ER >= 10.5: %d puzzles, ours %.1f ms, peer %.1f ms, ratio %.2f\n", hn,
           1000.0 * hown / hn, 1000.0 * hsec / hn, hown > 0 ? hsec / hown : 0.0);
  /* A set's mean time is its bands' means weighted by its mix, for both
  ** raters, so over any mix of these bands (each like ours inside) the
  ** peer's mean over ours is at least the least band ratio. */
  if (least >= 0) {
    double r = ps->band[least].sec / ps->band[least].own;
    printf("least band ratio %.2f (%s, %d puzzles; bands of %d+ puzzles): "
           "the peer's mean over ours on any mix of these bands\n",
           r, bands[least].name, ps->band[least].n, LEAST_BAND_N);
    if (ps->cpp)
      printf("so where the peer takes the published %.0f ms per puzzle, "
             "sudokit takes at most %.1f ms\n", CPP_RATER_MS, CPP_RATER_MS / r);
  }
}

int main(int argc, char **argv) {
  const char *table = "se";
  int max = 0;
  double budget = 0;
  int i = 1, want_profile = 0;
  const char *peer_path[NPEERSETS] = {NULL};
  for (; i < argc && argv[i][0] == '-'; i++) {
    if (!strcmp(argv[i], "-t") && i + 1 < argc) table = argv[++i];
    else if (!strcmp(argv[i], "-n") && i + 1 < argc) max = atoi(argv[++i]);
    else if (!strcmp(argv[i], "-b") && i + 1 < argc) budget = atof(argv[++i]);
    else if (!strcmp(argv[i], "-p")) want_profile = 1;
    else if (!strcmp(argv[i], "-c") && i + 1 < argc) peer_path[0] = argv[++i];
    else if (!strcmp(argv[i], "-S") && i + 1 < argc) peer_path[1] = argv[++i];
    else {
      fprintf(stderr, "usage: bench_rate [-t TABLE] [-n MAX] [-b SECONDS] [-p] "
              "[-c PEERFILE] [-S SEFILE] [DIR | FILE...]\n");
      return 2;
    }
  }
  for (int k = 0; k < NPEERSETS; k++)
    if (peer_path[k] && peer_load(&peersets[k], peer_path[k]) != 0) return 1;
  sk_error err = {{0}};
  sk_engine *e = sk_engine_new();
  char *p = sk_table_resolve(table, &err);
  sk_table *t = p ? sk_table_load(p, &err) : NULL;
  free(p);
  if (!e || sk_engine_load_default(e, NULL, &err) != 0 || !t || sk_engine_use_table(e, t, &err) != 0) {
    fprintf(stderr, "bench_rate: %s\n", err.msg);
    return 1;
  }
  if (want_profile && !(prof = calloc((size_t)t->n, sizeof *prof))) return 1;
  static char fallback[1200] = "../shared/data/mixed-1090.txt";
  struct stat st;
  const char **files = (const char **)argv + i;
  int nfiles = argc - i;
  if (nfiles == 1 && stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode)) {
    snprintf(fallback, sizeof fallback, "%s/../data/mixed-1090.txt", argv[i]);
    nfiles = 0;
  }
  if (nfiles == 0) {
    static const char *one[1];
    one[0] = fallback;
    files = one;
    nfiles = 1;
  }
  int total = 0;
  double t0 = bench_process_cpu();
  for (int k = 0; k < nfiles; k++) {
    int n = rate_file(e, files[k], max, budget);
    if (n < 0) return 1;
    total += n;
  }
  double all = bench_process_cpu() - t0;
  printf("rating speed per ER band (CPU time; %d puzzles", total);
  for (int k = 0; k < nfiles; k++) printf("%s %s", k ? "," : " of", files[k]);
  if (budget > 0) printf(", budget %.1f s", budget);
  printf(")\n%-11s %6s %12s %10s %10s\n", "ER band", "n", "puzzles/s", "mean ms", "max ms");
  for (int b = 0; b < NBANDS; b++) {
    if (!bands[b].n) continue;
    printf("%-11s %6d %12.1f %10.2f %10.1f\n", bands[b].name, bands[b].n,
           bands[b].sec > 0 ? bands[b].n / bands[b].sec : 0.0,
           1000.0 * bands[b].sec / bands[b].n, 1000.0 * bands[b].max);
  }
  double mean = total ? 1000.0 * all / total : 0.0;
  printf("%-11s %6d %12.1f %10.2f\n", "all", total, all > 0 ? total / all : 0.0, mean);
  if (total) {
    printf("mean %.2f ms per puzzle: %.2fx the C++ rater's published %.0f ms (its set and machine; "
           "below 1 = faster); target %.0f ms on this set: %s\n", mean, mean / CPP_RATER_MS,
           CPP_RATER_MS, TARGET_MIXED_MS, mean <= TARGET_MIXED_MS ? "met" : "not met");
  }
  if (hard_n) {
    double hm = 1000.0 * hard_sec / hard_n;
    printf("ER >= 10.5: %d puzzles, mean %.1f ms; target %.0f ms: %s\n", hard_n, hm,
           TARGET_HARD_MS, hm <= TARGET_HARD_MS ? "met" : "not met");
  }
  for (int k = 0; k < NPEERSETS; k++)
    if (peersets[k].path) peer_report(&peersets[k]);
  if (prof) {
    printf("time per technique (the 8 that took most)\n");
    sk_tech_profile_print(stdout, e, prof, total, 8);
  }
  free(prof);
  for (int k = 0; k < NPEERSETS; k++) free(peersets[k].rows);
  sk_engine_free(e);
  return 0;
}
