/*
** lua_module.c -- the `sudokit` module's entry: luaopen_sudokit (sk_lua.h)
** makes the module table and calls each part's opener, which makes the
** part's metatable and adds its functions (lua_internal.h lists the
** parts).  sk.tenths and sk.version, which belong to no type, are here.
**
** Nothing is global: metatables live in the registry of each lua_State,
** so policies of several threads never meet.
*/
#include <math.h>
#include "lua_internal.h"

#ifndef SK_VERSION
#define SK_VERSION "0"
#endif

/* sk.tenths(x) -> "4.5": one decimal, half up, as serate prints */
static int l_tenths(lua_State *L) {
  lua_Number x = luaL_checknumber(L, 1);
  luaL_argcheck(L, x >= 0 && x <= 1e6, 1, "a difficulty");
  long long t = (llround(x * 1000) + 50) / 100;
  lua_pushfstring(L, "%I.%I", (lua_Integer)(t / 10), (lua_Integer)(t % 10));
  return 1;
}

int luaopen_sudokit(lua_State *L) {
  static const luaL_Reg funcs[] = {{"tenths", l_tenths}, {NULL, NULL}};
  static void (*const openers[])(lua_State *L) = {
    sklua_open_box, sklua_open_grid, sklua_open_reader, sklua_open_random, sklua_open_table,
    sklua_open_hint, sklua_open_engine, sklua_open_policy, sklua_open_analysis
  };
  luaL_checkversion(L);
  luaL_newlib(L, funcs);
  for (size_t i = 0; i < sizeof openers / sizeof openers[0]; i++) openers[i](L);
  lua_pushliteral(L, SK_VERSION);
  lua_setfield(L, -2, "version");
  return 1;
}
