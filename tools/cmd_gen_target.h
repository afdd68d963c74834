/*
** cmd_gen_target.h -- `sudokit generate` with a difficulty target:
** generate, rate, keep the puzzles that meet it (cmd_gen_target.c).
*/
#ifndef SK_CMD_GEN_TARGET_H
#define SK_CMD_GEN_TARGET_H

/* Same arguments as sk_cmd_generate (argv[0] = "generate").  Called by
** sk_cmd_generate when sk_gen_target_wanted() says a target option is
** present. */
int sk_cmd_generate_target(int argc, char **argv);

/* 1 when argv holds one of the target options (--er, --xdrs, --pearl,
** --diamond, --sdrs, --needs, --timeout, --with-path, --search,
** --hodoku-level, --hodoku-score). */
int sk_gen_target_wanted(int argc, char **argv);

/* The usage text of the target options (for `sudokit generate --help`). */
extern const char sk_gen_target_help[];

/* {====== what the target run and the search (cmd_gen_search.c) share */

#include <stdint.h>
#include "sk_engine.h"
#include "sk_gen.h"
#include "cli.h"

typedef struct tgen {
  /* targets */
  int have_er, have_xdrs, pearl, diamond;
  int32_t er_lo, er_hi, d_lo, d_hi;         /* milli, inclusive */
  unsigned sdrs;
  int nneeds;
  char needs[16][64];
  const char *hodoku_level;                 /* --hodoku-level, NULL: none */
  int have_hscore, hlevel;                  /* hlevel: index in table hodoku's levels */
  int64_t hs_lo, hs_hi;
  /* generation and run */
  sk_gen_opts gen;
  uint64_t seed;
  int seeded;
  long n, jobs;
  int n_given;                               /* -n was given */
  double timeout, budget;
  int with_path, quiet;
  const char *out, *table, *plugins;
  /* state */
  sk_engine *se, *xdrs, *hodoku;
  double start, deadline;
  int record;                                /* ratings keep their steps */
  /* --search */
  int search;
  const char *from, *pattern, *exclude;
  int nmoves;
  int moves[8][2];                           /* {-n+m}: n out, m in */
  long restart, steps;                       /* --restart K, --steps K (0: none) */
  int screen;                                /* --screen: 2 pairs, 1 backdoor, 0 none, -1 default */
  long screen_pairs;                         /* --screen pairs=N */
  const char *objective, *policy;            /* --objective FIELD of --policy P */
  const char *objective_lua;                 /* --objective-lua FILE */
  int profile;                               /* --profile: where the time goes */
  int trace;                                 /* --trace: each climb's seeds and new bests */
  double cpu_timeout;                        /* --cpu-timeout S: the process's CPU seconds */
} tgen;

typedef struct attempt {
  int state;                 /* 0 to do, 1 done, 2 not started (time out) */
  int rated, match, over_budget, gen_failed;
  uint8_t puzzle[SK_CELLS];
  int32_t er, ep, ed, d;
  int64_t hscore;            /* HoDoKu's score and level (a HoDoKu target) */
  const char *hlevel_name;   /* table-owned, NULL when not rated */
  char *text;                /* the output record when it matches (malloc'd) */
} attempt;

int32_t sk_tgen_xdrs_d(int32_t p);                 /* XDRS D of an ER P, milli */
void sk_tgen_record(const tgen *g, attempt *a, const sk_rating *r);   /* a->text */
double sk_tgen_budget(const tgen *g);              /* a rating's budget now */
int sk_tgen_meets(const tgen *g, attempt *a, const sk_rating *r);
int sk_tgen_hodoku_meets(const tgen *g, const sk_grid *grid, attempt *a);
double sk_tgen_now(void);
int sk_tgen_open_engines(tgen *g);

/* The search (--search): cmd_gen_search.c.  Returns 0 when N were found,
** 1 when fewer, -1 on an error (printed). */
int sk_gen_search_run(tgen *g, sk_out *out);

/* }====== */

#endif
