/*
** sk_canon.h -- isomorphs of a puzzle or grid and their canonical form.
**
** Two puzzles are isomorphic (essentially the same) when one becomes the
** other by a transformation that keeps the rules: transposition, a
** permutation of the bands and of the rows inside each band, of the stacks
** and of the columns inside each stack (2 * 6^8 = 3,359,232 geometric maps
** in all), and a relabelling of the digits (9!).
**
** The canonical form of a puzzle is the least of all its isomorphs,
** comparing the 81 values in row-major order (0 for an empty cell, so an
** empty cell is less than any digit): the usual "minlex" form.  For a
** complete grid it starts 123456789.  Isomorphic puzzles, and only they,
** share a canonical form.
*/
#ifndef SK_CANON_H
#define SK_CANON_H

#include <stdint.h>
#include "sk_grid.h"
#include "sk_gen.h"
#include "sk_error.h"

/* out(R, C) = digit[ src(row[R], col[C]) ], where src is the input, or
** its transpose (src(r, c) = in(c, r)) when transpose is set.  row[]
** keeps the bands (rows 3b..3b+2 of the output come from one band of
** src), col[] the stacks; digit[0] is 0 and digit[1..9] a permutation. */
typedef struct sk_transform {
  uint8_t transpose;
  uint8_t row[9], col[9];
  uint8_t digit[10];
} sk_transform;

void sk_transform_identity(sk_transform *t);
/* 1 when t is one of the 2 * 6^8 * 9! transformations. */
int sk_transform_valid(const sk_transform *t);
void sk_transform_apply(const sk_transform *t, const uint8_t in[SK_CELLS], uint8_t out[SK_CELLS]);
/* A uniformly random transformation. */
void sk_transform_random(sk_rng *r, sk_transform *t);
/* The geometric map number k (0 <= k < 3,359,232) with identity digits. */
void sk_transform_geometry(uint32_t k, sk_transform *t);

/* A transformation from text: comma-separated items, each optional --
** "transpose", "rows=R1..R9", "cols=C1..C9" (output row i takes input
** row R_i, 1-based), "digits=D1..D9" (digit d becomes D_d).  The result
** must be valid.  0, or -1 with err set. */
int sk_transform_parse(const char *spec, sk_transform *t, sk_error *err);
/* The same text for t (at least 64 bytes). */
void sk_transform_format(const sk_transform *t, char *buf, size_t size);

/* The canonical form of in (values 0..9, no digit twice in a row, column
** or box; a complete grid when all 81 are set).  how, when not NULL,
** gets a transformation with sk_transform_apply(how, in) == out.
** Returns 0, or -1 when in breaks the rules (out is then untouched).
** Thread-safe. */
int sk_canon(const uint8_t in[SK_CELLS], uint8_t out[SK_CELLS], sk_transform *how);

/* The same by brute force over all 3,359,232 geometric maps (each with
** its least relabelling): slow (tens of milliseconds), for tests.  Also
** counts the maps that reach the form (ties: for a complete grid, its
** automorphism count). */
int sk_canon_brute(const uint8_t in[SK_CELLS], uint8_t out[SK_CELLS], unsigned long *ties);

/* {====== sets of canonical forms (not thread-safe: the caller locks) */

typedef struct sk_canon_set sk_canon_set;
sk_canon_set *sk_canon_set_new(void);           /* NULL when out of memory */
void sk_canon_set_free(sk_canon_set *s);
/* Add form (81 values 0..9): 1 when it was new, 0 when already there,
** -1 when out of memory. */
int sk_canon_set_add(sk_canon_set *s, const uint8_t form[SK_CELLS]);
int sk_canon_set_has(const sk_canon_set *s, const uint8_t form[SK_CELLS]);
size_t sk_canon_set_count(const sk_canon_set *s);

/* }====== */

#endif
