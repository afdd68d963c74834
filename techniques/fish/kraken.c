/*
** kraken.c -- HoDoKu's Kraken fish, types 1 and 2.
**
** Technique (id of the rating table; HoDoKu 2.2.0 arg, reglib codes):
**   kraken-fish   kf (kf1, kf2)   0371 (type 1), 0372 (type 2)
**
** The rule.  A finned fish (franken.c's search) that eliminates nothing
** still says: either the fish stands, or one of its fins holds the digit d.
**   - Type 1: a candidate e of d that the finless fish would eliminate (a
**     cover cell outside the base houses, or a cannibalistic cell) goes
**     when every fin holding d implies, by a chain, that e does not.
**   - Type 2: in a cover house, with the fish one of its base cells that
**     is not cannibalistic holds d; else a fin does.  Any candidate x of a
**     cell outside that set goes when each cell of the set holding d
**     implies, by a chain, that the cell does not hold x.  A cover house
**     with no cell outside the base is left out (it is a plain strong set,
**     HoDoKu's test).
** The chains (this file's own; HoDoKu reads its tabling solver's tables):
** every implication that follows from one assumption through single
** candidates, with no nets and no groups: a digit set in a cell removes the
** cell's other candidates and the digit from its peers; a candidate removed
** sets the other candidate of a bivalue cell and the other place of the
** digit in a house where it had two.  Each assumption's consequences are
** found once per search (breadth first, so the distance of each is its
** shortest chain) and kept for the other fish.  HoDoKu's tables also hold
** group nodes, so this check finds a subset of HoDoKu's Kraken fish; every
** one it finds is sound.
**
** Scan order (FishSolver.getKrakenFish, searchForKraken): digit 1..9, the
** fish search of sizes 2 to kraken-max-size in one pass (each base set's
** cover sets at every size before larger base sets), for each finned fish
** without eliminations type 1 (eliminations ascending), then type 2 (cover
** houses in search order, digits x 1..9, cells ascending).  The solver
** takes the first; a digit that has some is the last searched.
**
** Options (host->param, HoDoKu's defaults, Options.java krakenMaxFishType
** and so on): kraken-max-type (1: basic and Franken houses; 0 basic, 2
** Mutant), kraken-max-size (4), kraken-max-fins (2), kraken-max-endo-fins
** (0; endo fins only when the type is above basic), all-steps (0; 1:
** HoDoKu's getAllKrakenFishes as its regression tester runs it, sizes 2-4,
** every digit, the step list with one step per elimination -- the least
** type, then the shortest chains -- sorted by type and chain length).
**
** Hints: eliminate the one candidate; focus = the fish's base cells of d.
** Text: "Kraken Fish Type 1: Finned Franken Swordfish: 3 r15b6 c168 fr4c5"
** (HoDoKu's step name, then its fish as toString(2) prints it).  Figures:
** type = 1 or 2; size = the fish's size; extra = its fins (endo fins
** included); length = the sum of the chains' lengths (in implications).
*/
#include <stdlib.h>
#include <string.h>
#include "fish.h"

/* {====== chains */

/* The consequences of one assumption "cell c holds d". */
typedef struct fk_reach {
  int done;
  sk_bits off[9];                 /* off[x-1]: cells that then lose x */
  uint8_t dist[SK_CELLS * 9];     /* implications to "cell loses x", 0 = not */
} fk_reach;

/* The assumptions' consequences, made on demand: a search asks for the
** fins and base cells of its fishes' digits, a few dozen of the 729, so
** they are kept in blocks as they come (one block of all 729 is 640 KB to
** clear at every search) */
#define FK_BLOCK 32
typedef struct fk_chains {
  const sk_grid *g;
  const sk_search *s;             /* polled before each new assumption */
  int stopped;                    /* the budget ran out */
  int n;                          /* assumptions made */
  int16_t at[SK_CELLS * 9];       /* [cell * 9 + d - 1]: 1 + its index, 0 none yet */
  fk_reach *block[(SK_CELLS * 9 + FK_BLOCK - 1) / FK_BLOCK];
} fk_chains;

static void fk_bfs(const sk_grid *g, int start, int d, fk_reach *out) {
  /* literal: (cell * 9 + x - 1) * 2 + (1 = the cell loses x, 0 = holds it) */
  static const int N = SK_CELLS * 9 * 2;
  uint16_t queue[SK_CELLS * 9 * 2];
  uint8_t seen[SK_CELLS * 9 * 2];
  uint8_t dist[SK_CELLS * 9 * 2];
  int head = 0, tail = 0;
  memset(seen, 0, sizeof seen);
  memset(out, 0, sizeof *out);
  out->done = 1;
  int s = (start * 9 + d - 1) * 2;
  seen[s] = 1, dist[s] = 0, queue[tail++] = (uint16_t)s;
  while (head < tail) {
    int lit = queue[head++], cell = lit / 18, x = (lit / 2) % 9 + 1, off = lit & 1;
    int nd = dist[lit] < 250 ? dist[lit] + 1 : 250;
    int next[32], nn = 0;
    if (!off) {
      for (sk_mask m = (sk_mask)(g->cand[cell] & ~SK_BIT(x)); m; m &= (sk_mask)(m - 1))
        next[nn++] = (cell * 9 + __builtin_ctz(m)) * 2 + 1;
      sk_bits p = sk_bits_and(sk_peer_bits[cell], g->dcells[x - 1]);
      for (int c; (c = sk_bits_pop(&p)) >= 0; ) next[nn++] = (c * 9 + x - 1) * 2 + 1;
    } else {
      if (sk_mask_count(g->cand[cell]) == 2)
        next[nn++] = (cell * 9 + __builtin_ctz(g->cand[cell] & ~SK_BIT(x))) * 2;
      for (int k = 0; k < 3; k++) {
        sk_bits p = sk_bits_and(sk_house_bits[sk_cell_house[cell][k]], g->dcells[x - 1]);
        if (sk_bits_count(p) != 2) continue;
        sk_bits_clear(&p, cell);
        next[nn++] = (sk_bits_first(p) * 9 + x - 1) * 2;
      }
    }
    for (int i = 0; i < nn; i++) {
      int t = next[i];
      if (t < 0 || t >= N || seen[t]) continue;
      seen[t] = 1, dist[t] = (uint8_t)nd, queue[tail++] = (uint16_t)t;
      if (t & 1) {
        int tc = t / 18, tx = (t / 2) % 9;
        sk_bits_set(&out->off[tx], tc);
        out->dist[tc * 9 + tx] = (uint8_t)nd;
      }
    }
  }
}

/* What "cell holds d" implies; NULL when memory or the budget ran out
** (ch->stopped says which). */
static const fk_reach *fk_get(fk_chains *ch, int cell, int d) {
  int key = cell * 9 + d - 1;
  if (ch->at[key]) {
    int i = ch->at[key] - 1;
    return &ch->block[i / FK_BLOCK][i % FK_BLOCK];
  }
  if (ch->s && ch->s->host->should_stop(ch->s)) { ch->stopped = 1; return NULL; }
  int i = ch->n;
  if (i % FK_BLOCK == 0 && !(ch->block[i / FK_BLOCK] = malloc(FK_BLOCK * sizeof(fk_reach))))
    return NULL;
  fk_reach *r = &ch->block[i / FK_BLOCK][i % FK_BLOCK];
  fk_bfs(ch->g, cell, d, r);
  ch->n++;
  ch->at[key] = (int16_t)(i + 1);
  return r;
}

static void fk_chains_free(fk_chains *ch) {
  for (int i = 0; i < ch->n; i += FK_BLOCK) free(ch->block[i / FK_BLOCK]);
}

/* }====== */

typedef struct fk_step {
  ff_fish fish;
  int type, cell, digit, length, seq;
} fk_step;

typedef struct fk_run {
  const sk_search *s;
  const sk_grid *g;
  fk_chains ch;
  int all, failed;
  fk_step *a;
  int n, cap;
  int *slot;                      /* all-steps: [(fish digit * 81 + cell) * 9 + digit - 1]:
                                  ** 1 + the step kept for that elimination, 0 none */
} fk_run;

static const char *const fk_names[3] = {0, "Kraken Fish Type 1", "Kraken Fish Type 2"};

static int fk_emit(const sk_search *s, const fk_step *k) {
  const sk_host *host = s->host;
  const ff_fish *f = &k->fish;
  sk_hint h;
  host->hint_init(&h);
  h.name = fk_names[k->type];
  h.fig[SK_FIG_TYPE] = k->type;
  h.fig[SK_FIG_SIZE] = f->n;
  h.fig[SK_FIG_EXTRA] = sk_bits_count(sk_bits_or(f->fins, f->endo));
  h.fig[SK_FIG_LENGTH] = k->length;
  sk_bits focus = f->bcells;
  for (int c; (c = sk_bits_pop(&focus)) >= 0; ) sk_hint_focus(&h, c, f->digit);
  sk_hint_elim(&h, k->cell, k->digit);
  host->hint_printf(&h, "%s: %s: %d ", h.name, ff_name(f->cat, f->kind, f->n), f->digit);
  ff_text(host, &h, f);
  return host->emit(s, &h);
}

/* HoDoKu's addKrakenStep: one step per elimination, the least fish type,
** then the shortest chains. */
static int fk_add(fk_run *x, const fk_step *k) {
  if (!x->all) return fk_emit(x->s, k);
  if (!x->slot && !(x->slot = calloc(10 * 81 * 9, sizeof *x->slot))) { x->failed = 1; return 1; }
  int key = (k->fish.digit * 81 + k->cell) * 9 + k->digit - 1;
  if (x->slot[key]) {
    const fk_step *o = &x->a[x->slot[key] - 1];
    int ra = 2 * k->fish.cat + 1, rb = 2 * o->fish.cat + 1;
    if (!(ra < rb || (ra == rb && (k->fish.n < o->fish.n ||
                                   (k->fish.n == o->fish.n && k->length < o->length)))))
      return 0;                       /* else HoDoKu adds it too */
  }
  if (x->n == x->cap) {
    int cap = x->cap ? 2 * x->cap : 64;
    fk_step *a = realloc(x->a, (size_t)cap * sizeof *a);
    if (!a) { x->failed = 1; return 1; }
    x->a = a, x->cap = cap;
  }
  x->a[x->n] = *k;
  x->a[x->n].seq = x->n;
  x->n++;
  x->slot[key] = x->n;
  return 0;
}

static int fk_sink(void *ud, const ff_fish *f) {
  fk_run *x = ud;
  const sk_grid *g = x->g;
  int d = f->digit;
  sk_bits fins = sk_bits_or(f->fins, f->endo);
  fk_step k;
  memset(&k, 0, sizeof k);
  k.fish = *f;
  k.fish.elim = (sk_bits){{0, 0}};
  /* type 1 */
  sk_bits pot = f->potential;
  for (int e; (e = sk_bits_pop(&pot)) >= 0; ) {
    int ok = 1, len = 0;
    sk_bits m = fins;
    for (int c; ok && (c = sk_bits_pop(&m)) >= 0; ) {
      const fk_reach *r = fk_get(&x->ch, c, d);
      if (!r) { x->failed = !x->ch.stopped; return 1; }
      if (!sk_bits_has(&r->off[d - 1], e)) ok = 0;
      else len += r->dist[e * 9 + d - 1];
    }
    if (!ok) continue;
    k.type = 1, k.cell = e, k.digit = d, k.length = len;
    if (fk_add(x, &k)) return 1;
  }
  /* type 2 */
  for (int h = 0; h < 27; h++) {
    if (!((f->cover >> h) & 1)) continue;
    sk_bits in = sk_bits_and(g->dcells[d - 1], sk_house_bits[h]);
    sk_bits set = sk_bits_andnot(sk_bits_and(in, f->bcells), f->cannib);
    if (sk_bits_equal(set, in)) continue;
    set = sk_bits_or(set, fins);
    for (int xd = 1; xd <= 9; xd++) {
      sk_bits res = sk_bits_andnot(g->dcells[xd - 1], set), m = set;
      for (int c; !sk_bits_empty(res) && (c = sk_bits_pop(&m)) >= 0; ) {
        const fk_reach *r = fk_get(&x->ch, c, d);
        if (!r) { x->failed = !x->ch.stopped; return 1; }
        res = sk_bits_and(res, r->off[xd - 1]);
      }
      for (int e; (e = sk_bits_pop(&res)) >= 0; ) {
        int len = 0;
        sk_bits mm = set;
        for (int c; (c = sk_bits_pop(&mm)) >= 0; ) len += fk_get(&x->ch, c, d)->dist[e * 9 + xd - 1];
        k.type = 2, k.cell = e, k.digit = xd, k.length = len;
        if (fk_add(x, &k)) return 1;
      }
    }
  }
  return 0;
}

static int fk_compare(const void *p, const void *q) {
  const fk_step *a = p, *b = q;
  int ra = 2 * a->fish.cat + 1, rb = 2 * b->fish.cat + 1;
  if (ra != rb) return ra - rb;
  if (a->fish.n != b->fish.n) return a->fish.n - b->fish.n;
  if (a->length != b->length) return a->length - b->length;
  return a->seq - b->seq;
}

static int fk_search(const sk_search *s) {
  const sk_host *host = s->host;
  fk_run x;
  memset(&x, 0, sizeof x);
  x.s = s;
  x.g = s->grid;
  x.ch.g = s->grid;
  x.ch.s = s;
  x.all = host->param(s, "all-steps", 0) != 0;
  int type = host->param(s, "kraken-max-type", 1);
  ff_opts o;
  memset(&o, 0, sizeof o);
  o.nmin = 2;
  o.nmax = x.all ? 4 : host->param(s, "kraken-max-size", 4);
  o.cat = type <= 0 ? FF_BASIC : type == 1 ? FF_FRANKEN : FF_MUTANT;
  o.finned = 1;
  o.max_fins = host->param(s, "kraken-max-fins", 2);
  o.max_endo = type > 0 ? host->param(s, "kraken-max-endo-fins", 0) : 0;
  o.kraken = 1;
  o.search = s;
  if (o.nmax > 7) o.nmax = 7;
  int rc = SK_SEARCH_DONE;
  if (!x.all) {
    if (ff_scan_grid(s->grid, &o, fk_sink, &x) && !x.failed) rc = SK_SEARCH_STOPPED;
  } else {
    ff_scan_grid(s->grid, &o, fk_sink, &x);
    if (x.n > 1) qsort(x.a, (size_t)x.n, sizeof *x.a, fk_compare);
    for (int i = 0; i < x.n; i++)
      if (fk_emit(s, &x.a[i])) { rc = SK_SEARCH_STOPPED; break; }
  }
  free(x.a);
  free(x.slot);
  fk_chains_free(&x.ch);
  return rc;
}

int fk_register(const sk_host *host, sk_registry *reg) {
  sk_technique t = {"kraken-fish", "Kraken Fish", 0, fk_search, NULL};
  return host->register_technique(reg, &t) != 0 ? SK_PLUGIN_ERROR : SK_PLUGIN_OK;
}
