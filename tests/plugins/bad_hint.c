/* A technique that lies: it removes a candidate of the first empty cell
** that may well be the solution's value (the largest one).  --verify must
** catch it.  Also registers `bad-place`, which places the smallest
** candidate of the first empty cell. */
#include "sk_plugin.h"

static int lie_elim(const sk_search *s) {
  const sk_grid *g = s->grid;
  for (int c = 0; c < SK_CELLS; c++) {
    if (g->value[c] || sk_mask_count(g->cand[c]) < 2) continue;
    sk_hint h;
    s->host->hint_init(&h);
    int d = 32 - __builtin_clz(g->cand[c]);            /* largest candidate */
    sk_hint_elim(&h, c, d);
    s->host->hint_printf(&h, "Bad hint: removes %d", d);
    if (s->host->emit(s, &h)) return SK_SEARCH_STOPPED;
  }
  return SK_SEARCH_DONE;
}

static int lie_place(const sk_search *s) {
  const sk_grid *g = s->grid;
  for (int c = 0; c < SK_CELLS; c++) {
    if (g->value[c] || g->cand[c] == 0) continue;
    sk_hint h;
    s->host->hint_init(&h);
    sk_hint_place(&h, c, sk_mask_first(g->cand[c]));
    s->host->hint_printf(&h, "Bad place");
    if (s->host->emit(s, &h)) return SK_SEARCH_STOPPED;
  }
  return SK_SEARCH_DONE;
}

SK_PLUGIN_ENTRY(bad_hint) {
  SK_PLUGIN_CHECK(host, reg);
  static const sk_technique a = {"bad-elim", "Bad Elimination", 0, lie_elim, NULL};
  static const sk_technique b = {"bad-place", "Bad Placement", 0, lie_place, NULL};
  if (host->register_technique(reg, &a) != 0) return SK_PLUGIN_ERROR;
  return host->register_technique(reg, &b) == 0 ? SK_PLUGIN_OK : SK_PLUGIN_ERROR;
}
