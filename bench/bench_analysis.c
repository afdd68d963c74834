/*
** bench_analysis.c -- speed of the puzzle analysis (engine/analysis.c).
**
**   bench_analysis [-n MAX] [DIR]
**
** For the benchmark sets of DIR (default ../shared/bench): every puzzle is
** parsed and solved first, then the thread's CPU time is taken for
**   backdoor  singles backdoor order (up to 3) with count and list
**   ssts      the same for the ssts set (step engine; up to order 2, fewer
**             puzzles: it is about a thousand times slower)
**   minimal   the redundant clues
**   corr      blank correlation F(A)
** and printed as puzzles per second with the histogram of orders found.
** Figures are printed, never asserted.
**   -n MAX   at most MAX puzzles per set (default 10000)
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "sk_analysis.h"
#include "sk_solver.h"
#include "bench_clock.h"

typedef struct bset { const char *label, *file; long ssts_cap; } bset;

static const bset sets[] = {
  {"kaggle_10k",         "puzzles0_kaggle_10k.txt",              200},
  {"17-clue",            "puzzles2_17_clue.txt",                 200},
  {"top1465",            "puzzles3_magictour_top1465.txt",       100},
  {"forum_hardest_1106", "puzzles6_forum_hardest_1106.txt",       20},
  {"forum_hardest_11+",  "puzzles5_forum_hardest_1905_11+.txt",   20},
};

typedef struct item { uint8_t v[SK_CELLS], sol[SK_CELLS]; sk_grid g; } item;

/* Puzzles of a file with one solution, solved; -1 when the file is absent. */
static long load(const char *path, long cap, item **out) {
  FILE *f = fopen(path, "r");
  if (!f) return -1;
  long n = 0, room = 1024;
  item *a = malloc((size_t)room * sizeof *a);
  char line[1024];
  while (a && n < cap && fgets(line, sizeof line, f)) {
    if (strlen(line) < SK_CELLS || line[0] == '#') continue;
    if (n == room && !(a = realloc(a, (size_t)(room *= 2) * sizeof *a))) break;
    for (int c = 0; c < SK_CELLS; c++)
      a[n].v[c] = (uint8_t)(line[c] >= '1' && line[c] <= '9' ? line[c] - '0' : 0);
    if (sk_grid_from_values(&a[n].g, a[n].v, NULL) != 0) continue;
    if (sk_solve_count(a[n].v, 2, a[n].sol, NULL) != 1) continue;
    n++;
  }
  fclose(f);
  *out = a;
  return a ? n : -1;
}

static void backdoors(const char *what, item *a, long n, const sk_techset *set, int k) {
  long hist[SK_BACKDOOR_MAX_ORDER + 2] = {0};
  uint64_t tests = 0;
  double t0 = bench_thread_cpu();
  for (long i = 0; i < n; i++) {
    sk_backdoor bd;
    if (sk_backdoor_find(&a[i].g, a[i].sol, set, k, &bd) != 0) { printf("  error\n"); return; }
    hist[bd.order + 1]++;
    tests += bd.tests;
  }
  double t = bench_thread_cpu() - t0;
  printf("  %-9s %6ld puzzles %9.3f s %10.0f puzzles/s %9.0f placements/s  orders:", what, n, t,
         t > 0 ? (double)n / t : 0, t > 0 ? (double)tests / t : 0);
  for (int o = 0; o <= k; o++) printf(" %d:%ld", o, hist[o + 1]);
  printf(" >%d:%ld\n", k, hist[0]);
}

int main(int argc, char **argv) {
  const char *dir = "../shared/bench";
  long cap = 10000;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "-n") && i + 1 < argc) cap = atol(argv[++i]);
    else dir = argv[i];
  }
  if (cap <= 0) cap = 1L << 30;
  sk_error err = {{0}};
  sk_techset *ssts = sk_techset_open("ssts", NULL, NULL, &err);
  if (!ssts) printf("ssts: %s (skipped)\n", err.msg);
  for (size_t s = 0; s < sizeof sets / sizeof sets[0]; s++) {
    char path[4096];
    item *a = NULL;
    snprintf(path, sizeof path, "%s/%s", dir, sets[s].file);
    long n = load(path, cap, &a);
    if (n < 0) { printf("%s: %s not found, skipped\n", sets[s].label, path); free(a); continue; }
    printf("%s (%ld puzzles)\n", sets[s].label, n);
    backdoors("backdoor", a, n, NULL, 3);
    if (ssts) backdoors("ssts", a, n < sets[s].ssts_cap ? n : sets[s].ssts_cap, ssts, 2);
    double t0 = bench_thread_cpu();
    long minimal = 0;
    for (long i = 0; i < n; i++) minimal += sk_redundant_clues(a[i].v, NULL) == 0;
    double t = bench_thread_cpu() - t0;
    printf("  %-9s %6ld puzzles %9.3f s %10.0f puzzles/s  minimal: %ld\n", "minimal", n, t,
           t > 0 ? (double)n / t : 0, minimal);
    t0 = bench_thread_cpu();
    double sum = 0;
    for (long i = 0; i < n; i++) {
      sk_correlation c;
      sk_correlation_of(a[i].v, &c);
      sum += c.f;
    }
    t = bench_thread_cpu() - t0;
    printf("  %-9s %6ld puzzles %9.3f s %10.0f puzzles/s  mean F(A): %.4f\n", "corr", n, t,
           t > 0 ? (double)n / t : 0, n ? sum / (double)n : 0);
    free(a);
  }
  sk_techset_free(ssts);
  return 0;
}
