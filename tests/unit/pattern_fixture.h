/*
** pattern_fixture.h -- the engine and helpers of the tests of techniques
** beyond SE's table (pattern_fixture.c): the build's plugins bound to a
** rating table given as text, which lists only their ids (a test may bind
** a table of its own); positions built from the empty grid; the hints of
** a technique and checks of their eliminations and focus; and a replay of
** HoDoKu's own solution paths.
*/
#ifndef PATTERN_FIXTURE_H
#define PATTERN_FIXTURE_H

#include <stddef.h>
#include <stdint.h>
#include "sk_engine.h"

/* {====== engines */

/* The head of a test table: its name and the singles and locked
** candidates at SE's values; a test appends its subsets and techniques. */
#define PATTERN_TABLE_HEAD \
  "name: test\n" \
  "techniques:\n" \
  "  - {id: full-house, base: 1.0}\n" \
  "  - {id: hidden-single-block, base: 1.2}\n" \
  "  - {id: hidden-single-line, base: 1.5}\n" \
  "  - {id: naked-single, base: 2.3}\n" \
  "  - {id: pointing, base: 2.6}\n" \
  "  - {id: claiming, base: 2.8}\n"

/* Load the build's plugins named in plugins[0..n-1] (without ".so"; the
** array must outlive the tests) and bind them to the table text.  0, or
** -1 with the message on stderr. */
int pattern_setup(const char *const *plugins, size_t n, const char *table);
/* Free the engine; a cmocka group teardown. */
int pattern_teardown(void **state);
/* A test's own table, the state being its text
** (cmocka_unit_test_prestate_setup_teardown): the helpers use it during
** that test, and the group's table again after it. */
int pattern_table_setup(void **state);
int pattern_table_teardown(void **state);

/* }====== */

/* {====== positions */

int rc(int r, int c);                   /* cell of row r, column c (1-based) */
int row(int r);                         /* house numbers, 1-based arguments */
int col(int c);
sk_grid empty(void);                    /* every cell empty, every digit a candidate */
/* Digit d stays in house h only at the cells named in "r1c2 r2c2". */
void confine(sk_grid *g, int house, int d, const char *cells);
/* Digit d leaves the cells named in "r1c2 r2c2". */
void drop(sk_grid *g, int d, const char *cells);

/* }====== */

/* {====== hints */

#define MAX_FOUND 64

typedef struct found {
  sk_hint hint[MAX_FOUND];     /* the first MAX_FOUND hints, in emission order */
  int32_t diff[MAX_FOUND];
  int count;
} found;

/* Every hint of technique id on g (all = 1), or what the engine asks for
** a rating step (all = 0: the first hint, every hint of a collecting
** technique).  The grid must come back untouched.  The result is
** overwritten by the next call. */
found *run(const char *id, const sk_grid *g, int all);
/* The hint a rating step takes; there must be one. */
sk_hint first(const char *id, const sk_grid *g);
/* The technique finds nothing on g. */
void none(const char *id, const sk_grid *g);
/* The hint places nothing and removes exactly digit d from the cells of
** "r1c1 r2c5". */
void expect_elims(const sk_hint *h, int d, const char *cells);
/* The hint's focus is exactly digit d in the cells of "r1c1 r2c5". */
void expect_focus(const sk_hint *h, int d, const char *cells);
/* The hint places nothing and removes exactly the candidates of spec
** ("r1c7:6 r2c4:59"), any digits. */
void expect_cands(const sk_hint *h, const char *spec);
/* How many candidates the hint removes; whether it removes digit d of
** row r, column c (1-based). */
int count_elims(const sk_hint *h);
int has_elim(const sk_hint *h, int r, int c, int d);

/* }====== */

/* {====== puzzles */

/* The grid of a puzzle (81 characters, or 729 of candidates), its one
** solution in sol (the puzzle must have exactly one). */
sk_grid puzzle(const char *text, uint8_t sol[SK_CELLS]);
/* Take steps as a rating does, each the first hint of the first technique
** of the table in table order that has one, until technique id (of the
** table) has a hint: returns the steps taken; -1 when the grid is solved
** or stuck first. */
int advance(sk_grid *g, const char *id);
/* The first hints of f (up to MAX_FOUND) are sound: no elimination of a
** solution digit, no placement of another. */
void expect_sound(const found *f, const uint8_t sol[SK_CELLS]);

/* }====== */

/* {====== HoDoKu's solution paths */

typedef struct path_tech {
  const char *prefix;          /* how HoDoKu's line starts: "Skyscraper:" */
  const char *id;
  int steps, differ;
} path_tech;

/* Replay HoDoKu's /vp paths (SK_SHARED/data/hodoku/NAME: "#n puzzle Level
** (score)", then a line per step, indented by three blanks) and check, at
** every step of the techniques in pt[], that the hint the engine takes is
** HoDoKu's step: its text, then " => " and its eliminations as HoDoKu
** prints them.  Counts the steps and the differing ones in pt[]; returns
** the steps checked, or -1 when the file is not there. */
int replay_hodoku_paths(const char *name, path_tech *pt, int npt);

/* }====== */

#endif
