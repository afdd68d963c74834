/*
** fish.c -- basic fish: X-Wing, Swordfish, Jellyfish (Sudoku Explainer),
** and HoDoKu's basic fish of sizes 2-7.
**
** Techniques (ids of the rating table):
**   x-wing (n = 2), swordfish (n = 3), jellyfish (n = 4)          SE's
**   basic-x-wing, basic-swordfish, basic-jellyfish, basic-squirmbag,
**   basic-whale, basic-leviathan (n = 2..7)                        HoDoKu's
** n base lines whose places for a value lie in n cover lines: the value
** leaves the cover lines outside the base lines.
**
** SE's fish.  Scan order follows Sudoku Explainer 1.2.1.3: base lines are
** columns first, then rows; the outer loop runs over tuples of lines in the
** order of increasing bit masks ({1,2} {1,3} {2,3} {1,4}...), the inner one
** over values 1..9.  A value is tried only while at least 2n of its nine
** copies are unplaced, and each base line needs at least two places.  No
** finned, sashimi or franken fish (SE has none).  Hints report figure
** size = n.  Option (host->param) hodoku = 1: HoDoKu 2.2.0's base-line
** rules in SE's order (a base line needs one place or more, and no value
** is left out for its placed copies).
**
** HoDoKu's basic fish (HoDoKu 2.2.0's X_WING ... LEVIATHAN, reglib codes
** 0300-0305) are the same rule in another order: value by value (1..9),
** for each value rows as base lines first, then columns, base sets in
** lexicographic order (FishSolver.getAnyFish).  HoDoKu also takes a base
** line with a single place and has no placed-copies test, so its first fish
** is often not SE's: hence ids of their own, for every size, 2-4 included.
** The search is hodoku.c's (shared with finned.c, which has the
** finned and sashimi ids); its comment gives the options read (max-fins,
** duals, only-one-fish-per-step, all-steps), how each mode orders the
** fish, and the figures: size = n, type = 0 (2 for a fish
** with a base line of one cell, which HoDoKu names "Sashimi" and its
** library writes with the sashimi code), extra = 0 fins.  The hint text
** is HoDoKu's, "X-Wing: 3 r37 c34".  Focus: the base cells (the digit is
** the step's only value).
*/
#include "sk_plugin.h"
#include "fish.h"

typedef struct params {
  int n;
  const char *name;
} params;

/* The places of every value seen along lines of one kind. */
typedef struct lines {
  int is_row;                /* base lines are rows (covers columns) */
  uint16_t pos[10][9];       /* pos[d][line]: cross-line indexes holding d */
} lines;

/* Bit count of a 9-bit mask.  Plain -O2 x86-64 builds have no POPCNT
** instruction, and __builtin_popcount would call into libgcc in the
** hottest loops, so count with shifts and masks. */
static inline int bits9(unsigned x) {
  x = x - ((x >> 1) & 0x5555u);
  x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
  x = (x + (x >> 4)) & 0x0F0Fu;
  return (int)((x + (x >> 8)) & 0x1Fu);
}

static void load_lines(const sk_grid *g, lines *cols, lines *rows) {
  cols->is_row = 0;
  rows->is_row = 1;
  for (int d = 1; d <= 9; d++) {
    for (int i = 0; i < 9; i++) cols->pos[d][i] = 0;
    for (int r = 0; r < 9; r++) {
      unsigned m = sk_bits_row(g->dcells[d - 1], r);
      rows->pos[d][r] = (uint16_t)m;
      for (; m; m &= m - 1) cols->pos[d][__builtin_ctz(m)] |= (uint16_t)(1u << r);
    }
  }
}

static unsigned next_subset(unsigned m) {
  unsigned low = m & -m, ripple = m + low;
  return (((ripple ^ m) >> 2) / low) | ripple;
}

static int cell_at(const lines *L, int line, int cross) {
  return L->is_row ? line * 9 + cross : cross * 9 + line;
}

static void text_lines(const sk_host *host, sk_hint *h, char kind, unsigned set) {
  const char *sep = "";
  for (int i = 0; i < 9; i++)
    if (set & (1u << i)) { host->hint_printf(h, "%s%c%d", sep, kind, i + 1); sep = ","; }
}

/* base: the base lines; cover: the cover lines their places lie in. */
static int found(const sk_search *s, const params *p, const lines *L,
                 int d, unsigned base, unsigned cover) {
  const sk_host *host = s->host;
  sk_hint h;
  int any = 0;
  host->hint_init(&h);
  h.fig[SK_FIG_SIZE] = p->n;
  for (int line = 0; line < 9; line++) {
    unsigned where = L->pos[d][line];
    int in_base = (base >> line) & 1;
    for (int x = 0; x < 9; x++) {
      if (!((where >> x) & 1) || !((cover >> x) & 1)) continue;
      if (in_base) sk_hint_focus(&h, cell_at(L, line, x), d);
      else { sk_hint_elim(&h, cell_at(L, line, x), d); any = 1; }
    }
  }
  if (!any) return 0;
  host->hint_printf(&h, "%s: %d in ", p->name, d);
  text_lines(host, &h, L->is_row ? 'r' : 'c', base);
  host->hint_printf(&h, " at ");
  text_lines(host, &h, L->is_row ? 'c' : 'r', cover);
  return host->emit(s, &h);
}

/* A base line needs 2..n places for the value (more can never fit in n
** cover lines); fit[d] has the lines that qualify for d. */
static int fish_on(const sk_search *s, const params *p, const lines *L, const int *placed,
                   int hodoku) {
  int n = p->n, least = hodoku ? 1 : 2;
  unsigned fit[10] = {0}, any = 0;
  for (int d = 1; d <= 9; d++) {
    if (!hodoku && placed[d] + 2 * n > 9) continue;
    for (int line = 0; line < 9; line++) {
      int k = bits9(L->pos[d][line]);
      if (k >= least && k <= n) fit[d] |= 1u << line;
    }
    any |= fit[d];
  }
  for (unsigned base = (1u << n) - 1; base < 512; base = next_subset(base)) {
    if (base & ~any) continue;
    for (int d = 1; d <= 9; d++) {
      if (base & ~fit[d]) continue;
      unsigned cover = 0;
      for (int line = 0; line < 9; line++)
        if ((base >> line) & 1) cover |= L->pos[d][line];
      if (bits9(cover) != n) continue;
      if (found(s, p, L, d, base, cover)) return 1;
    }
  }
  return 0;
}

static int search(const sk_search *s) {
  const params *p = s->data;
  const sk_grid *g = s->grid;
  int placed[10] = {0}, hodoku = s->host->param(s, "hodoku", 0) != 0;
  lines cols, rows;
  for (int c = 0; c < SK_CELLS; c++) placed[g->value[c]]++;
  load_lines(g, &cols, &rows);
  if (fish_on(s, p, &cols, placed, hodoku)) return SK_SEARCH_STOPPED;
  if (fish_on(s, p, &rows, placed, hodoku)) return SK_SEARCH_STOPPED;
  return SK_SEARCH_DONE;
}

static const params kinds[] = {
  {2, "X-Wing"},
  {3, "Swordfish"},
  {4, "Jellyfish"},
};

static const char *const ids[] = {"x-wing", "swordfish", "jellyfish"};

/* {====== HoDoKu's basic fish */

static int hodoku_search(const sk_search *s) {
  return hf_search(s, *(const int *)s->data, HF_FINLESS);
}

static const int hodoku_sizes[] = {2, 3, 4, 5, 6, 7};
static const char *const hodoku_ids[] = {
  "basic-x-wing", "basic-swordfish", "basic-jellyfish",
  "basic-squirmbag", "basic-whale", "basic-leviathan",
};

/* }====== */

SK_PLUGIN_ENTRY(fish) {
  SK_PLUGIN_CHECK(host, reg);
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
    sk_technique t = {ids[i], kinds[i].name, 0, search, &kinds[i]};
    if (host->register_technique(reg, &t) != 0) return SK_PLUGIN_ERROR;
  }
  for (size_t i = 0; i < sizeof hodoku_sizes / sizeof hodoku_sizes[0]; i++) {
    sk_technique t = {hodoku_ids[i], hf_name(HF_FINLESS, hodoku_sizes[i]), 0, hodoku_search,
                      &hodoku_sizes[i]};
    if (host->register_technique(reg, &t) != 0) return SK_PLUGIN_ERROR;
  }
  if (hf_register_finned(host, reg) != SK_PLUGIN_OK) return SK_PLUGIN_ERROR;
  if (ff_register(host, reg) != SK_PLUGIN_OK) return SK_PLUGIN_ERROR;
  return fk_register(host, reg);
}
