/*
** pthread.h -- stand-in for the WebAssembly build (tools/web/).
**
** The page runs the engine in one Web Worker, single-threaded (wasm32-wasi
** without the threads proposal).  Creating a thread fails with EAGAIN, and
** callers fall back to doing the work themselves (gen_text.c's block writer
** does); locks are no-ops because nothing else can run at the same time.
*/
#ifndef SK_WEB_PTHREAD_H
#define SK_WEB_PTHREAD_H

#include <errno.h>

typedef unsigned long pthread_t;
typedef struct { int unused; } pthread_attr_t;
typedef struct { int unused; } pthread_mutex_t;
typedef struct { int unused; } pthread_mutexattr_t;
typedef int pthread_once_t;
#define PTHREAD_MUTEX_INITIALIZER {0}
#define PTHREAD_ONCE_INIT 0

static inline int pthread_create(pthread_t *t, const pthread_attr_t *a,
                                 void *(*fn)(void *), void *arg) {
  (void)t; (void)a; (void)fn; (void)arg;
  return EAGAIN;
}
static inline int pthread_join(pthread_t t, void **ret) { (void)t; (void)ret; return ESRCH; }
static inline pthread_t pthread_self(void) { return 1; }
static inline int pthread_mutex_init(pthread_mutex_t *m, const pthread_mutexattr_t *a) {
  (void)m; (void)a; return 0;
}
static inline int pthread_mutex_destroy(pthread_mutex_t *m) { (void)m; return 0; }
static inline int pthread_mutex_lock(pthread_mutex_t *m) { (void)m; return 0; }
static inline int pthread_mutex_unlock(pthread_mutex_t *m) { (void)m; return 0; }
static inline int pthread_once(pthread_once_t *o, void (*fn)(void)) {
  if (!*o) { *o = 1; fn(); }
  return 0;
}

#endif
