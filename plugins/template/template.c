/*
** template.c -- the smallest complete sudokit technique plugin.  Copy it.
**
** A technique shipped with sudokit:
**   cp plugins/template/template.c techniques/my-technique.c
**   edit: SK_PLUGIN_ENTRY(my_technique), the ids, the search
**   make                      -> build/plugins/my-technique.so, loaded by default
**   add "- id: my-id" with its difficulty to a copy of ratings/se.yaml
**   sudokit rate --table my.yaml -i puzzles.txt
** A technique of your own, built against an installed sudokit: start from
** plugins/example/ (its Makefile uses pkg-config) and load the .so with
** --plugins DIR.
**
** This example registers `template-full-house`: a house with one empty
** cell gets the one missing digit.  (SE's own full house lives in
** techniques/singles.c; this copy is built only for the tests, so it does
** not clash with it.)
**
** The contract (plugins/sk_plugin.h):
**   - the only exported symbol is the SK_PLUGIN_ENTRY function, named
**     after the file (dashes become underscores); everything else static;
**   - SK_PLUGIN_CHECK first: it declares the ABI the plugin was built for;
**   - no global mutable state; a search gets everything in sk_search;
**   - a search reads the grid, fills sk_hint and calls s->host->emit();
**     when emit() returns nonzero the search must return SK_SEARCH_STOPPED;
**   - no difficulty numbers in code: the table computes them from the
**     hint's figures (h.fig[SK_FIG_SIZE] and friends).
*/
#include "sk_plugin.h"

static int full_house_search(const sk_search *s) {
  const sk_grid *g = s->grid;
  for (int house = 0; house < SK_HOUSES; house++) {
    int empty = -1, n = 0;
    for (int i = 0; i < 9; i++)
      if (g->value[sk_house_cell[house][i]] == 0) { empty = sk_house_cell[house][i]; n++; }
    if (n != 1 || g->cand[empty] == 0) continue;
    sk_hint h;
    char cell[8], hn[4];
    s->host->hint_init(&h);
    sk_hint_place(&h, empty, sk_mask_first(g->cand[empty]));
    s->host->hint_printf(&h, "Template full house: %s is the last cell of %s",
                         sk_cell_name(empty, cell), sk_house_name(house, hn));
    if (s->host->emit(s, &h)) return SK_SEARCH_STOPPED;
  }
  return SK_SEARCH_DONE;
}

SK_PLUGIN_ENTRY(template) {
  SK_PLUGIN_CHECK(host, reg);
  static const sk_technique t = {
    "template-full-house",      /* id, as rating tables name it */
    "Template Full House",     /* display name */
    0,                         /* flags: first hint wins */
    full_house_search,
    NULL                       /* data handed back in sk_search.data */
  };
  return host->register_technique(reg, &t) == 0 ? SK_PLUGIN_OK : SK_PLUGIN_ERROR;
}
