/*
** als.h -- what the files of the ALS plugin (techniques/als/) share: the
** almost locked sets of a grid, their restricted commons, and HoDoKu's way
** of printing them.  Names carry the prefix als_ (the folder's objects are
** compiled with hidden visibility; the prefix keeps a static build clean).
*/
#ifndef SK_ALS_H
#define SK_ALS_H

#include <stdint.h>
#include "sk_plugin.h"
#include "../sk_text.h"

/* An almost locked set: n cells of one house holding n + 1 candidates. */
typedef struct als_set {
  sk_bits cells;
  sk_mask cand;
  int ncells;
  sk_bits dcells[10];      /* dcells[d]: its cells holding d */
  sk_bits dbuddies[10];    /* cells outside it holding d that see all of dcells[d] */
  sk_bits buddies;         /* union of dbuddies */
} als_set;

/* A restricted common of ALS a1 -> a2: one or two digits whose cells in
** both sets all see each other (none of them in an overlap).  actual is
** what a chain uses of it (HoDoKu's actualRC: 1 = d1, 2 = d2, 3 = both). */
typedef struct als_rc {
  int a1, a2;
  uint8_t d1, d2;          /* d2 = 0: one digit */
  uint8_t actual;
} als_rc;

/* The ALS of a grid with the restricted commons of one (overlap,
** forward) setting; start[i]..end[i]: the RCs whose a1 is i. */
typedef struct als_data {
  int nals, cap;
  als_set *als;
  int rc_overlap, rc_forward, rc_valid;
  int nrc, rccap;
  als_rc *rc;
  int *start, *end;
} als_data;

/* The grid's ALS (and RCs for the setting), from the step's cache when
** there is one.  NULL when out of memory.  *own is set when the caller
** must free the result with als_data_free (no step to keep it). */
als_data *als_get(const sk_search *s, int overlap, int forward, int with_rcs, int *own);
void als_data_free(void *p);

/* An ALS as HoDoKu prints it ("r1c23 {456}"; its cells by sk_text.h). */
void als_text_als(const sk_host *host, sk_hint *h, const als_set *a);
/* digits of a mask: "4,6" (comma) or "46" */
void als_text_digits(const sk_host *host, sk_hint *h, sk_mask m, int comma);

/* cells seeing every cell of b (common peers; none of b itself) */
sk_bits als_common_peers(sk_bits b);

/* The techniques' searches (xz.c, chain.c, blossom.c, w_wing.c). */
int als_search_xz(const sk_search *s);
int als_search_xy_wing(const sk_search *s);
int als_search_chain(const sk_search *s);
int als_search_blossom(const sk_search *s);
int als_search_w_wing(const sk_search *s);
int als_search_grouped_w_wing(const sk_search *s);

/* bit count of a digit mask */
static inline int als_bits9(unsigned x) {
  x = x - ((x >> 1) & 0x5555u);
  x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
  x = (x + (x >> 4)) & 0x0F0Fu;
  return (int)((x + (x >> 8)) & 0x1Fu);
}

#endif
