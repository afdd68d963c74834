/*
** sk_analysis.h -- facts about a puzzle beyond its rating: redundant
** clues, backdoors (magic cells), blank correlation, pearl and diamond
** classes.
**
** Backdoors.  For a technique set S, a backdoor of order k is a set of k
** empty cells such that placing their solution values lets S alone solve
** the rest; the order of a puzzle is the smallest such k (0 when S solves
** the puzzle as given), and the cells of an order-1 backdoor are its
** "magic cells".  S = singles (hidden and naked singles) runs on a
** dedicated bitboard propagation, the hot loop of corpus analysis; any
** other set runs through the step engine with a table restricted to the
** set's techniques.
**
** Blank correlation (the "grading by blank correlation" paper): B the
** N blank cells, g(a) the number of other blanks sharing a row, column or
** box with a, F(A) = sum of g(a) over B / (18 N).  As the paper writes it
** F can reach 20/18 (an empty grid); grades I..IV cut F at three
** thresholds, 0.25 / 0.55 / 0.725 by default (the paper's table is garbled
** in our copy: these are a reading of it, settable everywhere).
**
** Classes of a rated path (steps in the order the step engine took them;
** a step "places" when it names a cell, as SE's EP rule counts it):
**   SE    diamond  ED = EP = ER;  pearl  EP = ER and not a diamond
**   SDRS  with j = the first step that places nothing and k = the first
**         placing step after j (or the end):
**         pearl            j = 0: the first step places nothing
**         diamond          j = 0 and that step is rated ER
**         extreme pearl    the hardest of steps j..k-1 is rated ER: the
**                          puzzle's hardest step lies in its first run of
**                          eliminations, which only placements precede
**         extreme diamond  step j is rated ER
** A path that gets stuck or runs out of time has no class.
*/
#ifndef SK_ANALYSIS_H
#define SK_ANALYSIS_H

#include <stdint.h>
#include "sk_grid.h"
#include "sk_engine.h"
#include "sk_error.h"

/* {====== the singles core */

/* Propagate hidden and naked singles to a fixpoint.  Returns 1 when that
** solves the grid, 0 when it gets stuck, -1 on a contradiction (a cell
** without candidates, or one digit forced twice in a house).  When out is
** not NULL it receives the grid after propagation (placements only; g
** itself on a contradiction).  out may be g. */
int sk_singles_solve(const sk_grid *g, sk_grid *out);

/* }====== */

/* {====== technique sets */

typedef struct sk_techset sk_techset;

/* spec: "singles" (the fast core), "ssts" (singles, locked candidates,
** subsets up to quads and basic fish, with their direct variants), or a
** comma-separated list of technique ids.  The ids are looked up in table
** (a name or path, NULL = "se") and the techniques in the default plugins
** plus plugins (may be NULL).  NULL with err set on an unknown id or a
** plugin/table that does not load. */
sk_techset *sk_techset_open(const char *spec, const char *table, const char *plugins,
                            sk_error *err);
void sk_techset_free(sk_techset *s);
const char *sk_techset_name(const sk_techset *s);     /* the spec */
/* Table entries of the set (0 for the singles core). */
int sk_techset_size(const sk_techset *s);

/* 1 when the set alone solves g, 0 when it gets stuck, -1 on error.
** Thread-safe: a set may be shared by threads. */
int sk_techset_solves(const sk_techset *s, const sk_grid *g);

/* The table of the ids of `ssts`, in se.yaml order. */
extern const char *const sk_ssts_ids[];

/* }====== */

/* {====== backdoors */

#define SK_BACKDOOR_MAX_ORDER 4
#define SK_BACKDOOR_LIST      128

typedef struct sk_backdoor {
  int order;          /* 0..max_order, or -1: no backdoor up to max_order */
  long count;         /* backdoors of that order (magic cells when order 1) */
  int nlisted;        /* backdoors kept in set[] (the first found) */
  uint8_t set[SK_BACKDOOR_LIST][SK_BACKDOOR_MAX_ORDER];   /* cells, ascending */
  uint64_t tests;     /* placements tried: the work done */
} sk_backdoor;

/* Find the backdoor order of g (a valid puzzle with this unique solution)
** for set (NULL = singles core), trying orders 0..max_order
** (max_order <= SK_BACKDOOR_MAX_ORDER), and count and list the backdoors
** of that order.  Returns 0, or -1 on an error of the set. */
int sk_backdoor_find(const sk_grid *g, const uint8_t solution[SK_CELLS], const sk_techset *set,
                     int max_order, sk_backdoor *out);

/* }====== */

/* {====== minimality */

/* Redundant clues: givens whose removal alone leaves a unique solution.
** Returns how many (0 = the puzzle is minimal) and lists their cells in
** ascending order when cells is not NULL; -1 when the puzzle itself has
** no unique solution. */
int sk_redundant_clues(const uint8_t puzzle[SK_CELLS], uint8_t cells[SK_CELLS]);

/* }====== */

/* {====== blank correlation */

typedef struct sk_correlation {
  int blanks;         /* N */
  long links;         /* sum of g(a) over the blanks (each pair counted twice) */
  double f;           /* F(A) = links / (18 N); 0 when N = 0 */
} sk_correlation;

#define SK_CORR_T1 0.25
#define SK_CORR_T2 0.55
#define SK_CORR_T3 0.725

void sk_correlation_of(const uint8_t puzzle[SK_CELLS], sk_correlation *c);
/* Grade 1..4 (I..IV): F < t[0] -> 1, F < t[1] -> 2, F < t[2] -> 3, else 4.
** t = NULL uses the defaults above. */
int sk_correlation_grade(double f, const double t[3]);
/* Parse "0.25,0.55,0.725" (three increasing numbers); 0 ok, -1. */
int sk_correlation_parse(const char *s, double t[3]);

/* }====== */

/* {====== pearl and diamond classes */

enum { SK_SE_NONE = 0, SK_SE_PEARL = 1, SK_SE_DIAMOND = 2 };
#define SK_SDRS_PEARL            1u
#define SK_SDRS_DIAMOND          2u
#define SK_SDRS_EXTREME_PEARL    4u
#define SK_SDRS_EXTREME_DIAMOND  8u

typedef struct sk_classes {
  int32_t er, ep, ed;     /* from the path, milli (er = SK_STUCK_MILLI when stuck) */
  int se;                 /* SK_SE_* */
  unsigned sdrs;          /* SK_SDRS_* flags */
  int first_elim;         /* j: first step that places nothing, -1 if none */
  int next_place;         /* k: first placing step after j (nsteps if none) */
} sk_classes;

/* Classes of a path of n steps: diff[i] its difficulties (milli),
** places[i] nonzero when step i places a value.  stuck: the path ended
** without solving.  Returns 0. */
int sk_classify_path(int n, const int32_t *diff, const unsigned char *places, int stuck,
                     sk_classes *c);
/* The same from a recorded rating (sk_rate with record = 1); -1 when the
** rating ran over budget or found a wrong step (no class then). */
int sk_classify(const sk_rating *r, sk_classes *c);
/* SE's class from ER/EP/ED alone (stuck ratings, ER 20, have none). */
int sk_se_class(int32_t er, int32_t ep, int32_t ed);
const char *sk_se_class_name(int se);              /* "diamond", "pearl", "-" */
/* The most specific SDRS class: "diamond", "extreme-diamond",
** "extreme-pearl", "pearl" or "-". */
const char *sk_sdrs_label(unsigned flags);

/* }====== */

#endif
