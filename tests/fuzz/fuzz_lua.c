/*
** fuzz_lua.c -- the Lua binding (engine/sk_lua.h) on arbitrary source text.
**
** The input is a Lua chunk.  It runs as a script with the `sudokit`
** module (luaopen_sudokit); when it returns a table it is also taken as a
** rating policy: written to a file, loaded with sk.policy() and asked to
** rate a few puzzles the way `sudokit rate --policy` does (p:line with a
** puzzle record and a ctx), then through p:rate_batch.
** Properties: never crashes, leaks or trips ASan/UBSan, whatever the
** script does to the module (wrong types, closed objects, errors thrown
** from inside callbacks such as a policy's choose/result/format, memory
** running out in the middle of a binding call).
**
** Bounds, so that every input ends quickly and only faults of sudokit are
** reported:
**  - an instruction limit per stage (a count hook; once hit it raises at
**    every instruction, so a pcall cannot swallow it -- the rule the
**    binding's own sk_lua_limits follows);
**  - a memory cap on the state's allocator: past it an allocation fails
**    and Lua raises a memory error, through the binding's code too;
**  - a cap on the bytes allocated per stage: a few VM instructions can
**    ask C for megabytes each (("x"):rep(1 << 20) in a loop), which the
**    instruction limit alone lets run for minutes; and string.rep's
**    copies count against the instruction limit (one memcpy a copy);
**  - text chunks only (Lua does not check binary chunks), no io, os,
**    debug or package: `require` only hands out loaded modules;
**  - a prelude that caps the calls into C that run as long as they are
**    asked to (a count limit, rating budgets, backdoor order, batch
**    threads, generation attempts), drops plugin directories (dlopen of
**    arbitrary files is not something a binding can make safe) and keeps
**    file names away from /dev, /proc and /sys (endless files).
*/
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "sk_lua.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);
const char *__asan_default_options(void);

/* A script allocates thousands of small blocks: ASan's default 30-frame
** allocation stacks and 256 MB quarantine (every block freed stays
** poisoned, so each run touches fresh pages) were a third of the time. */
const char *__asan_default_options(void) { return "malloc_context_size=4:quarantine_size_mb=16"; }

#define MEM_CAP      (64u << 20)     /* bytes of Lua memory per input */
#define STEP_LIMIT   100000          /* VM instructions per stage */
#define VOLUME_CAP   ((size_t)512 << 20)   /* bytes allocated per stage */
#define HOOK_PERIOD  1000

typedef struct bounds {
  size_t used, cap;
  size_t volume;                     /* bytes allocated since the stage began */
  long long count;
  int tripped;
} bounds;

/* {====== allocator and instruction limit */

static void *capped_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  bounds *b = ud;
  size_t old = ptr ? osize : 0;      /* without ptr, osize is a type tag */
  if (nsize == 0) {
    free(ptr);
    b->used -= old;
    return NULL;
  }
  if (nsize > old && nsize - old > b->cap - b->used) return NULL;
  if (nsize > VOLUME_CAP - b->volume) return NULL;
  void *p = realloc(ptr, nsize);
  if (p) {
    b->used = b->used - old + nsize;
    b->volume += nsize;
  }
  return p;
}

static void limit_hook(lua_State *L, lua_Debug *ar) {
  bounds *b = *(bounds **)lua_getextraspace(L);
  (void)ar;
  b->count += b->tripped ? 1 : HOOK_PERIOD;
  if (!b->tripped && b->count < STEP_LIMIT) return;
  if (!b->tripped) {
    b->tripped = 1;
    lua_sethook(L, limit_hook, LUA_MASKCOUNT, 1);
  }
  luaL_error(L, "instruction limit exceeded");
}

static void arm(lua_State *L, bounds *b) {
  b->count = 0;
  b->volume = 0;
  b->tripped = 0;
  lua_sethook(L, limit_hook, LUA_MASKCOUNT, HOOK_PERIOD);
}

/* }====== */

/* {====== the sandbox */

/* require(name): modules already loaded, nothing from disk */
static int l_require(lua_State *L) {
  const char *name = luaL_checkstring(L, 1);
  lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
  if (lua_getfield(L, -1, name) == LUA_TNIL)
    return luaL_error(L, "module '%s' not found (fuzz sandbox)", name);
  return 1;
}

static int l_quiet(lua_State *L) {
  (void)L;
  return 0;
}

/* The prelude gets (sk, and the method tables of grids, engines,
** policies, and the tables' metatable) and wraps what needs a bound;
** every wrapper hands arguments that are not of the shape it bounds on
** unchanged, so that type errors still reach the binding's own checks.
** Engines keep only the cheap techniques: a chain search on an open grid
** takes seconds, and a hint search (e:first, e:hints...) has no budget.
** The chain plugins are fuzzed by fuzz_engine, under a budget. */
static const char prelude[] =
  "local sk, G, E, P, TM = ...\n"
  "local function bad_path(s)\n"
  "  return type(s) == 'string' and (s:find('/dev', 1, true) or s:find('/proc', 1, true)\n"
  "    or s:find('/sys', 1, true)) ~= nil\n"
  "end\n"
  "local function heavy(id)\n"
  "  return type(id) == 'string' and (id:find('chain', 1, true) or id:find('exclusion', 1, true)) ~= nil\n"
  "end\n"
  /* a plain options table: copied without plugins, numbers capped */
  "local function opts(o, caps)\n"
  "  if type(o) ~= 'table' or getmetatable(o) ~= nil then return o end\n"
  "  local c = {}\n"
  "  for k, v in next, o do c[k] = v end\n"
  "  c.plugins = nil\n"
  "  if bad_path(c.table) then c.table = 'se' end\n"
  "  for k, cap in next, caps or {} do\n"
  "    local v = c[k]\n"
  "    if v == nil or (type(v) == 'number' and (v ~= v or v > cap)) then c[k] = cap\n"
  "    elseif type(v) == 'number' and v <= 0 and k ~= 'max_order' then c[k] = cap end\n"
  "  end\n"
  "  return c\n"
  "end\n"
  "local function paths(f)\n"
  "  return function(p, ...)\n"
  "    if bad_path(p) then return nil, 'path refused by the fuzz sandbox' end\n"
  "    return f(p, ...)\n"
  "  end\n"
  "end\n"
  "local table0 = sk.table\n"
  "sk.open, sk.puzzles, sk.table = paths(sk.open), paths(sk.puzzles), paths(sk.table)\n"
  /* a copy of a rating table without the expensive techniques */
  "local function light(t)\n"
  "  local c, n = t:copy(), 0\n"
  "  for _, id in ipairs(c:ids()) do\n"
  "    if heavy(id) then c:remove(id) else n = n + 1 end\n"
  "  end\n"
  "  if n == 0 then return nil, 'only expensive techniques (fuzz sandbox)' end\n"
  "  return c\n"
  "end\n"
  "local use_table = E.use_table\n"
  "E.use_table = function(e, t, ...)\n"
  "  if type(t) == 'string' then\n"
  "    if bad_path(t) then return nil, 'path refused by the fuzz sandbox' end\n"
  "    local u, msg = table0(t)\n"
  "    if not u then return nil, msg end\n"
  "    t = u\n"
  "  end\n"
  "  if getmetatable(t) == TM then\n"
  "    local c, msg = light(t)\n"
  "    if not c then return nil, msg end\n"
  "    t = c\n"
  "  end\n"
  "  return use_table(e, t, ...)\n"
  "end\n"
  "local function lighten(e, ...)\n"
  "  if getmetatable(e) == nil or type(e) ~= 'userdata' then return e, ... end\n"
  "  local ok, msg = e:use_table(e:table(), 'drop')\n"
  "  if not ok then e:close(); return nil, msg end\n"
  "  return e\n"
  "end\n"
  "local engine = sk.engine\n"
  "sk.engine = function(o, ...) return lighten(engine(opts(o), ...)) end\n"
  "local policy = paths(sk.policy)\n"
  "sk.policy = function(name, o, ...)\n"
  "  local p, msg = policy(name, opts(o), ...)\n"
  "  if type(p) == 'table' and not lighten(rawget(p, 'engine')) then\n"
  "    return nil, 'policy engine: only expensive techniques (fuzz sandbox)'\n"
  "  end\n"
  "  return p, msg\n"
  "end\n"
  "local generate = sk.generate\n"
  "sk.generate = function(o, ...) return generate(opts(o, {attempts = 2}), ...) end\n"
  "local backdoor = sk.backdoor\n"
  "if backdoor then\n"
  "  sk.backdoor = function(g, o, ...)\n"
  "    o = opts(o == nil and {} or o, {max_order = 2})\n"
  "    if type(o) == 'table' and heavy(o.set) then return nil, 'expensive set (fuzz sandbox)' end\n"
  "    return backdoor(g, o, ...)\n"
  "  end\n"
  "end\n"
  "local count = G.count\n"
  "G.count = function(g, n, ...)\n"
  "  if math.type(n) == 'integer' and n > 1000 then n = 1000 end\n"
  "  return count(g, n, ...)\n"
  "end\n"
  /* ratings: a budget always; batches: at most two threads */
  "local rating = {budget = 0.005}\n"
  "local batch = {budget = 0.005, jobs = 2}\n"
  "for _, m in ipairs{{E, 'rate', 2, rating}, {E, 'rate_batch', 2, batch},\n"
  "                   {P, 'rate', 2, rating}, {P, 'rate_batch', 2, batch},\n"
  "                   {P, 'line', 3, rating}} do\n"
  "  local t, name, k, caps = m[1], m[2], m[3], m[4]\n"
  "  local f = t[name]\n"
  "  t[name] = function(self, a, b, c, ...)\n"
  "    local args = {a, b, c}\n"
  "    args[k] = opts(args[k] == nil and {} or args[k], caps)\n"
  "    return f(self, args[1], args[2], args[3], ...)\n"
  "  end\n"
  "end\n"
  "local load0 = load\n"
  "load = function(chunk, name, mode, env) return load0(chunk, name, 't', env) end\n"
  "dofile, loadfile = nil, nil\n";

/* Rate a few puzzles with the policy at path, as `rate --policy` does. */
static const char driver[] =
  "local path = ...\n"
  "local sk = require 'sudokit'\n"
  "local p = sk.policy(path, {missing = 'drop'})\n"
  "if not p then return end\n"
  "tostring(p)\n"
  "local list = {}\n"
  "for i, s in ipairs{\n"
  "  '...........1.4.2..3..1.2..7.........64.....755..9.8..2.6843759.4.75296.8.........',\n"
  "  '..9.....3.....9...7.....5.6..65..4.....3......28......3..75.6..6...........12.3.8'} do\n"
  "  local g = sk.grid(s)\n"
  "  list[i] = g\n"
  "  local ctx = {}\n"
  "  if i == 1 then ctx.solution = g:solve() end\n"
  "  pcall(p.line, p, g, {raw = s, extra = '', index = i, line = i}, ctx)\n"
  "end\n"
  "pcall(p.rate_batch, p, list, {jobs = 1})\n";

/* string.rep(s, n [, sep]) copies s n times, one memcpy a copy: a single
** VM instruction ("x"):rep(1 << 20) made a million intercepted calls under
** ASan, and a loop of them ran for minutes inside the volume cap.  Every
** sixteen copies count as one instruction against the stage's limit. */
static int l_rep(lua_State *L) {
  bounds *b = *(bounds **)lua_getextraspace(L);
  lua_Integer n = luaL_optinteger(L, 2, 0);
  if (n > 0) {
    long long copies = (long long)(n > (lua_Integer)1 << 40 ? (lua_Integer)1 << 40 : n);
    if (!lua_isnoneornil(L, 3)) copies *= 2;
    b->count += copies / 16;
    if (b->count >= STEP_LIMIT) return luaL_error(L, "instruction limit exceeded");
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  return lua_gettop(L);
}

static void add_libs(lua_State *L) {
  static const luaL_Reg libs[] = {
    {LUA_GNAME, luaopen_base}, {LUA_COLIBNAME, luaopen_coroutine},
    {LUA_TABLIBNAME, luaopen_table}, {LUA_STRLIBNAME, luaopen_string},
    {LUA_MATHLIBNAME, luaopen_math}, {LUA_UTF8LIBNAME, luaopen_utf8},
    {"sudokit", luaopen_sudokit}, {NULL, NULL}
  };
  for (const luaL_Reg *l = libs; l->func; l++) {
    luaL_requiref(L, l->name, l->func, l->func != luaopen_sudokit);
    lua_pop(L, 1);
  }
  lua_getglobal(L, LUA_STRLIBNAME);
  lua_getfield(L, -1, "rep");
  lua_pushcclosure(L, l_rep, 1);
  lua_setfield(L, -2, "rep");
  lua_pop(L, 1);
  lua_register(L, "require", l_require);
  lua_register(L, "print", l_quiet);
  lua_register(L, "warn", l_quiet);
}

/* Protected: libraries and prelude. */
static int setup(lua_State *L) {
  add_libs(L);
  if (luaL_loadbufferx(L, prelude, sizeof prelude - 1, "=prelude", "t") != LUA_OK) return lua_error(L);
  luaL_requiref(L, "sudokit", luaopen_sudokit, 0);
  luaL_getmetatable(L, "sudokit.grid");
  lua_getfield(L, -1, "__index");
  lua_remove(L, -2);
  luaL_getmetatable(L, "sudokit.engine");
  lua_getfield(L, -1, "__index");
  lua_remove(L, -2);
  luaL_getmetatable(L, "sudokit.policy");
  lua_getfield(L, -1, "__index");
  lua_remove(L, -2);
  luaL_getmetatable(L, "sudokit.table");
  lua_call(L, 5, 0);
  return 0;
}

/* }====== */

/* A file that holds the current input when it is rated as a policy. */
static char policy_path[256];
static int policy_fd = -1;

static void drop_policy_file(void) {
  if (policy_fd >= 0) unlink(policy_path);
}

static int write_policy(const unsigned char *data, size_t size) {
  if (policy_fd < 0) {
    const char *dir = getenv("TMPDIR");
    snprintf(policy_path, sizeof policy_path, "%s/fuzz_lua.XXXXXX.lua", dir && *dir ? dir : "/tmp");
    policy_fd = mkstemps(policy_path, 4);
    if (policy_fd < 0) return -1;
    atexit(drop_policy_file);
  }
  if (ftruncate(policy_fd, 0) != 0) return -1;
  for (size_t off = 0; off < size; ) {
    ssize_t n = pwrite(policy_fd, data + off, size - off, (off_t)off);
    if (n <= 0) return -1;
    off += (size_t)n;
  }
  return 0;
}

/* FUZZ_LUA_DEBUG=1 in the environment: say how each stage ended (to
** check what a seed reaches). */
static int debug;

static void report(lua_State *L, const char *stage, int rc) {
  if (!debug) return;
  if (rc == LUA_OK) fprintf(stderr, "fuzz_lua: %s: ok\n", stage);
  else fprintf(stderr, "fuzz_lua: %s: %s\n", stage,
               lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : luaL_typename(L, -1));
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size) {
  static int once;
  if (!once) {
    unsetenv("SUDOKIT_PLUGIN_PATH");   /* the plugins are the build's, nothing else */
    debug = getenv("FUZZ_LUA_DEBUG") != NULL;
    once = 1;
  }
  bounds b = {.cap = MEM_CAP};
  lua_State *L = lua_newstate(capped_alloc, &b);
  if (!L) return 0;
  *(bounds **)lua_getextraspace(L) = &b;
  lua_pushcfunction(L, setup);
  if (lua_pcall(L, 0, 0, 0) != LUA_OK) abort();        /* the harness itself is broken */
  /* stage 1: the input as a script */
  arm(L, &b);
  int rc = luaL_loadbufferx(L, (const char *)data, size, "=fuzz", "t");
  if (rc == LUA_OK) rc = lua_pcall(L, 0, 1, 0);
  report(L, "script", rc);
  int policy = rc == LUA_OK && lua_istable(L, -1);
  lua_settop(L, 0);
  /* stage 2: the input as a rating policy */
  if (policy && write_policy(data, size) == 0) {
    arm(L, &b);
    rc = luaL_loadbufferx(L, driver, sizeof driver - 1, "=driver", "t");
    if (rc == LUA_OK) {
      lua_pushstring(L, policy_path);
      rc = lua_pcall(L, 1, 0, 0);
    }
    report(L, "policy", rc);
    lua_settop(L, 0);
  }
  /* finalizers a script set run under the limit as well */
  arm(L, &b);
  lua_close(L);
  return 0;
}
