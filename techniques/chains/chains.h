/*
** chains.h -- what the units of the chains plugin share: potentials, the
** working grid, the node arenas, the links table, the searches' handles,
** and the hot tiny helpers (static inline).  Private to techniques/chains/.
**
** The rules are those of Sudoku Explainer 1.2.1.3 (rules/chaining/
** Chaining.java), which the ratings must reproduce step for step:
**
**   a potential is (cell, digit, on/off);
**   ON  -> OFF: the cell's other candidates (Y link, when enabled) and the
**               digit in every peer, block then row then column (X link);
**   OFF -> ON:  the other candidate of a bivalue cell (Y link), the other
**               place of the digit in a block, row, column with two places
**               (X link).
**
** The units, each on the ones below it (and on nothing above):
**
**   chains.c          the plugin: its techniques, the hints' text, the
**                     entry function              on rules, multiple,
**                                                 static_chains, core
**   rules.c           nested rules (SE's getAdvancedPotentials), their
**                     cache, and the chainer's life (it owns the arenas
**                     of every unit below)        on multiple,
**                                                 static_chains,
**                                                 closure, core
**   multiple.c        producers 23-30: Nishio, multiple, dynamic and
**                     nested forcing chains       on closure, propagate,
**                                                 links, core
**   closure.c         which dynamic runs can give a hint, told by
**                     bitboard closures           on propagate, core
**   static_chains.c   producer 21: cycles and forcing chains on a fixed
**                     grid                        on links, core
**   propagate.c       the runs: one assumption's propagation (SE's
**                     doChaining)                 on links, core
**   links.c           the implication rules and the links table of a
**                     fixed grid                  on core
**   core.c            the working grid, the arenas, the walks, the hints
**                     of inner searches           on nothing
**
** The one loop in the family, nested chains (a run that runs dry calls the
** nested rules, which run whole searches, which make runs), goes through a
** pointer: rules.c puts its entry in chainer.rules, and propagate.c calls
** that, so that no unit calls one above it.
**
** Every function and table one unit lends another is named ch_*, as all
** plugins can be linked into one binary (STATIC=1, WebAssembly); the
** objects of chains.so are compiled with -fvisibility=hidden, so that it
** exports its entry function alone.
*/
#ifndef CHAINS_H
#define CHAINS_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "sk_plugin.h"

/* ---- potentials ----
** candidate k = cell*9 + digit-1 (0..728); potential = k*2 + on. */
#define NCAND 729
#define NPOT  1458
#define CWORDS 12              /* 64-bit words of a candidate set */

static inline int pot_make(int cell, int d, int on) { return ((cell * 9 + d - 1) << 1) | on; }
static inline int pot_cell(int p) { return (int)(((unsigned)p >> 1) / 9u); }
static inline int pot_digit(int p) { return (int)(((unsigned)p >> 1) % 9u) + 1; }
static inline int pot_on(int p) { return p & 1; }

static inline void set_add(uint64_t *s, int i) { s[i >> 6] |= (uint64_t)1 << (i & 63); }
static inline int set_has(const uint64_t *s, int i) { return (int)((s[i >> 6] >> (i & 63)) & 1); }

/* why a potential holds (SE's Potential.Cause); CA_NONE = an assumption */
enum { CA_NONE = 0, CA_NAKED, CA_BLOCK, CA_ROW, CA_COL, CA_ADV };

/* the house (sk numbering) a hidden-single cause refers to */
static inline int cause_house(int cause, int cell) {
  if (cause == CA_BLOCK) return sk_cell_house[cell][2];
  if (cause == CA_ROW) return sk_cell_house[cell][0];
  return sk_cell_house[cell][1];
}

/* ---- bit counts ----
** Without -mpopcnt (CHAINS_ARCH=) __builtin_popcount is a library call,
** and with it a table lookup is as fast.  The masks counted are 9 bits (a
** cell's candidates, a house's places): ch_bits9 (core.c). */
extern const uint8_t ch_bits9[512];

/* exactly two bits (m < 512), without a branch: the scans meet two-place
** houses and bivalue cells at random, where a branch would be mispredicted */
static inline int two_bits(unsigned m) { return ch_bits9[m] == 2; }

/* the bits of m (m < 512) */
static inline int mask_count(unsigned m) { return ch_bits9[m]; }

/* Not __builtin_popcountll: a library call without -mpopcnt, and with it
** (-march=native) no faster here, as measured. */
static inline int pop64(uint64_t v) {
  v = v - ((v >> 1) & 0x5555555555555555ull);
  v = (v & 0x3333333333333333ull) + ((v >> 2) & 0x3333333333333333ull);
  v = (v + (v >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  return (int)((v * 0x0101010101010101ull) >> 56);
}

/* the hashes of chains, eliminations, grids */
static inline uint64_t mix64(uint64_t h, uint64_t v) {
  h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
  h *= 0xBF58476D1CE4E5B9ull;
  return h ^ (h >> 31);
}

/* ---- the working grid ---- */
typedef struct cgrid {
  sk_mask cand[SK_CELLS];
  sk_bits dpos[9];             /* dpos[d-1]: cells where d is a candidate */
  uint16_t pm[SK_HOUSES][9];   /* pm[h][d-1]: the places of d in house h, bit i
                               ** = sk_house_cell[h][i] (the links and the
                               ** nested rules read these) */
  uint8_t value[SK_CELLS];
  uint8_t nempty[SK_HOUSES];   /* open cells per house (the values never change) */
  uint8_t placed[10];          /* placed[d]: cells holding value d */
} cgrid;

/* where cell c stands in its row, column and block (bit index in pm) */
extern const uint8_t ch_cell_pos[SK_CELLS][3];

static inline int cg_has(const cgrid *g, int c, int d) { return (g->cand[c] >> (d - 1)) & 1; }

static inline void cg_remove(cgrid *g, int c, int d) {
  g->cand[c] &= (sk_mask)~SK_BIT(d);
  sk_bits_clear(&g->dpos[d - 1], c);
  for (int t = 0; t < 3; t++)
    g->pm[sk_cell_house[c][t]][d - 1] &= (uint16_t)~(1u << ch_cell_pos[c][t]);
}

static inline sk_bits cg_places(const cgrid *g, int house, int d) {
  return sk_bits_and(g->dpos[d - 1], sk_house_bits[house]);
}

static inline int cg_empty_count(const cgrid *g, int house) { return g->nempty[house]; }

/* ---- the node arena ---- */
typedef struct cnode {
  int16_t pot;
  uint8_t cause;
  uint8_t anc;                 /* what is known of its walk's count: see ANC_EXACT */
  int32_t par, npar;           /* parents: pa[par .. par+npar) (node indexes) */
  int32_t nest;                /* nested hint record (SE's nestedChain), -1 */
} cnode;

/* cnode.anc: the count of a walk from the node (the distinct potentials
** among it and its ancestors), ANC_EXACT | count, or a lower bound of it
** (at most ANC_MAX), so that most hints are rated without a walk.  The
** parents of a node are earlier nodes of its run, which holds each
** potential once: a node counts one more than any parent, exactly one more
** than its only parent.  Not so a contradiction node (left out of the
** run) of a search with nested rules, which can put a potential both on
** and off in a run: its potential may be held already (see target_low).
** The walks learn the rest (anc_learn). */
#define ANC_EXACT 0x80
#define ANC_MAX 0x7F
#define ANC_ONE (ANC_EXACT | 1)        /* an assumption */

/* a new node's anc, from its first parent's */
static inline uint8_t anc_child(uint8_t a) {
  int v = (a & ANC_MAX) + 1;
  if (v > ANC_MAX) return ANC_MAX;
  return (uint8_t)((a & ANC_EXACT) | v);
}

/* a node's anc a when it gets one more parent, whose anc is b */
static inline uint8_t anc_join(uint8_t a, uint8_t b) {
  int v = a & ANC_MAX, w = anc_child(b) & ANC_MAX;
  return (uint8_t)(v > w ? v : w);
}

/* one propagation: nodes [base, end) in insertion order (SE's LinkedSet
** order), plus the contradiction pair when it stopped on one */
typedef struct crun {
  int32_t base, end, pbase;
  int32_t abs_on, abs_off;     /* nodes, or -1 */
  int start;                   /* the assumption */
  uint64_t on[CWORDS], off[CWORDS];   /* set membership by candidate */
} crun;

/* A hint of an inner (nested) search, as getAdvancedPotentials sees it. */
typedef struct ihint {
  double diff;                 /* SE's double difficulty (sort key) */
  int32_t complexity, kind, seq;
  int32_t elim, nelim;         /* OFF potentials (ascending) in ipot[] */
  int32_t rp, nrp;             /* rule parents (OFF potentials) in ipot[] */
  int32_t walk;                /* multi_keep: its walks in wn[] till the search ends, or -1 */
  uint64_t ehash;              /* hash of the eliminations (SE's equals) */
  uint64_t chash;              /* hash of the chains (SE's FullChain) */
} ihint;

/* a nested hint used by a chain: what the outer complexity needs */
typedef struct nrec { int32_t complexity; uint64_t chash; } nrec;

typedef struct chainer chainer;

/* What a run calls when it runs dry at a nested level (level >= 1): the
** nested rules, which add OFF potentials to run r (and to qoff[]); 1 when
** they yielded something.  rules.c's, installed by ch_chainer_new. */
typedef int (*ch_rules_fn)(chainer *ch, int r, const cgrid *g, const cgrid *src,
                           int32_t *qoff, int *nqoff);

/* Everything a search works in: growable arenas owned by one chainer (one
** per technique level), allocated per search and freed at its end. */
struct chainer {
  int multiple, dynamic, nishio, level;
  int oom;
  const sk_search *search;     /* for should_stop(), may be NULL */
  int stopped;
  cnode *nd; int32_t nn, ncap;
  int32_t *pa; int32_t np, pcap;
  crun *rn; int32_t nr, rcap;
  int16_t *ix; int32_t ixcap;  /* per run: potential -> node - base, or -1 */
  int32_t onrun[NCAND];        /* cached ON run of each candidate, -1 */
  nrec *nest; int32_t nnest, nestcap;
  /* inner hints (when this chainer serves as a nested rule) */
  ihint *ih; int32_t nih, ihcap;
  int16_t *ipot; int32_t nipot, ipotcap;
  int32_t *ebest;              /* inner multiple search: best hint by elimination set */
  /* scratch for walks */
  int32_t *wq; int32_t wqcap;
  uint16_t wseen[NPOT], wgen;  /* walk's seen potentials */
  int32_t *wn; int32_t nwn, wncap;   /* walks of an inner multiple search's hints */
  struct links *lk;            /* links of a static search's grid, or NULL */
  struct fixed *fx;            /* closures of a static multiple search's grid (multiple.c) */
  struct acache *ac;           /* getAdvancedPotentials results by reduced grid */
  struct sscratch *ss;         /* inner static searches' arenas (static_chains.c) */
  struct dclset *dcl;          /* dynamic searches' closures (closure.c) */
  int ac_shared;               /* ac belongs to the step (chains.c), not to ch */
  int src_bare;                /* the search's grid has no producer-21 hint and
                               ** no open cell with one candidate (chains.c) */
  ch_rules_fn rules;           /* level >= 1: the nested rules */
  /* the chainers of the nested rules (getAdvancedPotentials) */
  chainer *sub_static, *sub_multi, *sub_dyn, *sub_nested;
};

/* make room for need elements in ch->arr (capacity ch->cap); -1, and
** ch->oom set, when out of memory */
#define GROW(ch, arr, cap, need) \
  ((need) <= (ch)->cap ? 0 : \
   ch_grow((void **)&(ch)->arr, &(ch)->cap, (need), sizeof *(ch)->arr) ? ((ch)->oom = 1, -1) : 0)

/* one node's fields: its parents are pa[par .. par+npar) */
static inline void node_fill(cnode *n, int pot, int cause, int32_t par, int32_t npar, int32_t nest,
                             uint8_t anc) {
  n->pot = (int16_t)pot;
  n->cause = (uint8_t)cause;
  n->anc = anc;
  n->par = par;
  n->npar = npar;
  n->nest = nest;
}

int ch_grow(void **p, int32_t *cap, int32_t need, size_t size);

static inline int32_t nd_new(chainer *ch, int pot, int cause, int32_t nest) {
  if (GROW(ch, nd, ncap, ch->nn + 1)) return -1;
  node_fill(&ch->nd[ch->nn], pot, cause, ch->np, 0, nest, ANC_ONE);
  return ch->nn++;
}

/* add a parent to the node created last */
static inline void nd_par(chainer *ch, int32_t parent) {
  if (parent < 0 || GROW(ch, pa, pcap, ch->np + 1)) return;
  ch->pa[ch->np++] = parent;
  cnode *n = &ch->nd[ch->nn - 1];
  uint8_t b = ch->nd[parent].anc;
  n->anc = n->npar++ ? anc_join(n->anc, b) : anc_child(b);
}

static inline int16_t *run_ix(chainer *ch, int r) { return ch->ix + (size_t)r * NPOT; }

/* The run's on/off sets say whether a potential is in it; only then is its
** ix[] entry (never cleared: most runs are short) meaningful. */
static inline int32_t run_find(chainer *ch, int r, int pot) {
  const crun *R = &ch->rn[r];
  if (!set_has(pot_on(pot) ? R->on : R->off, pot >> 1)) return -1;
  return R->base + run_ix(ch, r)[pot];
}

/* put the node created last into run r's sets */
static inline void run_insert(chainer *ch, int r, int32_t node) {
  crun *R = &ch->rn[r];
  int pot = ch->nd[node].pot;
  run_ix(ch, r)[pot] = (int16_t)(node - R->base);
  set_add(pot_on(pot) ? R->on : R->off, pot >> 1);
  R->end = node + 1;
}

/* ---- the implication rules (SE's getOnToOff / getOffToOn) ---- */

typedef struct derived { int16_t pot; uint8_t cause; uint8_t spare; } derived;

/* OFF -> ON, in SE's order: bivalue cell (Y), then block, row, column with
** two places (X).  A cell reached twice (block and line) counts once. */
static inline int gen_on(const cgrid *g, int p, int ylinks, int xlinks, derived *out) {
  int c = pot_cell(p), d = pot_digit(p), n = 0;
  sk_mask m = g->cand[c];
  if (ylinks && two_bits(m)) {
    int v = sk_mask_first(m);
    if (v == d) v = sk_mask_first(m & (sk_mask)(m - 1));
    out[n].pot = (int16_t)pot_make(c, v, 1);
    out[n++].cause = CA_NAKED;
  }
  if (xlinks) {
    static const uint8_t order[3] = {2, 0, 1};          /* block, row, column */
    static const uint8_t cause[3] = {CA_BLOCK, CA_ROW, CA_COL};
    int first_x = -1;
    for (int k = 0; k < 3; k++) {
      int h = sk_cell_house[c][order[k]];
      unsigned pm = g->pm[h][d - 1];
      if (!two_bits(pm)) continue;
      int x = sk_house_cell[h][__builtin_ctz(pm)];
      if (x == c) x = sk_house_cell[h][__builtin_ctz(pm & (pm - 1))];
      if (x == first_x) continue;
      if (k == 0) first_x = x;
      out[n].pot = (int16_t)pot_make(x, d, 1);
      out[n++].cause = cause[k];
    }
  }
  return n;
}

/* The links of a grid that does not change (static searches), worked out
** once: per candidate, the ON potentials an OFF one gives (Y part first)
** and, for static multiple chains, the OFF potentials an ON one gives (Y
** part first, each list made when first needed). */
typedef struct links {
  int has_off;                 /* off[] kept (filled on first use: links_off_of) */
  sk_bits ylive[9], xlive[9];  /* by digit: the cells whose OFF potential gives
                               ** an ON one by a Y link, by an X link */
  uint8_t offok[NCAND];        /* off[k] filled */
  uint8_t noy[NCAND], nox[NCAND], nny[NCAND], nnx[NCAND];
  derived off[NCAND][28];
  derived on[NCAND][4];
} links;

void ch_links_fill_off(links *L, const cgrid *g, int k);

/* the ON -> OFF list of candidate k (Y part first), worked out once */
static inline const derived *links_off_of(links *L, const cgrid *g, int k) {
  if (!L->offok[k]) ch_links_fill_off(L, g, k);
  return L->off[k];
}

/* the derived potentials of p: from the table when there is one */
static inline int links_on(const links *L, const cgrid *g, int p, int ylinks, int xlinks,
                           derived *buf, const derived **out) {
  if (!L) { *out = buf; return gen_on(g, p, ylinks, xlinks, buf); }
  int k = p >> 1;
  *out = L->on[k] + (ylinks ? 0 : L->nny[k]);
  return (ylinks ? L->nny[k] : 0) + (xlinks ? L->nnx[k] : 0);
}

/* the runs of a static multiple search: a fixed grid with tabled links */
static inline int fixed_grid(const chainer *ch) {
  return !ch->dynamic && !ch->level && ch->lk && ch->lk->has_off;
}

/* the searches the closures serve: dynamic (or Nishio), no nested rules */
static inline int dcl_active(const chainer *ch) {
  return ch->dynamic && ch->level == 0;
}

/* ---- walks and the hints of inner searches ---- */

/* rule-parent collection (SE's collectRuleParents) */
typedef struct rpctx {
  const cgrid *src, *cur;      /* the outer chain's initial and current grid */
  int root_cause;              /* cause given to assumptions (cell/region chains) */
  uint64_t seen[CWORDS];
  int16_t *out; int n, cap;
} rpctx;

/* ---- the nested rules' cache (rules.c) ----
** The results of getAdvancedPotentials by reduced grid, kept for a step
** and the steps after it: see rules.c. */
typedef struct acache {
  uint64_t *key;               /* per slot */
  uint32_t *stamp;             /* slot in use when == gen */
  int32_t *ent;                /* per slot: offset of the entry in data */
  int32_t cap, used;
  uint32_t gen;
  int32_t *data; int32_t ndata, datacap;
  int32_t step;                /* the step the searches are on */
  sk_mask src[SK_CELLS];       /* that step's grid */
} acache;

static inline void acache_clear(acache *ac) {
  if (!ac) return;
  ac->gen++;
  ac->used = 0;
  ac->ndata = 0;
}

/* ---- producer 21 (static_chains.c) ---- */

/* hint kinds of producer 21 = the table's 'type' figure */
enum { ST_XCYCLE = 1, ST_YCYCLE, ST_XCHAIN, ST_XYCYCLE, ST_XYCHAIN, ST_NTYPES };

typedef struct snode {
  int16_t pot;
  uint8_t cause;
  uint8_t spare;
  int32_t parent;              /* index of the parent snode, -1 for the start */
} snode;

/* a top-level hint: path nodes from the target to the start, and a
** cycle's eliminations (NULL for a forcing chain) */
typedef void (*ch_static_found)(void *ud, int type, const snode *path, int len,
                                const sk_mask *elim, int complexity);

/* ---- producers 23-30 (multiple.c) ---- */

/* SE's sort keys (getSortKey) */
enum { K_DOUBLE = 1, K_CELL = 5, K_REGION = 6, K_CONTRA = 7 };

/* a hint found by the multiple search, before it is rated */
typedef struct mcand {
  int kind;
  int ntarget;
  int32_t target[10];          /* nodes (one per branch / both runs) */
  int root_cause;              /* cause of the branch assumptions (rule parents) */
  int pot;                     /* the conclusion: ON places it, OFF removes it */
  int src;                     /* assumption (binary) or source cell (cell) */
  int house, digit;            /* region chains */
} mcand;

/* where the hints of a multiple search go */
typedef struct msink {
  int inner;
  /* top level */
  int32_t best_c, best_k;
  void (*found)(void *ud, const chainer *ch, const mcand *m, int complexity);
  void *ud;
  /* inner: rule parents are taken against the outer chain's grids */
  const cgrid *src;
  double base;
  int seq;
  const struct capset *cap;    /* inner static mode: see taint_capable() */
} msink;

/* what a conclusion removes: the cell's other candidates (ON), or itself */
static inline sk_mask conclusion_elims(const cgrid *g, int pot) {
  int c = pot_cell(pot), d = pot_digit(pot);
  return pot_on(pot) ? (sk_mask)(g->cand[c] & ~SK_BIT(d)) : SK_BIT(d);
}

/* ---- what each unit lends the ones above it ---- */

/* core.c: the working grid; the arenas; walks; inner hints */
void ch_cg_from(cgrid *g, const sk_grid *s);
void ch_chainer_reset(chainer *ch);
int ch_walk(chainer *ch, int32_t t, int bound, int32_t *restrict q);
int32_t ch_nested_sum(const chainer *ch, const int32_t *q, int32_t n);
int32_t ch_nest_new(chainer *ch, int complexity, uint64_t chash);
ihint *ch_ih_new(chainer *ch);
int ch_ih_push_pot(chainer *ch, int pot);
uint64_t ch_elim_hash(const int16_t *p, int n);
void ch_rp_begin(rpctx *rp, chainer *ch, const cgrid *src, const cgrid *cur, int root_cause);
void ch_rp_collect(rpctx *rp, int pot, int cause);
double ch_length_bonus(int complexity);

/* links.c: ON -> OFF; a table of g's links (filled in place, or new) */
int ch_gen_off(const cgrid *g, int p, int ylinks, derived *out);
void ch_links_fill(links *L, const cgrid *g, int with_off);
links *ch_links_new(const cgrid *g, int with_off);

/* propagate.c: the run of assumption start on g0 (its index in ch->rn;
** -1 out of memory); dropping the last run */
int ch_run_chain(chainer *ch, const cgrid *g0, int start);
void ch_run_drop_last(chainer *ch);

/* the cached ON run of a candidate */
static inline int on_run(chainer *ch, const cgrid *g, int c, int d) {
  int k = c * 9 + d - 1;
  if (ch->onrun[k] < 0) ch->onrun[k] = ch_run_chain(ch, g, pot_make(c, d, 1));
  return ch->onrun[k];
}

/* static_chains.c: producer 21 at the top level (0 ran to the end, 1
** stopped by the engine, -1 out of memory) and as a nested rule, its hints
** listed in out (0; 1 out of memory on the way; -1 no arenas) */
int ch_static_top(const cgrid *g, const sk_search *s, ch_static_found found, void *ud);
int ch_static_inner(chainer *out, const cgrid *g, const cgrid *src, int strong_only);
void ch_sscratch_free(struct sscratch *ss);

/* closure.c: a search's closures made ready; the runs a candidate's
** contradiction and double chains need; whether a group may have a
** potential in common */
int ch_dcl_prepare(chainer *ch, const cgrid *g);
int ch_dcl_binary(chainer *ch, const cgrid *g, int k, int dbl);
int ch_dcl_group(chainer *ch, const cgrid *g, const int *cand, int n);
void ch_dcl_free(struct dclset *ds);

/* multiple.c: the whole search on g, hints to k */
void ch_multi_search(chainer *ch, const cgrid *g, msink *k);
void ch_fixed_free(struct fixed *fx);

/* rules.c: a chainer's life; the rating's cache, stepped to each search's
** grid */
chainer *ch_chainer_new(int multiple, int dynamic, int nishio, int level);
void ch_chainer_free(chainer *ch);
acache *ch_acache_new(void);
void ch_acache_step(acache *ac, const sk_mask *cand);
void ch_acache_free(acache *ac);

#endif
