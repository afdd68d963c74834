/*
** chains.c -- Sudoku Explainer's chaining techniques: the plugin's entry,
** its techniques, and the text of their hints.  The searches are the
** other units of techniques/chains/ (see chains.h for which is which).
**
** Techniques (ids of the rating table, in SE's producer order):
**   static-chains        producer 21: X-cycles, Y-cycles, XY-cycles, forcing
**                        X-chains, forcing XY-chains.  fig TYPE = 1 X-cycle,
**                        2 Y-cycle, 3 forcing X-chain, 4 XY-cycle, 5 forcing
**                        XY-chain.
**   nishio-chains        producer 23: Nishio (X links, dynamic, contradictions)
**   multiple-chains      producer 24: cell and region forcing chains (static)
**   dynamic-chains       producer 25: dynamic forcing chains
**   dynamic-chains-plus  producer 26: dynamic chains helped by pointing,
**                        claiming, hidden/naked pairs, X-Wing (level 1)
**   nested-chains-2..5   producers 27-30: helped by forcing chains (2),
**                        multiple chains (3), dynamic chains (4), dynamic
**                        chains of level 2 (5)
** fig COMPLEXITY is SE's chain complexity (flat + nested); the table adds
** the length bonus.  All are collecting techniques: the engine takes the
** cheapest hint, then the least 'order', then the first emitted.  'order'
** is complexity * 16 + SE's kind key (double forcing 1, X 2, Y 3, XY 4,
** cell 5, region 6, contradiction 7), which is how SE sorts them; for
** static-chains the high bits also carry SE's floating-point tie (see
** float_tie).  Hints are emitted in SE's discovery order, and only when
** they beat every hint of the same kind found before (a later or longer
** one can never be chosen), which keeps the searches short.
**
** The rules, orders and counts are those of SE 1.2.1.3 (see the units).
** Where SE depended on hash order (the eliminations of a nested hint),
** cells are taken by row, column, digit.
**
** Where the time goes, and what keeps it down (nested levels spend it in
** the producer-21 and static multiple searches their rules run on every
** reduced grid): each candidate's ON run is made once per search; the
** results of the nested rules are kept per reduced grid, in a cache that
** levels 1-3 (and 4-5) of one step share, so a level only tries the rules
** the level below it lacked, and that later steps reuse where their runs
** meet the same reduced grid (the engine's rating data, host
** get_aux/set_rating_aux; see rules.c); as a nested rule, multiple
** chains only record a hint that can still lead its elimination set (SE
** keeps the least of each); the working grid keeps each digit's places per
** house, so links and rules read masks;
** static links are tabled per grid (ON -> OFF lists on first use); as a
** nested rule, producer 21 only starts where a chain can use a link the
** outer chain made and where what the start reaches in the link graph
** (a transitive closure on 64-bit words when at most 64 candidates have
** links, else strongly connected components; once per search and pass) can
** give a hint, stops a traversal when nothing it can still reach can, and
** only keeps nodes that derive something (and when static-chains found
** nothing on the step's grid, only starts that reach a strong link the
** outer chain made, see src_bare); static multiple chains only look
** at hint groups that can have rule parents, compare the closures of their
** branches (multiple.c) and make runs only where these have something in
** common; dynamic multiple searches without nested rules first close each
** assumption on bitboards (closure.c) and make runs only where a
** contradiction or something common can come out; every node carries its
** ancestor count (exact under one parent, else a lower bound), so most
** hints are rated out before any walk.  bench/bench_rate.c prints the time
** per ER band.
*/
#include "chains.h"

typedef struct chaincfg {
  int kind;                    /* 0 = static (producer 21), 1 = multiple family */
  int multiple, dynamic, nishio, level;
} chaincfg;

typedef struct emitter {
  const sk_search *s;
  const cgrid *g;
  const chaincfg *cfg;
  int stop;
  int emitted;
} emitter;

/* ---- text ---- */

static void put_cell(const sk_host *host, sk_hint *h, int c) {
  host->hint_printf(h, "r%dc%d", c / 9 + 1, c % 9 + 1);
}

static void put_pot(const sk_host *host, sk_hint *h, int pot) {
  put_cell(host, h, pot_cell(pot));
  host->hint_printf(h, "%s%d", pot_on(pot) ? "=" : "<>", pot_digit(pot));
}

static void put_house(const sk_host *host, sk_hint *h, int house) {
  static const char *kind[3] = {"row", "column", "block"};
  host->hint_printf(h, "%s %d", kind[house / 9], house % 9 + 1);
}

/* ---- static-chains ---- */

/* SE's base for each kind of producer 21, used only for float_tie */
static const double static_se_base[ST_NTYPES] = {0, 6.5, 6.5, 6.6, 7.0, 7.0};
static const int static_kind[ST_NTYPES] = {0, 2, 3, 2, 4, 4};

/*
** SE compares difficulties as doubles: 6.6 + 0.1+0.1+... is not always the
** double of the same tenth reached from 7.0, so in SE a forcing X-chain of
** complexity 27 (7.1999...) sorts before an XY-cycle of complexity 9
** (7.2000...).  The table's exact thousandths cannot see that; this returns
** SE's offset from the tenth (in units of the last place), which goes in
** the high bits of 'order'.
*/
static int64_t float_tie(int type, int complexity) {
  double d = static_se_base[type] + ch_length_bonus(complexity);
  double ref = (double)(int64_t)((d + 0.05) * 10) / 10.0;
  int64_t a, b;
  memcpy(&a, &d, sizeof a);
  memcpy(&b, &ref, sizeof b);
  int64_t off = a - b;
  if (off < -1000) off = -1000;
  if (off > 1000) off = 1000;
  return off + 1024;
}

static void static_found(void *ud, int type, const snode *path, int len, const sk_mask *elim,
                         int complexity) {
  emitter *em = ud;
  const sk_host *host = em->s->host;
  sk_hint h;
  host->hint_init(&h);
  int cycle = elim != NULL;
  int start = path[len - 1].pot, target = path[0].pot;
  if (cycle) {
    for (int c = 0; c < SK_CELLS; c++) h.elim[c] = elim[c];
  } else {
    int c = pot_cell(target), d = pot_digit(target);
    if (pot_on(target)) {
      h.elim[c] = (sk_mask)(em->g->cand[c] & ~SK_BIT(d));
      sk_hint_place(&h, c, d);
    } else h.elim[c] = SK_BIT(d);
  }
  for (int i = 0; i < len; i++) sk_hint_focus(&h, pot_cell(path[i].pot), pot_digit(path[i].pot));
  /* SE's names */
  if (type == ST_XCYCLE) {
    sk_bits cells = {{0, 0}};
    for (int i = 0; i < len; i++) sk_bits_set(&cells, pot_cell(path[i].pot));
    h.name = sk_bits_count(cells) == 4 ? "Generalized X-Wing" : "Bidirectional X-Cycle";
  } else if (type == ST_YCYCLE) h.name = "Bidirectional Y-Cycle";
  else if (type == ST_XYCYCLE) h.name = "Bidirectional Cycle";
  else if (type == ST_XCHAIN) h.name = complexity == 6 ? "Turbot Fish" : "Forcing X-Chain";
  else h.name = "Forcing Chain";
  h.fig[SK_FIG_TYPE] = type;
  h.fig[SK_FIG_COMPLEXITY] = complexity;
  h.fig[SK_FIG_LENGTH] = len;
  h.order = (float_tie(type, complexity) << 40) | ((int64_t)complexity << 4) | static_kind[type];
  host->hint_printf(&h, "%s: ", h.name);
  for (int i = len - 1; i >= 0; i--) {
    put_pot(host, &h, path[i].pot);
    if (i) host->hint_printf(&h, " -> ");
  }
  if (!cycle) {
    host->hint_printf(&h, ", so ");
    put_pot(host, &h, start ^ 1);
  }
  em->emitted++;
  if (host->emit(em->s, &h)) em->stop = 1;
}

/* On the step's data: static-chains ran on the step's grid to the end and
** found nothing (see src_bare). */
static const char static_none_key = 0;

static int search_static(const sk_search *s, emitter *em) {
  int rc = ch_static_top(em->g, s, static_found, em);
  if (rc == 0 && !em->stop && !em->emitted)
    s->host->set_aux(s, &static_none_key, (void *)&static_none_key, NULL);
  return em->stop ? SK_SEARCH_STOPPED : SK_SEARCH_DONE;
}

/* chainer.src_bare for a search on the step's grid g: static-chains found
** nothing on it (the step's data) and no open cell has a single candidate.
** Then a producer-21 hint on a reduced grid needs a strong link the outer
** chain made (relevant() in static_chains.c). */
static int src_bare(const sk_search *s, const cgrid *g) {
  if (!s->host->get_aux(s, &static_none_key)) return 0;
  for (int c = 0; c < SK_CELLS; c++)
    if (!g->value[c] && mask_count(g->cand[c]) < 2) return 0;
  return 1;
}

/* ---- the multiple family ---- */

/* the display names live in static storage: one per (config, kind) */
static const char *name_of(const chaincfg *cfg, int kind) {
  static const char *const cell[8] = {
    "Cell Forcing Chains", "Dynamic Cell Forcing Chains", "Dynamic Cell Forcing Chains (+)",
    "Dynamic Cell Forcing Chains (+ Forcing Chains)",
    "Dynamic Cell Forcing Chains (+ Multiple Forcing Chains)",
    "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains)",
    "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))", NULL};
  static const char *const region[8] = {
    "Region Forcing Chains", "Dynamic Region Forcing Chains", "Dynamic Region Forcing Chains (+)",
    "Dynamic Region Forcing Chains (+ Forcing Chains)",
    "Dynamic Region Forcing Chains (+ Multiple Forcing Chains)",
    "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains)",
    "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))", NULL};
  static const char *const dbl[8] = {
    "Double Forcing Chains", "Dynamic Double Forcing Chains", "Dynamic Double Forcing Chains (+)",
    "Dynamic Double Forcing Chains (+ Forcing Chains)",
    "Dynamic Double Forcing Chains (+ Multiple Forcing Chains)",
    "Dynamic Double Forcing Chains (+ Dynamic Forcing Chains)",
    "Dynamic Double Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))", NULL};
  static const char *const contra[8] = {
    "Contradiction Forcing Chains", "Dynamic Contradiction Forcing Chains",
    "Dynamic Contradiction Forcing Chains (+)",
    "Dynamic Contradiction Forcing Chains (+ Forcing Chains)",
    "Dynamic Contradiction Forcing Chains (+ Multiple Forcing Chains)",
    "Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains)",
    "Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))", NULL};
  if (cfg->nishio) return "Nishio Forcing Chains";
  int i = cfg->level > 0 ? cfg->level + 1 : cfg->dynamic ? 1 : 0;
  switch (kind) {
  case K_CELL: return cell[i];
  case K_REGION: return region[i];
  case K_DOUBLE: return dbl[i];
  default: return contra[i];
  }
}

static void multi_found(void *ud, const chainer *ch, const mcand *m, int complexity) {
  emitter *em = ud;
  const sk_host *host = em->s->host;
  const cgrid *g = em->g;
  sk_hint h;
  host->hint_init(&h);
  int c = pot_cell(m->pot), d = pot_digit(m->pot);
  h.elim[c] = conclusion_elims(g, m->pot);
  if (pot_on(m->pot)) sk_hint_place(&h, c, d);
  h.name = name_of(em->cfg, m->kind);
  h.fig[SK_FIG_COMPLEXITY] = complexity;
  h.order = ((int64_t)complexity << 4) | m->kind;
  for (int i = 0; i < m->ntarget; i++) {
    int p = ch->nd[m->target[i]].pot;
    sk_hint_focus(&h, pot_cell(p), pot_digit(p));
  }
  host->hint_printf(&h, "%s: ", h.name);
  switch (m->kind) {
  case K_CONTRA:
    put_pot(host, &h, m->src);
    host->hint_printf(&h, " leads to ");
    put_pot(host, &h, ch->nd[m->target[0]].pot);
    host->hint_printf(&h, " and ");
    put_pot(host, &h, ch->nd[m->target[1]].pot);
    break;
  case K_DOUBLE:
    put_pot(host, &h, m->src);
    host->hint_printf(&h, " and ");
    put_pot(host, &h, m->src ^ 1);
    host->hint_printf(&h, " both lead to ");
    put_pot(host, &h, m->pot);
    break;
  case K_CELL:
    host->hint_printf(&h, "each candidate of ");
    put_cell(host, &h, m->src);
    host->hint_printf(&h, " leads to ");
    put_pot(host, &h, m->pot);
    break;
  default:
    host->hint_printf(&h, "each place of %d in ", m->digit);
    put_house(host, &h, m->house);
    host->hint_printf(&h, " leads to ");
    put_pot(host, &h, m->pot);
    break;
  }
  if (host->emit(em->s, &h)) em->stop = 1;
}

/* The key of the nested levels' shared cache among the rating's data. */
static const char rating_cache_key = 0;

static void rating_cache_free(void *p) { ch_acache_free(p); }

/* Levels 1-5 of one step share what the nested rules found on each reduced
** grid, and later steps use it too (see advanced() in rules.c): the cache
** hangs on the rating, which the engine drops when the rating ends.  A
** search on a grid other than the last one's starts a step.  Without a
** rating, the search keeps its own. */
static void use_rating_cache(const sk_search *s, chainer *ch) {
  const sk_host *host = s->host;
  acache *ac = host->get_aux(s, &rating_cache_key);
  if (!ac) {
    if (!(ac = ch_acache_new())) return;
    if (host->set_rating_aux(s, &rating_cache_key, ac, rating_cache_free) != 0) return;
  }
  ch_acache_step(ac, s->grid->cand);
  ch->ac = ac;
  ch->ac_shared = 1;
}

static int search_multi(const sk_search *s, emitter *em) {
  const chaincfg *cfg = em->cfg;
  chainer *ch = ch_chainer_new(cfg->multiple, cfg->dynamic, cfg->nishio, cfg->level);
  if (!ch) return SK_SEARCH_DONE;
  ch->search = s;
  if (cfg->level > 0) use_rating_cache(s, ch);
  ch->src_bare = (cfg->level == 2 || cfg->level == 3) && src_bare(s, em->g);
  msink k;
  memset(&k, 0, sizeof k);
  k.best_c = INT32_MAX;
  k.best_k = INT32_MAX;
  k.found = multi_found;
  k.ud = em;
  ch_multi_search(ch, em->g, &k);
  ch_chainer_free(ch);
  return em->stop ? SK_SEARCH_STOPPED : SK_SEARCH_DONE;
}

/* multi_found sets em->stop; the chainer polls it through should_stop */
static int chains_search(const sk_search *s) {
  const chaincfg *cfg = s->data;
  cgrid g;
  ch_cg_from(&g, s->grid);
  emitter em = {s, &g, cfg, 0, 0};
  return cfg->kind == 0 ? search_static(s, &em) : search_multi(s, &em);
}

static const chaincfg cfg_static = {0, 0, 0, 0, 0};
static const chaincfg cfg_nishio = {1, 0, 1, 1, 0};
static const chaincfg cfg_multiple = {1, 1, 0, 0, 0};
static const chaincfg cfg_dynamic = {1, 1, 1, 0, 0};
static const chaincfg cfg_level[6] = {
  {1, 1, 1, 0, 0}, {1, 1, 1, 0, 1}, {1, 1, 1, 0, 2}, {1, 1, 1, 0, 3}, {1, 1, 1, 0, 4}, {1, 1, 1, 0, 5}};

SK_PLUGIN_ENTRY(chains) {
  SK_PLUGIN_CHECK(host, reg);
  static const struct { const char *id, *name; const chaincfg *cfg; } techs[] = {
    {"static-chains", "Forcing Chains & Cycles", &cfg_static},
    {"nishio-chains", "Nishio Forcing Chains", &cfg_nishio},
    {"multiple-chains", "Multiple Forcing Chains", &cfg_multiple},
    {"dynamic-chains", "Dynamic Forcing Chains", &cfg_dynamic},
    {"dynamic-chains-plus", "Dynamic Forcing Chains (+)", &cfg_level[1]},
    {"nested-chains-2", "Dynamic Forcing Chains (+ Forcing Chains)", &cfg_level[2]},
    {"nested-chains-3", "Dynamic Forcing Chains (+ Multiple Forcing Chains)", &cfg_level[3]},
    {"nested-chains-4", "Dynamic Forcing Chains (+ Dynamic Forcing Chains)", &cfg_level[4]},
    {"nested-chains-5", "Dynamic Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
     &cfg_level[5]},
  };
  for (size_t i = 0; i < sizeof techs / sizeof techs[0]; i++) {
    sk_technique t = {techs[i].id, techs[i].name, SK_TECH_COLLECT, chains_search, techs[i].cfg};
    if (host->register_technique(reg, &t) != 0) return SK_PLUGIN_ERROR;
  }
  return SK_PLUGIN_OK;
}
