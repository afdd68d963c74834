/*
** cmd_canon.c -- `sudokit canon` (the canonical form of each puzzle, or
** of its solution grid; --dedup keeps the first puzzle of each
** isomorphism class) and `sudokit transform` (a given or random
** transformation applied to each puzzle, to make isomorphs).
**
** One record per input puzzle, in input order whatever -j is (--dedup:
** one per class).  --dedup runs the canonical forms on the threads and
** keeps the set of forms seen in the writer, which sees the records in
** input order, so the first of a class is kept for any -j.
*/
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "commands.h"
#include "sk_canon.h"
#include "sk_gen.h"
#include "sk_solver.h"

static const char canon_help[] =
  "usage: sudokit canon [--puzzle | --grid] [--dedup] [--with-transform]\n"
  "                     [-i FILE] [-o FILE] [-j N] [PUZZLE...]\n"
  "Writes the canonical form of each puzzle: the least of its isomorphs (the\n"
  "2 * 6^8 row, column, band and stack permutations with transposition, and\n"
  "the 9! relabellings), comparing the 81 cells in row-major order with an\n"
  "empty cell ('.') below every digit.  Isomorphic puzzles, and only they,\n"
  "get the same form; a complete grid's form starts 123456789.\n"
  "  --puzzle          the form of the givens (default)\n"
  "  --grid            the form of the puzzle's solution grid (the puzzle must\n"
  "                    have exactly one solution)\n"
  "  --dedup           write each puzzle as read, leaving out every puzzle\n"
  "                    isomorphic to an earlier one (with --grid: whose solution\n"
  "                    grid is); a summary goes to stderr\n"
  "  --with-transform  after the form, the transformation taking the input to\n"
  "                    it (as 'sudokit transform --spec' reads it)\n"
  "  -i, -o, -j        as for 'sudokit solve'\n"
  "A bad puzzle (malformed, a digit twice in a house, or for --grid not exactly\n"
  "one solution) is reported on stderr with its line; exit status 1.\n";

static const char transform_help[] =
  "usage: sudokit transform [--spec SPEC | --seed N] [-n K] [--with-transform]\n"
  "                         [-i FILE] [-o FILE] [-j N] [PUZZLE...]\n"
  "Writes an isomorph of each puzzle: the transformation SPEC, or a random one.\n"
  "  --spec SPEC       comma-separated, each optional: 'transpose' (first),\n"
  "                    'rows=R1..R9' (output row i is input row R_i; each group\n"
  "                    of three from one band), 'cols=C1..C9' (the same for\n"
  "                    columns and stacks), 'digits=D1..D9' (digit d becomes D_d);\n"
  "                    e.g. transpose,rows=213456789,digits=987654321\n"
  "  --seed N          random transformations from seed N (default 1): the K-th\n"
  "                    isomorph of puzzle i is the same for every run and -j\n"
  "  -n K              K isomorphs of each puzzle (random only; default 1)\n"
  "  --with-transform  after each isomorph, the transformation used\n"
  "  -i, -o, -j        as for 'sudokit solve'\n";

typedef struct canon_opts {
  const char *cmd, *in, *out;
  int nops;
  long jobs, count;
  int grid, dedup, with_how, transform, have_spec;
  uint64_t seed;
  sk_transform spec;
} canon_opts;

static int parse_args(int argc, char **argv, canon_opts *o) {
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      fputs(o->transform ? transform_help : canon_help, stdout);
      exit(SK_EXIT_OK);
    }
    if (!strcmp(a, "--with-transform")) { o->with_how = 1; continue; }
    if (!o->transform && !strcmp(a, "--grid")) { o->grid = 1; continue; }
    if (!o->transform && !strcmp(a, "--puzzle")) { o->grid = 0; continue; }
    if (!o->transform && !strcmp(a, "--dedup")) { o->dedup = 1; continue; }
    if (!strcmp(a, "-i")) { if (!v) return sk_usage_error(o->cmd, "-i needs a file"); o->in = v; i++; }
    else if (!strcmp(a, "-o")) { if (!v) return sk_usage_error(o->cmd, "-o needs a file"); o->out = v; i++; }
    else if (!strcmp(a, "-j")) { if (sk_parse_long(o->cmd, "-j", v, 0, 256, &o->jobs)) return SK_EXIT_USAGE; i++; }
    else if (o->transform && !strcmp(a, "-n")) {
      if (sk_parse_long(o->cmd, "-n", v, 1, 1000000L, &o->count)) return SK_EXIT_USAGE;
      i++;
    } else if (o->transform && !strcmp(a, "--seed")) {
      char *end;
      if (!v || *v < '0' || *v > '9') return sk_usage_error(o->cmd, "--seed needs a whole number");
      errno = 0;
      o->seed = strtoull(v, &end, 10);
      if (*end || errno) return sk_usage_error(o->cmd, "--seed needs a whole number (0..2^64-1)");
      i++;
    } else if (o->transform && !strcmp(a, "--spec")) {
      sk_error err = {{0}};
      if (!v) return sk_usage_error(o->cmd, "--spec needs a transformation");
      if (sk_transform_parse(v, &o->spec, &err)) return sk_usage_error(o->cmd, "%s", err.msg);
      o->have_spec = 1;
      i++;
    } else if (!sk_arg_take_puzzles(argc, argv, &i, &o->nops))
      return sk_arg_unknown(o->cmd, argv, i);
  }
  if (o->have_spec && o->count > 1) return sk_usage_error(o->cmd, "-n needs random transformations, not --spec");
  return 0;
}

/* The puzzle's values, checked; 0, or 1 with the message printed. */
static int load(const canon_opts *o, const sk_puzzle *p, uint8_t v[SK_CELLS]) {
  sk_grid g;
  int bad = -1;
  if (!p->ok) { sk_warn("%s", p->error); return 1; }
  if (sk_puzzle_grid(p, &g, &bad) != 0) {
    char cell[8];
    sk_warn("%s:%ld: digit %d given twice in a house (at %s)", p->source, p->line,
            p->values[bad], sk_cell_name(bad, cell));
    return 1;
  }
  memcpy(v, p->values, SK_CELLS);
  if (o->grid) {
    uint8_t sol[SK_CELLS];
    unsigned long n = sk_solve_count(v, 2, sol, NULL);
    if (n != 1) {
      sk_warn("%s:%ld: puzzle %ld has %s: --grid needs exactly one", p->source, p->line, p->index,
              n ? "several solutions" : "no solution");
      return 1;
    }
    memcpy(v, sol, SK_CELLS);
  }
  return 0;
}

static void put_line(sk_buf *b, const uint8_t v[SK_CELLS]) {
  char line[96];
  size_t n = sk_write_line(line, v, '.');
  if (n && line[n - 1] == '\n') n--;
  sk_buf_add(b, line, n);
}

static int canon_one(void *ctx, sk_batch_item *it) {
  const canon_opts *o = ctx;
  sk_buf b = {0};
  uint8_t v[SK_CELLS], form[SK_CELLS];
  sk_transform how;
  int status = 0;
  if (load(o, &it->puzzle, v)) {
    sk_buf_puts(&b, o->dedup ? "!\n" : "invalid\n");
    status = 1;
  } else {
    sk_canon(v, form, &how);
    put_line(&b, form);
    if (o->dedup) {                        /* the writer keeps the first */
      sk_buf_puts(&b, " ");
      sk_buf_puts(&b, it->puzzle.raw ? it->puzzle.raw : "");
    } else if (o->with_how) {
      char spec[96];
      sk_transform_format(&how, spec, sizeof spec);
      sk_buf_printf(&b, " %s", spec);
    }
    sk_buf_puts(&b, "\n");
  }
  it->out = b.p;
  it->outlen = b.n;
  return status;
}

static int transform_one(void *ctx, sk_batch_item *it) {
  const canon_opts *o = ctx;
  sk_buf b = {0};
  uint8_t v[SK_CELLS], w[SK_CELLS];
  int status = 0;
  if (load(o, &it->puzzle, v)) {
    sk_buf_puts(&b, "invalid\n");
    status = 1;
  } else {
    for (long k = 0; k < o->count; k++) {
      sk_transform t = o->spec;
      if (!o->have_spec) {
        sk_rng rng;
        sk_rng_seed(&rng, o->seed, (uint64_t)(it->puzzle.index - 1) * (uint64_t)o->count + (uint64_t)k);
        sk_transform_random(&rng, &t);
      }
      sk_transform_apply(&t, v, w);
      put_line(&b, w);
      if (o->with_how) {
        char spec[96];
        sk_transform_format(&t, spec, sizeof spec);
        sk_buf_printf(&b, " %s", spec);
      }
      sk_buf_puts(&b, "\n");
    }
  }
  it->out = b.p;
  it->outlen = b.n;
  return status;
}

/* {====== --dedup: a FILE whose writes are the records in input order */

typedef struct dedup {
  FILE *out;
  sk_canon_set *seen;
  char *line;
  size_t n, cap;
  long kept, dropped;
  int err;
} dedup;

static void dedup_line(dedup *d, const char *s, size_t n) {
  if (n >= 1 && s[0] == '!') return;                 /* a bad puzzle: reported */
  if (n < SK_CELLS + 1) { d->err = 1; return; }
  uint8_t form[SK_CELLS];
  for (int i = 0; i < SK_CELLS; i++) form[i] = (uint8_t)(s[i] == '.' ? 0 : s[i] - '0');
  int added = sk_canon_set_add(d->seen, form);
  if (added < 0) { d->err = 1; return; }
  if (!added) { d->dropped++; return; }
  d->kept++;
  if (fwrite(s + SK_CELLS + 1, 1, n - SK_CELLS - 1, d->out) != n - SK_CELLS - 1 ||
      fputc('\n', d->out) == EOF)
    d->err = 1;
}

static ssize_t dedup_write(void *cookie, const char *buf, size_t size) {
  dedup *d = cookie;
  for (size_t i = 0; i < size; i++) {
    if (buf[i] == '\n') { dedup_line(d, d->line, d->n); d->n = 0; continue; }
    if (d->n == d->cap) {
      size_t cap = d->cap ? 2 * d->cap : 1024;
      char *p = realloc(d->line, cap);
      if (!p) { errno = ENOMEM; return -1; }
      d->line = p, d->cap = cap;
    }
    d->line[d->n++] = buf[i];
  }
  return d->err ? -1 : (ssize_t)size;
}

/* }====== */

static int run(int argc, char **argv, int transform) {
  canon_opts o = {0};
  o.cmd = transform ? "transform" : "canon";
  o.transform = transform;
  o.jobs = 1;
  o.count = 1;
  o.seed = 1;
  sk_transform_identity(&o.spec);
  int rc = parse_args(argc, argv, &o);
  if (rc) return rc;
  const char *name;
  FILE *in = sk_in_open(o.in, argv + 1, o.nops, &name);
  if (!in) return SK_EXIT_USAGE;
  sk_out out;
  if (sk_out_open(&out, o.out) != 0) { if (in != stdin) fclose(in); return SK_EXIT_USAGE; }
  dedup d = {0};
  FILE *sink = out.f;
  if (o.dedup) {
    cookie_io_functions_t io = {NULL, dedup_write, NULL, NULL};
    d.out = out.f;
    d.seen = sk_canon_set_new();
    sink = d.seen ? fopencookie(&d, "w", io) : NULL;
    if (!sink) {
      sk_warn("out of memory");
      sk_canon_set_free(d.seen);
      sk_out_abort(&out);
      if (in != stdin) fclose(in);
      return SK_EXIT_DATA;
    }
  }
  sk_reader *r = sk_reader_open(in, name);
  int st = sk_batch_run(r, sink, sk_jobs(o.jobs), transform ? transform_one : canon_one, &o);
  sk_reader_close(r);
  if (in != stdin) fclose(in);
  if (o.dedup) {
    if (fclose(sink) != 0 || d.err) st = -1;
    if (st >= 0)
      fprintf(stderr, "%s: canon: %ld puzzles kept, %ld isomorphs of earlier ones left out\n",
              sk_progname, d.kept, d.dropped);
    sk_canon_set_free(d.seen);
    free(d.line);
  }
  if (st < 0) { sk_out_abort(&out); return SK_EXIT_DATA; }
  if (sk_out_commit(&out) != 0) return SK_EXIT_DATA;
  return st ? SK_EXIT_DATA : SK_EXIT_OK;
}

int sk_cmd_canon(int argc, char **argv) { return run(argc, argv, 0); }
int sk_cmd_transform(int argc, char **argv) { return run(argc, argv, 1); }
