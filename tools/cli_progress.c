/*
** cli_progress.c -- progress on stderr for long runs (cli_progress.h).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "cli.h"
#include "cli_progress.h"

static double now_mono(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* SUDOKIT_PROGRESS: -1 unset, 0 off, else the forced interval */
static double forced(void) {
  const char *s = getenv("SUDOKIT_PROGRESS");
  if (!s || !*s) return -1;
  char *end;
  double v = strtod(s, &end);
  if (*end || !(v >= 0) || v > 3600) return -1;
  return v;
}

double sk_progress_interval(void) {
  double f = forced();
  if (f > 0) return f;
  return isatty(2) ? 2 : 10;
}

/* Lines of a regular file (0 when it is none or cannot be read) */
static long count_lines(const char *path) {
  struct stat st;
  if (!path || !strcmp(path, "-") || stat(path, &st) != 0 || !S_ISREG(st.st_mode)) return 0;
  FILE *f = fopen(path, "rb");
  if (!f) return 0;
  static char buf[1 << 16];
  long n = 0;
  size_t k;
  int last = '\n';
  while ((k = fread(buf, 1, sizeof buf, f)) > 0) {
    for (char *p = buf, *e = buf + k; (p = memchr(p, '\n', (size_t)(e - p))) != NULL; p++) n++;
    last = buf[k - 1];
  }
  fclose(f);
  return n + (last != '\n');
}

static void report(sk_progress *p) {
  long done = __atomic_load_n(&p->done, __ATOMIC_RELAXED);
  long line = __atomic_load_n(&p->line, __ATOMIC_RELAXED);
  double secs = now_mono() - p->start;
  char eta[64] = "";
  if (p->total_lines > 0 && line > 0 && line <= p->total_lines) {
    double left = secs * (double)(p->total_lines - line) / (double)line;
    long s = (long)(left + 0.5);
    snprintf(eta, sizeof eta, ", %d %%, ETA %ld:%02ld", (int)(100.0 * (double)line / (double)p->total_lines),
             s / 60, s % 60);
  }
  fprintf(stderr, "%s%s %s: %ld puzzles, %.1f/s%s%s", p->tty ? "\r" : "", sk_progname, p->cmd,
          done, secs > 0 ? (double)done / secs : 0.0, eta, p->tty ? "\033[K" : "\n");
  fflush(stderr);
  p->shown = 1;
}

static void *progress_thread(void *arg) {
  sk_progress *p = arg;
  pthread_mutex_lock(&p->mu);
  double next = p->start + p->first;
  while (!p->stop) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    double wait = next - now_mono();
    if (wait > 0) {
      long ns = (long)((wait - (double)(long)wait) * 1e9) + ts.tv_nsec;
      ts.tv_sec += (time_t)wait + ns / 1000000000L;
      ts.tv_nsec = ns % 1000000000L;
      pthread_cond_timedwait(&p->cv, &p->mu, &ts);
      continue;
    }
    report(p);
    next = now_mono() + p->every;
  }
  pthread_mutex_unlock(&p->mu);
  return NULL;
}

void sk_progress_start(sk_progress *p, const char *cmd, const char *path, const char *out) {
  memset(p, 0, sizeof *p);
  p->cmd = cmd;
  double f = forced();
  /* on a terminal that also shows the output, a progress line would be
  ** written through it */
  p->tty = isatty(2) && !((!out || !strcmp(out, "-")) && isatty(1));
  if (f == 0 || (f < 0 && !p->tty)) return;
  p->first = f > 0 ? f : 2;
  p->every = f > 0 ? f : 1;
  p->total_lines = count_lines(path);
  p->start = now_mono();
  pthread_mutex_init(&p->mu, NULL);
  pthread_cond_init(&p->cv, NULL);
  if (pthread_create(&p->th, NULL, progress_thread, p) != 0) {
    pthread_mutex_destroy(&p->mu);
    pthread_cond_destroy(&p->cv);
    return;
  }
  p->on = 1;
}

void sk_progress_tick(sk_progress *p, long line) {
  if (!p || !p->on) return;
  __atomic_add_fetch(&p->done, 1, __ATOMIC_RELAXED);
  long seen = __atomic_load_n(&p->line, __ATOMIC_RELAXED);
  while (line > seen &&
         !__atomic_compare_exchange_n(&p->line, &seen, line, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {}
}

void sk_progress_stop(sk_progress *p) {
  if (!p->on) return;
  pthread_mutex_lock(&p->mu);
  p->stop = 1;
  pthread_cond_signal(&p->cv);
  pthread_mutex_unlock(&p->mu);
  pthread_join(p->th, NULL);
  pthread_mutex_destroy(&p->mu);
  pthread_cond_destroy(&p->cv);
  if (p->shown && p->tty) { fputs("\r\033[K", stderr); fflush(stderr); }
  p->on = 0;
}
