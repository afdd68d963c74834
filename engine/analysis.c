/*
** analysis.c -- what a set of techniques solves (see sk_analysis.h): the
** singles core, technique sets, backdoors.  The other facts beyond the
** rating are in analysis_clues.c (redundant clues, blank correlation) and
** analysis_class.c (pearl and diamond classes).
*/
#include <stdlib.h>
#include <string.h>
#include "sk_analysis.h"
#include "sk_table.h"

/* {====================================================================
** The singles core
**
** Nine bitboards, one per digit: the empty cells where the digit is still
** a candidate.  A round finds every naked single (bit-sliced count of the
** nine boards: cells seen exactly once) and every hidden single (a house
** where a digit has one cell left) and places them; rounds repeat until
** nothing changes.  Candidates only ever go away by placements, so this is
** exactly what SE's singles (full house, hidden, naked) reach, in any order.
** ===================================================================== */

typedef struct core {
  sk_bits cand[9];      /* cand[k]: empty cells where digit k+1 is possible */
  sk_bits empty;
  uint32_t dirty[9];    /* houses (bits 0..26) where digit k+1 lost a cell
                        ** since they were last looked at for hidden singles */
} core;

static void core_load(core *s, const sk_grid *g) {
  for (int k = 0; k < 9; k++) s->cand[k] = g->dcells[k], s->dirty[k] = (1u << SK_HOUSES) - 1;
  s->empty.w[0] = s->empty.w[1] = 0;
  for (int c = 0; c < SK_CELLS; c++)
    if (!g->value[c]) sk_bits_set(&s->empty, c);
}

/* The houses of a cell, and the houses that meet its peers: every row
** (the column's cells), every column (the row's cells), and the boxes of
** its band and stack. */
static inline uint32_t houses_of(int c) {
  return 1u << (c / 9) | 1u << (9 + c % 9) | 1u << (18 + sk_box_of(c));
}
static inline uint32_t houses_near(int c) {
  int band = c / 27, stack = c % 9 / 3;
  return 0x3FFFFu | 7u << (18 + 3 * band) | 0x49u << (18 + stack);
}

/* Place digit k+1 in cell c: the cell leaves every board, the digit
** leaves the cell's peers. */
static inline void core_place(core *s, int c, int k) {
  uint64_t m0 = ~(c < 64 ? (uint64_t)1 << c : 0), m1 = ~(c >= 64 ? (uint64_t)1 << (c - 64) : 0);
  uint32_t h = houses_of(c);
  for (int j = 0; j < 9; j++) {
    s->cand[j].w[0] &= m0, s->cand[j].w[1] &= m1;
    s->dirty[j] |= h;
  }
  s->cand[k] = sk_bits_andnot(s->cand[k], sk_peer_bits[c]);
  s->dirty[k] |= houses_near(c);
  s->empty.w[0] &= m0, s->empty.w[1] &= m1;
}

static inline int single_bit(sk_bits x) {
  if (x.w[0] && x.w[1]) return 0;
  uint64_t w = x.w[0] | x.w[1];
  return w && !(w & (w - 1));
}

/* Propagate to a fixpoint: 1 solved, 0 stuck, -1 contradiction.  value,
** when not NULL, receives the digits placed.  Hidden singles are looked
** for only in the houses where a digit lost a cell since the last look. */
static int core_propagate(core *s, uint8_t *value) {
  for (;;) {
    if (sk_bits_empty(s->empty)) return 1;
    sk_bits ones = {{0, 0}}, twos = {{0, 0}};
    for (int k = 0; k < 9; k++) {
      twos = sk_bits_or(twos, sk_bits_and(ones, s->cand[k]));
      ones = sk_bits_or(ones, s->cand[k]);
    }
    if (!sk_bits_empty(sk_bits_andnot(s->empty, ones))) return -1;
    sk_bits naked = sk_bits_andnot(ones, twos);
    int progress = 0;
    for (int c; (c = sk_bits_pop(&naked)) >= 0; ) {
      int k = 0;
      while (k < 9 && !sk_bits_has(&s->cand[k], c)) k++;
      if (k == 9) return -1;              /* a peer took its only digit */
      core_place(s, c, k);
      if (value) value[c] = (uint8_t)(k + 1);
      progress = 1;
    }
    for (int k = 0; k < 9; k++) {
      while (s->dirty[k]) {
        int h = __builtin_ctz(s->dirty[k]);
        s->dirty[k] &= s->dirty[k] - 1;
        sk_bits x = sk_bits_and(s->cand[k], sk_house_bits[h]);
        if (!single_bit(x)) continue;
        int c = sk_bits_first(x);
        core_place(s, c, k);
        if (value) value[c] = (uint8_t)(k + 1);
        progress = 1;
      }
    }
    if (!progress) return 0;
  }
}

int sk_singles_solve(const sk_grid *g, sk_grid *out) {
  core s;
  uint8_t value[SK_CELLS];
  core_load(&s, g);
  memcpy(value, g->value, SK_CELLS);
  int r = core_propagate(&s, out ? value : NULL);
  if (out) {
    *out = *g;
    if (r >= 0)
      for (int c = 0; c < SK_CELLS; c++)
        if (value[c] && !out->value[c]) sk_grid_place(out, c, value[c]);
  }
  return r;
}

/* }==================================================================== */


/* {====================================================================
** Technique sets
** ===================================================================== */

const char *const sk_ssts_ids[] = {
  "full-house", "hidden-single-block", "hidden-single-line", "direct-pointing",
  "direct-claiming", "direct-hidden-pair", "naked-single", "direct-hidden-triple",
  "pointing", "claiming", "naked-pair", "x-wing", "hidden-pair", "naked-triple",
  "swordfish", "hidden-triple", "naked-quad", "jellyfish", "hidden-quad", NULL
};

struct sk_techset {
  char *name;
  sk_engine *engine;    /* NULL: the singles core alone */
  int has_singles;      /* holds hidden and naked singles: the core decides
                        ** "solved" first (singles never stop helping) */
  int closed;           /* every technique keeps working after singles
                        ** (ssts): the core may fill cells before the engine */
  int nscan;            /* closed sets: the table entries worth asking */
  int scan[32];
};

static void entry_clear(sk_table_entry *x) {
  for (int k = 0; k < x->nmod; k++) free(x->mod[k].provenance);
  free(x->id), free(x->name), free(x->provenance);
}

/* Split "a,b,c" into a NULL-terminated list of malloc'd strings. */
static char **split_ids(const char *spec, int *n) {
  size_t len = strlen(spec);
  char **ids = calloc(len / 2 + 2, sizeof *ids);
  *n = 0;
  if (!ids) return NULL;
  for (const char *p = spec; *p; ) {
    const char *e = strchr(p, ',');
    size_t k = e ? (size_t)(e - p) : strlen(p);
    if (k > 0) {
      if (!(ids[*n] = strndup(p, k))) break;
      (*n)++;
    }
    p += k + (e != NULL);
  }
  return ids;
}

static void free_ids(char **ids) {
  for (int i = 0; ids && ids[i]; i++) free(ids[i]);
  free(ids);
}

static int in_list(char *const *ids, const char *id) {
  for (int i = 0; ids[i]; i++)
    if (!strcmp(ids[i], id)) return 1;
  return 0;
}

static int loaded(const sk_engine *e, const char *id) {
  for (int i = 0; i < sk_engine_technique_count(e); i++)
    if (!strcmp(sk_engine_technique(e, i)->id, id)) return 1;
  return 0;
}

/* Keep the entries of t named in ids (table order); ids the table lacks
** but a plugin provides get an entry of difficulty 0 at the end. */
static int restrict_table(sk_table *t, char *const *ids, const sk_engine *e, sk_error *err) {
  int n = 0;
  char *keep = calloc((size_t)t->n + 1, 1);
  if (!keep) return sk_error_set(err, "out of memory");
  for (int i = 0; ids[i]; i++) {                 /* ids or aliases */
    int k = sk_table_lookup(t, ids[i]);
    if (k >= 0) keep[k] = 1;
  }
  for (int i = 0; i < t->n; i++) {
    if (keep[i]) t->entry[n++] = t->entry[i];
    else entry_clear(&t->entry[i]);
  }
  free(keep);
  t->n = n;
  for (int i = 0; ids[i]; i++) {
    if (sk_table_lookup(t, ids[i]) >= 0) continue;
    if (!loaded(e, ids[i]))
      return sk_error_set(err, "technique set: unknown technique '%s' (not in table %s nor in a loaded plugin)",
                          ids[i], t->name ? t->name : "?");
    sk_table_entry *x = realloc(t->entry, (size_t)(t->n + 1) * sizeof *x);
    if (!x) return sk_error_set(err, "out of memory");
    t->entry = x;
    memset(&t->entry[t->n], 0, sizeof *x);
    if (!(t->entry[t->n].id = strdup(ids[i]))) return sk_error_set(err, "out of memory");
    t->n++;
  }
  if (t->n == 0) return sk_error_set(err, "technique set: no technique given");
  return 0;
}

static sk_engine *set_engine(char *const *ids, const char *table, const char *plugins,
                             sk_error *err) {
  sk_engine *e = sk_engine_new();
  if (!e) { sk_error_set(err, "out of memory"); return NULL; }
  if (sk_engine_load_default(e, plugins, err) != 0) { sk_engine_free(e); return NULL; }
  char *path = sk_table_resolve(table ? table : "se", err);
  sk_table *t = path ? sk_table_load(path, err) : NULL;
  free(path);
  if (!t || restrict_table(t, ids, e, err) != 0 || sk_engine_use_table(e, t, err) != 0) {
    if (t && sk_engine_table(e) != t) sk_table_free(t);
    sk_engine_free(e);
    return NULL;
  }
  return e;
}

sk_techset *sk_techset_open(const char *spec, const char *table, const char *plugins,
                            sk_error *err) {
  sk_techset *s = calloc(1, sizeof *s);
  if (!s || !(s->name = strdup(spec ? spec : "singles"))) {
    free(s);
    sk_error_set(err, "out of memory");
    return NULL;
  }
  if (!strcmp(s->name, "singles")) {
    s->has_singles = 1;
    return s;
  }
  int n = 0;
  char **ids;
  if (!strcmp(s->name, "ssts")) {
    for (n = 0; sk_ssts_ids[n]; n++) {}
    ids = calloc((size_t)n + 1, sizeof *ids);
    for (int i = 0; ids && i < n; i++) ids[i] = strdup(sk_ssts_ids[i]);
    s->closed = 1;
  } else {
    ids = split_ids(s->name, &n);
  }
  if (!ids) { sk_error_set(err, "out of memory"); sk_techset_free(s); return NULL; }
  s->has_singles = in_list(ids, "hidden-single-block") && in_list(ids, "hidden-single-line") &&
                   in_list(ids, "naked-single");
  s->engine = set_engine(ids, table, plugins, err);
  free_ids(ids);
  if (!s->engine) { sk_techset_free(s); return NULL; }
  const sk_table *t = sk_engine_table(s->engine);
  for (int i = 0; i < t->n && s->nscan < 32; i++) {
    const char *id = t->entry[i].id;
    if (strncmp(id, "direct-", 7) && strcmp(id, "full-house") && strncmp(id, "hidden-single", 13) &&
        strcmp(id, "naked-single"))
      s->scan[s->nscan++] = i;
  }
  return s;
}

void sk_techset_free(sk_techset *s) {
  if (!s) return;
  sk_engine_free(s->engine);
  free(s->name);
  free(s);
}

const char *sk_techset_name(const sk_techset *s) { return s->name; }
int sk_techset_size(const sk_techset *s) { return s->engine ? sk_engine_table(s->engine)->n : 0; }

static int take_hint(void *ud, const sk_hint *h, int32_t difficulty) {
  (void)difficulty;
  memcpy(ud, h, sizeof *h);
  return 1;
}

/* A closed set reaches the same grid whatever order its steps come in, so
** the core does every single and the engine is asked only for the other
** techniques (the direct ones are a pattern plus a single: nothing new). */
static int closed_solves(const sk_techset *s, const sk_grid *start) {
  sk_grid g;
  sk_hint *h = malloc(sizeof *h);
  int r = -1;
  if (!h) return -1;
  g = *start;
  for (;;) {
    if ((r = sk_singles_solve(&g, &g)) != 0) break;
    int found = 0;
    for (int i = 0; i < s->nscan && !found; i++)
      found = sk_engine_hints(s->engine, &g, s->scan[i], 0, take_hint, h) > 0;
    if (!found) break;
    sk_hint_apply(h, &g);
  }
  free(h);
  return r;
}

int sk_techset_solves(const sk_techset *s, const sk_grid *g) {
  sk_grid filled;
  if (s->closed) return closed_solves(s, g);
  if (s->has_singles) {
    int r = sk_singles_solve(g, s->closed ? &filled : NULL);
    if (r != 0 || !s->engine) return r;
    if (s->closed) g = &filled;
  }
  sk_rating rt;
  if (sk_rate(s->engine, g, NULL, &rt) != 0) return -1;
  int solved = !rt.stuck && rt.final.nempty == 0;
  sk_rating_free(&rt);
  return solved;
}

/* }==================================================================== */


/* {====================================================================
** Backdoors
**
** Orders 0, 1, 2 ... are tried in turn; for order k every k-subset of the
** candidate cells is placed (their solution values) and tested.  Two cuts,
** both exact: a cell already filled by the singles that follow the
** earlier picks adds nothing (the set is one of a lower order, which
** failed), so it is skipped; and with the core the state after each pick
** is kept, so a k-subset costs one placement and one propagation.
** ===================================================================== */

typedef struct bd {
  const uint8_t *sol;
  const sk_techset *set;     /* NULL: core */
  int order;
  int ncells;
  uint8_t cells[SK_CELLS];
  uint8_t pick[SK_BACKDOOR_MAX_ORDER];
  sk_backdoor *out;
  int error;
} bd;

static void bd_found(bd *b) {
  sk_backdoor *o = b->out;
  if (o->nlisted < SK_BACKDOOR_LIST) {
    memset(o->set[o->nlisted], 0, SK_BACKDOOR_MAX_ORDER);
    memcpy(o->set[o->nlisted], b->pick, (size_t)b->order);
    o->nlisted++;
  }
  o->count++;
}

static void bd_core(bd *b, const core *s, int depth, int start) {
  for (int i = start; i < b->ncells; i++) {
    int c = b->cells[i];
    if (!sk_bits_has(&s->empty, c)) continue;
    core t = *s;
    core_place(&t, c, b->sol[c] - 1);
    b->out->tests++;
    int r = core_propagate(&t, NULL);
    b->pick[depth] = (uint8_t)c;
    if (depth + 1 == b->order) {
      if (r == 1) bd_found(b);
    } else if (r == 0) {
      bd_core(b, &t, depth + 1, i + 1);
    }
  }
}

/* The state after a pick: the placement, then (closed sets) its singles. */
static void bd_fill(const bd *b, sk_grid *g) {
  if (b->set->closed) sk_singles_solve(g, g);
}

static void bd_engine(bd *b, const sk_grid *g, int depth, int start) {
  for (int i = start; i < b->ncells && !b->error; i++) {
    int c = b->cells[i];
    if (g->value[c]) continue;
    sk_grid t = *g;
    sk_grid_place(&t, c, b->sol[c]);
    b->out->tests++;
    b->pick[depth] = (uint8_t)c;
    if (depth + 1 == b->order) {
      int r = sk_techset_solves(b->set, &t);
      if (r < 0) b->error = 1;
      else if (r == 1) bd_found(b);
    } else {
      bd_fill(b, &t);
      bd_engine(b, &t, depth + 1, i + 1);
    }
  }
}

int sk_backdoor_find(const sk_grid *g, const uint8_t solution[SK_CELLS], const sk_techset *set,
                     int max_order, sk_backdoor *out) {
  bd b;
  memset(out, 0, sizeof *out);
  memset(&b, 0, sizeof b);
  out->order = -1;
  b.sol = solution, b.out = out;
  b.set = set && set->engine ? set : NULL;
  if (max_order > SK_BACKDOOR_MAX_ORDER) max_order = SK_BACKDOOR_MAX_ORDER;
  core s0;
  sk_grid g0 = *g;
  if (!b.set) {                                /* the core: start from its fixpoint */
    core_load(&s0, g);
    int r = core_propagate(&s0, NULL);
    if (r < 0) return -1;
    if (r == 1) { out->order = 0; return 0; }
    for (int c = 0; c < SK_CELLS; c++)
      if (sk_bits_has(&s0.empty, c)) b.cells[b.ncells++] = (uint8_t)c;
  } else {
    int r = sk_techset_solves(b.set, g);
    if (r < 0) return -1;
    if (r == 1) { out->order = 0; return 0; }
    bd_fill(&b, &g0);
    for (int c = 0; c < SK_CELLS; c++)
      if (!g0.value[c]) b.cells[b.ncells++] = (uint8_t)c;
  }
  for (int k = 1; k <= max_order && k <= b.ncells; k++) {
    b.order = k;
    if (!b.set) bd_core(&b, &s0, 0, 0);
    else bd_engine(&b, &g0, 0, 0);
    if (b.error) return -1;
    if (out->count > 0) { out->order = k; return 0; }
  }
  return 0;
}

/* }==================================================================== */
