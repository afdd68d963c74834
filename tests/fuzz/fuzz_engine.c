/*
** fuzz_engine.c -- the step engine and every technique on arbitrary
** candidate grids, contradictory ones included.  The plugins are linked in
** statically (the registry the WebAssembly build uses).
** Properties: never crashes; every step removes or places something that
** was a candidate; the grid stays consistent; the rating terminates.
*/
#include <stdlib.h>
#include <string.h>
#include "sk_engine.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

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
  sk_rate_opts o = {0};
  o.record = 1;
  o.max_steps = 30;
  o.budget = 2.0;
  sk_rating r;
  sk_rate(engine(), &g, &o, &r);
  sk_grid cur = g;
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
  return 0;
}
