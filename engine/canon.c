/*
** canon.c -- transformations of puzzles and grids, and the canonical
** (minlex) form: the least isomorph in row-major order, 0 below 1..9.
**
** {====== How the canonical form is found
**
** The output is built one row at a time.  A search state is a partial
** transformation: transposed or not, the input rows chosen for the output
** rows so far (a band's three output rows come from one input band), the
** stack order, and for the columns an ordered partition: each output
** stack is split into blocks of consecutive positions, and the input
** columns of a block may still come in any order (at the start each stack
** is one block of three).  Digits get labels 1, 2, 3, ... in the order
** they first appear in the output.
**
** The least value of an output row, for a state and an input row, is
** fixed block by block: the block's empty cells first, then its digits
** that already have a label, in label order, then the digits without one,
** which take the next labels (no digit appears twice in a row).  Only the
** order of those new digits inside a block is open: it does not change
** this row, but it does change the labels and so the later rows, so each
** order becomes a state of its own.  Every state and every input row that
** may come next are tried; the states giving the least row are kept (all
** of them: ties are resolved by later rows), the others dropped.  After
** nine rows the kept states are the transformations that reach the
** canonical form.  The twelve starting states are the two orientations
** times the six stack orders.
**
** A complete grid has no empty cell, and its first row would split into
** 6^3 orders in each of 108 states.  There the first two rows are made
** at once: the first output row is always 123456789 (a digit's label is
** the position of its column), so the second row's value at position p is
** 1 + the position given to the column where the first row holds the
** digit the second row has under p.  Positions are filled left to right;
** that column is placed at the earliest free position its stack allows
** (any other place gives a larger value at p), and only the choice of a
** column for a position not yet filled branches.  The rows from the third
** on are then made as for puzzles, every column and label being fixed.
** }======
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sk_canon.h"

/* {====== transformations */

static const uint8_t perm3[6][3] = {
  {0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}
};

void sk_transform_identity(sk_transform *t) {
  t->transpose = 0;
  for (int i = 0; i < 9; i++) t->row[i] = t->col[i] = (uint8_t)i;
  for (int d = 0; d <= 9; d++) t->digit[d] = (uint8_t)d;
}

static int lines_valid(const uint8_t m[9]) {
  unsigned seen = 0;
  for (int b = 0; b < 3; b++) {
    int band = m[3 * b] / 3;
    for (int i = 0; i < 3; i++) {
      if (m[3 * b + i] > 8 || m[3 * b + i] / 3 != band) return 0;
      seen |= 1u << m[3 * b + i];
    }
  }
  return seen == 0x1FF;
}

int sk_transform_valid(const sk_transform *t) {
  unsigned seen = 0;
  if (t->transpose > 1 || t->digit[0] != 0) return 0;
  for (int d = 1; d <= 9; d++) {
    if (t->digit[d] < 1 || t->digit[d] > 9) return 0;
    seen |= 1u << t->digit[d];
  }
  return seen == 0x3FE && lines_valid(t->row) && lines_valid(t->col);
}

void sk_transform_apply(const sk_transform *t, const uint8_t in[SK_CELLS], uint8_t out[SK_CELLS]) {
  for (int r = 0; r < 9; r++)
    for (int c = 0; c < 9; c++) {
      int cell = t->transpose ? 9 * t->col[c] + t->row[r] : 9 * t->row[r] + t->col[c];
      out[9 * r + c] = t->digit[in[cell]];
    }
}

static void random_lines(sk_rng *r, uint8_t m[9]) {
  const uint8_t *outer = perm3[sk_rng_below(r, 6)];
  for (int b = 0; b < 3; b++) {
    const uint8_t *inner = perm3[sk_rng_below(r, 6)];
    for (int i = 0; i < 3; i++) m[3 * b + i] = (uint8_t)(3 * outer[b] + inner[i]);
  }
}

void sk_transform_random(sk_rng *r, sk_transform *t) {
  t->transpose = (uint8_t)sk_rng_below(r, 2);
  random_lines(r, t->row);
  random_lines(r, t->col);
  t->digit[0] = 0;
  for (int d = 1; d <= 9; d++) t->digit[d] = (uint8_t)d;
  for (int d = 9; d > 1; d--) {                      /* Fisher-Yates */
    int k = 1 + (int)sk_rng_below(r, (uint32_t)d);
    uint8_t x = t->digit[d]; t->digit[d] = t->digit[k]; t->digit[k] = x;
  }
}

static void decode_lines(uint32_t *k, uint8_t m[9]) {
  const uint8_t *outer = perm3[*k % 6]; *k /= 6;
  for (int b = 0; b < 3; b++, *k /= 6)
    for (int i = 0; i < 3; i++) m[3 * b + i] = (uint8_t)(3 * outer[b] + perm3[*k % 6][i]);
}

void sk_transform_geometry(uint32_t k, sk_transform *t) {
  sk_transform_identity(t);
  t->transpose = (uint8_t)(k % 2);
  k /= 2;
  decode_lines(&k, t->row);
  decode_lines(&k, t->col);
}

static int parse_nine(const char *s, size_t n, uint8_t out[9], int base) {
  if (n != 9) return -1;
  for (int i = 0; i < 9; i++) {
    if (s[i] < '1' || s[i] > '9') return -1;
    out[i] = (uint8_t)(s[i] - '1' + base);
  }
  return 0;
}

int sk_transform_parse(const char *spec, sk_transform *t, sk_error *err) {
  sk_transform_identity(t);
  const char *p = spec;
  while (p && *p) {
    const char *e = strchr(p, ',');
    size_t n = e ? (size_t)(e - p) : strlen(p);
    int bad = 0;
    if (n == 9 && !strncmp(p, "transpose", 9)) t->transpose = 1;
    else if (n > 5 && !strncmp(p, "rows=", 5)) bad = parse_nine(p + 5, n - 5, t->row, 0);
    else if (n > 5 && !strncmp(p, "cols=", 5)) bad = parse_nine(p + 5, n - 5, t->col, 0);
    else if (n > 7 && !strncmp(p, "digits=", 7)) bad = parse_nine(p + 7, n - 7, t->digit + 1, 1);
    else bad = -1;
    if (bad) {
      sk_error_set(err, "transform '%.*s': expected transpose, rows=R1..R9, cols=C1..C9 or "
                   "digits=D1..D9 (nine digits 1-9)", (int)n, p);
      return -1;
    }
    p = e ? e + 1 : NULL;
  }
  if (!sk_transform_valid(t)) {
    sk_error_set(err, "transform '%s' is not one: rows and cols must keep bands and stacks "
                 "(each group of three from one of 123, 456, 789), and digits be a permutation",
                 spec);
    return -1;
  }
  return 0;
}

void sk_transform_format(const sk_transform *t, char *buf, size_t size) {
  char r[10], c[10], d[10];
  for (int i = 0; i < 9; i++) {
    r[i] = (char)('1' + t->row[i]);
    c[i] = (char)('1' + t->col[i]);
    d[i] = (char)('0' + t->digit[i + 1]);
  }
  r[9] = c[9] = d[9] = 0;
  snprintf(buf, size, "%srows=%s,cols=%s,digits=%s", t->transpose ? "transpose," : "", r, c, d);
}

/* }====== */

/* {====== the search */

typedef struct cstate {
  uint8_t t;          /* transposed */
  uint8_t bands;      /* input bands used, bit b */
  uint8_t next;       /* next label */
  uint16_t bstart;    /* bit p: a column block starts at output position p */
  uint8_t rows[9];    /* input row of each output row made */
  uint8_t col[9];     /* input column at each output position (blocks: any order) */
  uint8_t lab[10];    /* label of each digit, 0 = none yet */
} cstate;

typedef struct front {
  cstate *s;
  size_t n, cap;
} front;

static int front_push(front *f, const cstate *s) {
  if (f->n == f->cap) {
    size_t cap = f->cap ? 2 * f->cap : 256;
    cstate *p = realloc(f->s, cap * sizeof *p);
    if (!p) return -1;
    f->s = p, f->cap = cap;
  }
  f->s[f->n++] = *s;
  return 0;
}

typedef struct search {
  uint8_t src[2][SK_CELLS];  /* the input and its transpose */
  front cur, nxt;
  uint8_t best[9];           /* least row so far at this level */
  int have_best;
  int oom;
} search;

/* Value of output row for state s and input row r. */
static void row_value(const search *S, const cstate *s, int r, uint8_t v[9]) {
  const uint8_t *R = S->src[s->t] + 9 * r;
  int next = s->next;
  unsigned bs = s->bstart | 0x200u;
  for (int p = 0; p < 9; ) {
    int e = p + 1;
    while (!(bs >> e & 1)) e++;
    int z = 0, nl = 0, u = 0;
    uint8_t labs[3];
    for (int q = p; q < e; q++) {
      int d = R[s->col[q]];
      if (!d) z++;
      else if (s->lab[d]) {               /* insertion sort, at most 3 */
        int l = s->lab[d], k = nl++;
        while (k > 0 && labs[k - 1] > l) { labs[k] = labs[k - 1]; k--; }
        labs[k] = (uint8_t)l;
      } else u++;
    }
    int q = p;
    while (z--) v[q++] = 0;
    for (int k = 0; k < nl; k++) v[q++] = labs[k];
    while (u--) v[q++] = (uint8_t)next++;
    p = e;
  }
}

/* The states that s and input row r give, every order of each block's
** new digits, pushed onto S->nxt. */
static void expand(search *S, const cstate *s, int r, int level) {
  const uint8_t *R = S->src[s->t] + 9 * r;
  cstate n = *s;
  n.rows[level] = (uint8_t)r;
  n.bands |= (uint8_t)(1u << (r / 3));
  n.bstart = 0;
  /* per block: zeros as one block, labelled in order, then the new ones */
  uint8_t newc[9][3];                   /* up to nine blocks */
  int nnew[9], newpos[9], nblk = 0;
  unsigned bs = s->bstart | 0x200u;
  int next = s->next;
  for (int p = 0; p < 9; ) {
    int e = p + 1;
    while (!(bs >> e & 1)) e++;
    uint8_t zc[3], lc[3], ll[3], uc[3];
    int z = 0, nl = 0, u = 0;
    for (int q = p; q < e; q++) {
      int c = s->col[q], d = R[c];
      if (!d) zc[z++] = (uint8_t)c;
      else if (s->lab[d]) {
        int l = s->lab[d], k = nl++;
        while (k > 0 && ll[k - 1] > l) { ll[k] = ll[k - 1]; lc[k] = lc[k - 1]; k--; }
        ll[k] = (uint8_t)l, lc[k] = (uint8_t)c;
      } else uc[u++] = (uint8_t)c;
    }
    int q = p;
    if (z) { n.bstart |= (uint16_t)(1u << q); for (int k = 0; k < z; k++) n.col[q++] = zc[k]; }
    for (int k = 0; k < nl; k++) { n.bstart |= (uint16_t)(1u << q); n.col[q++] = lc[k]; }
    if (u) {
      for (int k = 0; k < u; k++) { n.bstart |= (uint16_t)(1u << (q + k)); newc[nblk][k] = uc[k]; }
      newpos[nblk] = q, nnew[nblk] = u, nblk++;
      q += u;
      next += u;
    }
    p = e;
  }
  n.next = (uint8_t)next;
  /* every combination of orders of the new digits' blocks */
  int idx[9] = {0};
  static const uint8_t orders[4][6][3] = {
    {{0}}, {{0}}, {{0, 1}, {1, 0}},
    {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
  };
  static const int nord[4] = {1, 1, 2, 6};
  for (;;) {
    int label = s->next;
    for (int b = 0; b < nblk; b++)
      for (int k = 0; k < nnew[b]; k++) {
        int c = newc[b][orders[nnew[b]][idx[b]][k]];
        n.col[newpos[b] + k] = (uint8_t)c;
        n.lab[R[c]] = (uint8_t)label++;
      }
    if (front_push(&S->nxt, &n)) { S->oom = 1; return; }
    int b = 0;
    while (b < nblk && ++idx[b] == nord[nnew[b]]) idx[b++] = 0;
    if (b == nblk) break;
  }
}

/* Offer state s with input row r at output row `level`. */
static void offer(search *S, const cstate *s, int r, int level) {
  uint8_t v[9];
  row_value(S, s, r, v);
  int c = S->have_best ? memcmp(v, S->best, 9) : -1;
  if (c > 0) return;
  if (c < 0) { memcpy(S->best, v, 9); S->have_best = 1; S->nxt.n = 0; }
  expand(S, s, r, level);
}

static void step_rows(search *S, int level) {
  S->nxt.n = 0;
  S->have_best = 0;
  for (size_t i = 0; i < S->cur.n && !S->oom; i++) {
    const cstate *s = &S->cur.s[i];
    if (level % 3 == 0) {
      for (int b = 0; b < 3; b++)
        if (!(s->bands >> b & 1))
          for (int k = 0; k < 3; k++) offer(S, s, 3 * b + k, level);
    } else {
      int band = s->rows[level - 1] / 3;
      for (int k = 0; k < 3; k++) {
        int r = 3 * band + k, used = 0;
        for (int j = level - level % 3; j < level; j++) used |= s->rows[j] == r;
        if (!used) offer(S, s, r, level);
      }
    }
  }
  front t = S->cur; S->cur = S->nxt; S->nxt = t;
}

/* {====== complete grids: the first two rows at once */

typedef struct g2 {
  int8_t pos[9];       /* output position of each input column, -1 free */
  uint8_t col[9];      /* input column at each output position */
  int8_t blk[3];       /* output stack of each input stack, -1 none */
  uint16_t filled;     /* output positions with a column */
  uint8_t blocks;      /* output stacks given to an input stack */
  uint8_t v[9];
} g2;

static void grid_two_rows(search *S, const cstate *base, const uint8_t *R0, const uint8_t *R1,
                          const int *pi, g2 *g, int p, int r0, int r1);

static inline void put_col(g2 *g, int c, int q) {
  g->pos[c] = (int8_t)q, g->col[q] = (uint8_t)c;
  g->filled |= (uint16_t)(1u << q);
}

/* Place input column c at the earliest free position of its stack's
** output block (giving the stack the next free block when it has none).
** Returns the position. */
static int place_early(g2 *g, int c) {
  int st = c / 3;
  if (g->blk[st] < 0) {
    int b = __builtin_ctz(~(unsigned)g->blocks);
    g->blk[st] = (int8_t)b;
    g->blocks |= (uint8_t)(1u << b);
  }
  unsigned free3 = ~((unsigned)g->filled >> (3 * g->blk[st])) & 7u;
  int q = 3 * g->blk[st] + __builtin_ctz(free3);   /* a stack has three places */
  put_col(g, c, q);
  return q;
}

static void grid_leaf(search *S, const cstate *base, const uint8_t *R0, const g2 *g, int r0,
                      int r1) {
  int c = S->have_best ? memcmp(g->v, S->best, 9) : -1;
  if (c > 0) return;
  if (c < 0) { memcpy(S->best, g->v, 9); S->have_best = 1; S->nxt.n = 0; }
  cstate n = *base;
  n.rows[0] = (uint8_t)r0, n.rows[1] = (uint8_t)r1;
  n.bands = (uint8_t)(1u << (r0 / 3));
  n.bstart = 0x1FF;
  n.next = 10;
  for (int q = 0; q < 9; q++) {
    n.col[q] = g->col[q];
    n.lab[R0[g->col[q]]] = (uint8_t)(q + 1);
  }
  if (front_push(&S->nxt, &n)) S->oom = 1;
}

/* Fill output position p of the second row (every earlier one is set). */
static void grid_two_rows(search *S, const cstate *base, const uint8_t *R0, const uint8_t *R1,
                          const int *pi, g2 *g, int p, int r0, int r1) {
  if (S->oom) return;
  if (p == 9) { grid_leaf(S, base, R0, g, r0, r1); return; }
  /* prune: the values so far against the best second row */
  if (S->have_best)
    for (int k = 0; k < p; k++) {
      if (g->v[k] < S->best[k]) break;
      if (g->v[k] > S->best[k]) return;
    }
  if (g->filled >> p & 1) {
    g2 h = *g;
    int img = pi[g->col[p]];
    int q = h.pos[img] >= 0 ? h.pos[img] : place_early(&h, img);
    h.v[p] = (uint8_t)(q + 1);
    grid_two_rows(S, base, R0, R1, pi, &h, p + 1, r0, r1);
    return;
  }
  /* choose the column for position p: of the stack owning its block, or,
  ** when p opens a block no stack owns, of any stack without a block */
  int blk = p / 3;
  int owner = -1;
  for (int st = 0; st < 3; st++) if (g->blk[st] == blk) owner = st;
  for (int c = 0; c < 9; c++) {
    if (g->pos[c] >= 0) continue;
    int st = c / 3;
    if (owner >= 0 ? st != owner : g->blk[st] >= 0) continue;
    g2 h = *g;
    if (owner < 0) { h.blk[st] = (int8_t)blk; h.blocks |= (uint8_t)(1u << blk); }
    put_col(&h, c, p);
    int img = pi[c];
    int q = h.pos[img] >= 0 ? h.pos[img] : place_early(&h, img);
    h.v[p] = (uint8_t)(q + 1);
    grid_two_rows(S, base, R0, R1, pi, &h, p + 1, r0, r1);
  }
}

static void grid_start(search *S) {
  S->nxt.n = 0;
  S->have_best = 0;
  cstate base;
  memset(&base, 0, sizeof base);
  for (int t = 0; t < 2; t++)
    for (int r0 = 0; r0 < 9; r0++)
      for (int k = 0; k < 3; k++) {
        int r1 = 3 * (r0 / 3) + k;
        if (r1 == r0) continue;
        const uint8_t *R0 = S->src[t] + 9 * r0, *R1 = S->src[t] + 9 * r1;
        int where[10], pi[9];
        for (int c = 0; c < 9; c++) where[R0[c]] = c;
        for (int c = 0; c < 9; c++) pi[c] = where[R1[c]];
        g2 g;
        memset(&g, 0, sizeof g);
        memset(g.pos, -1, sizeof g.pos);
        memset(g.blk, -1, sizeof g.blk);
        base.t = (uint8_t)t;
        grid_two_rows(S, &base, R0, R1, pi, &g, 0, r0, r1);
      }
  front t = S->cur; S->cur = S->nxt; S->nxt = t;
}

/* }====== */

static int consistent(const uint8_t in[SK_CELLS], int *full) {
  int n = 0;
  for (int h = 0; h < 27; h++) {
    unsigned seen = 0;
    for (int k = 0; k < 9; k++) {
      int cell = h < 9 ? 9 * h + k : h < 18 ? 9 * k + (h - 9)
               : 27 * ((h - 18) / 3) + 3 * ((h - 18) % 3) + 9 * (k / 3) + k % 3;
      int d = in[cell];
      if (d > 9) return 0;
      if (!d) continue;
      if (seen >> d & 1) return 0;
      seen |= 1u << d;
      if (h < 9) n++;
    }
  }
  *full = n == SK_CELLS;
  return 1;
}

int sk_canon(const uint8_t in[SK_CELLS], uint8_t out[SK_CELLS], sk_transform *how) {
  int full;
  if (!consistent(in, &full)) return -1;
  search S;
  memset(&S, 0, sizeof S);
  for (int r = 0; r < 9; r++)
    for (int c = 0; c < 9; c++) {
      S.src[0][9 * r + c] = in[9 * r + c];
      S.src[1][9 * r + c] = in[9 * c + r];
    }
  int level = 0;
  if (full) {
    grid_start(&S);
    /* the second row is S.best; the first is 123456789 */
    for (int c = 0; c < 9; c++) out[9 + c] = S.best[c], out[c] = (uint8_t)(c + 1);
    level = 2;
  } else {
    for (int t = 0; t < 2; t++)
      for (int k = 0; k < 6; k++) {
        cstate s;
        memset(&s, 0, sizeof s);
        s.t = (uint8_t)t;
        s.next = 1;
        s.bstart = 0x49;                       /* blocks at 0, 3, 6 */
        for (int b = 0; b < 3; b++)
          for (int i = 0; i < 3; i++) s.col[3 * b + i] = (uint8_t)(3 * perm3[k][b] + i);
        if (front_push(&S.cur, &s)) S.oom = 1;
      }
  }
  for (; level < 9 && !S.oom; level++) {
    step_rows(&S, level);
    memcpy(out + 9 * level, S.best, 9);
  }
  int rc = 0;
  if (S.oom || S.cur.n == 0) rc = -1;
  else if (how) {
    const cstate *s = &S.cur.s[0];
    how->transpose = s->t;
    memcpy(how->row, s->rows, 9);
    memcpy(how->col, s->col, 9);
    int next = s->next;
    how->digit[0] = 0;
    for (int d = 1; d <= 9; d++) how->digit[d] = s->lab[d] ? s->lab[d] : (uint8_t)next++;
  }
  free(S.cur.s);
  free(S.nxt.s);
  return rc;
}

/* }====== */

/* {====== brute force (tests) */

int sk_canon_brute(const uint8_t in[SK_CELLS], uint8_t out[SK_CELLS], unsigned long *ties) {
  int full;
  if (!consistent(in, &full)) return -1;
  uint8_t best[SK_CELLS];
  unsigned long n = 0;
  int have = 0;
  for (uint32_t k = 0; k < 3359232u; k++) {
    sk_transform t;
    sk_transform_geometry(k, &t);
    uint8_t lab[10] = {0};
    int next = 1, cmp = have ? 0 : -1;
    for (int i = 0; i < SK_CELLS; i++) {
      int r = i / 9, c = i % 9;
      int cell = t.transpose ? 9 * t.col[c] + t.row[r] : 9 * t.row[r] + t.col[c];
      int d = in[cell];
      int v = d ? (lab[d] ? lab[d] : (lab[d] = (uint8_t)next++)) : 0;
      if (cmp == 0) {
        if (v > best[i]) { cmp = 1; break; }
        if (v < best[i]) cmp = -1;
      }
      if (cmp < 0) best[i] = (uint8_t)v;
    }
    if (cmp < 0) { have = 1; n = 1; }
    else if (cmp == 0) n++;
  }
  memcpy(out, best, SK_CELLS);
  if (ties) *ties = n;
  return 0;
}

/* }====== */

/* {====== sets of canonical forms: open addressing over packed forms
** (two cells a byte), FNV-1a hashes, doubled at half full */

#define KEY_BYTES 41

struct sk_canon_set {
  uint8_t *keys;      /* cap * KEY_BYTES */
  uint8_t *used;
  size_t cap, n;
};

static void pack(const uint8_t form[SK_CELLS], uint8_t k[KEY_BYTES]) {
  for (int i = 0; i < KEY_BYTES; i++)
    k[i] = (uint8_t)(form[2 * i] | (2 * i + 1 < SK_CELLS ? form[2 * i + 1] << 4 : 0));
}

static uint64_t key_hash(const uint8_t k[KEY_BYTES]) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (int i = 0; i < KEY_BYTES; i++) h = (h ^ k[i]) * 0x100000001b3ULL;
  return h ^ (h >> 29);
}

static size_t set_find(const sk_canon_set *s, const uint8_t k[KEY_BYTES], int *found) {
  size_t i = (size_t)key_hash(k) & (s->cap - 1);
  while (s->used[i]) {
    if (!memcmp(s->keys + i * KEY_BYTES, k, KEY_BYTES)) { *found = 1; return i; }
    i = (i + 1) & (s->cap - 1);
  }
  *found = 0;
  return i;
}

sk_canon_set *sk_canon_set_new(void) {
  sk_canon_set *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->cap = 1024;
  s->keys = malloc(s->cap * KEY_BYTES);
  s->used = calloc(s->cap, 1);
  if (!s->keys || !s->used) { sk_canon_set_free(s); return NULL; }
  return s;
}

void sk_canon_set_free(sk_canon_set *s) {
  if (!s) return;
  free(s->keys);
  free(s->used);
  free(s);
}

static int set_grow(sk_canon_set *s) {
  sk_canon_set t = {0};
  t.cap = 2 * s->cap;
  t.keys = malloc(t.cap * KEY_BYTES);
  t.used = calloc(t.cap, 1);
  if (!t.keys || !t.used) { free(t.keys); free(t.used); return -1; }
  for (size_t i = 0; i < s->cap; i++)
    if (s->used[i]) {
      int found;
      size_t j = set_find(&t, s->keys + i * KEY_BYTES, &found);
      memcpy(t.keys + j * KEY_BYTES, s->keys + i * KEY_BYTES, KEY_BYTES);
      t.used[j] = 1;
    }
  free(s->keys);
  free(s->used);
  s->keys = t.keys, s->used = t.used, s->cap = t.cap;
  return 0;
}

int sk_canon_set_add(sk_canon_set *s, const uint8_t form[SK_CELLS]) {
  uint8_t k[KEY_BYTES];
  int found;
  pack(form, k);
  if (2 * (s->n + 1) > s->cap && set_grow(s)) return -1;
  size_t i = set_find(s, k, &found);
  if (found) return 0;
  memcpy(s->keys + i * KEY_BYTES, k, KEY_BYTES);
  s->used[i] = 1;
  s->n++;
  return 1;
}

int sk_canon_set_has(const sk_canon_set *s, const uint8_t form[SK_CELLS]) {
  uint8_t k[KEY_BYTES];
  int found;
  pack(form, k);
  set_find(s, k, &found);
  return found;
}

size_t sk_canon_set_count(const sk_canon_set *s) { return s->n; }

/* }====== */
