/*
** cli.h -- shared pieces of the sudokit command line (cli.c, cli_batch.c).
**
** Exit status: 0 success, 1 data errors (a bad or unsolvable puzzle,
** reported and skipped), 2 usage errors (nothing was done).
*/
#ifndef SK_CLI_H
#define SK_CLI_H

#include <stdio.h>
#include "sk_format.h"

#define SK_EXIT_OK    0
#define SK_EXIT_DATA  1
#define SK_EXIT_USAGE 2

extern const char *sk_progname;   /* "sudokit" */

/* An output that is written whole or not at all: a regular file (or a new
** one) is written to a temporary file next to its target (a symlink's
** target, the path itself) and renamed over it by sk_out_commit(); a
** device, FIFO, socket or /proc descriptor is written directly; stdout when
** path is NULL or "-".  Interrupted runs (SIGINT, SIGTERM, SIGHUP) remove
** the temporary and leave the old file.  Every write error is reported
** once, as "sudokit: write error on NAME: reason". */
typedef struct sk_out {
  FILE *f;
  char *path;       /* the path given, NULL for stdout */
  char *target;     /* the file replaced (symlinks followed); NULL if direct */
  char *tmp;        /* temporary path; NULL if written directly */
  int reported;     /* its write error was reported */
} sk_out;

int sk_out_open(sk_out *o, const char *path);     /* 0 ok, -1 (message printed) */
int sk_out_commit(sk_out *o);                     /* flush, close, rename; 0 ok, -1 reported */
void sk_out_abort(sk_out *o);                     /* remove the temporary; reports a write error */
const char *sk_out_name(const sk_out *o);         /* the path, or "standard output" */
void sk_out_write_error(sk_out *o, int err);      /* report a write error (once) */
void sk_write_error(const char *name, int err);   /* "write error on NAME: strerror(err)" */
/* main(): at exit, standard output is flushed and closed, and a failure
** there is reported and makes the exit status 1. */
void sk_out_init(void);

/* Messages on stderr: "sudokit: ..." */
void sk_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Usage error: print message and a hint to --help; returns SK_EXIT_USAGE. */
int sk_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Strict integer parse of an option value in [lo, hi]; -1 with a usage
** message (naming opt) when not a plain integer in range. */
int sk_parse_long(const char *cmd, const char *opt, const char *s, long lo, long hi, long *out);

/* Strict parse of a number of seconds: a finite number > 0 (1e9 is a
** long time, not an error); -1 with a usage message naming opt. */
int sk_parse_seconds(const char *cmd, const char *opt, const char *s, double *out);

/* Messages about one puzzle, all in one style, "FILE:LINE: puzzle N: what":
** sk_warn_puzzle formats what; sk_warn_read_error takes a reader's error
** ("FILE:LINE: what", sk_puzzle.error) and adds the ordinal after its place. */
void sk_warn_puzzle(const char *source, long line, long index, const char *fmt, ...)
  __attribute__((format(printf, 4, 5)));
void sk_warn_read_error(long index, const char *error);
/* The record's marker of a puzzle that cannot be processed, the same in
** every command: "# invalid: " and the reason sk_puzzle_check gives
** (malformed, no solution, several solutions). */
#define SK_INVALID "# invalid: "
/* The checks made before a puzzle is worked on.  sk_puzzle_check: read
** without error and no digit twice in a house (g filled); NULL, or
** "malformed" after the message on stderr.  sk_puzzle_check_unique: also
** exactly one solution (in sol; the solver's figures in st unless NULL),
** else "no solution" or "several solutions". */
struct sk_solve_stats;
const char *sk_puzzle_check(const sk_puzzle *p, sk_grid *g);
const char *sk_puzzle_check_unique(const sk_puzzle *p, sk_grid *g, uint8_t *sol,
                                   struct sk_solve_stats *st);

/* Open the input: the puzzles given as arguments (ops, one a line, named
** "<arguments>"), else -i FILE, else stdin (path NULL or "-").  Both
** arguments and -i is an error.  Prints the error and returns NULL. */
FILE *sk_in_open(const char *path, char **ops, int nops, const char **name);

/* Arguments.  main() gives each command a copy of its arguments in which
** '--name=value' is two arguments, '--name' and 'value', and so is '-Xvalue'
** ('-X', 'value'), as in serate and GNU getopt; splitting stops at '--'
** and, with upto_operand (run: the script's own arguments), at the first
** operand or after -e.  sk_args_free() frees the copy. */
char **sk_args_split(int argc, char **argv, int upto_operand, int *out_argc);
void sk_args_free(char **argv);
/* A parser's puzzle arguments: takes argv[*i] when it is one (not an
** option, nor the value of a '--name=value'), or at '--' every argument
** left, into argv[1..*nops] (slots the parser has read), and returns 1;
** else 0.  The command then reads them with sk_in_open(.., argv + 1, *nops, ..). */
int sk_arg_take_puzzles(int argc, char **argv, int *i, int *nops);
/* A single-valued option given twice is a usage error, also under two
** names of one option (-i then --input).  groups lists the command's
** options that take a value, one string per option holding its names
** separated by spaces ("-i --input --in"), NULL-terminated; argv is the
** split copy, scanned up to '--' (and, with upto_operand, up to the first
** argument that is neither an option nor a value, and -e).  0, or the
** message printed and SK_EXIT_USAGE. */
int sk_args_once(const char *cmd, int argc, char **argv, const char *const *groups,
                 int upto_operand);
/* The usage error for argv[i], which no option takes: "takes no value"
** when it is the value of a '--name=value' whose name is a flag. */
int sk_arg_unknown(const char *cmd, char **argv, int i);

/* Job count from -j: 0 -> number of online CPUs. */
int sk_jobs(long j);

/* A batch pipeline: reads puzzles in order, runs work() on each in up to
** `jobs` threads, and calls emit() in input order.  work() fills a
** per-puzzle output string (malloc'd) and returns 0 ok or 1 data error. */
typedef struct sk_batch_item {
  sk_puzzle puzzle;
  char *out;        /* text to write for this puzzle (malloc'd by work) */
  size_t outlen;
  int status;       /* 0 ok, 1 data error */
  /* a short text may be put here instead, with out left NULL: no
  ** allocation per puzzle (a solution line, a count, a 9-line grid) */
  char text[168];
} sk_batch_item;

typedef int (*sk_batch_work)(void *ctx, sk_batch_item *it);

/* Returns the worst status (0/1), or -1 on an I/O error (printed). */
int sk_batch_run(sk_reader *r, FILE *out, int jobs, sk_batch_work work, void *ctx);

/* Append-helpers for building outputs. */
typedef struct sk_buf { char *p; size_t n, cap; } sk_buf;
void sk_buf_add(sk_buf *b, const char *s, size_t n);
void sk_buf_puts(sk_buf *b, const char *s);
void sk_buf_printf(sk_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));



/* Engine set-up shared by rate/explain/techniques/generate/run: loads the
** default plugins (plus plugin_dir) and binds table (a name or a path;
** NULL = "se").  Prints the error and returns NULL on failure. */
struct sk_engine;
struct sk_engine *sk_cli_engine(const char *table, const char *plugin_dir);
#endif
