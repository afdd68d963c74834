/*
** bench_se_agreement.c -- sudokit's ratings against Sudoku Explainer's.
**
** Reads se-ratings.tsv (puzzle, ER, EP, ED made with SE 1.2.1.3) and
** se-paths.txt (SE's step-by-step path per puzzle), then the further
** ratings made with SE that the project keeps (tests/data/se/se-ratings-
** *.tsv: no paths), rates every puzzle with the se table, and prints
** agreement per ER band and per file, time per band, and for every
** disagreement both ratings and, where SE's path is on file, the first
** step where the two paths part -- where the bug is.
**   bench_se_agreement [SHARED_BENCH_DIR]   (data is read from DIR/../data)
**   env SK_SE_DATA=DIR overrides the data directory; SK_SE_VERBOSE=1 prints
**   every disagreement's two steps in full.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <dirent.h>
#include "sk_engine.h"
#include "sk_format.h"
#include "bench_clock.h"

#define MAXSTEPS 400
#define MAXFILES 16

typedef struct se_step {
  int cell, digit;            /* placement or -1 */
  int nelim;
  uint16_t elim[128];         /* cell*16+digit, sorted */
  char name[64];
  int diff;                   /* tenths */
} se_step;

typedef struct se_puzzle {
  char grid[82];
  int er, ep, ed;             /* tenths */
  int file;                   /* index in files[] */
  int nsteps;
  se_step *steps;
} se_puzzle;

static int tenths(const char *s) { return (int)(atof(s) * 10 + 0.5); }

static se_puzzle *P;
static int NP, capP;

/* the rating files read, and per file: puzzles, and how many equal ours */
static struct { char name[256]; int n, same; } files[MAXFILES];
static int nfiles;

/* Reads one file of SE ratings (header, then puzzle er ep ed ...); every
** row is rated (the files hold distinct puzzles).  -1 when the file
** cannot be opened. */
static int load_ratings(const char *path, const char *name) {
  FILE *f = fopen(path, "r");
  if (!f || nfiles == MAXFILES) { if (f) fclose(f); return -1; }
  snprintf(files[nfiles].name, sizeof files[nfiles].name, "%s", name);
  char line[512];
  while (fgets(line, sizeof line, f)) {
    char g[128], er[16], ep[16], ed[16];
    if (sscanf(line, "%127s %15s %15s %15s", g, er, ep, ed) != 4 || strlen(g) != 81) continue;
    if (NP == capP) {
      capP = capP ? 2 * capP : 1024;
      se_puzzle *np = realloc(P, (size_t)capP * sizeof *P);
      if (!np) { fclose(f); return -1; }
      P = np;
    }
    se_puzzle *x = &P[NP];
    memset(x, 0, sizeof *x);
    memcpy(x->grid, g, 82);
    x->er = tenths(er); x->ep = tenths(ep); x->ed = tenths(ed);
    x->file = nfiles;
    NP++;
  }
  fclose(f);
  nfiles++;
  return 0;
}

static int name_cmp(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* the project's further SE ratings: DIR/se-ratings-*.tsv, by name */
static void load_more(const char *dir) {
  DIR *d = opendir(dir);
  if (!d) { printf("(no %s: only se-ratings.tsv compared)\n", dir); return; }
  char *names[MAXFILES];
  int n = 0;
  for (struct dirent *de; (de = readdir(d)) && n < MAXFILES; ) {
    size_t len = strlen(de->d_name);
    if (!strncmp(de->d_name, "se-ratings-", 11) && len > 4 && !strcmp(de->d_name + len - 4, ".tsv"))
      names[n++] = strdup(de->d_name);
  }
  closedir(d);
  qsort(names, (size_t)n, sizeof *names, name_cmp);
  for (int i = 0; i < n; i++) {
    char path[1200];
    snprintf(path, sizeof path, "%s/%s", dir, names[i]);
    if (load_ratings(path, names[i]) != 0) printf("bench_se_agreement: cannot read %s\n", path);
    free(names[i]);
  }
}

static int parse_cell(const char *s, int *cell, int *digit, char sep) {
  /* rRcC=D or rRcC<>D */
  if (s[0] != 'r' || s[2] != 'c') return -1;
  *cell = (s[1] - '1') * 9 + (s[3] - '1');
  const char *p = s + 4;
  if (sep == '=' ? *p != '=' : strncmp(p, "<>", 2) != 0) return -1;
  p += sep == '=' ? 1 : 2;
  *digit = *p - '0';
  return 0;
}

static int cmp_u16(const void *a, const void *b) {
  return (int)*(const uint16_t *)a - (int)*(const uint16_t *)b;
}

static se_puzzle *find_puzzle(const char *g) {
  for (int i = 0; i < NP; i++) if (!strncmp(P[i].grid, g, 81)) return &P[i];
  return NULL;
}

static void load_paths(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) { printf("(no %s: paths not compared)\n", path); return; }
  char *line = NULL;
  size_t cap = 0;
  se_puzzle *cur = NULL;
  while (getline(&line, &cap, f) > 0) {
    line[strcspn(line, "\r\n")] = 0;
    if (line[0] == '#') {
      cur = find_puzzle(line + 1);
      if (cur) { cur->steps = calloc(MAXSTEPS, sizeof(se_step)); cur->nsteps = 0; }
      continue;
    }
    if (!cur || line[0] == '=' || !strcmp(line, "STUCK") || !strcmp(line, "TIMEOUT")) continue;
    if (cur->nsteps >= MAXSTEPS) continue;
    se_step *s = &cur->steps[cur->nsteps];
    char *fld[5] = {0};
    int n = 0;
    for (char *t = strtok(line, "\t"); t && n < 5; t = strtok(NULL, "\t")) fld[n++] = t;
    if (n < 5) continue;
    s->diff = tenths(fld[1]);
    snprintf(s->name, sizeof s->name, "%s", fld[2]);
    s->cell = -1;
    if (strcmp(fld[3], "-")) parse_cell(fld[3], &s->cell, &s->digit, '=');
    if (strcmp(fld[4], "-"))
      for (char *t = strtok(fld[4], " "); t && s->nelim < 128; t = strtok(NULL, " ")) {
        int c, d;
        if (parse_cell(t, &c, &d, '<') == 0) s->elim[s->nelim++] = (uint16_t)(c * 16 + d);
      }
    qsort(s->elim, (size_t)s->nelim, sizeof s->elim[0], cmp_u16);
    cur->nsteps++;
  }
  free(line);
  fclose(f);
}

static int same_step(const se_step *a, const sk_step *b) {
  if (a->cell != b->cell || (a->cell >= 0 && a->digit != b->digit)) return 0;
  if (a->nelim != b->nelim) return 0;
  return memcmp(a->elim, b->elim, (size_t)a->nelim * sizeof a->elim[0]) == 0;
}

static void print_se_step(const se_step *s) {
  char c[8];
  printf("%d.%d %s", s->diff / 10, s->diff % 10, s->name);
  if (s->cell >= 0) printf(" => %s=%d", sk_cell_name(s->cell, c), s->digit);
  for (int i = 0; i < s->nelim; i++) printf("%s%s<>%d", i || s->cell >= 0 ? ", " : " => ",
                                            sk_cell_name(s->elim[i] / 16, c), s->elim[i] % 16);
  printf("\n");
}

int main(int argc, char **argv) {
  char dir[1024], path[1200];
  const char *env = getenv("SK_SE_DATA");
  if (env) snprintf(dir, sizeof dir, "%s", env);
  else snprintf(dir, sizeof dir, "%s/../data", argc > 1 ? argv[1] : "../shared/bench");
  snprintf(path, sizeof path, "%s/se-ratings.tsv", dir);
  if (load_ratings(path, "se-ratings.tsv") != 0) {
    printf("bench_se_agreement: %s not found; skipped\n", path);
    return 0;
  }
  snprintf(path, sizeof path, "%s/se-paths.txt", dir);
  load_paths(path);
  load_more(SK_BUILD_RATINGS_DIR "/../tests/data/se");

  sk_error err = {{0}};
  sk_engine *e = sk_engine_new();
  const char *tname = getenv("SK_SE_TABLE");
  char *tp = sk_table_resolve(tname ? tname : "se", &err);
  sk_table *t = tp ? sk_table_load(tp, &err) : NULL;
  free(tp);
  if (sk_engine_load_default(e, NULL, &err) || !t || sk_engine_use_table(e, t, &err)) {
    printf("bench_se_agreement: %s\n", err.msg);
    return 1;
  }
  static const int edges[] = {0, 20, 30, 40, 50, 62, 70, 80, 90, 100, 1000};
  enum { NB = 10 };
  int n[NB] = {0}, all[NB] = {0}, er_ok[NB] = {0}, ep_ok[NB] = {0}, ed_ok[NB] = {0};
  double secs[NB] = {0};
  int verbose = getenv("SK_SE_VERBOSE") != NULL;
  printf("disagreements (puzzle  SE er/ep/ed  sudokit er/ep/ed  first step where the paths part):\n");
  for (int i = 0; i < NP; i++) {
    sk_puzzle pz;
    memset(&pz, 0, sizeof pz);
    sk_grid g;
    if (sk_parse_line(P[i].grid, &pz) != 0 || sk_puzzle_grid(&pz, &g, NULL) != 0) continue;
    sk_puzzle_free(&pz);
    sk_rate_opts o = {0};
    o.record = 1;
    o.budget = 60;
    sk_rating r;
    double t0 = bench_wall();
    sk_rate(e, &g, &o, &r);
    double dt = bench_wall() - t0;
    int b = 0;
    while (b < NB - 1 && P[i].er >= edges[b + 1]) b++;
    int er = sk_milli_to_tenths(r.er), ep = sk_milli_to_tenths(r.ep), ed = sk_milli_to_tenths(r.ed);
    n[b]++; secs[b] += dt;
    er_ok[b] += er == P[i].er; ep_ok[b] += ep == P[i].ep; ed_ok[b] += ed == P[i].ed;
    int same = er == P[i].er && ep == P[i].ep && ed == P[i].ed;
    all[b] += same;
    files[P[i].file].n++;
    files[P[i].file].same += same;
    if (!same) {
      printf("%s  %d.%d/%d.%d/%d.%d  %d.%d/%d.%d/%d.%d%s", P[i].grid,
             P[i].er / 10, P[i].er % 10, P[i].ep / 10, P[i].ep % 10, P[i].ed / 10, P[i].ed % 10,
             er / 10, er % 10, ep / 10, ep % 10, ed / 10, ed % 10, r.over_budget ? " (over budget)" : "");
      int k = 0;
      while (k < P[i].nsteps && k < r.nsteps && same_step(&P[i].steps[k], &r.steps[k])) k++;
      if (P[i].steps && (k < P[i].nsteps || k < r.nsteps)) {
        char desc[2048];
        printf("  step %d\n", k + 1);
        if (verbose || 1) {
          printf("    SE:      ");
          if (k < P[i].nsteps) print_se_step(&P[i].steps[k]); else printf("(end)\n");
          if (k < r.nsteps) { sk_step_describe(&r.steps[k], desc, sizeof desc); printf("    sudokit: %s\n", desc); }
          else printf("    sudokit: (end%s)\n", r.stuck ? ", stuck" : "");
        }
      } else printf("%s\n", P[i].steps ? "" : "  (SE's path is not on file)");
    }
    sk_rating_free(&r);
  }
  printf("\nagreement with SE 1.2.1.3 per ER band (%d puzzles of %d files)\n", NP, nfiles);
  printf("%-11s %5s %7s %7s %7s %9s %12s\n", "SE ER band", "n", "ER", "EP", "ED", "ER/EP/ED", "ms/puzzle");
  int tn = 0, ta = 0;
  for (int b = 0; b < NB; b++) {
    if (!n[b]) continue;
    char band[32];
    snprintf(band, sizeof band, "%.1f-%.1f", edges[b] / 10.0, b == NB - 1 ? 99.9 : (edges[b + 1] - 1) / 10.0);
    printf("%-11s %5d %6.1f%% %6.1f%% %6.1f%% %8.1f%% %12.2f\n", band, n[b],
           100.0 * er_ok[b] / n[b], 100.0 * ep_ok[b] / n[b], 100.0 * ed_ok[b] / n[b],
           100.0 * all[b] / n[b], 1000 * secs[b] / n[b]);
    tn += n[b]; ta += all[b];
  }
  printf("%-11s %5d %33.1f%%\n", "all", tn, tn ? 100.0 * ta / tn : 0);
  for (int k = 0; k < nfiles; k++)
    printf("%s: %d of %d equal\n", files[k].name, files[k].same, files[k].n);
  for (int i = 0; i < NP; i++) free(P[i].steps);
  free(P);
  sk_engine_free(e);
  return 0;
}
