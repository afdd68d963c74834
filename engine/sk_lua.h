/*
** sk_lua.h -- the Lua 5.4 binding: the `sudokit` module, scripts, and
** rating policies.
**
** The module (luaopen_sudokit) is the same code in three places: the
** `sudokit run SCRIPT` command, the policy states behind
** `sudokit rate --policy`, and the loadable C module that a plain lua5.4
** finds with `require "sudokit"` after `make install`.  It keeps no global
** state: everything lives in userdata and in the lua_State's registry, so
** any number of states may run in parallel threads.
**
** {====== Lua API  (local sk = require "sudokit")
** Grids (cells are (r, c) with 1..9 each):
**   sk.grid() / sk.grid(s) / sk.grid{81 values}   empty, parsed from an
**       81- or 729-character string, or from values; nil, msg when
**       malformed or when a digit is given twice in a house
**   g:get(r,c) g:set(r,c,d) (d = 0 empties) g:given(r,c) g:candidates(r,c)
**   g:has(r,c,d) g:eliminate(r,c,d) g:set_candidates(r,c,{d...}) g:empty()
**   g:solved() g:values() g:line([blank]) g:format("line"|"grid"|"candidates")
**   g:copy() g:solve() (nil, "no solution"|"several solutions") g:count([limit])
**   g:apply(hint); tostring(g) is the 81-character line; g1 == g2
** Files: sk.open(path|"-") -> reader (r:read(), r:lines(), r:close());
**   for p in sk.puzzles(path) do ... end; p = {index, line, format, raw,
**   extra, ok, error, grid}
** Generation: sk.generate{givens = N | {lo, hi}, level =, symmetry =,
**   minimal =, attempts =, seed =, stream = | rng =} -> puzzle, solution;
**   sk.rng(seed [, stream]) (r:next(), r:below(n)); sk.grid_at(i [, first])
** Tables: sk.table(name|path), sk.parse_table(text [, name]) -> table, or
**   nil, "file:line:col: what"; t:get(id|i) t:set(id, base) t:remove(id)
**   t:difficulty(id, figures) t:ids() t:copy() t:name() t:path() t:yaml()
**   #t t:close()
** Engines: sk.engine{table = name|path|table, plugins = DIR,
**   missing = "error"|"drop"} -> engine, or nil, msg
**   e:rate(g [, {choose = "first"|"cheapest"|function(e, g, step),
**       record =, budget =, max_steps =, solution = g | verify = true,
**       want = "pearl"|"diamond" (serate's early stops; choose "first")}])
**       -> {er, ep, ed, stuck, over_budget, unwanted, wrong, wrong_step,
**           nsteps, hardest, steps (record), final}, or nil, "no solution"
**           | "several solutions" (refused, as the CLI refuses them)
**   e:rate_batch({g...} [, {jobs =, choose =, budget =, want =, progress = f}])
**       -> summaries (false for a refused grid), reasons by index; rated
**          by `jobs` threads
**   e:first(g) e:cheapest(g) e:hints(g [, id|i [, all]]) -> hints
**   for i, hint, before in e:walk(g) do ... end
**   e:techniques() e:table() e:use_table(t|name [, "drop"]) e:dropped()
**   e:close(); hints: id, name, technique, difficulty, r, c, digit,
**   eliminations {{r,c,d}...}, text, description, figures, order
** Policies: sk.policy(name|path [, {table =, plugins =, missing =}])
**   -> p (p.name, p.path, p.engine, p.spec), or nil, msg;
**   p:rate(g [, ctx]) -> fields | nil, msg; p:format(fields, puzzle);
**   p:line(g, puzzle [, ctx]); p:rate_batch({g...} [, {jobs =, ...}])
** Also sk.tenths(x) (serate's one-decimal text), sk.version, and the
** analysis functions of sk_analysis.h (sk.singles, sk.backdoor, ...).
** Misuse (wrong argument types, a closed object) raises an error; an
** expected failure (a malformed puzzle, a missing file, a table that does
** not load) returns nil and a message.  Difficulties are numbers in points
** (4.5), exact to the thousandth the tables use.
** }======
**
** {====== Rating policies (ratings/NAME.lua)
** A policy is a Lua file returning a table:
**   name    = "xdrs"
**   table   = "xdrs"          rating table: a name of ratings/, or a path
**                             (a relative path is taken from the policy's
**                             directory); `--table` overrides it
**   choose  = "first"         how each step is chosen: "first" (SE: the
**                             first technique in table order that has a
**                             hint), "cheapest" (the cheapest hint over
**                             all techniques), or function(engine, grid,
**                             step) returning a hint or nil
**   fields  = {"P", "D"}      the names result() returns, in output order
**   record  = true            give result() the steps too (r.steps)
**   result  = function(r, ctx)      r: the rating (er, ep, ed, stuck,
**                             over_budget, wrong, wrong_step, nsteps,
**                             hardest = the first hardest step, steps
**                             when record = true); returns a table of
**                             fields, or nil, msg (e.g. "over budget")
**   format  = function(f, puzzle)   the output line (without newline);
**                             puzzle has raw, extra, index, line
** or, instead of choose/result, rate = function(engine, grid, ctx) that
** returns the fields itself.  ctx holds budget (seconds, or nil) and
** solution (a grid, with --verify).
** }======
*/
#ifndef SK_LUA_H
#define SK_LUA_H

#include "sk_error.h"
#include "sk_format.h"
#include "sk_grid.h"

struct lua_State;
struct sk_engine;
struct sk_rating;

/* The module: pushes the `sudokit` table.  Also the entry point of the
** loadable module (sudokit.so). */
int luaopen_sudokit(struct lua_State *L);

/* {====== scripts (`sudokit run`) */

typedef struct sk_lua_limits {
  long long instructions;     /* stop after this many VM instructions; 0 = none */
  double seconds;             /* stop after this much wall time; 0 = none */
} sk_lua_limits;

/* Run a script file ("-" = standard input) with every standard library
** and `sudokit` preloaded.  arg[0] is path, arg[1..argc] the arguments,
** which are also the chunk's `...`.  Limits are checked between Lua
** instructions (a long call into C, such as rating one hard puzzle,
** finishes first).  Returns 0, or -1 with *errmsg set to a malloc'd
** message: "script.lua:12: what" and a stack traceback, or
** "script.lua:5: instruction limit (1000000) exceeded". */
int sk_lua_run_script(const char *path, int argc, char **argv,
                      const sk_lua_limits *limits, char **errmsg);
/* Same for a chunk of source text; name is used in messages. */
int sk_lua_run_string(const char *code, const char *name, int argc, char **argv,
                      const sk_lua_limits *limits, char **errmsg);

/* }====== */

/* {====== policies for `sudokit rate --policy NAME|PATH`
**
** One sk_policy is one Lua state with its own engine: it must be used by
** one thread at a time.  For `-j N` open one per worker, or use the pool
** below, which hands each call an idle policy and opens more (up to N) on
** demand.
**
**   sk_policy_pool *pool = sk_policy_pool_open("xdrs", &opts, jobs, &err);
**   ... in each worker:  rc = sk_policy_pool_rate(pool, puzzle, &g, &line, &err);
**   sk_policy_pool_close(pool);
**
** The caller checks the puzzle first (cmd_rate's check_puzzle) and passes
** its grid.  Results of sk_policy_rate / sk_policy_pool_rate:
**    0  *out_line = the policy's line with a '\n' (malloc'd; free it)
**    1  the policy declined the puzzle (returned nil, msg: over budget, a
**       wrong step...): *out_line = "<raw> # msg\n", err->msg = msg
**   -1  the policy script failed on this puzzle: err->msg =
**       "ratings/x.lua:12: ..." and *out_line = NULL.  The state stays
**       usable: the next puzzle is rated afresh (an error costs only its
**       own puzzle). */

typedef struct sk_policy sk_policy;

typedef struct sk_policy_opts {
  const char *table;          /* override the policy's table (name or path); NULL = its own */
  const char *plugins;        /* extra plugin directory (--plugins); NULL = none */
  double budget;              /* seconds per puzzle, 0 = none: ctx.budget */
  int verify;                 /* check each step against the solution: ctx.solution */
  int drop_missing;           /* bind only the table's techniques that are loaded */
  int explain;                /* ctx.explain = true: the policy writes the solving path too */
  sk_lua_limits limits;       /* per puzzle: a policy over them declines the puzzle
                              ** ("file:line: instruction limit (N) exceeded");
                              ** loading the policy file runs under them too,
                              ** and a load over them fails the open */
} sk_policy_opts;

/* name_or_path: "se" -> ratings/se.lua (the build's, then the installed
** one), or a path (contains '/' or ends in ".lua").  NULL with err set
** ("ratings/x.lua:3: ..." for a broken script, the table's file:line:col
** for a broken table). */
sk_policy *sk_policy_open(const char *name_or_path, const char *table, const char *plugins,
                          sk_error *err);
sk_policy *sk_policy_open_opts(const char *name_or_path, const sk_policy_opts *o, sk_error *err);
int sk_policy_rate(sk_policy *p, const sk_puzzle *puzzle, const sk_grid *g, char **out_line,
                   sk_error *err);
const char *sk_policy_name(const sk_policy *p);     /* the policy's `name` */
const char *sk_policy_path(const sk_policy *p);     /* the file it came from */
/* The engine the policy rates with (its table, its plugins), owned by the
** policy's Lua state: use it only while no puzzle is being rated on p,
** and for reading (the table's path, the plugin files).  NULL when the
** policy closed it. */
struct sk_engine *sk_policy_engine(sk_policy *p);
void sk_policy_close(sk_policy *p);
/* Rate g with the policy (p:rate, as sk_policy_rate does, under the same
** limits) and read its field `field` as a number into *out: 0; 1 when
** the policy declined the puzzle (or went over a limit); 2 when its
** fields have no number of that name; -1 when the policy's code failed.
** err->msg says why. */
int sk_policy_field(sk_policy *p, const sk_grid *g, const char *field, double *out, sk_error *err);

/* Thread-safe pool of up to n policies of one kind (n >= 1).  The first
** is opened at once so that errors show before any puzzle is read. */
typedef struct sk_policy_pool sk_policy_pool;
sk_policy_pool *sk_policy_pool_open(const char *name_or_path, const sk_policy_opts *o, int n,
                                    sk_error *err);
int sk_policy_pool_rate(sk_policy_pool *pool, const sk_puzzle *puzzle, const sk_grid *g,
                        char **out_line, sk_error *err);
sk_policy *sk_policy_pool_first(sk_policy_pool *pool);   /* the one opened at once */
void sk_policy_pool_close(sk_policy_pool *pool);

/* {====== objectives: a Lua function of a rating, for C callers
**
** An objective file is a Lua chunk that returns a function; the function
** gets the rating's record as e:rate gives it (er, ep, ed, stuck, nsteps,
** hardest, steps when the rating recorded them, final) and returns a
** number, which `sudokit generate --search --objective-lua FILE` climbs
** on.  As with policies, the state has no io, os or debug library and
** loads no C code; the limits apply to loading the file and afresh to
** each call.  One sk_objective is one Lua state: one thread at a time. */
typedef struct sk_objective sk_objective;
sk_objective *sk_objective_open(const char *path, const sk_lua_limits *limits, sk_error *err);
/* The function's value for r (e: the engine that rated it): 0; 1 when it
** went over a limit; 2 when it returned something other than a finite
** number; -1 when it raised an error.  err->msg says why. */
int sk_objective_value(sk_objective *o, const struct sk_engine *e, const struct sk_rating *r,
                       double *out, sk_error *err);
void sk_objective_close(sk_objective *o);

/* }====== */

/* Resolve a policy name to a malloc'd path, as sk_table_resolve does for
** tables (ratings/NAME.lua in the build's directory, then the installed
** one).  NULL with err set. */
char *sk_policy_resolve(const char *name_or_path, sk_error *err);

/* }====== */

#endif
