/*
** franken.c -- HoDoKu's Franken and Mutant fish, finless and finned, of
** sizes 2-7, with endo fins and cannibalism, their Siamese forms, and the
** fish search its Kraken fish use (kraken.c).
**
** Techniques (ids of the rating table; HoDoKu 2.2.0 arg, reglib code):
**   franken-x-wing .. franken-leviathan                 ff2..ff7    0330-0335
**   finned-franken-x-wing .. finned-franken-leviathan   fff2..fff7  0340-0345
**   mutant-x-wing .. mutant-leviathan                   mf2..mf7    0350-0355
**   finned-mutant-x-wing .. finned-mutant-leviathan     fmf2..fmf7  0360-0365
** (size 2 X-Wing, 3 Swordfish, 4 Jellyfish, 5 Squirmbag, 6 Whale,
** 7 Leviathan).  A Siamese fish is written with its code and a 1 (03411).
**
** The rule, for a digit d and a size n.  Base set: n houses holding d;
** cover set: n other houses.  Base cells (cells of d in a base house) in
** two base houses are endo fins; base cells in no cover house are fins,
** endo fins count as fins too.  Cover cells in two cover houses are
** cannibalistic.
**   - No fins: d leaves every cover cell outside the base houses and every
**     cannibalistic cell (a base cell in two cover houses: if it held d,
**     two cover houses would hold d twice... one base house would be left
**     without d).
**   - Fins (at most max-fins, endo fins at most max-endo-fins): d leaves
**     those of the cells above that see every fin.
** The fish's type is HoDoKu's (FishSolver.createFishStep): base houses all
** rows and cover all columns (or the reverse): basic (finned, sashimi when
** a base line keeps at most one cell once its fins are taken away); base
** rows, or rows and boxes, with cover columns, or columns and boxes (or
** the reverse): Franken; anything else: Mutant.
**
** Scan order (FishSolver.getFishes, initForCandidat, searchCoverUnits):
** digit 1..9.  Franken search: rows and boxes as base houses with columns
** and boxes as cover houses first, then columns and boxes with rows and
** boxes; Mutant search: one pass, every house may be base or cover.
** House order: rows 1-9, columns 1-9, boxes 1-9.  Base sets in
** lexicographic order of that list, each base set's cover sets (houses not
** in the base set that hold one of its cells) in lexicographic order.  A
** base house that would add more endo fins than allowed (or any, without
** fins) ends that branch; without fins a base house needs at most n cells
** of d.  As HoDoKu the search returns every fish it meets, of whatever
** type: the Franken search also meets basic fish (an earlier technique
** would have found them) and, with boxes as the only base houses, fish
** HoDoKu types as Mutant.
**
** What keeps the large fish affordable, without losing a fish or changing
** the order: a fish only eliminates candidates that no valid template of
** its digit holds (sk_templates.h), so those are worked out first (once
** per step, shared by the techniques through the step's aux data): a digit
** without any is skipped, and a cover set is cut short as soon as its
** fins, whatever houses complete it, would be more than max-fins or would
** see none of them.  HoDoKu's own template filter (check-templates, on by
** default, used only for basic fish of size >= 6, Franken >= 5, Mutant
** >= 4) skips the same digits, and a base set with endo fins unless some
** cell that sees every endo fin is neither a candidate nor a placed cell
** of d; that test can skip a fish, so it is made the same way here.
**
** Options (host->param, HoDoKu's defaults):
**   max-fins (5), max-endo-fins (2), check-templates (1),
**   duals (0)                    allowDualsAndSiamese: gather every fish
**                                of the search's type, add the Siamese ones
**                                and take them in HoDoKu's sorted order
**   only-one-fish-per-step (1)   onlyOneFishPerStep: where fish are
**                                gathered, of fish with the same digit and
**                                eliminations only the first of the least
**                                type is kept
**   all-steps (0)                1: HoDoKu's getAllFishes (its regression
**                                tester): finless and finned fish found in
**                                one pass; each technique emits those of its
**                                own type, in HoDoKu's sorted order
** Solver order without duals: the first fish of the search.
**
** Hints: focus = the base cells of the digit (fins included); text as
** HoDoKu's step.toString(2) up to " => ": "Finned Franken Swordfish: 6
** r15b6 c168 fr4c5 efr5c9", a Siamese fish "Siamese Finned Franken
** Swordfish: 4 r25b3 c135/c145 ...".  Figures: size = n; type = 10 *
** category (0 basic, 1 Franken, 2 Mutant) + 0 finless, 1 finned,
** 2 sashimi, 3 Siamese finned, 4 Siamese sashimi, 5 Siamese finless;
** extra = the number of fins, endo fins included; length = the number of
** endo fins; complexity = the size of HoDoKu's cannibalistic list (the
** eliminations in two cover houses, base cells or not).
*/
#include <stdlib.h>
#include <string.h>
#include "fish.h"
#include "../sk_templates.h"

/* {====== the search */

static sk_bits ff_buddies(sk_bits cells) {
  sk_bits b = {{~0ULL, (1ULL << 17) - 1}};
  for (int c; (c = sk_bits_pop(&cells)) >= 0; ) b = sk_bits_and(b, sk_peer_bits[c]);
  return b;
}

static unsigned ff_kinds(uint32_t units) {
  unsigned k = 0;
  if (units & 0x1FFu) k |= 1;
  if (units & (0x1FFu << 9)) k |= 2;
  if (units & (0x1FFu << 18)) k |= 4;
  return k;
}

/* HoDoKu's category of a fish with these base and cover houses. */
static int ff_category(uint32_t base, uint32_t cover) {
  unsigned b = ff_kinds(base), c = ff_kinds(cover);
  if ((b == 1 && c == 2) || (b == 2 && c == 1)) return FF_BASIC;
  if (((b == 1 || b == 5) && (c == 2 || c == 6)) || ((b == 2 || b == 6) && (c == 1 || c == 5)))
    return FF_FRANKEN;
  return FF_MUTANT;
}

typedef struct ff_scan {
  const ff_opts *o;
  int digit, templ;
  sk_bits cand, tdel;             /* d's candidates; cells in no valid template */
  sk_bits targets;                /* where eliminations can be: d's candidates
                                  ** in no valid template */
  int nbase, ncover;
  uint8_t base_u[27], cover_u[27];
  sk_bits base_c[27], cover_c[27];
  uint32_t used;                  /* base houses of the current base set */
  int bidx[8];                    /* their indexes in base_u */
  int level;
  /* the current cover search */
  int nu;
  sk_bits bc, endo;
  uint8_t u[27];
  sk_bits c[27], suf[28];
  uint32_t cover;
  unsigned polls;
  int stopped;                    /* the budget ran out */
  ff_sink sink;
  void *ud;
} ff_scan;

static int ff_leaf(ff_scan *sc, sk_bits cc, sk_bits kan) {
  const ff_opts *o = sc->o;
  sk_bits open = sk_bits_andnot(sc->bc, cc), fins = sk_bits_or(open, sc->endo);
  sk_bits outside = sk_bits_andnot(cc, sc->bc), e1, e2;
  int finned;
  if (sk_bits_empty(fins)) {
    if (!o->finless) return 0;
    e1 = outside, e2 = kan, finned = 0;
    if (sk_bits_empty(e1) && sk_bits_empty(e2)) return 0;
  } else {
    int nf = sk_bits_count(fins);
    if (!o->finned || nf > o->max_fins) return 0;
    sk_bits b = ff_buddies(fins);
    if (sk_bits_empty(b)) return 0;
    e1 = sk_bits_and(outside, b), e2 = sk_bits_and(kan, b), finned = 1;
    int none = sk_bits_empty(e1) && sk_bits_empty(e2);
    if (o->kraken ? !none : none) return 0;
  }
  if (o->kraken && !finned) return 0;
  ff_fish f;
  memset(&f, 0, sizeof f);
  f.digit = (uint8_t)sc->digit;
  f.n = (uint8_t)sc->level;
  f.base = sc->used;
  f.cover = sc->cover;
  f.cat = (uint8_t)ff_category(sc->used, sc->cover);
  f.kind = (uint8_t)(finned ? HF_FINNED : HF_FINLESS);
  if (f.cat == FF_BASIC)
    for (int i = 0; i < sc->level; i++)
      if (sk_bits_count(sk_bits_andnot(sc->base_c[sc->bidx[i]], fins)) <= 1) {
        f.kind = HF_SASHIMI;
        break;
      }
  f.endo = sc->endo;
  f.fins = sk_bits_andnot(fins, sc->endo);
  f.cannib = e2;
  f.elim = sk_bits_or(e1, e2);
  f.bcells = sc->bc;
  f.potential = sk_bits_or(outside, kan);
  if (o->kraken) f.cannib = kan;
  f.nlist = sk_bits_count(e1) + sk_bits_count(e2);
  f.first_elim = !sk_bits_empty(e1)   ? sk_bits_first(e1)
                 : !sk_bits_empty(e2) ? sk_bits_first(e2)
                                      : -1;          /* a Kraken fish's fish */
  return sc->sink(sc->ud, &f);
}

/* Can a cover set that has cc after picking, with houses still to come
** only from index `next` on, make a fish?  Its fins will hold every base
** cell no house covers, and the endo fins. */
static int ff_cover_open(const ff_scan *sc, sk_bits cc, int next) {
  const ff_opts *o = sc->o;
  sk_bits fins = sk_bits_or(sk_bits_andnot(sc->bc, sk_bits_or(cc, sc->suf[next])), sc->endo);
  if (sk_bits_empty(fins)) return 1;
  if (!o->finned || sk_bits_count(fins) > o->max_fins) return 0;
  if (o->kraken) return 1;
  return !sk_bits_empty(sk_bits_and(ff_buddies(fins), sc->targets));
}

static int ff_covers(ff_scan *sc, int from, int k, sk_bits cc, sk_bits kan) {
  int L = sc->level;
  for (int i = from; i <= sc->nu - (L - k); i++) {
    sk_bits nk = sk_bits_or(kan, sk_bits_and(cc, sc->c[i])), ncc = sk_bits_or(cc, sc->c[i]);
    sc->cover |= 1u << sc->u[i];
    int stop = 0;
    if ((++sc->polls & 0xFFF) == 0 && sc->o->search &&
        sc->o->search->host->should_stop(sc->o->search))
      sc->stopped = 1;
    if (sc->stopped) stop = 1;
    else if (k + 1 == L) stop = ff_leaf(sc, ncc, nk);
    else if (ff_cover_open(sc, ncc, i + 1)) stop = ff_covers(sc, i + 1, k + 1, ncc, nk);
    sc->cover &= ~(1u << sc->u[i]);
    if (stop) return 1;
  }
  return 0;
}

static int ff_cover_search(ff_scan *sc) {
  sc->nu = 0;
  for (int i = 0; i < sc->ncover; i++) {
    if ((sc->used >> sc->cover_u[i]) & 1) continue;
    if (sk_bits_empty(sk_bits_and(sc->cover_c[i], sc->bc))) continue;
    sc->u[sc->nu] = sc->cover_u[i];
    sc->c[sc->nu++] = sc->cover_c[i];
  }
  sk_bits none = {{0, 0}};
  sc->suf[sc->nu] = none;
  for (int i = sc->nu - 1; i >= 0; i--)
    sc->suf[i] = sk_bits_or(sc->suf[i + 1], sk_bits_and(sc->c[i], sc->bc));
  if (!ff_cover_open(sc, none, 0)) return 0;
  sc->cover = 0;
  return ff_covers(sc, 0, 0, none, none);
}

static int ff_bases(ff_scan *sc, int from, sk_bits bc, sk_bits endo) {
  const ff_opts *o = sc->o;
  int with_endo = o->finned && o->max_endo > 0;
  int nendo = sk_bits_count(endo);
  for (int i = from; i < sc->nbase; i++) {
    sk_bits ov = sk_bits_and(bc, sc->base_c[i]);
    if (!sk_bits_empty(ov) && (!with_endo || nendo + sk_bits_count(ov) > o->max_endo)) continue;
    sc->bc = sk_bits_or(bc, sc->base_c[i]);
    sc->endo = sk_bits_or(endo, ov);
    sc->used |= 1u << sc->base_u[i];
    sc->bidx[sc->level++] = i;
    int stop = 0, gate = 1;
    if (sc->templ && !sk_bits_empty(sc->endo))
      gate = !sk_bits_empty(sk_bits_and(sk_bits_andnot(ff_buddies(sc->endo), sc->cand), sc->tdel));
    if (sc->level >= o->nmin && gate) stop = ff_cover_search(sc);
    if (!stop && sc->level < o->nmax) stop = ff_bases(sc, i + 1, sc->bc, sc->endo);
    sc->level--;
    sc->used &= ~(1u << sc->base_u[i]);
    if (stop) return 1;
  }
  return 0;
}

/* One digit, one orientation (lines: rows are base houses). */
static int ff_orient(ff_scan *sc, int lines) {
  const ff_opts *o = sc->o;
  sc->nbase = sc->ncover = 0;
  for (int h = 0; h < 27; h++) {
    sk_bits c = sk_bits_and(sc->cand, sk_house_bits[h]);
    if (sk_bits_empty(c)) continue;
    int kind = h / 9, base, cover;
    if (kind == 2) base = cover = o->cat != FF_BASIC;
    else if (o->cat == FF_MUTANT) base = cover = 1;
    else base = (kind == 0) == lines, cover = !base;
    if (base && (o->finned || sk_bits_count(c) <= o->nmax)) {
      sc->base_u[sc->nbase] = (uint8_t)h;
      sc->base_c[sc->nbase++] = c;
    }
    if (cover) {
      sc->cover_u[sc->ncover] = (uint8_t)h;
      sc->cover_c[sc->ncover++] = c;
    }
  }
  sk_bits none = {{0, 0}};
  sc->used = 0;
  sc->level = 0;
  return ff_bases(sc, 0, none, none);
}

void ff_template_dels(const sk_grid *g, sk_bits out[9]) {
  sk_bits all = {{~0ULL, (1ULL << 17) - 1}};
  for (int d = 1; d <= 9; d++) {
    sk_tmpl_sum t = sk_tmpl_summary(g, d);
    out[d - 1] = sk_bits_andnot(all, t.any);
  }
}

int ff_scan_grid(const sk_grid *g, const ff_opts *o, ff_sink sink, void *ud) {
  ff_scan sc;
  sk_bits dels[9];
  memset(&sc, 0, sizeof sc);
  sc.o = o;
  sc.sink = sink;
  sc.ud = ud;
  sc.templ = o->templates && !o->kraken &&
             !((o->cat == FF_BASIC && o->nmax <= 5) || (o->cat == FF_FRANKEN && o->nmax <= 4) ||
               (o->cat == FF_MUTANT && o->nmax <= 3));
  /* A fish eliminates a candidate in no valid template of its digit (the
  ** digit's templates are every placement the houses allow), so the
  ** templates tell where eliminations can be: a digit without such a
  ** candidate is skipped and cover sets are cut by them (HoDoKu's own
  ** filter, sc.templ, only adds its endo fin test). */
  int prune = !o->kraken;
  if (prune && !o->tdel) ff_template_dels(g, dels);
  const sk_bits *tdel = o->tdel ? o->tdel : dels;
  for (int d = 1; d <= 9; d++) {
    sc.digit = d;
    sc.cand = g->dcells[d - 1];
    if (sk_bits_empty(sc.cand)) continue;
    sc.targets = sc.cand;
    if (prune) {
      sc.tdel = tdel[d - 1];
      sc.targets = sk_bits_and(sc.tdel, sc.cand);
      if (sk_bits_empty(sc.targets)) continue;
    }
    if (ff_orient(&sc, 1)) return 1;
    if (o->cat != FF_MUTANT && ff_orient(&sc, 0)) return 1;
  }
  return 0;
}

/* }====== */

/* {====== hints */

static const char *const ff_names[2][2][8] = {
  {{0, 0, "Franken X-Wing", "Franken Swordfish", "Franken Jellyfish", "Franken Squirmbag",
    "Franken Whale", "Franken Leviathan"},
   {0, 0, "Finned Franken X-Wing", "Finned Franken Swordfish", "Finned Franken Jellyfish",
    "Finned Franken Squirmbag", "Finned Franken Whale", "Finned Franken Leviathan"}},
  {{0, 0, "Mutant X-Wing", "Mutant Swordfish", "Mutant Jellyfish", "Mutant Squirmbag",
    "Mutant Whale", "Mutant Leviathan"},
   {0, 0, "Finned Mutant X-Wing", "Finned Mutant Swordfish", "Finned Mutant Jellyfish",
    "Finned Mutant Squirmbag", "Finned Mutant Whale", "Finned Mutant Leviathan"}},
};

static const char *const ff_siamese_names[3][3][8] = {
  {{0, 0, "Siamese X-Wing", "Siamese Swordfish", "Siamese Jellyfish", "Siamese Squirmbag",
    "Siamese Whale", "Siamese Leviathan"},
   {0, 0, "Siamese Finned X-Wing", "Siamese Finned Swordfish", "Siamese Finned Jellyfish",
    "Siamese Finned Squirmbag", "Siamese Finned Whale", "Siamese Finned Leviathan"},
   {0, 0, "Siamese Sashimi X-Wing", "Siamese Sashimi Swordfish", "Siamese Sashimi Jellyfish",
    "Siamese Sashimi Squirmbag", "Siamese Sashimi Whale", "Siamese Sashimi Leviathan"}},
  {{0, 0, "Siamese Franken X-Wing", "Siamese Franken Swordfish", "Siamese Franken Jellyfish",
    "Siamese Franken Squirmbag", "Siamese Franken Whale", "Siamese Franken Leviathan"},
   {0, 0, "Siamese Finned Franken X-Wing", "Siamese Finned Franken Swordfish",
    "Siamese Finned Franken Jellyfish", "Siamese Finned Franken Squirmbag",
    "Siamese Finned Franken Whale", "Siamese Finned Franken Leviathan"},
   {0}},
  {{0, 0, "Siamese Mutant X-Wing", "Siamese Mutant Swordfish", "Siamese Mutant Jellyfish",
    "Siamese Mutant Squirmbag", "Siamese Mutant Whale", "Siamese Mutant Leviathan"},
   {0, 0, "Siamese Finned Mutant X-Wing", "Siamese Finned Mutant Swordfish",
    "Siamese Finned Mutant Jellyfish", "Siamese Finned Mutant Squirmbag",
    "Siamese Finned Mutant Whale", "Siamese Finned Mutant Leviathan"},
   {0}},
};

const char *ff_name(int cat, int kind, int n) {
  if (cat == FF_BASIC) return hf_name(kind, n);
  return ff_names[cat - 1][kind != HF_FINLESS][n];
}

static const char *ff_fish_name(const ff_fish *f) {
  if (!f->siamese) return ff_name(f->cat, f->kind, f->n);
  return ff_siamese_names[f->cat][f->cat == FF_BASIC ? f->kind : f->kind != HF_FINLESS][f->n];
}

int ff_type(const ff_fish *f) {
  int t = f->kind;
  if (f->siamese) t = f->kind == HF_FINLESS ? 5 : f->kind == HF_SASHIMI ? 4 : 3;
  return 10 * f->cat + t;
}

static void ff_text_units(const sk_host *host, sk_hint *h, uint32_t set) {
  int last = -1;
  for (int u = 0; u < 27; u++) {
    if (!((set >> u) & 1)) continue;
    if (u / 9 != last) host->hint_printf(h, "%c", "rcb"[u / 9]);
    host->hint_printf(h, "%d", u % 9 + 1);
    last = u / 9;
  }
}

static void ff_text_cells(const sk_host *host, sk_hint *h, const char *tag, sk_bits cells) {
  char name[8];
  for (int c; (c = sk_bits_pop(&cells)) >= 0; )
    host->hint_printf(h, " %s%s", tag, sk_cell_name(c, name));
}

void ff_text(const sk_host *host, sk_hint *h, const ff_fish *f) {
  ff_text_units(host, h, f->base);
  host->hint_printf(h, " ");
  ff_text_units(host, h, f->cover);
  if (f->siamese) {
    host->hint_printf(h, "/");
    ff_text_units(host, h, f->cover2);
  }
  ff_text_cells(host, h, "f", f->fins);
  if (f->siamese) ff_text_cells(host, h, "f", f->fins2);
  ff_text_cells(host, h, "ef", f->endo);
}

static int ff_emit(const sk_search *s, const ff_fish *f) {
  const sk_host *host = s->host;
  sk_hint h;
  host->hint_init(&h);
  h.name = ff_fish_name(f);
  h.fig[SK_FIG_SIZE] = f->n;
  h.fig[SK_FIG_TYPE] = ff_type(f);
  h.fig[SK_FIG_EXTRA] = sk_bits_count(sk_bits_or(sk_bits_or(f->fins, f->fins2), f->endo));
  h.fig[SK_FIG_LENGTH] = sk_bits_count(f->endo);
  h.fig[SK_FIG_COMPLEXITY] = sk_bits_count(f->cannib);
  sk_bits focus = f->bcells, elim = f->elim;
  for (int c; (c = sk_bits_pop(&focus)) >= 0; ) sk_hint_focus(&h, c, f->digit);
  for (int c; (c = sk_bits_pop(&elim)) >= 0; ) sk_hint_elim(&h, c, f->digit);
  host->hint_printf(&h, "%s: %d ", h.name, f->digit);
  ff_text(host, &h, f);
  return host->emit(s, &h);
}

/* }====== */

/* {====== gathered searches */

typedef struct ff_list {
  ff_fish *a;
  int n, cap, failed;
  int one;                        /* only-one-fish-per-step */
  int only_cat;                   /* -1, or the one category kept */
} ff_list;

static int ff_push(ff_list *l, const ff_fish *f) {
  if (l->n == l->cap) {
    int cap = l->cap ? 2 * l->cap : 64;
    ff_fish *a = realloc(l->a, (size_t)cap * sizeof *a);
    if (!a) { l->failed = 1; return 1; }
    l->a = a;
    l->cap = cap;
  }
  l->a[l->n] = *f;
  l->a[l->n].seq = l->n;
  l->n++;
  return 0;
}

/* HoDoKu's step category order: basic, finned basic (sashimi too),
** Franken, finned Franken, Mutant, finned Mutant. */
static int ff_catrank(const ff_fish *f) { return 2 * f->cat + (f->kind != HF_FINLESS); }

/* SolutionType.compare between two fish types. */
static int ff_type_cmp(const ff_fish *a, const ff_fish *b) {
  if (ff_catrank(a) != ff_catrank(b)) return ff_catrank(a) - ff_catrank(b);
  if (a->n != b->n) return a->n - b->n;
  return (a->kind == HF_SASHIMI) - (b->kind == HF_SASHIMI);
}

/* FishSolver.addFishStep. */
static int ff_gather(void *ud, const ff_fish *f) {
  ff_list *l = ud;
  if (l->only_cat >= 0 && f->cat != l->only_cat) return 0;
  if (l->one)
    for (int i = 0; i < l->n; i++)
      if (l->a[i].digit == f->digit && sk_bits_equal(l->a[i].elim, f->elim)) {
        if (ff_type_cmp(f, &l->a[i]) < 0) {
          int seq = l->a[i].seq;
          l->a[i] = *f;
          l->a[i].seq = seq;
          /* HoDoKu sorts the list it keyed the fish by */
          l->a[i].first_elim = sk_bits_first(f->elim);
        }
        return 0;
      }
  if (ff_push(l, f)) return 1;
  if (l->one) l->a[l->n - 1].first_elim = sk_bits_first(f->elim);
  return 0;
}

/* FishSolver.findSiameseFish. */
static void ff_siamese(ff_list *l, const sk_search *s) {
  int n = l->n;
  for (int i = 0; i < n - 1; i++) {
    if ((i & 0xFF) == 0 && s->host->should_stop(s)) return;
    for (int j = i + 1; j < n; j++) {
      const ff_fish *a = &l->a[i], *b = &l->a[j];
      if (a->digit != b->digit || a->n != b->n || a->base != b->base) continue;
      if (ff_catrank(a) != ff_catrank(b)) continue;
      if (a->first_elim == b->first_elim) continue;
      ff_fish f = *a;
      f.siamese = 1;
      f.cover2 = b->cover;
      f.fins2 = b->fins;
      f.elim = sk_bits_or(a->elim, b->elim);
      f.cannib = sk_bits_or(a->cannib, b->cannib);
      f.nlist = a->nlist + b->nlist;
      if (ff_push(l, &f)) return;
    }
  }
}

/* SolutionStep.compareTo between two fish, then list order. */
static int ff_compare(const void *x, const void *y) {
  const ff_fish *a = x, *b = y;
  if (a->nlist != b->nlist) return b->nlist - a->nlist;
  int t = ff_type_cmp(a, b);
  if (t) return t;
  int ka = sk_bits_count(a->cannib), kb = sk_bits_count(b->cannib);
  if (ka != kb) return ka - kb;
  int ea = sk_bits_count(a->endo), eb = sk_bits_count(b->endo);
  if (ea != eb) return ea - eb;
  int fa = sk_bits_count(a->fins) + sk_bits_count(a->fins2);
  int fb = sk_bits_count(b->fins) + sk_bits_count(b->fins2);
  if (fa != fb) return fa - fb;
  if (a->digit != b->digit) return a->digit - b->digit;
  return a->seq - b->seq;
}

/* }====== */

typedef struct ff_tech {
  int n, cat, finned;
} ff_tech;

typedef struct ff_stream {
  const sk_search *s;
} ff_stream;

static int ff_stream_emit(void *ud, const ff_fish *f) {
  const ff_stream *st = ud;
  return ff_emit(st->s, f);
}

/* The template eliminations of the step's grid, shared by the fish
** techniques tried on it; NULL when they cannot be kept (then each search
** works them out itself). */
static const char ff_aux_key = 0;

static const sk_bits *ff_step_dels(const sk_search *s) {
  sk_bits *d = s->host->get_aux(s, &ff_aux_key);
  if (d) return d;
  if (!(d = malloc(9 * sizeof *d))) return NULL;
  ff_template_dels(s->grid, d);
  if (s->host->set_aux(s, &ff_aux_key, d, free) != 0) return NULL;
  return d;
}

static int ff_search(const sk_search *s) {
  const ff_tech *t = s->data;
  const sk_host *host = s->host;
  int siamese = host->param(s, "duals", 0) != 0;
  int all = host->param(s, "all-steps", 0) != 0;
  ff_opts o;
  memset(&o, 0, sizeof o);
  o.nmin = o.nmax = t->n;
  o.cat = t->cat;
  o.finless = all || !t->finned;
  o.finned = all || t->finned;
  o.max_fins = host->param(s, "max-fins", 5);
  o.max_endo = host->param(s, "max-endo-fins", 2);
  o.templates = host->param(s, "check-templates", 1) != 0;
  o.tdel = ff_step_dels(s);
  o.search = s;
  if (!all && !siamese) {
    ff_stream st = {s};
    return ff_scan_grid(s->grid, &o, ff_stream_emit, &st) ? SK_SEARCH_STOPPED : SK_SEARCH_DONE;
  }
  ff_list l;
  memset(&l, 0, sizeof l);
  l.one = host->param(s, "only-one-fish-per-step", 1) != 0;
  l.only_cat = all ? -1 : t->cat;
  ff_scan_grid(s->grid, &o, ff_gather, &l);
  if (siamese && !l.failed) ff_siamese(&l, s);
  if (l.n > 1) qsort(l.a, (size_t)l.n, sizeof *l.a, ff_compare);
  int rc = SK_SEARCH_DONE;
  for (int i = 0; i < l.n; i++) {
    const ff_fish *f = &l.a[i];
    if (all && (f->cat != t->cat || (f->kind != HF_FINLESS) != t->finned)) continue;
    if (ff_emit(s, f)) { rc = SK_SEARCH_STOPPED; break; }
  }
  free(l.a);
  return rc;
}

static const ff_tech ff_techs[24] = {
  {2, FF_FRANKEN, 0}, {3, FF_FRANKEN, 0}, {4, FF_FRANKEN, 0},
  {5, FF_FRANKEN, 0}, {6, FF_FRANKEN, 0}, {7, FF_FRANKEN, 0},
  {2, FF_FRANKEN, 1}, {3, FF_FRANKEN, 1}, {4, FF_FRANKEN, 1},
  {5, FF_FRANKEN, 1}, {6, FF_FRANKEN, 1}, {7, FF_FRANKEN, 1},
  {2, FF_MUTANT, 0}, {3, FF_MUTANT, 0}, {4, FF_MUTANT, 0},
  {5, FF_MUTANT, 0}, {6, FF_MUTANT, 0}, {7, FF_MUTANT, 0},
  {2, FF_MUTANT, 1}, {3, FF_MUTANT, 1}, {4, FF_MUTANT, 1},
  {5, FF_MUTANT, 1}, {6, FF_MUTANT, 1}, {7, FF_MUTANT, 1},
};

static const char *const ff_ids[24] = {
  "franken-x-wing", "franken-swordfish", "franken-jellyfish",
  "franken-squirmbag", "franken-whale", "franken-leviathan",
  "finned-franken-x-wing", "finned-franken-swordfish", "finned-franken-jellyfish",
  "finned-franken-squirmbag", "finned-franken-whale", "finned-franken-leviathan",
  "mutant-x-wing", "mutant-swordfish", "mutant-jellyfish",
  "mutant-squirmbag", "mutant-whale", "mutant-leviathan",
  "finned-mutant-x-wing", "finned-mutant-swordfish", "finned-mutant-jellyfish",
  "finned-mutant-squirmbag", "finned-mutant-whale", "finned-mutant-leviathan",
};

int ff_register(const sk_host *host, sk_registry *reg) {
  for (int i = 0; i < 24; i++) {
    const ff_tech *t = &ff_techs[i];
    sk_technique tech = {ff_ids[i], ff_name(t->cat, t->finned ? HF_FINNED : HF_FINLESS, t->n), 0,
                         ff_search, t};
    if (host->register_technique(reg, &tech) != 0) return SK_PLUGIN_ERROR;
  }
  return SK_PLUGIN_OK;
}
