/*
** exocet.c -- junior and senior exocets (Sunnie's JuniorExocet and
** SeniorExocet, with the forum's basic elimination rules).
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
**     Not implemented: the forum's mirror-node, cross-line (S-cell
**     occupation), incompatibility and locked-member rules, Sunnie's
**     single-cell bases, conjugate-pair targets (three or four target
**     cells), 4-line cross-lines and its weak, double, Franken and mutant
**     exocets.  A hint is emitted only when it eliminates something.
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
** Options: none.
** Figures: type = 1 junior, 2 senior; extra = the rules that eliminated
** something, a bit set: 1 target rule, 2 compatibility, 4 cover rule,
** 8 target cover rule;
** size = the number of base digits.  Sunnie rates JuniorExocet 9.4 and
** SeniorExocet 9.6 (metadata; its step code adds 0.2 for senior ones),
** and rates its JE rule variants (target pair, locked member...) 9.4 as
** well, so the table may ignore extra.
** Hint text: "Junior Exocet: base r3c1,r3c2 (1234), targets r2c4,r1c7"; focus:
** the base digits in the base and target cells.
*/
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
  sk_hint h;
  s->host->hint_init(&h);
  int rules = 0;
  for (int i = 0; i < 4; i++) {
    sk_mask e = (sk_mask)(g->cand[cell[i]] & ~keep[i]);
    if (!e) continue;
    h.elim[cell[i]] = e;
    sk_mask outside = (sk_mask)(e & ~D);
    if (outside) rules |= 1;           /* only targets can hold such digits */
    if (e & D & cover) rules |= 4;
    if (e & tcover[i]) rules |= 8;
    if (e & D & ~cover & ~tcover[i]) rules |= 2;
  }
  if (!rules) return 0;
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
