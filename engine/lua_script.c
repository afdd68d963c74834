/*
** lua_script.c -- running Lua under limits: the instruction and time
** limits of sk_lua_limits, and `sudokit run`'s scripts (sk_lua_run_script,
** sk_lua_run_string).  lua_internal.h lists the parts of the binding.
**
** A limit is a count hook that reaches its sklua_limitstate through the
** state's extra space; sk_policy (lua_cpolicy.c) arms the same hook for
** each puzzle it rates.
*/
#include <stdio.h>
#include <string.h>
#include <lualib.h>
#include "lua_internal.h"

/* {====================================================================
** Limits
** ===================================================================== */

/* Called every s->every instructions; once over a limit, at every one. */
static void limit_hook(lua_State *L, lua_Debug *ar) {
  sklua_limitstate *s = *(sklua_limitstate **)lua_getextraspace(L);
  s->count += s->every;
  if (!s->tripped) {
    if (s->lim.instructions > 0 && s->count >= s->lim.instructions)
      snprintf(s->what, sizeof s->what, "instruction limit (%lld) exceeded", s->lim.instructions);
    else if (s->lim.seconds > 0 && sklua_now() - s->start > s->lim.seconds)
      snprintf(s->what, sizeof s->what, "time limit (%g s) exceeded", s->lim.seconds);
    else
      return;
    s->tripped = 1;
    /* from now on every instruction raises, so that a script catching the
    ** error with pcall fails at its next instruction outside the pcall */
    lua_sethook(L, limit_hook, LUA_MASKCOUNT, 1);
  }
  if (lua_getinfo(L, "Sl", ar) && ar->currentline > 0)
    lua_pushfstring(L, "%s:%d: %s", ar->short_src, ar->currentline, s->what);
  else
    lua_pushstring(L, s->what);
  lua_error(L);
}

int sklua_limits_init(sklua_limitstate *s, const sk_lua_limits *lim) {
  memset(s, 0, sizeof *s);
  if (!lim || (lim->instructions <= 0 && lim->seconds <= 0)) return 0;
  s->lim = *lim;
  s->every = lim->instructions > 0 && lim->instructions < 1000 ? (int)lim->instructions : 1000;
  return 1;
}

void sklua_limits_start(lua_State *L, sklua_limitstate *s) {
  s->count = 0;
  s->tripped = 0;
  s->start = sklua_now();
  *(sklua_limitstate **)lua_getextraspace(L) = s;
  lua_sethook(L, limit_hook, LUA_MASKCOUNT, s->every);
}

/* }==================================================================== */


/* {====================================================================
** Scripts: `sudokit run`
** ===================================================================== */

/* Message handler: the error with a traceback. */
static int traceback(lua_State *L) {
  const char *msg = lua_tostring(L, 1);
  if (msg == NULL) {
    if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) return 1;
    msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
  }
  luaL_traceback(L, L, msg, 1);
  return 1;
}

typedef struct script {
  const char *path, *code, *name;
  int argc;
  char **argv;
} script;

/* Protected main: libraries, arg, load, run. */
static int script_main(lua_State *L) {
  script *sc = lua_touserdata(L, 1);
  luaL_openlibs(L);
  luaL_requiref(L, "sudokit", luaopen_sudokit, 0);
  lua_pop(L, 1);
  lua_createtable(L, sc->argc, 1);
  lua_pushstring(L, sc->path ? sc->path : sc->name);
  lua_rawseti(L, -2, 0);
  for (int i = 0; i < sc->argc; i++) {
    lua_pushstring(L, sc->argv[i]);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setglobal(L, "arg");
  lua_pushcfunction(L, traceback);
  int h = lua_gettop(L);
  int rc = sc->code ? luaL_loadbufferx(L, sc->code, strlen(sc->code), sc->name, "t")
                    : luaL_loadfilex(L, strcmp(sc->path, "-") ? sc->path : NULL, NULL);
  if (rc != LUA_OK) return lua_error(L);
  luaL_checkstack(L, sc->argc + 2, "too many arguments");
  for (int i = 0; i < sc->argc; i++) lua_pushstring(L, sc->argv[i]);
  if (lua_pcall(L, sc->argc, 0, h) != LUA_OK) return lua_error(L);
  return 0;
}

static int run(script *sc, const sk_lua_limits *limits, char **errmsg) {
  sklua_limitstate ls;
  *errmsg = NULL;
  lua_State *L = luaL_newstate();
  if (!L) {
    *errmsg = strdup("cannot create a Lua state: out of memory");
    return -1;
  }
  if (sklua_limits_init(&ls, limits)) sklua_limits_start(L, &ls);
  lua_pushcfunction(L, script_main);
  lua_pushlightuserdata(L, sc);
  int rc = lua_pcall(L, 1, 0, 0);
  if (rc != LUA_OK) {
    const char *msg = lua_tostring(L, -1);
    *errmsg = strdup(msg ? msg : "(error object is not a string)");
  }
  lua_close(L);
  return rc == LUA_OK ? 0 : -1;
}

int sk_lua_run_script(const char *path, int argc, char **argv, const sk_lua_limits *limits,
                      char **errmsg) {
  script sc = {path, NULL, path, argc, argv};
  return run(&sc, limits, errmsg);
}

int sk_lua_run_string(const char *code, const char *name, int argc, char **argv,
                      const sk_lua_limits *limits, char **errmsg) {
  script sc = {NULL, code, name ? name : "=(command line)", argc, argv};
  return run(&sc, limits, errmsg);
}

/* }==================================================================== */
