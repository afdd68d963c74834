/*
** hodoku_step_fixture.h -- what the tests of HoDoKu techniques share
** (hodoku_step_fixture.c): an engine with the build's plugins bound to a
** rating table given as text (listing only the ids under test); positions
** built from a solved grid with a few cells emptied and given candidates;
** running a technique and checking its hints; and a replay of HoDoKu's own
** solution paths that checks, at each of its steps, that a technique under
** test gives HoDoKu's step when HoDoKu used it and finds nothing when
** HoDoKu went on to a later technique.
*/
#ifndef HODOKU_STEP_FIXTURE_H
#define HODOKU_STEP_FIXTURE_H

#include <stddef.h>
#include "sk_engine.h"

/* The engine, once hodoku_fixture_setup has succeeded. */
extern sk_engine *hodoku_engine;

/* Load the build's plugins named in plugins[0..n-1] (without ".so") and
** bind the table given as YAML text.  0, or -1 with the message on stderr. */
int hodoku_fixture_setup(const char *const *plugins, size_t n, const char *table);

/* Free the engine; a cmocka group teardown. */
int hodoku_fixture_teardown(void **state);

/* The solved grid positions start from. */
extern const char hodoku_solution[];

/* The solved grid with the cells of spec ("r1c1:12 r5c5:345") empty and
** holding exactly those candidates; every other cell keeps its value. */
sk_grid position(const char *spec);

#define MAX_FOUND 64

typedef struct found {
  sk_hint hint[MAX_FOUND];     /* the first MAX_FOUND hints, in emission order */
  int count;
} found;

/* Every hint of technique id on g (all = 1), or the one a rating step
** takes (all = 0); the grid must come back untouched.  The result is
** overwritten by the next call. */
found *run(const char *id, const sk_grid *g, int all);

/* The hint a rating step takes; there must be one. */
sk_hint first(const char *id, const sk_grid *g);

/* The technique finds nothing on g. */
void none(const char *id, const sk_grid *g);

/* A grid state written as a line of the 729-character candidates format
** (a puzzle of a public list part solved); must read and be consistent. */
sk_grid state729(const char *cands);

/* Nothing the hint removes or places contradicts the solution (81 digits):
** no elimination of a cell's solution digit, a placement of it only. */
void expect_sound(const sk_hint *h, const char *solution);

/* The hint places nothing and removes exactly the candidates of spec
** ("r1c7:1 r3c3:34"). */
void expect_elims(const sk_hint *h, const char *spec);

/* The hint's focus is exactly the candidates of spec. */
void expect_focus(const sk_hint *h, const char *spec);

typedef struct path_tech {
  const char *id;              /* the technique under test */
  int index;                   /* HoDoKu's order index of it */
  int steps, differ;           /* HoDoKu's steps with it; those the hint differs from */
  int later, found_later;      /* steps of later techniques; those it found something at */
} path_tech;

/* Replay HoDoKu's /vp paths (SK_SHARED/data/hodoku/hodoku-paths-SET.txt:
** "#n puzzle Level (score)", then a line per step, indented by three
** blanks), the steps' arg names from hodoku-ratings-SET.tsv.  Before each
** step, every technique of pt[] that HoDoKu tries before the step's own
** must find nothing, and at a step of its own its first hint must be
** HoDoKu's step: the text before " => " and the eliminations (counted in
** pt[], the first few differences printed).  Returns the steps replayed;
** -1 when the files are not there. */
int replay_hodoku_paths(const char *set, path_tech *pt, int npt);

#endif
