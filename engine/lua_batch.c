/*
** lua_batch.c -- e:rate_batch: a list of grids rated by worker threads
** that share one engine (lua_internal.h lists the parts of the binding).
**
** The threads run C only (lua_choose.c's loops); the calling thread waits
** for them and calls the progress function.  While they run the engine is
** marked busy, so that a progress callback cannot close it or bind
** another table.
*/
#include <pthread.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "lua_internal.h"

typedef struct summary {
  sk_rating totals;            /* without its steps */
  const char *why;             /* not rated: sklua_unrateable's reason */
  int failed;
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
    uint8_t sol[SK_CELLS];
    summary *s = &b->out[i];
    if ((s->why = sklua_unrateable(&b->grids[i], sol))) {
      s->hardest_tech = -1;
      pthread_mutex_lock(&b->mu);
      b->done++;
      pthread_cond_signal(&b->cv);
      pthread_mutex_unlock(&b->mu);
      continue;
    }
    s->failed = sklua_rate_with(b->e, &b->grids[i], b->cheapest, &b->o, &r) != 0;
    int h = sklua_hardest_step(&r);
    s->hardest_tech = h >= 0 ? r.steps[h].tech : -1;
    s->hardest_diff = h >= 0 ? r.steps[h].difficulty : 0;
    s->hardest_name = h >= 0 ? r.steps[h].name : NULL;
    s->totals = r;
    s->totals.steps = NULL, s->totals.cap = 0;
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
  sklua_push_totals(L, &s->totals);
  if (s->hardest_tech >= 0) {
    lua_createtable(L, 0, 4);
    lua_pushstring(L, sk_engine_table(e)->entry[s->hardest_tech].id), lua_setfield(L, -2, "id");
    lua_pushstring(L, s->hardest_name), lua_setfield(L, -2, "name");
    lua_pushinteger(L, s->hardest_tech + 1), lua_setfield(L, -2, "technique");
    sklua_pushdiff(L, s->hardest_diff), lua_setfield(L, -2, "difficulty");
    lua_setfield(L, -2, "hardest");
  }
}

/* Run b on jobs threads (or here, when none starts, and when one job
** has no progress to report: a thread would only wait for it).  Returns
** nonzero when progress raised, its error left on the stack. */
static int batch_run(lua_State *L, batch *b, int jobs, int progress) {
  pthread_t th[64];
  int started = 0, err = 0;
  pthread_mutex_init(&b->mu, NULL);
  pthread_cond_init(&b->cv, NULL);
  for (int i = 0; i < jobs && (jobs > 1 || progress); i++)
    if (pthread_create(&th[i], NULL, batch_worker, b) == 0) started++;
  if (started == 0) batch_worker(b);           /* no thread: rate here */
  else err = batch_wait(L, b, progress);
  for (int i = 0; i < started; i++) pthread_join(th[i], NULL);
  pthread_mutex_destroy(&b->mu);
  pthread_cond_destroy(&b->cv);
  return err;
}

/* The "jobs" option: 1..64, the processors online when absent. */
static int jobs_opt(lua_State *L, int opts) {
  lua_Integer jobs = sklua_optintfield(L, opts, "jobs", 0);
  if (jobs <= 0) jobs = sysconf(_SC_NPROCESSORS_ONLN) > 0 ? sysconf(_SC_NPROCESSORS_ONLN) : 1;
  return jobs > 64 ? 64 : (int)jobs;
}

/* e:rate_batch(grids [, {jobs=, choose=, budget=, want=, progress=}]):
** the grids rated by `jobs` threads sharing the engine (the step engine
** keeps its per-search state on the stack, and plugins have none).
** Returns the list of summaries {er, ep, ed, stuck, over_budget,
** unwanted, nsteps, hardest = {id, name, technique, difficulty}}, with
** false for a grid that e:rate refuses (no solution, several), and a
** table of those reasons by index. */
int sklua_engine_rate_batch(lua_State *L) {
  sk_engine *e = sklua_checkengine(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_settop(L, 3);
  if (!lua_isnil(L, 3)) luaL_checktype(L, 3, LUA_TTABLE);
  int kind = sklua_choose_opt(L, 3);
  if (kind == SKLUA_CHOOSE_LUA)
    return luaL_error(L, "rate_batch: choose must be \"first\" or \"cheapest\"");
  int jobs = jobs_opt(L, 3);
  int progress = 0;
  if (sklua_optfield(L, 3, "progress") == LUA_TFUNCTION) progress = lua_gettop(L);
  else lua_pop(L, 1);
  int n = (int)luaL_len(L, 2);
  batch b;
  memset(&b, 0, sizeof b);
  b.e = e, b.n = n, b.cheapest = kind == SKLUA_CHOOSE_CHEAPEST;
  b.o.record = 1;
  b.o.budget = sklua_optnumfield(L, 3, "budget", 0);
  b.o.want = sklua_want_opt(L, 3, kind);
  sk_grid *grids = *sklua_newbox(L, (size_t)(n ? n : 1) * sizeof *grids);
  b.out = *sklua_newbox(L, (size_t)(n ? n : 1) * sizeof *b.out);
  for (int i = 0; i < n; i++) {
    lua_geti(L, 2, i + 1);
    grids[i] = *sklua_checkgrid(L, -1);
    lua_pop(L, 1);
  }
  b.grids = grids;
  if (jobs > n) jobs = n ? n : 1;
  sklua_engine *owner = lua_touserdata(L, 1);
  owner->busy++;
  int err = batch_run(L, &b, jobs, progress);
  owner->busy--;
  if (err) return lua_error(L);
  for (int i = 0; i < n; i++)
    if (b.out[i].failed) return luaL_error(L, "out of memory");
  lua_createtable(L, n, 0);
  lua_newtable(L);
  for (int i = 0; i < n; i++) {
    if (b.out[i].why) {
      lua_pushstring(L, b.out[i].why);
      lua_rawseti(L, -2, i + 1);
      lua_pushboolean(L, 0);
    } else {
      push_summary(L, e, &b.out[i]);
    }
    lua_rawseti(L, -3, i + 1);
  }
  return 2;
}
