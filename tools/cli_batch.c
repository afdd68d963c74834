/*
** cli_batch.c -- the ordered parallel batch of the command line
** (sk_batch_run): puzzles read in the calling thread, worked on by -j
** threads, their outputs written in input order.
*/
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

/* {====== ordered parallel batch
** The reader runs in the calling thread and fills a window of items;
** workers take items in order of index and the caller writes finished
** items strictly in input order, so the output is the same for any -j. */

#define SK_WINDOW 256

typedef struct batch {
  pthread_mutex_t mu;
  pthread_cond_t cv;
  sk_batch_item items[SK_WINDOW];
  int state[SK_WINDOW];     /* 0 free, 1 queued, 2 running, 3 done */
  long next_take;           /* next index a worker may take */
  long filled;              /* items read so far */
  int eof;
  sk_batch_work work;
  void *ctx;
} batch;

static void *batch_worker(void *arg) {
  batch *b = arg;
  pthread_mutex_lock(&b->mu);
  for (;;) {
    while (b->next_take >= b->filled && !b->eof) pthread_cond_wait(&b->cv, &b->mu);
    if (b->next_take >= b->filled) break;
    long i = b->next_take++;
    sk_batch_item *it = &b->items[i % SK_WINDOW];
    b->state[i % SK_WINDOW] = 2;
    pthread_mutex_unlock(&b->mu);
    it->status = b->work(b->ctx, it);
    pthread_mutex_lock(&b->mu);
    b->state[i % SK_WINDOW] = 3;
    pthread_cond_broadcast(&b->cv);
  }
  pthread_mutex_unlock(&b->mu);
  return NULL;
}

static int write_item(FILE *out, sk_batch_item *it, int *worst) {
  int rc = 0;
  const char *text = it->out ? it->out : it->text;
  /* one thread writes the output: no lock a line */
  if (it->outlen && fwrite_unlocked(text, 1, it->outlen, out) != it->outlen) rc = -1;
  if (it->status > *worst) *worst = it->status;
  free(it->out);
  it->out = NULL;
  it->outlen = 0;
  sk_puzzle_free(&it->puzzle);
  return rc;
}

static int batch_serial(sk_reader *r, FILE *out, sk_batch_work work, void *ctx) {
  int worst = 0, rc;
  sk_batch_item it;
  memset(&it, 0, sizeof it);
  while ((rc = sk_reader_next(r, &it.puzzle)) == 1) {
    it.status = work(ctx, &it);
    if (write_item(out, &it, &worst) != 0) return -1;
  }
  if (rc < 0) { sk_warn("%s: read error: %s", sk_reader_name(r), strerror(errno)); return -1; }
  return worst;
}

int sk_batch_run(sk_reader *r, FILE *out, int jobs, sk_batch_work work, void *ctx) {
  if (jobs <= 1) return batch_serial(r, out, work, ctx);
  batch *b = calloc(1, sizeof *b);
  if (!b) { sk_warn("out of memory"); return -1; }
  pthread_t *th = calloc((size_t)jobs, sizeof *th);
  if (!th) { free(b); sk_warn("out of memory"); return -1; }
  pthread_mutex_init(&b->mu, NULL);
  pthread_cond_init(&b->cv, NULL);
  b->work = work;
  b->ctx = ctx;
  int nth = 0;
  for (int i = 0; i < jobs; i++)
    if (pthread_create(&th[i], NULL, batch_worker, b) == 0) nth++;
    else break;
  if (nth == 0) {          /* no thread could start: do it here */
    pthread_mutex_destroy(&b->mu);
    pthread_cond_destroy(&b->cv);
    free(th);
    free(b);
    return batch_serial(r, out, work, ctx);
  }
  long written = 0;
  int worst = 0, ioerr = 0, rerr = 0;
  pthread_mutex_lock(&b->mu);
  for (;;) {
    /* write every finished item at the head of the window */
    while (written < b->filled && b->state[written % SK_WINDOW] == 3) {
      sk_batch_item *it = &b->items[written % SK_WINDOW];
      pthread_mutex_unlock(&b->mu);
      if (write_item(out, it, &worst) != 0) ioerr = 1;
      pthread_mutex_lock(&b->mu);
      b->state[written % SK_WINDOW] = 0;
      written++;
    }
    if (b->eof && written == b->filled) break;
    if (!b->eof && b->filled - written < SK_WINDOW) {
      sk_batch_item *it = &b->items[b->filled % SK_WINDOW];
      pthread_mutex_unlock(&b->mu);
      memset(it, 0, sizeof *it);
      int rc = sk_reader_next(r, &it->puzzle);
      pthread_mutex_lock(&b->mu);
      if (rc == 1) { b->state[b->filled % SK_WINDOW] = 1; b->filled++; }
      else { b->eof = 1; if (rc < 0) rerr = errno ? errno : EIO; }
      pthread_cond_broadcast(&b->cv);
      continue;
    }
    pthread_cond_wait(&b->cv, &b->mu);
  }
  pthread_mutex_unlock(&b->mu);
  for (int i = 0; i < nth; i++) pthread_join(th[i], NULL);
  pthread_mutex_destroy(&b->mu);
  pthread_cond_destroy(&b->cv);
  free(th);
  free(b);
  if (rerr) { sk_warn("%s: read error: %s", sk_reader_name(r), strerror(rerr)); return -1; }
  return ioerr ? -1 : worst;
}

/* }====== */
