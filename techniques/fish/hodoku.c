/*
** hodoku.c -- HoDoKu's basic fish family (finless, finned, sashimi and
** Siamese fish of sizes 2-7), searched for fish.c (the finless ids) and
** finned.c (the finned and sashimi ids) of the fish plugin; they reach it
** through hf_search and hf_name (fish.h).
**
** The rule, for a digit d and a size n.  Base set: n rows (or n columns)
** holding d; cover set: n columns (rows) that hold d in a base cell.  Base
** cells outside the cover lines are fins.
**   - No fins: d leaves every cover cell outside the base lines.
**   - Fins (at most max-fins of them): d leaves the cover cells outside
**     the base lines that see every fin.  A cover cell outside the base
**     lines can only see a fin through its box, so all fins lie in one box
**     and the eliminations are that box's cover cells.  The fish is sashimi
**     when a base line keeps at most one cell once its fins are taken away
**     (HoDoKu's test, FishSolver.createFishStep), else finned.  HoDoKu makes
**     the same test on a finless fish, so a finless fish with a base line
**     of a single cell is a "Sashimi" fish with no fins.
**
** Scan order (HoDoKu 2.2.0, FishSolver.getAnyFish / getFishes): digit 1..9;
** for each digit rows as base lines first, then columns; base sets in
** lexicographic order of their lines, for each base set the cover sets in
** lexicographic order of theirs.  A base set's cover sets are worked out
** here from the fin box (the fin columns are the base set's columns left
** out of the cover, within one stack) and then put in that order, so the
** search never tries a cover set that cannot eliminate anything.  HoDoKu's
** template filter (checkTemplates, sizes 6-7) only skips digits and base
** sets whose eliminations templates could not confirm; a fish elimination
** always is one, so it changes nothing and is not done here.
**
** Options (host->param, HoDoKu's defaults):
**   max-fins (5)                 maxFins: at most this many fins
**   duals (0)                    allowDualsAndSiamese: the search gathers
**                                every fish, adds the Siamese ones and takes
**                                them in HoDoKu's sorted order
**   only-one-fish-per-step (1)   onlyOneFishPerStep: of fish with the same
**                                eliminations only the first of the least
**                                type is kept (where fish are gathered)
**   all-steps (0)                1: search as HoDoKu's "find all steps"
**                                (getAllFishes, which its regression tester
**                                uses) instead of its solver
** How HoDoKu 2.2.0 behaves under them:
**   - Solver, without Siamese fish: the first fish of the technique's kind
**     in scan order.  The finless search also returns the finless
**     "Sashimi" fish above (its type is sashimi).
**   - Solver, with Siamese fish: finless and finned searches gather every
**     fish of their kind (of the size, every digit), drop same-elimination
**     fish, add the Siamese fish and sort (SolutionStep.compareTo: more
**     eliminations first, then type, then fewer fins, then the digit; ties
**     stay in scan order).  The sashimi search still returns the first
**     sashimi fish in scan order: HoDoKu's finned search, which runs
**     right before it on the same grid and found nothing, has left every
**     sashimi fish it met in its cache, and the sashimi search takes the
**     first of those.
**   - All steps: finless, finned and sashimi fish of the size are found in
**     one pass, Siamese fish formed among all of them, the list sorted as
**     above; each technique emits the fish of its own type.
** Siamese fish (FishSolver.findSiameseFish): two fish of the list, in list
** order, with the same digit, the same base lines, the same category
** (finless, or finned/sashimi) and different first eliminations make one
** more fish: the first's type, both cover sets, both fin lists, both
** elimination lists.  The pairs are taken before any Siamese fish is added.
**
** Hints: focus = the base cells (fins included) of the digit, the step's
** only value; text as HoDoKu's step.toString(2) up to " => ", e.g.
** "Finned X-Wing: 9 r48 c38 fr8c7", "Siamese Finned Swordfish: 6 r124
** c124/c145 fr1c5 fr1c2".  Figures: size = n; type = 0 finless,
** 1 finned, 2 sashimi, 3 Siamese finned, 4 Siamese sashimi; extra = the
** number of fin cells (both halves of a Siamese fish together).
*/
#include <stdlib.h>
#include <string.h>
#include "fish.h"

/* One fish of HoDoKu's list.  Lines and crosses: rows and columns when
** the base lines are rows, columns and rows when they are columns. */
typedef struct hf_fish {
  uint8_t digit, by_cols, kind, siamese;
  uint16_t base, cover, cover2;   /* line sets (9 bits); cover2: a Siamese fish's second */
  sk_bits fins, fins2, elim;      /* fins2: a Siamese fish's second fins; elim: all */
  int first_elim;                 /* the step's first elimination (HoDoKu's list is ascending) */
  int nelim, nfins;               /* HoDoKu's list sizes: a Siamese fish counts both halves */
  int seq;                        /* position in the list, for a stable sort */
} hf_fish;

typedef int (*hf_sink)(void *ud, const hf_fish *f);

/* One digit and one orientation of a scan. */
typedef struct hf_scan {
  int n, finless, finned, max_fins;
  int digit, by_cols;
  uint16_t pos[9];                /* pos[line]: crosses of the line holding the digit */
  uint16_t tr[9];                 /* tr[cross]: lines of the cross holding it */
  hf_sink sink;
  void *ud;
} hf_scan;

static int hf_cell(int by_cols, int line, int cross) {
  return by_cols ? cross * 9 + line : line * 9 + cross;
}

/* Lexicographic order of two line sets of one size: the set holding the
** least line of their difference comes first. */
static int hf_lex_before(unsigned a, unsigned b) {
  unsigned x = a ^ b;
  return (a & x & -x) != 0;
}

typedef struct hf_cover {
  unsigned cover, fins;           /* cover lines, fin crosses */
  unsigned hit;                   /* crosses of the eliminations (in the fin stack) */
  int band, nfins;
} hf_cover;

static void hf_fill(const hf_scan *sc, hf_fish *f, unsigned base, unsigned u) {
  memset(f, 0, sizeof *f);
  f->digit = (uint8_t)sc->digit;
  f->by_cols = (uint8_t)sc->by_cols;
  f->base = (uint16_t)base;
  f->cover = (uint16_t)u;
}

/* The cells of the lines `lines` at cross x. */
static void hf_add_cross(sk_bits *b, int by_cols, unsigned lines, int x) {
  for (; lines; lines &= lines - 1) sk_bits_set(b, hf_cell(by_cols, __builtin_ctz(lines), x));
}

/* A base set of n lines whose places lie in the crosses u. */
static int hf_leaf(const hf_scan *sc, unsigned base, unsigned u) {
  int n = sc->n, k = sk_mask_count((sk_mask)u) - n;
  hf_fish f;
  if (k == 0) {
    if (!sc->finless) return 0;
    unsigned any = 0;
    for (unsigned m = u; m; m &= m - 1) any |= sc->tr[__builtin_ctz(m)] & ~base;
    if (!any) return 0;
    hf_fill(sc, &f, base, u);
    for (unsigned m = u; m; m &= m - 1) {
      int x = __builtin_ctz(m);
      hf_add_cross(&f.elim, sc->by_cols, sc->tr[x] & ~base, x);
    }
    f.kind = HF_FINLESS;
    for (unsigned m = base; m; m &= m - 1)
      if (sk_mask_count(sc->pos[__builtin_ctz(m)]) == 1) f.kind = HF_SASHIMI;
    f.nelim = sk_bits_count(f.elim);
    f.first_elim = sk_bits_first(f.elim);
    return sc->sink(sc->ud, &f);
  }
  if (!sc->finned || k > 2) return 0;
  hf_cover c[9];                  /* 3 stacks, 3 fin sets each at most */
  int nc = 0;
  for (int stack = 0; stack < 3; stack++) {
    unsigned st = 7u << (3 * stack), us = u & st;
    if (sk_mask_count((sk_mask)us) <= k) continue;    /* fins and a cover in the stack */
    for (unsigned fm = us; fm; fm = (fm - 1) & us) {
      if (sk_mask_count((sk_mask)fm) != k) continue;
      unsigned fin_lines = 0;
      int nf = 0;
      for (unsigned m = fm; m; m &= m - 1) {
        unsigned l = sc->tr[__builtin_ctz(m)] & base;
        fin_lines |= l;
        nf += sk_mask_count((sk_mask)l);
      }
      if (nf > sc->max_fins) continue;
      int band = __builtin_ctz(fin_lines) / 3;
      unsigned band_lines = 7u << (3 * band);
      if (fin_lines & ~band_lines) continue;            /* fins in two boxes */
      unsigned hit = 0, box = band_lines & ~base;
      for (unsigned m = us & ~fm; m; m &= m - 1)
        if (sc->tr[__builtin_ctz(m)] & box) hit |= m & -m;
      if (!hit) continue;
      hf_cover e = {u & ~fm, fm, hit, band, nf};
      int at = nc++;
      while (at > 0 && hf_lex_before(e.cover, c[at - 1].cover)) { c[at] = c[at - 1]; at--; }
      c[at] = e;
    }
  }
  for (int i = 0; i < nc; i++) {
    hf_fill(sc, &f, base, c[i].cover);
    f.kind = HF_FINNED;
    for (unsigned m = base; m; m &= m - 1)
      if (sk_mask_count((sk_mask)(sc->pos[__builtin_ctz(m)] & ~c[i].fins)) <= 1) f.kind = HF_SASHIMI;
    for (unsigned m = c[i].fins; m; m &= m - 1) {
      int x = __builtin_ctz(m);
      hf_add_cross(&f.fins, sc->by_cols, sc->tr[x] & base, x);
    }
    unsigned box = (7u << (3 * c[i].band)) & ~base;
    for (unsigned m = c[i].hit; m; m &= m - 1) {
      int x = __builtin_ctz(m);
      hf_add_cross(&f.elim, sc->by_cols, sc->tr[x] & box, x);
    }
    f.nfins = c[i].nfins;
    f.nelim = sk_bits_count(f.elim);
    f.first_elim = sk_bits_first(f.elim);
    if (sc->sink(sc->ud, &f)) return 1;
  }
  return 0;
}

/* Can base lines with places at the crosses u still make a fish, once
** more lines are added (which only adds crosses)?  A finless one needs at
** most n crosses; a finned one n covers and fins in one stack that also
** holds a cover (where the eliminations are), so at most n - 1 crosses
** outside that stack. */
static int hf_open(const hf_scan *sc, unsigned u) {
  if (sk_mask_count((sk_mask)u) <= sc->n) return 1;
  if (!sc->finned) return 0;
  for (int stack = 0; stack < 3; stack++)
    if (sk_mask_count((sk_mask)(u & ~(7u << (3 * stack)))) < sc->n) return 1;
  return 0;
}

/* Base sets in lexicographic order, not extending those that cannot make
** a fish. */
static int hf_bases(const hf_scan *sc, int from, int depth, unsigned base, unsigned u) {
  if (depth == sc->n) return hf_leaf(sc, base, u);
  for (int line = from; line <= 9 - (sc->n - depth); line++) {
    if (!sc->pos[line]) continue;
    unsigned nu = u | sc->pos[line];
    if (!hf_open(sc, nu)) continue;
    if (hf_bases(sc, line + 1, depth + 1, base | 1u << line, nu)) return 1;
  }
  return 0;
}

/* Every fish of size n in HoDoKu's scan order, to sink; stops (returning
** 1) when sink returns nonzero. */
static int hf_scan_grid(const sk_grid *g, int n, int finless, int finned, int max_fins,
                        hf_sink sink, void *ud) {
  hf_scan sc;
  sc.n = n;
  sc.finless = finless;
  sc.finned = finned && max_fins > 0;
  sc.max_fins = max_fins;
  sc.sink = sink;
  sc.ud = ud;
  for (int d = 1; d <= 9; d++) {
    uint16_t rows[9], cols[9] = {0};
    for (int r = 0; r < 9; r++) {
      unsigned m = sk_bits_row(g->dcells[d - 1], r);
      rows[r] = (uint16_t)m;
      for (; m; m &= m - 1) cols[__builtin_ctz(m)] |= (uint16_t)(1u << r);
    }
    sc.digit = d;
    for (int by_cols = 0; by_cols <= 1; by_cols++) {
      sc.by_cols = by_cols;
      memcpy(sc.pos, by_cols ? cols : rows, sizeof sc.pos);
      memcpy(sc.tr, by_cols ? rows : cols, sizeof sc.tr);
      if (hf_bases(&sc, 0, 0, 0, 0)) return 1;
    }
  }
  return 0;
}

/* {====== hints */

static const char *const hf_names[5][8] = {
  {0, 0, "X-Wing", "Swordfish", "Jellyfish", "Squirmbag", "Whale", "Leviathan"},
  {0, 0, "Finned X-Wing", "Finned Swordfish", "Finned Jellyfish", "Finned Squirmbag",
   "Finned Whale", "Finned Leviathan"},
  {0, 0, "Sashimi X-Wing", "Sashimi Swordfish", "Sashimi Jellyfish", "Sashimi Squirmbag",
   "Sashimi Whale", "Sashimi Leviathan"},
  {0, 0, "Siamese Finned X-Wing", "Siamese Finned Swordfish", "Siamese Finned Jellyfish",
   "Siamese Finned Squirmbag", "Siamese Finned Whale", "Siamese Finned Leviathan"},
  {0, 0, "Siamese Sashimi X-Wing", "Siamese Sashimi Swordfish", "Siamese Sashimi Jellyfish",
   "Siamese Sashimi Squirmbag", "Siamese Sashimi Whale", "Siamese Sashimi Leviathan"},
};

static int hf_type(const hf_fish *f) {
  return f->siamese ? (f->kind == HF_SASHIMI ? 4 : 3) : f->kind;
}

static void hf_text_lines(const sk_host *host, sk_hint *h, char kind, unsigned set) {
  host->hint_printf(h, "%c", kind);
  for (int i = 0; i < 9; i++)
    if ((set >> i) & 1) host->hint_printf(h, "%d", i + 1);
}

static void hf_text_fins(const sk_host *host, sk_hint *h, sk_bits fins) {
  char name[8];
  for (int c; (c = sk_bits_pop(&fins)) >= 0; ) host->hint_printf(h, " f%s", sk_cell_name(c, name));
}

static int hf_emit(const sk_search *s, int n, const hf_fish *f) {
  const sk_host *host = s->host;
  const sk_grid *g = s->grid;
  sk_hint h;
  host->hint_init(&h);
  int type = hf_type(f);
  h.name = hf_names[type][n];
  h.fig[SK_FIG_SIZE] = n;
  h.fig[SK_FIG_TYPE] = type;
  h.fig[SK_FIG_EXTRA] = sk_bits_count(sk_bits_or(f->fins, f->fins2));
  sk_bits lines = {{0, 0}};
  for (int i = 0; i < 9; i++)
    if ((f->base >> i) & 1) lines = sk_bits_or(lines, sk_house_bits[(f->by_cols ? 9 : 0) + i]);
  sk_bits focus = sk_bits_and(lines, g->dcells[f->digit - 1]), elim = f->elim;
  for (int c; (c = sk_bits_pop(&focus)) >= 0; ) sk_hint_focus(&h, c, f->digit);
  for (int c; (c = sk_bits_pop(&elim)) >= 0; ) sk_hint_elim(&h, c, f->digit);
  char base_kind = f->by_cols ? 'c' : 'r', cover_kind = f->by_cols ? 'r' : 'c';
  host->hint_printf(&h, "%s: %d ", h.name, f->digit);
  hf_text_lines(host, &h, base_kind, f->base);
  host->hint_printf(&h, " ");
  hf_text_lines(host, &h, cover_kind, f->cover);
  if (f->siamese) {
    host->hint_printf(&h, "/");
    hf_text_lines(host, &h, cover_kind, f->cover2);
  }
  hf_text_fins(host, &h, f->fins);
  if (f->siamese) hf_text_fins(host, &h, f->fins2);
  return host->emit(s, &h);
}

/* }====== */

/* {====== gathered searches */

typedef struct hf_list {
  hf_fish *a;
  int n, cap, failed;
  int one;                        /* only-one-fish-per-step */
  int kinds;                      /* bit per kind the search keeps */
} hf_list;

static int hf_push(hf_list *l, const hf_fish *f) {
  if (l->n == l->cap) {
    int cap = l->cap ? 2 * l->cap : 64;
    hf_fish *a = realloc(l->a, (size_t)cap * sizeof *a);
    if (!a) { l->failed = 1; return 1; }
    l->a = a;
    l->cap = cap;
  }
  l->a[l->n] = *f;
  l->a[l->n].seq = l->n;
  l->n++;
  return 0;
}

/* FishSolver.addFishStep: with only-one-fish-per-step, a fish whose
** eliminations an earlier one has replaces it in its place when its type
** comes first, and is dropped otherwise. */
static int hf_gather(void *ud, const hf_fish *f) {
  hf_list *l = ud;
  if (!((l->kinds >> f->kind) & 1)) return 0;
  if (l->one)
    for (int i = 0; i < l->n; i++)
      if (l->a[i].digit == f->digit && sk_bits_equal(l->a[i].elim, f->elim)) {
        if (f->kind < l->a[i].kind) { int seq = l->a[i].seq; l->a[i] = *f; l->a[i].seq = seq; }
        return 0;
      }
  return hf_push(l, f);
}

/* FishSolver.findSiameseFish. */
static void hf_siamese(hf_list *l) {
  int n = l->n;
  for (int i = 0; i < n - 1; i++)
    for (int j = i + 1; j < n; j++) {
      const hf_fish *a = &l->a[i], *b = &l->a[j];
      if (a->digit != b->digit || a->by_cols != b->by_cols || a->base != b->base) continue;
      if ((a->kind == HF_FINLESS) != (b->kind == HF_FINLESS)) continue;
      if (a->first_elim == b->first_elim) continue;
      hf_fish f = *a;
      f.siamese = 1;
      f.cover2 = b->cover;
      f.fins2 = b->fins;
      f.elim = sk_bits_or(a->elim, b->elim);
      f.nelim = a->nelim + b->nelim;
      f.nfins = a->nfins + b->nfins;
      if (hf_push(l, &f)) return;     /* a and b may have moved: not used again */
    }
}

/* SolutionStep.compareTo between two fish, then list order. */
static int hf_compare(const void *x, const void *y) {
  const hf_fish *a = x, *b = y;
  if (a->nelim != b->nelim) return b->nelim - a->nelim;
  if (a->kind != b->kind) return a->kind - b->kind;
  if (a->nfins != b->nfins) return a->nfins - b->nfins;
  if (a->digit != b->digit) return a->digit - b->digit;
  return a->seq - b->seq;
}

/* }====== */

/* A finned search meets the sashimi fish of its size too, in the order the
** sashimi search would: when it finds no finned fish, the first sashimi
** one (or that there is none) is kept on the rating step for the sashimi
** search of that size, tried next on the same grid (host set_aux; with
** the same max-fins). */
typedef struct hf_first {
  int max_fins, have;
  hf_fish f;
} hf_first;

static const char hf_first_key[8];   /* by size: the step data's keys */

typedef struct hf_stream {
  const sk_search *s;
  int n, kind;
  hf_first *first;                /* the first sashimi fish, for a finned search */
} hf_stream;

static int hf_stream_emit(void *ud, const hf_fish *f) {
  hf_stream *st = ud;
  if (st->first && f->kind == HF_SASHIMI && !st->first->have) {
    st->first->f = *f;
    st->first->have = 1;
  }
  if (st->kind != HF_FINLESS && f->kind != st->kind) return 0;
  return hf_emit(st->s, st->n, f);
}

/* The search of the technique for size n and kind (HF_FINLESS for the
** finless ids). */
int hf_search(const sk_search *s, int n, int kind) {
  const sk_host *host = s->host;
  int max_fins = host->param(s, "max-fins", 5);
  int siamese = host->param(s, "duals", 0) != 0;
  int one = host->param(s, "only-one-fish-per-step", 1) != 0;
  int all = host->param(s, "all-steps", 0) != 0;
  int finless = kind == HF_FINLESS, finned = !finless;
  if (!all && (!siamese || kind == HF_SASHIMI)) {
    const void *key = n >= 2 && n <= 7 ? &hf_first_key[n] : NULL;
    if (kind == HF_SASHIMI && key) {
      const hf_first *got = host->get_aux(s, key);
      if (got && got->max_fins == max_fins)
        return got->have && hf_emit(s, n, &got->f) ? SK_SEARCH_STOPPED : SK_SEARCH_DONE;
    }
    hf_first first = {max_fins, 0, {0}};
    hf_stream st = {s, n, kind, kind == HF_FINNED && key ? &first : NULL};
    if (hf_scan_grid(s->grid, n, finless, finned, max_fins, hf_stream_emit, &st)) return SK_SEARCH_STOPPED;
    if (st.first) {
      hf_first *keep = malloc(sizeof *keep);
      if (keep) {
        *keep = first;
        host->set_aux(s, key, keep, free);
      }
    }
    return SK_SEARCH_DONE;
  }
  hf_list l;
  memset(&l, 0, sizeof l);
  l.one = one;
  if (all) { finless = finned = 1; l.kinds = 7; }
  else l.kinds = finless ? (1 << HF_FINLESS | 1 << HF_SASHIMI) : 1 << HF_FINNED;
  hf_scan_grid(s->grid, n, finless, finned, max_fins, hf_gather, &l);
  if (siamese && !l.failed) hf_siamese(&l);
  if (l.n > 1) qsort(l.a, (size_t)l.n, sizeof *l.a, hf_compare);
  int rc = SK_SEARCH_DONE;
  for (int i = 0; i < l.n; i++) {
    if (all && l.a[i].kind != kind) continue;
    if (hf_emit(s, n, &l.a[i])) { rc = SK_SEARCH_STOPPED; break; }
  }
  free(l.a);
  return rc;
}

const char *hf_name(int kind, int n) { return hf_names[kind][n]; }
