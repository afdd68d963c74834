/*
** lua_random.c -- sudokit.rng and what it draws: generated puzzles and
** complete grids by number (lua_internal.h lists the parts of the binding).
**
** An rng is an sk_rng (sk_gen.h) in a userdata, so a script can replay a
** generation from its seed and stream.  sk.generate takes one (rng =) or
** seeds its own.
*/
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "lua_internal.h"
#include "sk_gen.h"

static sk_rng *checkrng(lua_State *L, int arg) {
  return luaL_checkudata(L, arg, SKLUA_RNG_MT);
}

/* sk.rng(seed [, stream]) */
static int l_rng(lua_State *L) {
  lua_Integer seed = luaL_checkinteger(L, 1), stream = luaL_optinteger(L, 2, 0);
  sk_rng *r = lua_newuserdatauv(L, sizeof *r, 0);
  luaL_setmetatable(L, SKLUA_RNG_MT);
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
  int ty = sklua_optfield(L, 1, "givens");
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
  if (sklua_optstrfield(L, 1, "level", name, sizeof name) &&
      sk_level_range(name, &o.lo, &o.hi) != 0)
    return luaL_error(L, "unknown level '%s' (easy, medium, hard)", name);
  if (sklua_optstrfield(L, 1, "symmetry", name, sizeof name) &&
      sk_symmetry_parse(name, &o.symmetry) != 0)
    return luaL_error(L, "unknown symmetry '%s' (none, rot180, rot90, mirror, diagonal)", name);
  o.minimal = sklua_optboolfield(L, 1, "minimal");
  o.attempts = (int)sklua_optintfield(L, 1, "attempts", 0);
  if (sk_gen_check(&o, &err) != 0) return luaL_error(L, "%s", err.msg);
  if (sklua_optfield(L, 1, "rng") != LUA_TNIL) rng = checkrng(L, -1);
  else {
    lua_Integer clock_seed = (lua_Integer)time(NULL) ^ (lua_Integer)getpid();
    lua_Integer seed = sklua_optintfield(L, 1, "seed", clock_seed);
    sk_rng_seed(&local, (uint64_t)seed, (uint64_t)sklua_optintfield(L, 1, "stream", 0));
  }
  uint8_t puzzle[SK_CELLS], solution[SK_CELLS];
  int n = sk_generate(&o, rng, puzzle, solution, NULL);
  if (n < 0) return sklua_fail(L, "no puzzle found within the attempts (try a wider givens range)");
  sk_grid_from_values(sklua_newgrid(L), puzzle, NULL);
  sk_grid_from_values(sklua_newgrid(L), solution, NULL);
  return 2;
}

/* sk.grid_at(index, first) -> complete grid number index (0-based) */
static int l_grid_at(lua_State *L) {
  lua_Integer i = luaL_checkinteger(L, 1), first = luaL_optinteger(L, 2, 1);
  uint8_t v[SK_CELLS];
  luaL_argcheck(L, i >= 0 && (uint64_t)i < SK_GRID_COUNT, 1, "index out of range");
  luaL_argcheck(L, first >= 1 && first <= 9, 2, "first digit must be 1..9");
  sk_grid_at((uint64_t)i, (int)first, v);
  sk_grid_from_values(sklua_newgrid(L), v, NULL);
  return 1;
}

void sklua_open_random(lua_State *L) {
  static const luaL_Reg funcs[] = {
    {"rng", l_rng}, {"generate", l_generate}, {"grid_at", l_grid_at}, {NULL, NULL}
  };
  sklua_newmeta(L, SKLUA_RNG_MT, rng_metameth, rng_meth);
  luaL_setfuncs(L, funcs, 0);
}
