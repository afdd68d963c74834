/*
** tridagon.c -- the chromatic pattern, or tridagon (Sunnie's Chromatic
** Pattern type 1 and XZ rule, and types 2 to 4 of our own).
**
** Technique (id of the rating table):
**   tridagon   four boxes at the corners of a rectangle of boxes (two
**              bands, two stacks) and three empty cells in each, one in
**              each row and each column of its box: a "transversal",
**              which is an even permutation of the box's rows (a cyclic
**              shift of the main diagonal) or an odd one (a shift of the
**              anti-diagonal).  When an odd number of the four boxes have
**              even transversals (Sunnie's patterns: one box of one kind,
**              three of the other), the 12 cells cannot take their values
**              from only three digits: a pattern of 12 cells filled from
**              {a,b,c} with every row, column and box of it holding
**              distinct values does not exist (tests/unit/test_tridagon.c
**              checks this for all 648 transversal choices of a rectangle
**              by exhaustion, and that the other 648 can be filled).  So,
**              with D the pattern's three digits, some cell of the
**              pattern takes a digit outside D:
**     type 1  11 cells hold only digits of D: the 12th cell (the extra
**             cell) loses D.
**     type 2  every cell holds only D and one extra digit x, found in two
**             or more cells: x leaves every cell that sees all of them.
**     type 3  the cells with digits outside D (two or more) lie in one
**             house; their extra digits X, as one virtual cell, form a
**             naked set of |X| cells with |X| - 1 other cells of the house
**             holding only digits of X: X leaves the house's other cells.
**     type 4  exactly two cells hold digits outside D, in one house where
**             a digit p of D has no other place: one of the two is p, the
**             other takes an extra digit, so D's other two digits leave
**             both.
**     XZ      (Sunnie's XZ rule) the pattern holds five digits, D and two
**             extra digits e1, e2; exactly two cells hold extra digits,
**             c1 only e1 and c2 only e2; a bivalue cell E = {e1,e2} sees
**             c1 and not c2: c1 = e1 makes E = e2, else c2 = e2; e2 leaves
**             the cells that see both E and c2.  (Sunnie's own XZ test
**             does not require each of c1, c2 to hold a single extra digit
**             and picks the eliminated digit by its number, not by the
**             cell holding it; we require what the proof needs.)
**   Types 2 to 4 are looked for only when two to four cells hold digits
**   outside D.  Patterns with a cell of one candidate are skipped (as
**   Sunnie does);
**   a hint is emitted only when it eliminates something.
**
** Scan order: Sunnie's (kyoyama-kazusa/Sudoku, ChromaticPatternStepSearcher
** and ChromaticPatternPattern): box quadruples in lexicographic order
** among the boxes with three or more empty cells, keeping those that form
** a rectangle; for each, the 648 transversal choices in Sunnie's order
** (the odd box being the first, second, third, fourth box of the
** quadruple; in each, first that box even and the other three odd, then
** the reverse; the boxes' transversals nested, each in the order
** r1c1-r2c2-r3c3, r1c2-r2c3-r3c1, r1c3-r2c1-r3c2 for even and
** r1c1-r2c3-r3c2, r1c2-r2c1-r3c3, r1c3-r2c2-r3c1 for odd, relative to the
** box); for each pattern, type 1 (extra cell in increasing cell order),
** then our types 2, 3, 4, then XZ.  Sunnie tries type 1 and XZ per
** pattern; types 2-4 are put between them.
**
** Options: none.
** Figures: type = 1, 2, 3, 4, or 5 for XZ; size = the naked set's size
** for type 3 (|X|), else 0.  Sunnie rates type 1 6.5 and XZ 6.7 (base 6.5
** + 0.2), no factors; types 2-4 have no Sunnie rating.
** Hint text: "Tridagon Type 1: r1c1,...,r6c6 in b1245 (123)" (type 3 adds
** the naked set's cells and digits, type 4 the locked digit, XZ the extra
** cell); focus: the pattern's digits D in its cells.
*/
#include "sk_plugin.h"

/* transversals as offsets from a box's first cell */
static const int even_tr[3][3] = {{0, 10, 20}, {1, 11, 18}, {2, 9, 19}};
static const int odd_tr[3][3] = {{0, 11, 19}, {1, 9, 20}, {2, 10, 18}};

static int is_rectangle(const int b[4]) {
  /* four boxes, two bands and two stacks, each box being one corner */
  int bands = 0, stacks = 0;
  for (int i = 0; i < 4; i++) { bands |= 1 << (b[i] / 3); stacks |= 1 << (b[i] % 3); }
  if (__builtin_popcount((unsigned)bands) != 2 || __builtin_popcount((unsigned)stacks) != 2) return 0;
  for (int i = 0; i < 4; i++)
    for (int j = i + 1; j < 4; j++)
      if (b[i] == b[j]) return 0;
  return 1;
}

typedef struct pat {
  int cell[12];        /* increasing */
  int box[4];
} pat;

static void put_pattern(const sk_search *s, sk_hint *h, const char *name, const pat *p, sk_mask d) {
  char nm[8];
  s->host->hint_printf(h, "%s: ", name);
  for (int i = 0; i < 12; i++) s->host->hint_printf(h, "%s%s", i ? "," : "", sk_cell_name(p->cell[i], nm));
  s->host->hint_printf(h, " in b");
  for (int i = 0; i < 4; i++) s->host->hint_printf(h, "%d", p->box[i] + 1);
  s->host->hint_printf(h, " (");
  for (; d; d &= (sk_mask)(d - 1)) s->host->hint_printf(h, "%d", sk_mask_first(d));
  s->host->hint_printf(h, ")");
}

static void set_focus(const sk_grid *g, sk_hint *h, const pat *p, sk_mask d) {
  for (int i = 0; i < 12; i++) h->focus[p->cell[i]] = (sk_mask)(g->cand[p->cell[i]] & d);
}

static int sees(int a, int b) {
  return a != b && (sk_row_of(a) == sk_row_of(b) || sk_col_of(a) == sk_col_of(b) ||
                    sk_box_of(a) == sk_box_of(b));
}

/* type 1: returns 1 when the search must stop */
static int type1(const sk_search *s, const pat *p) {
  const sk_grid *g = s->grid;
  sk_mask pre[13], suf[13];              /* unions of the cells before / after x */
  pre[0] = suf[12] = 0;
  for (int i = 0; i < 12; i++) pre[i + 1] = (sk_mask)(pre[i] | g->cand[p->cell[i]]);
  for (int i = 11; i >= 0; i--) suf[i] = (sk_mask)(suf[i + 1] | g->cand[p->cell[i]]);
  for (int x = 0; x < 12; x++) {
    sk_mask d = (sk_mask)(pre[x] | suf[x + 1]);
    if (sk_mask_count(d) != 3) continue;
    int ex = p->cell[x];
    if (!(g->cand[ex] & d)) continue;
    sk_hint h;
    s->host->hint_init(&h);
    h.elim[ex] = (sk_mask)(g->cand[ex] & d);
    set_focus(g, &h, p, d);
    h.focus[ex] = 0;
    h.name = "Tridagon Type 1";
    h.fig[SK_FIG_TYPE] = 1;
    put_pattern(s, &h, "Tridagon Type 1", p, d);
    if (s->host->emit(s, &h)) return 1;
  }
  return 0;
}

/* types 2, 3, 4 for the pattern digits d: cells holding other digits */
static int types234(const sk_search *s, const pat *p, sk_mask d) {
  const sk_grid *g = s->grid;
  int ext[12], ne = 0;
  sk_mask xs = 0;
  for (int i = 0; i < 12; i++) {
    sk_mask o = (sk_mask)(g->cand[p->cell[i]] & ~d);
    if (o) { ext[ne++] = p->cell[i]; xs |= o; }
  }
  if (ne < 2 || ne > 4) return 0;           /* type 1, or too many extra cells */
  /* type 2: one extra digit */
  if (sk_mask_count(xs) == 1) {
    int x = sk_mask_first(xs);
    sk_hint h;
    s->host->hint_init(&h);
    for (int c = 0; c < SK_CELLS; c++) {
      if (!(g->cand[c] & xs)) continue;
      int all = 1;
      for (int i = 0; i < ne && all; i++) all = sees(c, ext[i]);
      if (all) h.elim[c] = xs;
    }
    if (sk_hint_has_elims(&h)) {
      set_focus(g, &h, p, d);
      for (int i = 0; i < ne; i++) h.focus[ext[i]] |= xs;
      h.name = "Tridagon Type 2";
      h.fig[SK_FIG_TYPE] = 2;
      put_pattern(s, &h, "Tridagon Type 2", p, d);
      s->host->hint_printf(&h, " extra %d", x);
      if (s->host->emit(s, &h)) return 1;
    }
  }
  /* houses shared by every extra cell */
  for (int kind = 0; kind < 3; kind++) {
    int hs = sk_cell_house[ext[0]][kind];
    int shared = 1;
    for (int i = 1; i < ne && shared; i++) shared = sk_cell_house[ext[i]][kind] == hs;
    if (!shared) continue;
    /* type 3: naked set with the virtual cell of extras xs */
    int nx = sk_mask_count(xs);
    if (nx >= 2 && nx <= 5) {
      int oth[9], no = 0;
      for (int i = 0; i < 9; i++) {
        int c = sk_house_cell[hs][i];
        if (g->value[c] || !g->cand[c]) continue;
        int in_ext = 0;
        for (int j = 0; j < ne; j++) if (ext[j] == c) in_ext = 1;
        if (in_ext) continue;
        int in_pat = 0;
        for (int j = 0; j < 12; j++) if (p->cell[j] == c) in_pat = 1;
        if (in_pat) continue;
        if ((g->cand[c] & ~xs) == 0) oth[no++] = c;
      }
      int need = nx - 1;                    /* other cells in the naked set */
      if (need >= 1 && need <= no && need <= 4) {
        /* subsets of oth of size need, in increasing order */
        int idx[4];
        for (int i = 0; i < need; i++) idx[i] = i;
        for (;;) {
          sk_mask u = xs;
          for (int i = 0; i < need; i++) u |= g->cand[oth[idx[i]]];
          if (u == xs) {
            sk_hint h;
            s->host->hint_init(&h);
            for (int i = 0; i < 9; i++) {
              int c = sk_house_cell[hs][i];
              if (g->value[c]) continue;
              int skip = 0;
              for (int j = 0; j < ne; j++) if (ext[j] == c) skip = 1;
              for (int j = 0; j < need; j++) if (oth[idx[j]] == c) skip = 1;
              if (skip) continue;
              if (g->cand[c] & xs) h.elim[c] = (sk_mask)(g->cand[c] & xs);
            }
            if (sk_hint_has_elims(&h)) {
              char nm[8];
              set_focus(g, &h, p, d);
              for (int i = 0; i < ne; i++) h.focus[ext[i]] |= (sk_mask)(g->cand[ext[i]] & xs);
              for (int i = 0; i < need; i++) h.focus[oth[idx[i]]] = g->cand[oth[idx[i]]];
              h.name = "Tridagon Type 3";
              h.fig[SK_FIG_TYPE] = 3;
              h.fig[SK_FIG_SIZE] = nx;
              put_pattern(s, &h, "Tridagon Type 3", p, d);
              s->host->hint_printf(&h, " with ");
              for (int i = 0; i < need; i++)
                s->host->hint_printf(&h, "%s%s", i ? "," : "", sk_cell_name(oth[idx[i]], nm));
              s->host->hint_printf(&h, " (");
              for (sk_mask m = xs; m; m &= (sk_mask)(m - 1))
                s->host->hint_printf(&h, "%d", sk_mask_first(m));
              s->host->hint_printf(&h, ")");
              if (s->host->emit(s, &h)) return 1;
            }
          }
          int i = need - 1;
          while (i >= 0 && idx[i] == no - need + i) i--;
          if (i < 0) break;
          idx[i]++;
          for (int j = i + 1; j < need; j++) idx[j] = idx[j - 1] + 1;
        }
      }
    }
    /* type 4: two extra cells, a digit of d locked to them in the house */
    if (ne == 2) {
      for (sk_mask m = d; m; m &= (sk_mask)(m - 1)) {
        int pd = sk_mask_first(m);
        if (!(g->cand[ext[0]] & SK_BIT(pd)) || !(g->cand[ext[1]] & SK_BIT(pd))) continue;
        sk_bits pl = sk_grid_places(g, hs, pd);
        if (sk_bits_count(pl) != 2) continue;
        sk_mask rest = (sk_mask)(d & ~SK_BIT(pd));
        sk_hint h;
        s->host->hint_init(&h);
        for (int i = 0; i < 2; i++) h.elim[ext[i]] = (sk_mask)(g->cand[ext[i]] & rest);
        if (!sk_hint_has_elims(&h)) continue;
        char hn[4];
        set_focus(g, &h, p, d);
        h.name = "Tridagon Type 4";
        h.fig[SK_FIG_TYPE] = 4;
        put_pattern(s, &h, "Tridagon Type 4", p, d);
        s->host->hint_printf(&h, " with %d locked in %s", pd, sk_house_name(hs, hn));
        if (s->host->emit(s, &h)) return 1;
      }
    }
  }
  return 0;
}

static int typexz(const sk_search *s, const pat *p) {
  const sk_grid *g = s->grid;
  sk_mask all = 0;
  for (int i = 0; i < 12; i++) all |= g->cand[p->cell[i]];
  if (sk_mask_count(all) != 5) return 0;
  /* pattern digit triples in lexicographic order */
  for (sk_mask m1 = all; m1; m1 &= (sk_mask)(m1 - 1))
    for (sk_mask m2 = (sk_mask)(m1 & (m1 - 1)); m2; m2 &= (sk_mask)(m2 - 1))
      for (sk_mask m3 = (sk_mask)(m2 & (m2 - 1)); m3; m3 &= (sk_mask)(m3 - 1)) {
        sk_mask d = (sk_mask)((m1 & -m1) | (m2 & -m2) | (m3 & -m3));
        sk_mask xs = (sk_mask)(all & ~d);
        int ext[2], ne = 0, ok = 1;
        for (int i = 0; i < 12 && ok; i++) {
          sk_mask o = (sk_mask)(g->cand[p->cell[i]] & xs);
          if (!o) continue;
          if (ne == 2 || sk_mask_count(o) != 1) ok = 0;
          else ext[ne++] = p->cell[i];
        }
        if (!ok || ne != 2) continue;
        for (int e = 0; e < SK_CELLS; e++) {
          if (g->cand[e] != xs) continue;
          int s0 = sees(e, ext[0]), s1 = sees(e, ext[1]);
          if (s0 == s1) continue;
          int c2 = s0 ? ext[1] : ext[0];            /* the cell E does not see */
          sk_mask e2 = (sk_mask)(g->cand[c2] & xs);
          sk_hint h;
          s->host->hint_init(&h);
          for (int c = 0; c < SK_CELLS; c++)
            if ((g->cand[c] & e2) && sees(c, e) && sees(c, c2)) h.elim[c] = e2;
          if (!sk_hint_has_elims(&h)) continue;
          char nm[8];
          set_focus(g, &h, p, d);
          h.focus[ext[0]] |= (sk_mask)(g->cand[ext[0]] & xs);
          h.focus[ext[1]] |= (sk_mask)(g->cand[ext[1]] & xs);
          h.focus[e] = xs;
          h.name = "Tridagon XZ";
          h.fig[SK_FIG_TYPE] = 5;
          put_pattern(s, &h, "Tridagon XZ", p, d);
          s->host->hint_printf(&h, " with %s", sk_cell_name(e, nm));
          if (s->host->emit(s, &h)) return 1;
        }
      }
  return 0;
}

static int try_pattern(const sk_search *s, const pat *p) {
  const sk_grid *g = s->grid;
  sk_mask all = 0;
  for (int i = 0; i < 12; i++) {
    int c = p->cell[i];
    if (g->value[c] || sk_mask_count(g->cand[c]) < 2) return 0;
    all |= g->cand[c];
  }
  if (type1(s, p)) return 1;
  /* types 2-4 need eight cells or more within the three digits */
  int small = 0;
  for (int i = 0; i < 12; i++) small += sk_mask_count(g->cand[p->cell[i]]) <= 3;
  if (small >= 8 && sk_mask_count(all) >= 4) {
    /* every choice of three pattern digits */
    for (sk_mask m1 = all; m1; m1 &= (sk_mask)(m1 - 1))
      for (sk_mask m2 = (sk_mask)(m1 & (m1 - 1)); m2; m2 &= (sk_mask)(m2 - 1))
        for (sk_mask m3 = (sk_mask)(m2 & (m2 - 1)); m3; m3 &= (sk_mask)(m3 - 1)) {
          sk_mask d = (sk_mask)((m1 & -m1) | (m2 & -m2) | (m3 & -m3));
          /* every cell must hold two digits of d for the pattern to use them */
          int ok = 1;
          for (int i = 0; i < 12 && ok; i++) ok = sk_mask_count((sk_mask)(g->cand[p->cell[i]] & d)) >= 2;
          if (ok && types234(s, p, d)) return 1;
        }
  }
  return typexz(s, p);
}

static int search(const sk_search *s) {
  const sk_grid *g = s->grid;
  if (g->nempty < 12) return SK_SEARCH_DONE;
  int okbox[9];
  for (int b = 0; b < 9; b++) {
    int n = 0;
    for (int i = 0; i < 9; i++) if (!g->value[sk_house_cell[18 + b][i]]) n++;
    okbox[b] = n >= 3;
  }
  int b[4];
  for (b[0] = 0; b[0] < 9; b[0]++)
    for (b[1] = b[0] + 1; b[1] < 9; b[1]++)
      for (b[2] = b[1] + 1; b[2] < 9; b[2]++)
        for (b[3] = b[2] + 1; b[3] < 9; b[3]++) {
          if (!okbox[b[0]] || !okbox[b[1]] || !okbox[b[2]] || !okbox[b[3]]) continue;
          if (!is_rectangle(b)) continue;
          if (s->host->should_stop(s)) return SK_SEARCH_STOPPED;
          int first[4];
          for (int i = 0; i < 4; i++) first[i] = sk_house_cell[18 + b[i]][0];
          /* per box and transversal (0-2 even, 3-5 odd): usable (empty
          ** cells of two candidates or more), union, cells of <= 3 candidates */
          int use[4][6], nsm[4][6];
          sk_mask uni[4][6];
          for (int i = 0; i < 4; i++)
            for (int k = 0; k < 6; k++) {
              const int *off = k < 3 ? even_tr[k] : odd_tr[k - 3];
              use[i][k] = 1; nsm[i][k] = 0; uni[i][k] = 0;
              for (int j = 0; j < 3; j++) {
                int c = first[i] + off[j];
                if (g->value[c] || sk_mask_count(g->cand[c]) < 2) use[i][k] = 0;
                nsm[i][k] += sk_mask_count(g->cand[c]) <= 3;
                uni[i][k] |= g->cand[c];
              }
            }
          for (int odd = 0; odd < 4; odd++)
            for (int phase = 0; phase < 2; phase++) {
              const int (*tr[4])[3];
              for (int i = 0; i < 4; i++)
                tr[i] = ((i == odd) == (phase == 0)) ? even_tr : odd_tr;
              for (int t0 = 0; t0 < 3; t0++)
                for (int t1 = 0; t1 < 3; t1++)
                  for (int t2 = 0; t2 < 3; t2++)
                    for (int t3 = 0; t3 < 3; t3++) {
                      const int t[4] = {t0, t1, t2, t3};
                      int k[4], sm = 0;
                      sk_mask u[4], all = 0;
                      int ok = 1;
                      for (int i = 0; i < 4 && ok; i++) {
                        k[i] = t[i] + (tr[i] == even_tr ? 0 : 3);
                        ok = use[i][k[i]];
                        u[i] = uni[i][k[i]];
                        all |= u[i];
                        sm += nsm[i][k[i]];
                      }
                      if (!ok) continue;
                      /* type 1 needs three boxes within three digits; types
                      ** 2-4 eight cells of <= 3 candidates; XZ five digits */
                      int maybe = sk_mask_count(all) == 5 || (sm >= 8 && sk_mask_count(all) >= 4);
                      for (int i = 0; i < 4 && !maybe; i++)
                        maybe = sk_mask_count((sk_mask)(u[(i + 1) % 4] | u[(i + 2) % 4] | u[(i + 3) % 4])) <= 3;
                      if (!maybe) continue;
                      pat p;
                      int n = 0;
                      for (int i = 0; i < 4; i++) {
                        p.box[i] = b[i];
                        for (int j = 0; j < 3; j++) p.cell[n++] = first[i] + tr[i][t[i]][j];
                      }
                      for (int i = 1; i < 12; i++)        /* sort */
                        for (int j = i; j > 0 && p.cell[j] < p.cell[j - 1]; j--) {
                          int x = p.cell[j]; p.cell[j] = p.cell[j - 1]; p.cell[j - 1] = x;
                        }
                      if (try_pattern(s, &p)) return SK_SEARCH_STOPPED;
                    }
            }
        }
  return SK_SEARCH_DONE;
}

SK_PLUGIN_ENTRY(tridagon) {
  SK_PLUGIN_CHECK(host, reg);
  sk_technique t = {"tridagon", "Tridagon", 0, search, NULL};
  return host->register_technique(reg, &t) == 0 ? SK_PLUGIN_OK : SK_PLUGIN_ERROR;
}
