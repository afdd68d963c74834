/*
** fuzz_engine.c -- the step engine and every technique on arbitrary
** candidate grids, contradictory ones included.  The plugins are linked in
** statically (the registry the WebAssembly build uses).
** Properties: never crashes; every step removes or places something that
** was a candidate; the grid stays consistent; the rating terminates.
** The input is 162 bytes of grid (two a cell) and one more that picks the
** engine: se.yaml whole, or one per loaded technique -- in se.yaml or not
** -- whose table holds that technique alone (with the params hodoku.yaml
** gives it, if it lists it), so that every plugin is fuzzed, new ones
** included.  One engine a run, a few steps and a budget of a quarter or a
** half millisecond (every search asks the engine's budget often enough to
** keep to it): most of a run's time is then the technique's own search,
** and the fuzzer reaches thousands of runs a second instead of rating
** every grid sixty times over (the engines are built once, at the first
** run).
** Replayed without libFuzzer (replay.c), every input meets every engine.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sk_engine.h"
#include "fuzz_defaults.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);
const char *__asan_default_options(void);

/* short allocation stacks and a small quarantine: the searches' working
** arrays, freed and allocated again at every run, otherwise land on fresh
** pages each time (a sixth of the time went to page faults) */
const char *__asan_default_options(void) { return "malloc_context_size=4:quarantine_size_mb=16"; }

/* libFuzzer's defaults for this harness: fuzz_defaults.h */
int LLVMFuzzerInitialize(int *argc, char ***argv) {
  fuzz_defaults(argc, argv, NULL);
  return 0;
}

static sk_engine *engine(void) {
  static sk_engine *e;
  if (e) return e;
  sk_error err = {{0}};
  e = sk_engine_new();
  char *p = sk_table_resolve("se", &err);
  sk_table *t = p ? sk_table_load(p, &err) : NULL;
  free(p);
  if (sk_engine_load_default(e, NULL, &err) != 0 || !t) abort();
  /* keep the table entries some loaded plugin provides (a build may
  ** carry a subset of the plugins) */
  int n = 0;
  for (int i = 0; i < t->n; i++) {
    int have = 0;
    for (int k = 0; k < sk_engine_technique_count(e); k++)
      if (!strcmp(sk_engine_technique(e, k)->id, t->entry[i].id)) have = 1;
    if (have) { sk_table_entry tmp = t->entry[n]; t->entry[n++] = t->entry[i]; t->entry[i] = tmp; }
  }
  int all = t->n;
  t->n = n;                          /* copy only the kept entries */
  sk_table *keep = sk_table_copy(t);
  t->n = all;
  sk_table_free(t);
  if (n == 0 || sk_engine_use_table(e, keep, &err) != 0) abort();
  return e;
}

static sk_table *load(const char *name) {
  sk_error err = {{0}};
  char *p = sk_table_resolve(name, &err);
  sk_table *t = p ? sk_table_load(p, &err) : NULL;
  free(p);
  return t;
}

/* "name: value, ..." of a params list, appended to buf */
static void put_params(char *buf, size_t size, const sk_param *p, int n) {
  for (int i = 0; i < n; i++)
    snprintf(buf + strlen(buf), size - strlen(buf), "%s%s: %d", strlen(buf) ? ", " : "",
             p[i].name, (int)p[i].value);
}

/* An engine whose table holds technique `id` alone; NULL when it cannot
** be made. */
static sk_engine *first_engine(const char *id, const sk_table *se, const sk_table *hd) {
  static char text[1 << 16];
  char params[512] = "";
  sk_error err = {{0}};
  int k = hd ? sk_table_lookup(hd, id) : -1;
  if (k >= 0 && hd->entry[k].ext) {
    const sk_table_ext *x = hd->entry[k].ext;
    put_params(params, sizeof params, x->param, x->nparam);
    if (x->has_reglib) put_params(params, sizeof params, x->reglib.param, x->reglib.nparam);
  }
  (void)se;
  snprintf(text, sizeof text, "name: first\ntechniques:\n  - id: %s\n    base: 1\n%s%s%s", id,
           params[0] ? "    params: {" : "", params, params[0] ? "}\n" : "");
  sk_table *t = sk_table_parse(text, strlen(text), "first", &err);
  sk_engine *e = sk_engine_new();
  if (!t || !e || sk_engine_load_default(e, NULL, &err) != 0 || sk_engine_use_table(e, t, &err) != 0) {
    if (t && (!e || sk_engine_table(e) != t)) sk_table_free(t);
    sk_engine_free(e);
    return NULL;
  }
  return e;
}

/* One engine per loaded technique (built once). */
static sk_engine **firsts(int *n) {
  static sk_engine **all;
  static int count;
  if (all) return *n = count, all;
  sk_engine *e = engine();
  sk_table *se = load("se"), *hd = load("hodoku");
  int nt = sk_engine_technique_count(e);
  if (!se || !(all = calloc((size_t)nt + 1, sizeof *all))) abort();
  /* the se entries no plugin provides are left out of the tables made */
  sk_table *kept = sk_table_copy(sk_engine_table(e));
  for (int i = 0; i < nt; i++)
    if ((all[count] = first_engine(sk_engine_technique(e, i)->id, kept, hd))) count++;
  sk_table_free(se);
  sk_table_free(hd);
  sk_table_free(kept);
  return *n = count, all;
}

/* Rate g with e; abort when a step is not a step of g's grid. */
static void rate_checked(sk_engine *e, const sk_grid *g, int max_steps, double budget) {
  sk_rate_opts o = {0};
  o.record = 1;
  o.max_steps = max_steps;
  o.budget = budget;
  sk_rating r;
  sk_rate(e, g, &o, &r);
  sk_grid cur = *g;
  for (int i = 0; i < r.nsteps; i++) {
    const sk_step *s = &r.steps[i];
    if (s->cell < 0 && s->nelim == 0) abort();             /* a step did nothing */
    for (int k = 0; k < s->nelim; k++)
      if (!sk_grid_eliminate(&cur, s->elim[k] / 16, s->elim[k] % 16)) abort();
    if (s->cell >= 0) {
      if (cur.value[s->cell] || !(cur.cand[s->cell] & SK_BIT(s->digit))) abort();
      sk_grid_place(&cur, s->cell, s->digit);
    }
  }
  if (!sk_grid_consistent(&r.final)) abort();
  if (memcmp(cur.value, r.final.value, sizeof cur.value) != 0) abort();
  sk_rating_free(&r);
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size) {
  if (size < 2 * SK_CELLS) return 0;
  sk_mask cand[SK_CELLS];
  uint8_t values[SK_CELLS];
  for (int c = 0; c < SK_CELLS; c++) {
    unsigned v = data[2 * c] | (unsigned)data[2 * c + 1] << 8;
    /* top bits choose a filled cell now and then */
    values[c] = (v >> 12) == 15 ? (uint8_t)(1 + v % 9) : 0;
    cand[c] = (sk_mask)(v & SK_ALL_DIGITS);
  }
  sk_grid g;
  sk_grid_from_candidates(&g, cand, values);
  int n;
  sk_engine **first = firsts(&n);
  /* replayed by `make test` (replay.c sets SK_FUZZ_REPLAY): every engine,
  ** longer, so that each seed and past crash meets every technique */
  static int replay = -1;
  if (replay < 0) replay = getenv("SK_FUZZ_REPLAY") != NULL;
  if (replay) {
    rate_checked(engine(), &g, 30, 2.0);
    for (int i = 0; i < n; i++) rate_checked(first[i], &g, 3, 0.25);
    return 0;
  }
  /* byte 162 picks the engine: 0 (and inputs without it) se.yaml whole */
  int pick = size > 2 * SK_CELLS ? data[2 * SK_CELLS] % (n + 1) : 0;
  if (pick == 0) rate_checked(engine(), &g, 4, 0.0005);
  else rate_checked(first[pick - 1], &g, 2, 0.00025);
  return 0;
}
