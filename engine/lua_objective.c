/*
** lua_objective.c -- sk_objective (sk_lua.h): a Lua function of a rating,
** in a Lua state of its own, for C callers such as `sudokit generate
** --search --objective-lua FILE`.
**
** The file is loaded once (a chunk that returns a function) with the
** libraries a policy has (no io, os or debug, no C code); the function is
** kept in the registry and called with the rating's record for each
** puzzle, under the limits given, counted afresh for each call.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lualib.h>
#include "lua_internal.h"

#define OBJECTIVE_KEY "sudokit.the_objective"

struct sk_objective {
  lua_State *L;
  sklua_limitstate lim;
  int limited;
};

/* Protected: load the file, keep the function it returns. */
static int objective_init(lua_State *L) {
  const char *path = lua_touserdata(L, 1);
  sklua_open_safe_libs(L);
  if (luaL_loadfile(L, path) != LUA_OK) return lua_error(L);
  lua_call(L, 0, 1);
  if (!lua_isfunction(L, -1))
    return luaL_error(L, "%s: the file must return a function of the rating, not %s", path,
                      luaL_typename(L, -1));
  lua_setfield(L, LUA_REGISTRYINDEX, OBJECTIVE_KEY);
  return 0;
}

sk_objective *sk_objective_open(const char *path, const sk_lua_limits *limits, sk_error *err) {
  sk_objective *o = calloc(1, sizeof *o);
  if (!o || !(o->L = luaL_newstate())) {
    free(o);
    sk_error_set(err, "out of memory");
    return NULL;
  }
  o->limited = sklua_limits_init(&o->lim, limits);
  if (o->limited) sklua_limits_start(o->L, &o->lim);
  lua_pushcfunction(o->L, objective_init);
  lua_pushlightuserdata(o->L, (void *)path);
  if (lua_pcall(o->L, 1, 0, 0) != LUA_OK) {
    const char *msg = lua_tostring(o->L, -1);
    sk_error_set(err, "%s", msg ? msg : "cannot load the objective");
    sk_objective_close(o);
    return NULL;
  }
  return o;
}

typedef struct ocall_args {
  const sk_engine *e;
  const sk_rating *r;
} ocall_args;

/* Protected: the function's value for the rating. */
static int objective_call(lua_State *L) {
  ocall_args *a = lua_touserdata(L, 1);
  lua_settop(L, 0);
  lua_getfield(L, LUA_REGISTRYINDEX, OBJECTIVE_KEY);
  sklua_push_rating(L, a->e, a->r);
  lua_call(L, 1, 1);
  return 1;
}

int sk_objective_value(sk_objective *o, const sk_engine *e, const sk_rating *r, double *out,
                       sk_error *err) {
  lua_State *L = o->L;
  ocall_args a = {e, r};
  int rc = 0;
  lua_settop(L, 0);
  if (o->limited) sklua_limits_start(L, &o->lim);
  lua_pushcfunction(L, objective_call);
  lua_pushlightuserdata(L, &a);
  if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
    const char *msg = lua_tostring(L, -1);
    sk_error_set(err, "%s", msg ? msg : "error in the objective");
    rc = o->limited && o->lim.tripped ? 1 : -1;
  } else if (!lua_isnumber(L, -1) || !isfinite((double)lua_tonumber(L, -1))) {
    sk_error_set(err, "the objective returned %s, not a finite number",
                 lua_isnumber(L, -1) ? "a number that is not finite" : luaL_typename(L, -1));
    rc = 2;
  } else *out = (double)lua_tonumber(L, -1);
  lua_settop(L, 0);
  lua_gc(L, LUA_GCSTEP, 0);
  return rc;
}

void sk_objective_close(sk_objective *o) {
  if (!o) return;
  if (o->L) lua_close(o->L);
  free(o);
}
