/*
** lua_internal.h -- what the parts of the Lua binding share (sk_lua.h is
** its public side).
**
** The `sudokit` module is split as Lua's own libraries are: one file per
** Lua type, each with its luaL_Reg tables and an opener, sklua_open_NAME,
** that makes the type's metatable and adds its functions to the module
** table on the top of the stack.  luaopen_sudokit (lua_module.c) calls
** the openers.  The parts:
**
**   lua_aux.c       failures, option fields, boxes, metatables, the clock
**   lua_grid.c      sudokit.grid        sk.grid
**   lua_reader.c    sudokit.reader      sk.open, sk.puzzles
**   lua_random.c    sudokit.rng         sk.rng, sk.generate, sk.grid_at
**   lua_table.c     sudokit.table       sk.table, sk.parse_table
**   lua_hint.c      sudokit.hint        hints and steps as Lua values; g:apply
**   lua_engine.c    sudokit.engine      sk.engine, e:first, e:hints, e:walk, ...
**   lua_choose.c    how the next step is chosen: SE's first, the cheapest
**   lua_rate.c      rating a grid to the end; e:rate
**   lua_batch.c     e:rate_batch: grids rated by threads
**   lua_policy.c    sudokit.policy      sk.policy
**   lua_analysis.c  sk.singles, sk.backdoor, ... (sk_analysis.h)
**   lua_module.c    luaopen_sudokit, sk.tenths, sk.version
**   lua_script.c    instruction and time limits; `sudokit run`
**   lua_cpolicy.c   sk_policy: one policy in its own state, for C callers
**   lua_pool.c      sk_policy_pool: policies shared by worker threads
**   lua_objective.c sk_objective: a Lua function of a rating, for C callers
**
** Every object a script holds is a full userdata with a metatable named
** "sudokit.*" (a policy is a Lua table with one): grids, rngs and hints
** are plain values; tables, engines and readers own C resources and free
** them in __gc and __close, after which a use raises "attempt to use a
** closed ...".  C memory gathered while a Lua error may still be raised
** is held by a box or a scratch userdata (lua_aux.c), whose __gc frees it.
**
** Names: sklua_ for what the parts share, sklua_open_ for the openers,
** SKLUA_ for macros; everything else is static in its file.  A few shared
** functions are Lua functions themselves, which another part lists or
** calls (a policy calls e:rate): each has its Lua name beside it below.
*/
#ifndef LUA_INTERNAL_H
#define LUA_INTERNAL_H

#include <stdint.h>
#include <lua.h>
#include <lauxlib.h>
#include "sk_engine.h"
#include "sk_grid.h"
#include "sk_lua.h"
#include "sk_table.h"

/* {====== names in the registry: each part's metatable, and keys */

#define SKLUA_GRID_MT       "sudokit.grid"
#define SKLUA_READER_MT     "sudokit.reader"
#define SKLUA_RNG_MT        "sudokit.rng"
#define SKLUA_TABLE_MT      "sudokit.table"
#define SKLUA_HINT_MT       "sudokit.hint"
#define SKLUA_ENGINE_MT     "sudokit.engine"
#define SKLUA_POLICY_MT     "sudokit.policy"
#define SKLUA_BOX_MT        "sudokit.box"
#define SKLUA_TECHSET_MT    "sudokit.techset"
#define SKLUA_TECHSETS_KEY  "sudokit.techsets"      /* lua_analysis.c's cache */
#define SKLUA_POLICY_KEY    "sudokit.the_policy"    /* an sk_policy's policy */

/* }====== */

#define SKLUA_MAX_ELIM      (SK_CELLS * 9)          /* eliminations of one step */

/* {====== lua_aux.c: helpers of every part */

double sklua_now(void);                             /* monotonic seconds */

/* nil, msg: an expected failure.  Both return 2 (the values pushed). */
int sklua_fail(lua_State *L, const char *msg);
int sklua_failf(lua_State *L, const char *fmt, ...);

/* Fields of an optional options table at index t (none or nil: every
** field absent).  A field of the wrong type raises "option 'k' must be
** a ...".  sklua_optfield pushes the field and returns its type. */
int sklua_optfield(lua_State *L, int t, const char *k);
double sklua_optnumfield(lua_State *L, int t, const char *k, double def);
lua_Integer sklua_optintfield(lua_State *L, int t, const char *k, lua_Integer def);
int sklua_optboolfield(lua_State *L, int t, const char *k);
/* A string field copied into buf; NULL when absent. */
const char *sklua_optstrfield(lua_State *L, int t, const char *k, char *buf, size_t n);

/* A box: a userdata holding one malloc'd block (size bytes, zeroed; none
** for 0), freed by its __gc, so that a Lua error never leaks it.  Returns
** the address of the block's pointer: store another block there to have
** the box free that one instead. */
void **sklua_newbox(lua_State *L, size_t size);

/* A zeroed userdata of size bytes with a metatable of its own whose __gc
** is gc: C state (a growing list, a rating) that frees itself. */
void *sklua_newscratch(lua_State *L, size_t size, lua_CFunction gc);

/* Make the metatable name with metameth; meth (if any) becomes its
** __index table.  Leaves the stack as it was. */
void sklua_newmeta(lua_State *L, const char *name, const luaL_Reg *metameth,
                   const luaL_Reg *meth);

/* Difficulties travel to Lua as points (4.5) and back as milli-points. */
static inline void sklua_pushdiff(lua_State *L, int32_t milli) {
  lua_pushnumber(L, milli / 1000.0);
}

/* }====== */

/* {====== lua_grid.c */

sk_grid *sklua_newgrid(lua_State *L);               /* uninitialised */
sk_grid *sklua_checkgrid(lua_State *L, int arg);
sk_grid *sklua_pushgrid(lua_State *L, const sk_grid *src);

/* }====== */

/* {====== lua_table.c */

typedef struct sklua_table { sk_table *t; } sklua_table;   /* NULL once closed */

sk_table *sklua_checktable(lua_State *L, int arg);  /* raises when closed */
sklua_table *sklua_newtable(lua_State *L);          /* a sudokit.table holding none yet */
/* Entry of t named by an id or a 1-based index at arg; -1 when absent. */
int sklua_entry_index(lua_State *L, const sk_table *t, int arg);
/* nil, "no technique 'x' in table y" for the id or index at arg; returns 2. */
int sklua_no_technique(lua_State *L, int arg, const sk_table *t);
/* Remove entry i of t, freeing what it owns. */
void sklua_table_remove(sk_table *t, int i);

/* }====== */

/* {====== lua_hint.c */

typedef struct sklua_hint {
  sk_hint h;                   /* eliminations cut to the grid's candidates */
  int32_t diff;
  int tech;                    /* table index */
  char id[72];
  char name[96];
} sklua_hint;

/* The fields of a step or hint, for the Lua table of a step. */
typedef struct sklua_stepview {
  const char *id, *name, *text;
  int tech, cell, digit, nelim;
  int32_t diff;
  const uint16_t *elim;        /* cell * 16 + digit */
  const char *compact;         /* HoDoKu's /vp line (sk_step_compact), or NULL */
  const char *detail;          /* the step's detail lines (sk_step.detail), or NULL */
} sklua_stepview;

/* Push h (of technique tech of e's table, found on g) as a hint. */
void sklua_pushhint(lua_State *L, const sk_engine *e, int tech, const sk_hint *h, int32_t diff,
                    const sk_grid *g);
/* A hint's name: its own, else the table's, else the plugin's. */
const char *sklua_hint_name(const sk_engine *e, int tech, const sk_hint *h);
/* Eliminations as cell * 16 + digit, ascending (sk_step's encoding);
** with g, only those of g's candidates.  Returns how many. */
int sklua_elim_list(const sk_mask *elim, const sk_grid *g, uint16_t *out);
/* 1 when h would place or eliminate anything on g. */
int sklua_hint_acts(const sk_hint *h, const sk_grid *g);
void sklua_push_stepview(lua_State *L, const sklua_stepview *v);
int sklua_grid_apply(lua_State *L);                 /* g:apply(hint), hint:apply(g) */

/* }====== */

/* {====== lua_engine.c */

typedef struct sklua_engine {
  sk_engine *e;                /* NULL once closed */
  int busy;                    /* rate_batch threads are using it */
} sklua_engine;

sk_engine *sklua_checkengine(lua_State *L, int arg);   /* raises when closed */
/* Make an engine from the options table at index opts (or none): pushes
** the engine (returns 1), or nil and the message (returns 2). */
int sklua_make_engine(lua_State *L, int opts);

/* }====== */

/* {====== lua_choose.c: choosing the next step, in C */

/* A chooser puts the hint it chooses on g in *h and its difficulty in
** *diff, and returns its technique's table index, -1 when none applies. */
typedef int (*sklua_chooser)(sk_engine *e, const sk_grid *g, sk_hint *h, int32_t *diff);
int sklua_choose_first(sk_engine *e, const sk_grid *g, sk_hint *h, int32_t *diff);
int sklua_choose_cheapest(sk_engine *e, const sk_grid *g, sk_hint *h, int32_t *diff);

/* }====== */

/* {====== lua_rate.c */

/* Rate g with SE's chooser (sk_rate) or the cheapest; 0, or -1 when out
** of memory.  r is freed with sk_rating_free. */
int sklua_rate_with(sk_engine *e, const sk_grid *g, int cheapest, const sk_rate_opts *o,
                    sk_rating *r);
/* Index of the first step of largest difficulty, -1 without steps. */
int sklua_hardest_step(const sk_rating *r);
/* A new table with r's totals: er, ep, ed, stuck, over_budget, unwanted,
** wrong (and wrong_step), nsteps. */
void sklua_push_totals(lua_State *L, const sk_rating *r);
/* The table e:rate gives for r: the totals, hardest, steps (when r
** recorded them) and final. */
void sklua_push_rating(lua_State *L, const sk_engine *e, const sk_rating *r);

enum { SKLUA_CHOOSE_FIRST, SKLUA_CHOOSE_CHEAPEST, SKLUA_CHOOSE_LUA };

/* The "choose" option of the options table at index opts: one of the
** above; a function is left on the top of the stack. */
int sklua_choose_opt(lua_State *L, int opts);
/* The "want" option: 0 or SK_WANT_*; kind is sklua_choose_opt's. */
int sklua_want_opt(lua_State *L, int opts, int kind);
int sklua_engine_rate(lua_State *L);                /* e:rate */
/* Why g cannot be rated ("no solution", "several solutions"), or NULL
** with its solution in sol: what the CLI checks before it rates. */
const char *sklua_unrateable(const sk_grid *g, uint8_t *sol);

/* }====== */

int sklua_engine_rate_batch(lua_State *L);          /* e:rate_batch (lua_batch.c) */

/* {====== lua_policy.c */

int sklua_policy(lua_State *L);                     /* sk.policy */
int sklua_policy_line(lua_State *L);                /* p:line */

/* }====== */

/* {====== lua_cpolicy.c */

/* Open the libraries a policy may use (base, package without C loaders,
** coroutine, table, string, math, utf8, sudokit): no io, os or debug. */
void sklua_open_safe_libs(lua_State *L);

/* }====== */

/* {====== lua_script.c: limits on running Lua code */

typedef struct sklua_limitstate {
  sk_lua_limits lim;
  long long count;             /* instructions so far (in hook periods) */
  int every;                   /* hook period */
  double start;
  int tripped;                 /* over a limit: every instruction raises */
  char what[96];
} sklua_limitstate;

/* Clear s and take lim (NULL: none); 1 when it sets any limit. */
int sklua_limits_init(sklua_limitstate *s, const sk_lua_limits *lim);
/* Count afresh from now: L raises "file:line: what" once over s's limits. */
void sklua_limits_start(lua_State *L, sklua_limitstate *s);

/* }====== */

/* {====== the openers, called by luaopen_sudokit */

void sklua_open_box(lua_State *L);
void sklua_open_grid(lua_State *L);
void sklua_open_reader(lua_State *L);
void sklua_open_random(lua_State *L);
void sklua_open_table(lua_State *L);
void sklua_open_hint(lua_State *L);
void sklua_open_engine(lua_State *L);
void sklua_open_policy(lua_State *L);
void sklua_open_analysis(lua_State *L);

/* }====== */

#endif
