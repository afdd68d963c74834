/*
** test_plugins.c -- the plugin loader and the step engine's contract:
** broken plugins are refused with a message naming the file, a table
** naming a missing technique is refused with file:line:column, and a
** lying technique is caught by verification; step data (get_aux/set_aux)
** lives exactly as long as one step's grid.
*/
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <sys/stat.h>
#include <unistd.h>
#include "sk_engine.h"
#include "sk_solver.h"

static char path_buf[1024];

static const char *test_plugin(const char *name) {
  const char *dir = getenv("SK_TEST_PLUGINS");
  snprintf(path_buf, sizeof path_buf, "%s/%s.so", dir ? dir : "build/test-plugins", name);
  return path_buf;
}

static void expect_load_error(const char *name, const char *what) {
  sk_engine *e = sk_engine_new();
  sk_error err = {{0}};
  const char *p = test_plugin(name);
  assert_int_equal(sk_engine_load_plugin(e, p, &err), -1);
  assert_non_null(strstr(err.msg, p));            /* names the file */
  if (!strstr(err.msg, what)) fail_msg("message '%s' lacks '%s'", err.msg, what);
  assert_int_equal(sk_engine_technique_count(e), 0);   /* nothing half-registered */
  sk_engine_free(e);
}

static void test_no_entry(void **s) { (void)s; expect_load_error("no_entry", "no entry symbol 'sk_plugin_init_no_entry'"); }
static void test_bad_abi(void **s) { (void)s; expect_load_error("bad_abi", "built for plugin ABI 99"); }
static void test_dup_id(void **s) { (void)s; expect_load_error("dup_id", "duplicate technique id 'dup-technique'"); }
static void test_empty(void **s) { (void)s; expect_load_error("empty", "registers no technique"); }

static void test_missing_file(void **s) {
  (void)s;
  sk_engine *e = sk_engine_new();
  sk_error err = {{0}};
  assert_int_equal(sk_engine_load_plugin(e, "/nonexistent/x.so", &err), -1);
  assert_non_null(strstr(err.msg, "/nonexistent/x.so: cannot load plugin"));
  sk_engine_free(e);
}

/* copy the file src to dst; 0 ok */
static int copy_file(const char *src, const char *dst) {
  FILE *in = fopen(src, "rb"), *out = in ? fopen(dst, "wb") : NULL;
  char buf[65536];
  size_t n;
  int rc = in && out ? 0 : -1;
  while (rc == 0 && (n = fread(buf, 1, sizeof buf, in)) > 0)
    if (fwrite(buf, 1, n, out) != n) rc = -1;
  if (in) fclose(in);
  if (out && fclose(out) != 0) rc = -1;
  return rc;
}

static void test_duplicate_across_plugins(void **s) {
  (void)s;
  sk_engine *e = sk_engine_new();
  sk_error err = {{0}};
  assert_int_equal(sk_engine_load_plugin(e, test_plugin("template"), &err), 0);
  char first[1024];
  snprintf(first, sizeof first, "%s", path_buf);
  /* the same file again, by its path and through a symlink: loaded once */
  assert_int_equal(sk_engine_load_plugin(e, first, &err), 0);
  char dir[] = "/tmp/sk-dup-XXXXXX", link_path[1100], copy_dir[64], copy_path[1100];
  assert_non_null(mkdtemp(dir));
  snprintf(link_path, sizeof link_path, "%s/template.so", dir);
  assert_int_equal(symlink(first, link_path), 0);
  assert_int_equal(sk_engine_load_plugin(e, link_path, &err), 0);
  assert_int_equal(sk_engine_load_dir(e, dir, &err), 0);
  assert_int_equal(sk_engine_technique_count(e), 1);
  /* another file that registers the same id: refused, naming both */
  snprintf(copy_dir, sizeof copy_dir, "%s/copy", dir);
  assert_int_equal(mkdir(copy_dir, 0700), 0);
  snprintf(copy_path, sizeof copy_path, "%s/template.so", copy_dir);
  assert_int_equal(copy_file(first, copy_path), 0);
  assert_int_equal(sk_engine_load_plugin(e, copy_path, &err), -1);
  assert_non_null(strstr(err.msg, "duplicate technique id 'template-full-house'"));
  assert_non_null(strstr(err.msg, copy_path));
  assert_non_null(strstr(err.msg, first));
  assert_int_equal(sk_engine_technique_count(e), 1);
  sk_engine_free(e);
  unlink(copy_path); rmdir(copy_dir); unlink(link_path); rmdir(dir);
}

static const char table_text[] =
  "name: test\n"
  "techniques:\n"
  "  - id: template-full-house\n"
  "    base: 1.0\n"
  "  - id: no-such-technique\n"
  "    base: 2.0\n";

static void test_table_unknown_id(void **s) {
  (void)s;
  sk_engine *e = sk_engine_new();
  sk_error err = {{0}};
  assert_int_equal(sk_engine_load_plugin(e, test_plugin("template"), &err), 0);
  sk_table *t = sk_table_parse(table_text, strlen(table_text), "test.yaml", &err);
  assert_non_null(t);
  assert_int_equal(sk_engine_use_table(e, t, &err), -1);
  assert_string_equal(err.msg, "test.yaml:5:5: technique 'no-such-technique' is not provided by any loaded plugin");
  sk_table_free(t);
  sk_engine_free(e);
}

/* A puzzle solved by full houses alone: a solved grid with one cell
** emptied in each row. */
static const char *solved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

static void test_rate_with_template(void **s) {
  (void)s;
  sk_engine *e = sk_engine_new();
  sk_error err = {{0}};
  assert_int_equal(sk_engine_load_plugin(e, test_plugin("template"), &err), 0);
  const char *txt = "name: t\ntechniques:\n  - id: template-full-house\n    base: 1.0\n";
  sk_table *t = sk_table_parse(txt, strlen(txt), "t.yaml", &err);
  assert_non_null(t);
  assert_int_equal(sk_engine_use_table(e, t, &err), 0);
  uint8_t v[SK_CELLS], sol[SK_CELLS];
  for (int c = 0; c < SK_CELLS; c++) v[c] = sol[c] = (uint8_t)(solved[c] - '0');
  for (int r = 0; r < 9; r++) v[r * 9 + (r * 4) % 9] = 0;
  sk_grid g;
  assert_int_equal(sk_grid_from_values(&g, v, NULL), 0);
  sk_rate_opts o = {0};
  o.record = 1;
  o.solution = sol;
  sk_rating r;
  assert_int_equal(sk_rate(e, &g, &o, &r), 0);
  assert_int_equal(r.nsteps, 9);
  assert_false(r.stuck);
  assert_false(r.wrong);
  assert_int_equal(r.er, 1000);
  assert_int_equal(r.ep, 1000);
  assert_int_equal(r.ed, 1000);
  for (int c = 0; c < SK_CELLS; c++) assert_int_equal(r.final.value[c], sol[c]);
  assert_string_equal(r.steps[0].id, "template-full-house");
  char line[256];
  sk_step_describe(&r.steps[0], line, sizeof line);
  /* the step is named by its name (the table gives none: the technique's),
  ** not by the name the plugin's text opens with */
  assert_string_equal(line, "1.0 Template Full House: r1c1 is the last cell of r1 => r1c1=5");
  sk_rating_free(&r);
  /* stuck: an empty grid has no full house; ER is SE's 20.0 */
  sk_grid_init(&g);
  assert_int_equal(sk_rate(e, &g, NULL, &r), 0);
  assert_true(r.stuck);
  assert_int_equal(r.er, SK_STUCK_MILLI);
  assert_int_equal(r.nsteps, 0);
  sk_rating_free(&r);
  sk_engine_free(e);
}

/* ---- step data: two probe techniques that never find anything, before a
** full-house technique that solves one cell per step ---- */

typedef struct aux_log {
  int made, found, replaced, destroyed, mismatched, refused;
  int kept_made, kept_seen, kept_steps;   /* the rating data of probe-kept */
} aux_log;

typedef struct aux_data { aux_log *log; sk_grid grid; } aux_data;

static const char aux_key = 0;

static void aux_destroy(void *p) {
  aux_data *a = p;
  a->log->destroyed++;
  free(a);
}

static aux_data *aux_new(aux_log *log, const sk_grid *g) {
  aux_data *a = malloc(sizeof *a);
  assert_non_null(a);
  a->log = log;
  a->grid = *g;
  return a;
}

/* first probe: attaches a copy of the grid it sees */
static int probe_first(const sk_search *s) {
  aux_log *log = (aux_log *)s->data;
  if (s->host->get_aux(s, &aux_key)) log->mismatched++;   /* left over from an earlier step */
  if (s->host->set_aux(s, &aux_key, aux_new(log, s->grid), aux_destroy) == 0) log->made++;
  else log->refused++;
  return SK_SEARCH_DONE;
}

/* second probe: finds that copy (the same grid), then replaces it */
static int probe_second(const sk_search *s) {
  aux_log *log = (aux_log *)s->data;
  aux_data *a = s->host->get_aux(s, &aux_key);
  if (!a) return SK_SEARCH_DONE;
  log->found++;
  if (memcmp(a->grid.cand, s->grid->cand, sizeof a->grid.cand)) log->mismatched++;
  if (s->host->set_aux(s, &aux_key, aux_new(log, s->grid), aux_destroy) == 0) log->replaced++;
  return SK_SEARCH_DONE;
}

static const char kept_key = 0;

/* third probe: rating data, made once and found on every later step, on
** which the grid it keeps has lost candidates (a step of its own) */
static int probe_kept(const sk_search *s) {
  aux_log *log = (aux_log *)s->data;
  aux_data *a = s->host->get_aux(s, &kept_key);
  if (!a) {
    if (s->host->set_rating_aux(s, &kept_key, aux_new(log, s->grid), aux_destroy) == 0) log->kept_made++;
    else log->refused++;
    return SK_SEARCH_DONE;
  }
  log->kept_seen++;
  if (memcmp(a->grid.cand, s->grid->cand, sizeof a->grid.cand)) {
    log->kept_steps++;
    a->grid = *s->grid;
  }
  return SK_SEARCH_DONE;
}

static aux_log probe_log;

static int probe_entry(const sk_host *host, sk_registry *reg) {
  SK_PLUGIN_CHECK(host, reg);
  sk_technique a = {"probe-first", "Probe", 0, probe_first, &probe_log};
  sk_technique b = {"probe-second", "Probe", 0, probe_second, &probe_log};
  sk_technique c = {"probe-kept", "Probe", 0, probe_kept, &probe_log};
  if (host->register_technique(reg, &a) || host->register_technique(reg, &b) ||
      host->register_technique(reg, &c))
    return SK_PLUGIN_ERROR;
  return SK_PLUGIN_OK;
}

/* an engine with a built-in probe plugin and the template's full house,
** rating with the table txt */
static sk_engine *probe_engine(const char *name, int (*entry)(const sk_host *, sk_registry *),
                               const char *txt) {
  sk_engine *e = sk_engine_new();
  sk_error err = {{0}};
  assert_int_equal(sk_engine_add_static(e, name, entry, &err), 0);
  assert_int_equal(sk_engine_load_plugin(e, test_plugin("template"), &err), 0);
  sk_table *t = sk_table_parse(txt, strlen(txt), "t.yaml", &err);
  assert_non_null(t);
  assert_int_equal(sk_engine_use_table(e, t, &err), 0);
  return e;
}

static void test_step_data(void **s) {
  (void)s;
  memset(&probe_log, 0, sizeof probe_log);
  sk_engine *e = probe_engine("probe", probe_entry,
                              "name: t\ntechniques:\n  - id: probe-first\n    base: 1.0\n"
                              "  - id: probe-second\n    base: 1.0\n  - id: probe-kept\n    base: 1.0\n"
                              "  - id: template-full-house\n    base: 1.5\n");
  uint8_t v[SK_CELLS];
  for (int c = 0; c < SK_CELLS; c++) v[c] = (uint8_t)(solved[c] - '0');
  for (int r = 0; r < 9; r++) v[r * 9 + (r * 4) % 9] = 0;
  sk_grid g;
  assert_int_equal(sk_grid_from_values(&g, v, NULL), 0);
  sk_rating r;
  assert_int_equal(sk_rate(e, &g, NULL, &r), 0);
  assert_int_equal(r.nsteps, 9);
  /* per step: made by the first probe, found on the same grid by the
  ** second and replaced (the old copy destroyed), dropped when the step's
  ** hint is applied; nothing survives into the next step */
  assert_int_equal(probe_log.made, 9);
  assert_int_equal(probe_log.found, 9);
  assert_int_equal(probe_log.replaced, 9);
  assert_int_equal(probe_log.mismatched, 0);
  /* rating data: made on the first step, seen on the 8 others, each on a
  ** grid of its own, and destroyed once, when the rating ends */
  assert_int_equal(probe_log.kept_made, 1);
  assert_int_equal(probe_log.kept_seen, 8);
  assert_int_equal(probe_log.kept_steps, 8);
  assert_int_equal(probe_log.destroyed, 18 + 1);
  sk_rating_free(&r);
  /* a hint listing is not a rating step: no data is kept */
  memset(&probe_log, 0, sizeof probe_log);
  assert_int_equal(sk_engine_hints(e, &g, 0, 1, NULL, NULL), 0);
  assert_int_equal(sk_engine_hints(e, &g, 2, 1, NULL, NULL), 0);
  assert_int_equal(probe_log.refused, 2);
  assert_int_equal(probe_log.made, 0);
  assert_int_equal(probe_log.kept_made, 0);
  assert_int_equal(probe_log.destroyed, 2);
  sk_engine_free(e);
}

/* ---- the difficulty bound: a collecting probe asks for it ---- */

typedef struct bound_log { int calls; int32_t exact, floor, other; } bound_log;

static bound_log bound_seen;

/* size 2 exactly, size 2 or more, and with type free (no modifier reads it) */
static int probe_bound(const sk_search *s) {
  bound_log *log = (bound_log *)s->data;
  int32_t fig[SK_FIG_COUNT] = {0};
  fig[SK_FIG_SIZE] = 2;
  log->calls++;
  log->exact = s->host->difficulty(s, fig, 0);
  log->floor = s->host->difficulty(s, fig, 1u << SK_FIG_SIZE);
  log->other = s->host->difficulty(s, fig, 1u << SK_FIG_TYPE);
  return SK_SEARCH_DONE;
}

static int bound_entry(const sk_host *host, sk_registry *reg) {
  SK_PLUGIN_CHECK(host, reg);
  sk_technique a = {"probe-bound", "Probe", SK_TECH_COLLECT, probe_bound, &bound_seen};
  return host->register_technique(reg, &a) ? SK_PLUGIN_ERROR : SK_PLUGIN_OK;
}

static void test_difficulty_bound(void **s) {
  (void)s;
  /* steps that fall: 2.0 + 0.5 at size 2, + 0.1 from size 3 */
  sk_engine *e = probe_engine("bound", bound_entry,
                              "name: t\ntechniques:\n  - id: probe-bound\n    base: 2.0\n"
                              "    modifiers: [{figure: size, steps: {2: 0.5, 3: 0.1}}]\n"
                              "  - id: template-full-house\n    base: 1.5\n");
  uint8_t v[SK_CELLS];
  for (int c = 0; c < SK_CELLS; c++) v[c] = (uint8_t)(solved[c] - '0');
  v[0] = 0;
  sk_grid g;
  assert_int_equal(sk_grid_from_values(&g, v, NULL), 0);
  memset(&bound_seen, 0, sizeof bound_seen);
  sk_rating r;
  assert_int_equal(sk_rate(e, &g, NULL, &r), 0);
  assert_int_equal(bound_seen.calls, 1);
  assert_int_equal(bound_seen.exact, 2500);
  assert_int_equal(bound_seen.floor, 2100);
  assert_int_equal(bound_seen.other, 2500);
  sk_rating_free(&r);
  /* a listing sees every hint: nothing may be dropped */
  memset(&bound_seen, 0, sizeof bound_seen);
  sk_engine_hints(e, &g, 0, 1, NULL, NULL);
  assert_int_equal(bound_seen.calls, 1);
  assert_int_equal(bound_seen.exact, -1);
  assert_int_equal(bound_seen.floor, -1);
  sk_engine_free(e);
}

static void test_verify_catches_bad_hints(void **s) {
  (void)s;
  const char *puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
  uint8_t v[SK_CELLS], sol[SK_CELLS];
  for (int c = 0; c < SK_CELLS; c++) v[c] = puzzle[c] == '.' ? 0 : (uint8_t)(puzzle[c] - '0');
  assert_int_equal(sk_solve_count(v, 2, sol, NULL), 1);
  /* Each liar acts on the first cell it can, with a fixed choice of digit;
  ** on this puzzle both go wrong within a few steps (a liar that happened
  ** to be right every time would have solved the puzzle, and the test
  ** would say so). */
  const char *ids[2] = {"bad-elim", "bad-place"};
  for (int k = 0; k < 2; k++) {
    sk_engine *e = sk_engine_new();
    sk_error err = {{0}};
    assert_int_equal(sk_engine_load_plugin(e, test_plugin("bad_hint"), &err), 0);
    char txt[128];
    snprintf(txt, sizeof txt, "name: t\ntechniques:\n  - id: %s\n    base: 1.0\n", ids[k]);
    sk_table *t = sk_table_parse(txt, strlen(txt), "t.yaml", &err);
    assert_non_null(t);
    assert_int_equal(sk_engine_use_table(e, t, &err), 0);
    sk_grid g;
    sk_grid_from_values(&g, v, NULL);
    sk_rate_opts o = {0};
    o.solution = sol;
    sk_rating r;
    assert_int_equal(sk_rate(e, &g, &o, &r), 0);
    /* the liar eventually removes or places a wrong value, and is caught
    ** at the step where it does so */
    if (!r.wrong) fail_msg("%s not caught (%d steps, stuck %d)", ids[k], r.nsteps, r.stuck);
    assert_int_equal(r.wrong_step, r.nsteps - 1);
    sk_rating_free(&r);
    sk_engine_free(e);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_no_entry),
    cmocka_unit_test(test_bad_abi),
    cmocka_unit_test(test_dup_id),
    cmocka_unit_test(test_empty),
    cmocka_unit_test(test_missing_file),
    cmocka_unit_test(test_duplicate_across_plugins),
    cmocka_unit_test(test_table_unknown_id),
    cmocka_unit_test(test_rate_with_template),
    cmocka_unit_test(test_verify_catches_bad_hints),
    cmocka_unit_test(test_step_data),
    cmocka_unit_test(test_difficulty_bound),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
