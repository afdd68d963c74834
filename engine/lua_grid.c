/*
** lua_grid.c -- sudokit.grid, the grid as a Lua value (lua_internal.h
** lists the parts of the binding).
**
** A grid is a plain sk_grid in a full userdata: copying it copies the
** values, the candidates and the givens.  sk.grid() makes one; the other
** parts push grids with sklua_newgrid and sklua_pushgrid.  g:apply(hint)
** is lua_hint.c's.
*/
#include <string.h>
#include "lua_internal.h"
#include "sk_format.h"
#include "sk_solver.h"

/* Row and column arguments (1..9) -> cell 0..80. */
static int checkcell(lua_State *L, int arg) {
  lua_Integer r = luaL_checkinteger(L, arg), c = luaL_checkinteger(L, arg + 1);
  luaL_argcheck(L, r >= 1 && r <= 9, arg, "row must be 1..9");
  luaL_argcheck(L, c >= 1 && c <= 9, arg + 1, "column must be 1..9");
  return (int)((r - 1) * 9 + (c - 1));
}

static int checkdigit(lua_State *L, int arg, int lo) {
  lua_Integer d = luaL_checkinteger(L, arg);
  luaL_argcheck(L, d >= lo && d <= 9, arg, lo ? "digit must be 1..9" : "digit must be 0..9");
  return (int)d;
}

sk_grid *sklua_newgrid(lua_State *L) {
  sk_grid *g = lua_newuserdatauv(L, sizeof *g, 0);
  luaL_setmetatable(L, SKLUA_GRID_MT);
  return g;
}

sk_grid *sklua_checkgrid(lua_State *L, int arg) {
  return luaL_checkudata(L, arg, SKLUA_GRID_MT);
}

sk_grid *sklua_pushgrid(lua_State *L, const sk_grid *src) {
  sk_grid *g = sklua_newgrid(L);
  *g = *src;
  return g;
}

/* Entry i of the list at arg: an integer lo..9, else the error msg. */
static int listdigit(lua_State *L, int arg, lua_Integer i, int lo, const char *msg) {
  int ok;
  lua_Integer d = (lua_geti(L, arg, i), lua_tointegerx(L, -1, &ok));
  lua_pop(L, 1);
  luaL_argcheck(L, ok && d >= lo && d <= 9, arg, msg);
  return (int)d;
}

/* g becomes tmp with the givens given; true to Lua. */
static int become(lua_State *L, sk_grid *g, sk_grid *tmp, sk_bits givens) {
  tmp->givens = givens;
  *g = *tmp;
  lua_pushboolean(L, 1);
  return 1;
}

/* "digit 5 given twice in a house (at r1c4)" */
static int conflict(lua_State *L, const uint8_t *v, int cell) {
  char name[8];
  if (cell < 0) return sklua_fail(L, "malformed puzzle");
  return sklua_failf(L, "digit %d given twice in a house (at %s)", v[cell],
                     sk_cell_name(cell, name));
}

/* sk.grid() -> empty grid; sk.grid(s) -> grid (text after the puzzle is
** ignored; readers keep it); sk.grid{81 values} */
static int l_grid(lua_State *L) {
  if (lua_isnoneornil(L, 1)) {
    sk_grid_init(sklua_newgrid(L));
    return 1;
  }
  if (lua_type(L, 1) == LUA_TTABLE) {
    uint8_t v[SK_CELLS];
    int bad = -1;
    luaL_argcheck(L, luaL_len(L, 1) == SK_CELLS, 1, "a list of 81 values");
    for (int c = 0; c < SK_CELLS; c++)
      v[c] = (uint8_t)listdigit(L, 1, c + 1, 0, "values must be integers 0..9");
    sk_grid *g = sklua_newgrid(L);
    if (sk_grid_from_values(g, v, &bad) != 0) return conflict(L, v, bad);
    return 1;
  }
  const char *s = luaL_checkstring(L, 1);
  sk_grid *g = sklua_newgrid(L);             /* before parsing: nothing may raise after */
  sk_puzzle p;
  char why[sizeof p.error];
  uint8_t v[SK_CELLS];
  int bad = -1, rc;
  memset(&p, 0, sizeof p);
  if ((rc = sk_parse_line(s, &p)) != 0) memcpy(why, p.error, sizeof why);
  else if ((rc = sk_puzzle_grid(&p, g, &bad)) != 0) memcpy(v, p.values, sizeof v), rc = 2;
  sk_puzzle_free(&p);
  if (rc == 2) return conflict(L, v, bad);
  if (rc != 0) return sklua_fail(L, why);
  return 1;
}

static int g_get(lua_State *L) {
  sk_grid *g = sklua_checkgrid(L, 1);
  lua_pushinteger(L, g->value[checkcell(L, 2)]);
  return 1;
}

static int g_given(lua_State *L) {
  sk_grid *g = sklua_checkgrid(L, 1);
  lua_pushboolean(L, sk_bits_has(&g->givens, checkcell(L, 2)));
  return 1;
}

/* Rebuild from values (after clearing a cell): candidates are recomputed,
** so eliminations made by hand are lost; givens stay givens. */
static int rebuild(lua_State *L, sk_grid *g, int cleared) {
  uint8_t v[SK_CELLS];
  sk_bits givens = g->givens;
  int bad = -1;
  sk_grid_values(g, v);
  v[cleared] = 0;
  sk_bits_clear(&givens, cleared);
  sk_grid tmp;
  if (sk_grid_from_values(&tmp, v, &bad) != 0) return conflict(L, v, bad);
  return become(L, g, &tmp, givens);
}

/* g:set(r, c, d): place d (it must be a candidate); d = 0 empties the cell. */
static int g_set(lua_State *L) {
  sk_grid *g = sklua_checkgrid(L, 1);
  int cell = checkcell(L, 2), d = checkdigit(L, 4, 0);
  char name[8];
  if (d == 0) return g->value[cell] ? rebuild(L, g, cell) : (lua_pushboolean(L, 1), 1);
  if (g->value[cell] == d) return lua_pushboolean(L, 1), 1;
  if (g->value[cell])
    return sklua_failf(L, "%s already holds %d", sk_cell_name(cell, name), g->value[cell]);
  if (!(g->cand[cell] & SK_BIT(d)))
    return sklua_failf(L, "%s: %d is not a candidate", sk_cell_name(cell, name), d);
  sk_grid_place(g, cell, d);
  lua_pushboolean(L, 1);
  return 1;
}

static int g_candidates(lua_State *L) {
  sk_grid *g = sklua_checkgrid(L, 1);
  sk_mask m = g->cand[checkcell(L, 2)];
  lua_createtable(L, sk_mask_count(m), 0);
  for (int i = 1; m; m &= m - 1) {
    lua_pushinteger(L, sk_mask_first(m));
    lua_rawseti(L, -2, i++);
  }
  return 1;
}

static int g_has(lua_State *L) {
  sk_grid *g = sklua_checkgrid(L, 1);
  int cell = checkcell(L, 2), d = checkdigit(L, 4, 1);
  lua_pushboolean(L, (g->cand[cell] & SK_BIT(d)) != 0);
  return 1;
}

static int g_eliminate(lua_State *L) {
  sk_grid *g = sklua_checkgrid(L, 1);
  int cell = checkcell(L, 2), d = checkdigit(L, 4, 1);
  lua_pushboolean(L, sk_grid_eliminate(g, cell, d));
  return 1;
}

/* g:set_candidates(r, c, {digits}): the exact candidates of an empty cell. */
static int g_set_candidates(lua_State *L) {
  sk_grid *g = sklua_checkgrid(L, 1);
  int cell = checkcell(L, 2);
  char name[8];
  sk_mask m = 0;
  luaL_checktype(L, 4, LUA_TTABLE);
  for (lua_Integer i = 1, n = luaL_len(L, 4); i <= n; i++)
    m |= SK_BIT(listdigit(L, 4, i, 1, "digits must be 1..9"));
  if (g->value[cell])
    return sklua_failf(L, "%s holds %d", sk_cell_name(cell, name), g->value[cell]);
  sk_mask cand[SK_CELLS];
  memcpy(cand, g->cand, sizeof cand);
  cand[cell] = m;
  sk_grid tmp;
  sk_grid_from_candidates(&tmp, cand, g->value);
  return become(L, g, &tmp, g->givens);
}

static int g_empty(lua_State *L) {
  lua_pushinteger(L, sklua_checkgrid(L, 1)->nempty);
  return 1;
}

static int g_solved(lua_State *L) {
  lua_pushboolean(L, sk_grid_solved(sklua_checkgrid(L, 1)));
  return 1;
}

static int g_values(lua_State *L) {
  sk_grid *g = sklua_checkgrid(L, 1);
  lua_createtable(L, SK_CELLS, 0);
  for (int c = 0; c < SK_CELLS; c++) {
    lua_pushinteger(L, g->value[c]);
    lua_rawseti(L, -2, c + 1);
  }
  return 1;
}

static int g_line(lua_State *L) {
  sk_grid *g = sklua_checkgrid(L, 1);
  const char *blank = luaL_optstring(L, 2, ".");
  char buf[SK_CELLS + 2];
  luaL_argcheck(L, strlen(blank) == 1, 2, "one character");
  sk_write_line(buf, g->value, blank[0]);
  lua_pushlstring(L, buf, SK_CELLS);
  return 1;
}

static int g_format(lua_State *L) {
  static const char *const kinds[] = {"line", "grid", "candidates", NULL};
  sk_grid *g = sklua_checkgrid(L, 1);
  char buf[SK_CELLS * 9 + 2];
  size_t n;
  switch (luaL_checkoption(L, 2, "line", kinds)) {
  case 0: n = sk_write_line(buf, g->value, '.'); break;
  case 1: n = sk_write_grid(buf, g->value); break;
  default: n = sk_write_candidates(buf, g); break;
  }
  lua_pushlstring(L, buf, n - 1);      /* without the last newline */
  return 1;
}

static int g_copy(lua_State *L) {
  sklua_pushgrid(L, sklua_checkgrid(L, 1));
  return 1;
}

/* g:solve() -> the solution as a grid; nil, "no solution" / "several solutions" */
static int g_solve(lua_State *L) {
  sk_grid *g = sklua_checkgrid(L, 1);
  uint8_t sol[SK_CELLS];
  unsigned long n = sk_solve_count_grid(g, 2, sol, NULL);
  if (n == 0) return sklua_fail(L, "no solution");
  if (n > 1) return sklua_fail(L, "several solutions");
  sk_grid *s = sklua_newgrid(L);
  sk_grid_from_values(s, sol, NULL);
  s->givens = g->givens;
  return 1;
}

static int g_count(lua_State *L) {
  sk_grid *g = sklua_checkgrid(L, 1);
  lua_Integer limit = luaL_optinteger(L, 2, 2);
  luaL_argcheck(L, limit >= 1, 2, "limit must be at least 1");
  lua_pushinteger(L, (lua_Integer)sk_solve_count_grid(g, (unsigned long)limit, NULL, NULL));
  return 1;
}

static int g_eq(lua_State *L) {
  sk_grid *a = sklua_checkgrid(L, 1), *b = sklua_checkgrid(L, 2);
  lua_pushboolean(L, memcmp(a->value, b->value, sizeof a->value) == 0 &&
                     memcmp(a->cand, b->cand, sizeof a->cand) == 0);
  return 1;
}

static int g_tostring(lua_State *L) {
  char buf[SK_CELLS + 2];
  sk_write_line(buf, sklua_checkgrid(L, 1)->value, '.');
  lua_pushlstring(L, buf, SK_CELLS);
  return 1;
}

static const luaL_Reg grid_meth[] = {
  {"get", g_get}, {"set", g_set}, {"given", g_given},
  {"candidates", g_candidates}, {"has", g_has}, {"eliminate", g_eliminate},
  {"set_candidates", g_set_candidates},
  {"empty", g_empty}, {"solved", g_solved}, {"values", g_values},
  {"line", g_line}, {"format", g_format}, {"copy", g_copy},
  {"solve", g_solve}, {"count", g_count}, {"apply", sklua_grid_apply},
  {NULL, NULL}
};

static const luaL_Reg grid_metameth[] = {
  {"__index", NULL}, {"__eq", g_eq}, {"__tostring", g_tostring}, {NULL, NULL}
};

void sklua_open_grid(lua_State *L) {
  static const luaL_Reg funcs[] = {{"grid", l_grid}, {NULL, NULL}};
  sklua_newmeta(L, SKLUA_GRID_MT, grid_metameth, grid_meth);
  luaL_setfuncs(L, funcs, 0);
}
