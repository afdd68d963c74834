/*
** lua_cpolicy.c -- sk_policy (sk_lua.h): one rating policy in a Lua state
** of its own, for C callers such as `sudokit rate --policy`
** (lua_internal.h lists the parts of the binding).
**
** The state has no io, os or debug library and loads no C code.  It
** holds the policy (sk.policy's value, lua_policy.c) in the registry;
** sk_policy_rate calls its p:line for one puzzle, under the per-puzzle
** limits of lua_script.c; loading the policy runs under the same limits.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lualib.h>
#include "lua_internal.h"
#include "sk_solver.h"

struct sk_policy {
  lua_State *L;
  char *name, *path;
  double budget;
  int verify, explain;
  sklua_limitstate lim;        /* per-puzzle limits (sk_policy_opts.limits) */
  int limited;
};

typedef struct popen_args {
  const char *name;
  const sk_policy_opts *o;
} popen_args;

/* The libraries a policy (or an objective, lua_objective.c) may use: no
** io, os or debug. */
void sklua_open_safe_libs(lua_State *L) {
  static const luaL_Reg libs[] = {
    {LUA_GNAME, luaopen_base}, {LUA_LOADLIBNAME, luaopen_package},
    {LUA_COLIBNAME, luaopen_coroutine}, {LUA_TABLIBNAME, luaopen_table},
    {LUA_STRLIBNAME, luaopen_string}, {LUA_MATHLIBNAME, luaopen_math},
    {LUA_UTF8LIBNAME, luaopen_utf8}, {"sudokit", luaopen_sudokit}, {NULL, NULL}
  };
  for (const luaL_Reg *l = libs; l->func; l++) {
    luaL_requiref(L, l->name, l->func, l->func != luaopen_sudokit);
    lua_pop(L, 1);
  }
  /* require may find Lua files, but a policy loads no C code */
  lua_getglobal(L, LUA_LOADLIBNAME);
  lua_pushnil(L);
  lua_setfield(L, -2, "loadlib");
  lua_pushliteral(L, "");
  lua_setfield(L, -2, "cpath");
  lua_pop(L, 1);
}

/* Protected: load the policy; leaves it in the registry (SKLUA_POLICY_KEY). */
static int policy_init(lua_State *L) {
  popen_args *a = lua_touserdata(L, 1);
  sklua_open_safe_libs(L);
  lua_pushcfunction(L, sklua_policy);
  lua_pushstring(L, a->name);
  lua_createtable(L, 0, 3);
  if (a->o && a->o->table) lua_pushstring(L, a->o->table), lua_setfield(L, -2, "table");
  if (a->o && a->o->plugins) lua_pushstring(L, a->o->plugins), lua_setfield(L, -2, "plugins");
  if (a->o && a->o->drop_missing) lua_pushliteral(L, "drop"), lua_setfield(L, -2, "missing");
  lua_call(L, 2, 2);
  if (lua_isnil(L, -2)) return lua_error(L);           /* the message */
  lua_pop(L, 1);
  lua_setfield(L, LUA_REGISTRYINDEX, SKLUA_POLICY_KEY);
  return 0;
}

sk_policy *sk_policy_open_opts(const char *name_or_path, const sk_policy_opts *o, sk_error *err) {
  sk_policy *p = calloc(1, sizeof *p);
  popen_args a = {name_or_path, o};
  if (!p || !(p->L = luaL_newstate())) {
    free(p);
    sk_error_set(err, "out of memory");
    return NULL;
  }
  lua_State *L = p->L;
  /* the limits cover the load too: a policy's top level is Lua code that
  ** runs once, and may loop as well as any of its functions */
  p->limited = sklua_limits_init(&p->lim, o ? &o->limits : NULL);
  if (p->limited) sklua_limits_start(L, &p->lim);
  lua_pushcfunction(L, policy_init);
  lua_pushlightuserdata(L, &a);
  if (lua_pcall(L, 1, 0, 0) != LUA_OK) {
    const char *msg = lua_tostring(L, -1);
    sk_error_set(err, "%s", msg ? msg : "cannot load the rating policy");
    sk_policy_close(p);
    return NULL;
  }
  lua_getfield(L, LUA_REGISTRYINDEX, SKLUA_POLICY_KEY);
  lua_getfield(L, -1, "name");
  lua_getfield(L, -2, "path");
  p->name = strdup(lua_tostring(L, -2) ? lua_tostring(L, -2) : name_or_path);
  p->path = strdup(lua_tostring(L, -1) ? lua_tostring(L, -1) : name_or_path);
  lua_settop(L, 0);
  p->budget = o ? o->budget : 0;
  p->verify = o ? o->verify : 0;
  p->explain = o ? o->explain : 0;
  if (!p->name || !p->path) {
    sk_error_set(err, "out of memory");
    sk_policy_close(p);
    return NULL;
  }
  return p;
}

sk_policy *sk_policy_open(const char *name_or_path, const char *table, const char *plugins,
                          sk_error *err) {
  sk_policy_opts o;
  memset(&o, 0, sizeof o);
  o.table = table;
  o.plugins = plugins;
  return sk_policy_open_opts(name_or_path, &o, err);
}

typedef struct prate_args {
  sk_policy *p;
  const sk_puzzle *puzzle;
  const sk_grid *g;
} prate_args;

/* Protected: p:line(grid, puzzle, ctx) -> line | nil, msg */
static int policy_call(lua_State *L) {
  prate_args *a = lua_touserdata(L, 1);
  lua_settop(L, 0);
  lua_pushcfunction(L, sklua_policy_line);
  lua_getfield(L, LUA_REGISTRYINDEX, SKLUA_POLICY_KEY);
  sklua_pushgrid(L, a->g);
  lua_createtable(L, 0, 4);
  lua_pushstring(L, a->puzzle && a->puzzle->raw ? a->puzzle->raw : ""), lua_setfield(L, -2, "raw");
  lua_pushstring(L, a->puzzle && a->puzzle->extra ? a->puzzle->extra : ""), lua_setfield(L, -2, "extra");
  lua_pushinteger(L, a->puzzle ? a->puzzle->index : 0), lua_setfield(L, -2, "index");
  lua_pushinteger(L, a->puzzle ? a->puzzle->line : 0), lua_setfield(L, -2, "line");
  lua_createtable(L, 0, 2);
  if (a->p->budget > 0) lua_pushnumber(L, a->p->budget), lua_setfield(L, -2, "budget");
  if (a->p->explain) lua_pushboolean(L, 1), lua_setfield(L, -2, "explain");
  if (a->p->verify) {
    uint8_t sol[SK_CELLS];
    if (sk_solve_count_grid(a->g, 2, sol, NULL) == 1) {
      sk_grid_from_values(sklua_newgrid(L), sol, NULL);
      lua_setfield(L, -2, "solution");
    }
  }
  lua_call(L, 4, 2);
  return 2;
}

/* The line of a declined puzzle, "<raw> # <err->msg>\n": 1, or -1 when
** out of memory. */
static int declined(const sk_puzzle *puzzle, char **out_line, sk_error *err) {
  const char *raw = puzzle && puzzle->raw ? puzzle->raw : "";
  size_t len = strlen(raw) + strlen(err->msg) + 5;
  if (!(*out_line = malloc(len))) return sk_error_set(err, "out of memory");
  snprintf(*out_line, len, "%s # %s\n", raw, err->msg);
  return 1;
}

int sk_policy_rate(sk_policy *p, const sk_puzzle *puzzle, const sk_grid *g, char **out_line,
                   sk_error *err) {
  lua_State *L = p->L;
  prate_args a = {p, puzzle, g};
  const char *s;
  size_t len;
  int rc;
  *out_line = NULL;
  lua_settop(L, 0);
  if (p->limited) sklua_limits_start(L, &p->lim);      /* afresh for each puzzle */
  lua_pushcfunction(L, policy_call);
  lua_pushlightuserdata(L, &a);
  if (lua_pcall(L, 1, 2, 0) != LUA_OK) {
    const char *msg = lua_tostring(L, -1);
    sk_error_set(err, "%s", msg ? msg : "error in the rating policy");
    /* over a limit: decline this puzzle only */
    rc = p->limited && p->lim.tripped ? declined(puzzle, out_line, err) : -1;
  } else if ((s = lua_tolstring(L, -2, &len))) {
    rc = 0;
    if ((*out_line = malloc(len + 2))) memcpy(*out_line, s, len), memcpy(*out_line + len, "\n", 2);
    else rc = sk_error_set(err, "out of memory");
  } else {
    const char *msg = lua_tostring(L, -1);
    sk_error_set(err, "%s", msg ? msg : "declined");
    rc = declined(puzzle, out_line, err);
  }
  lua_settop(L, 0);
  lua_gc(L, LUA_GCSTEP, 0);    /* a little collection per puzzle keeps memory flat */
  return rc;
}

typedef struct pfield_args {
  sk_policy *p;
  const sk_grid *g;
  const char *field;
} pfield_args;

/* Protected: p:rate(grid, ctx) -> fields[field] | nil, msg [, true when
** the fields have no such number] */
static int policy_field_call(lua_State *L) {
  pfield_args *a = lua_touserdata(L, 1);
  lua_settop(L, 0);
  lua_getfield(L, LUA_REGISTRYINDEX, SKLUA_POLICY_KEY);          /* 1 */
  lua_getfield(L, 1, "rate");
  lua_pushvalue(L, 1);
  sklua_pushgrid(L, a->g);
  lua_createtable(L, 0, 1);
  if (a->p->budget > 0) lua_pushnumber(L, a->p->budget), lua_setfield(L, -2, "budget");
  lua_call(L, 3, 2);                                              /* 2, 3 */
  if (!lua_istable(L, 2)) {
    if (!lua_isstring(L, 3)) lua_pushliteral(L, "the policy gave no result"), lua_replace(L, 3);
    lua_pushnil(L), lua_replace(L, 2);
    return 2;
  }
  lua_getfield(L, 2, a->field);
  if (!lua_isnumber(L, -1)) {
    lua_pushnil(L);
    lua_pushfstring(L, "the policy's field '%s' is %s, not a number", a->field, luaL_typename(L, -2));
    lua_pushboolean(L, 1);
    return 3;
  }
  lua_pushnil(L);
  lua_pushnil(L);
  return 3;
}

int sk_policy_field(sk_policy *p, const sk_grid *g, const char *field, double *out, sk_error *err) {
  lua_State *L = p->L;
  pfield_args a = {p, g, field};
  int rc;
  lua_settop(L, 0);
  if (p->limited) sklua_limits_start(L, &p->lim);
  lua_pushcfunction(L, policy_field_call);
  lua_pushlightuserdata(L, &a);
  if (lua_pcall(L, 1, 3, 0) != LUA_OK) {
    const char *msg = lua_tostring(L, -1);
    sk_error_set(err, "%s", msg ? msg : "error in the rating policy");
    rc = p->limited && p->lim.tripped ? 1 : -1;
  } else if (lua_isnumber(L, -3)) {
    *out = (double)lua_tonumber(L, -3);
    rc = 0;
  } else {
    const char *msg = lua_tostring(L, -2);
    sk_error_set(err, "%s", msg ? msg : "declined");
    rc = lua_toboolean(L, -1) ? 2 : 1;
  }
  lua_settop(L, 0);
  lua_gc(L, LUA_GCSTEP, 0);
  return rc;
}

const char *sk_policy_name(const sk_policy *p) { return p->name; }

sk_engine *sk_policy_engine(sk_policy *p) {
  lua_State *L = p->L;
  lua_getfield(L, LUA_REGISTRYINDEX, SKLUA_POLICY_KEY);
  lua_getfield(L, -1, "engine");
  sklua_engine *x = luaL_testudata(L, -1, SKLUA_ENGINE_MT);
  sk_engine *e = x ? x->e : NULL;
  lua_pop(L, 2);
  return e;
}
const char *sk_policy_path(const sk_policy *p) { return p->path; }

void sk_policy_close(sk_policy *p) {
  if (!p) return;
  if (p->L) lua_close(p->L);
  free(p->name);
  free(p->path);
  free(p);
}
