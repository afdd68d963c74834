/*
** lua_reader.c -- sudokit.reader: puzzle files read from Lua, one puzzle
** table at a time (lua_internal.h lists the parts of the binding).
**
** A reader wraps an sk_reader (sk_format.h) and the FILE it reads; both
** are released by r:close(), __close and __gc, after which a use raises
** "attempt to use a closed reader".  sk.puzzles is the for-loop form, with
** the reader as the loop's to-be-closed value.
*/
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "lua_internal.h"
#include "sk_format.h"

typedef struct lreader {
  FILE *f;
  sk_reader *r;
  int own;                     /* fclose f at the end (not for stdin) */
} lreader;

static lreader *checkreader(lua_State *L, int arg) {
  lreader *r = luaL_checkudata(L, arg, SKLUA_READER_MT);
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
  reader_release(luaL_checkudata(L, 1, SKLUA_READER_MT));
  return 0;
}

/* Push a new reader on path, or return nonzero with the message pushed. */
static int open_reader(lua_State *L, const char *path) {
  lreader *r = lua_newuserdatauv(L, sizeof *r, 0);
  memset(r, 0, sizeof *r);
  luaL_setmetatable(L, SKLUA_READER_MT);
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
  void **hold = sklua_newbox(L, 0);
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
      sklua_pushgrid(L, &g);
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
  lreader *r = luaL_checkudata(L, lua_upvalueindex(1), SKLUA_READER_MT);
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

static int r_tostring(lua_State *L) {
  lreader *r = luaL_checkudata(L, 1, SKLUA_READER_MT);
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
  {"read", r_read}, {"lines", r_lines}, {"close", r_gc}, {NULL, NULL}
};

static const luaL_Reg reader_metameth[] = {
  {"__index", NULL}, {"__gc", r_gc}, {"__close", r_gc}, {"__tostring", r_tostring}, {NULL, NULL}
};

void sklua_open_reader(lua_State *L) {
  static const luaL_Reg funcs[] = {{"open", l_open}, {"puzzles", l_puzzles}, {NULL, NULL}};
  sklua_newmeta(L, SKLUA_READER_MT, reader_metameth, reader_meth);
  luaL_setfuncs(L, funcs, 0);
}
