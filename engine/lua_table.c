/*
** lua_table.c -- sudokit.table: rating tables (sk_table.h) read, changed
** and written back from Lua (lua_internal.h lists the parts of the
** binding).
**
** A table userdata owns its sk_table and frees it in __gc and __close.
** Engines take copies (lua_engine.c), so changing a table after binding
** it changes no engine.  t:yaml() writes the YAML that sk.table reads.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lua_internal.h"

/* A difficulty argument in points -> milli-points. */
static int32_t tomilli(lua_State *L, int arg) {
  lua_Number x = luaL_checknumber(L, arg);
  luaL_argcheck(L, x >= 0 && x <= 100, arg, "a difficulty must lie in [0, 100]");
  return (int32_t)llround(x * 1000);
}

sk_table *sklua_checktable(lua_State *L, int arg) {
  sklua_table *t = luaL_checkudata(L, arg, SKLUA_TABLE_MT);
  if (!t->t) luaL_error(L, "attempt to use a closed table");
  return t->t;
}

sklua_table *sklua_newtable(lua_State *L) {
  sklua_table *t = lua_newuserdatauv(L, sizeof *t, 0);
  t->t = NULL;
  luaL_setmetatable(L, SKLUA_TABLE_MT);
  return t;
}

/* sk.table(name | path) -> table, or nil, "file:line:col: what" */
static int l_table(lua_State *L) {
  sk_error err = {{0}};
  const char *name = luaL_checkstring(L, 1);
  sklua_table *t = sklua_newtable(L);
  char *path = sk_table_resolve(name, &err);
  if (path) t->t = sk_table_load(path, &err);
  free(path);
  if (!t->t) return sklua_fail(L, err.msg);
  return 1;
}

/* sk.parse_table(text [, name]) */
static int l_parse_table(lua_State *L) {
  sk_error err = {{0}};
  size_t len;
  const char *text = luaL_checklstring(L, 1, &len);
  const char *name = luaL_optstring(L, 2, "<string>");
  sklua_table *t = sklua_newtable(L);
  if (!(t->t = sk_table_parse(text, len, name, &err))) return sklua_fail(L, err.msg);
  return 1;
}

int sklua_entry_index(lua_State *L, const sk_table *t, int arg) {
  if (lua_type(L, arg) == LUA_TNUMBER) {
    lua_Integer i = luaL_checkinteger(L, arg);
    return i >= 1 && i <= t->n ? (int)i - 1 : -1;
  }
  return sk_table_find(t, luaL_checkstring(L, arg));
}

int sklua_no_technique(lua_State *L, int arg, const sk_table *t) {
  return sklua_failf(L, "no technique '%s' in table %s", luaL_tolstring(L, arg, NULL), t->name);
}

void sklua_table_remove(sk_table *t, int i) {
  sk_table_entry *e = &t->entry[i];
  for (int k = 0; k < e->nmod; k++) free(e->mod[k].provenance);
  free(e->id);
  free(e->name);
  free(e->provenance);
  memmove(e, e + 1, (size_t)(t->n - i - 1) * sizeof *e);
  t->n--;
}

static const char *const kind_names[] = {"steps", "map", "linear", "chain"};

static void push_modifier(lua_State *L, const sk_modifier *m) {
  lua_createtable(L, 0, 6);
  lua_pushstring(L, sk_figure_name(m->figure)), lua_setfield(L, -2, "figure");
  lua_pushstring(L, kind_names[m->kind]), lua_setfield(L, -2, "kind");
  switch (m->kind) {
  case SK_MOD_STEPS:
  case SK_MOD_MAP:
    lua_createtable(L, 0, m->nkeys);
    for (int k = 0; k < m->nkeys; k++) {
      sklua_pushdiff(L, m->add[k]);
      lua_rawseti(L, -2, m->key[k]);
    }
    lua_setfield(L, -2, "add");
    break;
  case SK_MOD_LINEAR:
    sklua_pushdiff(L, m->per), lua_setfield(L, -2, "per");
    lua_pushinteger(L, m->from), lua_setfield(L, -2, "from");
    break;
  case SK_MOD_CHAIN:
    lua_pushinteger(L, m->offset), lua_setfield(L, -2, "offset");
    lua_pushinteger(L, m->first), lua_setfield(L, -2, "first");
    sklua_pushdiff(L, m->step), lua_setfield(L, -2, "step");
    break;
  }
  if (m->provenance) lua_pushstring(L, m->provenance), lua_setfield(L, -2, "provenance");
}

/* t:get(id | index) -> {id, name, base, index, rule, provenance, line,
** modifiers = {...}}, or nil when the table has no such technique */
static int t_get(lua_State *L) {
  sk_table *t = sklua_checktable(L, 1);
  int i = sklua_entry_index(L, t, 2);
  char rule[512];
  if (i < 0) return sklua_fail(L, "no such technique in the table");
  const sk_table_entry *e = &t->entry[i];
  lua_createtable(L, 0, 9);
  lua_pushstring(L, e->id), lua_setfield(L, -2, "id");
  if (e->name) lua_pushstring(L, e->name), lua_setfield(L, -2, "name");
  sklua_pushdiff(L, e->base), lua_setfield(L, -2, "base");
  lua_pushinteger(L, i + 1), lua_setfield(L, -2, "index");
  lua_pushinteger(L, e->line), lua_setfield(L, -2, "line");
  sk_table_describe(e, rule, sizeof rule);
  lua_pushstring(L, rule), lua_setfield(L, -2, "rule");
  if (e->provenance) lua_pushstring(L, e->provenance), lua_setfield(L, -2, "provenance");
  lua_createtable(L, e->nmod, 0);
  for (int k = 0; k < e->nmod; k++) {
    push_modifier(L, &e->mod[k]);
    lua_rawseti(L, -2, k + 1);
  }
  lua_setfield(L, -2, "modifiers");
  return 1;
}

/* t:set(id, base): change a technique's base difficulty -> true, or nil, msg */
static int t_set(lua_State *L) {
  sk_table *t = sklua_checktable(L, 1);
  int i = sklua_entry_index(L, t, 2);
  int32_t base = tomilli(L, 3);
  if (i < 0) return sklua_no_technique(L, 2, t);
  t->entry[i].base = base;
  lua_pushboolean(L, 1);
  return 1;
}

/* t:remove(id) -> true, or nil, msg */
static int t_remove(lua_State *L) {
  sk_table *t = sklua_checktable(L, 1);
  int i = sklua_entry_index(L, t, 2);
  if (i < 0) return sklua_no_technique(L, 2, t);
  sklua_table_remove(t, i);
  lua_pushboolean(L, 1);
  return 1;
}

/* t:difficulty(id, {size=, length=, type=, complexity=, extra=}) -> points */
static int t_difficulty(lua_State *L) {
  sk_table *t = sklua_checktable(L, 1);
  int i = sklua_entry_index(L, t, 2);
  int32_t fig[SK_FIG_COUNT] = {0};
  if (i < 0) return sklua_no_technique(L, 2, t);
  if (!lua_isnoneornil(L, 3)) {
    luaL_checktype(L, 3, LUA_TTABLE);
    for (int f = 0; f < SK_FIG_COUNT; f++)
      fig[f] = (int32_t)sklua_optintfield(L, 3, sk_figure_name(f), 0);
  }
  sklua_pushdiff(L, sk_table_difficulty(&t->entry[i], fig));
  return 1;
}

/* {------ t:yaml(): the table as YAML text that sk.table() reads back */

static void add_milli(luaL_Buffer *b, int32_t m) {
  char buf[32];
  int frac = m % 1000, digits = 3;
  if (frac == 0) snprintf(buf, sizeof buf, "%d.0", (int)(m / 1000));
  else {
    while (frac % 10 == 0) frac /= 10, digits--;
    snprintf(buf, sizeof buf, "%d.%0*d", (int)(m / 1000), digits, frac);
  }
  luaL_addstring(b, buf);
}

/* A double-quoted YAML scalar. */
static void add_quoted(luaL_Buffer *b, const char *s) {
  luaL_addchar(b, '"');
  for (; *s; s++) {
    unsigned char ch = (unsigned char)*s;
    if (ch == '"' || ch == '\\') luaL_addchar(b, '\\'), luaL_addchar(b, (char)ch);
    else if (ch < 0x20) {
      char esc[8];
      snprintf(esc, sizeof esc, "\\x%02x", ch);
      luaL_addstring(b, esc);
    } else luaL_addchar(b, (char)ch);
  }
  luaL_addchar(b, '"');
}

static void add_field(luaL_Buffer *b, const char *indent, const char *key, const char *text) {
  luaL_addstring(b, indent);
  luaL_addstring(b, key);
  luaL_addstring(b, ": ");
  add_quoted(b, text);
  luaL_addchar(b, '\n');
}

static void add_modifier(luaL_Buffer *b, const sk_modifier *m) {
  char buf[48];
  luaL_addstring(b, "      - figure: ");
  luaL_addstring(b, sk_figure_name(m->figure));
  luaL_addstring(b, "\n        ");
  switch (m->kind) {
  case SK_MOD_STEPS:
  case SK_MOD_MAP:
    luaL_addstring(b, m->kind == SK_MOD_STEPS ? "steps: {" : "map: {");
    for (int k = 0; k < m->nkeys; k++) {
      snprintf(buf, sizeof buf, "%s%d: ", k ? ", " : "", (int)m->key[k]);
      luaL_addstring(b, buf);
      add_milli(b, m->add[k]);
    }
    luaL_addstring(b, "}\n");
    break;
  case SK_MOD_LINEAR:
    luaL_addstring(b, "linear: ");
    add_milli(b, m->per);
    snprintf(buf, sizeof buf, "\n        from: %d\n", (int)m->from);
    luaL_addstring(b, buf);
    break;
  case SK_MOD_CHAIN:
    snprintf(buf, sizeof buf, "chain: {offset: %d, first: %d, step: ", (int)m->offset, (int)m->first);
    luaL_addstring(b, buf);
    add_milli(b, m->step);
    luaL_addstring(b, "}\n");
    break;
  }
  if (m->provenance) add_field(b, "        ", "provenance", m->provenance);
}

static int t_yaml(lua_State *L) {
  sk_table *t = sklua_checktable(L, 1);
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  luaL_addstring(&b, "# written by sudokit (t:yaml())\n");
  add_field(&b, "", "name", t->name);
  if (t->description) add_field(&b, "", "description", t->description);
  luaL_addstring(&b, "techniques:\n");
  for (int i = 0; i < t->n; i++) {
    const sk_table_entry *e = &t->entry[i];
    luaL_addstring(&b, "  - id: ");
    luaL_addstring(&b, e->id);
    luaL_addchar(&b, '\n');
    if (e->name) add_field(&b, "    ", "name", e->name);
    luaL_addstring(&b, "    base: ");
    add_milli(&b, e->base);
    luaL_addchar(&b, '\n');
    if (e->provenance) add_field(&b, "    ", "provenance", e->provenance);
    if (e->nmod) luaL_addstring(&b, "    modifiers:\n");
    for (int k = 0; k < e->nmod; k++) add_modifier(&b, &e->mod[k]);
  }
  luaL_pushresult(&b);
  return 1;
}

/* ------} */

static int t_ids(lua_State *L) {
  sk_table *t = sklua_checktable(L, 1);
  lua_createtable(L, t->n, 0);
  for (int i = 0; i < t->n; i++) {
    lua_pushstring(L, t->entry[i].id);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int t_copy(lua_State *L) {
  sk_table *t = sklua_checktable(L, 1);
  sklua_table *c = sklua_newtable(L);
  if (!(c->t = sk_table_copy(t))) return luaL_error(L, "out of memory");
  return 1;
}

static int t_name(lua_State *L) {
  lua_pushstring(L, sklua_checktable(L, 1)->name);
  return 1;
}

static int t_path(lua_State *L) {
  lua_pushstring(L, sklua_checktable(L, 1)->path);
  return 1;
}

static int t_len(lua_State *L) {
  lua_pushinteger(L, sklua_checktable(L, 1)->n);
  return 1;
}

static int t_gc(lua_State *L) {
  sklua_table *t = luaL_checkudata(L, 1, SKLUA_TABLE_MT);
  sk_table_free(t->t);
  t->t = NULL;
  return 0;
}

static int t_tostring(lua_State *L) {
  sklua_table *t = luaL_checkudata(L, 1, SKLUA_TABLE_MT);
  if (!t->t) lua_pushliteral(L, "sudokit.table (closed)");
  else lua_pushfstring(L, "sudokit.table %s (%d techniques, %s)", t->t->name, t->t->n, t->t->path);
  return 1;
}

static const luaL_Reg table_meth[] = {
  {"get", t_get}, {"set", t_set}, {"remove", t_remove}, {"difficulty", t_difficulty},
  {"ids", t_ids}, {"copy", t_copy}, {"yaml", t_yaml}, {"name", t_name}, {"path", t_path}, {"close", t_gc},
  {NULL, NULL}
};

static const luaL_Reg table_metameth[] = {
  {"__index", NULL}, {"__len", t_len}, {"__gc", t_gc}, {"__close", t_gc},
  {"__tostring", t_tostring}, {NULL, NULL}
};

void sklua_open_table(lua_State *L) {
  static const luaL_Reg funcs[] = {
    {"table", l_table}, {"parse_table", l_parse_table}, {NULL, NULL}
  };
  sklua_newmeta(L, SKLUA_TABLE_MT, table_metameth, table_meth);
  luaL_setfuncs(L, funcs, 0);
}
