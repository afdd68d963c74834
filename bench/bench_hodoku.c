/*
** bench_hodoku.c -- sudokit's HoDoKu rating (ratings/hodoku.yaml) against
** HoDoKu 2.2.0's own ratings, and its speed against HoDoKu's.
**
**   bench_hodoku [-t TABLE] [-c] [-q] [-n MAX] [-H RUNNER] [DIR | FILE.tsv...]
**
** Each FILE is HoDoKu's batch result, "puzzle<TAB>level<TAB>score<TAB>steps"
** (steps: HoDoKu's arg names in path order; ../shared/data/hodoku/
** hodoku-ratings-*.tsv), and FILE's hodoku-paths-*.txt sibling, when there is
** one, HoDoKu's /vp solution path of the same puzzles.  A puzzle is in scope
** when the table provides (as an id or alias of an enabled entry) every
** technique of HoDoKu's path: so the scope grows by itself as tables list
** more of HoDoKu's techniques.  Every puzzle in scope is rated with the
** table, and its step list (each step's entry's first alias: HoDoKu's arg
** name, or the entry HoDoKu's arg name looks up: mc1 and mc2 are one
** entry), score and level (sk_table_score) are compared with HoDoKu's.
** Printed per file: puzzles, in scope and skipped (with the missing arg
** names that skip most), agreement per HoDoKu level, for the first
** differences the step where the two paths part (with both step texts when
** the paths file is there), and the CPU time per puzzle in scope against
** HoDoKu's own mean on the whole set where it was measured (76.9 ms per
** puzzle on mixed-1090, 106.8 ms on top1465: hodoku-facts.md §5.2, the
** solving thread only), with the 20x target; with -H, also against HoDoKu
** run now, on this machine, on the same puzzles.
** Times are the process's CPU time on a shared machine: indicative.
**   -t TABLE  the table (default hodoku)
**   -c        check: exit 1 when a puzzle in scope disagrees (the test suite
**             runs this)
**   -q        no per-puzzle difference lines
**   -n MAX    at most MAX puzzles per file
**   -H RUNNER HoDoKu as a peer: RUNNER PUZZLES must rate each puzzle of the
**             file PUZZLES (the puzzles in scope) and print per puzzle
**             "PUZZLE LEVEL SCORE CPU_MS" (bench/peer_hodoku.sh does, with
**             HoDoKu 2.2.0); its mean CPU time is printed with the ratio,
**             and a level or score it gives other than the file's is named
**             (the file and the runner must be the same HoDoKu)
** A directory argument is the shared benchmark directory `make bench` passes:
** the files are then DIR/../data/hodoku/hodoku-ratings-*.tsv.  HoDoKu's
** ratings of further sets made here with tools/dev/HodokuRate.java are in
** tests/data/hodoku/ (bench/run.sh passes them too).
*/
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include "sk_engine.h"
#include "bench_clock.h"

#define MAXSTEPS 512
#define SHOW_DIFFS 10            /* difference lines per file */

/* HoDoKu 2.2.0's mean CPU time per puzzle on the whole set (solving thread,
** /bs's setSudoku, validSolution, solve: hodoku-facts.md §5.2). */
static const struct { const char *set; double ms; } hodoku_ms[] = {
  {"mixed-1090", 76.9}, {"top1465", 106.8}, {"kaggle-5001-6000", 0.2},
};

static int parse(const char *line, sk_grid *g) {
  uint8_t v[SK_CELLS];
  for (int i = 0; i < SK_CELLS; i++) {
    char ch = line[i];
    if (!ch || ch == '\t' || ch == '\n') return -1;
    v[i] = ch >= '1' && ch <= '9' ? (uint8_t)(ch - '0') : 0;
  }
  if (sk_grid_from_values(g, v, NULL) != 0) return -1;
  for (int i = 0; i < SK_CELLS; i++)
    if (v[i]) sk_bits_set(&g->givens, i);
  return 0;
}

/* HoDoKu's arg name of table entry i: its first alias, else its id */
static const char *arg_of(const sk_table *t, int i) {
  const sk_table_ext *x = t->entry[i].ext;
  return x && x->nalias > 0 ? x->alias[0] : t->entry[i].id;
}

/* Does the table provide HoDoKu's arg name a (an enabled entry)? */
static int provided(const sk_table *t, const char *a) {
  int i = sk_table_lookup(t, a);
  return i >= 0 && !t->entry[i].disabled;
}

/* {--- HoDoKu's /vp paths: per puzzle string, its step lines, and the
** lines under a step (a forcing chain's or net's chains, two spaces in),
** '\n' between them, or NULL ---} */

typedef struct path { char puzzle[SK_CELLS + 1]; int n; char **line, **detail; } path;
typedef struct paths { path *p; int n, cap; } paths;

static void paths_load(paths *ps, const char *file) {
  FILE *f = fopen(file, "r");
  if (!f) return;
  char buf[8192];
  path *cur = NULL;
  while (fgets(buf, sizeof buf, f)) {
    buf[strcspn(buf, "\r\n")] = 0;
    if (buf[0] == '#') {
      const char *sp = strchr(buf, ' ');
      if (!sp || strlen(sp + 1) < SK_CELLS) { cur = NULL; continue; }
      if (ps->n == ps->cap) {
        ps->cap = ps->cap ? 2 * ps->cap : 1024;
        ps->p = realloc(ps->p, (size_t)ps->cap * sizeof *ps->p);
        if (!ps->p) { fclose(f); exit(2); }
      }
      cur = &ps->p[ps->n++];
      memset(cur, 0, sizeof *cur);
      memcpy(cur->puzzle, sp + 1, SK_CELLS);
    } else if (cur && !strncmp(buf, "   ", 3)) {
      cur->line = realloc(cur->line, (size_t)(cur->n + 1) * sizeof *cur->line);
      cur->detail = realloc(cur->detail, (size_t)(cur->n + 1) * sizeof *cur->detail);
      if (!cur->line || !cur->detail || !(cur->line[cur->n] = strdup(buf + 3))) { fclose(f); exit(2); }
      cur->detail[cur->n++] = NULL;
    } else if (cur && cur->n && !strncmp(buf, "  ", 2)) {
      char **d = &cur->detail[cur->n - 1];
      size_t old = *d ? strlen(*d) + 1 : 0;
      char *x = realloc(*d, old + strlen(buf + 2) + 1);
      if (!x) { fclose(f); exit(2); }
      if (old) x[old - 1] = '\n';
      strcpy(x + old, buf + 2);
      *d = x;
    }
  }
  fclose(f);
}

static const path *paths_find(const paths *ps, const char *puzzle) {
  for (int i = 0; i < ps->n; i++)
    if (!memcmp(ps->p[i].puzzle, puzzle, SK_CELLS)) return &ps->p[i];
  return NULL;
}

static void paths_free(paths *ps) {
  for (int i = 0; i < ps->n; i++) {
    for (int k = 0; k < ps->p[i].n; k++) free(ps->p[i].line[k]), free(ps->p[i].detail[k]);
    free(ps->p[i].line);
    free(ps->p[i].detail);
  }
  free(ps->p);
}

/* {--- one file ---} */

typedef struct missing { char arg[16]; int n; } missing;

static int opt_check, opt_quiet, opt_max;
static const char *opt_peer;          /* -H RUNNER */
static double peer_sec_total;         /* the runner's CPU time, all files */
static int peer_n_total;

/* a puzzle in scope with HoDoKu's rating of it in the file */
typedef struct rated { char puzzle[SK_CELLS + 1]; char level[16]; long long score; } rated;

/* Runs the -H runner on the puzzles in scope; prints its mean time and the
** ratio to ours (ms), and the puzzles it rates otherwise than the file. */
static void run_peer(const rated *in, int n, double ms) {
  char tmpl[] = "/tmp/bench_hodoku.XXXXXX";
  int fd = mkstemp(tmpl);
  FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
  if (!f) { printf("  HoDoKu peer: cannot write a temporary file; skipped\n"); return; }
  for (int i = 0; i < n; i++) fprintf(f, "%s\n", in[i].puzzle);
  fclose(f);
  char cmd[8192];
  if (strchr(opt_peer, '\'') || snprintf(cmd, sizeof cmd, "'%s' '%s'", opt_peer, tmpl) >= (int)sizeof cmd) {
    printf("  HoDoKu peer: cannot quote %s; skipped\n", opt_peer);
    remove(tmpl);
    return;
  }
  FILE *p = popen(cmd, "r");
  if (!p) { printf("  HoDoKu peer: cannot run %s; skipped\n", opt_peer); remove(tmpl); return; }
  char line[512];
  int got = 0, differ = 0, at = 0;
  double sum = 0;
  char first[256] = "";
  while (fgets(line, sizeof line, p)) {
    char pz[128], lvl[32];
    long long sc;
    double t;
    if (sscanf(line, "%127s %31s %lld %lf", pz, lvl, &sc, &t) != 4 || strlen(pz) != SK_CELLS) continue;
    int k = -1;
    for (int j = 0; j < n && k < 0; j++) {
      int i = (at + j) % n;
      if (!strcmp(in[i].puzzle, pz)) k = i;
    }
    if (k < 0) continue;
    at = k + 1;
    got++;
    sum += t;
    if (strcasecmp(lvl, in[k].level) || sc != in[k].score) {
      if (!differ++)
        snprintf(first, sizeof first, "%s: %s (%lld) here, %s (%lld) in the file", pz, lvl, sc,
                 in[k].level, in[k].score);
    }
  }
  int st = pclose(p);
  remove(tmpl);
  if (st != 0 || got == 0) {
    printf("  HoDoKu peer %s failed (exit status %d, %d puzzles rated); no head-to-head\n", opt_peer,
           st == -1 ? -1 : WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st), got);
    return;
  }
  double pms = sum / got;
  printf("  HoDoKu run now (%s) on %d of the %d puzzles in scope: %.3f ms per puzzle (CPU): %.1fx\n",
         opt_peer, got, n, pms, ms > 0 ? pms / ms : 0.0);
  if (differ) printf("  HoDoKu run now rates %d of them otherwise than the file (first %s)\n", differ, first);
  peer_sec_total += sum / 1000.0;
  peer_n_total += got;
}


/* returns the number of puzzles in scope that disagree */
static int run_file(sk_engine *e, const char *file, double *sec_total, int *scope_total) {
  const sk_table *t = sk_engine_table(e);
  FILE *f = fopen(file, "r");
  if (!f) { fprintf(stderr, "bench_hodoku: %s: cannot open\n", file); return -1; }
  char pfile[4096], set[256] = "";
  const char *base = strrchr(file, '/');
  base = base ? base + 1 : file;
  if (!strncmp(base, "hodoku-ratings-", 15)) {
    snprintf(set, sizeof set, "%s", base + 15);
    char *dot = strstr(set, ".tsv");
    if (dot) *dot = 0;
  }
  paths ps = {0};
  if (*set) {
    snprintf(pfile, sizeof pfile, "%.*shodoku-paths-%s.txt", (int)(base - file), file, set);
    paths_load(&ps, pfile);
  }
  enum { NLV = 8 };
  int lv_scope[NLV] = {0}, lv_same[NLV] = {0}, total = 0, scope = 0, same = 0, diffs = 0;
  int same_text = 0, with_text = 0;
  missing miss[64], text_miss[64];
  int nmiss = 0, ntext = 0, text_shown = 0;
  double sec = 0;
  char *line = NULL;
  size_t cap = 0;
  long lineno = 0;
  rated *in_scope = NULL;
  int nin = 0, capin = 0, cut = 0;
  while (getline(&line, &cap, f) > 0) {
    lineno++;
    if (lineno == 1 && !strncmp(line, "puzzle\t", 7)) continue;
    line[strcspn(line, "\r\n")] = 0;
    char *lvl = strchr(line, '\t');
    if (!lvl) continue;
    *lvl++ = 0;
    char *sc = strchr(lvl, '\t');
    if (!sc) continue;
    *sc++ = 0;
    char *st = strchr(sc, '\t');
    if (!st) continue;
    *st++ = 0;
    if (opt_max && total >= opt_max) { cut = 1; break; }
    total++;
    /* HoDoKu's steps, and whether the table has them all */
    const char *args[MAXSTEPS];
    int nargs = 0, in = 1;
    for (char *tok = strtok(st, " "); tok && nargs < MAXSTEPS; tok = strtok(NULL, " ")) {
      args[nargs++] = tok;
      if (!provided(t, tok)) {
        if (in) {
          int k;
          for (k = 0; k < nmiss && strcmp(miss[k].arg, tok); k++) ;
          if (k == nmiss && nmiss < 64) snprintf(miss[nmiss++].arg, sizeof miss[0].arg, "%s", tok);
          if (k < nmiss) miss[k].n++;
        }
        in = 0;
      }
    }
    if (!in) continue;
    int hl = -1;
    for (int k = 0; k < t->nlevel; k++)
      if (!strcasecmp(t->level[k].name, lvl)) hl = k;
    sk_grid g;
    if (parse(line, &g) != 0) {
      fprintf(stderr, "bench_hodoku: %s:%ld: not a puzzle\n", file, lineno);
      continue;
    }
    scope++;
    if (hl >= 0 && hl < NLV) lv_scope[hl]++;
    if (opt_peer) {
      if (nin == capin) {
        capin = capin ? 2 * capin : 1024;
        in_scope = realloc(in_scope, (size_t)capin * sizeof *in_scope);
        if (!in_scope) { fprintf(stderr, "bench_hodoku: out of memory\n"); exit(2); }
      }
      rated *q = &in_scope[nin++];
      memcpy(q->puzzle, line, SK_CELLS);
      q->puzzle[SK_CELLS] = 0;
      snprintf(q->level, sizeof q->level, "%s", lvl);
      q->score = atoll(sc);
    }
    sk_rating r;
    sk_rate_opts o = {.record = 1};
    double t0 = bench_process_cpu();
    if (sk_rate(e, &g, &o, &r) != 0) { fprintf(stderr, "bench_hodoku: out of memory\n"); exit(2); }
    int ids[MAXSTEPS], n = r.nsteps < MAXSTEPS ? r.nsteps : MAXSTEPS;
    for (int k = 0; k < n; k++) ids[k] = r.steps[k].tech;
    int64_t score;
    int level = sk_table_score(t, ids, n, &score);
    sec += bench_process_cpu() - t0;
    int part = -1;
    for (int k = 0; k < n || k < nargs; k++)
      if (k >= n || k >= nargs || sk_table_lookup(t, args[k]) != ids[k]) { part = k; break; }
    int ok = part < 0 && level == hl && score == atoll(sc) && !r.stuck && r.nsteps == nargs;
    const path *hp = paths_find(&ps, line);
    if (hp && ok) {
      int all = hp->n == n;
      char buf[4096];
      for (int k = 0; k < n && all; k++) {
        sk_step_compact(e, &r.steps[k], buf, sizeof buf);
        const char *mine = r.steps[k].detail, *theirs = hp->detail[k];
        all = !strcmp(buf, hp->line[k]) && (mine && theirs ? !strcmp(mine, theirs) : mine == theirs);
        if (!all) {
          int j;
          for (j = 0; j < ntext && strcmp(text_miss[j].arg, args[k]); j++) ;
          if (j == ntext && ntext < 64) snprintf(text_miss[ntext++].arg, sizeof text_miss[0].arg, "%s", args[k]);
          if (j < ntext) text_miss[j].n++;
          if (getenv("SK_HODOKU_TEXTS") && text_shown++ < atoi(getenv("SK_HODOKU_TEXTS")))
            printf("    text of step %d: HoDoKu %s\n                     sudokit %s\n", k + 1, hp->line[k], buf);
        }
      }
      with_text++;
      same_text += all;
    }
    if (ok) {
      same++;
      if (hl >= 0 && hl < NLV) lv_same[hl]++;
    } else {
      diffs++;
      if (!opt_quiet && diffs <= SHOW_DIFFS) {
        printf("  differs: %s:%ld %s  HoDoKu %s (%s), sudokit %s (%lld)%s\n", base, lineno, line,
               lvl, sc, level >= 0 ? t->level[level].name : "-", (long long)score,
               r.stuck ? " stuck" : "");
        if (part >= 0) {
          char buf[4096] = "-";
          if (part < n) sk_step_compact(e, &r.steps[part], buf, sizeof buf);
          printf("    parts at step %d: HoDoKu %s%s%s, sudokit %s: %s\n", part + 1,
                 part < nargs ? args[part] : "(end)", hp && part < hp->n ? ": " : "",
                 hp && part < hp->n ? hp->line[part] : "", part < n ? arg_of(t, ids[part]) : "(end)",
                 buf);
        }
      }
    }
    sk_rating_free(&r);
  }
  free(line);
  fclose(f);
  paths_free(&ps);
  printf("%s: %d puzzles, %d in scope (every step of HoDoKu's path in table %s), %d skipped\n",
         base, total, scope, t->name, total - scope);
  if (nmiss) {
    for (int i = 1; i < nmiss; i++)            /* most skips first */
      for (int j = i; j > 0 && miss[j].n > miss[j - 1].n; j--) {
        missing x = miss[j]; miss[j] = miss[j - 1]; miss[j - 1] = x;
      }
    printf("  skipped for (first missing technique of the path):");
    for (int i = 0; i < nmiss && i < 12; i++) printf(" %s %d", miss[i].arg, miss[i].n);
    printf("\n");
  }
  printf("  agreement (step list, score and level): %d / %d", same, scope);
  if (scope) printf(" (%.1f %%)", 100.0 * same / scope);
  printf("\n  per HoDoKu level:");
  for (int k = 0; k < t->nlevel && k < NLV; k++)
    printf(" %s %d/%d", t->level[k].name, lv_same[k], lv_scope[k]);
  printf("\n");
  if (with_text) {
    printf("  step texts equal to HoDoKu's /vp (a forcing chain's or net's chains included) on %d of"
           " the %d agreeing puzzles with a path\n",
           same_text, with_text);
    if (ntext) {
      printf("  first differing text by technique:");
      for (int i = 0; i < ntext; i++) printf(" %s %d", text_miss[i].arg, text_miss[i].n);
      printf("\n");
    }
  }
  if (scope) {
    double ms = 1000.0 * sec / scope;
    printf("  time: %.3f ms per puzzle in scope (CPU)", ms);
    for (size_t k = 0; k < sizeof hodoku_ms / sizeof hodoku_ms[0]; k++)
      if (!cut && !strcmp(set, hodoku_ms[k].set))
        printf("; HoDoKu %.1f ms per puzzle on the whole set (measured once): %.1fx (target 20x)",
               hodoku_ms[k].ms, ms > 0 ? hodoku_ms[k].ms / ms : 0.0);
    printf("\n");
    if (opt_peer && nin) run_peer(in_scope, nin, ms);
  }
  free(in_scope);
  *sec_total += sec;
  *scope_total += scope;
  return diffs;
}

static int ends_with(const char *s, const char *x) {
  size_t n = strlen(s), m = strlen(x);
  return n >= m && !strcmp(s + n - m, x);
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv) {
  const char *table = "hodoku";
  const char *files[64];
  int nfiles = 0;
  char *owned[64];
  int nowned = 0;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "-t") && i + 1 < argc) table = argv[++i];
    else if (!strcmp(argv[i], "-c")) opt_check = 1;
    else if (!strcmp(argv[i], "-q")) opt_quiet = 1;
    else if (!strcmp(argv[i], "-n") && i + 1 < argc) opt_max = atoi(argv[++i]);
    else if (!strcmp(argv[i], "-H") && i + 1 < argc) opt_peer = argv[++i];
    else if (argv[i][0] == '-') {
      fprintf(stderr, "usage: bench_hodoku [-t TABLE] [-c] [-q] [-n MAX] [-H RUNNER] [DIR | FILE.tsv...]\n");
      return 2;
    } else {
      struct stat st;
      if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode)) {
        char dir[4096];
        snprintf(dir, sizeof dir, "%s/../data/hodoku", argv[i]);
        DIR *d = opendir(dir);
        if (!d) { printf("bench_hodoku: %s not found; skipped\n", dir); return 0; }
        struct dirent *de;
        while ((de = readdir(d)) && nowned < 64)
          if (!strncmp(de->d_name, "hodoku-ratings-", 15) && ends_with(de->d_name, ".tsv")) {
            char *p = malloc(strlen(dir) + strlen(de->d_name) + 2);
            if (!p) return 2;
            sprintf(p, "%s/%s", dir, de->d_name);
            owned[nowned++] = p;
          }
        closedir(d);
        qsort(owned, (size_t)nowned, sizeof *owned, cmp_str);
        for (int k = 0; k < nowned && nfiles < 64; k++) files[nfiles++] = owned[k];
      } else if (nfiles < 64) files[nfiles++] = argv[i];
    }
  }
  if (!nfiles) {
    fprintf(stderr, "bench_hodoku: no files (give the HoDoKu ratings TSVs or the shared bench dir)\n");
    return 2;
  }
  sk_error err = {0};
  sk_engine *e = sk_engine_new();
  char *tpath = sk_table_resolve(table, &err);
  sk_table *t = tpath ? sk_table_load(tpath, &err) : NULL;
  free(tpath);
  if (!e || sk_engine_load_default(e, NULL, &err) != 0 || !t || sk_engine_use_table(e, t, &err) != 0) {
    fprintf(stderr, "bench_hodoku: %s\n", err.msg);
    return 2;
  }
  if (sk_engine_table(e)->nlevel == 0) {
    fprintf(stderr, "bench_hodoku: table %s has no levels: (not a scored table)\n", table);
    return 2;
  }
  int bad = 0, scope = 0;
  double sec = 0;
  for (int i = 0; i < nfiles; i++) {
    int d = run_file(e, files[i], &sec, &scope);
    if (d != 0) bad = 1;
  }
  if (scope) printf("all files: %d puzzles in scope, %.3f ms per puzzle (CPU, shared machine: indicative)\n",
                    scope, 1000.0 * sec / scope);
  if (peer_n_total)
    printf("all files: HoDoKu run now %.3f ms per puzzle on %d of them (CPU)\n",
           1000.0 * peer_sec_total / peer_n_total, peer_n_total);
  for (int k = 0; k < nowned; k++) free(owned[k]);
  sk_engine_free(e);
  return opt_check && bad ? 1 : 0;
}
