/*
** engine.c -- the step engine: the techniques of the bound table are
** asked in order, the first hint is taken (or, for collecting techniques,
** the cheapest of that technique), applied, and the search starts again
** from the top -- SE 1.2.1.3's rating loop.  Also the host services a
** running search calls (emitting hints, stopping, per-step data) and the
** engine object itself.  Plugins are loaded by engine_load.c.
*/
#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "engine_state.h"
#include "sk_geometry.h"

/* Data plugins attach to the grid of one rating step (host get_aux/set_aux),
** or to the whole rating (set_rating_aux: kept across its steps). */
typedef struct sk_auxset {
  int n;
  struct { const void *key; void *data; void (*destroy)(void *); int keep; } a[SK_AUX_MAX];
} sk_auxset;

/* the grid changes: drop the step's data (all of it when the rating ends) */
static void aux_clear_step(sk_auxset *x, int rating_ends) {
  int n = 0;
  for (int i = 0; i < x->n; i++) {
    if (x->a[i].keep && !rating_ends) { x->a[n++] = x->a[i]; continue; }
    if (x->a[i].destroy) x->a[i].destroy(x->a[i].data);
  }
  x->n = n;
}

static void aux_clear(sk_auxset *x) { aux_clear_step(x, 1); }

/* What a hint's plugin said besides the hint (host emit_with): the order
** of its eliminations, as cell * 16 + digit (n = 0: none given), and its
** detail lines (malloc'd, NULL for none). */
typedef struct sk_kept_extra {
  int n;
  uint16_t e[SK_CELLS * 9];
  char *detail;
} sk_kept_extra;

static void extra_keep(sk_kept_extra *o, const sk_hint_extra *x) {
  free(o->detail);
  o->detail = NULL;
  o->n = 0;
  if (!x || x->size < sizeof *x) return;
  int m = x->order && x->norder > 0 ? (x->norder < SK_CELLS * 9 ? x->norder : SK_CELLS * 9) : 0;
  if (m) memcpy(o->e, x->order, (size_t)m * sizeof *o->e);
  o->n = m;
  if (x->detail) o->detail = strdup(x->detail);   /* lost when out of memory */
}

/* Per-search context behind sk_search.sink. */
typedef struct sk_sink {
  sk_engine *e;
  const sk_table_entry *entry;
  const sk_param *over;    /* parameters set over the entry's (sk_engine_hints_with) */
  int nover;
  int collect;             /* keep the cheapest of all hints */
  int all;                 /* sk_engine_hints: report every hint */
  int (*cb)(void *ud, const sk_hint *h, int32_t difficulty);
  void *ud;
  int (*raw_cb)(void *ud, const sk_hint *h);   /* run_technique */
  int have;
  int32_t best_diff;
  sk_hint *best;
  sk_kept_extra *best_extra;   /* what best's plugin said besides it, when the caller keeps it */
  long count;
  double deadline;         /* CLOCK_MONOTONIC seconds; 0 = none */
  int stop;
  sk_auxset *aux;          /* the step's data, NULL outside a rating step */
  const sk_hint *prev;     /* the hint applied last in this rating, or NULL */
  const sk_table_entry *prev_entry;   /* the entry it came from */
  const sk_kept_extra *prev_extra;    /* what its plugin said besides it, or NULL */
} sk_sink;

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* the calling thread's CPU time: a profile of one rating (sk_tech_profile)
** must not count the other threads' work */
static double thread_cpu_seconds(void) {
  struct timespec ts;
#ifdef CLOCK_THREAD_CPUTIME_ID
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
#else
  clock_gettime(CLOCK_MONOTONIC, &ts);       /* a target without thread clocks */
#endif
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Ids are looked up once per table entry each time a table is bound (and
** per technique as plugins register), through an open-addressing hash of
** the techniques' ids kept in the engine.  The index is brought up to date
** by the lookup itself, so it is a cache written through a const engine:
** registration and sk_engine_use_table, which run before any rating (and
** before rate_batch's threads share the engine), leave it whole, and the
** lookups made during ratings only read it. */
static unsigned id_hash(const char *id) {
  unsigned h = 2166136261u;                    /* FNV-1a */
  for (; *id; id++) h = (h ^ (unsigned char)*id) * 16777619u;
  return h;
}

/* Bring e's id index up to its techniques (at most half full); 0, or -1
** out of memory. */
static int index_update(sk_engine *e) {
  if (e->nindexed > e->ntech) e->nindexed = 0;        /* techniques were taken back */
  int cap = e->index_cap;
  while (cap < 2 * e->ntech || cap < 64) cap = cap ? 2 * cap : 64;
  if (cap != e->index_cap || e->nindexed == 0) {
    int16_t *ix = calloc((size_t)cap, sizeof *ix);
    if (!ix) return -1;
    free(e->index);
    e->index = ix, e->index_cap = cap, e->nindexed = 0;
  }
  for (; e->nindexed < e->ntech; e->nindexed++) {
    unsigned k = id_hash(e->tech[e->nindexed].t.id) & (unsigned)(cap - 1);
    while (e->index[k]) k = (k + 1) & (unsigned)(cap - 1);
    e->index[k] = (int16_t)(e->nindexed + 1);
  }
  return 0;
}

int skE_find_tech(const sk_engine *e, const char *id) {
  sk_engine *m = (sk_engine *)e;               /* the index is a cache */
  if ((e->nindexed != e->ntech || !e->index) && index_update(m) != 0) {
    for (int i = 0; i < e->ntech; i++)
      if (strcmp(e->tech[i].t.id, id) == 0) return i;
    return -1;
  }
  unsigned mask = (unsigned)(e->index_cap - 1);
  for (unsigned k = id_hash(id) & mask; e->index[k]; k = (k + 1) & mask)
    if (strcmp(e->tech[e->index[k] - 1].t.id, id) == 0) return e->index[k] - 1;
  return -1;
}

/* {====== host services for a search */

static void host_hint_init(sk_hint *h) {
  memset(h, 0, sizeof *h);
  h->cell = -1;
}

static void host_hint_printf(sk_hint *h, const char *fmt, ...) {
  size_t n = strnlen(h->text, SK_HINT_TEXT);
  if (n >= SK_HINT_TEXT - 1) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(h->text + n, SK_HINT_TEXT - n, fmt, ap);
  va_end(ap);
}

static int host_should_stop(const sk_search *s) {
  sk_sink *k = s->sink;
  if (k->stop) return 1;
  if (k->deadline > 0 && now_seconds() > k->deadline) k->stop = 1;
  return k->stop;
}

/* A hint is usable when it places a value in an empty cell where it is a
** candidate, or removes at least one existing candidate. */
static int hint_useful(const sk_grid *g, const sk_hint *h) {
  if (h->cell >= 0) {
    if (h->cell >= SK_CELLS || h->digit < 1 || h->digit > 9) return 0;
    if (g->value[h->cell] || !(g->cand[h->cell] & SK_BIT(h->digit))) return 0;
    return 1;
  }
  for (int c = 0; c < SK_CELLS; c++)
    if (h->elim[c] & g->cand[c]) return 1;
  return 0;
}

static int host_emit_with(const sk_search *s, const sk_hint *h, const sk_hint_extra *x) {
  sk_sink *k = s->sink;
  if (k->stop) return 1;
  if (k->raw_cb) return k->raw_cb(k->ud, h);
  if (!hint_useful(s->grid, h)) return 0;
  int32_t d = sk_table_difficulty(k->entry, h->fig);
  k->count++;
  if (k->cb) {
    if (k->cb(k->ud, h, d)) { k->stop = 1; return 1; }
    if (!k->collect && !k->all) { k->stop = 1; return 1; }
    return 0;
  }
  if (!k->have || (k->collect && (d < k->best_diff ||
                   (d == k->best_diff && h->order < k->best->order)))) {
    *k->best = *h;
    k->best_diff = d;
    k->have = 1;
    if (k->best_extra) extra_keep(k->best_extra, x);
  }
  if (!k->collect) { k->stop = 1; return 1; }
  return 0;
}

static int host_emit(const sk_search *s, const sk_hint *h) {
  return host_emit_with(s, h, NULL);
}

static int host_run_technique(const sk_search *s, const char *id, const sk_grid *g,
                              int (*cb)(void *ud, const sk_hint *h), void *ud) {
  sk_sink *outer = s->sink;
  int i = skE_find_tech(outer->e, id);
  if (i < 0) return -1;
  sk_sink k;
  memset(&k, 0, sizeof k);
  k.e = outer->e;
  k.raw_cb = cb;
  k.ud = ud;
  k.deadline = outer->deadline;
  sk_search sub = {s->host, g, outer->e->tech[i].t.data, &k};
  return outer->e->tech[i].t.search(&sub);
}

static void *host_get_aux(const sk_search *s, const void *key) {
  const sk_sink *k = s->sink;
  if (!k->aux) return NULL;
  for (int i = 0; i < k->aux->n; i++)
    if (k->aux->a[i].key == key) return k->aux->a[i].data;
  return NULL;
}

static int aux_set(const sk_search *s, const void *key, void *data, void (*destroy)(void *),
                   int keep) {
  sk_auxset *x = ((const sk_sink *)s->sink)->aux;
  int i = 0;
  if (x)
    for (; i < x->n && x->a[i].key != key; i++) ;
  if (!x || i == SK_AUX_MAX) {
    if (destroy) destroy(data);
    return -1;
  }
  if (i < x->n) {
    if (x->a[i].destroy && x->a[i].data != data) x->a[i].destroy(x->a[i].data);
  } else x->n++;
  x->a[i].key = key;
  x->a[i].data = data;
  x->a[i].destroy = destroy;
  x->a[i].keep = keep;
  return 0;
}

static int host_set_aux(const sk_search *s, const void *key, void *data, void (*destroy)(void *)) {
  return aux_set(s, key, data, destroy, 0);
}

static int32_t host_difficulty(const sk_search *s, const int32_t *fig, uint32_t at_least) {
  const sk_sink *k = s->sink;
  if (!k->entry || !k->collect || k->all || k->cb || k->raw_cb) return -1;   /* caller sees all */
  return sk_table_difficulty_floor(k->entry, fig, at_least);
}

static int host_set_rating_aux(const sk_search *s, const void *key, void *data,
                               void (*destroy)(void *)) {
  return aux_set(s, key, data, destroy, 1);
}

/* }====== */

/* The option of the table entry being searched: the parameters set over
** it first, then its params:, else dflt (also for nested searches, which
** have no entry). */
static int32_t host_param(const sk_search *s, const char *name, int32_t dflt) {
  const sk_sink *k = s->sink;
  if (!k->entry || !name) return dflt;
  for (int i = 0; i < k->nover; i++)
    if (!strcmp(k->over[i].name, name)) return k->over[i].value;
  return sk_table_param(k->entry, name, dflt);
}

static const sk_hint *host_prev_hint(const sk_search *s) {
  return ((const sk_sink *)s->sink)->prev;
}

static const uint16_t *host_prev_order(const sk_search *s, int *n) {
  const sk_sink *k = s->sink;
  const sk_kept_extra *o = k->prev ? k->prev_extra : NULL;
  if (n) *n = o ? o->n : 0;
  return o && o->n ? o->e : NULL;
}

static int32_t host_prev_param(const sk_search *s, const char *name, int32_t dflt) {
  const sk_sink *k = s->sink;
  if (!k->prev || !k->prev_entry || !name) return dflt;
  return sk_table_param(k->prev_entry, name, dflt);
}

sk_engine *sk_engine_new(void) {
  sk_engine *e = calloc(1, sizeof *e);
  if (!e) return NULL;
  e->host.abi_version = SK_ABI_VERSION;
  e->host.size = (uint32_t)sizeof(sk_host);
  e->host.declare_abi = skE_declare_abi;
  e->host.register_technique = skE_register;
  e->host.emit = host_emit;
  e->host.hint_init = host_hint_init;
  e->host.hint_printf = host_hint_printf;
  e->host.should_stop = host_should_stop;
  e->host.run_technique = host_run_technique;
  e->host.get_aux = host_get_aux;
  e->host.set_aux = host_set_aux;
  e->host.set_rating_aux = host_set_rating_aux;
  e->host.difficulty = host_difficulty;
  e->host.param = host_param;
  e->host.prev_hint = host_prev_hint;
  e->host.prev_param = host_prev_param;
  e->host.emit_with = host_emit_with;
  e->host.prev_order = host_prev_order;
  return e;
}

void sk_engine_free(sk_engine *e) {
  if (!e) return;
  for (int i = 0; i < e->ntech; i++) {
    free((char *)e->tech[i].t.id);
    free((char *)e->tech[i].t.name);
    free(e->tech[i].file);
  }
  free(e->tech);
  free(e->index);
  for (int i = 0; i < e->nhandles; i++) dlclose(e->handles[i]);
  free(e->handles);
  free(e->handle_ids);
  sk_table_free(e->table);
  free(e->bound);
  free(e->escore);
  free(e->elevel);
  free(e);
}

int sk_engine_use_table(sk_engine *e, sk_table *t, sk_error *err) {
  int *bound = malloc((size_t)(t->n ? t->n : 1) * sizeof *bound);
  if (!bound) return sk_error_set(err, "out of memory");
  for (int i = 0; i < t->n; i++) {
    bound[i] = skE_find_tech(e, t->entry[i].id);
    if (bound[i] < 0) {
      sk_error_set(err, "%s:%d:%d: technique '%s' is not provided by any loaded plugin",
                   t->path ? t->path : t->name, t->entry[i].line, t->entry[i].column, t->entry[i].id);
      free(bound);
      return -1;
    }
  }
  int64_t *escore = calloc((size_t)(t->n ? t->n : 1), sizeof *escore);
  int *elevel = calloc((size_t)(t->n ? t->n : 1), sizeof *elevel);
  if (!escore || !elevel) {
    free(bound), free(escore), free(elevel);
    return sk_error_set(err, "out of memory");
  }
  for (int i = 0; i < t->n; i++) {          /* a scored table's figures per entry */
    const char *sc = sk_table_attr(&t->entry[i], "score");
    escore[i] = sc ? strtoll(sc, NULL, 10) : 0;
    elevel[i] = sk_table_entry_level(t, i);
  }
  sk_table_free(e->table);
  free(e->bound);
  free(e->escore);
  free(e->elevel);
  e->table = t;
  e->bound = bound;
  e->escore = escore;
  e->elevel = elevel;
  return 0;
}

const sk_table *sk_engine_table(const sk_engine *e) { return e->table; }

void sk_tech_profile_print(FILE *f, const sk_engine *e, const sk_tech_profile *prof, long puzzles,
                           int top) {
  const sk_table *t = e->table;
  int n = t ? t->n : 0, *ord = malloc((size_t)(n ? n : 1) * sizeof *ord);
  if (!ord) return;
  double total = 0;
  for (int i = 0; i < n; i++) {
    ord[i] = i;
    total += prof[i].seconds;
  }
  for (int i = 1; i < n; i++)           /* insertion sort: a few dozen entries */
    for (int j = i; j > 0 && prof[ord[j]].seconds > prof[ord[j - 1]].seconds; j--) {
      int x = ord[j]; ord[j] = ord[j - 1]; ord[j - 1] = x;
    }
  fprintf(f, "# profile: %ld puzzles rated, %.3f s of CPU in technique searches\n", puzzles, total);
  fprintf(f, "# %-26s %10s %8s %11s %7s %10s\n", "technique", "searches", "steps", "seconds",
          "share", "ms/search");
  for (int k = 0, shown = 0; k < n && (top <= 0 || shown < top); k++) {
    const sk_tech_profile *p = &prof[ord[k]];
    if (!p->calls) continue;
    fprintf(f, "  %-26s %10ld %8ld %11.3f %6.1f%% %10.4f\n", t->entry[ord[k]].id, p->calls,
            p->hits, p->seconds, total > 0 ? 100.0 * p->seconds / total : 0.0,
            1000.0 * p->seconds / (double)p->calls);
    shown++;
  }
  free(ord);
}
int sk_engine_technique_count(const sk_engine *e) { return e->ntech; }
int sk_engine_find_technique(const sk_engine *e, const char *id) { return skE_find_tech(e, id); }
const sk_technique *sk_engine_technique(const sk_engine *e, int i) {
  return i >= 0 && i < e->ntech ? &e->tech[i].t : NULL;
}
const char *sk_engine_technique_file(const sk_engine *e, int i) {
  return i >= 0 && i < e->ntech ? e->tech[i].file : NULL;
}
const sk_technique *sk_engine_bound(const sk_engine *e, int i) {
  if (!e->table || i < 0 || i >= e->table->n) return NULL;
  return &e->tech[e->bound[i]].t;
}

/* {====== the step engine */

void sk_hint_apply(const sk_hint *h, sk_grid *g) {
  for (int c = 0; c < SK_CELLS; c++)
    for (sk_mask m = h->elim[c] & g->cand[c]; m; m &= m - 1)
      sk_grid_eliminate(g, c, __builtin_ctz(m) + 1);
  if (h->cell >= 0 && g->value[h->cell] == 0) sk_grid_place(g, h->cell, h->digit);
}

/* A fresh sink for table entry i; returns the technique bound to it. */
static const sk_tech *sink_for(sk_sink *k, sk_engine *e, int i) {
  const sk_tech *t = &e->tech[e->bound[i]];
  memset(k, 0, sizeof *k);
  k->e = e;
  k->entry = &e->table->entry[i];
  k->collect = (t->t.flags & SK_TECH_COLLECT) != 0;
  return t;
}

/* Run technique i on g; best/diff get the chosen hint.  1 if found. */
static int find_step(sk_engine *e, const sk_grid *g, int i, double deadline, sk_auxset *aux,
                     const sk_hint *prev, const sk_kept_extra *prev_extra, int prev_i,
                     sk_hint *best, sk_kept_extra *best_extra, int32_t *diff, int *timed_out) {
  sk_sink k;
  const sk_tech *t = sink_for(&k, e, i);
  k.best = best;
  k.best_extra = best_extra;
  extra_keep(best_extra, NULL);
  k.prev_extra = prev_extra;
  k.deadline = deadline;
  k.aux = aux;
  k.prev = prev;
  k.prev_entry = prev && prev_i >= 0 ? &e->table->entry[prev_i] : NULL;
  sk_search s = {&e->host, g, t->t.data, &k};
  t->t.search(&s);
  if (k.stop && !k.have && deadline > 0 && now_seconds() > deadline) *timed_out = 1;
  if (k.have && k.collect && k.stop && deadline > 0 && now_seconds() > deadline) *timed_out = 1;
  *diff = k.best_diff;
  return k.have;
}

/* s->order: the step's eliminations in the order o lists them (each one
** of the hint's once), then any o left out, in s->elim's order; NULL when
** o gives none.  -1 when out of memory. */
static int step_order(sk_step *s, const sk_kept_extra *o) {
  if (!o || !o->n || !s->nelim) return 0;
  s->order = malloc((size_t)s->nelim * sizeof *s->order);
  if (!s->order) return -1;
  uint8_t taken[SK_CELLS * 16] = {0}, in[SK_CELLS * 16] = {0};
  for (int j = 0; j < s->nelim; j++) in[s->elim[j]] = 1;
  int n = 0;
  for (int j = 0; j < o->n; j++) {
    unsigned x = o->e[j];
    if (x < SK_CELLS * 16 && in[x] && !taken[x]) taken[x] = 1, s->order[n++] = (uint16_t)x;
  }
  for (int j = 0; j < s->nelim; j++)
    if (!taken[s->elim[j]]) s->order[n++] = s->elim[j];
  s->norder = n;
  return 0;
}

/* The hint's order and detail lines into step s (the detail's string
** passes to the step).  -1 when out of memory. */
static int step_extra(sk_step *s, sk_kept_extra *o) {
  if (step_order(s, o) != 0) return -1;
  if (o) s->detail = o->detail, o->detail = NULL;
  return 0;
}

static int record_step(sk_rating *r, int i, const sk_engine *e, const sk_hint *h,
                       sk_kept_extra *extra, int32_t diff, const sk_grid *g) {
  if (r->nsteps == r->cap) {
    int cap = r->cap ? 2 * r->cap : 64;
    sk_step *p = realloc(r->steps, (size_t)cap * sizeof *p);
    if (!p) return -1;
    r->steps = p;
    r->cap = cap;
  }
  sk_step *s = &r->steps[r->nsteps];
  const sk_table_entry *te = &e->table->entry[i];
  const sk_tech *t = &e->tech[e->bound[i]];
  memset(s, 0, sizeof *s);
  s->tech = i;
  s->id = t->t.id;
  s->name = h->name ? h->name : te->name ? te->name : t->t.name;
  s->difficulty = diff;
  s->cell = h->cell;
  s->digit = h->digit;
  int n = 0;
  for (int c = 0; c < SK_CELLS; c++) n += sk_mask_count(h->elim[c] & g->cand[c]);
  s->elim = malloc((size_t)(n ? n : 1) * sizeof *s->elim);
  s->text = strdup(h->text);
  if (!s->elim || !s->text) { free(s->elim); free(s->text); return -1; }
  for (int c = 0; c < SK_CELLS; c++)
    for (sk_mask m = h->elim[c] & g->cand[c]; m; m &= m - 1)
      s->elim[s->nelim++] = (uint16_t)(c * 16 + __builtin_ctz(m) + 1);
  sk_step_order_elims(te, h, s);
  if (step_extra(s, extra) != 0) { free(s->elim); free(s->text); return -1; }
  r->nsteps++;
  return 0;
}

/* Does the hint contradict the known solution? */
static int hint_wrong(const sk_hint *h, const sk_grid *g, const uint8_t *sol) {
  if (h->cell >= 0 && sol[h->cell] != h->digit) return 1;
  for (int c = 0; c < SK_CELLS; c++)
    if (g->value[c] == 0 && (h->elim[c] & g->cand[c] & SK_BIT(sol[c]))) return 1;
  return 0;
}

void sk_rating_score_start(const sk_engine *e, sk_rating *r) {
  r->score = 0;
  r->level = e->table && e->table->nlevel > 0 ? 0 : -1;
  r->level_name = r->level >= 0 ? e->table->level[0].name : NULL;
}

void sk_rating_score_step(const sk_engine *e, sk_rating *r, int tech) {
  if (r->level < 0 || tech < 0 || tech >= e->table->n) return;
  r->score += e->escore[tech];
  if (e->elevel[tech] > r->level) r->level = e->elevel[tech];
}

void sk_rating_score_end(const sk_engine *e, sk_rating *r) {
  if (r->level < 0) return;
  const sk_table *t = e->table;
  while (r->level + 1 < t->nlevel && t->level[r->level].max >= 0 && r->score > t->level[r->level].max)
    r->level++;
  r->level_name = t->level[r->level].name;
}

int sk_rate(sk_engine *e, const sk_grid *start, const sk_rate_opts *o, sk_rating *r) {
  sk_rate_opts none = {0};
  if (!o) o = &none;
  memset(r, 0, sizeof *r);
  if (!e->table) return -1;
  /* h: the step's hint, prev: the hint applied last; each with what its plugin said besides it */
  struct { sk_hint h[2]; sk_kept_extra extra[2]; } *hs = malloc(sizeof *hs);
  if (!hs) return -1;
  sk_hint *h = &hs->h[0], *prev = &hs->h[1];
  sk_kept_extra *extra = &hs->extra[0], *prev_extra = &hs->extra[1];
  extra->n = prev_extra->n = 0;
  extra->detail = prev_extra->detail = NULL;
  double deadline = o->budget > 0 ? now_seconds() + o->budget : 0;
  sk_grid g = *start;
  int first = 1, placed = 0, prev_i = -1;
  sk_auxset aux = {0};
  r->er = 0;
  /* stop_above: the least difficulty entries i.. can still give */
  int32_t *floor_from = NULL;
  if (o->stop_above > 0) {
    int n = e->table->n;
    int32_t fig[SK_FIG_COUNT] = {0};
    floor_from = malloc(((size_t)n + 1) * sizeof *floor_from);
    if (!floor_from) { free(hs); return -1; }
    floor_from[n] = SK_STUCK_MILLI;                    /* nothing left: stuck */
    for (int k = n - 1; k >= 0; k--) {
      int32_t f = e->table->entry[k].disabled ? INT32_MAX
                : sk_table_difficulty_floor(&e->table->entry[k], fig, ~0u);
      floor_from[k] = f < floor_from[k + 1] ? f : floor_from[k + 1];
    }
  }
  sk_rating_score_start(e, r);
  while (g.nempty > 0) {
    if (o->max_steps && r->nsteps >= o->max_steps) break;
    int found = 0, timed_out = 0;
    int32_t diff = 0;
    int i;
    for (i = 0; i < e->table->n && !found && !timed_out; i++) {
      if (floor_from && floor_from[i] > o->stop_above) break;
      if (e->table->entry[i].disabled) continue;
      if (o->profile) {
        double t0 = thread_cpu_seconds();
        found = find_step(e, &g, i, deadline, &aux, prev_i >= 0 ? prev : NULL, prev_extra,
                          prev_i, h, extra, &diff, &timed_out);
        o->profile[i].seconds += thread_cpu_seconds() - t0;
        o->profile[i].calls++;
        o->profile[i].hits += found;
      } else found = find_step(e, &g, i, deadline, &aux, prev_i >= 0 ? prev : NULL, prev_extra,
                               prev_i, h, extra, &diff, &timed_out);
      if (found) break;
    }
    if (timed_out || (deadline > 0 && now_seconds() > deadline)) { r->over_budget = 1; break; }
    if (!found && floor_from && floor_from[i] > o->stop_above) {
      r->above = 1;
      if (r->er <= o->stop_above) r->er = o->stop_above + 1;
      break;
    }
    if (!found) { r->stuck = 1; r->er = SK_STUCK_MILLI; break; }
    if (diff > r->er) r->er = diff, r->nmax = 1;
    else if (diff == r->er) r->nmax++;
    if (first) { r->ed = r->er; first = 0; }
    sk_rating_score_step(e, r, i);
    int unwanted = 0;
    if (!placed) {
      if (h->cell >= 0) {
        /* serate checks a diamond before EP is set, so that EP stays 0.0 */
        if (o->want == SK_WANT_DIAMOND && r->er > r->ed) unwanted = 1;
        else { r->ep = r->er; placed = 1; }
      }
    } else if (o->want && r->er > r->ep) unwanted = 1;
    if (o->record && record_step(r, i, e, h, extra, diff, &g) != 0) {
      aux_clear(&aux);
      free(floor_from);
      free(extra->detail);
      free(hs);
      return -1;
    }
    if (!o->record) r->nsteps++;
    if (o->solution && hint_wrong(h, &g, o->solution)) {
      r->wrong = 1;
      r->wrong_step = r->nsteps - 1;
      break;
    }
    aux_clear_step(&aux, 0);               /* the grid changes */
    sk_hint_apply(h, &g);
    *prev = *h;
    prev_extra->n = extra->n;
    memcpy(prev_extra->e, extra->e, (size_t)extra->n * sizeof *extra->e);
    prev_i = i;
    if (unwanted) { r->unwanted = 1; r->er = SK_STUCK_MILLI; break; }
    if (o->stop_above > 0 && r->er > o->stop_above) { r->above = 1; break; }
    if (o->stop_at > 0 && r->er >= o->stop_at) { r->reached = 1; break; }
  }
  free(floor_from);
  aux_clear(&aux);
  sk_rating_score_end(e, r);
  r->final = g;
  free(extra->detail);
  free(hs);
  return 0;
}

void sk_rating_free(sk_rating *r) {
  for (int i = 0; i < r->nsteps && r->steps; i++) {
    free(r->steps[i].elim);
    free(r->steps[i].order);
    free(r->steps[i].detail);
    free(r->steps[i].text);
  }
  free(r->steps);
  r->steps = NULL;
  r->nsteps = r->cap = 0;
}

int sk_engine_hints(sk_engine *e, const sk_grid *g, int i, int all,
                    int (*cb)(void *ud, const sk_hint *h, int32_t difficulty), void *ud) {
  return sk_engine_hints_with(e, g, i, all, NULL, 0, cb, ud);
}

int sk_engine_hints_with(sk_engine *e, const sk_grid *g, int i, int all, const sk_param *over,
                         int nover, int (*cb)(void *ud, const sk_hint *h, int32_t difficulty),
                         void *ud) {
  if (!e->table || i < 0 || i >= e->table->n) return -1;
  sk_sink k;
  const sk_tech *t = sink_for(&k, e, i);
  k.over = over;
  k.nover = over ? nover : 0;
  k.all = all;
  k.cb = cb;
  k.ud = ud;
  sk_search s = {&e->host, g, t->t.data, &k};
  t->t.search(&s);
  return (int)k.count;
}

/* A step is named once, by s->name (the hint's own name, else its table
** entry's, else its technique's), in every front end: a plugin's text
** that opens with a name of its own ("Full House: 1 in r7") has it
** replaced by the step's ("Hidden Single: 1 in r7" in SE's table, as SE
** names it). */
void sk_step_describe(const sk_step *s, char *buf, size_t size) {
  char cell[8];
  int d = sk_milli_to_tenths(s->difficulty);
  const char *text = s->text && *s->text ? s->text : NULL;
  const char *colon = text ? strstr(text, ": ") : NULL;
  int n;
  if (colon && s->name && *s->name)
    n = snprintf(buf, size, "%d.%d %s%s", d / 10, d % 10, s->name, colon);
  else
    n = snprintf(buf, size, "%d.%d %s", d / 10, d % 10, text ? text : s->name ? s->name : "");
  size_t len = n < 0 ? 0 : (size_t)n;
  const char *sep = " => ";
  if (s->cell >= 0 && len < size) {
    n = snprintf(buf + len, size - len, "%s%s=%d", sep, sk_cell_name(s->cell, cell), s->digit);
    len += n < 0 ? 0 : (size_t)n;
    sep = ", ";
  }
  for (int i = 0; i < s->nelim && len < size; i++) {
    n = snprintf(buf + len, size - len, "%s%s<>%d", sep, sk_cell_name(s->elim[i] / 16, cell), s->elim[i] % 16);
    len += n < 0 ? 0 : (size_t)n;
    sep = ", ";
  }
}

void sk_step_order_elims(const sk_table_entry *te, const sk_hint *h, sk_step *s) {
  if (sk_table_param(te, "elim-order", 0) != 2 || s->nelim < 2 || !h) return;
  /* the houses all focus cells share, row, column, block; their cells in
  ** house order, digits ascending; a candidate listed once */
  int first = -1, shared[3] = {1, 1, 1}, n = 0;
  for (int c = 0; c < SK_CELLS; c++) {
    if (!h->focus[c]) continue;
    if (first < 0) { first = c; continue; }
    for (int k = 0; k < 3; k++)
      if (sk_cell_house[c][k] != sk_cell_house[first][k]) shared[k] = 0;
  }
  if (first < 0) return;
  uint16_t out[SK_CELLS * 9];
  uint8_t taken[SK_CELLS * 16] = {0};
  for (int k = 0; k < 3; k++) {
    if (!shared[k]) continue;
    for (int i = 0; i < 9; i++) {
      int c = sk_house_cell[sk_cell_house[first][k]][i];
      for (int j = 0; j < s->nelim; j++)
        if (s->elim[j] / 16 == c && !taken[s->elim[j]]) taken[s->elim[j]] = 1, out[n++] = s->elim[j];
    }
  }
  for (int j = 0; j < s->nelim; j++)          /* anything outside them, as it was */
    if (!taken[s->elim[j]]) out[n++] = s->elim[j];
  memcpy(s->elim, out, (size_t)n * sizeof *out);
}

/* HoDoKu's getCompactCellPrint: cells ascending; each takes the later
** cells of its row while it has one row, or of its column while it has one
** column */
static size_t compact_cells(const int *cells, int n, char *out, size_t size) {
  int used[SK_CELLS] = {0};
  size_t len = 0;
  if (size) out[0] = 0;
  for (int i = 0; i < n; i++) {
    if (used[i]) continue;
    used[i] = 1;
    int r = cells[i] / 9, c = cells[i] % 9, rows[9], cols[9], nr = 1, nc = 1;
    rows[0] = r, cols[0] = c;
    for (int j = i + 1; j < n; j++) {
      if (used[j]) continue;
      if (cells[j] / 9 == r && nr == 1 && nc < 9) cols[nc++] = cells[j] % 9, used[j] = 1;
      else if (cells[j] % 9 == c && nc == 1 && nr < 9) rows[nr++] = cells[j] / 9, used[j] = 1;
    }
    char part[24];
    int p = snprintf(part, sizeof part, "%sr", i ? "," : "");
    for (int k = 0; k < nr; k++) part[p++] = (char)('1' + rows[k]);
    part[p++] = 'c';
    for (int k = 0; k < nc; k++) part[p++] = (char)('1' + cols[k]);
    part[p] = 0;
    if (len < size) len += (size_t)snprintf(out + len, size - len, "%s", part);
  }
  return len;
}

void sk_step_compact(const sk_engine *e, const sk_step *s, char *buf, size_t size) {
  if (!size) return;
  size_t len = (size_t)snprintf(buf, size, "%s", s->text && *s->text ? s->text : s->name);
  if (len >= size) return;
  if (s->cell >= 0) {
    char cell[8];
    if (!strchr(buf, '='))
      snprintf(buf + len, size - len, " => %s=%d", sk_cell_name(s->cell, cell), s->digit);
    return;
  }
  int order = e && e->table && s->tech >= 0 && s->tech < e->table->n
                  ? sk_table_param(&e->table->entry[s->tech], "elim-order", 0) : 0;
  int digits[9], nd = 0, seen[10] = {0};
  if (s->order) {                            /* as the technique listed them */
    for (int k = 0; k < s->norder; k++)
      if (!seen[s->order[k] % 16]) seen[s->order[k] % 16] = 1, digits[nd++] = s->order[k] % 16;
  } else if (order == 0) {
    for (int d = 1; d <= 9; d++)
      for (int k = 0; k < s->nelim; k++)
        if (s->elim[k] % 16 == d) { digits[nd++] = d; break; }
  } else
    for (int k = 0; k < s->nelim; k++)
      if (!seen[s->elim[k] % 16]) seen[s->elim[k] % 16] = 1, digits[nd++] = s->elim[k] % 16;
  const char *sep = " => ";
  for (int i = 0; i < nd && len < size; i++) {
    int cells[SK_CELLS], n = 0;
    for (int k = 0; k < s->nelim; k++)
      if (s->elim[k] % 16 == digits[i]) cells[n++] = s->elim[k] / 16;
    for (int a = 1; a < n; a++)                /* ascending */
      for (int b = a; b > 0 && cells[b] < cells[b - 1]; b--) {
        int x = cells[b]; cells[b] = cells[b - 1]; cells[b - 1] = x;
      }
    len += (size_t)snprintf(buf + len, size - len, "%s", sep);
    if (len < size) len += compact_cells(cells, n, buf + len, size - len);
    if (len < size) len += (size_t)snprintf(buf + len, size - len, "<>%d", digits[i]);
    sep = ", ";
  }
}

/* }====== */
