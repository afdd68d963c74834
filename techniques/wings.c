/*
** wings.c -- XY-Wing and XYZ-Wing.
**
** Techniques (ids of the rating table):
**   xy-wing    pivot {x,y}, wings {x,z} and {y,z} seen by the pivot: z
**              leaves every cell that sees both wings
**   xyz-wing   pivot {x,y,z}, wings {x,z} and {y,z}: z leaves every cell
**              that sees all three
**
** Scan order follows Sudoku Explainer 1.2.1.3: pivots in row-major order;
** the first wing, then the second, each taken from the pivot's peer list
** (its block, then its row, then its column: sk_peer's order).  The first
** wing must share all but one of the pivot's values.  Victims are found
** with the peer bitboards.
*/
#include "sk_plugin.h"

typedef struct params {
  int xyz;                   /* pivot with three candidates */
  const char *name;
} params;

/* Bit count of a 9-bit mask.  Plain -O2 x86-64 builds have no POPCNT
** instruction, and __builtin_popcount would call into libgcc in the
** hottest loops, so count with shifts and masks. */
static inline int bits9(unsigned x) {
  x = x - ((x >> 1) & 0x5555u);
  x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
  x = (x + (x >> 4)) & 0x0F0Fu;
  return (int)((x + (x >> 8)) & 0x1Fu);
}

static int is_wing_set(int xyz, sk_mask pivot, sk_mask w1, sk_mask w2) {
  if (bits9(w2) != 2) return 0;
  sk_mask all = (sk_mask)(pivot | w1 | w2), common = (sk_mask)(pivot & w1 & w2);
  return bits9(all) == 3 && bits9(common) == (xyz ? 1 : 0);
}

static void text_cell(const sk_host *host, sk_hint *h, int c, sk_mask m) {
  host->hint_printf(h, "r%dc%d{", c / 9 + 1, c % 9 + 1);
  for (; m; m &= m - 1) host->hint_printf(h, "%d", sk_mask_first(m));
  host->hint_printf(h, "}");
}

static int found(const sk_search *s, const params *p, int pivot, int w1, int w2) {
  const sk_grid *g = s->grid;
  const sk_host *host = s->host;
  int z = sk_mask_first((sk_mask)(g->cand[w1] & g->cand[w2]));
  sk_bits victims = sk_bits_and(sk_peer_bits[w1], sk_peer_bits[w2]);
  if (p->xyz) victims = sk_bits_and(victims, sk_peer_bits[pivot]);
  victims = sk_bits_and(victims, g->dcells[z - 1]);
  sk_bits_clear(&victims, pivot);
  sk_bits_clear(&victims, w1);
  sk_bits_clear(&victims, w2);
  if (sk_bits_empty(victims)) return 0;
  sk_hint h;
  host->hint_init(&h);
  h.focus[pivot] = g->cand[pivot];
  h.focus[w1] = g->cand[w1];
  h.focus[w2] = g->cand[w2];
  for (int c; (c = sk_bits_pop(&victims)) >= 0; ) sk_hint_elim(&h, c, z);
  host->hint_printf(&h, "%s: ", p->name);
  text_cell(host, &h, pivot, g->cand[pivot]);
  host->hint_printf(&h, " with ");
  text_cell(host, &h, w1, g->cand[w1]);
  host->hint_printf(&h, ",");
  text_cell(host, &h, w2, g->cand[w2]);
  host->hint_printf(&h, ", z=%d", z);
  return host->emit(s, &h);
}

/* Both wing loops run over the pivot's bivalue peers that share one of
** its values (every wing does), in peer order.  bivalue: the grid's cells
** with two candidates. */
static int from_pivot(const sk_search *s, const params *p, int pivot, sk_bits bivalue) {
  const sk_grid *g = s->grid;
  sk_mask pm = g->cand[pivot];
  sk_bits near = {{0, 0}};
  for (sk_mask m = pm; m; m &= m - 1) near = sk_bits_or(near, g->dcells[__builtin_ctz(m)]);
  near = sk_bits_and(near, sk_bits_and(bivalue, sk_peer_bits[pivot]));
  if (sk_bits_empty(near)) return 0;
  int two[SK_PEERS], n = 0;
  for (int i = 0; i < SK_PEERS; i++)
    if (sk_bits_has(&near, sk_peer[pivot][i])) two[n++] = sk_peer[pivot][i];
  for (int i = 0; i < n; i++) {
    int w1 = two[i];
    sk_mask m1 = g->cand[w1];
    if (bits9((unsigned)(pm & ~m1)) != 1) continue;
    for (int j = 0; j < n; j++) {
      int w2 = two[j];
      if (!is_wing_set(p->xyz, pm, m1, g->cand[w2])) continue;
      if (found(s, p, pivot, w1, w2)) return 1;
    }
  }
  return 0;
}

static int search(const sk_search *s) {
  const params *p = s->data;
  int size = p->xyz ? 3 : 2, count[SK_CELLS];
  sk_bits bivalue = {{0, 0}};
  for (int c = 0; c < SK_CELLS; c++) {
    count[c] = bits9(s->grid->cand[c]);
    if (count[c] == 2) sk_bits_set(&bivalue, c);
  }
  for (int c = 0; c < SK_CELLS; c++)
    if (count[c] == size && from_pivot(s, p, c, bivalue)) return SK_SEARCH_STOPPED;
  return SK_SEARCH_DONE;
}

static const params kinds[] = {
  {0, "XY-Wing"},
  {1, "XYZ-Wing"},
};

static const char *const ids[] = {"xy-wing", "xyz-wing"};

SK_PLUGIN_ENTRY(wings) {
  SK_PLUGIN_CHECK(host, reg);
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
    sk_technique t = {ids[i], kinds[i].name, 0, search, &kinds[i]};
    if (host->register_technique(reg, &t) != 0) return SK_PLUGIN_ERROR;
  }
  return SK_PLUGIN_OK;
}
