/*
** lua_analysis.c -- the analysis facts of sk_analysis.h in the `sudokit`
** Lua module (lua_internal.h lists the parts of the binding).
** sklua_open_analysis adds the functions below to the module table; grids
** are lua_grid.c's.
**
**   sk.singles(g)              "solved" | "stuck" | "contradiction", and the
**                              grid after hidden and naked singles
**   sk.backdoor(g [, {set = "singles" | "ssts" | "id,id", max_order = 3,
**               table =, plugins =}])
**                              {order = k or false (none up to max_order),
**                              count, tests, sets = {{{r, c, d}, ...}, ...}}
**                              or nil, msg (no unique solution, bad set)
**   sk.redundant(g)            list of the redundant givens {r, c, d}
**                              (empty: minimal), or nil, msg
**   sk.correlation(g)          F(A), N (blanks), links (sum of g(a))
**   sk.correlation_grade(f [, {t1, t2, t3}])   1..4 and "I".."IV"
**   sk.classes(rating)         of e:rate(g, {record = true}): {se = "pearl"
**                              | "diamond" | "-", sdrs = most specific SDRS
**                              class, pearl, diamond, extreme_pearl,
**                              extreme_diamond (booleans), er, ep, ed}
**   sk.solver_work(g)          nodes, guesses, solutions (capped at 2)
**
** Technique sets other than singles load plugins and a table; they are
** kept in the state's registry by (set, table, plugins), so a script that
** analyses a corpus opens each set once.
*/
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "lua_internal.h"
#include "sk_analysis.h"
#include "sk_solver.h"

static void pushcell(lua_State *L, int c, int d) {
  lua_createtable(L, 0, 3);
  lua_pushinteger(L, c / 9 + 1), lua_setfield(L, -2, "r");
  lua_pushinteger(L, c % 9 + 1), lua_setfield(L, -2, "c");
  lua_pushinteger(L, d), lua_setfield(L, -2, "d");
}

/* The unique solution of g; nil, msg pushed (2 returned) otherwise. */
static int solution_of(lua_State *L, const sk_grid *g, uint8_t sol[SK_CELLS]) {
  unsigned long n = sk_solve_count_grid(g, 2, sol, NULL);
  if (n == 1) return 0;
  return sklua_fail(L, n ? "puzzle has several solutions" : "puzzle has no solution");
}

/* sk.singles(g) */
static int l_singles(lua_State *L) {
  sk_grid *g = sklua_checkgrid(L, 1);
  static const char *const names[] = {"contradiction", "stuck", "solved"};
  sk_grid *out = sklua_newgrid(L);
  int r = sk_singles_solve(g, out);
  lua_pushstring(L, names[r + 1]);
  lua_insert(L, -2);
  return 2;
}

/* {====== technique sets, cached per state */

typedef struct ltechset { sk_techset *s; } ltechset;

static int techset_gc(lua_State *L) {
  ltechset *x = luaL_checkudata(L, 1, SKLUA_TECHSET_MT);
  sk_techset_free(x->s);
  x->s = NULL;
  return 0;
}

/* The set for (spec, table, plugins), opened on first use.  NULL for
** singles; on failure pushes nil, msg and sets *failed. */
static sk_techset *techset_get(lua_State *L, const char *spec, const char *table,
                               const char *plugins, int *failed) {
  *failed = 0;
  if (!strcmp(spec, "singles")) return NULL;
  if (luaL_newmetatable(L, SKLUA_TECHSET_MT)) {
    lua_pushcfunction(L, techset_gc);
    lua_setfield(L, -2, "__gc");
  }
  lua_pop(L, 1);
  if (lua_getfield(L, LUA_REGISTRYINDEX, SKLUA_TECHSETS_KEY) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, SKLUA_TECHSETS_KEY);
  }
  int sets = lua_gettop(L);
  lua_pushfstring(L, "%s\n%s\n%s", spec, table ? table : "", plugins ? plugins : "");
  int key = lua_gettop(L);
  lua_pushvalue(L, key);
  if (lua_gettable(L, sets) == LUA_TUSERDATA) {
    sk_techset *s = ((ltechset *)lua_touserdata(L, -1))->s;
    lua_settop(L, sets - 1);
    return s;
  }
  lua_pop(L, 1);
  ltechset *x = lua_newuserdatauv(L, sizeof *x, 0);   /* owned by the cache from now on */
  x->s = NULL;
  luaL_setmetatable(L, SKLUA_TECHSET_MT);
  sk_error err = {{0}};
  x->s = sk_techset_open(spec, table, plugins, &err);
  if (!x->s) {
    lua_settop(L, sets - 1);
    *failed = 1;
    sklua_fail(L, err.msg);
    return NULL;
  }
  lua_settable(L, sets);                               /* sets[key] = x */
  lua_settop(L, sets - 1);
  return x->s;
}

static const char *optstr(lua_State *L, int t, const char *k, const char *def) {
  if (lua_isnoneornil(L, t)) return def;
  int ty = lua_getfield(L, t, k);
  const char *v = def;
  if (ty == LUA_TSTRING) v = lua_tostring(L, -1);
  else if (ty != LUA_TNIL) luaL_error(L, "option '%s' must be a string", k);
  lua_pop(L, 1);                   /* the string stays alive in the options table */
  return v;
}

/* }====== */

/* sk.backdoor(g [, opts]) */
static int l_backdoor(lua_State *L) {
  sk_grid *g = sklua_checkgrid(L, 1);
  lua_settop(L, 2);
  if (!lua_isnil(L, 2)) luaL_checktype(L, 2, LUA_TTABLE);
  const char *spec = optstr(L, 2, "set", "singles");
  const char *table = optstr(L, 2, "table", NULL);
  const char *plugins = optstr(L, 2, "plugins", NULL);
  lua_Integer k = 3;
  if (!lua_isnil(L, 2)) {
    if (lua_getfield(L, 2, "max_order") != LUA_TNIL) k = luaL_checkinteger(L, -1);
    lua_pop(L, 1);
  }
  luaL_argcheck(L, k >= 0 && k <= SK_BACKDOOR_MAX_ORDER, 2, "max_order must be 0..4");
  uint8_t sol[SK_CELLS];
  if (solution_of(L, g, sol)) return 2;
  int failed;
  sk_techset *set = techset_get(L, spec, table, plugins, &failed);
  if (failed) return 2;
  sk_backdoor *bd = malloc(sizeof *bd);
  if (!bd) return luaL_error(L, "out of memory");
  int rc = sk_backdoor_find(g, sol, set, (int)k, bd);
  if (rc != 0) {
    free(bd);
    return sklua_fail(L, "the technique set failed on this grid");
  }
  sk_backdoor b = *bd;          /* copy: no Lua error may happen while bd is live */
  free(bd);
  lua_createtable(L, 0, 4);
  if (b.order >= 0) lua_pushinteger(L, b.order);
  else lua_pushboolean(L, 0);
  lua_setfield(L, -2, "order");
  lua_pushinteger(L, b.count), lua_setfield(L, -2, "count");
  lua_pushinteger(L, (lua_Integer)b.tests), lua_setfield(L, -2, "tests");
  lua_createtable(L, b.nlisted, 0);
  for (int i = 0; i < b.nlisted; i++) {
    lua_createtable(L, b.order, 0);
    for (int j = 0; j < b.order; j++) {
      pushcell(L, b.set[i][j], sol[b.set[i][j]]);
      lua_rawseti(L, -2, j + 1);
    }
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "sets");
  return 1;
}

/* sk.redundant(g) */
static int l_redundant(lua_State *L) {
  sk_grid *g = sklua_checkgrid(L, 1);
  uint8_t v[SK_CELLS], cells[SK_CELLS];
  sk_grid_values(g, v);
  int n = sk_redundant_clues(v, cells);
  if (n < 0) return sklua_fail(L, "puzzle has no unique solution");
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    pushcell(L, cells[i], v[cells[i]]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* sk.correlation(g) */
static int l_correlation(lua_State *L) {
  sk_grid *g = sklua_checkgrid(L, 1);
  uint8_t v[SK_CELLS];
  sk_correlation c;
  sk_grid_values(g, v);
  sk_correlation_of(v, &c);
  lua_pushnumber(L, c.f);
  lua_pushinteger(L, c.blanks);
  lua_pushinteger(L, c.links);
  return 3;
}

/* sk.correlation_grade(f [, {t1, t2, t3}]) */
static int l_correlation_grade(lua_State *L) {
  static const char *const roman[] = {"I", "II", "III", "IV"};
  double f = luaL_checknumber(L, 1), t[3] = {SK_CORR_T1, SK_CORR_T2, SK_CORR_T3};
  if (!lua_isnoneornil(L, 2)) {
    luaL_checktype(L, 2, LUA_TTABLE);
    for (int i = 0; i < 3; i++) {
      lua_geti(L, 2, i + 1);
      t[i] = luaL_checknumber(L, -1);
      lua_pop(L, 1);
      luaL_argcheck(L, i == 0 || t[i] > t[i - 1], 2, "thresholds must increase");
    }
  }
  int grade = sk_correlation_grade(f, t);
  lua_pushinteger(L, grade);
  lua_pushstring(L, roman[grade - 1]);
  return 2;
}

/* sk.solver_work(g) */
static int l_solver_work(lua_State *L) {
  sk_grid *g = sklua_checkgrid(L, 1);
  sk_solve_stats st = {0, 0};
  unsigned long n = sk_solve_count_grid(g, 2, NULL, &st);
  lua_pushinteger(L, (lua_Integer)st.nodes);
  lua_pushinteger(L, (lua_Integer)st.guesses);
  lua_pushinteger(L, (lua_Integer)n);
  return 3;
}

/* {====== classes of a rating table */

static int32_t milli_field(lua_State *L, int t, const char *k) {
  lua_getfield(L, t, k);
  lua_Number x = luaL_optnumber(L, -1, 0);
  lua_pop(L, 1);
  return (int32_t)llround(x * 1000);
}

/* Path arrays live in a userdata so that a Lua error frees them. */
typedef struct path { int n; int32_t diff[SK_CELLS * 9 + 1]; unsigned char places[SK_CELLS * 9 + 1]; } path;

/* sk.classes(rating) */
static int l_classes(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_getfield(L, 1, "over_budget");
  lua_getfield(L, 1, "wrong");
  if (lua_toboolean(L, -1) || lua_toboolean(L, -2))
    return sklua_fail(L, "the rating did not finish: no class");
  lua_pop(L, 2);
  if (lua_getfield(L, 1, "steps") != LUA_TTABLE)
    return luaL_error(L, "classes: the rating has no steps (rate with record = true)");
  int steps = lua_gettop(L);
  lua_getfield(L, 1, "stuck");
  int stuck = lua_toboolean(L, -1);
  lua_pop(L, 1);
  path *p = lua_newuserdatauv(L, sizeof *p, 0);
  p->n = (int)luaL_len(L, steps);
  luaL_argcheck(L, p->n <= SK_CELLS * 9 + 1, 1, "too many steps");
  for (int i = 0; i < p->n; i++) {
    lua_geti(L, steps, i + 1);
    luaL_checktype(L, -1, LUA_TTABLE);
    p->diff[i] = milli_field(L, -1, "difficulty");
    p->places[i] = lua_getfield(L, -1, "r") != LUA_TNIL;
    lua_pop(L, 2);
  }
  sk_classes c;
  sk_classify_path(p->n, p->diff, p->places, stuck, &c);
  lua_createtable(L, 0, 10);
  lua_pushstring(L, sk_se_class_name(c.se)), lua_setfield(L, -2, "se");
  lua_pushstring(L, sk_sdrs_label(c.sdrs)), lua_setfield(L, -2, "sdrs");
  lua_pushboolean(L, c.sdrs & SK_SDRS_PEARL), lua_setfield(L, -2, "pearl");
  lua_pushboolean(L, c.sdrs & SK_SDRS_DIAMOND), lua_setfield(L, -2, "diamond");
  lua_pushboolean(L, c.sdrs & SK_SDRS_EXTREME_PEARL), lua_setfield(L, -2, "extreme_pearl");
  lua_pushboolean(L, c.sdrs & SK_SDRS_EXTREME_DIAMOND), lua_setfield(L, -2, "extreme_diamond");
  lua_pushnumber(L, c.er / 1000.0), lua_setfield(L, -2, "er");
  lua_pushnumber(L, c.ep / 1000.0), lua_setfield(L, -2, "ep");
  lua_pushnumber(L, c.ed / 1000.0), lua_setfield(L, -2, "ed");
  return 1;
}

/* }====== */

void sklua_open_analysis(lua_State *L) {
  static const luaL_Reg funcs[] = {
    {"singles", l_singles}, {"backdoor", l_backdoor}, {"redundant", l_redundant},
    {"correlation", l_correlation}, {"correlation_grade", l_correlation_grade},
    {"classes", l_classes}, {"solver_work", l_solver_work}, {NULL, NULL}
  };
  luaL_setfuncs(L, funcs, 0);
}
