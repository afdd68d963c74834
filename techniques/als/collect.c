/*
** collect.c -- the almost locked sets of a grid and their restricted
** commons, as HoDoKu 2.2.0 collects them (SudokuStepFinder.getAlses and
** getRestrictedCommons), and HoDoKu's printing of cells and sets.
**
** ALS: houses in HoDoKu's order (rows 1-9, columns 1-9, blocks 1-9); in
** each, the subsets of its empty cells in depth-first order over the cells
** ascending ({1} {1,2} {1,2,3} ... {1,3} ... {2} ...), up to 8 cells; a
** subset of n cells holding n + 1 candidates is an ALS (a bivalue cell is
** one), kept the first time its cells are seen.  The list's order is the
** order every ALS search walks, so it is HoDoKu's.
**
** Restricted commons: for each ALS i in list order, each ALS j (j > i
** when forward, else every j != i): ALS that share cells are skipped
** unless overlap is allowed; a digit common to both whose cells in the two
** sets avoid their overlap and all see each other is an RC.  The first
** such digit makes the RC, the next is its second digit.
**
** The data hangs on the rating step (host->set_aux), so that the four
** techniques tried on one grid collect it once; the RCs are redone when a
** technique asks for another (overlap, forward) setting.
*/
#include <stdlib.h>
#include <string.h>
#include "als.h"
#include "sk_geometry.h"

static const char als_key = 0;   /* the step cache's key: its address */

sk_bits als_common_peers(sk_bits b) {
  sk_bits r = {{~(uint64_t)0, ((uint64_t)1 << (SK_CELLS - 64)) - 1}};
  for (int c; (c = sk_bits_pop(&b)) >= 0; ) r = sk_bits_and(r, sk_peer_bits[c]);
  return r;
}

/* ---- ALS ---- */

typedef struct builder {
  als_data *d;
  const sk_grid *g;
  uint32_t *hash;          /* open addressing: 0 empty, else index + 1 */
  uint32_t hcap;
  int fail;
} builder;

static uint32_t hash_bits(sk_bits b) {
  uint64_t x = b.w[0] * 0x9E3779B97F4A7C15ull ^ (b.w[1] + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;
  x ^= x >> 29;
  return (uint32_t)(x ^ (x >> 32));
}

static int rehash(builder *b, uint32_t cap) {
  uint32_t *h = calloc(cap, sizeof *h);
  if (!h) return -1;
  for (int i = 0; i < b->d->nals; i++) {
    uint32_t k = hash_bits(b->d->als[i].cells) & (cap - 1);
    while (h[k]) k = (k + 1) & (cap - 1);
    h[k] = (uint32_t)i + 1;
  }
  free(b->hash);
  b->hash = h;
  b->hcap = cap;
  return 0;
}

static void add_als(builder *b, sk_bits cells, sk_mask cand, int n) {
  als_data *d = b->d;
  if (b->fail) return;
  if ((uint32_t)(d->nals + 1) * 2 > b->hcap && rehash(b, b->hcap ? 2 * b->hcap : 1024)) {
    b->fail = 1;
    return;
  }
  uint32_t k = hash_bits(cells) & (b->hcap - 1);
  for (; b->hash[k]; k = (k + 1) & (b->hcap - 1))
    if (sk_bits_equal(d->als[b->hash[k] - 1].cells, cells)) return;
  if (d->nals == d->cap) {
    int cap = d->cap ? 2 * d->cap : 256;
    als_set *p = realloc(d->als, (size_t)cap * sizeof *p);
    if (!p) { b->fail = 1; return; }
    d->als = p, d->cap = cap;
  }
  als_set *a = &d->als[d->nals];
  b->hash[k] = (uint32_t)d->nals + 1;
  d->nals++;
  memset(a, 0, sizeof *a);
  a->cells = cells;
  a->cand = cand;
  a->ncells = n;
  for (int dg = 1; dg <= 9; dg++) {
    if (!(cand & SK_BIT(dg))) continue;
    sk_bits in = sk_bits_and(cells, b->g->dcells[dg - 1]);
    a->dcells[dg] = in;
    a->dbuddies[dg] = sk_bits_and(sk_bits_andnot(als_common_peers(in), cells), b->g->dcells[dg - 1]);
    a->buddies = sk_bits_or(a->buddies, a->dbuddies[dg]);
  }
}

/* depth-first over the house's cells from position at */
static void house_sets(builder *b, const uint8_t *hc, int at, int n, sk_bits cells, sk_mask cand) {
  if (++n > 8) return;
  for (int i = at; i < 9; i++) {
    int c = hc[i];
    if (b->g->value[c]) continue;
    sk_bits c2 = cells;
    sk_bits_set(&c2, c);
    sk_mask m = (sk_mask)(cand | b->g->cand[c]);
    if (als_bits9(m) - n == 1) add_als(b, c2, m, n);
    house_sets(b, hc, i + 1, n, c2, m);
  }
}

/* NULL when memory runs out or the engine's budget stops it (asked at
** each house) */
static als_data *collect_als(const sk_search *s, const sk_grid *g) {
  als_data *d = calloc(1, sizeof *d);
  if (!d) return NULL;
  builder b = {d, g, NULL, 0, 0};
  for (int h = 0; h < SK_HOUSES && !b.fail; h++) {
    if (s->host->should_stop(s)) { b.fail = 1; break; }
    house_sets(&b, sk_house_cell[h], 0, 0, (sk_bits){{0, 0}}, 0);
  }
  free(b.hash);
  if (b.fail) { als_data_free(d); return NULL; }
  return d;
}

/* ---- restricted commons ---- */

/* For ALS i, only the ALS j holding a cell among i's buddies can share an
** RC with it (an RC digit's cells in j see all of its cells in i and are
** not in i): per cell, the set of ALS holding it (a bit per ALS), and
** their union over i's buddies gives the j to look at, ascending, as the
** plain double loop meets them.  -1 when memory runs out or the engine's
** budget stops it (asked every 64 ALS: a contrived grid can hold 13,000
** ALS and so 10^8 pairs). */
static int collect_rcs(const sk_search *s, als_data *d, int overlap, int forward) {
  d->rc_valid = 0;
  d->nrc = 0;
  free(d->start), free(d->end);
  d->start = malloc((size_t)(d->nals + 1) * sizeof *d->start);
  d->end = malloc((size_t)(d->nals + 1) * sizeof *d->end);
  int words = (d->nals + 63) / 64;
  uint64_t *in_cell = calloc((size_t)SK_CELLS * (size_t)(words ? words : 1), sizeof *in_cell);
  uint64_t *cand = malloc((size_t)(words ? words : 1) * sizeof *cand);
  if (!d->start || !d->end || !in_cell || !cand) {
    free(in_cell), free(cand);
    return -1;
  }
  for (int i = 0; i < d->nals; i++) {
    sk_bits b = d->als[i].cells;
    for (int c; (c = sk_bits_pop(&b)) >= 0; ) in_cell[(size_t)c * words + i / 64] |= 1ull << (i % 64);
  }
  for (int i = 0; i < d->nals; i++) {
    if ((i & 63) == 0 && s->host->should_stop(s)) {
      free(in_cell), free(cand);
      return -1;
    }
    const als_set *x = &d->als[i];
    d->start[i] = d->nrc;
    memset(cand, 0, (size_t)words * sizeof *cand);
    sk_bits bud = x->buddies;
    for (int c; (c = sk_bits_pop(&bud)) >= 0; ) {
      const uint64_t *row = in_cell + (size_t)c * words;
      for (int w = 0; w < words; w++) cand[w] |= row[w];
    }
    int from = forward ? i + 1 : 0;
    for (int w = from / 64; w < words; w++) {
      uint64_t bits = cand[w];
      if (w == from / 64) bits &= ~0ull << (from % 64);
      for (; bits; bits &= bits - 1) {
        int j = w * 64 + __builtin_ctzll(bits);
        if (i == j) continue;
        const als_set *y = &d->als[j];
        sk_bits inter = sk_bits_and(x->cells, y->cells);
        if (!overlap && !sk_bits_empty(inter)) continue;
        sk_mask common = (sk_mask)(x->cand & y->cand);
        int n = 0;
        for (sk_mask m = common; m; m &= (sk_mask)(m - 1)) {
          int dg = sk_mask_first(m);
          sk_bits where = sk_bits_or(x->dcells[dg], y->dcells[dg]);
          if (!sk_bits_empty(sk_bits_and(where, inter))) continue;
          sk_bits see = sk_bits_and(sk_bits_or(x->dbuddies[dg], x->dcells[dg]),
                                    sk_bits_or(y->dbuddies[dg], y->dcells[dg]));
          if (!sk_bits_equal(sk_bits_and(where, see), where)) continue;
          if (n++ == 0) {
            if (d->nrc == d->rccap) {
              int cap = d->rccap ? 2 * d->rccap : 1024;
              als_rc *p = realloc(d->rc, (size_t)cap * sizeof *p);
              if (!p) {
                free(in_cell), free(cand);
                return -1;
              }
              d->rc = p, d->rccap = cap;
            }
            d->rc[d->nrc++] = (als_rc){i, j, (uint8_t)dg, 0, 0};
          } else {
            d->rc[d->nrc - 1].d2 = (uint8_t)dg;
          }
        }
      }
    }
    d->end[i] = d->nrc;
  }
  free(in_cell), free(cand);
  d->rc_overlap = overlap, d->rc_forward = forward, d->rc_valid = 1;
  return 0;
}

/* ---- the cache ---- */

/* A flag in the data tells the destroy callback whether the caller is
** still using it (set_aux destroys at once when there is no step). */
typedef struct als_box {
  als_data d;
  int in_use, orphan;
} als_box;

void als_data_free(void *p) {
  als_data *d = p;
  if (!d) return;
  free(d->als), free(d->rc), free(d->start), free(d->end);
  free(d);
}

static void box_destroy(void *p) {
  als_box *b = p;
  if (b->in_use) { b->orphan = 1; return; }
  als_data_free(&b->d);
}

als_data *als_get(const sk_search *s, int overlap, int forward, int with_rcs, int *own) {
  const sk_host *host = s->host;
  als_box *box = host->get_aux(s, &als_key);
  *own = 0;
  if (!box) {
    als_data *d = collect_als(s, s->grid);
    if (!d) return NULL;
    als_box *nb = realloc(d, sizeof *nb);   /* als_data is the box's first member */
    if (!nb) { als_data_free(d); return NULL; }
    nb->in_use = 1, nb->orphan = 0;
    host->set_aux(s, &als_key, nb, box_destroy);
    nb->in_use = 0;
    if (nb->orphan) *own = 1;
    box = nb;
  }
  als_data *d = &box->d;
  if (with_rcs && (!d->rc_valid || d->rc_overlap != overlap || d->rc_forward != forward) &&
      collect_rcs(s, d, overlap, forward) != 0) {
    d->rc_valid = 0;
    if (*own) als_data_free(d);
    return NULL;
  }
  return d;
}

/* ---- printing ---- */


void als_text_digits(const sk_host *host, sk_hint *h, sk_mask m, int comma) {
  const char *sep = "";
  for (; m; m &= (sk_mask)(m - 1)) {
    host->hint_printf(h, "%s%d", sep, sk_mask_first(m));
    if (comma) sep = ",";
  }
}

void als_text_als(const sk_host *host, sk_hint *h, const als_set *a) {
  sk_text_cells(host, h, a->cells);
  host->hint_printf(h, " {");
  als_text_digits(host, h, a->cand, 0);
  host->hint_printf(h, "}");
}
