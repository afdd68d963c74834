/*
** lua_engine.c -- sudokit.engine: loaded technique plugins bound to a
** rating table (sk_engine.h), and the hints they find (lua_internal.h
** lists the parts of the binding).
**
** The engine's methods are listed here; e:rate is lua_rate.c's and
** e:rate_batch lua_batch.c's.  An engine's uservalue is the list of ids
** that missing = "drop" took out of its table.
*/
#include <stdlib.h>
#include <string.h>
#include "lua_internal.h"

/* {====================================================================
** The engine and its table
** ===================================================================== */

sk_engine *sklua_checkengine(lua_State *L, int arg) {
  sklua_engine *x = luaL_checkudata(L, arg, SKLUA_ENGINE_MT);
  if (!x->e) luaL_error(L, "attempt to use a closed engine");
  return x->e;
}

/* Bind t (taken over) to e; with drop, entries no plugin provides are
** removed first and their ids appended to the list at index `list`. */
static int bind_table(lua_State *L, sk_engine *e, sk_table *t, int drop, int list, sk_error *err) {
  sklua_table *hold = sklua_newtable(L);    /* frees t if a push below raises */
  hold->t = t;
  if (drop) {
    for (int i = 0; i < t->n; ) {
      if (sk_engine_find_technique(e, t->entry[i].id) >= 0) { i++; continue; }
      lua_pushstring(L, t->entry[i].id);
      lua_rawseti(L, list, luaL_len(L, list) + 1);
      sklua_table_remove(t, i);
    }
    if (t->n == 0) {
      lua_pop(L, 1);                   /* the holder frees t */
      return sk_error_set(err, "no technique of the table is provided by a loaded plugin");
    }
  }
  if (sk_engine_use_table(e, t, err) != 0) {
    lua_pop(L, 1);
    return -1;
  }
  hold->t = NULL;                      /* the engine owns it now */
  lua_pop(L, 1);
  return 0;
}

/* A table argument: a table userdata (copied) or a name/path. */
static sk_table *table_arg(lua_State *L, int idx, sk_error *err) {
  if (lua_isuserdata(L, idx)) {
    sk_table *t = sk_table_copy(sklua_checktable(L, idx));
    if (!t) sk_error_set(err, "out of memory");
    return t;
  }
  const char *name = lua_isnil(L, idx) ? "se" : luaL_checkstring(L, idx);
  char *path = sk_table_resolve(name, err);
  sk_table *t = path ? sk_table_load(path, err) : NULL;
  free(path);
  return t;
}

static int missing_opt(lua_State *L, int opts) {
  char buf[16];
  const char *m = sklua_optstrfield(L, opts, "missing", buf, sizeof buf);
  if (!m || !strcmp(m, "error")) return 0;
  if (!strcmp(m, "drop")) return 1;
  return luaL_error(L, "option 'missing' must be \"error\" or \"drop\"");
}

/* Make an engine from an options table at index opts (or none): pushes the
** engine, or nil and the message.  Returns the number of values pushed. */
int sklua_make_engine(lua_State *L, int opts) {
  sk_error err = {{0}};
  char plugins[4096];
  const char *dir = sklua_optstrfield(L, opts, "plugins", plugins, sizeof plugins);
  int drop = missing_opt(L, opts);
  sklua_engine *x = lua_newuserdatauv(L, sizeof *x, 1);
  int ud = lua_gettop(L);
  x->e = NULL;
  x->busy = 0;
  luaL_setmetatable(L, SKLUA_ENGINE_MT);
  lua_newtable(L);                     /* uservalue: ids dropped from the table */
  lua_pushvalue(L, -1);
  lua_setiuservalue(L, ud, 1);
  int list = lua_gettop(L);
  if (!(x->e = sk_engine_new())) return luaL_error(L, "out of memory");
  if (sk_engine_load_default(x->e, dir, &err) != 0) return sklua_fail(L, err.msg);
  sklua_optfield(L, opts, "table");
  sk_table *t = table_arg(L, lua_gettop(L), &err);
  if (!t || bind_table(L, x->e, t, drop, list, &err) != 0) return sklua_fail(L, err.msg);
  lua_settop(L, ud);
  return 1;
}

/* sk.engine{table = "se" | path | table, plugins = DIR, missing = "error"|"drop"} */
static int l_engine(lua_State *L) {
  if (!lua_isnoneornil(L, 1)) luaL_checktype(L, 1, LUA_TTABLE);
  return sklua_make_engine(L, 1);
}

/* e:use_table(table | name [, "drop"]) -> true, or nil, msg */
static int e_use_table(lua_State *L) {
  sk_engine *e = sklua_checkengine(L, 1);
  sk_error err = {{0}};
  static const char *const modes[] = {"error", "drop", NULL};
  int drop = luaL_checkoption(L, 3, "error", modes);
  luaL_checkany(L, 2);
  if (((sklua_engine *)lua_touserdata(L, 1))->busy)
    return luaL_error(L, "engine is busy (rate_batch)");
  lua_newtable(L);
  int list = lua_gettop(L);
  sk_table *t = table_arg(L, 2, &err);
  if (!t || bind_table(L, e, t, drop, list, &err) != 0) return sklua_fail(L, err.msg);
  lua_setiuservalue(L, 1, 1);
  lua_pushboolean(L, 1);
  return 1;
}

static int e_table(lua_State *L) {
  sk_engine *e = sklua_checkengine(L, 1);
  sklua_table *t = sklua_newtable(L);
  if (!(t->t = sk_table_copy(sk_engine_table(e)))) return luaL_error(L, "out of memory");
  return 1;
}

static int e_dropped(lua_State *L) {
  sklua_checkengine(L, 1);
  lua_getiuservalue(L, 1, 1);
  return 1;
}

/* e:techniques() -> list of {id, name, file, index (in the table) or nil, rule} */
static int e_techniques(lua_State *L) {
  sk_engine *e = sklua_checkengine(L, 1);
  const sk_table *t = sk_engine_table(e);
  char rule[512];
  int n = sk_engine_technique_count(e), k = 0;
  lua_createtable(L, n, 0);
  for (int pass = 0; pass < 2; pass++)          /* table order first, then the rest */
    for (int i = 0; i < (pass ? n : t->n); i++) {
      const sk_technique *x = pass ? sk_engine_technique(e, i) : sk_engine_bound(e, i);
      int ti = pass ? sk_table_find(t, x->id) : i;
      if (pass && ti >= 0) continue;
      lua_createtable(L, 0, 5);
      lua_pushstring(L, x->id), lua_setfield(L, -2, "id");
      lua_pushstring(L, ti >= 0 && t->entry[ti].name ? t->entry[ti].name : x->name);
      lua_setfield(L, -2, "name");
      for (int j = pass ? i : 0; j < n; j++)      /* the second pass knows its index */
        if (sk_engine_technique(e, j) == x) {
          lua_pushstring(L, sk_engine_technique_file(e, j));
          lua_setfield(L, -2, "file");
          break;
        }
      if (ti >= 0) {
        lua_pushinteger(L, ti + 1), lua_setfield(L, -2, "index");
        sk_table_describe(&t->entry[ti], rule, sizeof rule);
        lua_pushstring(L, rule), lua_setfield(L, -2, "rule");
      }
      lua_rawseti(L, -2, ++k);
    }
  return 1;
}

static int e_gc(lua_State *L) {
  sklua_engine *x = luaL_checkudata(L, 1, SKLUA_ENGINE_MT);
  sk_engine_free(x->e);
  x->e = NULL;
  return 0;
}

/* e:close() and __close; not while rate_batch's threads use it (a
** progress callback could try).  __gc cannot meet a busy engine: the
** batch holds it on the stack. */
static int e_close(lua_State *L) {
  sklua_engine *x = luaL_checkudata(L, 1, SKLUA_ENGINE_MT);
  if (x->busy) return luaL_error(L, "engine is busy (rate_batch)");
  return e_gc(L);
}

static int e_tostring(lua_State *L) {
  sklua_engine *x = luaL_checkudata(L, 1, SKLUA_ENGINE_MT);
  if (!x->e) lua_pushliteral(L, "sudokit.engine (closed)");
  else lua_pushfstring(L, "sudokit.engine (table %s, %d techniques)", sk_engine_table(x->e)->name,
                       sk_engine_table(x->e)->n);
  return 1;
}

/* }==================================================================== */


/* {====================================================================
** Hints of the engine on a grid
** ===================================================================== */

/* e:METHOD(g) -> the hint choose chooses, or nil */
static int chosen_hint(lua_State *L, sklua_chooser choose) {
  sk_engine *e = sklua_checkengine(L, 1);
  sk_grid *g = sklua_checkgrid(L, 2);
  void **b = sklua_newbox(L, sizeof(sk_hint));
  int32_t diff;
  int i = choose(e, g, *b, &diff);
  if (i < 0) return 0;
  sklua_pushhint(L, e, i, *b, diff, g);
  return 1;
}

static int e_first(lua_State *L) { return chosen_hint(L, sklua_choose_first); }
static int e_cheapest(lua_State *L) { return chosen_hint(L, sklua_choose_cheapest); }

/* Hints gathered in C, turned into userdata afterwards. */
typedef struct hintlist {
  int n, cap;
  int overflow;
  struct { sk_hint h; int32_t d; int tech; } *v;
} hintlist;

typedef struct gather { hintlist *l; int tech; } gather;

static int gather_cb(void *ud, const sk_hint *h, int32_t d) {
  gather *g = ud;
  hintlist *l = g->l;
  if (l->n == l->cap) {
    int cap = l->cap ? 2 * l->cap : 16;
    void *p = realloc(l->v, (size_t)cap * sizeof *l->v);
    if (!p) { l->overflow = 1; return 1; }
    l->v = p, l->cap = cap;
  }
  l->v[l->n].h = *h, l->v[l->n].d = d, l->v[l->n].tech = g->tech;
  l->n++;
  return 0;
}

static int hintlist_gc(lua_State *L) {
  hintlist *l = lua_touserdata(L, 1);
  free(l->v);
  l->v = NULL;
  return 0;
}

/* e:hints(g [, id | index [, all]]) -> list of hints.  One technique: its
** first hint (every one with all = true; collecting techniques give all
** theirs).  No technique: the same for each technique of the table. */
static int e_hints(lua_State *L) {
  sk_engine *e = sklua_checkengine(L, 1);
  sk_grid *g = sklua_checkgrid(L, 2);
  const sk_table *t = sk_engine_table(e);
  int lo = 0, hi = t->n, all = lua_toboolean(L, 4);
  if (!lua_isnoneornil(L, 3)) {
    lo = sklua_entry_index(L, t, 3);
    if (lo < 0) return sklua_no_technique(L, 3, t);
    hi = lo + 1;
  }
  hintlist *l = sklua_newscratch(L, sizeof *l, hintlist_gc);
  for (int i = lo; i < hi && !l->overflow; i++) {
    gather ga = {l, i};
    sk_engine_hints(e, g, i, all, gather_cb, &ga);
  }
  if (l->overflow) return luaL_error(L, "out of memory");
  lua_createtable(L, l->n, 0);
  for (int k = 0; k < l->n; k++) {
    sklua_pushhint(L, e, l->v[k].tech, &l->v[k].h, l->v[k].d, g);
    lua_rawseti(L, -2, k + 1);
  }
  return 1;
}

/* for i, hint, before in e:walk(g) do ... end: SE's path, one step at a time. */
static int walk_iter(lua_State *L) {
  sk_engine *e = sklua_checkengine(L, lua_upvalueindex(1));
  sk_grid *g = sklua_checkgrid(L, lua_upvalueindex(2));
  lua_Integer step = lua_tointeger(L, lua_upvalueindex(3));
  if (g->nempty == 0) return 0;
  void **b = sklua_newbox(L, sizeof(sk_hint));
  int32_t diff;
  int i = sklua_choose_first(e, g, *b, &diff);
  if (i < 0) return 0;
  lua_pushinteger(L, step + 1);
  lua_copy(L, -1, lua_upvalueindex(3));
  sklua_pushhint(L, e, i, *b, diff, g);
  sklua_pushgrid(L, g);
  sk_hint_apply(*b, g);
  return 3;
}

static int e_walk(lua_State *L) {
  sklua_checkengine(L, 1);
  sk_grid *g = sklua_checkgrid(L, 2);
  lua_settop(L, 1);
  sklua_pushgrid(L, g);
  lua_pushinteger(L, 0);
  lua_pushcclosure(L, walk_iter, 3);
  return 1;
}

/* }==================================================================== */


static const luaL_Reg engine_meth[] = {
  {"rate", sklua_engine_rate}, {"rate_batch", sklua_engine_rate_batch},
  {"first", e_first}, {"cheapest", e_cheapest}, {"hints", e_hints}, {"walk", e_walk},
  {"techniques", e_techniques}, {"table", e_table}, {"use_table", e_use_table},
  {"dropped", e_dropped}, {"close", e_close}, {NULL, NULL}
};

static const luaL_Reg engine_metameth[] = {
  {"__index", NULL}, {"__gc", e_gc}, {"__close", e_close}, {"__tostring", e_tostring}, {NULL, NULL}
};

void sklua_open_engine(lua_State *L) {
  static const luaL_Reg funcs[] = {{"engine", l_engine}, {NULL, NULL}};
  sklua_newmeta(L, SKLUA_ENGINE_MT, engine_metameth, engine_meth);
  luaL_setfuncs(L, funcs, 0);
}
