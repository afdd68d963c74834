/*
** cmd_solve.c -- `sudokit solve` and `sudokit count`.
** One output record per input puzzle, in input order, whatever -j is; a
** bad puzzle gets a record that says so, a message on stderr with its
** line, and exit status 1 once every other puzzle has been processed.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli.h"
#include "commands.h"
#include "sk_solver.h"

typedef struct solve_opts {
  const char *cmd;
  const char *in, *out;
  int nops;                    /* puzzles given as arguments, in argv[1..] */
  long jobs;
  long limit;
  sk_format format;
  int counting;
} solve_opts;

static const char solve_help[] =
  "usage: sudokit solve [-i FILE] [-o FILE] [-j N] [--format line|grid|candidates]\n"
  "                     [PUZZLE...]\n"
  "Prints the solution of each puzzle (one per input puzzle, in input order).\n"
  "Input formats are detected per puzzle: 81-character lines, 9x9 grids of\n"
  "space-separated digits, 729-character candidate strings.\n"
  "A malformed or unsolvable puzzle gets a line '# invalid: malformed' or\n"
  "'# invalid: no solution' and exit status 1.\n"
  "  -i FILE      input (default: the PUZZLE arguments, else standard input);\n"
  "               also --input FILE\n"
  "  -o FILE      output, written whole or not at all (default: standard output);\n"
  "               also --output FILE\n"
  "  -j N         worker threads (0 = one per core; output order is kept);\n"
  "               -t N and --threads N are the same\n"
  "  --format F   output format: line (default), grid, candidates\n";

static const char count_help[] =
  "usage: sudokit count [--limit N] [-i FILE] [-o FILE] [-j N] [PUZZLE...]\n"
  "Prints the number of solutions of each puzzle, capped at N (default 2;\n"
  "2 means 'two or more'), one line per input puzzle.  0 = no solution.\n"
  "A malformed puzzle gets a line '# invalid: malformed' and exit status 1.\n"
  "  --limit N    stop counting at N (1..1000000000)\n"
  "  -i, -o, -j   as for 'sudokit solve'\n";

static int parse_format(const char *cmd, const char *s, sk_format *f) {
  if (s == NULL) return sk_usage_error(cmd, "--format needs a value"), -1;
  if (!strcmp(s, "line")) *f = SK_FMT_LINE;
  else if (!strcmp(s, "grid")) *f = SK_FMT_GRID;
  else if (!strcmp(s, "candidates")) *f = SK_FMT_CANDIDATES;
  else return sk_usage_error(cmd, "unknown format '%s' (line, grid, candidates)", s), -1;
  return 0;
}

static const char *const value_opts[] = {
  "-i --input", "-o --output", "-j -t --threads", "--format", "--limit", NULL
};

static int parse_args(int argc, char **argv, solve_opts *o) {
  for (int i = 1; i < argc; i++)
    if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
      fputs(o->counting ? count_help : solve_help, stdout);
      exit(SK_EXIT_OK);
    }
  if (sk_args_once(o->cmd, argc, argv, value_opts, 0)) return SK_EXIT_USAGE;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      fputs(o->counting ? count_help : solve_help, stdout);
      exit(SK_EXIT_OK);
    } else if (!strcmp(a, "-i") || !strcmp(a, "--input")) {
      if (!v) return sk_usage_error(o->cmd, "%s needs a file", a);
      o->in = v;
      i++;
    } else if (!strcmp(a, "-o") || !strcmp(a, "--output")) {
      if (!v) return sk_usage_error(o->cmd, "%s needs a file", a);
      o->out = v;
      i++;
    } else if (!strcmp(a, "-j") || !strcmp(a, "-t") || !strcmp(a, "--threads")) {
      if (sk_parse_long(o->cmd, a, v, 0, 256, &o->jobs)) return SK_EXIT_USAGE;
      i++;
    }
    else if (!strcmp(a, "--format") && !o->counting) { if (parse_format(o->cmd, v, &o->format)) return SK_EXIT_USAGE; i++; }
    else if (!strcmp(a, "--limit") && o->counting) {
      if (sk_parse_long(o->cmd, "--limit", v, 1, 1000000000L, &o->limit)) return SK_EXIT_USAGE;
      i++;
    } else if (!sk_arg_take_puzzles(argc, argv, &i, &o->nops))
      return sk_arg_unknown(o->cmd, argv, i);
  }
  return 0;
}

/* Record for a puzzle that cannot be processed, in the output format. */
static void bad_record(sk_buf *b, const solve_opts *o, const char *what) {
  sk_buf_puts(b, what);
  sk_buf_puts(b, o->format == SK_FMT_GRID ? "\n\n" : "\n");
}

/* A count as decimal text with a newline; returns its length. */
static size_t count_text(char *out, unsigned long n) {
  char tmp[24];
  size_t k = 0, len = 0;
  do { tmp[k++] = (char)('0' + n % 10); n /= 10; } while (n);
  while (k) out[len++] = tmp[--k];
  out[len++] = '\n';
  return len;
}

static int solve_one(void *ctx, sk_batch_item *it) {
  const solve_opts *o = ctx;
  sk_puzzle *p = &it->puzzle;
  sk_buf b = {0};
  sk_grid g;
  uint8_t sol[SK_CELLS];
  int status = 0;
  unsigned long limit = o->counting ? (unsigned long)o->limit : 2;
  unsigned long n = 0;
  /* Givens only (the line and grid formats): the solver starts from the
  ** values, with no candidate grid to build.  No solution can also mean
  ** a digit given twice in a house: the grid path below tells which. */
  int fast = p->ok && !p->has_cand;
  if (fast) {
    n = sk_solve_count(p->values, limit, o->counting ? NULL : sol, NULL);
    /* the reader left equal givens in a house to this check (run() asks
    ** it to): the solver has found them already, as no solution */
    if (n == 0) { fast = 0; sk_puzzle_dups(p); }
  }
  if (!fast && sk_puzzle_check(p, &g)) {
    bad_record(&b, o, SK_INVALID "malformed");
    status = 1;
  } else if (o->counting) {
    if (!fast) n = sk_solve_count_grid(&g, limit, NULL, NULL);
    it->outlen = count_text(it->text, n);
    return 0;
  } else {
    if (!fast) n = sk_solve_count_grid(&g, 2, sol, NULL);
    if (n == 0) {
      sk_warn_puzzle(p->source, p->line, p->index, "no solution");
      bad_record(&b, o, SK_INVALID "no solution");
      status = 1;
    } else {
      if (n > 1)
        sk_warn_puzzle(p->source, p->line, p->index, "several solutions; printing the first found");
      if (o->format == SK_FMT_GRID) {
        size_t len = sk_write_grid(it->text, sol);
        it->text[len++] = '\n';
        it->outlen = len;
      } else if (o->format == SK_FMT_CANDIDATES) {
        char out[800];
        sk_grid s;
        sk_grid_from_values(&s, sol, NULL);
        sk_buf_add(&b, out, sk_write_candidates(out, &s));
      } else {
        it->outlen = sk_write_line(it->text, sol, '.');
      }
    }
  }
  if (b.p) {
    it->out = b.p;
    it->outlen = b.n;
  }
  return status;
}

#define STREAM_BUF (1 << 18)
static int stdout_buffered;

static int run(int argc, char **argv, int counting) {
  solve_opts o = {0};
  o.cmd = counting ? "count" : "solve";
  o.limit = 2;
  o.jobs = 1;
  o.counting = counting;
  int rc = parse_args(argc, argv, &o);
  if (rc) return rc;
  const char *name;
  FILE *in = sk_in_open(o.in, argv + 1, o.nops, &name);
  if (!in) return SK_EXIT_USAGE;
  sk_out out;
  if (sk_out_open(&out, o.out) != 0) { if (in != stdin) fclose(in); return SK_EXIT_USAGE; }
  /* big stream buffers: a puzzle's line in and its record out cost a few
  ** hundred nanoseconds, not a system call each (standard output only
  ** when it is not a terminal, and only before anything was written) */
  char *inbuf = NULL, *outbuf = NULL;
  if (in != stdin && (inbuf = malloc(STREAM_BUF)) != NULL) setvbuf(in, inbuf, _IOFBF, STREAM_BUF);
  if (out.f != stdout) {
    if ((outbuf = malloc(STREAM_BUF)) != NULL) setvbuf(out.f, outbuf, _IOFBF, STREAM_BUF);
  } else if (!stdout_buffered && !isatty(fileno(stdout))) {
    static char stdout_buf[STREAM_BUF];
    setvbuf(stdout, stdout_buf, _IOFBF, sizeof stdout_buf);
    stdout_buffered = 1;
  }
  sk_reader *r = sk_reader_open(in, name);
  if (r) sk_reader_defer_dups(r);
  int st = sk_batch_run(r, out.f, sk_jobs(o.jobs), solve_one, &o);
  sk_reader_close(r);
  if (in != stdin) fclose(in);
  free(inbuf);
  if (st < 0) { sk_out_abort(&out); free(outbuf); return SK_EXIT_DATA; }
  rc = sk_out_commit(&out);
  free(outbuf);
  if (rc != 0) return SK_EXIT_DATA;
  return st ? SK_EXIT_DATA : SK_EXIT_OK;
}

int sk_cmd_solve(int argc, char **argv) { return run(argc, argv, 0); }
int sk_cmd_count(int argc, char **argv) { return run(argc, argv, 1); }
