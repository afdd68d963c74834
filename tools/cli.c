/*
** cli.c -- shared pieces of the sudokit command line: atomic output
** files, messages, strict option parsing, buffers, the engine set-up of
** the rating commands.  The ordered parallel batch is in cli_batch.c.
*/
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli.h"
#include "sk_engine.h"
#include "sk_solver.h"

const char *sk_progname = "sudokit";

/* {====== messages */

/* Messages come from worker threads too: each is written under stderr's
** lock, so that two never interleave. */
void sk_warn(const char *fmt, ...) {
  va_list ap;
  flockfile(stderr);
  fprintf(stderr, "%s: ", sk_progname);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  funlockfile(stderr);
}

int sk_usage_error(const char *cmd, const char *fmt, ...) {
  va_list ap;
  fprintf(stderr, "%s %s: ", sk_progname, cmd);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fprintf(stderr, "\n(see '%s %s --help')\n", sk_progname, cmd);
  return SK_EXIT_USAGE;
}

int sk_parse_long(const char *cmd, const char *opt, const char *s, long lo, long hi, long *out) {
  char *end;
  long v;
  if (s == NULL || *s == '\0') {
    sk_usage_error(cmd, "%s needs a number", opt);
    return -1;
  }
  errno = 0;
  v = strtol(s, &end, 10);
  if (*end != '\0' || errno == ERANGE) {
    if (!strcmp(cmd, opt)) sk_usage_error(cmd, "'%s' is not a whole number", s);
    else sk_usage_error(cmd, "%s: '%s' is not a whole number", opt, s);
    return -1;
  }
  if (v < lo || v > hi) {
    if (!strcmp(cmd, opt))           /* the command's own number: sudokit -c N */
      sk_usage_error(cmd, "%ld is out of range (%ld..%ld)", v, lo, hi);
    else
      sk_usage_error(cmd, "%s: %ld is out of range (%ld..%ld)", opt, v, lo, hi);
    return -1;
  }
  *out = v;
  return 0;
}

int sk_parse_seconds(const char *cmd, const char *opt, const char *s, double *out) {
  char *end;
  if (s == NULL || *s == '\0') {
    sk_usage_error(cmd, "%s needs a number of seconds", opt);
    return -1;
  }
  double v = strtod(s, &end);
  if (*end != '\0' || !(v > 0) || !isfinite(v)) {
    sk_usage_error(cmd, "%s: '%s' is not a positive number of seconds", opt, s);
    return -1;
  }
  *out = v;
  return 0;
}

void sk_warn_puzzle(const char *source, long line, long index, const char *fmt, ...) {
  va_list ap;
  flockfile(stderr);
  fprintf(stderr, "%s: %s:%ld: puzzle %ld: ", sk_progname, source, line, index);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  funlockfile(stderr);
}

void sk_warn_read_error(long index, const char *error) {
  /* the place ends at the first ":DIGITS: " */
  for (const char *c = error; (c = strchr(c, ':')) != NULL; c++) {
    const char *d = c + 1;
    while (*d >= '0' && *d <= '9') d++;
    if (d > c + 1 && d[0] == ':' && d[1] == ' ') {
      sk_warn("%.*s: puzzle %ld: %s", (int)(d - error), error, index, d + 2);
      return;
    }
  }
  sk_warn("puzzle %ld: %s", index, error);
}

const char *sk_puzzle_check(const sk_puzzle *p, sk_grid *g) {
  int bad = -1;
  if (!p->ok) { sk_warn_read_error(p->index, p->error); return "malformed"; }
  if (sk_puzzle_grid(p, g, &bad) != 0) {
    char c[8];
    sk_warn_puzzle(p->source, p->line, p->index, "digit %d given twice in a house (at %s)",
                   p->values[bad], sk_cell_name(bad, c));
    return "malformed";
  }
  return NULL;
}

const char *sk_puzzle_check_unique(const sk_puzzle *p, sk_grid *g, uint8_t *sol,
                                   sk_solve_stats *st) {
  const char *why = sk_puzzle_check(p, g);
  if (why) return why;
  unsigned long n = sk_solve_count_grid(g, 2, sol, st);
  if (n == 1) return NULL;
  why = n == 0 ? "no solution" : "several solutions";
  sk_warn_puzzle(p->source, p->line, p->index, "%s", why);
  return why;
}

/* }====== */

/* {====== outputs
** A regular file (or a path that does not exist yet) is written to a
** temporary file in its directory and renamed over it when complete; a
** symlink is followed first, so that its target is replaced, in the
** target's directory, and the link stays.  A device, FIFO, socket or a
** /proc file descriptor (/dev/stdout is one) is written directly: there is
** nothing to replace.  The temporary paths of open outputs are remembered
** so that a signal handler can remove them; at most a few are open at once. */

#define SK_MAX_OUTS 8
static char *volatile pending_tmp[SK_MAX_OUTS];
static int handlers_set;
static int stdout_reported;           /* a write error on stdout was reported */

/* Set while an output is being committed and after: a signal then is
** noted (pending_signal) and acted on by sk_out_commit, before its rename;
** after the rename the run is complete, and a signal is ignored. */
static volatile sig_atomic_t committing, pending_signal;

static void on_signal(int sig) {
  if (committing) { pending_signal = sig; return; }
  for (int i = 0; i < SK_MAX_OUTS; i++)
    if (pending_tmp[i]) unlink(pending_tmp[i]);   /* async-signal-safe */
  signal(sig, SIG_DFL);
  raise(sig);
}

static void track_tmp(char *tmp, int on) {
  for (int i = 0; i < SK_MAX_OUTS; i++) {
    if (on && pending_tmp[i] == NULL) { pending_tmp[i] = tmp; return; }
    if (!on && pending_tmp[i] == tmp) { pending_tmp[i] = NULL; return; }
  }
}

const char *sk_out_name(const sk_out *o) { return o->path ? o->path : "standard output"; }

void sk_write_error(const char *name, int err) {
  sk_warn("write error on %s: %s", name, strerror(err ? err : EIO));
}

void sk_out_write_error(sk_out *o, int err) {
  if (o->reported) return;
  o->reported = 1;
  if (!o->path) {
    if (stdout_reported) return;
    stdout_reported = 1;
  }
  sk_write_error(sk_out_name(o), err);
}

/* The file a path names once its symlinks are followed (malloc'd); *direct
** is set when that is a descriptor (/proc/.../fd/N, /dev/fd/N, /dev/stdout):
** its magic link names the open file, which is written as it is. */
static char *follow_links(const char *path, int *direct) {
  char *cur = strdup(path);
  *direct = 0;
  for (int depth = 0; cur && depth < 40; depth++) {
    struct stat st;
    if (!strncmp(cur, "/proc/", 6) || !strncmp(cur, "/dev/fd/", 8) || !strcmp(cur, "/dev/stdout") ||
        !strcmp(cur, "/dev/stderr")) {
      *direct = 1;
      return cur;
    }
    if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode)) return cur;
    char buf[PATH_MAX];
    ssize_t n = readlink(cur, buf, sizeof buf - 1);
    if (n < 0) return cur;
    buf[n] = '\0';
    const char *slash = strrchr(cur, '/');
    size_t dirlen = buf[0] == '/' || !slash ? 0 : (size_t)(slash - cur) + 1;
    char *next = malloc(dirlen + (size_t)n + 1);
    if (next) {
      memcpy(next, cur, dirlen);
      memcpy(next + dirlen, buf, (size_t)n + 1);
    }
    free(cur);
    cur = next;
  }
  return cur;
}

int sk_out_open(sk_out *o, const char *path) {
  memset(o, 0, sizeof *o);
  if (path == NULL || strcmp(path, "-") == 0) { o->f = stdout; return 0; }
  struct stat st;
  int direct = 0;
  o->path = strdup(path);
  if (!o->path) { sk_warn("out of memory"); return -1; }
  if (stat(path, &st) == 0) {
    if (S_ISDIR(st.st_mode)) {
      sk_warn("cannot write '%s': it is a directory", path);
      free(o->path); o->path = NULL;
      return -1;
    }
    direct = !S_ISREG(st.st_mode);
  }
  char *target = direct ? NULL : follow_links(path, &direct);
  if (!direct && !target) { sk_warn("out of memory"); free(o->path); o->path = NULL; return -1; }
  if (direct) {               /* a device, FIFO, socket or descriptor: written as it is */
    free(target);
    o->f = fopen(path, "w");
    if (!o->f) {
      sk_warn("cannot open '%s' for writing: %s", path, strerror(errno));
      free(o->path); o->path = NULL;
      return -1;
    }
    return 0;
  }
  size_t n = strlen(target) + 32;
  o->target = target;
  o->tmp = malloc(n);
  if (!o->tmp) { sk_warn("out of memory"); sk_out_abort(o); return -1; }
  snprintf(o->tmp, n, "%s.tmp.%ld", target, (long)getpid());
  if (!handlers_set) {
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    signal(SIGHUP, on_signal);
    handlers_set = 1;
  }
  track_tmp(o->tmp, 1);
  committing = 0;              /* a new output: interrupts end the run again */
  o->f = fopen(o->tmp, "w");
  if (!o->f) {
    sk_warn("cannot create '%s': %s", o->tmp, strerror(errno));
    track_tmp(o->tmp, 0);
    free(o->path); free(o->tmp); free(o->target);
    memset(o, 0, sizeof *o);
    return -1;
  }
  /* a file replaced keeps its permissions */
  if (stat(target, &st) == 0) (void)fchmod(fileno(o->f), st.st_mode & 07777);
  return 0;
}

/* Flush and close (stdout: flush only); 0, or -1 with the error reported. */
static int out_close(sk_out *o) {
  int rc = 0;
  if (fflush(o->f) != 0 || ferror(o->f)) { sk_out_write_error(o, errno); rc = -1; }
  if (o->f != stdout && fclose(o->f) != 0 && rc == 0) { sk_out_write_error(o, errno); rc = -1; }
  o->f = NULL;
  return rc;
}

static void out_free(sk_out *o) {
  if (o->tmp) track_tmp(o->tmp, 0);
  free(o->path); free(o->tmp); free(o->target);
  memset(o, 0, sizeof *o);
}

int sk_out_commit(sk_out *o) {
  if (o->f == NULL) return -1;
  if (o->tmp == NULL) {        /* stdout, or written directly */
    int rc = out_close(o);
    out_free(o);
    return rc;
  }
  /* An interrupt from here on is noted by the handler: one that came before
  ** the rename removes the temporary and ends the run, leaving the old file;
  ** after the rename the run is complete and one is ignored (committing an
  ** output ends a command's work). */
  committing = 1;
  int rc = out_close(o);
  if (rc == 0 && pending_signal) {
    int sig = pending_signal;
    unlink(o->tmp);
    out_free(o);
    committing = 0;
    pending_signal = 0;
    on_signal(sig);            /* removes the other temporaries, ends the run */
    return -1;
  }
  if (rc == 0 && rename(o->tmp, o->target) != 0) {
    sk_warn("cannot rename '%s' to '%s': %s", o->tmp, o->target, strerror(errno));
    rc = -1;
  }
  if (rc != 0) {
    unlink(o->tmp);
    committing = 0;
    if (pending_signal) {      /* an interrupted failure still ends as one */
      int sig = pending_signal;
      pending_signal = 0;
      out_free(o);
      on_signal(sig);
      return -1;
    }
  }
  out_free(o);
  return rc;
}

void sk_out_abort(sk_out *o) {
  if (o->f) {
    if (ferror(o->f)) {        /* the write error that stopped the command */
      int e = errno;
      if (fflush(o->f) != 0) e = errno;
      sk_out_write_error(o, e);
    }
    if (o->f != stdout) fclose(o->f);
    else fflush(stdout);
  }
  if (o->tmp) unlink(o->tmp);
  out_free(o);
}

/* atexit: standard output's last buffer written and closed, or the run
** fails (what a command printed with printf, puts or Lua's print). */
static void close_stdout(void) {
  int bad = fflush(stdout) != 0 || ferror(stdout);
  int e = errno;
  if (fclose(stdout) != 0 && !bad) { bad = 1; e = errno; }
  if (bad) {
    if (!stdout_reported) sk_write_error("standard output", e);
    _exit(SK_EXIT_DATA);
  }
}

void sk_out_init(void) { atexit(close_stdout); }

FILE *sk_in_open(const char *path, char **ops, int nops, const char **name) {
  if (nops > 0) {
    if (path) {
      sk_warn("puzzles given both as arguments and with -i '%s': give one or the other", path);
      return NULL;
    }
    /* a temporary file rather than a memory stream: it owns its bytes,
    ** so fclose() is all the callers do with either */
    FILE *f = tmpfile();
    if (!f) { sk_warn("cannot make a temporary file: %s", strerror(errno)); return NULL; }
    /* one line per argument, so that a message's line is the position */
    for (int i = 0; i < nops; i++) {
      for (const char *c = ops[i]; *c; c++) fputc(*c == '\n' || *c == '\r' ? ' ' : *c, f);
      fputc('\n', f);
    }
    if (fflush(f) != 0 || fseek(f, 0, SEEK_SET) != 0) {
      sk_warn("cannot write a temporary file: %s", strerror(errno));
      fclose(f);
      return NULL;
    }
    *name = "<arguments>";
    return f;
  }
  if (path == NULL || strcmp(path, "-") == 0) { *name = "<stdin>"; return stdin; }
  FILE *f = fopen(path, "r");
  if (!f) { sk_warn("cannot open '%s': %s", path, strerror(errno)); return NULL; }
  *name = path;
  return f;
}

int sk_jobs(long j) {
  if (j > 0) return (int)j;
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? (int)n : 1;
}

/* }====== */

/* {====== arguments */

/* The names cut out of '--name=value' arguments (owned here) and the
** values, which point into the caller's strings: a parser may take a
** value only as the value of the option before it. */
static char **split_names, **split_values;
static int nsplit;

static int is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

/* where the name of '--name=value' or '-Xvalue' ends (0: not one) */
static int name_end(const char *a) {
  if (a[0] != '-') return 0;
  if (is_letter(a[1])) return a[2] ? 2 : 0;
  if (a[1] != '-' || !is_letter(a[2])) return 0;
  for (int k = 3; a[k]; k++) {
    if (a[k] == '=') return k;
    if (!is_letter(a[k]) && !(a[k] >= '0' && a[k] <= '9') && a[k] != '-') return 0;
  }
  return 0;
}

char **sk_args_split(int argc, char **argv, int upto_operand, int *out_argc) {
  char **v = malloc(((size_t)argc * 2 + 1) * sizeof *v);
  split_names = malloc(((size_t)argc + 1) * sizeof *split_names);
  split_values = malloc(((size_t)argc + 1) * sizeof *split_values);
  if (!v || !split_names || !split_values) { sk_warn("out of memory"); exit(SK_EXIT_DATA); }
  int n = 0, splitting = 1;
  for (int i = 0; i < argc; i++) {
    char *a = argv[i];
    int k = i > 0 && splitting ? name_end(a) : 0;
    if (i > 0 && splitting && !k) {
      if (!strcmp(a, "--")) splitting = 0;
      else if (upto_operand && (a[0] != '-' || !strcmp(a, "-e"))) splitting = 0;
    }
    if (!k) { v[n++] = a; continue; }
    char *name = strndup(a, (size_t)k);
    if (!name) { sk_warn("out of memory"); exit(SK_EXIT_DATA); }
    split_names[nsplit] = name;
    char *value = a + k + (a[1] == '-');
    split_values[nsplit++] = value;
    v[n++] = name;
    v[n++] = value;
    if (upto_operand && !strcmp(name, "-e")) splitting = 0;
  }
  v[n] = NULL;
  *out_argc = n;
  return v;
}

void sk_args_free(char **argv) {
  for (int i = 0; i < nsplit; i++) free(split_names[i]);
  free(split_names);
  free(split_values);
  split_names = split_values = NULL;
  nsplit = 0;
  free(argv);
}

static int is_split_value(const char *a) {
  for (int i = 0; i < nsplit; i++)
    if (split_values[i] == a) return 1;
  return 0;
}

int sk_arg_take_puzzles(int argc, char **argv, int *i, int *nops) {
  const char *a = argv[*i];
  if (!strcmp(a, "--")) {
    while (++*i < argc) argv[1 + (*nops)++] = argv[*i];
    return 1;
  }
  if (a[0] == '-' || is_split_value(a)) return 0;
  argv[1 + (*nops)++] = argv[*i];        /* 1 + *nops <= *i: a slot already read */
  return 1;
}

/* the group of groups that names a, or -1 */
static int option_group(const char *const *groups, const char *a) {
  size_t n = strlen(a);
  for (int g = 0; groups[g]; g++)
    for (const char *p = groups[g]; *p; ) {
      const char *e = strchr(p, ' ');
      size_t k = e ? (size_t)(e - p) : strlen(p);
      if (k == n && !strncmp(p, a, n)) return g;
      p += k + (e != NULL);
    }
  return -1;
}

int sk_args_once(const char *cmd, int argc, char **argv, const char *const *groups,
                 int upto_operand) {
  const char *seen[64] = {0};
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--") || (upto_operand && (a[0] != '-' || !strcmp(a, "-e")))) break;
    int g = option_group(groups, a);
    if (g < 0 || g >= 64) continue;
    if (seen[g]) {
      if (strcmp(seen[g], a))
        return sk_usage_error(cmd, "%s given twice (first as %s): give it once", a, seen[g]);
      return sk_usage_error(cmd, "%s given twice: give it once", a);
    }
    seen[g] = a;
    i++;                             /* its value */
  }
  return 0;
}

int sk_arg_unknown(const char *cmd, char **argv, int i) {
  if (i > 0 && is_split_value(argv[i]))
    return sk_usage_error(cmd, "%s takes no value (given '%s')", argv[i - 1], argv[i]);
  return sk_usage_error(cmd, "unknown argument '%s'", argv[i]);
}

/* }====== */

/* {====== buffers */

void sk_buf_add(sk_buf *b, const char *s, size_t n) {
  if (b->n + n + 1 > b->cap) {
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->n + n + 1) cap *= 2;
    char *p = realloc(b->p, cap);
    if (!p) { sk_warn("out of memory"); exit(SK_EXIT_DATA); }
    b->p = p;
    b->cap = cap;
  }
  memcpy(b->p + b->n, s, n);
  b->n += n;
  b->p[b->n] = '\0';
}

void sk_buf_puts(sk_buf *b, const char *s) { sk_buf_add(b, s, strlen(s)); }

void sk_buf_printf(sk_buf *b, const char *fmt, ...) {
  char tmp[1024];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  if (n < 0) return;
  if ((size_t)n < sizeof tmp) { sk_buf_add(b, tmp, (size_t)n); return; }
  char *big = malloc((size_t)n + 1);
  if (!big) { sk_warn("out of memory"); exit(SK_EXIT_DATA); }
  va_start(ap, fmt);
  vsnprintf(big, (size_t)n + 1, fmt, ap);
  va_end(ap);
  sk_buf_add(b, big, (size_t)n);
  free(big);
}

/* }====== */

/* {====== the engine */

sk_engine *sk_cli_engine(const char *table, const char *plugin_dir) {
  sk_error err = {{0}};
  sk_engine *e = sk_engine_new();
  if (!e) { sk_warn("out of memory"); return NULL; }
  if (sk_engine_load_default(e, plugin_dir, &err) != 0) {
    sk_warn("%s", err.msg);
    sk_engine_free(e);
    return NULL;
  }
  char *path = sk_table_resolve(table ? table : "se", &err);
  sk_table *t = path ? sk_table_load(path, &err) : NULL;
  free(path);
  if (!t || sk_engine_use_table(e, t, &err) != 0) {
    sk_warn("%s", err.msg);
    if (t && sk_engine_table(e) != t) sk_table_free(t);
    sk_engine_free(e);
    return NULL;
  }
  return e;
}

/* }====== */
