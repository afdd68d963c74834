/*
** lua_aux.c -- the helpers every part of the Lua binding uses, as
** lauxlib.c is to Lua's libraries (lua_internal.h lists the parts):
** failures returned as nil, msg; fields of options tables; boxes and
** scratch userdata that free C memory when a Lua error unwinds the
** stack; metatables; the clock.
*/
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "lua_internal.h"

double sklua_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* {====================================================================
** Failures
** ===================================================================== */

int sklua_fail(lua_State *L, const char *msg) {
  luaL_pushfail(L);
  lua_pushstring(L, msg);
  return 2;
}

int sklua_failf(lua_State *L, const char *fmt, ...) {
  va_list ap;
  luaL_pushfail(L);
  va_start(ap, fmt);
  lua_pushvfstring(L, fmt, ap);
  va_end(ap);
  return 2;
}

/* }==================================================================== */


/* {====================================================================
** Options tables
** ===================================================================== */

int sklua_optfield(lua_State *L, int t, const char *k) {
  if (lua_isnoneornil(L, t)) {
    lua_pushnil(L);
    return LUA_TNIL;
  }
  return lua_getfield(L, t, k);
}

double sklua_optnumfield(lua_State *L, int t, const char *k, double def) {
  double v = def;
  int ty = sklua_optfield(L, t, k);
  if (ty == LUA_TNUMBER) v = lua_tonumber(L, -1);
  else if (ty != LUA_TNIL) luaL_error(L, "option '%s' must be a number", k);
  lua_pop(L, 1);
  return v;
}

lua_Integer sklua_optintfield(lua_State *L, int t, const char *k, lua_Integer def) {
  lua_Integer v = def;
  int ty = sklua_optfield(L, t, k);
  if (ty != LUA_TNIL) {
    int ok;
    v = lua_tointegerx(L, -1, &ok);
    if (!ok) luaL_error(L, "option '%s' must be an integer", k);
  }
  lua_pop(L, 1);
  return v;
}

int sklua_optboolfield(lua_State *L, int t, const char *k) {
  sklua_optfield(L, t, k);
  int v = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return v;
}

const char *sklua_optstrfield(lua_State *L, int t, const char *k, char *buf, size_t n) {
  const char *v = NULL;
  int ty = sklua_optfield(L, t, k);
  if (ty == LUA_TSTRING) {
    snprintf(buf, n, "%s", lua_tostring(L, -1));
    v = buf;
  } else if (ty != LUA_TNIL) {
    luaL_error(L, "option '%s' must be a string", k);
  }
  lua_pop(L, 1);
  return v;
}

/* }==================================================================== */


/* {====================================================================
** C memory owned by the Lua stack
** ===================================================================== */

typedef struct box { void *p; } box;

void **sklua_newbox(lua_State *L, size_t size) {
  box *b = lua_newuserdatauv(L, sizeof *b, 0);
  b->p = NULL;
  luaL_setmetatable(L, SKLUA_BOX_MT);
  if (size && !(b->p = calloc(1, size))) luaL_error(L, "out of memory");
  return &b->p;
}

static int box_gc(lua_State *L) {
  box *b = luaL_checkudata(L, 1, SKLUA_BOX_MT);
  free(b->p);
  b->p = NULL;
  return 0;
}

void *sklua_newscratch(lua_State *L, size_t size, lua_CFunction gc) {
  void *p = lua_newuserdatauv(L, size, 0);
  memset(p, 0, size);
  lua_createtable(L, 0, 1);
  lua_pushcfunction(L, gc);
  lua_setfield(L, -2, "__gc");
  lua_setmetatable(L, -2);
  return p;
}

void sklua_open_box(lua_State *L) {
  static const luaL_Reg box_metameth[] = {{"__gc", box_gc}, {NULL, NULL}};
  sklua_newmeta(L, SKLUA_BOX_MT, box_metameth, NULL);
}

/* }==================================================================== */


void sklua_newmeta(lua_State *L, const char *name, const luaL_Reg *metameth,
                   const luaL_Reg *meth) {
  luaL_newmetatable(L, name);
  luaL_setfuncs(L, metameth, 0);
  if (meth) {
    lua_newtable(L);
    luaL_setfuncs(L, meth, 0);
    lua_setfield(L, -2, "__index");
  }
  lua_pop(L, 1);
}
