/*
** bench_canon.c -- speed of the canonical form (sk_canon).
**
**   bench_canon [DIR]
**
** Puzzles per CPU-second of one thread on the 17-clue list and the forum's
** hardest 11+ list of DIR (the shared benchmark directory), on their
** solution grids, and on 200,000 random grids; also the classes found
** (sk_canon_set) as a check that the forms were used.  Without DIR, or
** a file missing, only the random grids are timed.  Figures are printed,
** never asserted; the machine is shared, so they are noisy.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "sk_canon.h"
#include "sk_gen.h"
#include "sk_solver.h"
#include "bench_clock.h"

/* Up to max puzzles of a file of 81-character lines. */
static size_t load(const char *path, uint8_t (*out)[SK_CELLS], size_t max) {
  FILE *f = fopen(path, "r");
  char line[1024];
  size_t n = 0;
  if (!f) return 0;
  while (n < max && fgets(line, sizeof line, f)) {
    if (strlen(line) < SK_CELLS) continue;
    int ok = 1;
    for (int c = 0; c < SK_CELLS; c++) {
      char ch = line[c];
      if (ch >= '1' && ch <= '9') out[n][c] = (uint8_t)(ch - '0');
      else if (ch == '.' || ch == '0') out[n][c] = 0;
      else { ok = 0; break; }
    }
    n += ok;
  }
  fclose(f);
  return n;
}

static void time_set(const char *what, uint8_t (*p)[SK_CELLS], size_t n) {
  sk_canon_set *s = sk_canon_set_new();
  uint8_t form[SK_CELLS];
  double t0 = bench_thread_cpu();
  size_t bad = 0;
  for (size_t i = 0; i < n; i++) {
    if (sk_canon(p[i], form, NULL) != 0) { bad++; continue; }
    if (s) sk_canon_set_add(s, form);
  }
  double dt = bench_thread_cpu() - t0;
  printf("%-34s %8zu in %6.3f s CPU: %9.0f /s (%.1f us each), %zu classes%s\n", what, n, dt,
         dt > 0 ? (double)n / dt : 0.0, dt > 0 ? dt * 1e6 / (double)n : 0.0,
         s ? sk_canon_set_count(s) : 0, bad ? " (some refused)" : "");
  sk_canon_set_free(s);
}

static void run_file(const char *dir, const char *file, const char *name) {
  enum { MAX = 50000 };
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, file);
  uint8_t (*p)[SK_CELLS] = malloc((size_t)MAX * SK_CELLS);
  if (!p) return;
  size_t n = load(path, p, MAX);
  if (!n) { printf("%s: not found, skipped\n", path); free(p); return; }
  char what[128];
  snprintf(what, sizeof what, "%s puzzles", name);
  time_set(what, p, n);
  for (size_t i = 0; i < n; i++) {
    uint8_t sol[SK_CELLS];
    if (sk_solve_count(p[i], 1, sol, NULL) == 1) memcpy(p[i], sol, SK_CELLS);
  }
  snprintf(what, sizeof what, "%s solution grids", name);
  time_set(what, p, n);
  free(p);
}

int main(int argc, char **argv) {
  enum { GRIDS = 200000 };
  uint8_t (*g)[SK_CELLS] = malloc((size_t)GRIDS * SK_CELLS);
  sk_rng rng;
  if (!g) return 1;
  sk_rng_seed(&rng, 42, 0);
  for (size_t i = 0; i < GRIDS; i++) sk_random_grid(&rng, g[i]);
  time_set("random grids", g, GRIDS);
  free(g);
  if (argc > 1) {
    run_file(argv[1], "puzzles2_17_clue.txt", "17-clue");
    run_file(argv[1], "puzzles5_forum_hardest_1905_11+.txt", "hardest 11+");
  }
  return 0;
}
