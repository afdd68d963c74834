/*
** cli_progress.h -- progress on stderr for long batch runs (rate, explain,
** analyze) and the report interval generate uses.
**
** Shown only when stderr is a terminal and the output is not written to
** it (-o FILE or a redirected stdout): after 2 s, one line rewritten in
** place every second ("sudokit rate: 1200 puzzles, 310/s, 45 %, ETA 0:07"),
** erased when the run ends, so that a short run or a redirected stderr
** shows nothing.  The percentage and ETA need the number of lines of the
** input (a regular -i file, counted once at the start).
** SUDOKIT_PROGRESS=0 turns it off; SUDOKIT_PROGRESS=S (seconds, e.g.
** 0.2) forces it on, even off a terminal, first after S and then every S
** seconds (off a terminal as whole lines, for logs and tests).
*/
#ifndef SK_CLI_PROGRESS_H
#define SK_CLI_PROGRESS_H

#include <pthread.h>

typedef struct sk_progress {
  const char *cmd;
  int on, tty;
  double first, every;         /* seconds: first report, then the interval */
  long done, line;             /* puzzles done; the largest input line done (atomic) */
  long total_lines;            /* of the input file, 0 unknown */
  double start;
  int shown, stop;
  pthread_t th;
  pthread_mutex_t mu;
  pthread_cond_t cv;
} sk_progress;

/* Starts the reporting thread when progress is wanted (see above); path
** is the -i file (NULL or "-": standard input, no percentage), out the -o
** file (NULL or "-": standard output). */
void sk_progress_start(sk_progress *p, const char *cmd, const char *path, const char *out);
/* A puzzle is done (any thread); line is its input line. */
void sk_progress_tick(sk_progress *p, long line);
/* Stops the thread and erases the line. */
void sk_progress_stop(sk_progress *p);

/* Seconds between generate's progress lines: 2 on a terminal, else 10
** (SUDOKIT_PROGRESS=S sets it). */
double sk_progress_interval(void);

#endif
