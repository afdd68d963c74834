/*
** lua_rate.c -- a grid rated to the end, step after step chosen by SE's
** rule, by the cheapest hint (lua_choose.c) or by a Lua function; and
** e:rate, which reads the options and returns the rating as a Lua table
** (lua_internal.h lists the parts of the binding).
**
** SE's rule is sk_rate's own loop (sk_engine.h); the cheapest runs the
** same loop here in C, so e:rate_batch's threads (lua_batch.c) can run it
** too, as they share sklua_choose_opt and sklua_want_opt.  A Lua chooser
** needs a loop of its own, which calls back into Lua at each step.
*/
#include <stdlib.h>
#include <string.h>
#include "lua_internal.h"
#include "sk_solver.h"

/* {====================================================================
** The rating loops: a C chooser, or a Lua function
** ===================================================================== */

/* Does h place or eliminate against the solution sol? */
static int hint_wrong(const sk_hint *h, const sk_grid *g, const uint8_t *sol) {
  if (h->cell >= 0 && sol[h->cell] != h->digit) return 1;
  for (int c = 0; c < SK_CELLS; c++)
    if (g->value[c] == 0 && (h->elim[c] & g->cand[c] & SK_BIT(sol[c]))) return 1;
  return 0;
}

/* A step of difficulty diff into r's ER, ED and EP (*placed: a digit was
** placed before); before the step is counted in r->nsteps. */
static void count_step(sk_rating *r, int32_t diff, int places, int *placed) {
  if (diff > r->er) r->er = diff;
  if (r->nsteps == 0) r->ed = r->er;
  if (places && !*placed) { r->ep = r->er; *placed = 1; }
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
  uint16_t buf[SKLUA_MAX_ELIM];
  memset(s, 0, sizeof *s);
  s->tech = tech;
  s->id = sk_engine_table(e)->entry[tech].id;
  s->name = sklua_hint_name(e, tech, h);
  s->difficulty = diff;
  s->cell = h->cell;
  s->digit = h->cell >= 0 ? h->digit : 0;
  s->nelim = sklua_elim_list(h->elim, g, buf);
  s->elim = malloc((size_t)(s->nelim ? s->nelim : 1) * sizeof *s->elim);
  s->text = strdup(h->text);
  if (!s->elim || !s->text) {
    free(s->elim), free(s->text);
    return -1;
  }
  memcpy(s->elim, buf, (size_t)s->nelim * sizeof *s->elim);
  sk_step_order_elims(&sk_engine_table(e)->entry[tech], h, s);
  r->nsteps++;
  return 0;
}

/* The rating loop of sk_rate with another chooser (always recording). */
static int rate_chosen(sk_engine *e, const sk_grid *start, sklua_chooser choose,
                       const sk_rate_opts *o, sk_rating *r) {
  memset(r, 0, sizeof *r);
  sk_hint *h = malloc(sizeof *h);
  if (!h) return -1;
  double deadline = o->budget > 0 ? sklua_now() + o->budget : 0;
  sk_grid g = *start;
  int placed = 0;
  sk_rating_score_start(e, r);
  while (g.nempty > 0) {
    if (o->max_steps && r->nsteps >= o->max_steps) break;
    int32_t diff = 0;
    int i = choose(e, &g, h, &diff);
    if (i < 0) { r->stuck = 1; r->er = SK_STUCK_MILLI; break; }
    count_step(r, diff, h->cell >= 0, &placed);
    sk_rating_score_step(e, r, i);
    if (add_step(r, e, i, h, diff, &g) != 0) { free(h); return -1; }
    if (o->solution && hint_wrong(h, &g, o->solution)) {
      r->wrong = 1;
      r->wrong_step = r->nsteps - 1;
      break;
    }
    sk_hint_apply(h, &g);
    if (deadline > 0 && sklua_now() > deadline && g.nempty > 0) { r->over_budget = 1; break; }
  }
  sk_rating_score_end(e, r);
  r->final = g;
  free(h);
  return 0;
}

int sklua_rate_with(sk_engine *e, const sk_grid *g, int cheapest, const sk_rate_opts *o,
                    sk_rating *r) {
  return cheapest ? rate_chosen(e, g, sklua_choose_cheapest, o, r) : sk_rate(e, g, o, r);
}

/* Index of the first step of largest difficulty, -1 without steps. */
int sklua_hardest_step(const sk_rating *r) {
  int best = -1;
  for (int i = 0; i < r->nsteps; i++)
    if (best < 0 || r->steps[i].difficulty > r->steps[best].difficulty) best = i;
  return best;
}

/* The loop with a Lua chooser: function(engine, grid, step) -> hint | nil.
** The callback may do anything to the engine (close it, bind another
** table), so nothing of the engine is kept across a call: the engine at
** index 1 is checked again after each, and steps go straight into the
** Lua list at index `steps` with their strings copied.  Returns the
** index of the hardest step (0 without steps). */
static int rate_lua(lua_State *L, int fn, int steps, const sk_grid *start, const sk_rate_opts *o,
                    sk_rating *r) {
  double deadline = o->budget > 0 ? sklua_now() + o->budget : 0;
  sk_grid g = *start;
  int placed = 0, hardest = 0;
  int32_t top = -1;
  while (g.nempty > 0) {
    if (o->max_steps && r->nsteps >= o->max_steps) break;
    lua_pushvalue(L, fn);
    lua_pushvalue(L, 1);
    sklua_pushgrid(L, &g);
    lua_pushinteger(L, r->nsteps + 1);
    lua_call(L, 3, 1);
    sk_engine *e = sklua_checkengine(L, 1);
    const sk_table *t = sk_engine_table(e);
    if (lua_isnil(L, -1)) { lua_pop(L, 1); r->stuck = 1; r->er = SK_STUCK_MILLI; break; }
    sklua_hint *x = luaL_testudata(L, -1, SKLUA_HINT_MT);
    if (!x) luaL_error(L, "choose must return a hint or nil, not %s", luaL_typename(L, -1));
    if (x->tech < 0 || x->tech >= t->n || strcmp(x->id, t->entry[x->tech].id) != 0)
      luaL_error(L, "choose returned a hint of another table (%s)", x->id);
    if (!sklua_hint_acts(&x->h, &g))
      luaL_error(L, "choose returned a hint that changes nothing at step %d", r->nsteps + 1);
    count_step(r, x->diff, x->h.cell >= 0, &placed);
    if (r->nsteps == 0) sk_rating_score_start(e, r);
    sk_rating_score_step(e, r, x->tech);
    if (x->diff > top) top = x->diff, hardest = r->nsteps + 1;
    uint16_t buf[SKLUA_MAX_ELIM];
    sklua_stepview v = {x->id, x->name, x->h.text, x->tech, x->h.cell,
                        x->h.cell >= 0 ? x->h.digit : 0, sklua_elim_list(x->h.elim, &g, buf),
                        x->diff, buf, NULL, NULL};
    sklua_push_stepview(L, &v);
    lua_rawseti(L, steps, ++r->nsteps);
    if (o->solution && hint_wrong(&x->h, &g, o->solution)) {
      r->wrong = 1;
      r->wrong_step = r->nsteps - 1;
      lua_pop(L, 1);
      break;
    }
    sk_hint_apply(&x->h, &g);
    lua_pop(L, 1);
    if (deadline > 0 && sklua_now() > deadline && g.nempty > 0) { r->over_budget = 1; break; }
  }
  sk_engine *e = sklua_checkengine(L, 1);
  if (r->nsteps == 0) sk_rating_score_start(e, r);
  sk_rating_score_end(e, r);
  r->final = g;
  return hardest;
}

/* }==================================================================== */


/* {====================================================================
** e:rate
** ===================================================================== */

static void push_step(lua_State *L, const sk_engine *e, const sk_step *s) {
  char compact[2048];
  sk_step_compact(e, s, compact, sizeof compact);
  sklua_stepview v = {s->id, s->name, s->text, s->tech, s->cell, s->cell >= 0 ? s->digit : 0,
                      s->nelim, s->difficulty, s->elim, compact, s->detail};
  sklua_push_stepview(L, &v);
}

void sklua_push_totals(lua_State *L, const sk_rating *r) {
  lua_createtable(L, 0, 12);
  sklua_pushdiff(L, r->er), lua_setfield(L, -2, "er");
  sklua_pushdiff(L, r->ep), lua_setfield(L, -2, "ep");
  sklua_pushdiff(L, r->ed), lua_setfield(L, -2, "ed");
  lua_pushboolean(L, r->stuck), lua_setfield(L, -2, "stuck");
  lua_pushboolean(L, r->over_budget), lua_setfield(L, -2, "over_budget");
  lua_pushboolean(L, r->unwanted), lua_setfield(L, -2, "unwanted");
  lua_pushboolean(L, r->wrong), lua_setfield(L, -2, "wrong");
  if (r->wrong) lua_pushinteger(L, r->wrong_step + 1), lua_setfield(L, -2, "wrong_step");
  lua_pushinteger(L, r->nsteps), lua_setfield(L, -2, "nsteps");
  if (r->level >= 0 && r->level_name) {      /* a scored table (levels:) */
    lua_pushinteger(L, (lua_Integer)r->score), lua_setfield(L, -2, "score");
    lua_pushstring(L, r->level_name), lua_setfield(L, -2, "level");
  }
}

/* The result table of a rating; steps as a list when with_steps.  The
** steps are r's, or (lsteps > 0) the Lua list at that index, whose entry
** lhardest is the hardest. */
static void push_rating(lua_State *L, const sk_engine *e, const sk_rating *r, int with_steps, int lsteps,
                        int lhardest) {
  sklua_push_totals(L, r);
  if (lsteps > 0) {
    if (lhardest > 0) lua_rawgeti(L, lsteps, lhardest), lua_setfield(L, -2, "hardest");
    if (with_steps) lua_pushvalue(L, lsteps), lua_setfield(L, -2, "steps");
  } else {
    int h = sklua_hardest_step(r);
    if (h >= 0) push_step(L, e, &r->steps[h]), lua_setfield(L, -2, "hardest");
    if (with_steps) {
      lua_createtable(L, r->nsteps, 0);
      for (int i = 0; i < r->nsteps; i++) {
        push_step(L, e, &r->steps[i]);
        lua_rawseti(L, -2, i + 1);
      }
      lua_setfield(L, -2, "steps");
    }
  }
  sklua_pushgrid(L, &r->final);
  lua_setfield(L, -2, "final");
}

void sklua_push_rating(lua_State *L, const sk_engine *e, const sk_rating *r) {
  push_rating(L, e, r, r->steps != NULL, 0, 0);
}

static int rating_gc(lua_State *L) {
  sk_rating_free(lua_touserdata(L, 1));
  return 0;
}

/* An sk_rating owned by the Lua stack (freed by its __gc). */
static sk_rating *newrating(lua_State *L) {
  return sklua_newscratch(L, sizeof(sk_rating), rating_gc);
}

/* The "choose" option: "first", "cheapest" or a function (left at the
** top of the stack when it is one). */
int sklua_choose_opt(lua_State *L, int opts) {
  int ty = sklua_optfield(L, opts, "choose");
  if (ty == LUA_TFUNCTION) return SKLUA_CHOOSE_LUA;
  int k = SKLUA_CHOOSE_FIRST;
  if (ty == LUA_TSTRING && !strcmp(lua_tostring(L, -1), "cheapest")) k = SKLUA_CHOOSE_CHEAPEST;
  else if (ty != LUA_TNIL && !(ty == LUA_TSTRING && !strcmp(lua_tostring(L, -1), "first")))
    luaL_error(L, "option 'choose' must be \"first\", \"cheapest\" or a function");
  lua_pop(L, 1);
  return k;
}

/* The "want" option: nil, "pearl" or "diamond" (serate's early stops,
** SK_WANT_*); with any chooser but "first" it is an error, as the stop
** is read off SE's own path. */
int sklua_want_opt(lua_State *L, int opts, int kind) {
  int ty = sklua_optfield(L, opts, "want");
  int want = 0;
  if (ty == LUA_TSTRING && !strcmp(lua_tostring(L, -1), "pearl")) want = SK_WANT_PEARL;
  else if (ty == LUA_TSTRING && !strcmp(lua_tostring(L, -1), "diamond")) want = SK_WANT_DIAMOND;
  else if (ty != LUA_TNIL) luaL_error(L, "option 'want' must be \"pearl\" or \"diamond\"");
  lua_pop(L, 1);
  if (want && kind != SKLUA_CHOOSE_FIRST) luaL_error(L, "option 'want' needs choose = \"first\"");
  return want;
}

/* Rating options: budget, max_steps, solution (a grid) or verify = true
** (sol holds the puzzle's own solution already). */
static void rate_opts(lua_State *L, int opts, const sk_grid *g, sk_rate_opts *o, uint8_t *sol) {
  memset(o, 0, sizeof *o);
  o->record = 1;
  o->budget = sklua_optnumfield(L, opts, "budget", 0);
  o->max_steps = (int)sklua_optintfield(L, opts, "max_steps", 0);
  if (sklua_optfield(L, opts, "solution") != LUA_TNIL) {
    const sk_grid *s = luaL_testudata(L, -1, SKLUA_GRID_MT);
    if (!s || !sk_grid_solved(s)) luaL_error(L, "option 'solution' must be a solved grid");
    memcpy(sol, s->value, SK_CELLS);
    o->solution = sol;
  } else if (sklua_optboolfield(L, opts, "verify")) {
    o->solution = sol;                 /* the solution rate_grid found */
  }
  lua_pop(L, 1);
}

const char *sklua_unrateable(const sk_grid *g, uint8_t *sol) {
  unsigned long n = sk_solve_count_grid(g, 2, sol, NULL);
  return n == 1 ? NULL : n == 0 ? "no solution" : "several solutions";
}

/* Rate the grid at index 2 with the options at index 3; pushes the
** result (returns 1), or nil and why the grid cannot be rated (2): as
** the CLI refuses them, a grid with no solution or several is not
** rated, never given ER 20.0 as if the techniques got stuck. */
static int rate_grid(lua_State *L, sk_engine *e, int with_steps_default) {
  sk_grid *g = sklua_checkgrid(L, 2);
  sk_rate_opts o;
  uint8_t sol[SK_CELLS];
  int opts = 3;
  if (!lua_isnoneornil(L, opts)) luaL_checktype(L, opts, LUA_TTABLE);
  const char *why = sklua_unrateable(g, sol);   /* refused once the options are read */
  int kind = sklua_choose_opt(L, opts);
  int fn = lua_gettop(L);              /* the chooser when kind == SKLUA_CHOOSE_LUA */
  rate_opts(L, opts, g, &o, sol);
  o.want = sklua_want_opt(L, opts, kind);
  int with_steps = with_steps_default;
  if (sklua_optfield(L, opts, "record") != LUA_TNIL) with_steps = lua_toboolean(L, -1);
  lua_pop(L, 1);
  if (why) return sklua_fail(L, why);
  sk_rating *r = newrating(L);
  if (kind == SKLUA_CHOOSE_LUA) {
    lua_newtable(L);
    int steps = lua_gettop(L);
    int hardest = rate_lua(L, fn, steps, g, &o, r);
    push_rating(L, e, r, with_steps, steps, hardest);
    return 1;
  }
  if (sklua_rate_with(e, g, kind == SKLUA_CHOOSE_CHEAPEST, &o, r) != 0)
    luaL_error(L, "out of memory");
  push_rating(L, e, r, with_steps, 0, 0);
  return 1;
}

/* e:rate(g [, {choose=, record=, budget=, max_steps=, solution=, verify=,
** want=}]) -> rating, or nil, "no solution" | "several solutions" */
int sklua_engine_rate(lua_State *L) {
  sk_engine *e = sklua_checkengine(L, 1);
  lua_settop(L, 3);
  return rate_grid(L, e, 0);
}

/* }==================================================================== */
