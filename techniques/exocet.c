/*
** exocet.c -- junior and senior exocets (Sunnie's JuniorExocet and
** SeniorExocet, with the forum's elimination rules and Sunnie's rule
** variants priced apart).
**
** Written for a band (the base in a mini-row, cross-lines columns); the
** stack version is the same with rows and columns exchanged.
**
** Techniques (ids of the rating table):
**   junior-exocet   base: two empty cells B1, B2 of one mini-row (row r,
**       box X); base digits D = their candidates, 2 to 4 of them.  The
**       two base values x, y are distinct digits of D.  Targets: an empty
**       cell T1 in one of the band's other boxes and T2 in the last one,
**       neither in row r, each holding a digit of D.  Cross-lines: the
**       column of X that holds no base cell, and the columns of T1 and
**       T2.  R: the cells of the cross-lines that do not see both base
**       cells (those outside row r and box X), T1 and T2 left out.
**       Condition: for every base digit d, the cells of R that hold d
**       (as a candidate or a value) can take d at most twice (no three
**       of them pairwise unrelated: computed exactly, which is what the
**       forum's "two cover houses in the S cells" guarantees).
**       Proof: the base value x is in B1 or B2, so no cell seeing both
**       base cells is x; each cross-line holds x once, R at most twice,
**       so T1 or T2 is x; so is y; so {T1, T2} = {B1, B2} as value sets.
**   senior-exocet   the same base; one target T in the band as above
**       (in box Y), the third cross-line any column of the band's last
**       box Z, and the second target E (Sunnie's "endo-target") an empty
**       cell of one of the three cross-lines outside the band, holding a
**       digit of D; R as above with T and E left out.  The same proof
**       gives {T, E} = {B1, B2}.
**   Eliminations, for both (T2 meaning E for a senior exocet):
**     target rule      T1 and T2 lose every digit outside D (Sunnie's
**                      basic elimination, the only one its NormalExocet
**                      step makes);
**     cover rule       a base digit d that R can take at most once would
**                      need both targets: d leaves B1, B2, T1, T2;
**     target cover     a target T holding d would leave the other two
**                      cross-lines to take d twice from the cells of R
**                      that do not see T; when they cannot (the forum's
**                      rule for a base digit with a cross-line as one of
**                      its two cover houses), d leaves T;
**     compatibility    (the forum's base-candidate rule and target-pair
**                      rule, exactly) a candidate of B1, B2, T1 or T2
**                      stays only when some choice of distinct values for
**                      B1, B2 and distinct values for T1, T2, from the
**                      candidates left, has {B1, B2} = {T1, T2}; a base
**                      digit in neither target leaves the base, and so on.
**   The placement test, over the fillings the rules above leave (v1 in
**   B1, v2 in B2, the targets taking them in one order or the other): a
**   base value d is in one base cell and one target, and like every digit
**   once in each row of the band and once in each cross-line, so its
**   "placement" is one cell per band row and one per cross-line, pairwise
**   unrelated, holding d, taking every given d of those cells, its base
**   cell and target among them, the other base cell and target not.  A
**   filling stands only with a placement of v1 and one of v2 sharing no
**   cell.  A cell of the band or the cross-lines is d only when a
**   placement of d takes it; any other cell only when it sees none of the
**   placement's cells.  Every candidate no standing filling with its
**   placements allows goes, named by where it is:
**     incompatibility  a candidate of B1, B2, T1, T2 (the forum's
**                      incompatibility test for base digits, done exactly
**                      in the band and the cross-lines: two base digits
**                      whose placements always meet cannot both be base
**                      values);
**     mirror           (junior exocet, targets in two rows) a cell of a
**                      mirror node: the two cells of T1's mini-line other
**                      than T1 hold T2's value, and those of T2's hold
**                      T1's (the forum's mirror rule: a target keeps only
**                      what its mirror node may hold, a mirror cell that
**                      alone can hold it keeps only those digits);
**     known base digits  a cell seeing both targets or both base cells
**                      (a digit that is a base value in every filling is
**                      in one target and one base cell: the forum's known
**                      base digits, Sunnie's target pair);
**     cross-lines      any other cell: the S cells of a cross-line where
**                      every filling puts a base value, and the cells
**                      seeing every placement's cells on a cross-line (the
**                      forum's cross-line / S-cell occupation rule,
**                      Sunnie's generalized fish).
**   By default a hint gives only the cheapest tier of rules that removes
**   something, as Sunnie's solver makes one step of its first sub-check
**   with conclusions: tier 0 the target, cover, target cover and
**   compatibility rules (Sunnie's base step), tier 1 the mirror (its
**   mirror conjugate pair and adjacent target, +0.1), tier 2 known base
**   digits (target pair, +0.2), tier 3 incompatibility and cross-lines
**   (incompatible pair and generalized fish, +0.3).  The hint text names
**   the rule of each elimination.
**     Not implemented: Sunnie's locked members (base digits given in the
**     cross-lines counted apart), single-cell bases, conjugate-pair targets
**     (three or four target cells), 4-line cross-lines, the senior
**     exocet's true base and mirror rules (what the placement test
**     removes in a senior exocet's band is named cross-lines), and weak,
**     double, Franken and mutant exocets.  Sunnie's incompatible pair is
**     a uniqueness argument; the incompatibility here assumes nothing of
**     the kind.  A hint is emitted only when it eliminates something.
**
** Scan order: Sunnie (ExocetStepSearcher) tries cross-lines along rows
** (bases in mini-columns) before columns, as this file does; within a
** direction it walks line combinations, which we do not reproduce: we go
** by band (stack, for bases in mini-columns), box in it, base mini-line
** in the box, base pair in the mini-line (in increasing cell order), then
** the targets: for junior-exocet T1 in the nearer other box of the band,
** T2 in the farther one, each in increasing order within its box; for
** senior-exocet T (nearer box first), the third cross-line, then E in
** increasing order along the cross-lines.  The two ids are separate
** searches; the table's order decides which is asked first.  A filling
** of base and targets the compatibility rule cannot find means the grid
** has no solution: no hint is given then.
**
** Options: all-rules (default 0): 1 gives every rule's eliminations in one
** hint instead of the cheapest tier's.  The placement test is skipped
** (the earlier rules' hint stands) when a base value has more than 192
** placements or a pattern more than 400,000 pairs of them.
** Figures: type = 1 junior, 2 senior; size = the number of base digits;
** extra = the rules that eliminated something, a bit set in increasing
** order of Sunnie's price, so that the table's `steps` on extra prices
** the dearest rule: 1 target rule, 2 compatibility, 4 cover rule, 8
** target cover (Sunnie's base step: JuniorExocet 9.4, SeniorExocet 9.6 +
** 0.2 in its step code), 16 mirror (+0.1), 32 known base digits (+0.2),
** 64 cross-lines (+0.3), 128 incompatibility (+0.3).
** Hint text: "Junior Exocet: base r3c1,r3c2 (1234), targets r2c4,r1c7
** (target rule r1c7<>6, r2c4<>5)", each rule with what it removed; focus:
** the base digits in the base and target cells.
*/
#include <stdlib.h>
#include <string.h>
#include "sk_plugin.h"

/* Cell at (line i, position j) in direction dir: dir 1 = row-major (base
** in a mini-row, cross-lines columns), dir 0 = transposed. */
static int at(int dir, int r, int c) { return dir ? 9 * r + c : 9 * c + r; }

static int sees(int a, int b) {
  return a != b && (sk_row_of(a) == sk_row_of(b) || sk_col_of(a) == sk_col_of(b) ||
                    sk_box_of(a) == sk_box_of(b));
}

/* Digit d can be placed in cells[0..n-1] (holding d) more than `limit`
** times, pairwise unrelated?  Returns min(max placements, limit + 1). */
static int place_max(const int *cells, int n, int from, int *chosen, int k, int limit) {
  int best = k;
  for (int i = from; i < n && best <= limit; i++) {
    int ok = 1;
    for (int j = 0; j < k && ok; j++) ok = !sees(cells[i], chosen[j]);
    if (!ok) continue;
    chosen[k] = cells[i];
    int v = place_max(cells, n, i + 1, chosen, k + 1, limit);
    if (v > best) best = v;
  }
  return best;
}

typedef struct exo {
  int dir, r;                  /* direction, base row (in direction terms) */
  int b1, b2;                  /* base cells */
  sk_mask digits;              /* base digits */
  int t1, t2;                  /* targets */
  int lines[3];                /* cross-line columns (direction terms) */
  int type;                    /* 1 junior, 2 senior */
} exo;

/* The cells of R holding d: cross-line cells outside the base row and
** box, targets out. */
static int r_cells(const sk_grid *g, const exo *x, int d, int *out) {
  int n = 0, bstack = sk_box_of(x->b1);
  for (int l = 0; l < 3; l++)
    for (int i = 0; i < 9; i++) {
      int c = at(x->dir, i, x->lines[l]);
      if (i == x->r || sk_box_of(c) == bstack || c == x->t1 || c == x->t2) continue;
      if (g->value[c] == d || (g->cand[c] & SK_BIT(d))) out[n++] = c;
    }
  return n;
}

/* times R can take d, capped at limit + 1 */
static int r_times(const sk_grid *g, const exo *x, int d, int limit) {
  int cells[27], chosen[8];
  int n = r_cells(g, x, d, cells);
  return place_max(cells, n, 0, chosen, 0, limit);
}

/* The cells E may be for a senior exocet x (x->t2 unset): R, E still in,
** holds each digit at most once per cross-line, so at most three times;
** the cells in every three-times placement of every base digit. */
static sk_bits e_cells(const sk_grid *g, const exo *x) {
  sk_bits may = {{~0ULL, ~0ULL}};
  for (sk_mask m = x->digits; m; m &= (sk_mask)(m - 1)) {
    int d = sk_mask_first(m), cells[27];
    int n = r_cells(g, x, d, cells);
    int by[3][9], nb[3] = {0, 0, 0};
    for (int i = 0; i < n; i++) {
      int l = 0;
      while (l < 2 && (x->dir ? sk_col_of(cells[i]) : sk_row_of(cells[i])) != x->lines[l]) l++;
      by[l][nb[l]++] = cells[i];
    }
    for (int a = 0; a < nb[0]; a++)
      for (int b = 0; b < nb[1]; b++) {
        if (sees(by[0][a], by[1][b])) continue;
        for (int c = 0; c < nb[2]; c++) {
          if (sees(by[0][a], by[2][c]) || sees(by[1][b], by[2][c])) continue;
          sk_bits t = {{0, 0}};
          sk_bits_set(&t, by[0][a]);
          sk_bits_set(&t, by[1][b]);
          sk_bits_set(&t, by[2][c]);
          may = sk_bits_and(may, t);
        }
      }
  }
  return may;
}

static void put_cell(const sk_search *s, sk_hint *h, int c) {
  char nm[8];
  s->host->hint_printf(h, "%s", sk_cell_name(c, nm));
}

/* ---- the placement test: each base value laid out in the band and the
** cross-lines ---- */

enum { PMAX = 192, CFG_MAX = 400000 };

typedef struct plist {
  int done, n;                 /* n < 0: more than PMAX placements */
  sk_bits p[PMAX], seen[PMAX]; /* the cells; the cells seeing one of them */
} plist;

typedef struct placer {
  const sk_grid *g;
  const exo *x;
  int d;
  sk_bits out;                 /* cells that cannot hold d here */
  int mem[8], nm;              /* the placement so far */
  plist *l;
} placer;

static int holds(const sk_grid *g, int c, int d) {
  return g->value[c] ? g->value[c] == d : (g->cand[c] & SK_BIT(d)) != 0;
}

/* band row (direction terms) and cross-line position of cell c */
static int brow(const exo *x, int c) { return x->dir ? sk_row_of(c) : sk_col_of(c); }
static int bcol(const exo *x, int c) { return x->dir ? sk_col_of(c) : sk_row_of(c); }

static int free_for(const placer *p, int c) {
  if (sk_bits_has(&p->out, c) || !holds(p->g, c, p->d)) return 0;
  for (int i = 0; i < p->nm; i++)
    if (c == p->mem[i] || sees(c, p->mem[i])) return 0;
  return 1;
}

static sk_bits region_of(const exo *x) {
  sk_bits r = {{0, 0}};
  int band = x->r / 3;
  for (int i = 0; i < 9; i++)
    for (int j = 0; j < 9; j++)
      if (i / 3 == band || j == x->lines[0] || j == x->lines[1] || j == x->lines[2])
        sk_bits_set(&r, at(x->dir, i, j));
  return r;
}

static void place_push(placer *p) {
  plist *l = p->l;
  if (l->n < 0) return;
  sk_bits b = {{0, 0}}, seen = {{0, 0}};
  for (int i = 0; i < p->nm; i++) {
    sk_bits_set(&b, p->mem[i]);
    seen = sk_bits_or(seen, sk_peer_bits[p->mem[i]]);
  }
  /* a given d of the band or the cross-lines must be one of the cells */
  sk_bits reg = region_of(p->x);
  for (int c = 0; c < SK_CELLS; c++)
    if (p->g->value[c] == p->d && sk_bits_has(&reg, c) && !sk_bits_has(&b, c)) return;
  if (l->n == PMAX) { l->n = -1; return; }
  l->p[l->n] = b;
  l->seen[l->n++] = seen;
}

/* the cross-lines no cell of the placement is on get one cell each,
** outside the band */
static void place_lines(placer *p) {
  int band = p->x->r / 3;
  for (int l = 0; l < 3; l++) {
    int on = 0;
    for (int i = 0; i < p->nm && !on; i++) on = bcol(p->x, p->mem[i]) == p->x->lines[l];
    if (on) continue;
    for (int i = 0; i < 9; i++) {
      int c = at(p->x->dir, i, p->x->lines[l]);
      if (i / 3 == band || !free_for(p, c)) continue;
      p->mem[p->nm++] = c;
      place_lines(p);
      p->nm--;
      if (p->l->n < 0) return;
    }
    return;                        /* the line has to take d somewhere */
  }
  place_push(p);
}

/* the band rows no cell of the placement is in get one cell each */
static void place_band(placer *p) {
  int band = p->x->r / 3;
  for (int i = 3 * band; i < 3 * band + 3; i++) {
    int on = 0;
    for (int k = 0; k < p->nm && !on; k++) on = brow(p->x, p->mem[k]) == i;
    if (on) continue;
    for (int j = 0; j < 9; j++) {
      int c = at(p->x->dir, i, j);
      if (!free_for(p, c)) continue;
      p->mem[p->nm++] = c;
      place_band(p);
      p->nm--;
      if (p->l->n < 0) return;
    }
    return;
  }
  place_lines(p);
}

/* The placements of base value d with base cell cell[bi] and target
** cell[ti] holding it (the other base cell and target hold the other
** value): one d in every row of the band and every cross-line. */
static plist *placements(const sk_grid *g, const exo *x, plist *cache, int d, int bi, int ti) {
  plist *l = &cache[(d - 1) * 4 + bi * 2 + (ti - 2)];
  if (l->done) return l;
  l->done = 1;
  l->n = 0;
  const int cell[4] = {x->b1, x->b2, x->t1, x->t2};
  placer p;
  p.g = g;
  p.x = x;
  p.d = d;
  p.l = l;
  p.out = (sk_bits){{0, 0}};
  sk_bits_set(&p.out, cell[1 - bi]);
  sk_bits_set(&p.out, cell[5 - ti]);
  if (sees(cell[bi], cell[ti])) return l;
  p.nm = 2;
  p.mem[0] = cell[bi];
  p.mem[1] = cell[ti];
  place_band(&p);
  return l;
}

/* Every filling of the pattern (distinct base values v1 in B1 and v2 in
** B2 among left[0..1], the targets taking them in one order or the
** other among left[2..3]) together with placements of v1 and v2 sharing no
** cell.  Fills kp[i] (the digits pattern cell i takes in one of them) and
** keepd[d] (the cells that may still be d: those of a placement of d, or
** outside the band and cross-lines and seeing none of its cells, or
** outside both placements when d is neither value).  Returns 0 when there
** is none, -1 when the placements are too many to go through. */
static int fillings(const sk_grid *g, const exo *x, const sk_mask left[4], sk_mask kp[4],
                    sk_bits keepd[10]) {
  plist *cache = malloc(36 * sizeof *cache);
  if (!cache) return -1;
  for (int i = 0; i < 36; i++) cache[i].done = 0;
  const sk_bits all = {{~0ULL, (1ULL << (SK_CELLS - 64)) - 1}};
  sk_bits notreg = sk_bits_andnot(all, region_of(x));
  long work = 0;
  int found = 0;
  for (int i = 0; i < 4; i++) kp[i] = 0;
  for (int d = 0; d < 10; d++) keepd[d] = (sk_bits){{0, 0}};
  for (sk_mask m1 = left[0]; m1; m1 &= (sk_mask)(m1 - 1))
    for (sk_mask m2 = left[1]; m2; m2 &= (sk_mask)(m2 - 1)) {
      int v1 = sk_mask_first(m1), v2 = sk_mask_first(m2);
      if (v1 == v2) continue;
      for (int o = 0; o < 2; o++) {
        int t1 = o ? 3 : 2, t2 = o ? 2 : 3;     /* the targets of v1, v2 */
        if (!(left[t1] & SK_BIT(v1)) || !(left[t2] & SK_BIT(v2))) continue;
        plist *l1 = placements(g, x, cache, v1, 0, t1);
        plist *l2 = placements(g, x, cache, v2, 1, t2);
        if (l1->n < 0 || l2->n < 0) { free(cache); return -1; }
        work += (long)l1->n * l2->n;
        if (work > CFG_MAX) { free(cache); return -1; }
        for (int a = 0; a < l1->n; a++)
          for (int b = 0; b < l2->n; b++) {
            sk_bits p1 = l1->p[a], p2 = l2->p[b];
            if (!sk_bits_empty(sk_bits_and(p1, p2))) continue;
            found = 1;
            kp[0] |= SK_BIT(v1);
            kp[1] |= SK_BIT(v2);
            kp[t1] |= SK_BIT(v1);
            kp[t2] |= SK_BIT(v2);
            sk_bits both = sk_bits_or(p1, p2);
            keepd[v1] = sk_bits_or(keepd[v1],
                                   sk_bits_or(p1, sk_bits_andnot(sk_bits_andnot(notreg, l1->seen[a]), p2)));
            keepd[v2] = sk_bits_or(keepd[v2],
                                   sk_bits_or(p2, sk_bits_andnot(sk_bits_andnot(notreg, l2->seen[b]), p1)));
            sk_bits rest = sk_bits_andnot(all, both);
            for (int e = 1; e <= 9; e++)
              if (e != v1 && e != v2) keepd[e] = sk_bits_or(keepd[e], rest);
          }
      }
    }
  free(cache);
  return found;
}

/* rule bits of fig[SK_FIG_EXTRA], in increasing order of Sunnie's price */
enum {
  R_TARGET = 1, R_COMPAT = 2, R_COVER = 4, R_TCOVER = 8,
  R_MIRROR = 16, R_PAIR = 32, R_SCELL = 64, R_INCOMPAT = 128, R_NRULES = 8
};
/* the rules Sunnie prices alike: the base step (+0), the mirror (+0.1),
** the target pair (+0.2), the incompatible pair and generalized fish (+0.3) */
static const int tier_bits[4] = {R_TARGET | R_COMPAT | R_COVER | R_TCOVER, R_MIRROR, R_PAIR,
                                 R_SCELL | R_INCOMPAT};
static const char *const rule_name[R_NRULES] = {
  "target rule", "compatibility", "cover rule", "target cover", "mirror", "known base digits",
  "cross-lines", "incompatibility",
};

/* the two cells of the mini-line of target t other than t: the mirror of
** the other target (junior exocet, targets in two rows) */
static int in_mirror(const exo *x, int c) {
  if (x->type != 1 || brow(x, x->t1) == brow(x, x->t2)) return 0;
  const int t[2] = {x->t1, x->t2};
  for (int i = 0; i < 2; i++)
    if (c != t[i] && brow(x, c) == brow(x, t[i]) && sk_box_of(c) == sk_box_of(t[i])) return 1;
  return 0;
}

/* check the pattern and emit its eliminations: 1 when the search must stop */
static int check(const sk_search *s, const exo *x) {
  const sk_grid *g = s->grid;
  sk_mask D = x->digits;
  sk_mask cover = 0;                   /* base digits R takes at most once */
  for (sk_mask m = D; m; m &= (sk_mask)(m - 1)) {
    int d = sk_mask_first(m);
    int t = r_times(g, x, d, 2);
    if (t > 2) return 0;
    if (t <= 1) cover |= SK_BIT(d);
  }
  const int cell[4] = {x->b1, x->b2, x->t1, x->t2};
  sk_mask left[4];
  for (int i = 0; i < 4; i++) left[i] = (sk_mask)(g->cand[cell[i]] & D & ~cover);
  /* target cover rule: a target holding d leaves the other two cross-lines
  ** to take d from the cells of R that do not see it, twice */
  sk_mask tcover[4] = {0, 0, 0, 0};
  for (int i = 2; i < 4; i++)
    for (sk_mask m = left[i]; m; m &= (sk_mask)(m - 1)) {
      int d = sk_mask_first(m), cells[27], away[27], na = 0, chosen[4];
      int n = r_cells(g, x, d, cells);
      for (int k = 0; k < n; k++)
        if (!sees(cells[k], cell[i])) away[na++] = cells[k];
      if (place_max(away, na, 0, chosen, 0, 1) < 2) tcover[i] |= SK_BIT(d);
    }
  left[2] &= (sk_mask)~tcover[2];
  left[3] &= (sk_mask)~tcover[3];
  /* compatibility: supported candidates */
  sk_mask keep[4] = {0, 0, 0, 0};
  for (sk_mask m1 = left[0]; m1; m1 &= (sk_mask)(m1 - 1))
    for (sk_mask m2 = left[1]; m2; m2 &= (sk_mask)(m2 - 1)) {
      sk_mask v1 = (sk_mask)(m1 & -m1), v2 = (sk_mask)(m2 & -m2);
      if (v1 == v2) continue;
      /* targets take v1, v2 in one order or the other */
      int ok = 0;
      if ((left[2] & v1) && (left[3] & v2)) { keep[2] |= v1; keep[3] |= v2; ok = 1; }
      if ((left[2] & v2) && (left[3] & v1)) { keep[2] |= v2; keep[3] |= v1; ok = 1; }
      if (ok) { keep[0] |= v1; keep[1] |= v2; }
    }
  for (int i = 0; i < 4; i++)
    if (!keep[i]) return 0;            /* no consistent filling: not a usable pattern */
  /* the placement test over the fillings left */
  sk_mask kp[4];
  sk_bits keepd[10];
  int f = fillings(g, x, keep, kp, keepd);
  if (f == 0) return 0;                /* no filling: the grid has no solution */
  sk_hint h;
  s->host->hint_init(&h);
  int rules = 0;
  uint8_t why[SK_CELLS][10];           /* the rule bit that removed each candidate */
  memset(why, 0, sizeof why);
  for (int i = 0; i < 4; i++) {
    sk_mask fin = f > 0 ? kp[i] : keep[i];
    sk_mask e = (sk_mask)(g->cand[cell[i]] & ~fin);
    h.elim[cell[i]] = e;
    for (sk_mask m = e; m; m &= (sk_mask)(m - 1)) {
      int d = sk_mask_first(m), r;
      if (!(D & SK_BIT(d))) r = R_TARGET;          /* only targets can hold such digits */
      else if (cover & SK_BIT(d)) r = R_COVER;
      else if (tcover[i] & SK_BIT(d)) r = R_TCOVER;
      else if (!(keep[i] & SK_BIT(d))) r = R_COMPAT;
      else r = R_INCOMPAT;
      why[cell[i]][d] = (uint8_t)r;
      rules |= r;
    }
  }
  if (f > 0)
    for (int c = 0; c < SK_CELLS; c++) {
      if (g->value[c] || c == cell[0] || c == cell[1] || c == cell[2] || c == cell[3]) continue;
      for (sk_mask m = g->cand[c]; m; m &= (sk_mask)(m - 1)) {
        int d = sk_mask_first(m), r;
        if (sk_bits_has(&keepd[d], c)) continue;
        h.elim[c] |= SK_BIT(d);
        if (in_mirror(x, c)) r = R_MIRROR;
        else if ((sees(c, x->t1) && sees(c, x->t2)) || (sees(c, x->b1) && sees(c, x->b2))) r = R_PAIR;
        else r = R_SCELL;
        why[c][d] = (uint8_t)r;
        rules |= r;
      }
    }
  if (!rules) return 0;
  if (!s->host->param(s, "all-rules", 0)) {
    /* as Sunnie's step: only the cheapest rule tier that removes something */
    int tier = 0;
    while (!(rules & tier_bits[tier])) tier++;
    rules &= tier_bits[tier];
    for (int c = 0; c < SK_CELLS; c++)
      for (int d = 1; d <= 9; d++)
        if (why[c][d] && !(why[c][d] & rules)) {
          why[c][d] = 0;
          h.elim[c] &= (sk_mask)~SK_BIT(d);
        }
  }
  for (int i = 0; i < 4; i++) h.focus[cell[i]] = (sk_mask)(g->cand[cell[i]] & D & ~h.elim[cell[i]]);
  const char *name = x->type == 1 ? "Junior Exocet" : "Senior Exocet";
  h.name = name;
  h.fig[SK_FIG_TYPE] = x->type;
  h.fig[SK_FIG_EXTRA] = rules;
  h.fig[SK_FIG_SIZE] = sk_mask_count(D);
  s->host->hint_printf(&h, "%s: base ", name);
  put_cell(s, &h, x->b1);
  s->host->hint_printf(&h, ",");
  put_cell(s, &h, x->b2);
  s->host->hint_printf(&h, " (");
  for (sk_mask m = D; m; m &= (sk_mask)(m - 1)) s->host->hint_printf(&h, "%d", sk_mask_first(m));
  s->host->hint_printf(&h, "), targets ");
  put_cell(s, &h, x->t1);
  s->host->hint_printf(&h, ",");
  put_cell(s, &h, x->t2);
  /* which rule removed what: "(target rule r1c7<>6, r2c4<>5; mirror ...)" */
  const char *sep = " (";
  for (int b = 0; b < R_NRULES; b++) {
    if (!(rules & (1 << b))) continue;
    s->host->hint_printf(&h, "%s%s", sep, rule_name[b]);
    const char *csep = " ";
    for (int c = 0; c < SK_CELLS; c++)
      for (int d = 1; d <= 9; d++)
        if (why[c][d] == (1 << b)) {
          s->host->hint_printf(&h, "%s", csep);
          put_cell(s, &h, c);
          s->host->hint_printf(&h, "<>%d", d);
          csep = ", ";
        }
    sep = "; ";
  }
  s->host->hint_printf(&h, ")");
  return s->host->emit(s, &h) != 0;
}

static int usable_target(const sk_grid *g, int c, sk_mask D) {
  return !g->value[c] && (g->cand[c] & D);
}

static int search(const sk_search *s) {
  const sk_grid *g = s->grid;
  int want = (int)(intptr_t)s->data;   /* 1 junior, 2 senior */
  for (int dir = 0; dir < 2; dir++)
    for (int band = 0; band < 3; band++)
      for (int stack = 0; stack < 3; stack++)
        for (int r = 3 * band; r < 3 * band + 3; r++)
          for (int skip = 2; skip >= 0; skip--) {
            /* base: the mini-row's two cells other than position skip */
            int p1 = skip == 0 ? 1 : 0, p2 = skip == 2 ? 1 : 2;
            exo x;
            x.dir = dir;
            x.r = r;
            x.b1 = at(dir, r, 3 * stack + p1);
            x.b2 = at(dir, r, 3 * stack + p2);
            if (x.b1 > x.b2) { int t = x.b1; x.b1 = x.b2; x.b2 = t; }
            if (g->value[x.b1] || g->value[x.b2]) continue;
            x.digits = (sk_mask)(g->cand[x.b1] | g->cand[x.b2]);
            int nd = sk_mask_count(x.digits);
            if (nd < 2 || nd > 4) continue;
            if (s->host->should_stop(s)) return SK_SEARCH_STOPPED;
            x.lines[0] = 3 * stack + skip;
            int o1 = stack == 0 ? 1 : 0, o2 = stack == 2 ? 1 : 2;   /* other stacks */
            /* junior: T1 in stack o1, T2 in stack o2 */
            x.type = 1;
            for (int i1 = 0; i1 < 9 && want == 1; i1++) {
              int r1 = 3 * band + i1 / 3, c1 = 3 * o1 + i1 % 3;
              if (r1 == r) continue;
              x.t1 = at(dir, r1, c1);
              if (!usable_target(g, x.t1, x.digits)) continue;
              for (int i2 = 0; i2 < 9; i2++) {
                int r2 = 3 * band + i2 / 3, c2 = 3 * o2 + i2 % 3;
                if (r2 == r) continue;
                x.t2 = at(dir, r2, c2);
                if (!usable_target(g, x.t2, x.digits)) continue;
                x.lines[1] = c1;
                x.lines[2] = c2;
                if (check(s, &x)) return SK_SEARCH_STOPPED;
              }
            }
            /* senior: T in the band (stack o1 or o2), E outside it */
            x.type = 2;
            for (int side = 0; side < 2 && want == 2; side++) {
              int ts = side ? o2 : o1, zs = side ? o1 : o2;
              for (int i1 = 0; i1 < 9; i1++) {
                int r1 = 3 * band + i1 / 3, c1 = 3 * ts + i1 % 3;
                if (r1 == r) continue;
                x.t1 = at(dir, r1, c1);
                if (!usable_target(g, x.t1, x.digits)) continue;
                for (int cz = 3 * zs; cz < 3 * zs + 3; cz++) {
                  x.lines[1] = c1;
                  x.lines[2] = cz;
                  /* E must break every way R, E still in, takes a digit three times */
                  x.t2 = -1;
                  sk_bits may = e_cells(g, &x);
                  for (int l = 0; l < 3; l++)
                    for (int i = 0; i < 9; i++) {
                      if (i / 3 == band) continue;
                      x.t2 = at(dir, i, x.lines[l]);
                      if (!sk_bits_has(&may, x.t2) || !usable_target(g, x.t2, x.digits)) continue;
                      if (check(s, &x)) return SK_SEARCH_STOPPED;
                    }
                }
              }
            }
          }
  return SK_SEARCH_DONE;
}

SK_PLUGIN_ENTRY(exocet) {
  SK_PLUGIN_CHECK(host, reg);
  sk_technique je = {"junior-exocet", "Junior Exocet", 0, search, (const void *)1};
  sk_technique se = {"senior-exocet", "Senior Exocet", 0, search, (const void *)2};
  return host->register_technique(reg, &je) == 0 && host->register_technique(reg, &se) == 0
             ? SK_PLUGIN_OK : SK_PLUGIN_ERROR;
}
