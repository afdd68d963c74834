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
**  - a cap on the bytes allocated per stage (reaching it ends the stage)
**    and on any one block: a few VM instructions can ask C for megabytes
**    each (("x"):rep(1 << 20) in a loop), which the instruction limit
**    alone lets run for minutes; and string.rep's copies and bytes count
**    against the instruction limit;
**  - the binding's searches, engines and policies count as thousands of
**    instructions each, so that a loop of them ends within the limit;
**  - text chunks only (Lua does not check binary chunks), no io, os,
**    debug or package: `require` only hands out loaded modules;
**  - a prelude that caps the calls into C that run as long as they are
**    asked to (a count limit, rating budgets, backdoor order, batch
**    threads, generation attempts), drops plugin directories (dlopen of
**    arbitrary files is not something a binding can make safe) and keeps
**    file names away from /dev, /proc and /sys (endless files).
** Speed (the fuzzer is to make millions of runs an hour): one Lua state
** serves every input and is restored after each (see "one state for many
** inputs"), the plugins and table files are loaded once, engines keep the
** cheap techniques only.
*/
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "engine_state.h"
#include "fuzz_defaults.h"
#include "lua_internal.h"
#include "sk_lua.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);
const char *__asan_default_options(void);
sk_table *__real_sk_table_load(const char *path, sk_error *err);
sk_table *__wrap_sk_table_load(const char *path, sk_error *err);
int __real_sk_engine_load_default(sk_engine *e, const char *extra_dir, sk_error *err);
int __wrap_sk_engine_load_default(sk_engine *e, const char *extra_dir, sk_error *err);

/* A script allocates thousands of small blocks: ASan's default 30-frame
** allocation stacks and 256 MB quarantine (every block freed stays
** poisoned, so each run touches fresh pages) were a third of the time. */
const char *__asan_default_options(void) { return "malloc_context_size=4:quarantine_size_mb=16"; }

/* {====== what every input would otherwise build again
** Registering the plugins and parsing se.yaml were four fifths of the
** time of a script that makes one engine.  The harness is linked with
** -Wl,--wrap for both (FUZZ_LINK_lua in the Makefile): an engine gets a
** copy of the techniques of one engine loaded at the first run, a table
** file a copy of the table parsed the first time that file (the same
** inode, size and time of change) was read.  A script sees the same
** techniques and the same tables either way.  The file the policy stage
** writes the input to changes at every run and is never kept. */

/* FUZZ_LUA_DEBUG=1 in the environment: say how each stage ended and why
** the state was closed (to check what a seed reaches). */
static int debug;

/* Words of the ids of the techniques engines leave out (see the prelude):
** chains, nets, exotic fish, ALS, exocets and the like. */
static const char *const costly[] = {
  "chain", "exclusion", "nice-loop", "sk-loop", "net", "kraken", "template", "franken", "mutant", "squirmbag",
  "whale", "leviathan", "als", "blossom", "exocet", "msls", "tridagon", "firework", "almost",
  "sue", "multi", "vwxyz"
};

static int heavy_id(const char *id) {
  for (size_t i = 0; i < sizeof costly / sizeof costly[0]; i++)
    if (strstr(id, costly[i])) return 1;
  return 0;
}

/* Take the costly entries out of a table read from a file, unless that
** leaves none (then the prelude refuses it as it refuses any such table). */
static void lighten_table(sk_table *t) {
  int light = 0;
  for (int i = 0; i < t->n; i++) light += !heavy_id(t->entry[i].id);
  if (light == 0) return;
  for (int i = t->n - 1; i >= 0; i--)
    if (heavy_id(t->entry[i].id)) sklua_table_remove(t, i);
}

#define TABLE_CACHE 16

static struct cached_table {
  char *path;
  struct stat st;
  sk_table *t;
} table_cache[TABLE_CACHE];
static int ncached;
static struct stat policy_st;         /* the policy stage's file, once made */
static int have_policy_st;

static int same_file(const struct stat *a, const struct stat *b) {
  return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

static int unchanged(const struct stat *a, const struct stat *b) {
  return same_file(a, b) && a->st_size == b->st_size && a->st_mtim.tv_sec == b->st_mtim.tv_sec &&
         a->st_mtim.tv_nsec == b->st_mtim.tv_nsec && a->st_ctim.tv_sec == b->st_ctim.tv_sec &&
         a->st_ctim.tv_nsec == b->st_ctim.tv_nsec;
}

sk_table *__wrap_sk_table_load(const char *path, sk_error *err) {
  struct stat st;
  if (!path || stat(path, &st) != 0 || !S_ISREG(st.st_mode) ||
      (have_policy_st && same_file(&st, &policy_st)))
    return __real_sk_table_load(path, err);
  for (int i = 0; i < ncached; i++)
    if (!strcmp(table_cache[i].path, path) && unchanged(&table_cache[i].st, &st)) {
      sk_table *t = sk_table_copy(table_cache[i].t);
      if (!t) sk_error_set(err, "out of memory");
      return t;
    }
  sk_table *t = __real_sk_table_load(path, err);
  if (t && ncached < TABLE_CACHE) {
    lighten_table(t);
    struct cached_table *c = &table_cache[ncached];
    if ((c->path = strdup(path)) && (c->t = sk_table_copy(t))) {
      c->st = st;
      ncached++;
    } else {
      free(c->path);
      c->path = NULL;
    }
  }
  return t;
}

static sk_engine *proto;               /* the build's plugins, loaded once */

int __wrap_sk_engine_load_default(sk_engine *e, const char *extra_dir, sk_error *err) {
  /* plugin files (dlopen handles) are not shared: only a build with the
  ** plugins linked in copies */
  if (!proto || proto->nhandles || extra_dir || e->ntech || e->nhandles ||
      getenv("SUDOKIT_PLUGIN_PATH"))
    return __real_sk_engine_load_default(e, extra_dir, err);
  sk_tech *tech = calloc((size_t)(proto->captech ? proto->captech : 1), sizeof *tech);
  if (!tech) return sk_error_set(err, "out of memory");
  for (int i = 0; i < proto->ntech; i++) {
    tech[i] = proto->tech[i];
    tech[i].t.id = strdup(proto->tech[i].t.id);
    tech[i].t.name = strdup(proto->tech[i].t.name);
    tech[i].file = strdup(proto->tech[i].file);
    if (!tech[i].t.id || !tech[i].t.name || !tech[i].file) {
      for (int k = 0; k <= i; k++) {
        free((char *)tech[k].t.id);
        free((char *)tech[k].t.name);
        free(tech[k].file);
      }
      free(tech);
      return sk_error_set(err, "out of memory");
    }
  }
  free(e->tech);
  e->tech = tech;
  e->ntech = proto->ntech;
  e->captech = proto->captech;
  return 0;
}

/* }====== */

/* A seed needs at most a few thousand instructions and a few hundred KB;
** the limits are there for loops and for memory running out, which they
** reach sooner when low (a fill to 64 MB took a second under ASan, and
** 512 MB of volume half a second). */
#define MEM_CAP      (4u << 20)      /* bytes of Lua memory per input */
/* one block at most: larger ones are mapped and unmapped by ASan at each
** allocation, and their fresh pages (big strings filling the cap) were a
** seventh of the time */
#define BLOCK_CAP    ((size_t)64 << 10)
#define STEP_LIMIT   100000          /* VM instructions per stage */
#define VOLUME_CAP   ((size_t)4 << 20)     /* bytes allocated per stage */
#define HOOK_PERIOD  1000

typedef struct bounds {
  lua_State *L;
  size_t used, cap;
  size_t volume;                     /* bytes allocated since the stage began */
  long long count;
  int tripped;
} bounds;

/* {====== allocator and instruction limit */

static void limit_hook(lua_State *L, lua_Debug *ar);

static void *capped_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  bounds *b = ud;
  size_t old = ptr ? osize : 0;      /* without ptr, osize is a type tag */
  if (nsize == 0) {
    free(ptr);
    b->used -= old;
    return NULL;
  }
  /* Lua calls a finalizer in a new CallInfo, a small block of no type
  ** (osize 0 without ptr): when that allocation failed, the finalizer was
  ** skipped and the C memory of a binding's userdata leaked (once a stage
  ** had used up its volume every finalizer failed).  Such blocks come with
  ** objects that are counted, so letting them through keeps the bounds. */
  int aux = !ptr && osize == 0 && nsize <= 128;
  if (!aux && nsize > old && (nsize - old > b->cap - b->used || nsize > BLOCK_CAP)) return NULL;
  if (!aux && nsize > VOLUME_CAP - b->volume) {
    /* the stage is over: every allocation from now on fails after a full
    ** collection, and the script ran on through thousands of them */
    if (b->L && !b->tripped) {
      b->tripped = 1;
      lua_sethook(b->L, limit_hook, LUA_MASKCOUNT, 1);
    }
    return NULL;
  }
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

/* The binding's objects that have a finalizer get their metatable from
** lua_setmetatable or luaL_setmetatable: both are wrapped (FUZZ_LINK_lua,
** as above) to count them, so that the run can collect them itself. */
int __real_lua_setmetatable(lua_State *L, int idx);
int __wrap_lua_setmetatable(lua_State *L, int idx);
void __real_luaL_setmetatable(lua_State *L, const char *tname);
void __wrap_luaL_setmetatable(lua_State *L, const char *tname);

static int finalizers;                 /* made this run, in any state */

static void count_finalizer(lua_State *L, int idx) {
  if (!lua_getmetatable(L, idx)) return;
  lua_pushliteral(L, "__gc");
  if (lua_rawget(L, -2) != LUA_TNIL) finalizers++;
  lua_pop(L, 2);
}

int __wrap_lua_setmetatable(lua_State *L, int idx) {
  int at = lua_absindex(L, idx);
  int rc = __real_lua_setmetatable(L, idx);
  count_finalizer(L, at);
  return rc;
}

void __wrap_luaL_setmetatable(lua_State *L, const char *tname) {
  __real_luaL_setmetatable(L, tname);
  count_finalizer(L, -1);
}

/* }====== */

/* charge(n): a call into C that costs as much as n instructions (the
** prelude's wrappers of the binding's searches); past the limit it trips
** it as the hook does. */
static int l_charge(lua_State *L) {
  bounds *b = *(bounds **)lua_getextraspace(L);
  b->count += luaL_checkinteger(L, 1);
  if (b->count < STEP_LIMIT) return 0;
  if (!b->tripped) {
    b->tripped = 1;
    lua_sethook(L, limit_hook, LUA_MASKCOUNT, 1);
  }
  return luaL_error(L, "instruction limit exceeded");
}

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
** Engines keep only the cheap techniques (singles, subsets, basic and
** finned fish, short wings, uniqueness, brute force): a chain search on an
** open grid takes seconds, and a hint search (e:first, e:hints...) has no
** budget -- one e:hints with hodoku.yaml's fish, nets and ALS took 150 ms.
** Those plugins are fuzzed by fuzz_engine, under a budget. */
static const char prelude[] =
  "local sk, G, E, P, TM, dirty, charge, costly = ...\n"
  /* what the state's reuse cannot undo (finalizers set by the script, the
  ** collector's mode and pace): the state is closed after such a run */
  "local setmetatable0, collectgarbage0 = setmetatable, collectgarbage\n"
  "setmetatable = function(t, mt, ...)\n"
  "  if type(mt) == 'table' and rawget(mt, '__gc') ~= nil then dirty() end\n"
  "  return setmetatable0(t, mt, ...)\n"
  "end\n"
  "local harmless = {collect = true, count = true, step = true, isrunning = true}\n"
  "collectgarbage = function(opt, ...)\n"
  "  if opt ~= nil and not harmless[opt] then dirty() end\n"
  "  return collectgarbage0(opt, ...)\n"
  "end\n"
  "local function bad_path(s)\n"
  "  return type(s) == 'string' and (s:find('/dev', 1, true) or s:find('/proc', 1, true)\n"
  "    or s:find('/sys', 1, true)) ~= nil\n"
  "end\n"
  "local function heavy(id)\n"
  "  if type(id) ~= 'string' then return false end\n"
  "  for _, w in ipairs(costly) do\n"
  "    if id:find(w, 1, true) then return true end\n"
  "  end\n"
  "  return false\n"
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
  "local function light(t, own)\n"
  "  local c, n = own and t or t:copy(), 0\n"
  "  local ids = c:ids()\n"
  "  for k = #ids, 1, -1 do\n"              /* from the end: each removal moves the entries after it */
  "    if heavy(ids[k]) then c:remove(ids[k]) else n = n + 1 end\n"
  "  end\n"
  "  if n == 0 then return nil, 'only expensive techniques (fuzz sandbox)' end\n"
  "  return c\n"
  "end\n"
  /* the light copy of a named table (se, xdrs, hodoku), made once a state:
  ** the binding copies a table it is handed, so this one is never changed */
  "local lights = {}\n"
  "local function light_named(name)\n"
  "  if type(name) ~= 'string' or name:find('[/.]') then return nil end\n"
  "  if lights[name] == nil then\n"
  "    local u = table0(name)\n"
  "    lights[name] = u and light(u, true) or false\n"
  "  end\n"
  "  return lights[name] or nil\n"
  "end\n"
  "local use_table = E.use_table\n"
  "E.use_table = function(e, t, ...)\n"
  "  local l = light_named(t)\n"
  "  if l then return use_table(e, l, ...) end\n"
  "  local own = type(t) == 'string'\n"
  "  if own then\n"
  "    if bad_path(t) then return nil, 'path refused by the fuzz sandbox' end\n"
  "    local u, msg = table0(t)\n"
  "    if not u then return nil, msg end\n"
  "    t = u\n"
  "  end\n"
  "  if getmetatable(t) == TM then\n"
  "    local c, msg = light(t, own)\n"
  "    if not c then return nil, msg end\n"
  "    t = c\n"
  "  end\n"
  "  return use_table(e, t, ...)\n"
  "end\n"
  "local function lighten(e, ...)\n"
  "  if getmetatable(e) == nil or type(e) ~= 'userdata' then return e, ... end\n"
  "  local t, any = e:table(), false\n"
  "  for _, id in ipairs(t:ids()) do any = any or heavy(id) end\n"
  "  if not any then return e end\n"            /* a table file's entries are light already */
  "  local t, msg = light(t, true)\n"
  "  local ok = t and use_table(e, t, 'drop')\n"
  "  if not ok then e:close(); return nil, msg or 'fuzz sandbox: no table' end\n"
  "  return e\n"
  "end\n"
  /* the table is chosen and lightened before the engine is made (one
  ** binding of a table instead of two); what is not a name, a path or a
  ** table goes to the binding as it is, for its own checks */
  "local engine = sk.engine\n"
  "sk.engine = function(o, ...)\n"
  "  local c = opts(o == nil and {} or o)\n"
  "  if type(c) ~= 'table' or c == o then return lighten(engine(c, ...)) end\n"
  "  local t, own = c.table, nil\n"
  "  local l = light_named(t == nil and 'se' or t)\n"
  "  if l then\n"
  "    c.table = l\n"
  "    return engine(c, ...)\n"
  "  end\n"
  "  if t == nil or type(t) == 'string' then own = table0(t == nil and 'se' or t)\n"
  "  elseif getmetatable(t) == TM then\n"
  "    local ok, u = pcall(t.copy, t)\n"
  "    own = ok and u or nil\n"
  "  end\n"
  "  if not own then return lighten(engine(c, ...)) end\n"
  "  local l, msg = light(own, true)\n"
  "  if not l then return nil, msg end\n"
  "  c.table = l\n"
  "  return engine(c, ...)\n"
  "end\n"
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
  "local rating = {budget = 0.0005}\n"
  "local batch = {budget = 0.0005, jobs = 2}\n"
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
  /* the searches and everything that makes an engine count against the
  ** instruction limit (a loop of them ran for seconds within it), in
  ** proportion to what one call costs in this build: e:rate of the
  ** driver's puzzle is 0.15 ms, 5000 instructions, so about 30 ns an
  ** instruction charged (a VM instruction is 5 ns).  Measured by scripts
  ** looping on one call until the limit: at 3000, e:techniques (150
  ** tables) made a stage of 15 ms, e:hints at 1500 one of 16 ms, against
  ** 4.5 ms for e:rate; such stages were most of the time once the corpus
  ** had grown */
  "local costs = {\n"
  "  {E, 'rate', 5000}, {E, 'rate_batch', 20000}, {E, 'first', 800}, {E, 'cheapest', 800},\n"
  "  {E, 'hints', 7500}, {E, 'techniques', 14000}, {E, 'use_table', 1000},\n"
  "  {P, 'rate', 5000}, {P, 'rate_batch', 20000}, {P, 'line', 5000},\n"
  "  {G, 'solve', 200}, {G, 'count', 500}, {TM.__index, 'yaml', 1000},\n"
  "  {sk, 'engine', 6000}, {sk, 'policy', 5500}, {sk, 'generate', 10000}, {sk, 'table', 1000},\n"
  "  {sk, 'parse_table', 1000}, {sk, 'singles', 2000}, {sk, 'backdoor', 3000},\n"
  "  {sk, 'redundant', 6500}, {sk, 'correlation', 3000}, {sk, 'solver_work', 500},\n"
  "  {sk, 'classes', 500}}\n"
  "for _, m in ipairs(costs) do\n"
  "  local t, name, n = m[1], m[2], m[3]\n"
  "  local f = t[name]\n"
  "  if f then t[name] = function(...) charge(n); return f(...) end end\n"
  "end\n"
  "local walk = E.walk\n"
  "E.walk = function(...)\n"
  "  charge(1000)\n"
  "  local it, s, c = walk(...)\n"
  "  if type(it) ~= 'function' then return it, s, c end\n"
  "  return function(...) charge(3000); return it(...) end, s, c\n"
  "end\n"
  "local load0 = load\n"
  "load = function(chunk, name, mode, env) return load0(chunk, name, 't', env) end\n"
  "dofile, loadfile = nil, nil\n";

/* Rate a puzzle with the policy at path as `rate --policy` does, and
** another through p:rate_batch. */
static const char driver[] =
  "local path = ...\n"
  "local sk = require 'sudokit'\n"
  "local p = sk.policy(path, {missing = 'drop'})\n"
  "if not p then return end\n"
  "tostring(p)\n"
  "local s = '...........1.4.2..3..1.2..7.........64.....755..9.8..2.6843759.4.75296.8.........'\n"
  "local g = sk.grid(s)\n"
  "pcall(p.line, p, g, {raw = s, extra = '', index = 1, line = 1}, {solution = g:solve()})\n"
  "local list = {sk.grid('..9.....3.....9...7.....5.6..65..4.....3......28......3..75.6..6...........12.3.8'), g}\n"
  "pcall(p.rate_batch, p, list, {jobs = 1})\n";

/* string.rep(s, n [, sep]) copies s n times, one memcpy a copy: a single
** VM instruction ("x"):rep(1 << 20) made a million intercepted calls under
** ASan, and a loop of them ran for minutes inside the volume cap.  Every
** sixteen copies, and every 128 bytes copied, count as one instruction
** against the stage's limit (loops of kilobyte strings filling the memory
** cap were a quarter of the time). */
static int l_rep(lua_State *L) {
  bounds *b = *(bounds **)lua_getextraspace(L);
  lua_Integer n = luaL_optinteger(L, 2, 0);
  if (n > 0) {
    long long copies = (long long)(n > (lua_Integer)1 << 40 ? (lua_Integer)1 << 40 : n);
    size_t len = 0, seplen = 0;
    if (lua_type(L, 1) == LUA_TSTRING) lua_tolstring(L, 1, &len);
    if (lua_type(L, 3) == LUA_TSTRING) lua_tolstring(L, 3, &seplen);
    if (!lua_isnoneornil(L, 3)) copies *= 2;
    long long bytes = (long long)(len + seplen) * (copies > 1 << 24 ? 1 << 24 : copies);
    b->count += copies / 16 + bytes / 128;
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

/* The prelude and the policy driver, compiled once (parsing the prelude
** was half the cost of an empty input): Lua's binary chunks. */
typedef struct chunk {
  char *bin;
  size_t len, cap;
} chunk;

static chunk prelude_bin, driver_bin;

static int put_chunk(lua_State *L, const void *p, size_t n, void *ud) {
  chunk *c = ud;
  (void)L;
  if (c->len + n > c->cap) {
    size_t cap = c->cap ? 2 * c->cap : 4096;
    while (cap < c->len + n) cap *= 2;
    char *b = realloc(c->bin, cap);
    if (!b) return 1;
    c->bin = b;
    c->cap = cap;
  }
  memcpy(c->bin + c->len, p, n);
  c->len += n;
  return 0;
}

static void compile(chunk *c, const char *text, size_t len, const char *name) {
  lua_State *L = luaL_newstate();
  if (!L || luaL_loadbufferx(L, text, len, name, "t") != LUA_OK || lua_dump(L, put_chunk, c, 0) != 0)
    abort();                           /* the harness itself is broken */
  lua_close(L);
}

/* set by the prelude's wrappers: close the state after this run */
static int dirty;

static int l_dirty(lua_State *L) {
  (void)L;
  dirty = 1;
  return 0;
}

/* Protected: libraries and prelude. */
static int setup(lua_State *L) {
  add_libs(L);
  if (luaL_loadbufferx(L, prelude_bin.bin, prelude_bin.len, "=prelude", "b") != LUA_OK)
    return lua_error(L);
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
  lua_pushcfunction(L, l_dirty);
  lua_pushcfunction(L, l_charge);
  lua_createtable(L, (int)(sizeof costly / sizeof costly[0]), 0);
  for (int i = 0; i < (int)(sizeof costly / sizeof costly[0]); i++) {
    lua_pushstring(L, costly[i]);
    lua_rawseti(L, -2, i + 1);
  }
  lua_call(L, 8, 0);
  /* lauxlib makes the metatable of its buffers' boxes on first use: made
  ** now, it is part of the state as recorded */
  luaL_Buffer buf;
  luaL_buffinitsize(L, &buf, 4 * LUAL_BUFFERSIZE);
  luaL_pushresultsize(&buf, 0);
  lua_pop(L, 1);
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
    if (fstat(policy_fd, &policy_st) == 0) have_policy_st = 1;
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


static void report(lua_State *L, const bounds *b, const char *stage, int rc) {
  if (!debug) return;
  fprintf(stderr, "fuzz_lua: %s (%lld instructions, %zu bytes allocated, %zu in use): %s\n", stage,
          b->count, b->volume, b->used, rc == LUA_OK ? "ok"
          : lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : luaL_typename(L, -1));
}

static void init(void) {
  static int done;
  if (done) return;
  done = 1;
  unsetenv("SUDOKIT_PLUGIN_PATH");     /* the plugins are the build's, nothing else */
  debug = getenv("FUZZ_LUA_DEBUG") != NULL;
  compile(&prelude_bin, prelude, sizeof prelude - 1, "=prelude");
  compile(&driver_bin, driver, sizeof driver - 1, "=driver");
  sk_error err = {{0}};
  proto = sk_engine_new();
  if (!proto || __real_sk_engine_load_default(proto, NULL, &err) != 0) {
    sk_engine_free(proto);             /* every engine then loads its own */
    proto = NULL;
  }
}

/* libFuzzer's defaults (fuzz_defaults.h), and -detect_leaks=0: libFuzzer
** takes a run that allocated more blocks than it freed for a leak, runs it
** again and scans the heap, and after a thousand such runs stops checking
** for good.  A reused state keeps a few blocks now and then (one run in
** twelve), so that was half the time of the first minutes and no leak
** check after them.  This harness checks for leaks itself instead: every
** LEAK_PERIOD runs it closes the state and asks LeakSanitizer for a full
** check (see below). */
int LLVMFuzzerInitialize(int *argc, char ***argv) {
  static char *const more[] = {"-detect_leaks=0", NULL};
  init();
  fuzz_defaults(argc, argv, more);
  return 0;
}

/* {====== one state for many inputs
** Making a state, opening the libraries and the module and running the
** prelude cost more than most scripts.  The state is made once and put
** back after each input: every table reachable from the registry (the
** globals, the libraries, the module, the binding's metatables and
** method tables, the registry itself) and the strings' metatable is
** recorded once (its fields and its metatable) and restored after each
** run, then, when the run made objects with finalizers (or left much
** garbage), a full collection runs them, under the limits (see finish).  math.random is seeded the same way for each
** input.  The state is closed (and made again for the next input) when a
** run leaves what a restore cannot undo: a finalizer the script set, a
** change to the collector's mode, or memory in use above what a fresh
** state holds. */

#define SLACK   (64u << 10)        /* bytes a run may leave in use */

static bounds B;
static lua_State *S;
static size_t baseline;
static const char snap_key = 0;    /* registry key of the recorded tables */

/* Record table at index idx and every table reachable from it (keys,
** values, metatables) in the list at index list, once each (seen). */
static void record(lua_State *L, int idx, int list, int seen) {
  idx = lua_absindex(L, idx);
  lua_pushvalue(L, idx);
  if (lua_rawget(L, seen) != LUA_TNIL) { lua_pop(L, 1); return; }
  lua_pop(L, 1);
  lua_pushvalue(L, idx);
  lua_pushboolean(L, 1);
  lua_rawset(L, seen);
  lua_pushvalue(L, idx);
  lua_rawseti(L, list, (lua_Integer)lua_rawlen(L, list) + 1);
  if (lua_getmetatable(L, idx)) {
    record(L, -1, list, seen);
    lua_pop(L, 1);
  }
  lua_pushnil(L);
  while (lua_next(L, idx)) {
    if (lua_type(L, -2) == LUA_TTABLE) record(L, -2, list, seen);
    if (lua_type(L, -1) == LUA_TTABLE) record(L, -1, list, seen);
    lua_pop(L, 1);
  }
}

/* Protected: registry[&snap_key] = {{table, copy of its fields, its
** metatable or false}...; seed = math.randomseed} */
static int snapshot(lua_State *L) {
  lua_newtable(L);                           /* 1: list */
  lua_newtable(L);                           /* 2: seen */
  record(L, LUA_REGISTRYINDEX, 1, 2);
  lua_pushliteral(L, "");
  if (lua_getmetatable(L, -1)) record(L, -1, 1, 2);
  lua_settop(L, 2);
  lua_newtable(L);                           /* 3: snap, in the registry before it is copied */
  lua_pushvalue(L, 3);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &snap_key);
  lua_Integer n = (lua_Integer)lua_rawlen(L, 1);
  for (lua_Integer i = 1; i <= n; i++) {
    lua_rawgeti(L, 1, i);                    /* 4: t */
    lua_createtable(L, 3, 0);                /* 5: entry */
    lua_pushvalue(L, 4);
    lua_rawseti(L, 5, 1);
    lua_newtable(L);                         /* 6: copy */
    lua_pushnil(L);
    while (lua_next(L, 4)) {
      lua_pushvalue(L, -2);
      lua_insert(L, -2);
      lua_rawset(L, 6);
    }
    lua_rawseti(L, 5, 2);
    if (!lua_getmetatable(L, 4)) lua_pushboolean(L, 0);
    lua_rawseti(L, 5, 3);
    lua_rawseti(L, 3, i);
    lua_pop(L, 1);
  }
  lua_getglobal(L, LUA_MATHLIBNAME);
  lua_getfield(L, -1, "randomseed");
  lua_setfield(L, 3, "seed");
  return 0;
}

/* Protected: put every recorded table back; returns false, restoring
** nothing, when the registry holds a key it did not hold when recorded
** (a metatable the binding makes on first use, a cache): finalizers of
** what the run made may need them, and only closing the state runs
** those with the registry as it is. */
static int restore(lua_State *L) {
  lua_rawgetp(L, LUA_REGISTRYINDEX, &snap_key);   /* 1 */
  lua_Integer n = (lua_Integer)lua_rawlen(L, 1);
  lua_rawgeti(L, 1, 1);                      /* the registry is recorded first */
  lua_rawgeti(L, -1, 2);
  lua_pushnil(L);
  while (lua_next(L, LUA_REGISTRYINDEX)) {
    lua_pop(L, 1);
    lua_pushvalue(L, -1);
    if (lua_rawget(L, -3) == LUA_TNIL) {
      if (debug) fprintf(stderr, "fuzz_lua: new registry key %s\n", luaL_tolstring(L, -2, NULL));
      lua_pushboolean(L, 0);
      return 1;
    }
    lua_pop(L, 1);
  }
  lua_settop(L, 1);
  for (lua_Integer i = 1; i <= n; i++) {
    lua_rawgeti(L, 1, i);                    /* 2: entry */
    lua_rawgeti(L, 2, 1);                    /* 3: t */
    lua_rawgeti(L, 2, 2);                    /* 4: copy */
    lua_pushnil(L);
    while (lua_next(L, 3)) {                 /* clearing fields while traversing is allowed */
      lua_pop(L, 1);
      lua_pushvalue(L, -1);
      lua_pushnil(L);
      lua_rawset(L, 3);
    }
    lua_pushnil(L);
    while (lua_next(L, 4)) {
      lua_pushvalue(L, -2);
      lua_insert(L, -2);
      lua_rawset(L, 3);
    }
    if (lua_rawgeti(L, 2, 3) == LUA_TBOOLEAN) {
      lua_pop(L, 1);
      lua_pushnil(L);
    }
    lua_setmetatable(L, 3);
    lua_settop(L, 1);
  }
  lua_pushboolean(L, 1);
  return 1;
}

/* Protected: what each input starts with. */
static int start(lua_State *L) {
  lua_rawgetp(L, LUA_REGISTRYINDEX, &snap_key);
  lua_getfield(L, -1, "seed");
  lua_pushinteger(L, 0);
  lua_call(L, 1, 0);
  return 0;
}

static void close_state(void) {
  arm(S, &B);                                /* finalizers run under the limit */
  lua_close(S);
  S = NULL;
}

static lua_State *state(void) {
  if (S) return S;
  B = (bounds){.cap = MEM_CAP};
  if (!(S = lua_newstate(capped_alloc, &B))) return NULL;
  *(bounds **)lua_getextraspace(S) = &B;
  B.L = S;
  lua_pushcfunction(S, setup);
  if (lua_pcall(S, 0, 0, 0) != LUA_OK) abort();        /* the harness itself is broken */
  lua_pushcfunction(S, snapshot);
  if (lua_pcall(S, 0, 0, 0) != LUA_OK) abort();
  lua_gc(S, LUA_GCCOLLECT);
  baseline = B.used;
  if (debug) fprintf(stderr, "fuzz_lua: new state, %zu bytes in use\n", baseline);
  return S;
}

/* After a run: restore, collect, and close the state when it is not as
** a fresh one would be. */
static void finish(lua_State *L) {
  lua_settop(L, 0);
  lua_sethook(L, NULL, 0, 0);
  B.cap = (size_t)-1;                        /* the restore must not fail for the script's memory */
  B.volume = 0;
  lua_pushcfunction(L, restore);
  int ok = lua_pcall(L, 0, 1, 0) == LUA_OK && lua_toboolean(L, -1);
  lua_settop(L, 0);
  B.cap = MEM_CAP;
  if (!ok || dirty) {
    if (debug) fprintf(stderr, "fuzz_lua: state closed (%s)\n", dirty ? "finalizer or collector mode" : "registry");
    close_state();
    return;
  }
  /* The collection finalizes the binding's objects the run made, so
  ** that a fault in a finalizer shows in the run that made the object
  ** (and a crash file reproduces it alone).  A run that made none left
  ** only plain garbage, without finalizers (a script's own __gc closes
  ** the state): it waits for a later collection, unless there is much of
  ** it.  A full collection took a tenth of the time of a run. */
  if (finalizers || B.used > baseline + SLACK / 2) {
    arm(L, &B);
    lua_gc(L, LUA_GCCOLLECT);                /* errors in finalizers are warnings, not raised */
    lua_sethook(L, NULL, 0, 0);
  }
  if (B.used > baseline + SLACK || lua_status(L) != LUA_OK) {
    if (debug) fprintf(stderr, "fuzz_lua: state closed (%zu bytes in use, %zu when fresh)\n", B.used, baseline);
    close_state();
  }
}

/* }====== */

/* Every LEAK_PERIOD runs (and at the end of a replay), the state is
** closed, which frees every Lua object and runs every finalizer, and
** LeakSanitizer checks the whole heap: what the binding allocated in C
** and never freed is reported with its allocation stack, and the run
** aborts (the crash file is the input of the run that found it, not
** necessarily the one that leaked: the report's stack says where).  The
** check is linked weakly, so that builds without sanitizers replay too. */
#define LEAK_PERIOD 5000
int __lsan_do_recoverable_leak_check(void) __attribute__((weak));

static void leak_check(void) {
  if (S) close_state();
  if (__lsan_do_recoverable_leak_check && __lsan_do_recoverable_leak_check()) abort();
}

/* a replay ends with the state closed, so that LeakSanitizer's own check
** at exit sees what the binding left */
static void close_at_exit(void) {
  if (S) close_state();
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size) {
  static long runs;
  if (++runs % LEAK_PERIOD == 0) leak_check();
  if (runs == 1 && getenv("SK_FUZZ_REPLAY")) atexit(close_at_exit);
  init();
  lua_State *L = state();
  if (!L) return 0;
  dirty = 0;
  finalizers = 0;
  lua_pushcfunction(L, start);
  if (lua_pcall(L, 0, 0, 0) != LUA_OK) abort();
  bounds *bp = &B;
  /* stage 1: the input as a script */
  arm(L, bp);
  int rc = luaL_loadbufferx(L, (const char *)data, size, "=fuzz", "t");
  if (rc == LUA_OK) rc = lua_pcall(L, 0, 1, 0);
  report(L, bp, "script", rc);
  int policy = rc == LUA_OK && lua_istable(L, -1);
  lua_settop(L, 0);
  /* stage 2: the input as a rating policy */
  if (policy && write_policy(data, size) == 0) {
    arm(L, bp);
    rc = luaL_loadbufferx(L, driver_bin.bin, driver_bin.len, "=driver", "b");
    if (rc == LUA_OK) {
      lua_pushstring(L, policy_path);
      rc = lua_pcall(L, 1, 0, 0);
    }
    report(L, bp, "policy", rc);
    lua_settop(L, 0);
  }
  finish(L);
  return 0;
}
