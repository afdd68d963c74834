/*
** lua_pool.c -- sk_policy_pool (sk_lua.h): up to n sk_policy states of
** one policy shared by worker threads, each call handed an idle one
** (lua_internal.h lists the parts of the binding).
**
** The first policy is opened at once, so that a broken policy shows
** before any puzzle is read; the others are opened when every open one
** is busy.  The pool touches no lua_State itself: lua_cpolicy.c does.
*/
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "sk_lua.h"

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

sk_policy *sk_policy_pool_first(sk_policy_pool *pool) { return pool->p[0]; }

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
