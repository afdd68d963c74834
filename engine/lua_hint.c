/*
** lua_hint.c -- sudokit.hint: one technique's hint on one grid, as Lua
** sees it (lua_internal.h lists the parts of the binding).
**
** A hint is a copy: its eliminations are cut to the grid's candidates
** when it is pushed, and its names are copied out of the table and the
** plugin, so it stays valid after the engine is closed.  Its fields are
** read through __index.  The Lua table of a rating's step (lua_rate.c)
** is made here too, from an sklua_stepview, so that hints and steps show
** the same fields; and g:apply(hint), which the grid's methods list.
*/
#include <stdio.h>
#include <string.h>
#include "lua_internal.h"

static sklua_hint *checkhint(lua_State *L, int arg) {
  return luaL_checkudata(L, arg, SKLUA_HINT_MT);
}

const char *sklua_hint_name(const sk_engine *e, int tech, const sk_hint *h) {
  const sk_table_entry *te = &sk_engine_table(e)->entry[tech];
  return h->name ? h->name : te->name ? te->name : sk_engine_bound(e, tech)->name;
}

void sklua_pushhint(lua_State *L, const sk_engine *e, int tech, const sk_hint *h, int32_t diff,
                    const sk_grid *g) {
  sklua_hint *x = lua_newuserdatauv(L, sizeof *x, 0);
  luaL_setmetatable(L, SKLUA_HINT_MT);
  x->h = *h;
  for (int c = 0; c < SK_CELLS; c++) x->h.elim[c] &= g->cand[c];
  x->h.text[SK_HINT_TEXT - 1] = '\0';
  x->h.name = NULL;            /* points into a plugin: use the copy below */
  x->diff = diff;
  x->tech = tech;
  snprintf(x->id, sizeof x->id, "%s", sk_engine_table(e)->entry[tech].id);
  snprintf(x->name, sizeof x->name, "%s", sklua_hint_name(e, tech, h));
}

int sklua_elim_list(const sk_mask *elim, const sk_grid *g, uint16_t *out) {
  int n = 0;
  for (int c = 0; c < SK_CELLS; c++)
    for (sk_mask m = elim[c] & (g ? g->cand[c] : (sk_mask)~0); m; m &= m - 1)
      out[n++] = (uint16_t)(c * 16 + sk_mask_first(m));
  return n;
}

static void push_elims(lua_State *L, const uint16_t *el, int n) {
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    lua_createtable(L, 0, 3);
    lua_pushinteger(L, el[i] / 16 / 9 + 1), lua_setfield(L, -2, "r");
    lua_pushinteger(L, el[i] / 16 % 9 + 1), lua_setfield(L, -2, "c");
    lua_pushinteger(L, el[i] % 16), lua_setfield(L, -2, "d");
    lua_rawseti(L, -2, i + 1);
  }
}

static void describe(const sklua_stepview *v, char *buf, size_t size) {
  sk_step s;
  memset(&s, 0, sizeof s);
  s.id = v->id, s.name = v->name, s.text = (char *)v->text;
  s.difficulty = v->diff, s.cell = v->cell, s.digit = v->digit;
  s.nelim = v->nelim, s.elim = (uint16_t *)v->elim;
  sk_step_describe(&s, buf, size);
}

void sklua_push_stepview(lua_State *L, const sklua_stepview *v) {
  char desc[4096];
  lua_createtable(L, 0, 12);
  lua_pushstring(L, v->id), lua_setfield(L, -2, "id");
  lua_pushstring(L, v->name), lua_setfield(L, -2, "name");
  lua_pushinteger(L, v->tech + 1), lua_setfield(L, -2, "technique");
  sklua_pushdiff(L, v->diff), lua_setfield(L, -2, "difficulty");
  if (v->cell >= 0) {
    lua_pushinteger(L, v->cell / 9 + 1), lua_setfield(L, -2, "r");
    lua_pushinteger(L, v->cell % 9 + 1), lua_setfield(L, -2, "c");
    lua_pushinteger(L, v->digit), lua_setfield(L, -2, "digit");
  }
  push_elims(L, v->elim, v->nelim), lua_setfield(L, -2, "eliminations");
  lua_pushstring(L, v->text ? v->text : ""), lua_setfield(L, -2, "text");
  describe(v, desc, sizeof desc);
  lua_pushstring(L, desc), lua_setfield(L, -2, "description");
  if (v->compact) lua_pushstring(L, v->compact), lua_setfield(L, -2, "compact");
  if (v->detail) lua_pushstring(L, v->detail), lua_setfield(L, -2, "detail");
}

static void hint_view(const sklua_hint *x, sklua_stepview *v, uint16_t *buf) {
  v->id = x->id, v->name = x->name, v->text = x->h.text;
  v->tech = x->tech, v->diff = x->diff;
  v->cell = x->h.cell, v->digit = x->h.cell >= 0 ? x->h.digit : 0;
  v->nelim = sklua_elim_list(x->h.elim, NULL, buf);   /* cut when pushed */
  v->elim = buf;
  v->compact = NULL;
  v->detail = NULL;
}

static int h_index(lua_State *L) {
  sklua_hint *x = checkhint(L, 1);
  const char *k = luaL_checkstring(L, 2);
  if (!strcmp(k, "id")) lua_pushstring(L, x->id);
  else if (!strcmp(k, "name")) lua_pushstring(L, x->name);
  else if (!strcmp(k, "technique")) lua_pushinteger(L, x->tech + 1);
  else if (!strcmp(k, "difficulty")) sklua_pushdiff(L, x->diff);
  else if (!strcmp(k, "r")) x->h.cell >= 0 ? lua_pushinteger(L, x->h.cell / 9 + 1) : lua_pushnil(L);
  else if (!strcmp(k, "c")) x->h.cell >= 0 ? lua_pushinteger(L, x->h.cell % 9 + 1) : lua_pushnil(L);
  else if (!strcmp(k, "digit")) x->h.cell >= 0 ? lua_pushinteger(L, x->h.digit) : lua_pushnil(L);
  else if (!strcmp(k, "text")) lua_pushstring(L, x->h.text);
  else if (!strcmp(k, "order")) lua_pushinteger(L, (lua_Integer)x->h.order);
  else if (!strcmp(k, "eliminations") || !strcmp(k, "description")) {
    uint16_t buf[SKLUA_MAX_ELIM];
    sklua_stepview v;
    hint_view(x, &v, buf);
    if (k[0] == 'e') push_elims(L, v.elim, v.nelim);
    else {
      char desc[4096];
      describe(&v, desc, sizeof desc);
      lua_pushstring(L, desc);
    }
  } else if (!strcmp(k, "figures")) {
    lua_createtable(L, 0, SK_FIG_COUNT);
    for (int f = 0; f < SK_FIG_COUNT; f++) {
      lua_pushinteger(L, x->h.fig[f]);
      lua_setfield(L, -2, sk_figure_name(f));
    }
  } else if (!strcmp(k, "apply")) lua_pushcfunction(L, sklua_grid_apply);
  else lua_pushnil(L);
  return 1;
}

static int h_tostring(lua_State *L) {
  uint16_t buf[SKLUA_MAX_ELIM];
  char desc[4096];
  sklua_stepview v;
  hint_view(checkhint(L, 1), &v, buf);
  describe(&v, desc, sizeof desc);
  lua_pushstring(L, desc);
  return 1;
}

/* What a hint would change on g: 1 if it places or eliminates anything. */
int sklua_hint_acts(const sk_hint *h, const sk_grid *g) {
  if (h->cell >= 0 && g->value[h->cell] == 0 && (g->cand[h->cell] & SK_BIT(h->digit))) return 1;
  for (int c = 0; c < SK_CELLS; c++)
    if (h->elim[c] & g->cand[c]) return 1;
  return 0;
}

/* g:apply(hint) or hint:apply(g) -> true when something changed */
int sklua_grid_apply(lua_State *L) {
  sk_grid *g;
  sklua_hint *x;
  if (luaL_testudata(L, 1, SKLUA_HINT_MT)) x = checkhint(L, 1), g = sklua_checkgrid(L, 2);
  else g = sklua_checkgrid(L, 1), x = checkhint(L, 2);
  if (x->h.cell >= 0 && g->value[x->h.cell] == 0 && !(g->cand[x->h.cell] & SK_BIT(x->h.digit))) {
    char name[8];
    return luaL_error(L, "hint places %d in %s where it is not a candidate", x->h.digit,
                      sk_cell_name(x->h.cell, name));
  }
  int acts = sklua_hint_acts(&x->h, g);
  sk_hint_apply(&x->h, g);
  lua_pushboolean(L, acts);
  return 1;
}

static const luaL_Reg hint_metameth[] = {
  {"__index", h_index}, {"__tostring", h_tostring}, {NULL, NULL}
};

void sklua_open_hint(lua_State *L) {
  sklua_newmeta(L, SKLUA_HINT_MT, hint_metameth, NULL);
}
