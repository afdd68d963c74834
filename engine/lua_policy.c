/*
** lua_policy.c -- sudokit.policy: a rating policy (ratings/NAME.lua, see
** sk_lua.h) loaded into a Lua state with its own engine (lua_internal.h
** lists the parts of the binding).
**
** A policy is a Lua table with the metatable sudokit.policy: name, path,
** engine, spec (what the file returned) and fields.  p:rate hands the
** rating of e:rate to the policy's result(), or calls its own rate();
** p:format and p:line make its output line.  sk_policy (lua_cpolicy.c)
** drives the same methods from C.
*/
#include <string.h>
#include "lua_internal.h"

static int is_path(const char *s, const char *ext) {
  size_t n = strlen(s), e = strlen(ext);
  return strchr(s, '/') || (n > e && !strcmp(s + n - e, ext));
}

char *sk_policy_resolve(const char *name_or_path, sk_error *err) {
  return sk_ratings_resolve(name_or_path, ".lua", "policy", err);
}

/* A policy's table path: relative paths are taken from the policy's folder. */
static void policy_table_path(lua_State *L, const char *policy, const char *table) {
  const char *slash = strrchr(policy, '/');
  if (!is_path(table, ".yaml") || table[0] == '/' || !slash) lua_pushstring(L, table);
  else lua_pushfstring(L, "%s/%s", lua_pushlstring(L, policy, (size_t)(slash - policy)), table);
}

/* Is field k of the table at s absent or of type want?  (Leaves it pushed.) */
static int field_ok(lua_State *L, int s, const char *k, int want) {
  int ty = lua_getfield(L, s, k);
  return ty == LUA_TNIL || ty == want;
}

/* Check the spec at index s; returns NULL or what is wrong. */
static const char *spec_problem(lua_State *L, int s) {
  if (!field_ok(L, s, "name", LUA_TSTRING)) return "'name' must be a string";
  if (!field_ok(L, s, "table", LUA_TSTRING)) return "'table' must be a string";
  if (!field_ok(L, s, "rate", LUA_TFUNCTION)) return "'rate' must be a function";
  if (!field_ok(L, s, "result", LUA_TFUNCTION)) return "'result' must be a function";
  if (lua_isnil(L, -1) && lua_isnil(L, -2)) return "a policy needs 'result' (or 'rate')";
  if (!field_ok(L, s, "format", LUA_TFUNCTION)) return "'format' must be a function";
  if (!field_ok(L, s, "fields", LUA_TTABLE)) return "'fields' must be a list of names";
  if (!field_ok(L, s, "choose", LUA_TFUNCTION)) {
    const char *c = lua_tostring(L, -1);
    if (lua_type(L, -1) != LUA_TSTRING || (strcmp(c, "first") && strcmp(c, "cheapest")))
      return "'choose' must be \"first\", \"cheapest\" or a function";
  }
  return NULL;
}

/* Run the policy file and check what it returns: pushes the spec and
** returns 0, or pushes nil, msg and returns 2. */
static int load_spec(lua_State *L, const char *path) {
  if (luaL_loadfilex(L, path, "t") != LUA_OK || lua_pcall(L, 0, 1, 0) != LUA_OK)
    return luaL_pushfail(L), lua_insert(L, -2), 2;
  if (!lua_istable(L, -1))
    return sklua_failf(L, "%s: a policy must return a table, not %s", path, luaL_typename(L, -1));
  int spec = lua_gettop(L);
  const char *bad = spec_problem(L, spec);
  if (bad) return sklua_failf(L, "%s: %s", path, bad);
  lua_settop(L, spec);
  return 0;
}

/* The policy's engine, from the options at index 2 and the spec: pushes
** it (returns 1), or nil, msg (returns 2).  opts.table overrides the
** policy's own. */
static int policy_engine(lua_State *L, int spec, const char *path) {
  lua_createtable(L, 0, 3);
  int eopts = lua_gettop(L);
  if (sklua_optfield(L, 2, "table") == LUA_TNIL) {
    lua_pop(L, 1);
    if (lua_getfield(L, spec, "table") == LUA_TNIL) lua_pushliteral(L, "se");
    policy_table_path(L, path, lua_tostring(L, -1));
  }
  lua_setfield(L, eopts, "table");
  sklua_optfield(L, 2, "plugins"), lua_setfield(L, eopts, "plugins");
  sklua_optfield(L, 2, "missing"), lua_setfield(L, eopts, "missing");
  lua_settop(L, eopts);
  return sklua_make_engine(L, eopts);
}

/* sk.policy(name | path [, {table=, plugins=, missing=}]) -> policy, or nil, msg */
int sklua_policy(lua_State *L) {
  sk_error err = {{0}};
  const char *name = luaL_checkstring(L, 1);
  lua_settop(L, 2);
  if (!lua_isnil(L, 2)) luaL_checktype(L, 2, LUA_TTABLE);
  void **hold = sklua_newbox(L, 0);                    /* 3 */
  char *path = *hold = sk_policy_resolve(name, &err);
  if (!path) return sklua_fail(L, err.msg);
  lua_pushstring(L, path);
  lua_replace(L, 3);                                   /* the box frees path later */
  path = (char *)lua_tostring(L, 3);                   /* kept alive at index 3 */
  if (load_spec(L, path)) return 2;
  int spec = lua_gettop(L);
  if (policy_engine(L, spec, path) != 1) return 2;
  int engine = lua_gettop(L);
  lua_createtable(L, 0, 6);
  lua_getfield(L, spec, "name");
  if (lua_isnil(L, -1)) lua_pushvalue(L, 1), lua_replace(L, -2);
  lua_setfield(L, -2, "name");
  lua_pushvalue(L, 3), lua_setfield(L, -2, "path");
  lua_pushvalue(L, engine), lua_setfield(L, -2, "engine");
  lua_pushvalue(L, spec), lua_setfield(L, -2, "spec");
  lua_getfield(L, spec, "fields"), lua_setfield(L, -2, "fields");
  luaL_setmetatable(L, SKLUA_POLICY_MT);
  return 1;
}

/* The context argument at 3 (a new table when nil), then the policy's
** spec pushed at 4. */
static void ctx_and_spec(lua_State *L) {
  lua_settop(L, 3);
  if (lua_isnil(L, 3)) lua_newtable(L), lua_replace(L, 3);
  luaL_checktype(L, 3, LUA_TTABLE);
  lua_getfield(L, 1, "spec");
}

static int checkpolicy(lua_State *L, int arg) {
  luaL_checktype(L, arg, LUA_TTABLE);
  if (!lua_getmetatable(L, arg)) luaL_typeerror(L, arg, SKLUA_POLICY_MT);
  luaL_getmetatable(L, SKLUA_POLICY_MT);
  if (!lua_rawequal(L, -1, -2)) luaL_typeerror(L, arg, SKLUA_POLICY_MT);
  lua_pop(L, 2);
  return arg;
}

/* p:rate(grid [, ctx]) -> fields, or nil, msg.  ctx: budget, solution. */
static int p_rate(lua_State *L) {
  checkpolicy(L, 1);
  sklua_checkgrid(L, 2);
  ctx_and_spec(L);                                     /* 3, 4 */
  lua_getfield(L, 1, "engine");                        /* 5 */
  sklua_checkengine(L, 5);
  if (lua_getfield(L, 4, "rate") == LUA_TFUNCTION) {   /* the policy rates itself */
    lua_pushvalue(L, 5), lua_pushvalue(L, 2), lua_pushvalue(L, 3);
    lua_call(L, 3, 2);
    return 2;
  }
  lua_pop(L, 1);
  lua_getfield(L, 4, "result");                        /* 6 */
  lua_pushcfunction(L, sklua_engine_rate);             /* 7 */
  lua_pushvalue(L, 5), lua_pushvalue(L, 2);            /* 8, 9 */
  lua_createtable(L, 0, 4);                            /* 10: options of e:rate */
  lua_getfield(L, 4, "choose"), lua_setfield(L, 10, "choose");
  lua_getfield(L, 4, "record"), lua_setfield(L, 10, "record");
  lua_getfield(L, 3, "budget"), lua_setfield(L, 10, "budget");
  lua_getfield(L, 3, "solution"), lua_setfield(L, 10, "solution");
  lua_call(L, 3, 2);                                   /* 7: the rating, 8: why not */
  if (!lua_toboolean(L, 7)) return 2;                  /* no solution, several */
  lua_pop(L, 1);
  lua_pushvalue(L, 3);
  lua_call(L, 2, 2);                                   /* result(rating, ctx) */
  return 2;
}

/* p:rate_batch(grids [, {jobs=, budget=, progress=}]) -> list of fields
** (false where result() declined), and a table of messages by index.
** Needs a policy with result() and choose "first" or "cheapest"; the
** ratings it hands to result() have no steps and no final grid. */
static int p_rate_batch(lua_State *L) {
  checkpolicy(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  ctx_and_spec(L);                                     /* 3, 4 */
  if (lua_getfield(L, 4, "rate") != LUA_TNIL)
    return luaL_error(L, "rate_batch: policy %s rates by itself (has 'rate')",
                      luaL_tolstring(L, 1, NULL));
  if (lua_getfield(L, 4, "choose") == LUA_TFUNCTION)
    return luaL_error(L, "rate_batch: policy %s chooses steps in Lua", luaL_tolstring(L, 1, NULL));
  lua_settop(L, 4);
  lua_pushcfunction(L, sklua_engine_rate_batch);       /* 5 */
  lua_getfield(L, 1, "engine");
  lua_pushvalue(L, 2);
  lua_createtable(L, 0, 4);
  lua_getfield(L, 4, "choose"), lua_setfield(L, -2, "choose");
  lua_getfield(L, 3, "jobs"), lua_setfield(L, -2, "jobs");
  lua_getfield(L, 3, "budget"), lua_setfield(L, -2, "budget");
  lua_getfield(L, 3, "progress"), lua_setfield(L, -2, "progress");
  lua_call(L, 3, 2);                                   /* 5: summaries, 6: refusals */
  lua_Integer n = luaL_len(L, 5);
  lua_createtable(L, (int)n, 0);                       /* 7: fields */
  lua_insert(L, 6);
  for (lua_Integer i = 1; i <= n; i++) {                /* 7: messages, from the refusals */
    if (lua_geti(L, 5, i) == LUA_TBOOLEAN) {           /* a grid e:rate_batch refused */
      lua_seti(L, 6, i);
      continue;
    }
    lua_pop(L, 1);
    lua_getfield(L, 4, "result");
    lua_geti(L, 5, i);
    lua_pushvalue(L, 3);
    lua_call(L, 2, 2);
    if (lua_toboolean(L, -2)) {
      lua_pop(L, 1);
      lua_seti(L, 6, i);
    } else {
      lua_seti(L, 7, i);
      lua_pop(L, 1);
      lua_pushboolean(L, 0);
      lua_seti(L, 6, i);
    }
  }
  lua_settop(L, 7);
  return 2;
}

/* p:format(fields, puzzle) -> the output line (no newline).  Without a
** format function: the raw puzzle, then name=value for each field. */
static int p_format(lua_State *L) {
  checkpolicy(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  luaL_checktype(L, 3, LUA_TTABLE);
  lua_settop(L, 3);
  lua_getfield(L, 1, "spec");
  if (lua_getfield(L, 4, "format") == LUA_TFUNCTION) {
    lua_pushvalue(L, 2), lua_pushvalue(L, 3);
    lua_call(L, 2, 1);
    if (lua_type(L, -1) != LUA_TSTRING)
      return luaL_error(L, "policy format must return a string, not %s", luaL_typename(L, -1));
    return 1;
  }
  lua_getfield(L, 4, "fields");                        /* 6 */
  if (lua_getfield(L, 3, "raw") != LUA_TSTRING) lua_pop(L, 1), lua_pushliteral(L, "");
  if (lua_istable(L, 6))
    for (lua_Integer i = 1, n = luaL_len(L, 6); i <= n; i++) {
      lua_geti(L, 6, i);
      lua_pushfstring(L, " %s=", luaL_tolstring(L, -1, NULL));
      lua_remove(L, -2);
      lua_rotate(L, -2, 1);                            /* the name's value next */
      lua_gettable(L, 2);
      luaL_tolstring(L, -1, NULL);
      lua_remove(L, -2);
      lua_concat(L, 3);
    }
  return 1;
}

/* p:line(grid, puzzle [, ctx]) -> line, or nil, msg */
int sklua_policy_line(lua_State *L) {
  checkpolicy(L, 1);
  lua_settop(L, 4);
  lua_pushcfunction(L, p_rate);
  lua_pushvalue(L, 1), lua_pushvalue(L, 2), lua_pushvalue(L, 4);
  lua_call(L, 3, 2);
  if (!lua_toboolean(L, -2)) {
    if (lua_isnil(L, -1)) lua_pushliteral(L, "the policy gave no result"), lua_replace(L, -2);
    return 2;
  }
  if (!lua_istable(L, -2))
    return luaL_error(L, "policy rating must give a table of fields, not %s", luaL_typename(L, -2));
  lua_pop(L, 1);
  lua_pushcfunction(L, p_format);
  lua_insert(L, -2);
  lua_pushvalue(L, 1);
  lua_insert(L, -2);
  lua_pushvalue(L, 3);
  lua_call(L, 3, 1);
  return 1;
}

static int p_tostring(lua_State *L) {
  checkpolicy(L, 1);
  lua_getfield(L, 1, "name");
  lua_getfield(L, 1, "path");
  lua_pushfstring(L, "sudokit.policy %s (%s)", lua_tostring(L, -2), lua_tostring(L, -1));
  return 1;
}

static const luaL_Reg policy_meth[] = {
  {"rate", p_rate}, {"rate_batch", p_rate_batch}, {"format", p_format}, {"line", sklua_policy_line},
  {NULL, NULL}
};

static const luaL_Reg policy_metameth[] = {
  {"__index", NULL}, {"__tostring", p_tostring}, {NULL, NULL}
};

void sklua_open_policy(lua_State *L) {
  static const luaL_Reg funcs[] = {{"policy", sklua_policy}, {NULL, NULL}};
  sklua_newmeta(L, SKLUA_POLICY_MT, policy_metameth, policy_meth);
  luaL_setfuncs(L, funcs, 0);
}
