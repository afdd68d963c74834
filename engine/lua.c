/*
** lua.c -- the Lua 5.4 binding of sudokit (see sk_lua.h).
**
** Every object a script holds is a full userdata with a metatable named
** "sudokit.*": grids are plain values; tables, engines and readers own C
** resources and free them in __gc and __close (after which a use raises
** "... is closed").  Nothing is global: metatables live in the registry
** of each lua_State, so policies of several threads never meet.
**
** Memory that a C function gathers while it may still raise a Lua error
** (a callback into Lua, a failed allocation) is held by a "box" userdata
** whose __gc frees it, so an error never leaks it.
*/
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#include "sk_lua.h"
#include "sk_analysis.h"
#include "sk_engine.h"
#include "sk_format.h"
#include "sk_gen.h"
#include "sk_solver.h"
#include "sk_table.h"

#ifndef SK_VERSION
#define SK_VERSION "0"
#endif
#ifndef SK_PREFIX
#define SK_PREFIX "/usr/local"
#endif

#define GRID_MT    "sudokit.grid"
#define TABLE_MT   "sudokit.table"
#define ENGINE_MT  "sudokit.engine"
#define HINT_MT    "sudokit.hint"
#define READER_MT  "sudokit.reader"
#define RNG_MT     "sudokit.rng"
#define POLICY_MT  "sudokit.policy"
#define BOX_MT     "sudokit.box"

#define MAX_ELIM   (SK_CELLS * 9)

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* {====================================================================
** Small helpers
** ===================================================================== */

/* Difficulties travel to Lua as points (4.5) and back as milli-points. */
static void pushdiff(lua_State *L, int32_t milli) { lua_pushnumber(L, milli / 1000.0); }

static int32_t tomilli(lua_State *L, int arg) {
  lua_Number x = luaL_checknumber(L, arg);
  luaL_argcheck(L, x >= 0 && x <= 100, arg, "a difficulty must lie in [0, 100]");
  return (int32_t)llround(x * 1000);
}

/* A box: a userdata holding one malloc'd block, freed by __gc. */
typedef struct box { void *p; } box;

static void **newbox(lua_State *L, size_t size) {
  box *b = lua_newuserdatauv(L, sizeof *b, 0);
  b->p = NULL;
  luaL_setmetatable(L, BOX_MT);
  if (size && !(b->p = calloc(1, size))) luaL_error(L, "out of memory");
  return &b->p;
}

static int box_gc(lua_State *L) {
  box *b = luaL_checkudata(L, 1, BOX_MT);
  free(b->p);
  b->p = NULL;
  return 0;
}

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

static int fail(lua_State *L, const char *msg) {
  luaL_pushfail(L);
  lua_pushstring(L, msg);
  return 2;
}

static int failf(lua_State *L, const char *fmt, ...) {
  va_list ap;
  luaL_pushfail(L);
  va_start(ap, fmt);
  lua_pushvfstring(L, fmt, ap);
  va_end(ap);
  return 2;
}

/* Optional field of an options table at index t. */
static int optfield(lua_State *L, int t, const char *k) {
  if (lua_isnoneornil(L, t)) {
    lua_pushnil(L);
    return LUA_TNIL;
  }
  return lua_getfield(L, t, k);
}

static double optnumfield(lua_State *L, int t, const char *k, double def) {
  double v = def;
  int ty = optfield(L, t, k);
  if (ty == LUA_TNUMBER) v = lua_tonumber(L, -1);
  else if (ty != LUA_TNIL) luaL_error(L, "option '%s' must be a number", k);
  lua_pop(L, 1);
  return v;
}

static lua_Integer optintfield(lua_State *L, int t, const char *k, lua_Integer def) {
  lua_Integer v = def;
  int ty = optfield(L, t, k);
  if (ty != LUA_TNIL) {
    int ok;
    v = lua_tointegerx(L, -1, &ok);
    if (!ok) luaL_error(L, "option '%s' must be an integer", k);
  }
  lua_pop(L, 1);
  return v;
}

static int optboolfield(lua_State *L, int t, const char *k) {
  optfield(L, t, k);
  int v = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return v;
}

/* String option: copied into buf (NULL when absent). */
static const char *optstrfield(lua_State *L, int t, const char *k, char *buf, size_t n) {
  const char *v = NULL;
  int ty = optfield(L, t, k);
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
** Grids
** ===================================================================== */

static sk_grid *newgrid(lua_State *L) {
  sk_grid *g = lua_newuserdatauv(L, sizeof *g, 0);
  luaL_setmetatable(L, GRID_MT);
  return g;
}

static sk_grid *checkgrid(lua_State *L, int arg) { return luaL_checkudata(L, arg, GRID_MT); }

static sk_grid *pushgrid(lua_State *L, const sk_grid *src) {
  sk_grid *g = newgrid(L);
  *g = *src;
  return g;
}

/* "digit 5 given twice in a house (at r1c4)" */
static int conflict(lua_State *L, const uint8_t *v, int cell) {
  char name[8];
  if (cell < 0) return fail(L, "malformed puzzle");
  return failf(L, "digit %d given twice in a house (at %s)", v[cell], sk_cell_name(cell, name));
}

/* sk.grid() -> empty grid; sk.grid(s) -> grid (text after the puzzle is
** ignored; readers keep it); sk.grid{81 values} */
static int l_grid(lua_State *L) {
  if (lua_isnoneornil(L, 1)) {
    sk_grid_init(newgrid(L));
    return 1;
  }
  if (lua_type(L, 1) == LUA_TTABLE) {
    uint8_t v[SK_CELLS];
    int bad = -1;
    luaL_argcheck(L, luaL_len(L, 1) == SK_CELLS, 1, "a list of 81 values");
    for (int c = 0; c < SK_CELLS; c++) {
      int ok;
      lua_Integer d = (lua_geti(L, 1, c + 1), lua_tointegerx(L, -1, &ok));
      lua_pop(L, 1);
      luaL_argcheck(L, ok && d >= 0 && d <= 9, 1, "values must be integers 0..9");
      v[c] = (uint8_t)d;
    }
    sk_grid *g = newgrid(L);
    if (sk_grid_from_values(g, v, &bad) != 0) return conflict(L, v, bad);
    return 1;
  }
  const char *s = luaL_checkstring(L, 1);
  sk_grid *g = newgrid(L);             /* before parsing: nothing may raise after */
  sk_puzzle p;
  char why[sizeof p.error];
  uint8_t v[SK_CELLS];
  int bad = -1, rc;
  memset(&p, 0, sizeof p);
  if ((rc = sk_parse_line(s, &p)) != 0) memcpy(why, p.error, sizeof why);
  else if ((rc = sk_puzzle_grid(&p, g, &bad)) != 0) memcpy(v, p.values, sizeof v), rc = 2;
  sk_puzzle_free(&p);
  if (rc == 2) return conflict(L, v, bad);
  if (rc != 0) return fail(L, why);
  return 1;
}

static int g_get(lua_State *L) {
  sk_grid *g = checkgrid(L, 1);
  lua_pushinteger(L, g->value[checkcell(L, 2)]);
  return 1;
}

static int g_given(lua_State *L) {
  sk_grid *g = checkgrid(L, 1);
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
  tmp.givens = givens;
  *g = tmp;
  lua_pushboolean(L, 1);
  return 1;
}

/* g:set(r, c, d): place d (it must be a candidate); d = 0 empties the cell. */
static int g_set(lua_State *L) {
  sk_grid *g = checkgrid(L, 1);
  int cell = checkcell(L, 2), d = checkdigit(L, 4, 0);
  char name[8];
  if (d == 0) return g->value[cell] ? rebuild(L, g, cell) : (lua_pushboolean(L, 1), 1);
  if (g->value[cell] == d) return lua_pushboolean(L, 1), 1;
  if (g->value[cell])
    return failf(L, "%s already holds %d", sk_cell_name(cell, name), g->value[cell]);
  if (!(g->cand[cell] & SK_BIT(d)))
    return failf(L, "%s: %d is not a candidate", sk_cell_name(cell, name), d);
  sk_grid_place(g, cell, d);
  lua_pushboolean(L, 1);
  return 1;
}

static int g_candidates(lua_State *L) {
  sk_grid *g = checkgrid(L, 1);
  sk_mask m = g->cand[checkcell(L, 2)];
  lua_createtable(L, sk_mask_count(m), 0);
  for (int i = 1; m; m &= m - 1) {
    lua_pushinteger(L, sk_mask_first(m));
    lua_rawseti(L, -2, i++);
  }
  return 1;
}

static int g_has(lua_State *L) {
  sk_grid *g = checkgrid(L, 1);
  int cell = checkcell(L, 2), d = checkdigit(L, 4, 1);
  lua_pushboolean(L, (g->cand[cell] & SK_BIT(d)) != 0);
  return 1;
}

static int g_eliminate(lua_State *L) {
  sk_grid *g = checkgrid(L, 1);
  int cell = checkcell(L, 2), d = checkdigit(L, 4, 1);
  lua_pushboolean(L, sk_grid_eliminate(g, cell, d));
  return 1;
}

/* g:set_candidates(r, c, {digits}): the exact candidates of an empty cell. */
static int g_set_candidates(lua_State *L) {
  sk_grid *g = checkgrid(L, 1);
  int cell = checkcell(L, 2);
  char name[8];
  sk_mask m = 0;
  luaL_checktype(L, 4, LUA_TTABLE);
  for (lua_Integer i = 1, n = luaL_len(L, 4); i <= n; i++) {
    int ok;
    lua_Integer d = (lua_geti(L, 4, i), lua_tointegerx(L, -1, &ok));
    lua_pop(L, 1);
    luaL_argcheck(L, ok && d >= 1 && d <= 9, 4, "digits must be 1..9");
    m |= SK_BIT(d);
  }
  if (g->value[cell]) return failf(L, "%s holds %d", sk_cell_name(cell, name), g->value[cell]);
  sk_mask cand[SK_CELLS];
  memcpy(cand, g->cand, sizeof cand);
  cand[cell] = m;
  sk_bits givens = g->givens;
  sk_grid tmp;
  sk_grid_from_candidates(&tmp, cand, g->value);
  tmp.givens = givens;
  *g = tmp;
  lua_pushboolean(L, 1);
  return 1;
}

static int g_empty(lua_State *L) {
  lua_pushinteger(L, checkgrid(L, 1)->nempty);
  return 1;
}

static int g_solved(lua_State *L) {
  lua_pushboolean(L, sk_grid_solved(checkgrid(L, 1)));
  return 1;
}

static int g_values(lua_State *L) {
  sk_grid *g = checkgrid(L, 1);
  lua_createtable(L, SK_CELLS, 0);
  for (int c = 0; c < SK_CELLS; c++) {
    lua_pushinteger(L, g->value[c]);
    lua_rawseti(L, -2, c + 1);
  }
  return 1;
}

static int g_line(lua_State *L) {
  sk_grid *g = checkgrid(L, 1);
  const char *blank = luaL_optstring(L, 2, ".");
  char buf[SK_CELLS + 2];
  luaL_argcheck(L, strlen(blank) == 1, 2, "one character");
  sk_write_line(buf, g->value, blank[0]);
  lua_pushlstring(L, buf, SK_CELLS);
  return 1;
}

static int g_format(lua_State *L) {
  static const char *const kinds[] = {"line", "grid", "candidates", NULL};
  sk_grid *g = checkgrid(L, 1);
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
  pushgrid(L, checkgrid(L, 1));
  return 1;
}

/* g:solve() -> the solution as a grid; nil, "no solution" / "several solutions" */
static int g_solve(lua_State *L) {
  sk_grid *g = checkgrid(L, 1);
  uint8_t sol[SK_CELLS];
  unsigned long n = sk_solve_count_grid(g, 2, sol, NULL);
  if (n == 0) return fail(L, "no solution");
  if (n > 1) return fail(L, "several solutions");
  sk_grid *s = newgrid(L);
  sk_grid_from_values(s, sol, NULL);
  s->givens = g->givens;
  return 1;
}

static int g_count(lua_State *L) {
  sk_grid *g = checkgrid(L, 1);
  lua_Integer limit = luaL_optinteger(L, 2, 2);
  luaL_argcheck(L, limit >= 1, 2, "limit must be at least 1");
  lua_pushinteger(L, (lua_Integer)sk_solve_count_grid(g, (unsigned long)limit, NULL, NULL));
  return 1;
}

static int g_eq(lua_State *L) {
  sk_grid *a = checkgrid(L, 1), *b = checkgrid(L, 2);
  lua_pushboolean(L, memcmp(a->value, b->value, sizeof a->value) == 0 &&
                     memcmp(a->cand, b->cand, sizeof a->cand) == 0);
  return 1;
}

static int g_tostring(lua_State *L) {
  char buf[SK_CELLS + 2];
  sk_write_line(buf, checkgrid(L, 1)->value, '.');
  lua_pushlstring(L, buf, SK_CELLS);
  return 1;
}

static int g_apply(lua_State *L);      /* with the hints */

static const luaL_Reg grid_meth[] = {
  {"get", g_get}, {"set", g_set}, {"given", g_given},
  {"candidates", g_candidates}, {"has", g_has}, {"eliminate", g_eliminate},
  {"set_candidates", g_set_candidates},
  {"empty", g_empty}, {"solved", g_solved}, {"values", g_values},
  {"line", g_line}, {"format", g_format}, {"copy", g_copy},
  {"solve", g_solve}, {"count", g_count}, {"apply", g_apply},
  {NULL, NULL}
};

static const luaL_Reg grid_metameth[] = {
  {"__index", NULL}, {"__eq", g_eq}, {"__tostring", g_tostring}, {NULL, NULL}
};

/* }==================================================================== */


/* {====================================================================
** Reading puzzle files
** ===================================================================== */

typedef struct lreader {
  FILE *f;
  sk_reader *r;
  int own;                     /* fclose f at the end (not for stdin) */
} lreader;

static lreader *checkreader(lua_State *L, int arg) {
  lreader *r = luaL_checkudata(L, arg, READER_MT);
  if (!r->r) luaL_error(L, "attempt to use a closed reader");
  return r;
}

static void reader_release(lreader *r) {
  if (r->r) sk_reader_close(r->r);
  if (r->f && r->own) fclose(r->f);
  r->r = NULL;
  r->f = NULL;
}

static int r_gc(lua_State *L) {
  reader_release(luaL_checkudata(L, 1, READER_MT));
  return 0;
}

/* Push a new reader on path, or return nonzero with the message pushed. */
static int open_reader(lua_State *L, const char *path) {
  lreader *r = lua_newuserdatauv(L, sizeof *r, 0);
  memset(r, 0, sizeof *r);
  luaL_setmetatable(L, READER_MT);
  if (strcmp(path, "-") == 0) r->f = stdin;
  else if (!(r->f = fopen(path, "r"))) {
    lua_pushfstring(L, "%s: %s", path, strerror(errno));
    return 1;
  }
  r->own = r->f != stdin;
  if (!(r->r = sk_reader_open(r->f, strcmp(path, "-") ? path : "<stdin>"))) {
    lua_pushliteral(L, "out of memory");
    return 1;
  }
  return 0;
}

/* sk.open(path) -> reader, or nil, msg */
static int l_open(lua_State *L) {
  if (open_reader(L, luaL_checkstring(L, 1))) {
    luaL_pushfail(L);
    lua_insert(L, -2);
    return 2;
  }
  return 1;
}

static const char *format_name(sk_format f) {
  return f == SK_FMT_GRID ? "grid" : f == SK_FMT_CANDIDATES ? "candidates" : "line";
}

/* Push the next puzzle as a table; 0 at the end, -1 on a read error
** (message pushed). */
static int read_puzzle(lua_State *L, lreader *r) {
  sk_puzzle p;
  memset(&p, 0, sizeof p);
  void **hold = newbox(L, 0);
  int rc = sk_reader_next(r->r, &p);
  if (rc == 0) return lua_pop(L, 1), 0;
  if (rc < 0) {
    lua_pop(L, 1);
    lua_pushfstring(L, "%s: read error: %s", sk_reader_name(r->r), strerror(errno));
    return -1;
  }
  *hold = p.raw;                       /* raw and extra: one block, freed by the box */
  lua_createtable(L, 0, 8);
  lua_pushinteger(L, p.index), lua_setfield(L, -2, "index");
  lua_pushinteger(L, p.line), lua_setfield(L, -2, "line");
  lua_pushstring(L, format_name(p.format)), lua_setfield(L, -2, "format");
  lua_pushstring(L, p.raw ? p.raw : ""), lua_setfield(L, -2, "raw");
  lua_pushstring(L, p.extra ? p.extra : ""), lua_setfield(L, -2, "extra");
  int ok = p.ok;
  if (ok) {
    int bad = -1;
    sk_grid g;
    if (sk_puzzle_grid(&p, &g, &bad) == 0) {
      pushgrid(L, &g);
      lua_setfield(L, -2, "grid");
    } else {
      char name[8];
      ok = 0;
      lua_pushfstring(L, "%s:%d: digit %d given twice in a house (at %s)", sk_reader_name(r->r),
                      (int)p.line, bad >= 0 ? p.values[bad] : 0, sk_cell_name(bad, name));
      lua_setfield(L, -2, "error");
    }
  } else {
    lua_pushstring(L, p.error);
    lua_setfield(L, -2, "error");
  }
  lua_pushboolean(L, ok), lua_setfield(L, -2, "ok");
  *hold = NULL;
  sk_puzzle_free(&p);
  lua_remove(L, -2);                   /* the box */
  return 1;
}

/* reader:read() -> puzzle table, nil at the end, or nil, msg */
static int r_read(lua_State *L) {
  int rc = read_puzzle(L, checkreader(L, 1));
  if (rc > 0) return 1;
  luaL_pushfail(L);
  if (rc == 0) return 1;
  lua_insert(L, -2);
  return 2;
}

static int r_iter(lua_State *L) {
  lreader *r = luaL_checkudata(L, lua_upvalueindex(1), READER_MT);
  if (!r->r) return 0;
  int rc = read_puzzle(L, r);
  if (rc < 0) return lua_error(L);
  return rc;
}

static int r_lines(lua_State *L) {
  checkreader(L, 1);
  lua_settop(L, 1);
  lua_pushcclosure(L, r_iter, 1);
  return 1;
}

static int r_close(lua_State *L) {
  reader_release(luaL_checkudata(L, 1, READER_MT));
  return 0;
}

static int r_tostring(lua_State *L) {
  lreader *r = luaL_checkudata(L, 1, READER_MT);
  if (r->r) lua_pushfstring(L, "sudokit.reader (%s)", sk_reader_name(r->r));
  else lua_pushliteral(L, "sudokit.reader (closed)");
  return 1;
}

/* for p in sk.puzzles(path) do ... end: raises when path cannot be opened
** (like io.lines); the reader is the loop's to-be-closed value. */
static int l_puzzles(lua_State *L) {
  const char *path = luaL_checkstring(L, 1);
  if (open_reader(L, path)) return lua_error(L);
  lua_pushvalue(L, -1);
  lua_pushcclosure(L, r_iter, 1);
  lua_insert(L, -2);
  lua_pushnil(L);
  lua_insert(L, -2);
  lua_pushnil(L);
  lua_insert(L, -2);
  return 4;                    /* iterator, nil, nil, reader */
}

static const luaL_Reg reader_meth[] = {
  {"read", r_read}, {"lines", r_lines}, {"close", r_close}, {NULL, NULL}
};

static const luaL_Reg reader_metameth[] = {
  {"__index", NULL}, {"__gc", r_gc}, {"__close", r_gc}, {"__tostring", r_tostring}, {NULL, NULL}
};

/* }==================================================================== */


/* {====================================================================
** Random numbers and generated puzzles
** ===================================================================== */

static sk_rng *checkrng(lua_State *L, int arg) { return luaL_checkudata(L, arg, RNG_MT); }

/* sk.rng(seed [, stream]) */
static int l_rng(lua_State *L) {
  lua_Integer seed = luaL_checkinteger(L, 1), stream = luaL_optinteger(L, 2, 0);
  sk_rng *r = lua_newuserdatauv(L, sizeof *r, 0);
  luaL_setmetatable(L, RNG_MT);
  sk_rng_seed(r, (uint64_t)seed, (uint64_t)stream);
  return 1;
}

static int rng_next(lua_State *L) {
  lua_pushinteger(L, (lua_Integer)sk_rng_next(checkrng(L, 1)));
  return 1;
}

/* r:below(n) -> uniform integer in [0, n) */
static int rng_below(lua_State *L) {
  sk_rng *r = checkrng(L, 1);
  lua_Integer n = luaL_checkinteger(L, 2);
  luaL_argcheck(L, n >= 1 && n <= 0xFFFFFFFFLL, 2, "n must be in 1 .. 2^32-1");
  lua_pushinteger(L, sk_rng_below(r, (uint32_t)n));
  return 1;
}

static int rng_tostring(lua_State *L) {
  checkrng(L, 1);
  lua_pushliteral(L, "sudokit.rng");
  return 1;
}

static const luaL_Reg rng_meth[] = {{"next", rng_next}, {"below", rng_below}, {NULL, NULL}};
static const luaL_Reg rng_metameth[] = {{"__index", NULL}, {"__tostring", rng_tostring}, {NULL, NULL}};

/* sk.generate{givens = N | {lo, hi}, level = "easy", minimal = bool,
**   symmetry = "rot180", attempts = N, seed = N, stream = N | rng = r}
** -> puzzle, solution (grids), or nil, msg when every attempt failed. */
static int l_generate(lua_State *L) {
  sk_gen_opts o;
  sk_error err = {{0}};
  char name[32];
  sk_rng local, *rng = &local;
  memset(&o, 0, sizeof o);
  if (!lua_isnoneornil(L, 1)) luaL_checktype(L, 1, LUA_TTABLE);
  int ty = optfield(L, 1, "givens");
  if (ty == LUA_TNUMBER) {
    o.lo = o.hi = (int)luaL_checkinteger(L, -1);
  } else if (ty == LUA_TTABLE) {
    lua_geti(L, -1, 1), lua_geti(L, -2, 2);
    o.lo = (int)luaL_checkinteger(L, -2);
    o.hi = (int)luaL_checkinteger(L, -1);
    lua_pop(L, 2);
  } else if (ty != LUA_TNIL) {
    return luaL_error(L, "option 'givens' must be a number or {lo, hi}");
  }
  lua_pop(L, 1);
  if (optstrfield(L, 1, "level", name, sizeof name) && sk_level_range(name, &o.lo, &o.hi) != 0)
    return luaL_error(L, "unknown level '%s' (easy, medium, hard)", name);
  if (optstrfield(L, 1, "symmetry", name, sizeof name) && sk_symmetry_parse(name, &o.symmetry) != 0)
    return luaL_error(L, "unknown symmetry '%s' (none, rot180, rot90, mirror, diagonal)", name);
  o.minimal = optboolfield(L, 1, "minimal");
  o.attempts = (int)optintfield(L, 1, "attempts", 0);
  if (sk_gen_check(&o, &err) != 0) return luaL_error(L, "%s", err.msg);
  if (optfield(L, 1, "rng") != LUA_TNIL) rng = checkrng(L, -1);
  else {
    lua_Integer seed = optintfield(L, 1, "seed", (lua_Integer)time(NULL) ^ (lua_Integer)getpid());
    sk_rng_seed(&local, (uint64_t)seed, (uint64_t)optintfield(L, 1, "stream", 0));
  }
  uint8_t puzzle[SK_CELLS], solution[SK_CELLS];
  int n = sk_generate(&o, rng, puzzle, solution, NULL);
  if (n < 0) return fail(L, "no puzzle found within the attempts (try a wider givens range)");
  sk_grid_from_values(newgrid(L), puzzle, NULL);
  sk_grid_from_values(newgrid(L), solution, NULL);
  return 2;
}

/* sk.grid_at(index, first) -> complete grid number index (0-based) */
static int l_grid_at(lua_State *L) {
  lua_Integer i = luaL_checkinteger(L, 1), first = luaL_optinteger(L, 2, 1);
  uint8_t v[SK_CELLS];
  luaL_argcheck(L, i >= 0 && (uint64_t)i < SK_GRID_COUNT, 1, "index out of range");
  luaL_argcheck(L, first >= 1 && first <= 9, 2, "first digit must be 1..9");
  sk_grid_at((uint64_t)i, (int)first, v);
  sk_grid_from_values(newgrid(L), v, NULL);
  return 1;
}

/* }==================================================================== */


/* {====================================================================
** Rating tables
** ===================================================================== */

typedef struct ltable { sk_table *t; } ltable;

static sk_table *checktable(lua_State *L, int arg) {
  ltable *t = luaL_checkudata(L, arg, TABLE_MT);
  if (!t->t) luaL_error(L, "attempt to use a closed table");
  return t->t;
}

/* A new table userdata (empty); fill ->t. */
static ltable *newtable(lua_State *L) {
  ltable *t = lua_newuserdatauv(L, sizeof *t, 0);
  t->t = NULL;
  luaL_setmetatable(L, TABLE_MT);
  return t;
}

/* sk.table(name | path) -> table, or nil, "file:line:col: what" */
static int l_table(lua_State *L) {
  sk_error err = {{0}};
  const char *name = luaL_checkstring(L, 1);
  ltable *t = newtable(L);
  char *path = sk_table_resolve(name, &err);
  if (path) t->t = sk_table_load(path, &err);
  free(path);
  if (!t->t) return fail(L, err.msg);
  return 1;
}

/* sk.parse_table(text [, name]) */
static int l_parse_table(lua_State *L) {
  sk_error err = {{0}};
  size_t len;
  const char *text = luaL_checklstring(L, 1, &len);
  const char *name = luaL_optstring(L, 2, "<string>");
  ltable *t = newtable(L);
  if (!(t->t = sk_table_parse(text, len, name, &err))) return fail(L, err.msg);
  return 1;
}

/* Entry index from an id or a 1-based index; -1 when absent. */
static int entry_index(lua_State *L, const sk_table *t, int arg) {
  if (lua_type(L, arg) == LUA_TNUMBER) {
    lua_Integer i = luaL_checkinteger(L, arg);
    return i >= 1 && i <= t->n ? (int)i - 1 : -1;
  }
  return sk_table_find(t, luaL_checkstring(L, arg));
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
      pushdiff(L, m->add[k]);
      lua_rawseti(L, -2, m->key[k]);
    }
    lua_setfield(L, -2, "add");
    break;
  case SK_MOD_LINEAR:
    pushdiff(L, m->per), lua_setfield(L, -2, "per");
    lua_pushinteger(L, m->from), lua_setfield(L, -2, "from");
    break;
  case SK_MOD_CHAIN:
    lua_pushinteger(L, m->offset), lua_setfield(L, -2, "offset");
    lua_pushinteger(L, m->first), lua_setfield(L, -2, "first");
    pushdiff(L, m->step), lua_setfield(L, -2, "step");
    break;
  }
  if (m->provenance) lua_pushstring(L, m->provenance), lua_setfield(L, -2, "provenance");
}

/* t:get(id | index) -> {id, name, base, index, rule, provenance, line,
** modifiers = {...}}, or nil when the table has no such technique */
static int t_get(lua_State *L) {
  sk_table *t = checktable(L, 1);
  int i = entry_index(L, t, 2);
  char rule[512];
  if (i < 0) return fail(L, "no such technique in the table");
  const sk_table_entry *e = &t->entry[i];
  lua_createtable(L, 0, 9);
  lua_pushstring(L, e->id), lua_setfield(L, -2, "id");
  if (e->name) lua_pushstring(L, e->name), lua_setfield(L, -2, "name");
  pushdiff(L, e->base), lua_setfield(L, -2, "base");
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
  sk_table *t = checktable(L, 1);
  int i = entry_index(L, t, 2);
  int32_t base = tomilli(L, 3);
  if (i < 0) return failf(L, "no technique '%s' in table %s", luaL_tolstring(L, 2, NULL), t->name);
  t->entry[i].base = base;
  lua_pushboolean(L, 1);
  return 1;
}

/* t:remove(id) -> true, or nil, msg */
static int t_remove(lua_State *L) {
  sk_table *t = checktable(L, 1);
  int i = entry_index(L, t, 2);
  if (i < 0) return failf(L, "no technique '%s' in table %s", luaL_tolstring(L, 2, NULL), t->name);
  sk_table_entry *e = &t->entry[i];
  for (int k = 0; k < e->nmod; k++) free(e->mod[k].provenance);
  free(e->id);
  free(e->name);
  free(e->provenance);
  memmove(e, e + 1, (size_t)(t->n - i - 1) * sizeof *e);
  t->n--;
  lua_pushboolean(L, 1);
  return 1;
}

/* t:difficulty(id, {size=, length=, type=, complexity=, extra=}) -> points */
static int t_difficulty(lua_State *L) {
  sk_table *t = checktable(L, 1);
  int i = entry_index(L, t, 2);
  int32_t fig[SK_FIG_COUNT] = {0};
  if (i < 0) return failf(L, "no technique '%s' in table %s", luaL_tolstring(L, 2, NULL), t->name);
  if (!lua_isnoneornil(L, 3)) {
    luaL_checktype(L, 3, LUA_TTABLE);
    for (int f = 0; f < SK_FIG_COUNT; f++)
      fig[f] = (int32_t)optintfield(L, 3, sk_figure_name(f), 0);
  }
  pushdiff(L, sk_table_difficulty(&t->entry[i], fig));
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
  sk_table *t = checktable(L, 1);
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
  sk_table *t = checktable(L, 1);
  lua_createtable(L, t->n, 0);
  for (int i = 0; i < t->n; i++) {
    lua_pushstring(L, t->entry[i].id);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int t_copy(lua_State *L) {
  sk_table *t = checktable(L, 1);
  ltable *c = newtable(L);
  if (!(c->t = sk_table_copy(t))) return luaL_error(L, "out of memory");
  return 1;
}

static int t_name(lua_State *L) {
  lua_pushstring(L, checktable(L, 1)->name);
  return 1;
}

static int t_path(lua_State *L) {
  lua_pushstring(L, checktable(L, 1)->path);
  return 1;
}

static int t_len(lua_State *L) {
  lua_pushinteger(L, checktable(L, 1)->n);
  return 1;
}

static int t_gc(lua_State *L) {
  ltable *t = luaL_checkudata(L, 1, TABLE_MT);
  sk_table_free(t->t);
  t->t = NULL;
  return 0;
}

static int t_tostring(lua_State *L) {
  ltable *t = luaL_checkudata(L, 1, TABLE_MT);
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

/* }==================================================================== */


/* {====================================================================
** Hints
** ===================================================================== */

typedef struct lhint {
  sk_hint h;                   /* eliminations cut to the grid's candidates */
  int32_t diff;
  int tech;                    /* table index */
  char id[72];
  char name[96];
} lhint;

static lhint *checkhint(lua_State *L, int arg) { return luaL_checkudata(L, arg, HINT_MT); }

static const char *hint_name(const sk_engine *e, int tech, const sk_hint *h) {
  const sk_table_entry *te = &sk_engine_table(e)->entry[tech];
  return h->name ? h->name : te->name ? te->name : sk_engine_bound(e, tech)->name;
}

static void pushhint(lua_State *L, const sk_engine *e, int tech, const sk_hint *h,
                     int32_t diff, const sk_grid *g) {
  lhint *x = lua_newuserdatauv(L, sizeof *x, 0);
  luaL_setmetatable(L, HINT_MT);
  x->h = *h;
  for (int c = 0; c < SK_CELLS; c++) x->h.elim[c] &= g->cand[c];
  x->h.text[SK_HINT_TEXT - 1] = '\0';
  x->h.name = NULL;            /* points into a plugin: use the copy below */
  x->diff = diff;
  x->tech = tech;
  snprintf(x->id, sizeof x->id, "%s", sk_engine_table(e)->entry[tech].id);
  snprintf(x->name, sizeof x->name, "%s", hint_name(e, tech, h));
}

/* Eliminations as cell * 16 + digit, ascending (sk_step's encoding). */
static int elim_list(const sk_mask *elim, uint16_t *out) {
  int n = 0;
  for (int c = 0; c < SK_CELLS; c++)
    for (sk_mask m = elim[c]; m; m &= m - 1) out[n++] = (uint16_t)(c * 16 + sk_mask_first(m));
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

/* The fields of a step or hint, shared by both. */
typedef struct stepview {
  const char *id, *name, *text;
  int tech, cell, digit, nelim;
  int32_t diff;
  const uint16_t *elim;
} stepview;

static void describe(const stepview *v, char *buf, size_t size) {
  sk_step s;
  memset(&s, 0, sizeof s);
  s.id = v->id, s.name = v->name, s.text = (char *)v->text;
  s.difficulty = v->diff, s.cell = v->cell, s.digit = v->digit;
  s.nelim = v->nelim, s.elim = (uint16_t *)v->elim;
  sk_step_describe(&s, buf, size);
}

static void push_stepview(lua_State *L, const stepview *v) {
  char desc[4096];
  lua_createtable(L, 0, 12);
  lua_pushstring(L, v->id), lua_setfield(L, -2, "id");
  lua_pushstring(L, v->name), lua_setfield(L, -2, "name");
  lua_pushinteger(L, v->tech + 1), lua_setfield(L, -2, "technique");
  pushdiff(L, v->diff), lua_setfield(L, -2, "difficulty");
  if (v->cell >= 0) {
    lua_pushinteger(L, v->cell / 9 + 1), lua_setfield(L, -2, "r");
    lua_pushinteger(L, v->cell % 9 + 1), lua_setfield(L, -2, "c");
    lua_pushinteger(L, v->digit), lua_setfield(L, -2, "digit");
  }
  push_elims(L, v->elim, v->nelim), lua_setfield(L, -2, "eliminations");
  lua_pushstring(L, v->text ? v->text : ""), lua_setfield(L, -2, "text");
  describe(v, desc, sizeof desc);
  lua_pushstring(L, desc), lua_setfield(L, -2, "description");
}

static void hint_view(const lhint *x, stepview *v, uint16_t *buf) {
  v->id = x->id, v->name = x->name, v->text = x->h.text;
  v->tech = x->tech, v->diff = x->diff;
  v->cell = x->h.cell, v->digit = x->h.cell >= 0 ? x->h.digit : 0;
  v->nelim = elim_list(x->h.elim, buf);
  v->elim = buf;
}

static int h_index(lua_State *L) {
  lhint *x = checkhint(L, 1);
  const char *k = luaL_checkstring(L, 2);
  if (!strcmp(k, "id")) lua_pushstring(L, x->id);
  else if (!strcmp(k, "name")) lua_pushstring(L, x->name);
  else if (!strcmp(k, "technique")) lua_pushinteger(L, x->tech + 1);
  else if (!strcmp(k, "difficulty")) pushdiff(L, x->diff);
  else if (!strcmp(k, "r")) x->h.cell >= 0 ? lua_pushinteger(L, x->h.cell / 9 + 1) : lua_pushnil(L);
  else if (!strcmp(k, "c")) x->h.cell >= 0 ? lua_pushinteger(L, x->h.cell % 9 + 1) : lua_pushnil(L);
  else if (!strcmp(k, "digit")) x->h.cell >= 0 ? lua_pushinteger(L, x->h.digit) : lua_pushnil(L);
  else if (!strcmp(k, "text")) lua_pushstring(L, x->h.text);
  else if (!strcmp(k, "order")) lua_pushinteger(L, (lua_Integer)x->h.order);
  else if (!strcmp(k, "eliminations") || !strcmp(k, "description")) {
    uint16_t buf[MAX_ELIM];
    stepview v;
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
  } else if (!strcmp(k, "apply")) lua_pushcfunction(L, g_apply);
  else lua_pushnil(L);
  return 1;
}

static int h_tostring(lua_State *L) {
  uint16_t buf[MAX_ELIM];
  char desc[4096];
  stepview v;
  hint_view(checkhint(L, 1), &v, buf);
  describe(&v, desc, sizeof desc);
  lua_pushstring(L, desc);
  return 1;
}

/* What a hint would change on g: 1 if it places or eliminates anything. */
static int hint_acts(const sk_hint *h, const sk_grid *g) {
  if (h->cell >= 0 && g->value[h->cell] == 0 && (g->cand[h->cell] & SK_BIT(h->digit))) return 1;
  for (int c = 0; c < SK_CELLS; c++)
    if (h->elim[c] & g->cand[c]) return 1;
  return 0;
}

/* g:apply(hint) or hint:apply(g) -> true when something changed */
static int g_apply(lua_State *L) {
  sk_grid *g;
  lhint *x;
  if (luaL_testudata(L, 1, HINT_MT)) x = checkhint(L, 1), g = checkgrid(L, 2);
  else g = checkgrid(L, 1), x = checkhint(L, 2);
  if (x->h.cell >= 0 && g->value[x->h.cell] == 0 && !(g->cand[x->h.cell] & SK_BIT(x->h.digit))) {
    char name[8];
    return luaL_error(L, "hint places %d in %s where it is not a candidate", x->h.digit,
                      sk_cell_name(x->h.cell, name));
  }
  int acts = hint_acts(&x->h, g);
  sk_hint_apply(&x->h, g);
  lua_pushboolean(L, acts);
  return 1;
}

static const luaL_Reg hint_metameth[] = {
  {"__index", h_index}, {"__tostring", h_tostring}, {NULL, NULL}
};

/* }==================================================================== */


/* {====================================================================
** Engines: plugins and a bound table
** ===================================================================== */

typedef struct lengine {
  sk_engine *e;
  int busy;                    /* rate_batch threads are using it */
} lengine;

static sk_engine *checkengine(lua_State *L, int arg) {
  lengine *x = luaL_checkudata(L, arg, ENGINE_MT);
  if (!x->e) luaL_error(L, "attempt to use a closed engine");
  return x->e;
}

static int loaded(const sk_engine *e, const char *id) {
  for (int i = 0; i < sk_engine_technique_count(e); i++)
    if (!strcmp(sk_engine_technique(e, i)->id, id)) return 1;
  return 0;
}

/* Bind t (taken over) to e; with drop, entries no plugin provides are
** removed first and their ids appended to the list at index `list`. */
static int bind_table(lua_State *L, sk_engine *e, sk_table *t, int drop, int list, sk_error *err) {
  ltable *hold = newtable(L);          /* frees t if a push below raises */
  hold->t = t;
  if (drop) {
    for (int i = 0; i < t->n; ) {
      if (loaded(e, t->entry[i].id)) { i++; continue; }
      lua_pushstring(L, t->entry[i].id);
      lua_rawseti(L, list, luaL_len(L, list) + 1);
      sk_table_entry *x = &t->entry[i];
      for (int k = 0; k < x->nmod; k++) free(x->mod[k].provenance);
      free(x->id), free(x->name), free(x->provenance);
      memmove(x, x + 1, (size_t)(t->n - i - 1) * sizeof *x);
      t->n--;
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
    sk_table *t = sk_table_copy(checktable(L, idx));
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
  const char *m = optstrfield(L, opts, "missing", buf, sizeof buf);
  if (!m || !strcmp(m, "error")) return 0;
  if (!strcmp(m, "drop")) return 1;
  return luaL_error(L, "option 'missing' must be \"error\" or \"drop\"");
}

/* Make an engine from an options table at index opts (or none): pushes the
** engine, or nil and the message.  Returns the number of values pushed. */
static int make_engine(lua_State *L, int opts) {
  sk_error err = {{0}};
  char plugins[4096];
  const char *dir = optstrfield(L, opts, "plugins", plugins, sizeof plugins);
  int drop = missing_opt(L, opts);
  lengine *x = lua_newuserdatauv(L, sizeof *x, 1);
  int ud = lua_gettop(L);
  x->e = NULL;
  x->busy = 0;
  luaL_setmetatable(L, ENGINE_MT);
  lua_newtable(L);                     /* uservalue: ids dropped from the table */
  lua_pushvalue(L, -1);
  lua_setiuservalue(L, ud, 1);
  int list = lua_gettop(L);
  if (!(x->e = sk_engine_new())) return luaL_error(L, "out of memory");
  if (sk_engine_load_default(x->e, dir, &err) != 0) return fail(L, err.msg);
  optfield(L, opts, "table");
  sk_table *t = table_arg(L, lua_gettop(L), &err);
  if (!t || bind_table(L, x->e, t, drop, list, &err) != 0) return fail(L, err.msg);
  lua_settop(L, ud);
  return 1;
}

/* sk.engine{table = "se" | path | table, plugins = DIR, missing = "error"|"drop"} */
static int l_engine(lua_State *L) {
  if (!lua_isnoneornil(L, 1)) luaL_checktype(L, 1, LUA_TTABLE);
  return make_engine(L, 1);
}

/* e:use_table(table | name [, "drop"]) -> true, or nil, msg */
static int e_use_table(lua_State *L) {
  sk_engine *e = checkengine(L, 1);
  sk_error err = {{0}};
  static const char *const modes[] = {"error", "drop", NULL};
  int drop = luaL_checkoption(L, 3, "error", modes);
  luaL_checkany(L, 2);
  if (((lengine *)lua_touserdata(L, 1))->busy) return luaL_error(L, "engine is busy (rate_batch)");
  lua_newtable(L);
  int list = lua_gettop(L);
  sk_table *t = table_arg(L, 2, &err);
  if (!t || bind_table(L, e, t, drop, list, &err) != 0) return fail(L, err.msg);
  lua_setiuservalue(L, 1, 1);
  lua_pushboolean(L, 1);
  return 1;
}

static int e_table(lua_State *L) {
  sk_engine *e = checkengine(L, 1);
  ltable *t = newtable(L);
  if (!(t->t = sk_table_copy(sk_engine_table(e)))) return luaL_error(L, "out of memory");
  return 1;
}

static int e_dropped(lua_State *L) {
  checkengine(L, 1);
  lua_getiuservalue(L, 1, 1);
  return 1;
}

/* e:techniques() -> list of {id, name, file, index (in the table) or nil, rule} */
static int e_techniques(lua_State *L) {
  sk_engine *e = checkengine(L, 1);
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
      for (int j = 0; j < n; j++)
        if (sk_engine_technique(e, j) == x) {
          lua_pushstring(L, sk_engine_technique_file(e, j));
          lua_setfield(L, -2, "file");
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
  lengine *x = luaL_checkudata(L, 1, ENGINE_MT);
  sk_engine_free(x->e);
  x->e = NULL;
  return 0;
}

/* e:close() and __close; not while rate_batch's threads use it (a
** progress callback could try).  __gc cannot meet a busy engine: the
** batch holds it on the stack. */
static int e_close(lua_State *L) {
  lengine *x = luaL_checkudata(L, 1, ENGINE_MT);
  if (x->busy) return luaL_error(L, "engine is busy (rate_batch)");
  return e_gc(L);
}

static int e_tostring(lua_State *L) {
  lengine *x = luaL_checkudata(L, 1, ENGINE_MT);
  if (!x->e) lua_pushliteral(L, "sudokit.engine (closed)");
  else lua_pushfstring(L, "sudokit.engine (table %s, %d techniques)", sk_engine_table(x->e)->name,
                       sk_engine_table(x->e)->n);
  return 1;
}

/* }==================================================================== */


/* {====================================================================
** Choosing steps: SE's first-in-table-order, or the cheapest over all
** ===================================================================== */

typedef struct pick {
  sk_hint *h;                  /* the best hint so far */
  int32_t diff;
  int have;
  int32_t floor;               /* stop as soon as a hint costs this (or -1) */
  int collect;
} pick;

static int pick_cb(void *ud, const sk_hint *h, int32_t d) {
  pick *p = ud;
  if (!p->have || d < p->diff || (p->collect && d == p->diff && h->order < p->h->order)) {
    *p->h = *h;
    p->diff = d;
    p->have = 1;
  }
  return p->floor >= 0 && d <= p->floor;
}

/* Technique i's choice on g, as the step engine makes it: the first hint,
** or for collecting techniques the cheapest (then lowest order). */
static int tech_pick(sk_engine *e, const sk_grid *g, int i, sk_hint *h, int32_t *diff) {
  pick p = {h, 0, 0, -1, (sk_engine_bound(e, i)->flags & SK_TECH_COLLECT) != 0};
  sk_engine_hints(e, g, i, 0, pick_cb, &p);
  *diff = p.diff;
  return p.have;
}

/* SE's rule: the first technique in table order that has a hint.  Returns
** the table index, or -1 when none applies. */
static int choose_first(sk_engine *e, const sk_grid *g, sk_hint *h, int32_t *diff) {
  const sk_table *t = sk_engine_table(e);
  for (int i = 0; i < t->n; i++)
    if (tech_pick(e, g, i, h, diff)) return i;
  return -1;
}

/* The cheapest hint over all techniques.  Modifiers only add, so a
** technique's base bounds its hints from below: techniques are tried by
** increasing base (then table order) and the search stops when the next
** base cannot beat the best hint.  Ties go to the earlier technique in
** that order. */
static int choose_cheapest(sk_engine *e, const sk_grid *g, sk_hint *h, int32_t *diff) {
  const sk_table *t = sk_engine_table(e);
  int n = t->n, best = -1;
  sk_hint *cur = malloc(sizeof *cur);
  int *order = malloc((size_t)(n ? n : 1) * sizeof *order);
  if (!cur || !order) {
    free(cur), free(order);
    return -1;
  }
  for (int i = 0; i < n; i++) {                /* insertion sort by (base, index) */
    int j = i;
    for (; j > 0 && t->entry[order[j - 1]].base > t->entry[i].base; j--) order[j] = order[j - 1];
    order[j] = i;
  }
  for (int k = 0; k < n; k++) {
    int i = order[k];
    const sk_table_entry *te = &t->entry[i];
    if (best >= 0 && te->base >= *diff) break;
    int collect = (sk_engine_bound(e, i)->flags & SK_TECH_COLLECT) != 0;
    /* a fixed value: the first hint is as cheap as any; else look at all */
    pick p = {cur, 0, 0, te->nmod ? te->base : -1, collect};
    sk_engine_hints(e, g, i, te->nmod && !collect, pick_cb, &p);
    if (p.have && (best < 0 || p.diff < *diff)) {
      *h = *cur;
      *diff = p.diff;
      best = i;
    }
  }
  free(cur);
  free(order);
  return best;
}

typedef int (*chooser)(sk_engine *e, const sk_grid *g, sk_hint *h, int32_t *diff);

static int hint_wrong(const sk_hint *h, const sk_grid *g, const uint8_t *sol) {
  if (h->cell >= 0 && sol[h->cell] != h->digit) return 1;
  for (int c = 0; c < SK_CELLS; c++)
    if (g->value[c] == 0 && (h->elim[c] & g->cand[c] & SK_BIT(sol[c]))) return 1;
  return 0;
}

/* Append a step to r (sk_rating_free frees it). */
static int add_step(sk_rating *r, const sk_engine *e, int tech, const sk_hint *h, int32_t diff,
                    const sk_grid *g) {
  if (r->nsteps == r->cap) {
    int cap = r->cap ? 2 * r->cap : 64;
    sk_step *p = realloc(r->steps, (size_t)cap * sizeof *p);
    if (!p) return -1;
    r->steps = p, r->cap = cap;
  }
  sk_step *s = &r->steps[r->nsteps];
  uint16_t buf[MAX_ELIM];
  sk_mask elim[SK_CELLS];
  for (int c = 0; c < SK_CELLS; c++) elim[c] = h->elim[c] & g->cand[c];
  memset(s, 0, sizeof *s);
  s->tech = tech;
  s->id = sk_engine_table(e)->entry[tech].id;
  s->name = hint_name(e, tech, h);
  s->difficulty = diff;
  s->cell = h->cell;
  s->digit = h->cell >= 0 ? h->digit : 0;
  s->nelim = elim_list(elim, buf);
  s->elim = malloc((size_t)(s->nelim ? s->nelim : 1) * sizeof *s->elim);
  s->text = strdup(h->text);
  if (!s->elim || !s->text) {
    free(s->elim), free(s->text);
    return -1;
  }
  memcpy(s->elim, buf, (size_t)s->nelim * sizeof *s->elim);
  r->nsteps++;
  return 0;
}

/* The rating loop of sk_rate with another chooser (always recording). */
static int rate_chosen(sk_engine *e, const sk_grid *start, chooser choose, const sk_rate_opts *o,
                       sk_rating *r) {
  memset(r, 0, sizeof *r);
  sk_hint *h = malloc(sizeof *h);
  if (!h) return -1;
  double deadline = o->budget > 0 ? now_seconds() + o->budget : 0;
  sk_grid g = *start;
  int placed = 0;
  while (g.nempty > 0) {
    if (o->max_steps && r->nsteps >= o->max_steps) break;
    int32_t diff = 0;
    int i = choose(e, &g, h, &diff);
    if (i < 0) { r->stuck = 1; r->er = SK_STUCK_MILLI; break; }
    if (diff > r->er) r->er = diff;
    if (r->nsteps == 0) r->ed = r->er;
    if (h->cell >= 0 && !placed) { r->ep = r->er; placed = 1; }
    if (add_step(r, e, i, h, diff, &g) != 0) { free(h); return -1; }
    if (o->solution && hint_wrong(h, &g, o->solution)) {
      r->wrong = 1;
      r->wrong_step = r->nsteps - 1;
      break;
    }
    sk_hint_apply(h, &g);
    if (deadline > 0 && now_seconds() > deadline && g.nempty > 0) { r->over_budget = 1; break; }
  }
  r->final = g;
  free(h);
  return 0;
}

static int rate_with(sk_engine *e, const sk_grid *g, int cheapest, const sk_rate_opts *o,
                     sk_rating *r) {
  return cheapest ? rate_chosen(e, g, choose_cheapest, o, r) : sk_rate(e, g, o, r);
}

/* Index of the first step of largest difficulty, -1 without steps. */
static int hardest_step(const sk_rating *r) {
  int best = -1;
  for (int i = 0; i < r->nsteps; i++)
    if (best < 0 || r->steps[i].difficulty > r->steps[best].difficulty) best = i;
  return best;
}

/* e:first(g) -> hint or nil */
static int e_first(lua_State *L) {
  sk_engine *e = checkengine(L, 1);
  sk_grid *g = checkgrid(L, 2);
  void **b = newbox(L, sizeof(sk_hint));
  int32_t diff;
  int i = choose_first(e, g, *b, &diff);
  if (i < 0) return 0;
  pushhint(L, e, i, *b, diff, g);
  return 1;
}

/* e:cheapest(g) -> hint or nil */
static int e_cheapest(lua_State *L) {
  sk_engine *e = checkengine(L, 1);
  sk_grid *g = checkgrid(L, 2);
  void **b = newbox(L, sizeof(sk_hint));
  int32_t diff;
  int i = choose_cheapest(e, g, *b, &diff);
  if (i < 0) return 0;
  pushhint(L, e, i, *b, diff, g);
  return 1;
}

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
  sk_engine *e = checkengine(L, 1);
  sk_grid *g = checkgrid(L, 2);
  const sk_table *t = sk_engine_table(e);
  int lo = 0, hi = t->n, all = lua_toboolean(L, 4);
  if (!lua_isnoneornil(L, 3)) {
    lo = entry_index(L, t, 3);
    if (lo < 0) return failf(L, "no technique '%s' in table %s", luaL_tolstring(L, 3, NULL), t->name);
    hi = lo + 1;
  }
  hintlist *l = lua_newuserdatauv(L, sizeof *l, 0);    /* freed by its __gc */
  memset(l, 0, sizeof *l);
  lua_createtable(L, 0, 1);
  lua_pushcfunction(L, hintlist_gc);
  lua_setfield(L, -2, "__gc");
  lua_setmetatable(L, -2);
  for (int i = lo; i < hi && !l->overflow; i++) {
    gather ga = {l, i};
    sk_engine_hints(e, g, i, all, gather_cb, &ga);
  }
  if (l->overflow) return luaL_error(L, "out of memory");
  lua_createtable(L, l->n, 0);
  for (int k = 0; k < l->n; k++) {
    pushhint(L, e, l->v[k].tech, &l->v[k].h, l->v[k].d, g);
    lua_rawseti(L, -2, k + 1);
  }
  return 1;
}

/* for i, hint, before in e:walk(g) do ... end: SE's path, one step at a time. */
static int walk_iter(lua_State *L) {
  sk_engine *e = checkengine(L, lua_upvalueindex(1));
  sk_grid *g = checkgrid(L, lua_upvalueindex(2));
  lua_Integer step = lua_tointeger(L, lua_upvalueindex(3));
  if (g->nempty == 0) return 0;
  void **b = newbox(L, sizeof(sk_hint));
  int32_t diff;
  int i = choose_first(e, g, *b, &diff);
  if (i < 0) return 0;
  lua_pushinteger(L, step + 1);
  lua_copy(L, -1, lua_upvalueindex(3));
  pushhint(L, e, i, *b, diff, g);
  pushgrid(L, g);
  sk_hint_apply(*b, g);
  return 3;
}

static int e_walk(lua_State *L) {
  checkengine(L, 1);
  sk_grid *g = checkgrid(L, 2);
  lua_settop(L, 1);
  pushgrid(L, g);
  lua_pushinteger(L, 0);
  lua_pushcclosure(L, walk_iter, 3);
  return 1;
}

/* }==================================================================== */


/* {====================================================================
** Rating
** ===================================================================== */

static void push_step(lua_State *L, const sk_step *s) {
  stepview v = {s->id, s->name, s->text, s->tech, s->cell, s->cell >= 0 ? s->digit : 0,
                s->nelim, s->difficulty, s->elim};
  push_stepview(L, &v);
}

/* The result table of a rating; steps as a list when with_steps.  The
** steps are r's, or (lsteps > 0) the Lua list at that index, whose entry
** lhardest is the hardest. */
static void push_rating(lua_State *L, const sk_rating *r, int with_steps, int lsteps, int lhardest) {
  lua_createtable(L, 0, 12);
  pushdiff(L, r->er), lua_setfield(L, -2, "er");
  pushdiff(L, r->ep), lua_setfield(L, -2, "ep");
  pushdiff(L, r->ed), lua_setfield(L, -2, "ed");
  lua_pushboolean(L, r->stuck), lua_setfield(L, -2, "stuck");
  lua_pushboolean(L, r->over_budget), lua_setfield(L, -2, "over_budget");
  lua_pushboolean(L, r->unwanted), lua_setfield(L, -2, "unwanted");
  lua_pushboolean(L, r->wrong), lua_setfield(L, -2, "wrong");
  if (r->wrong) lua_pushinteger(L, r->wrong_step + 1), lua_setfield(L, -2, "wrong_step");
  lua_pushinteger(L, r->nsteps), lua_setfield(L, -2, "nsteps");
  if (lsteps > 0) {
    if (lhardest > 0) lua_rawgeti(L, lsteps, lhardest), lua_setfield(L, -2, "hardest");
    if (with_steps) lua_pushvalue(L, lsteps), lua_setfield(L, -2, "steps");
  } else {
    int h = hardest_step(r);
    if (h >= 0) push_step(L, &r->steps[h]), lua_setfield(L, -2, "hardest");
    if (with_steps) {
      lua_createtable(L, r->nsteps, 0);
      for (int i = 0; i < r->nsteps; i++) {
        push_step(L, &r->steps[i]);
        lua_rawseti(L, -2, i + 1);
      }
      lua_setfield(L, -2, "steps");
    }
  }
  pushgrid(L, &r->final);
  lua_setfield(L, -2, "final");
}

static int rating_gc(lua_State *L) {
  sk_rating_free(lua_touserdata(L, 1));
  return 0;
}

/* An sk_rating owned by the Lua stack (freed by its __gc). */
static sk_rating *newrating(lua_State *L) {
  sk_rating *r = lua_newuserdatauv(L, sizeof *r, 0);
  memset(r, 0, sizeof *r);
  lua_createtable(L, 0, 1);
  lua_pushcfunction(L, rating_gc);
  lua_setfield(L, -2, "__gc");
  lua_setmetatable(L, -2);
  return r;
}

enum { CHOOSE_FIRST, CHOOSE_CHEAPEST, CHOOSE_LUA };

/* The "choose" option: "first", "cheapest" or a function (left at the
** top of the stack when it is one). */
static int choose_opt(lua_State *L, int opts) {
  int ty = optfield(L, opts, "choose");
  if (ty == LUA_TFUNCTION) return CHOOSE_LUA;
  int k = CHOOSE_FIRST;
  if (ty == LUA_TSTRING && !strcmp(lua_tostring(L, -1), "cheapest")) k = CHOOSE_CHEAPEST;
  else if (ty != LUA_TNIL && !(ty == LUA_TSTRING && !strcmp(lua_tostring(L, -1), "first")))
    luaL_error(L, "option 'choose' must be \"first\", \"cheapest\" or a function");
  lua_pop(L, 1);
  return k;
}

/* The "want" option: nil, "pearl" or "diamond" (serate's early stops,
** SK_WANT_*); with any chooser but "first" it is an error, as the stop
** is read off SE's own path. */
static int want_opt(lua_State *L, int opts, int kind) {
  int ty = optfield(L, opts, "want");
  int want = 0;
  if (ty == LUA_TSTRING && !strcmp(lua_tostring(L, -1), "pearl")) want = SK_WANT_PEARL;
  else if (ty == LUA_TSTRING && !strcmp(lua_tostring(L, -1), "diamond")) want = SK_WANT_DIAMOND;
  else if (ty != LUA_TNIL) luaL_error(L, "option 'want' must be \"pearl\" or \"diamond\"");
  lua_pop(L, 1);
  if (want && kind != CHOOSE_FIRST) luaL_error(L, "option 'want' needs choose = \"first\"");
  return want;
}

/* Rating options: budget, max_steps, solution (a grid) or verify = true. */
static void rate_opts(lua_State *L, int opts, const sk_grid *g, sk_rate_opts *o, uint8_t *sol) {
  memset(o, 0, sizeof *o);
  o->record = 1;
  o->budget = optnumfield(L, opts, "budget", 0);
  o->max_steps = (int)optintfield(L, opts, "max_steps", 0);
  if (optfield(L, opts, "solution") != LUA_TNIL) {
    const sk_grid *s = luaL_testudata(L, -1, GRID_MT);
    if (!s || !sk_grid_solved(s)) luaL_error(L, "option 'solution' must be a solved grid");
    memcpy(sol, s->value, SK_CELLS);
    o->solution = sol;
  } else if (optboolfield(L, opts, "verify")) {
    if (sk_solve_count_grid(g, 2, sol, NULL) != 1) luaL_error(L, "verify: the puzzle has no unique solution");
    o->solution = sol;
  }
  lua_pop(L, 1);
}

/* The loop with a Lua chooser: function(engine, grid, step) -> hint | nil.
** The callback may do anything to the engine (close it, bind another
** table), so nothing of the engine is kept across a call: the engine at
** index 1 is checked again after each, and steps go straight into the
** Lua list at index `steps` with their strings copied.  Returns the
** index of the hardest step (0 without steps). */
static int rate_lua(lua_State *L, int fn, int steps, const sk_grid *start, const sk_rate_opts *o,
                    sk_rating *r) {
  double deadline = o->budget > 0 ? now_seconds() + o->budget : 0;
  sk_grid g = *start;
  int placed = 0, hardest = 0;
  int32_t top = -1;
  while (g.nempty > 0) {
    if (o->max_steps && r->nsteps >= o->max_steps) break;
    lua_pushvalue(L, fn);
    lua_pushvalue(L, 1);
    pushgrid(L, &g);
    lua_pushinteger(L, r->nsteps + 1);
    lua_call(L, 3, 1);
    sk_engine *e = checkengine(L, 1);
    const sk_table *t = sk_engine_table(e);
    if (lua_isnil(L, -1)) { lua_pop(L, 1); r->stuck = 1; r->er = SK_STUCK_MILLI; break; }
    lhint *x = luaL_testudata(L, -1, HINT_MT);
    if (!x) luaL_error(L, "choose must return a hint or nil, not %s", luaL_typename(L, -1));
    if (x->tech < 0 || x->tech >= t->n || strcmp(x->id, t->entry[x->tech].id) != 0)
      luaL_error(L, "choose returned a hint of another table (%s)", x->id);
    if (!hint_acts(&x->h, &g))
      luaL_error(L, "choose returned a hint that changes nothing at step %d", r->nsteps + 1);
    if (x->diff > r->er) r->er = x->diff;
    if (r->nsteps == 0) r->ed = r->er;
    if (x->h.cell >= 0 && !placed) { r->ep = r->er; placed = 1; }
    if (x->diff > top) top = x->diff, hardest = r->nsteps + 1;
    sk_mask elim[SK_CELLS];
    uint16_t buf[MAX_ELIM];
    for (int c = 0; c < SK_CELLS; c++) elim[c] = x->h.elim[c] & g.cand[c];
    stepview v = {x->id, x->name, x->h.text, x->tech, x->h.cell, x->h.cell >= 0 ? x->h.digit : 0,
                  elim_list(elim, buf), x->diff, buf};
    push_stepview(L, &v);
    lua_rawseti(L, steps, ++r->nsteps);
    if (o->solution && hint_wrong(&x->h, &g, o->solution)) {
      r->wrong = 1;
      r->wrong_step = r->nsteps - 1;
      lua_pop(L, 1);
      break;
    }
    sk_hint_apply(&x->h, &g);
    lua_pop(L, 1);
    if (deadline > 0 && now_seconds() > deadline && g.nempty > 0) { r->over_budget = 1; break; }
  }
  r->final = g;
  return hardest;
}

/* Rate the grid at index 2 with the options at index 3; pushes the result. */
static void rate_grid(lua_State *L, sk_engine *e, int with_steps_default) {
  sk_grid *g = checkgrid(L, 2);
  sk_rate_opts o;
  uint8_t sol[SK_CELLS];
  int opts = 3;
  if (!lua_isnoneornil(L, opts)) luaL_checktype(L, opts, LUA_TTABLE);
  int kind = choose_opt(L, opts);
  int fn = lua_gettop(L);              /* the chooser when kind == CHOOSE_LUA */
  rate_opts(L, opts, g, &o, sol);
  o.want = want_opt(L, opts, kind);
  int with_steps = with_steps_default;
  if (optfield(L, opts, "record") != LUA_TNIL) with_steps = lua_toboolean(L, -1);
  lua_pop(L, 1);
  sk_rating *r = newrating(L);
  if (kind == CHOOSE_LUA) {
    lua_newtable(L);
    int steps = lua_gettop(L);
    int hardest = rate_lua(L, fn, steps, g, &o, r);
    push_rating(L, r, with_steps, steps, hardest);
    return;
  }
  if (rate_with(e, g, kind == CHOOSE_CHEAPEST, &o, r) != 0) luaL_error(L, "out of memory");
  push_rating(L, r, with_steps, 0, 0);
}

/* e:rate(g [, {choose=, record=, budget=, max_steps=, solution=, verify=,
** want=}]) */
static int e_rate(lua_State *L) {
  sk_engine *e = checkengine(L, 1);
  lua_settop(L, 3);
  rate_grid(L, e, 0);
  return 1;
}

/* {------ e:rate_batch(grids [, {jobs=, choose=, budget=, want=, progress=}]):
** the grids rated by `jobs` threads sharing the engine (the step engine
** keeps its per-search state on the stack, and plugins have none).
** Returns the list of summaries {er, ep, ed, stuck, over_budget, unwanted, nsteps,
** hardest = {id, name, technique, difficulty}}. */

typedef struct summary {
  int32_t er, ep, ed;
  int stuck, over_budget, unwanted, nsteps, failed;
  int hardest_tech;            /* -1 without steps */
  int32_t hardest_diff;
  const char *hardest_name;    /* engine- or plugin-owned */
} summary;

typedef struct batch {
  sk_engine *e;
  const sk_grid *grids;
  summary *out;
  int n, cheapest;
  sk_rate_opts o;
  int next, done, stop;
  pthread_mutex_t mu;
  pthread_cond_t cv;
} batch;

static void *batch_worker(void *arg) {
  batch *b = arg;
  for (;;) {
    pthread_mutex_lock(&b->mu);
    int i = b->stop ? b->n : b->next++;
    pthread_mutex_unlock(&b->mu);
    if (i >= b->n) return NULL;
    sk_rating r;
    summary *s = &b->out[i];
    s->failed = rate_with(b->e, &b->grids[i], b->cheapest, &b->o, &r) != 0;
    s->er = r.er, s->ep = r.ep, s->ed = r.ed;
    s->stuck = r.stuck, s->over_budget = r.over_budget, s->unwanted = r.unwanted;
    s->nsteps = r.nsteps;
    int h = hardest_step(&r);
    s->hardest_tech = h >= 0 ? r.steps[h].tech : -1;
    s->hardest_diff = h >= 0 ? r.steps[h].difficulty : 0;
    s->hardest_name = h >= 0 ? r.steps[h].name : NULL;
    sk_rating_free(&r);
    pthread_mutex_lock(&b->mu);
    b->done++;
    pthread_cond_signal(&b->cv);
    pthread_mutex_unlock(&b->mu);
  }
}

/* Wait for the workers, calling progress(done, n) every 0.25 s.  An error
** in progress stops the batch; it is raised after the threads are joined. */
static int batch_wait(lua_State *L, batch *b, int progress) {
  int err = 0, last = -1;
  pthread_mutex_lock(&b->mu);
  while (b->done < b->n && !b->stop) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_nsec += 250000000L;
    if (ts.tv_nsec >= 1000000000L) ts.tv_sec++, ts.tv_nsec -= 1000000000L;
    pthread_cond_timedwait(&b->cv, &b->mu, &ts);
    if (progress && !err && b->done != last) {
      int done = last = b->done;
      pthread_mutex_unlock(&b->mu);
      lua_pushvalue(L, progress);
      lua_pushinteger(L, done);
      lua_pushinteger(L, b->n);
      if (lua_pcall(L, 2, 0, 0) != LUA_OK) err = 1;      /* message left on the stack */
      pthread_mutex_lock(&b->mu);
      if (err) b->stop = 1;
    }
  }
  pthread_mutex_unlock(&b->mu);
  return err;
}

static void push_summary(lua_State *L, const sk_engine *e, const summary *s) {
  lua_createtable(L, 0, 8);
  pushdiff(L, s->er), lua_setfield(L, -2, "er");
  pushdiff(L, s->ep), lua_setfield(L, -2, "ep");
  pushdiff(L, s->ed), lua_setfield(L, -2, "ed");
  lua_pushboolean(L, s->stuck), lua_setfield(L, -2, "stuck");
  lua_pushboolean(L, s->over_budget), lua_setfield(L, -2, "over_budget");
  lua_pushboolean(L, s->unwanted), lua_setfield(L, -2, "unwanted");
  lua_pushboolean(L, 0), lua_setfield(L, -2, "wrong");
  lua_pushinteger(L, s->nsteps), lua_setfield(L, -2, "nsteps");
  if (s->hardest_tech >= 0) {
    lua_createtable(L, 0, 4);
    lua_pushstring(L, sk_engine_table(e)->entry[s->hardest_tech].id), lua_setfield(L, -2, "id");
    lua_pushstring(L, s->hardest_name), lua_setfield(L, -2, "name");
    lua_pushinteger(L, s->hardest_tech + 1), lua_setfield(L, -2, "technique");
    pushdiff(L, s->hardest_diff), lua_setfield(L, -2, "difficulty");
    lua_setfield(L, -2, "hardest");
  }
}

static int e_rate_batch(lua_State *L) {
  sk_engine *e = checkengine(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_settop(L, 3);
  if (!lua_isnil(L, 3)) luaL_checktype(L, 3, LUA_TTABLE);
  int kind = choose_opt(L, 3);
  if (kind == CHOOSE_LUA) return luaL_error(L, "rate_batch: choose must be \"first\" or \"cheapest\"");
  lua_Integer jobs = optintfield(L, 3, "jobs", 0);
  if (jobs <= 0) jobs = sysconf(_SC_NPROCESSORS_ONLN) > 0 ? sysconf(_SC_NPROCESSORS_ONLN) : 1;
  if (jobs > 64) jobs = 64;
  int progress = 0;
  if (optfield(L, 3, "progress") == LUA_TFUNCTION) progress = lua_gettop(L);
  else lua_pop(L, 1);
  int n = (int)luaL_len(L, 2);
  batch b;
  memset(&b, 0, sizeof b);
  b.e = e, b.n = n, b.cheapest = kind == CHOOSE_CHEAPEST;
  b.o.record = 1;
  b.o.budget = optnumfield(L, 3, "budget", 0);
  b.o.want = want_opt(L, 3, kind);
  sk_grid *grids = *newbox(L, (size_t)(n ? n : 1) * sizeof *grids);
  b.out = *newbox(L, (size_t)(n ? n : 1) * sizeof *b.out);
  for (int i = 0; i < n; i++) {
    lua_geti(L, 2, i + 1);
    grids[i] = *checkgrid(L, -1);
    lua_pop(L, 1);
  }
  b.grids = grids;
  if (jobs > n) jobs = n ? n : 1;
  pthread_t th[64];
  int started = 0;
  lengine *owner = lua_touserdata(L, 1);
  owner->busy++;
  pthread_mutex_init(&b.mu, NULL);
  pthread_cond_init(&b.cv, NULL);
  for (int i = 0; i < jobs; i++)
    if (pthread_create(&th[i], NULL, batch_worker, &b) == 0) started++;
  int err = 0;
  if (started == 0) batch_worker(&b);          /* no thread: rate here */
  else err = batch_wait(L, &b, progress);
  for (int i = 0; i < started; i++) pthread_join(th[i], NULL);
  pthread_mutex_destroy(&b.mu);
  pthread_cond_destroy(&b.cv);
  owner->busy--;
  if (err) return lua_error(L);
  for (int i = 0; i < n; i++)
    if (b.out[i].failed) return luaL_error(L, "out of memory");
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    push_summary(L, e, &b.out[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* ------} */

static const luaL_Reg engine_meth[] = {
  {"rate", e_rate}, {"rate_batch", e_rate_batch}, {"first", e_first}, {"cheapest", e_cheapest},
  {"hints", e_hints}, {"walk", e_walk}, {"techniques", e_techniques}, {"table", e_table},
  {"use_table", e_use_table}, {"dropped", e_dropped}, {"close", e_close}, {NULL, NULL}
};

static const luaL_Reg engine_metameth[] = {
  {"__index", NULL}, {"__gc", e_gc}, {"__close", e_close}, {"__tostring", e_tostring}, {NULL, NULL}
};

/* }==================================================================== */


/* {====================================================================
** Policies (sk_lua.h): a Lua file returning {name, table, choose, result,
** format} or {name, table, rate, format}
** ===================================================================== */

static int is_path(const char *s, const char *ext) {
  size_t n = strlen(s), e = strlen(ext);
  return strchr(s, '/') || (n > e && !strcmp(s + n - e, ext));
}

char *sk_policy_resolve(const char *name_or_path, sk_error *err) {
  return sk_ratings_resolve(name_or_path, ".lua", "policy", err);
}

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

/* sk.policy(name | path [, {table=, plugins=, missing=}]) -> policy, or nil, msg */
static int l_policy(lua_State *L) {
  sk_error err = {{0}};
  const char *name = luaL_checkstring(L, 1);
  lua_settop(L, 2);
  if (!lua_isnil(L, 2)) luaL_checktype(L, 2, LUA_TTABLE);
  void **hold = newbox(L, 0);                          /* 3 */
  char *path = *hold = sk_policy_resolve(name, &err);
  if (!path) return fail(L, err.msg);
  lua_pushstring(L, path);
  lua_replace(L, 3);                                   /* the box frees path later */
  path = (char *)lua_tostring(L, 3);                   /* kept alive at index 3 */
  if (luaL_loadfilex(L, path, "t") != LUA_OK) return luaL_pushfail(L), lua_insert(L, -2), 2;
  if (lua_pcall(L, 0, 1, 0) != LUA_OK) return luaL_pushfail(L), lua_insert(L, -2), 2;
  if (!lua_istable(L, -1))
    return failf(L, "%s: a policy must return a table, not %s", path, luaL_typename(L, -1));
  int spec = lua_gettop(L);
  const char *bad = spec_problem(L, spec);
  if (bad) return failf(L, "%s: %s", path, bad);
  lua_settop(L, spec);
  /* the engine: opts.table overrides the policy's own */
  lua_createtable(L, 0, 3);
  int eopts = lua_gettop(L);
  if (optfield(L, 2, "table") == LUA_TNIL) {
    lua_pop(L, 1);
    if (lua_getfield(L, spec, "table") == LUA_TNIL) lua_pushliteral(L, "se");
    policy_table_path(L, path, lua_tostring(L, -1));
  }
  lua_setfield(L, eopts, "table");
  optfield(L, 2, "plugins"), lua_setfield(L, eopts, "plugins");
  optfield(L, 2, "missing"), lua_setfield(L, eopts, "missing");
  lua_settop(L, eopts);
  if (make_engine(L, eopts) != 1) return 2;
  int engine = lua_gettop(L);
  lua_createtable(L, 0, 6);
  lua_getfield(L, spec, "name");
  if (lua_isnil(L, -1)) lua_pushvalue(L, 1), lua_replace(L, -2);
  lua_setfield(L, -2, "name");
  lua_pushvalue(L, 3), lua_setfield(L, -2, "path");
  lua_pushvalue(L, engine), lua_setfield(L, -2, "engine");
  lua_pushvalue(L, spec), lua_setfield(L, -2, "spec");
  lua_getfield(L, spec, "fields"), lua_setfield(L, -2, "fields");
  luaL_setmetatable(L, POLICY_MT);
  return 1;
}

static int checkpolicy(lua_State *L, int arg) {
  luaL_checktype(L, arg, LUA_TTABLE);
  if (!lua_getmetatable(L, arg)) luaL_typeerror(L, arg, POLICY_MT);
  luaL_getmetatable(L, POLICY_MT);
  if (!lua_rawequal(L, -1, -2)) luaL_typeerror(L, arg, POLICY_MT);
  lua_pop(L, 2);
  return arg;
}

/* p:rate(grid [, ctx]) -> fields, or nil, msg.  ctx: budget, solution. */
static int p_rate(lua_State *L) {
  checkpolicy(L, 1);
  checkgrid(L, 2);
  lua_settop(L, 3);
  if (lua_isnil(L, 3)) lua_newtable(L), lua_replace(L, 3);
  luaL_checktype(L, 3, LUA_TTABLE);
  lua_getfield(L, 1, "spec");                          /* 4 */
  lua_getfield(L, 1, "engine");                        /* 5 */
  checkengine(L, 5);
  if (lua_getfield(L, 4, "rate") == LUA_TFUNCTION) {   /* the policy rates itself */
    lua_pushvalue(L, 5), lua_pushvalue(L, 2), lua_pushvalue(L, 3);
    lua_call(L, 3, 2);
    return 2;
  }
  lua_pop(L, 1);
  lua_getfield(L, 4, "result");                        /* 6 */
  lua_pushcfunction(L, e_rate);                        /* 7 */
  lua_pushvalue(L, 5), lua_pushvalue(L, 2);            /* 8, 9 */
  lua_createtable(L, 0, 4);                            /* 10: options of e:rate */
  lua_getfield(L, 4, "choose"), lua_setfield(L, 10, "choose");
  lua_getfield(L, 4, "record"), lua_setfield(L, 10, "record");
  lua_getfield(L, 3, "budget"), lua_setfield(L, 10, "budget");
  lua_getfield(L, 3, "solution"), lua_setfield(L, 10, "solution");
  lua_call(L, 3, 1);                                   /* 7: the rating */
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
  lua_settop(L, 3);
  if (lua_isnil(L, 3)) lua_newtable(L), lua_replace(L, 3);
  luaL_checktype(L, 3, LUA_TTABLE);
  lua_getfield(L, 1, "spec");                          /* 4 */
  if (lua_getfield(L, 4, "rate") != LUA_TNIL)
    return luaL_error(L, "rate_batch: policy %s rates by itself (has 'rate')", luaL_tolstring(L, 1, NULL));
  if (lua_getfield(L, 4, "choose") == LUA_TFUNCTION)
    return luaL_error(L, "rate_batch: policy %s chooses steps in Lua", luaL_tolstring(L, 1, NULL));
  lua_settop(L, 4);
  lua_pushcfunction(L, e_rate_batch);                  /* 5 */
  lua_getfield(L, 1, "engine");
  lua_pushvalue(L, 2);
  lua_createtable(L, 0, 4);
  lua_getfield(L, 4, "choose"), lua_setfield(L, -2, "choose");
  lua_getfield(L, 3, "jobs"), lua_setfield(L, -2, "jobs");
  lua_getfield(L, 3, "budget"), lua_setfield(L, -2, "budget");
  lua_getfield(L, 3, "progress"), lua_setfield(L, -2, "progress");
  lua_call(L, 3, 1);                                   /* 5: summaries */
  lua_Integer n = luaL_len(L, 5);
  lua_createtable(L, (int)n, 0);                       /* 6: fields */
  lua_newtable(L);                                     /* 7: messages */
  for (lua_Integer i = 1; i <= n; i++) {
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
static int p_line(lua_State *L) {
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
  {"rate", p_rate}, {"rate_batch", p_rate_batch}, {"format", p_format}, {"line", p_line},
  {NULL, NULL}
};

static const luaL_Reg policy_metameth[] = {
  {"__index", NULL}, {"__tostring", p_tostring}, {NULL, NULL}
};

/* }==================================================================== */


/* {====================================================================
** The module
** ===================================================================== */

/* sk.tenths(x) -> "4.5": one decimal, half up, as serate prints */
static int l_tenths(lua_State *L) {
  lua_Number x = luaL_checknumber(L, 1);
  luaL_argcheck(L, x >= 0 && x <= 1e6, 1, "a difficulty");
  long long t = (llround(x * 1000) + 50) / 100;
  lua_pushfstring(L, "%I.%I", (lua_Integer)(t / 10), (lua_Integer)(t % 10));
  return 1;
}

static const luaL_Reg funcs[] = {
  {"grid", l_grid}, {"open", l_open}, {"puzzles", l_puzzles},
  {"rng", l_rng}, {"generate", l_generate}, {"grid_at", l_grid_at},
  {"table", l_table}, {"parse_table", l_parse_table},
  {"engine", l_engine}, {"policy", l_policy}, {"tenths", l_tenths},
  {NULL, NULL}
};

static void newmeta(lua_State *L, const char *name, const luaL_Reg *metameth, const luaL_Reg *meth) {
  luaL_newmetatable(L, name);
  luaL_setfuncs(L, metameth, 0);
  if (meth) {
    lua_newtable(L);
    luaL_setfuncs(L, meth, 0);
    lua_setfield(L, -2, "__index");
  }
  lua_pop(L, 1);
}

int luaopen_sudokit(lua_State *L) {
  static const luaL_Reg box_metameth[] = {{"__gc", box_gc}, {NULL, NULL}};
  luaL_checkversion(L);
  newmeta(L, GRID_MT, grid_metameth, grid_meth);
  newmeta(L, READER_MT, reader_metameth, reader_meth);
  newmeta(L, RNG_MT, rng_metameth, rng_meth);
  newmeta(L, TABLE_MT, table_metameth, table_meth);
  newmeta(L, ENGINE_MT, engine_metameth, engine_meth);
  newmeta(L, HINT_MT, hint_metameth, NULL);
  newmeta(L, POLICY_MT, policy_metameth, policy_meth);
  newmeta(L, BOX_MT, box_metameth, NULL);
  luaL_newlib(L, funcs);
  sk_lua_analysis_register(L);         /* sk.singles, sk.backdoor, ... (lua_analysis.c) */
  lua_pushliteral(L, SK_VERSION);
  lua_setfield(L, -2, "version");
  return 1;
}

/* }==================================================================== */


/* {====================================================================
** Scripts: `sudokit run`
** ===================================================================== */

/* The limits of a running script, reached through the state's extra space. */
typedef struct limit_state {
  sk_lua_limits lim;
  long long count;             /* instructions so far (in hook periods) */
  int every;                   /* hook period */
  double start;
  int tripped;
  char what[96];
} limit_state;

static void limit_hook(lua_State *L, lua_Debug *ar) {
  limit_state *s = *(limit_state **)lua_getextraspace(L);
  s->count += s->every;
  if (!s->tripped) {
    if (s->lim.instructions > 0 && s->count >= s->lim.instructions)
      snprintf(s->what, sizeof s->what, "instruction limit (%lld) exceeded", s->lim.instructions);
    else if (s->lim.seconds > 0 && now_seconds() - s->start > s->lim.seconds)
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
  limit_state ls;
  *errmsg = NULL;
  lua_State *L = luaL_newstate();
  if (!L) {
    *errmsg = strdup("cannot create a Lua state: out of memory");
    return -1;
  }
  memset(&ls, 0, sizeof ls);
  if (limits && (limits->instructions > 0 || limits->seconds > 0)) {
    ls.lim = *limits;
    ls.every = limits->instructions > 0 && limits->instructions < 1000 ? (int)limits->instructions : 1000;
    ls.start = now_seconds();
    *(limit_state **)lua_getextraspace(L) = &ls;
    lua_sethook(L, limit_hook, LUA_MASKCOUNT, ls.every);
  }
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


/* {====================================================================
** Policies from C: `sudokit rate --policy`
** ===================================================================== */

struct sk_policy {
  lua_State *L;
  char *name, *path;
  double budget;
  int verify;
  limit_state lim;             /* per-puzzle limits (sk_policy_opts.limits) */
  int limited;
};

typedef struct popen_args {
  const char *name;
  const sk_policy_opts *o;
} popen_args;

/* The libraries a policy may use: no io, os or debug. */
static void policy_libs(lua_State *L) {
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

/* Protected: load the policy; leaves it in the registry field "policy". */
static int policy_init(lua_State *L) {
  popen_args *a = lua_touserdata(L, 1);
  policy_libs(L);
  lua_pushcfunction(L, l_policy);
  lua_pushstring(L, a->name);
  lua_createtable(L, 0, 3);
  if (a->o && a->o->table) lua_pushstring(L, a->o->table), lua_setfield(L, -2, "table");
  if (a->o && a->o->plugins) lua_pushstring(L, a->o->plugins), lua_setfield(L, -2, "plugins");
  if (a->o && a->o->drop_missing) lua_pushliteral(L, "drop"), lua_setfield(L, -2, "missing");
  lua_call(L, 2, 2);
  if (lua_isnil(L, -2)) return lua_error(L);           /* the message */
  lua_pop(L, 1);
  lua_setfield(L, LUA_REGISTRYINDEX, "sudokit.the_policy");
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
  lua_pushcfunction(L, policy_init);
  lua_pushlightuserdata(L, &a);
  if (lua_pcall(L, 1, 0, 0) != LUA_OK) {
    const char *msg = lua_tostring(L, -1);
    sk_error_set(err, "%s", msg ? msg : "cannot load the rating policy");
    sk_policy_close(p);
    return NULL;
  }
  lua_getfield(L, LUA_REGISTRYINDEX, "sudokit.the_policy");
  lua_getfield(L, -1, "name");
  lua_getfield(L, -2, "path");
  p->name = strdup(lua_tostring(L, -2) ? lua_tostring(L, -2) : name_or_path);
  p->path = strdup(lua_tostring(L, -1) ? lua_tostring(L, -1) : name_or_path);
  lua_settop(L, 0);
  p->budget = o ? o->budget : 0;
  p->verify = o ? o->verify : 0;
  if (o && (o->limits.instructions > 0 || o->limits.seconds > 0)) {
    p->lim.lim = o->limits;
    p->lim.every = o->limits.instructions > 0 && o->limits.instructions < 1000
                   ? (int)o->limits.instructions : 1000;
    p->limited = 1;
    *(limit_state **)lua_getextraspace(L) = &p->lim;
  }
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
  lua_pushcfunction(L, p_line);
  lua_getfield(L, LUA_REGISTRYINDEX, "sudokit.the_policy");
  pushgrid(L, a->g);
  lua_createtable(L, 0, 4);
  lua_pushstring(L, a->puzzle && a->puzzle->raw ? a->puzzle->raw : ""), lua_setfield(L, -2, "raw");
  lua_pushstring(L, a->puzzle && a->puzzle->extra ? a->puzzle->extra : ""), lua_setfield(L, -2, "extra");
  lua_pushinteger(L, a->puzzle ? a->puzzle->index : 0), lua_setfield(L, -2, "index");
  lua_pushinteger(L, a->puzzle ? a->puzzle->line : 0), lua_setfield(L, -2, "line");
  lua_createtable(L, 0, 2);
  if (a->p->budget > 0) lua_pushnumber(L, a->p->budget), lua_setfield(L, -2, "budget");
  if (a->p->verify) {
    uint8_t sol[SK_CELLS];
    if (sk_solve_count_grid(a->g, 2, sol, NULL) == 1) {
      sk_grid_from_values(newgrid(L), sol, NULL);
      lua_setfield(L, -2, "solution");
    }
  }
  lua_call(L, 4, 2);
  return 2;
}

int sk_policy_rate(sk_policy *p, const sk_puzzle *puzzle, const sk_grid *g, char **out_line,
                   sk_error *err) {
  lua_State *L = p->L;
  prate_args a = {p, puzzle, g};
  int rc;
  *out_line = NULL;
  lua_settop(L, 0);
  if (p->limited) {            /* the limits count afresh for each puzzle */
    p->lim.count = 0;
    p->lim.tripped = 0;
    p->lim.start = now_seconds();
    lua_sethook(L, limit_hook, LUA_MASKCOUNT, p->lim.every);
  }
  lua_pushcfunction(L, policy_call);
  lua_pushlightuserdata(L, &a);
  if (lua_pcall(L, 1, 2, 0) != LUA_OK) {
    const char *msg = lua_tostring(L, -1);
    sk_error_set(err, "%s", msg ? msg : "error in the rating policy");
    rc = -1;
    if (p->limited && p->lim.tripped) {      /* over a limit: decline this puzzle only */
      const char *raw = puzzle && puzzle->raw ? puzzle->raw : "";
      size_t len = strlen(raw) + strlen(err->msg) + 5;
      if ((*out_line = malloc(len))) snprintf(*out_line, len, "%s # %s\n", raw, err->msg);
      rc = *out_line ? 1 : sk_error_set(err, "out of memory");
    }
  } else {
    size_t len;
    const char *raw = puzzle && puzzle->raw ? puzzle->raw : "";
    const char *s = lua_tolstring(L, -2, &len);
    if (s) {
      rc = 0;
      if ((*out_line = malloc(len + 2))) memcpy(*out_line, s, len), memcpy(*out_line + len, "\n", 2);
    } else {
      const char *msg = lua_tostring(L, -1);
      sk_error_set(err, "%s", msg ? msg : "declined");
      rc = 1;
      len = strlen(raw) + strlen(err->msg) + 5;
      if ((*out_line = malloc(len))) snprintf(*out_line, len, "%s # %s\n", raw, err->msg);
    }
    if (!*out_line) rc = sk_error_set(err, "out of memory");
  }
  lua_settop(L, 0);
  lua_gc(L, LUA_GCSTEP, 0);    /* a little collection per puzzle keeps memory flat */
  return rc;
}

const char *sk_policy_name(const sk_policy *p) { return p->name; }
const char *sk_policy_path(const sk_policy *p) { return p->path; }

void sk_policy_close(sk_policy *p) {
  if (!p) return;
  if (p->L) lua_close(p->L);
  free(p->name);
  free(p->path);
  free(p);
}

/* {------ the pool */

struct sk_policy_pool {
  pthread_mutex_t mu;
  pthread_cond_t cv;
  char *name, *table, *plugins;
  sk_policy_opts o;
  int n, opened, opening;
  sk_policy **p;
  int *busy;
};

static char *dup_or_null(const char *s, int *bad) {
  char *d = s ? strdup(s) : NULL;
  if (s && !d) *bad = 1;
  return d;
}

sk_policy_pool *sk_policy_pool_open(const char *name_or_path, const sk_policy_opts *o, int n,
                                    sk_error *err) {
  int bad = 0;
  if (n < 1) n = 1;
  sk_policy_pool *pool = calloc(1, sizeof *pool);
  if (!pool) return sk_error_set(err, "out of memory"), NULL;
  if (o) pool->o = *o;
  pool->name = dup_or_null(name_or_path, &bad);
  pool->table = dup_or_null(o ? o->table : NULL, &bad);
  pool->plugins = dup_or_null(o ? o->plugins : NULL, &bad);
  pool->o.table = pool->table, pool->o.plugins = pool->plugins;
  pool->n = n;
  pthread_mutex_init(&pool->mu, NULL);
  pthread_cond_init(&pool->cv, NULL);
  pool->p = calloc((size_t)n, sizeof *pool->p);
  pool->busy = calloc((size_t)n, sizeof *pool->busy);
  if (bad || !pool->p || !pool->busy) {
    sk_error_set(err, "out of memory");
    sk_policy_pool_close(pool);
    return NULL;
  }
  if (!(pool->p[0] = sk_policy_open_opts(pool->name, &pool->o, err))) {
    sk_policy_pool_close(pool);
    return NULL;
  }
  pool->opened = 1;
  return pool;
}

/* An idle policy (marked busy), opening one more if allowed; -1 on error. */
static int pool_take(sk_policy_pool *pool, sk_error *err) {
  pthread_mutex_lock(&pool->mu);
  for (;;) {
    for (int i = 0; i < pool->opened; i++)
      if (!pool->busy[i]) {
        pool->busy[i] = 1;
        pthread_mutex_unlock(&pool->mu);
        return i;
      }
    if (pool->opened + pool->opening < pool->n) break;
    pthread_cond_wait(&pool->cv, &pool->mu);
  }
  pool->opening++;
  pthread_mutex_unlock(&pool->mu);
  sk_policy *p = sk_policy_open_opts(pool->name, &pool->o, err);
  pthread_mutex_lock(&pool->mu);
  pool->opening--;
  int i = -1;
  if (p) {
    i = pool->opened++;
    pool->p[i] = p;
    pool->busy[i] = 1;
  }
  pthread_cond_broadcast(&pool->cv);
  pthread_mutex_unlock(&pool->mu);
  return i;
}

int sk_policy_pool_rate(sk_policy_pool *pool, const sk_puzzle *puzzle, const sk_grid *g,
                        char **out_line, sk_error *err) {
  *out_line = NULL;
  int i = pool_take(pool, err);
  if (i < 0) return -1;
  int rc = sk_policy_rate(pool->p[i], puzzle, g, out_line, err);
  pthread_mutex_lock(&pool->mu);
  pool->busy[i] = 0;
  pthread_cond_signal(&pool->cv);
  pthread_mutex_unlock(&pool->mu);
  return rc;
}

void sk_policy_pool_close(sk_policy_pool *pool) {
  if (!pool) return;
  for (int i = 0; pool->p && i < pool->opened; i++) sk_policy_close(pool->p[i]);
  pthread_mutex_destroy(&pool->mu);
  pthread_cond_destroy(&pool->cv);
  free(pool->p);
  free(pool->busy);
  free(pool->name);
  free(pool->table);
  free(pool->plugins);
  free(pool);
}

/* ------} */

/* }==================================================================== */
