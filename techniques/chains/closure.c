/*
** closure.c -- which runs of a dynamic forcing-chain search (multiple.c)
** can give a hint, told by bitboard closures before any run is made.
**
** At level 0 (no nested rules) and with Y links, the potentials a dynamic
** run (ch_run_chain) derives from an assumption follow two rules read on the
** search's grid g:
**   ON (c,d)  -> OFF: c's other candidates, d in c's peers;
**   OFF       -> ON:  the one candidate of a cell (of 2+ in g) whose others
**                     are all OFF, the one place of a digit in a house (of
**                     2+ in g) whose other places are all OFF.
** dr_from_on reads the working grid, which lacks only candidates already
** OFF; gen_on reads it before it drops the OFF potential taken, so it sees
** two candidates (places) exactly when that one was the last but one taken
** of its cell (house).  The closure of the assumption under these rules
** meets a contradiction when a potential is both ON and OFF, or a cell
** (house-digit) of 2+ has all its candidates (places) OFF.  Then:
**   - every potential the run derives is forced in the closure, so the run
**     meets a contradiction only when the closure does;
**   - a run that meets none ends closed under the rules (the last OFF
**     potential taken in a cell or house saw what was left), with no cell
**     or house-digit all OFF (the last two taken would have given one of
**     them ON and then OFF), so it holds the whole closure, which meets no
**     contradiction either, and has the closure's sets.
** Hence, when the closure of "k ON" meets no contradiction, the run of "k
** ON" ends on no contradiction and with exactly the closure's sets: a
** contradiction hint needs its run only when the closure meets one, double
** chains and groups need theirs only when the closures have something in
** common.  The runs themselves (whose order says where a contradiction
** stops one and which node is which) are made exactly as before where
** needed, so the hints are the same and come in the same order.
**
** Nishio chains (no Y links) follow the same rules without their cell
** parts: ON (c,d) -> OFF d in c's peers; OFF -> ON the one place of a
** digit left in a house; and the same argument holds with houses alone (a
** cell may then lose every candidate, or hold two ON, without the run
** noticing, and so the closure does not count these).  A Nishio hint is a
** contradiction only, so a candidate needs its runs only when the closure
** of its ON or OFF assumption meets one.
*/
#include "chains.h"

/* the sets of a closure by digit (cells) */
typedef struct dclos { sk_bits on[9], off[9]; } dclos;

/* the closures of every candidate's ON assumption, made once per search */
typedef struct dclset {
  int ylinks;                  /* 0 for Nishio chains */
  uint8_t state[NCAND];        /* 0 not made, 1 made, 2 meets a contradiction,
                               ** 3 meets one and cl[] has the run's sets */
  uint8_t places[SK_HOUSES * 9];  /* [h*9+d]: places of digit d+1 in house h */
  dclos cl[NCAND];
} dclset;

/* One closure in the making, all in locals of dcl_close (which the
** compiler then knows apart from the grid).  What is left of each cell and
** house-digit (not OFF) is counted down as OFF potentials come, so that
** one costs a few decrements; a house left with one place is then looked
** up on the bitboards. */
typedef struct dclwork {
  const cgrid *g;
  int ylinks;
  const uint8_t *state;        /* the search's closures made so far */
  sk_bits on[9], off[9];
  int nq;
  uint16_t left[SK_CELLS];     /* each cell's candidates not OFF */
  uint8_t hleft[SK_HOUSES * 9];/* each house-digit's places not OFF */
  int16_t q[NCAND];            /* ON candidates whose OFF ones are still due */
} dclwork;

void ch_dcl_free(dclset *ds) { free(ds); }

/* forget the closures of the last search, count g's places; -1 on
** allocation failure */
int ch_dcl_prepare(chainer *ch, const cgrid *g) {
  if (!ch->dcl && !(ch->dcl = malloc(sizeof *ch->dcl))) return -1;
  dclset *ds = ch->dcl;
  ds->ylinks = !ch->nishio;
  memset(ds->state, 0, sizeof ds->state);
  for (int h = 0; h < SK_HOUSES; h++)
    for (int d = 0; d < 9; d++) ds->places[h * 9 + d] = (uint8_t)mask_count(g->pm[h][d]);
  return 0;
}

/* (c, d) ON; 1 when its own closure is known to meet a contradiction,
** which this one then meets too (a closure holding an ON potential holds
** that potential's closure, or meets a contradiction on the way: the rules
** only want more OFF potentials) */
static inline int dcl_on(dclwork *w, int c, int d) {
  if (sk_bits_has(&w->on[d], c)) return 0;
  int k = c * 9 + d;
  if (w->state[k] >= 2) return 1;
  sk_bits_set(&w->on[d], c);
  w->q[w->nq++] = (int16_t)k;
  /* c's houses have their place of d: what is left of them no longer
  ** matters (c ON would only be found again; all OFF means c OFF, seen
  ** in dcl_off), and 0 never counts down to 1 (wraps to 255) */
  const uint8_t *hs = sk_cell_house[c];
  for (int t = 0; t < 3; t++) w->hleft[hs[t] * 9 + d] = 0;
  return 0;
}

/* the one place of d left in house h; none (1) when the rest of a batch
** of OFF potentials (dcl_close) took it */
static inline int dcl_last(dclwork *w, int h, int d) {
  sk_bits x = sk_bits_andnot(sk_bits_and(w->g->dpos[d], sk_house_bits[h]), w->off[d]);
  if (sk_bits_empty(x)) return 1;
  return dcl_on(w, sk_bits_first(x), d);
}

/* (c, d) OFF (not OFF yet), and the ON potentials it leaves alone in its
** cell or houses; 1 on a contradiction.  A cell or house-digit that had
** one never gets here with a count of one; one that had 2+ and has lost
** all has lost its last one as an ON potential, seen here. */
static inline int dcl_off_counts(dclwork *w, int c, int d);

static inline int dcl_off(dclwork *w, int c, int d) {
  if (sk_bits_has(&w->on[d], c)) return 1;
  sk_bits_set(&w->off[d], c);
  return dcl_off_counts(w, c, d);
}

/* the counts of dcl_off, for (c, d) just set OFF */
static inline int dcl_off_counts(dclwork *w, int c, int d) {
  if (w->ylinks) {
    unsigned left = w->left[c] &= (uint16_t)~(1u << d);
    if (left && !(left & (left - 1)) && dcl_on(w, c, __builtin_ctz(left))) return 1;
  }
  const uint8_t *hs = sk_cell_house[c];
  for (int t = 0; t < 3; t++)
    if (--w->hleft[hs[t] * 9 + d] == 1 && dcl_last(w, hs[t], d)) return 1;
  return 0;
}

/* The closure of candidate k ON (on = 1) or OFF into s; 1 when it meets
** a contradiction (s is then left as it was). */
static int dcl_close(const dclset *ds, const cgrid *g, int k, int on, dclos *s) {
  dclwork w;
  w.g = g;
  w.ylinks = ds->ylinks;
  w.state = ds->state;
  w.nq = 0;
  memset(w.on, 0, sizeof w.on);
  memset(w.off, 0, sizeof w.off);
  memcpy(w.left, g->cand, sizeof w.left);
  memcpy(w.hleft, ds->places, sizeof w.hleft);
  if (on) {
    if (dcl_on(&w, k / 9, k % 9)) return 1;
  } else if (dcl_off(&w, k / 9, k % 9)) return 1;
  for (int i = 0; i < w.nq; i++) {
    int c = w.q[i] / 9, d = w.q[i] % 9;
    if (w.ylinks)
      for (unsigned o = w.left[c] & ~(1u << d); o; o &= o - 1)
        if (dcl_off(&w, c, __builtin_ctz(o))) return 1;
    /* the digit's peers at once: none may be ON */
    sk_bits nb = sk_bits_andnot(sk_bits_and(sk_peer_bits[c], g->dpos[d]), w.off[d]);
    if (!sk_bits_empty(sk_bits_and(nb, w.on[d]))) return 1;
    w.off[d] = sk_bits_or(w.off[d], nb);
    for (int y; (y = sk_bits_pop(&nb)) >= 0; )
      if (dcl_off_counts(&w, y, d)) return 1;
  }
  memcpy(s->on, w.on, sizeof s->on);
  memcpy(s->off, w.off, sizeof s->off);
  return 0;
}

/* the closure of candidate k ON, or NULL when it meets a contradiction */
static const dclos *dcl_get(chainer *ch, const cgrid *g, int k) {
  dclset *ds = ch->dcl;
  if (!ds->state[k]) ds->state[k] = dcl_close(ds, g, k, 1, &ds->cl[k]) ? 2 : 1;
  return ds->state[k] == 1 ? &ds->cl[k] : NULL;
}

/* a potential in both closures */
static int dcl_meet(const dclos *a, const dclos *b) {
  uint64_t any = 0;
  for (int d = 0; d < 9; d++)
    any |= (a->on[d].w[0] & b->on[d].w[0]) | (a->on[d].w[1] & b->on[d].w[1]) |
           (a->off[d].w[0] & b->off[d].w[0]) | (a->off[d].w[1] & b->off[d].w[1]);
  return any != 0;
}

/* What "k OFF" gives at once when k's cell keeps 2+ candidates without
** it: -1 nothing (no house of k has two places of its digit), the one
** candidate it sets ON, or -2 when it sets two or more.  The closure of
** "k OFF" is then {k OFF}, which meets no contradiction and nothing of
** k's ON closure, or that of its one partner P ON (P ON sets k OFF, so
** each closure holds the other), or has to be made. */
static int dcl_partner(const dclset *ds, const cgrid *g, int k) {
  int c = k / 9, d = k % 9, p = -1;
  for (int t = 0; t < 3; t++) {
    int h = sk_cell_house[c][t];
    if (ds->places[h * 9 + d] != 2) continue;
    unsigned pm = g->pm[h][d];
    int q = sk_house_cell[h][__builtin_ctz(pm)];
    if (q == c) q = sk_house_cell[h][__builtin_ctz(pm & (pm - 1))];
    q = q * 9 + d;
    if (p >= 0 && q != p) return -2;
    p = q;
  }
  return p;
}

/* Nishio: both runs when the closure of "k ON" or "k OFF" meets a
** contradiction, else none.  "k OFF" gives ON only the other place of a
** house with two (dcl_partner, which looks at houses alone). */
static int dcl_nishio(chainer *ch, const cgrid *g, int k) {
  if (!dcl_get(ch, g, k)) return 3;
  int p = dcl_partner(ch->dcl, g, k);
  if (p == -1) return 0;
  if (p >= 0) return dcl_get(ch, g, p) ? 0 : 3;
  dclos b;
  return dcl_close(ch->dcl, g, k, 0, &b) ? 3 : 0;
}

/* The runs candidate k's contradiction and double chains need (multi_binary):
** 0 none (no hint), 2 the OFF run alone (its contradiction), 3 both. */
int ch_dcl_binary(chainer *ch, const cgrid *g, int k, int dbl) {
  if (!ch->dcl->ylinks) return dcl_nishio(ch, g, k);
  const dclos *a = dcl_get(ch, g, k);
  if (!a) return 3;
  unsigned m = g->cand[k / 9];
  if (!dbl && two_bits(m)) {
    /* in a bivalue cell "k OFF" gives the other value ON first, whose
    ** closure (which has k OFF) is then the whole of it */
    int e = __builtin_ctz(m & ~(1u << k % 9));
    return dcl_get(ch, g, k / 9 * 9 + e) ? 0 : 2;
  }
  /* here k's cell has 3+ candidates: "k OFF" mostly gives nothing or
  ** one ON partner, whose closure is made (or wanted) anyway */
  int p = dcl_partner(ch->dcl, g, k);
  if (p == -1) return 0;
  if (p >= 0) {
    const dclos *b = dcl_get(ch, g, p);
    if (!b) return dbl ? 3 : 2;
    return dbl && dcl_meet(a, b) ? 3 : 0;
  }
  dclos b;
  int bc = dcl_close(ch->dcl, g, k, 0, &b);
  if (dbl && (bc || dcl_meet(a, &b))) return 3;
  return bc ? 2 : 0;
}

/* the sets of run r by digit */
static void dcl_of_run(const crun *R, dclos *s) {
  memset(s, 0, sizeof *s);
  for (int w = 0; w < CWORDS; w++) {
    for (uint64_t v = R->on[w]; v; v &= v - 1) {
      int k = w * 64 + __builtin_ctzll(v);
      sk_bits_set(&s->on[k % 9], k / 9);
    }
    for (uint64_t v = R->off[w]; v; v &= v - 1) {
      int k = w * 64 + __builtin_ctzll(v);
      sk_bits_set(&s->off[k % 9], k / 9);
    }
  }
}

/* Can the ON runs of a group's branches (candidates cand[0..n), n >= 2)
** have a potential in common?  0 when their sets show they cannot: the
** closures first, then the runs of the branches whose closures meet a
** contradiction (these runs are made anyway, for the contradiction).  The
** group's own candidates are left out, never common (as in group_fixed:
** a branch's first step, which cannot meet a contradiction, sets every
** other branch's assumption OFF). */
int ch_dcl_group(chainer *ch, const cgrid *g, const int *cand, int n) {
  sk_bits own[9];
  memset(own, 0, sizeof own);
  for (int i = 0; i < n; i++) sk_bits_set(&own[cand[i] % 9], cand[i] / 9);
  dclos acc;
  int have = 0;
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < n; i++) {
      int k = cand[i];
      const dclos *s = dcl_get(ch, g, k);
      if ((s == NULL) != pass) continue;
      if (!s) {
        if (ch->dcl->state[k] == 2) {
          int r = on_run(ch, g, k / 9, k % 9 + 1);
          if (r < 0) return 1;                    /* group_runs fails too */
          dcl_of_run(&ch->rn[r], &ch->dcl->cl[k]);
          ch->dcl->state[k] = 3;
        }
        s = &ch->dcl->cl[k];
      }
      uint64_t any = 0;
      for (int d = 0; d < 9; d++) {
        sk_bits on = sk_bits_andnot(s->on[d], own[d]), off = sk_bits_andnot(s->off[d], own[d]);
        if (have) {
          on = sk_bits_and(on, acc.on[d]);
          off = sk_bits_and(off, acc.off[d]);
        }
        acc.on[d] = on;
        acc.off[d] = off;
        any |= on.w[0] | on.w[1] | off.w[0] | off.w[1];
      }
      if (!any) return 0;
      have = 1;
    }
  return 1;
}
