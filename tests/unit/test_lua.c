/*
** test_lua.c -- the Lua binding from C: the module in a fresh state,
** scripts and their limits, and the policy API that `sudokit rate
** --policy` uses (single policies and the thread pool).
** Reference ratings: tests/data/lua/se-basic.tsv (Sudoku Explainer 1.2.1.3).
*/
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#include "sk_lua.h"
#include "sk_format.h"
#include "sk_solver.h"

#define DATA SK_BUILD_RATINGS_DIR "/../tests/data/lua/"
#define MAXREF 200

typedef struct ref { char p[82]; char line[128]; } ref;

static ref refs[MAXREF];
static int nref;

/* se-basic.tsv -> puzzles and serate's line for each */
static void load_refs(void) {
  if (nref) return;
  FILE *f = fopen(DATA "se-basic.tsv", "r");
  char line[512];
  assert_non_null(f);
  while (fgets(line, sizeof line, f) && nref < MAXREF) {
    char p[82], er[8], ep[8], ed[8];
    if (line[0] == '#' || sscanf(line, "%81s %7s %7s %7s", p, er, ep, ed) != 4) continue;
    memcpy(refs[nref].p, p, sizeof p);
    snprintf(refs[nref].line, sizeof refs[nref].line, "%s ED=%s/%s/%s\n", p, er, ep, ed);
    nref++;
  }
  fclose(f);
  assert_true(nref >= 100);
}

static lua_State *new_state(void) {
  lua_State *L = luaL_newstate();
  assert_non_null(L);
  luaL_openlibs(L);
  luaL_requiref(L, "sudokit", luaopen_sudokit, 1);
  lua_pop(L, 1);
  return L;
}

/* Run code; returns the pcall status, results left on the stack. */
static int run(lua_State *L, const char *code, int nres) {
  if (luaL_loadstring(L, code) != LUA_OK) return -1;
  return lua_pcall(L, 0, nres, 0);
}

/* {====== the module */

static void test_module_solves_like_c(void **state) {
  (void)state;
  load_refs();
  lua_State *L = new_state();
  for (int i = 0; i < nref; i += 7) {
    char code[256], want[SK_CELLS + 2];
    uint8_t v[SK_CELLS], sol[SK_CELLS];
    snprintf(code, sizeof code, "local g = sudokit.grid('%.81s') return g:solve():line(), g:count(), g:empty()",
             refs[i].p);
    assert_int_equal(run(L, code, 3), LUA_OK);
    for (int c = 0; c < SK_CELLS; c++) v[c] = refs[i].p[c] == '.' ? 0 : (uint8_t)(refs[i].p[c] - '0');
    assert_int_equal(sk_solve_count(v, 2, sol, NULL), 1);
    sk_write_line(want, sol, '.');
    want[SK_CELLS] = '\0';
    assert_string_equal(lua_tostring(L, -3), want);
    assert_int_equal(lua_tointeger(L, -2), 1);
    int empty = 0;
    for (int c = 0; c < SK_CELLS; c++) empty += v[c] == 0;
    assert_int_equal(lua_tointeger(L, -1), empty);
    lua_settop(L, 0);
  }
  lua_close(L);
}

static void test_module_errors(void **state) {
  (void)state;
  lua_State *L = new_state();
  /* expected failures: nil, message */
  assert_int_equal(run(L, "return sudokit.grid('123')", 2), LUA_OK);
  assert_true(lua_isnil(L, -2));
  assert_non_null(strstr(lua_tostring(L, -1), "81"));
  lua_settop(L, 0);
  assert_int_equal(run(L, "return sudokit.table('no-such-table')", 2), LUA_OK);
  assert_true(lua_isnil(L, -2));
  assert_non_null(strstr(lua_tostring(L, -1), "not found"));
  lua_settop(L, 0);
  /* misuse: an error with a message */
  assert_int_equal(run(L, "sudokit.grid():get(0, 1)", 0), LUA_ERRRUN);
  assert_non_null(strstr(lua_tostring(L, -1), "row must be 1..9"));
  lua_settop(L, 0);
  assert_int_equal(run(L, "sudokit.grid():apply({})", 0), LUA_ERRRUN);
  assert_non_null(strstr(lua_tostring(L, -1), "sudokit.hint expected"));
  lua_settop(L, 0);
  assert_int_equal(run(L, "local t = assert(sudokit.table('se')) t:close() return t:get(1)", 0), LUA_ERRRUN);
  assert_non_null(strstr(lua_tostring(L, -1), "closed table"));
  lua_close(L);
}

/* Two states are independent: closing one leaves the other working. */
static void test_module_states_independent(void **state) {
  (void)state;
  lua_State *a = new_state(), *b = new_state();
  assert_int_equal(run(a, "E = assert(sudokit.engine{missing = 'drop'})", 0), LUA_OK);
  assert_int_equal(run(b, "E = assert(sudokit.engine{table = 'xdrs', missing = 'drop'})", 0), LUA_OK);
  lua_close(a);
  assert_int_equal(run(b, "return E:table():name(), E:rate(sudokit.grid("
                          "'...........1.4.2..3..1.2..7.........64.....755..9.8..2.6843759.4.75296.8.........')).er", 2),
                   LUA_OK);
  assert_string_equal(lua_tostring(b, -2), "xdrs");
  assert_true(lua_tonumber(b, -1) == 1.2);
  lua_close(b);
}

/* }====== */

/* {====== scripts */

static void test_script_error_has_line(void **state) {
  (void)state;
  char *msg = NULL;
  assert_int_equal(sk_lua_run_string("local x = 1\nerror('boom')\n", "=chunk", 0, NULL, NULL, &msg), -1);
  assert_non_null(msg);
  assert_true(strncmp(msg, "chunk:2: boom", 13) == 0);
  assert_non_null(strstr(msg, "stack traceback"));
  free(msg);
  assert_int_equal(sk_lua_run_string("local = 1", "=syntax", 0, NULL, NULL, &msg), -1);
  assert_true(strncmp(msg, "syntax:1:", 9) == 0);
  free(msg);
  assert_int_equal(sk_lua_run_script(DATA "no-such-script.lua", 0, NULL, NULL, &msg), -1);
  assert_non_null(strstr(msg, "cannot open"));
  free(msg);
}

static void test_script_args(void **state) {
  (void)state;
  char *argv[] = {"alpha", "beta"};
  char *msg = NULL;
  const char *code = "assert(arg[1] == 'alpha' and arg[2] == 'beta' and #arg == 2)\n"
                     "local a, b = ...\nassert(a == 'alpha' and b == 'beta')\n"
                     "assert(require('sudokit').grid():empty() == 81)\n";
  assert_int_equal(sk_lua_run_string(code, "=args", 2, argv, NULL, &msg), 0);
  assert_null(msg);
}

static void test_script_limits(void **state) {
  (void)state;
  char *msg = NULL;
  sk_lua_limits ins = {200000, 0}, tim = {0, 0.2}, roomy = {100000000, 60};
  assert_int_equal(sk_lua_run_string("local n = 0\nwhile true do n = n + 1 end", "=loop", 0, NULL, &ins, &msg), -1);
  assert_non_null(strstr(msg, "loop:2: instruction limit (200000) exceeded"));
  free(msg);
  assert_int_equal(sk_lua_run_string("while true do end", "=spin", 0, NULL, &tim, &msg), -1);
  assert_non_null(strstr(msg, "spin:1: time limit (0.2 s) exceeded"));
  free(msg);
  /* catching the limit's error does not keep the script alive */
  assert_int_equal(sk_lua_run_string("while true do pcall(function() while true do end end) end", "=catch",
                                     0, NULL, &ins, &msg), -1);
  assert_non_null(strstr(msg, "instruction limit"));
  free(msg);
  msg = NULL;
  assert_int_equal(sk_lua_run_string("local s = 0 for i = 1, 1000 do s = s + i end assert(s == 500500)",
                                     "=fine", 0, NULL, &roomy, &msg), 0);
  assert_null(msg);
}

/* }====== */

/* {====== policies */

static char *rate_one(sk_policy *p, const char *text, int *rc, sk_error *err) {
  sk_puzzle pz;
  sk_grid g;
  char *line = NULL;
  memset(&pz, 0, sizeof pz);
  assert_int_equal(sk_parse_line(text, &pz), 0);
  assert_int_equal(sk_puzzle_grid(&pz, &g, NULL), 0);
  *rc = sk_policy_rate(p, &pz, &g, &line, err);
  sk_puzzle_free(&pz);
  return line;
}

static void test_policy_se_matches_serate(void **state) {
  (void)state;
  sk_error err = {{0}};
  sk_policy_opts o = {.verify = 1, .drop_missing = 1};
  load_refs();
  sk_policy *p = sk_policy_open_opts("se", &o, &err);
  assert_non_null(p);
  assert_string_equal(sk_policy_name(p), "se");
  assert_non_null(strstr(sk_policy_path(p), "ratings/se.lua"));
  for (int i = 0; i < nref; i++) {
    int rc;
    char *line = rate_one(p, refs[i].p, &rc, &err);
    assert_int_equal(rc, 0);
    assert_string_equal(line, refs[i].line);
    free(line);
  }
  sk_policy_close(p);
}

static void test_policy_xdrs(void **state) {
  (void)state;
  sk_error err = {{0}};
  sk_policy_opts o = {.drop_missing = 1};
  sk_policy *p = sk_policy_open_opts("xdrs", &o, &err);
  assert_non_null(p);
  int rc;
  const char *pz = ".2......6....41.....78....1......7....37.....6..412....1..74..5..8.5..7......39..";
  char *line = rate_one(p, pz, &rc, &err);                /* SE 4.5 (UR type 4), XDRS 4.4 */
  assert_int_equal(rc, 0);
  char want[128];
  snprintf(want, sizeof want, "%s P=4.4 D=3.807\n", pz);
  assert_string_equal(line, want);
  free(line);
  line = rate_one(p, "...........1.4.2..3..1.2..7.........64.....755..9.8..2.6843759.4.75296.8.........", &rc, &err);
  assert_non_null(strstr(line, " P=1.2 D=1.165\n"));    /* (90 * 1.2 + 19) / 109 = 1.1651 */
  free(line);
  sk_policy_close(p);
}

static void test_policy_errors(void **state) {
  (void)state;
  sk_error err = {{0}};
  sk_policy_opts o = {.drop_missing = 1};
  assert_null(sk_policy_open("no-such-policy", NULL, NULL, &err));
  assert_non_null(strstr(err.msg, "not found"));
  assert_null(sk_policy_open_opts(DATA "broken-policy.lua", &o, &err));
  assert_non_null(strstr(err.msg, "broken-policy.lua:4:"));
  assert_null(sk_policy_open_opts(DATA "bad-table-policy.lua", &o, &err));
  assert_non_null(strstr(err.msg, "broken-table.yaml:7:11: 'base' must be a number"));
  assert_null(sk_policy_open(DATA "custom-policy.lua", DATA "broken-table.yaml", NULL, &err));
  assert_non_null(strstr(err.msg, "broken-table.yaml:7:11:"));

  sk_policy *p = sk_policy_open_opts(DATA "decline-policy.lua", &o, &err);
  assert_non_null(p);
  int rc;
  const char *few = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";
  char *line = rate_one(p, few, &rc, &err);                /* 17 givens: declined */
  assert_int_equal(rc, 1);
  assert_string_equal(err.msg, "declined: too few givens");
  char want[160];
  snprintf(want, sizeof want, "%s # declined: too few givens\n", few);
  assert_string_equal(line, want);
  free(line);
  line = rate_one(p, "9................................................................................", &rc, &err);
  assert_int_equal(rc, -1);                                /* a script error */
  assert_null(line);
  assert_non_null(strstr(err.msg, "decline-policy.lua:7: first cell holds 9"));
  sk_policy_close(p);
}

static void test_policy_budget(void **state) {
  (void)state;
  sk_error err = {{0}};
  sk_policy_opts o = {.budget = 1e-9, .drop_missing = 1};
  load_refs();
  sk_policy *p = sk_policy_open_opts("se", &o, &err);
  assert_non_null(p);
  int rc;
  char *line = rate_one(p, refs[nref - 1].p, &rc, &err);
  assert_int_equal(rc, 1);
  char want[160];
  snprintf(want, sizeof want, "%s # over budget (1e-09 s)\n", refs[nref - 1].p);
  assert_string_equal(line, want);
  free(line);
  sk_policy_close(p);
}

typedef struct worker { sk_policy_pool *pool; int id, bad; } worker;

static void *pool_worker(void *arg) {
  worker *w = arg;
  for (int k = 0; k < nref; k++) {
    int i = (k + w->id * 29) % nref;                     /* different orders */
    sk_puzzle pz;
    sk_grid g;
    sk_error err = {{0}};
    char *line = NULL;
    memset(&pz, 0, sizeof pz);
    if (sk_parse_line(refs[i].p, &pz) != 0 || sk_puzzle_grid(&pz, &g, NULL) != 0) w->bad++;
    else if (sk_policy_pool_rate(w->pool, &pz, &g, &line, &err) != 0 || strcmp(line, refs[i].line)) w->bad++;
    free(line);
    sk_puzzle_free(&pz);
  }
  return NULL;
}

static void test_policy_pool_threads(void **state) {
  (void)state;
  sk_error err = {{0}};
  sk_policy_opts o = {.drop_missing = 1};
  load_refs();
  sk_policy_pool *pool = sk_policy_pool_open("se", &o, 3, &err);
  assert_non_null(pool);
  pthread_t th[4];
  worker w[4];
  for (int i = 0; i < 4; i++) {
    w[i] = (worker){pool, i, 0};
    assert_int_equal(pthread_create(&th[i], NULL, pool_worker, &w[i]), 0);
  }
  for (int i = 0; i < 4; i++) {
    pthread_join(th[i], NULL);
    assert_int_equal(w[i].bad, 0);
  }
  sk_policy_pool_close(pool);
  assert_null(sk_policy_pool_open("no-such-policy", &o, 2, &err));
  assert_non_null(strstr(err.msg, "not found"));
}

/* }====== */

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_module_solves_like_c),
    cmocka_unit_test(test_module_errors),
    cmocka_unit_test(test_module_states_independent),
    cmocka_unit_test(test_script_error_has_line),
    cmocka_unit_test(test_script_args),
    cmocka_unit_test(test_script_limits),
    cmocka_unit_test(test_policy_se_matches_serate),
    cmocka_unit_test(test_policy_xdrs),
    cmocka_unit_test(test_policy_errors),
    cmocka_unit_test(test_policy_budget),
    cmocka_unit_test(test_policy_pool_threads),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
