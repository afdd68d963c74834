/*
** sk_reglib.h -- HoDoKu's library lines: its regression library format.
**
**   :code[-variant]:cands:givens:deleted:elims:placements:extra
**
**   code        the technique ("0310"); a variant follows a '-': a number,
**               or 'x' for a fail case (the technique must find nothing)
**   cands       the digits the case is about ("15")
**   givens      81 cells, '.' or '0' empty, a digit a value; '+' before a
**               digit: placed, not given
**   deleted     candidates removed after placing the values
**   elims       candidates the technique eliminates
**   placements  values it places
**   extra       what the technique adds (chains: their length)
** Candidate lists are "dRC" tokens (digit, row, column, each 1..9)
** separated by blanks.  A line has six or seven ':' (the last field may be
** left out with its ':'), as HoDoKu reads it (Sudoku2.setSudoku).
**
** The writer makes the line HoDoKu prints for a step (Sudoku2.getSudoku in
** LIBRARY mode): code, the cands field as the rule says, the grid with '+'
** before placed values, the deleted candidates -- those no peer's value
** forbids but the cell has lost, by cell then digit -- the eliminations
** by digit then cell, the placement when nothing is eliminated, and the
** extra field.
*/
#ifndef SK_REGLIB_H
#define SK_REGLIB_H

#include <stddef.h>
#include "sk_grid.h"
#include "sk_plugin.h"
#include "sk_table.h"

#define SK_LIB_CODE   16          /* code text, with its NUL */
#define SK_LIB_EXTRA  64          /* extra text, with its NUL */
#define SK_LIB_LIST   729         /* candidates in one list */
#define SK_LIBLINE_MAX 8192       /* a written line, with its NUL */

typedef struct sk_libcand {
  uint8_t cell;                   /* 0..80 */
  uint8_t digit;                  /* 1..9 */
} sk_libcand;

typedef struct sk_libline {
  char code[SK_LIB_CODE];         /* "0310" */
  char variant[8];                /* "" (none), "1", "x" (a fail case) */
  char cands[10];                 /* the cands field's digits, as written */
  uint8_t values[SK_CELLS];       /* givens and placed values, 0 = empty */
  sk_bits placed;                 /* cells whose value was placed ('+') */
  int ndeleted, nelim, nplace;
  sk_libcand deleted[SK_LIB_LIST];
  sk_libcand elim[SK_LIB_LIST];
  sk_libcand place[SK_LIB_LIST];
  char extra[SK_LIB_EXTRA];
  int has_extra;                  /* seven ':': the extra field is there */
} sk_libline;

/* Read one line (s[0..len), leading and trailing blanks ignored).  0, or
** -1 with msg "column 12: ..." (columns of s, 1-based). */
int sk_libline_parse(const char *s, size_t len, sk_libline *l, char *msg, size_t size);

/* The grid a line describes: its values placed (sk_grid.givens holds the
** cells without '+'), then its deleted candidates removed.  -1 with
** *conflict_cell (may be NULL) when two equal values share a house. */
int sk_libline_grid(const sk_libline *l, sk_grid *g, int *conflict_cell);

/* The state fields of g, "givens:deleted" (no ':' around them), into buf
** (SK_LIBLINE_MAX bytes are always enough); returns the length. */
size_t sk_libline_write_state(char *buf, size_t size, const sk_grid *g);

/* The library line of hint h found on g under rule r (no newline).
** Returns its length, or -1 when r has no code for the hint's type. */
int sk_libline_write(char *buf, size_t size, const sk_grid *g, const sk_hint *h,
                     const sk_reglib_rule *r);

/* How HoDoKu's regression tester reads a case line (RegressionTester.test):
** `want` gets the line it must equal -- the trimmed line, or when it has a
** variant the line rebuilt without it -- and `start` its ":code:cands:"
** prefix; *fail is set for an 'x' variant.  0, or -1 when the line is not
** a case it can run (no fields, a bad variant). */
int sk_libline_case(const char *line, char *want, size_t wsize, char *start, size_t ssize,
                    int *fail);

/* The tester's chain-length exception: a and b equal up to their last ':'. */
int sk_libline_same_but_extra(const char *a, const char *b);

#endif
