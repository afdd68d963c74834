/*
** web_api.c -- the C side of the browser page (tools/web/).
**
** The page's Web Worker (worker.js) calls these functions of the
** WebAssembly module.  Text goes both ways through one buffer: the worker
** writes a call's input at web_io(), calls, and reads the answer back from
** the same place as one JSON object (or {"error": "..."} when the call
** returns -1).  Cells are 81 characters, '1'..'9' or '.' for an empty cell.
**
** The module is the engine of the CLI, built for wasm32-wasi with every
** technique plugin linked in (SK_STATIC_PLUGINS) and the rating tables
** compiled in (web_tables.h).  One engine per table; a table entry whose
** technique no plugin of this build provides is left out, and web_init
** lists those entries, so the page can say which ratings are incomplete.
**
** The instance is the state: the worker owns one and calls it from one
** thread, so the engines live in file-scope variables.
*/
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sk_engine.h"
#include "sk_gen.h"
#include "sk_solver.h"
#include "web_tables.h"

#ifdef __wasm__
#define WEB_EXPORT(name) __attribute__((export_name(#name)))
#else
#define WEB_EXPORT(name)
#endif

#define IO_SIZE    (1024 * 1024)
#define MAX_TABLES 8

static char io[IO_SIZE];

typedef struct web_engine {
  const char *name;
  sk_engine *e;
  int nmissing;
  char *missing[64];            /* ids left out of the table (owned) */
} web_engine;

static web_engine eng[MAX_TABLES];
static int neng = -1;           /* -1 until web_init */

/* {====== JSON output into io */

typedef struct out {
  char *p;
  size_t left;
} out;

static out out_start(void) {
  out o = {io, IO_SIZE};
  io[0] = '\0';
  return o;
}

static void put(out *o, const char *fmt, ...)
#if defined(__GNUC__)
  __attribute__((format(printf, 2, 3)))
#endif
  ;

static void put(out *o, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int k = vsnprintf(o->p, o->left, fmt, ap);
  va_end(ap);
  if (k < 0) return;
  if ((size_t)k >= o->left) k = (int)o->left - 1;   /* truncated: stay at the end */
  o->p += k, o->left -= (size_t)k;
}

/* A JSON string: quotes, backslashes and control characters escaped. */
static void put_str(out *o, const char *s) {
  put(o, "\"");
  for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++) {
    if (*p == '"' || *p == '\\') put(o, "\\%c", *p);
    else if (*p < 0x20) put(o, "\\u%04x", *p);
    else put(o, "%c", *p);
  }
  put(o, "\"");
}

static int fail(const char *fmt, ...)
#if defined(__GNUC__)
  __attribute__((format(printf, 1, 2)))
#endif
  ;

static int fail(const char *fmt, ...) {
  char msg[600];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  out o = out_start();
  put(&o, "{\"error\": ");
  put_str(&o, msg);
  put(&o, "}");
  return -1;
}

static void put_cells(out *o, const uint8_t v[SK_CELLS]) {
  char line[SK_CELLS + 2];
  sk_write_line(line, v, '.');
  line[SK_CELLS] = '\0';
  put_str(o, line);
}

/* }====== */

/* {====== input */

/* 81 cells from s: '1'..'9' a digit, '.' or '0' empty.  0 ok, -1 bad. */
static int read_cells(const char *s, uint8_t v[SK_CELLS]) {
  for (int c = 0; c < SK_CELLS; c++) {
    char ch = s[c];
    if (ch >= '1' && ch <= '9') v[c] = (uint8_t)(ch - '0');
    else if (ch == '.' || ch == '0') v[c] = 0;
    else return -1;
  }
  return 0;
}

static web_engine *engine_at(int table) {
  return neng > 0 && table >= 0 && table < neng ? &eng[table] : NULL;
}

/* }====== */

/* {====== setup */

WEB_EXPORT(web_io) char *web_io(void);
WEB_EXPORT(web_io_size) int web_io_size(void);
WEB_EXPORT(web_init) int web_init(void);
WEB_EXPORT(web_generate) int web_generate(int lo, int hi, int symmetry, unsigned seed_hi,
                                          unsigned seed_lo, unsigned stream, int attempts);
WEB_EXPORT(web_solve) int web_solve(void);
WEB_EXPORT(web_rate) int web_rate(int table, double budget);
WEB_EXPORT(web_hint) int web_hint(int table);
WEB_EXPORT(web_path) int web_path(int table, double budget);

char *web_io(void) { return io; }
int web_io_size(void) { return IO_SIZE; }

/* Copy t without the entries no loaded plugin provides; their ids go to w. */
static sk_table *usable_table(const sk_table *t, web_engine *w) {
  sk_table *c = sk_table_copy(t);
  if (!c) return NULL;
  int k = 0;
  for (int i = 0; i < c->n; i++) {
    sk_table_entry *x = &c->entry[i];
    int have = 0;
    for (int j = 0; j < sk_engine_technique_count(w->e) && !have; j++)
      have = strcmp(sk_engine_technique(w->e, j)->id, x->id) == 0;
    if (have) {
      c->entry[k++] = *x;
      continue;
    }
    if (w->nmissing < (int)(sizeof w->missing / sizeof *w->missing))
      w->missing[w->nmissing++] = x->id;          /* keep the string */
    else
      free(x->id);
    for (int j = 0; j < x->nmod; j++) free(x->mod[j].provenance);
    free(x->name);
    free(x->provenance);
  }
  c->n = k;
  return c;
}

static int init_engine(web_engine *w, const sk_web_table *wt, sk_error *err) {
  w->name = wt->name;
  w->e = sk_engine_new();
  if (!w->e) return sk_error_set(err, "out of memory");
  if (sk_engine_load_default(w->e, NULL, err) != 0) return -1;
  sk_table *t = usable_table(wt->table, w);
  if (!t) return sk_error_set(err, "out of memory");
  if (sk_engine_use_table(w->e, t, err) != 0) {
    sk_table_free(t);
    return -1;
  }
  return 0;
}

static void put_table_info(out *o, const web_engine *w) {
  const sk_table *t = sk_engine_table(w->e);
  put(o, "{\"name\": ");
  put_str(o, w->name);
  put(o, ", \"description\": ");
  put_str(o, t->description);
  put(o, ", \"techniques\": %d, \"missing\": [", t->n);
  for (int i = 0; i < w->nmissing; i++) {
    put(o, "%s", i ? ", " : "");
    put_str(o, w->missing[i]);
  }
  put(o, "]}");
}

/* Load the plugins and bind every compiled-in table.  Answer:
** {"version", "tables": [{name, description, techniques, missing}],
**  "techniques": [ids], "levels": {"easy": [lo, hi], ...}} */
int web_init(void) {
  sk_error err = {{0}};
  if (neng >= 0) return fail("web_init called twice");
  neng = 0;
  for (const sk_web_table *wt = sk_web_tables; wt->name && neng < MAX_TABLES; wt++) {
    web_engine *w = &eng[neng++];
    if (init_engine(w, wt, &err) != 0) return fail("%s", err.msg);
  }
  if (neng == 0) return fail("no rating table was compiled in");
  out o = out_start();
  put(&o, "{\"version\": ");
  put_str(&o, SK_VERSION);
  put(&o, ", \"tables\": [");
  for (int i = 0; i < neng; i++) {
    put(&o, "%s", i ? ", " : "");
    put_table_info(&o, &eng[i]);
  }
  put(&o, "], \"techniques\": [");
  for (int j = 0; j < sk_engine_technique_count(eng[0].e); j++) {
    put(&o, "%s", j ? ", " : "");
    put_str(&o, sk_engine_technique(eng[0].e, j)->id);
  }
  put(&o, "], \"levels\": {");
  static const char *const level[] = {"easy", "medium", "hard"};
  for (int i = 0; i < 3; i++) {
    int lo, hi;
    if (sk_level_range(level[i], &lo, &hi) == 0)
      put(&o, "%s\"%s\": [%d, %d]", i ? ", " : "", level[i], lo, hi);
  }
  put(&o, "}}");
  return 0;
}

/* }====== */

/* {====== puzzles */

/* One puzzle with lo..hi givens (0, 0: minimal), symmetry 0 none, 1
** rot180, 2 rot90, 3 mirror, 4 diagonal; random stream (seed, stream).
** attempts: complete grids tried before giving up (the worker asks for
** few at a time so that it can report progress between calls).
** Answer {"puzzle", "solution", "givens", "grids", "tries"}; -1 with
** {"error"} when no grid gave a puzzle in the range (try again), -2 when
** the options are wrong (trying again cannot help). */
int web_generate(int lo, int hi, int symmetry, unsigned seed_hi, unsigned seed_lo,
                 unsigned stream, int attempts) {
  sk_error err = {{0}};
  sk_gen_opts opt = {lo, hi, 0, (sk_symmetry)symmetry, attempts > 0 ? attempts : 1};
  if (symmetry < SK_SYM_NONE || symmetry > SK_SYM_DIAGONAL)
    return fail("unknown symmetry %d", symmetry) - 1;
  if (sk_gen_check(&opt, &err) != 0) return fail("%s", err.msg) - 1;
  sk_rng r;
  sk_rng_seed(&r, (uint64_t)seed_hi << 32 | seed_lo, stream);
  uint8_t puzzle[SK_CELLS], solution[SK_CELLS];
  sk_gen_stats st = {0, 0, 0};
  int n = sk_generate(&opt, &r, puzzle, solution, &st);
  if (n < 0)
    return fail("no puzzle with %d..%d givens from %d grid(s)", lo, hi, opt.attempts);
  out o = out_start();
  put(&o, "{\"puzzle\": ");
  put_cells(&o, puzzle);
  put(&o, ", \"solution\": ");
  put_cells(&o, solution);
  put(&o, ", \"givens\": %d, \"grids\": %llu, \"tries\": %llu}", n,
      (unsigned long long)st.grids, (unsigned long long)st.tries);
  return n;
}

/* Input: a puzzle.  Answer {"count": 0|1|2, "solution"} (count capped at
** 2; the solution is the first one found, when there is one). */
int web_solve(void) {
  uint8_t p[SK_CELLS], s[SK_CELLS];
  if (strlen(io) < SK_CELLS || read_cells(io, p) != 0)
    return fail("expected 81 cells of '1'..'9' or '.'");
  unsigned long n = sk_solve_count(p, 2, s, NULL);
  out o = out_start();
  put(&o, "{\"count\": %lu", n);
  if (n >= 1) {
    put(&o, ", \"solution\": ");
    put_cells(&o, s);
  }
  put(&o, "}");
  return (int)n;
}

/* }====== */

/* {====== rating and hints */

/* Input: a puzzle.  Rate it with the table's engine; budget in seconds (0:
** none).  Answer {"table", "er", "ep", "ed" (milli), "stuck",
** "over_budget", "steps"}. */
int web_rate(int table, double budget) {
  web_engine *w = engine_at(table);
  uint8_t p[SK_CELLS];
  int conflict = -1;
  sk_grid g;
  if (!w) return fail("no rating table %d", table);
  if (strlen(io) < SK_CELLS || read_cells(io, p) != 0)
    return fail("expected 81 cells of '1'..'9' or '.'");
  if (sk_grid_from_values(&g, p, &conflict) != 0) {
    char cell[8];
    return fail("two equal givens see each other (at %s)", sk_cell_name(conflict, cell));
  }
  sk_rate_opts opt = {.budget = budget};
  sk_rating r;
  if (sk_rate(w->e, &g, &opt, &r) != 0) return fail("out of memory while rating");
  out o = out_start();
  put(&o, "{\"table\": ");
  put_str(&o, w->name);
  put(&o, ", \"er\": %ld, \"ep\": %ld, \"ed\": %ld, \"stuck\": %d, \"over_budget\": %d, "
      "\"steps\": %d", (long)r.er, (long)r.ep, (long)r.ed, r.stuck, r.over_budget, r.nsteps);
  if (r.level >= 0 && r.level_name) {        /* a scored table (levels:, e.g. hodoku) */
    put(&o, ", \"score\": %lld, \"level\": ", (long long)r.score);
    put_str(&o, r.level_name);
  }
  put(&o, "}");
  sk_rating_free(&r);
  return 0;
}

/* Read "ELIMS": cell*16 + digit numbers separated by blanks. */
static int read_elims(const char *s, sk_grid *g) {
  while (*s) {
    char *end;
    if (*s == ' ' || *s == ',' || *s == '\n') { s++; continue; }
    long x = strtol(s, &end, 10);
    if (end == s) return -1;
    int c = (int)(x / 16), d = (int)(x % 16);
    if (x < 0 || c >= SK_CELLS || d < 1 || d > 9) return -1;
    if (g->value[c] == 0) sk_grid_eliminate(g, c, d);
    s = end;
  }
  return 0;
}

static void put_focus(out *o, const web_engine *w, const sk_grid *g, const sk_step *s);

static void put_step(out *o, const web_engine *w, const sk_step *s) {
  char text[2048];
  sk_step_describe(s, text, sizeof text);
  put(o, "{\"table\": ");
  put_str(o, w->name);
  put(o, ", \"id\": ");
  put_str(o, s->id);
  put(o, ", \"name\": ");
  put_str(o, s->name);
  put(o, ", \"difficulty\": %ld, \"cell\": %d, \"digit\": %d, \"elim\": [",
      (long)s->difficulty, s->cell, s->cell >= 0 ? s->digit : 0);
  for (int i = 0; i < s->nelim; i++) put(o, "%s%u", i ? ", " : "", (unsigned)s->elim[i]);
  put(o, "], \"text\": ");
  put_str(o, s->text);
  put(o, ", \"describe\": ");
  put_str(o, text);
  put(o, "}");
}

/* The next step of the table's solving path from a position.  Input,
** separated by newlines: the puzzle (its givens), the current values
** (givens and the player's digits), and the candidates taken out by
** earlier hints (cell*16 + digit, blank-separated; may be empty).
** Answer {"solved": 1}, {"stuck": 1} or {"step": {"table", "id", "name",
** "difficulty", "cell", "digit", "elim", "text", "describe"}, "focus": [the
** pattern's candidates, cell*16 + digit]}. */
int web_hint(int table) {
  web_engine *w = engine_at(table);
  uint8_t p[SK_CELLS], v[SK_CELLS];
  int conflict = -1;
  sk_grid g;
  char cell[8];
  if (!w) return fail("no rating table %d", table);
  if (strlen(io) < 2 * SK_CELLS + 1 || read_cells(io, p) != 0 || io[SK_CELLS] != '\n' ||
      read_cells(io + SK_CELLS + 1, v) != 0)
    return fail("expected the puzzle and the current values (81 cells each, one per line)");
  if (sk_grid_from_values(&g, p, &conflict) != 0)
    return fail("two equal givens see each other (at %s)", sk_cell_name(conflict, cell));
  for (int c = 0; c < SK_CELLS; c++) {
    if (p[c] && v[c] != p[c]) return fail("the values change the given at %s", sk_cell_name(c, cell));
    if (p[c] || !v[c]) continue;
    if (!(g.cand[c] & SK_BIT(v[c])))
      return fail("%d at %s clashes with a digit it sees", v[c], sk_cell_name(c, cell));
    sk_grid_place(&g, c, v[c]);
  }
  const char *elims = io + 2 * SK_CELLS + 1;
  if (*elims == '\n') elims++;
  if (read_elims(elims, &g) != 0) return fail("bad elimination list");
  out o = out_start();
  if (g.nempty == 0) {
    put(&o, "{\"solved\": 1}");
    return 0;
  }
  sk_rate_opts opt = {.record = 1, .max_steps = 1};
  sk_rating r;
  if (sk_rate(w->e, &g, &opt, &r) != 0) return fail("out of memory while looking for a hint");
  if (r.nsteps < 1) put(&o, "{\"stuck\": 1}");
  else {
    put(&o, "{\"step\": ");
    put_step(&o, w, &r.steps[0]);
    put(&o, ", \"focus\": ");
    put_focus(&o, w, &g, &r.steps[0]);
    put(&o, "}");
  }
  sk_rating_free(&r);
  return 0;
}

/* }====== */

/* {====== the solving path, step by step */

typedef struct path_match {
  const sk_step *step;
  sk_hint hint;
  int found;
} path_match;

/* The hint of the step's technique that does exactly what the step does. */
static int match_step(void *ud, const sk_hint *h, int32_t d) {
  path_match *m = ud;
  (void)d;
  if (m->found) return 1;
  const sk_step *s = m->step;
  if (h->cell != s->cell || (s->cell >= 0 && h->digit != s->digit)) return 0;
  int n = 0;
  for (int c = 0; c < SK_CELLS; c++) n += sk_mask_count(h->elim[c]);
  if (n != s->nelim) return 0;
  for (int i = 0; i < s->nelim; i++)
    if (!(h->elim[s->elim[i] / 16] & SK_BIT(s->elim[i] % 16))) return 0;
  m->hint = *h;
  m->found = 1;
  return 1;
}

/* The candidates the pattern of step s (taken on g) is made of, as a JSON
** list of cell*16 + digit. */
static void put_focus(out *o, const web_engine *w, const sk_grid *g, const sk_step *s) {
  path_match m = {s, {0}, 0};
  sk_engine_hints(w->e, g, s->tech, 1, match_step, &m);
  put(o, "[");
  int k = 0;
  for (int c = 0; m.found && c < SK_CELLS; c++)
    for (sk_mask f = m.hint.focus[c]; f; f &= f - 1) put(o, "%s%d", k++ ? ", " : "", c * 16 + sk_mask_first(f));
  put(o, "]");
}

/* The grid state: values, then each cell's candidates as 3 hex digits
** (bit d-1 for digit d). */
static void put_state(out *o, const sk_grid *g) {
  char v[SK_CELLS + 1], c[3 * SK_CELLS + 1];
  for (int i = 0; i < SK_CELLS; i++) {
    v[i] = g->value[i] ? (char)('0' + g->value[i]) : '.';
    snprintf(c + 3 * i, 4, "%03x", (unsigned)(g->value[i] ? 0 : g->cand[i]));
  }
  v[SK_CELLS] = 0;
  put(o, "\"values\": \"%s\", \"cands\": \"%s\"", v, c);
}

/* The whole solving path of a puzzle under a table: per step the grid
** state before it, the step, and the candidates its pattern is made of
** (the focus of the technique's hint that does what the step does).
** {"table", "er", "ep", "ed", "stuck", "over_budget", "steps": [{"values",
** "cands", "id", "name", "difficulty", "cell", "digit", "elim", "text",
** "describe", "focus"}]} */
int web_path(int table, double budget) {
  web_engine *w = engine_at(table);
  uint8_t p[SK_CELLS];
  int conflict = -1;
  sk_grid g;
  char cell[8];
  if (!w) return fail("no rating table %d", table);
  if (strlen(io) < SK_CELLS || read_cells(io, p) != 0)
    return fail("expected 81 cells of '1'..'9' or '.'");
  if (sk_grid_from_values(&g, p, &conflict) != 0)
    return fail("two equal givens see each other (at %s)", sk_cell_name(conflict, cell));
  sk_rate_opts opt = {.record = 1, .budget = budget};
  sk_rating r;
  if (sk_rate(w->e, &g, &opt, &r) != 0) return fail("out of memory while rating");
  out o = out_start();
  put(&o, "{\"table\": ");
  put_str(&o, w->name);
  put(&o, ", \"er\": %ld, \"ep\": %ld, \"ed\": %ld, \"stuck\": %d, \"over_budget\": %d, \"steps\": [",
      (long)r.er, (long)r.ep, (long)r.ed, r.stuck, r.over_budget);
  for (int i = 0; i < r.nsteps; i++) {
    const sk_step *s = &r.steps[i];
    put(&o, "%s{", i ? ", " : "");
    put_state(&o, &g);
    put(&o, ", \"step\": ");
    put_step(&o, w, s);
    put(&o, ", \"focus\": ");
    put_focus(&o, w, &g, s);
    put(&o, "}");
    if (s->cell >= 0) sk_grid_place(&g, s->cell, s->digit);
    for (int e = 0; e < s->nelim; e++)
      if (!g.value[s->elim[e] / 16]) sk_grid_eliminate(&g, s->elim[e] / 16, s->elim[e] % 16);
  }
  put(&o, "]}");
  sk_rating_free(&r);
  if (o.left <= 1) return fail("the path does not fit in the answer buffer");
  return 0;
}

/* }====== */
