/*
** sk_plugin.h -- the sudokit technique plugin ABI.
**
** A plugin is a shared object with ONE exported entry function,
**
**     SK_PLUGIN_ENTRY(name) { SK_PLUGIN_CHECK(host, reg); ... }
**
** which expands to  int sk_plugin_init_<name>(const sk_host *, sk_registry *).
** <name> is the file's base name with '-' turned into '_' (x-wing.so ->
** sk_plugin_init_x_wing), so that many plugins can also be linked into one
** static binary (WebAssembly) without symbol clashes.  Every other symbol
** of a plugin must be static -- or, in a plugin made of the files of a
** folder (techniques/NAME/ -> NAME.so), hidden: its objects are compiled
** with -fvisibility=hidden, which SK_PLUGIN_ENTRY overrides, and the
** names its files share carry the plugin's own prefix, so that they do not
** clash in a static binary.  Plugins keep no global mutable state: what a
** search needs arrives in its sk_search argument.
**
** The host passes a table of services (sk_host).  It starts with its ABI
** version and its own size and only ever grows at the end, so a plugin
** built against an older header keeps working.  SK_PLUGIN_CHECK declares
** the plugin's ABI version to the host; the host refuses the plugin (and
** says so, naming the file) when the versions differ.
**
** A technique's search looks at a read-only grid and emits hints through
** s->host->emit().  The plugin never changes the grid; the engine applies
** the hint it chooses.  A hint carries the figures (size, length, type,
** complexity...) from which the rating table computes its difficulty, so
** no difficulty number lives in plugin code.
*/
#ifndef SK_PLUGIN_H
#define SK_PLUGIN_H

#include <stddef.h>
#include <stdint.h>
#include "sk_grid.h"

#define SK_ABI_VERSION 1

/* figures a hint reports for the rating table's modifiers */
enum {
  SK_FIG_SIZE = 0,       /* set size, fish size, naked/hidden set size */
  SK_FIG_LENGTH,         /* loop or chain length in cells */
  SK_FIG_TYPE,           /* technique-specific variant number (UL type, chain kind) */
  SK_FIG_COMPLEXITY,     /* chain complexity as SE counts it (flat + nested) */
  SK_FIG_EXTRA,          /* free for a plugin's own table modifiers */
  SK_FIG_COUNT
};

#define SK_HINT_TEXT 512

typedef struct sk_hint {
  const char *name;            /* display name of this hint ("X-Wing"); NULL = technique's */
  int cell;                    /* cell to place a value in, -1 for none */
  int digit;                   /* the value placed (1..9) when cell >= 0 */
  sk_mask elim[SK_CELLS];      /* candidates removed, per cell */
  sk_mask focus[SK_CELLS];     /* candidates the pattern is made of (for display) */
  int32_t fig[SK_FIG_COUNT];   /* figures for the table's modifiers */
  int64_t order;               /* tie-break after difficulty in collecting techniques */
  char text[SK_HINT_TEXT];     /* explanation, without the eliminations (engine adds them) */
} sk_hint;

/* More of a hint, for host emit_with (read during the call, not kept).
**   order[0..norder): the order in which the technique lists the hint's
**     eliminations, as cell * 16 + digit, each one of h->elim (anything
**     else is ignored; eliminations left out follow in ascending order).
**     h->elim is a set; a table that reproduces another program's step
**     texts and bookkeeping needs that program's order (HoDoKu's path
**     groups a step's eliminations by digit in the order of each digit's
**     first one, and its singles queues take them one by one).
**   detail: further lines of explanation, '\n' between them, of any
**     length (HoDoKu's forcing chains and nets print their chains under
**     the step); NULL for none. */
typedef struct sk_hint_extra {
  uint32_t size;               /* sizeof(sk_hint_extra) of the plugin */
  int norder;
  const uint16_t *order;
  const char *detail;
} sk_hint_extra;

typedef struct sk_registry sk_registry;   /* engine-owned, opaque */
typedef struct sk_host sk_host;

/* What a search receives. */
typedef struct sk_search {
  const sk_host *host;
  const sk_grid *grid;         /* read-only */
  const void *data;            /* the technique's registered data pointer */
  void *sink;                  /* engine-owned: pass back to emit() */
} sk_search;

/* search result codes */
#define SK_SEARCH_DONE     0   /* scan finished */
#define SK_SEARCH_STOPPED  1   /* emit() asked to stop */

/* technique flags */
#define SK_TECH_COLLECT  1u    /* the engine collects every hint and takes the
                               ** cheapest (difficulty, then hint.order, then
                               ** emission order) -- SE's unique loops and chains.
                               ** Without it, the first hint emitted wins. */

typedef struct sk_technique {
  const char *id;              /* table id: "x-wing", "hidden-single-block" */
  const char *name;            /* display name: "X-Wing" */
  unsigned flags;              /* SK_TECH_* */
  int (*search)(const sk_search *s);
  const void *data;            /* handed back in sk_search.data */
} sk_technique;

struct sk_host {
  /* -- fixed forever: these three stay first in every ABI version -- */
  uint32_t abi_version;        /* SK_ABI_VERSION of the host */
  uint32_t size;               /* sizeof(sk_host) of the host */
  int (*declare_abi)(sk_registry *reg, uint32_t plugin_abi);
  /* -- ABI 1 -- */
  /* register a technique (copied by the host); 0 on success, -1 with a
  ** message recorded in the registry (duplicate id, bad fields) */
  int (*register_technique)(sk_registry *reg, const sk_technique *t);
  /* hand a hint to the engine; returns nonzero when the search must stop */
  int (*emit)(const sk_search *s, const sk_hint *h);
  /* start a hint: zero it, no placement */
  void (*hint_init)(sk_hint *h);
  /* append formatted text to h->text (truncates safely) */
  void (*hint_printf)(sk_hint *h, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
  /* true when a search should give up early (budget exceeded) */
  int (*should_stop)(const sk_search *s);
  /* run another technique by id on a grid (nested chains); emits go to the
  ** given callback.  Returns -1 if the id is unknown. */
  int (*run_technique)(const sk_search *s, const char *id, const sk_grid *g,
                       int (*cb)(void *ud, const sk_hint *h), void *ud);
  /* -- ABI 1, step data (added at the end: older plugins never see it) --
  ** Work a plugin wants to reuse across the techniques tried on one grid
  ** (a step of the rating tries them in table order, each on the same
  ** grid) hangs on the step, under a key of the plugin's own: the address
  ** of one of its static const objects.  get_aux returns the data set under
  ** key on this step, or NULL.  set_aux attaches data (replacing, and
  ** destroying, what the key held); the engine calls destroy(data) when the
  ** step's hint is applied, when the rating ends, or on replacement.
  ** Searches outside a rating step (run_technique, hint listings) have no
  ** step: get_aux returns NULL, and set_aux destroys data at once and
  ** returns -1, as it does when the step holds SK_AUX_MAX keys already. */
  void *(*get_aux)(const sk_search *s, const void *key);
  int (*set_aux)(const sk_search *s, const void *key, void *data, void (*destroy)(void *));
  /* -- ABI 1, rating data (added at the end) --
  ** As set_aux, but the data stays for the later steps of the rating and
  ** is destroyed when the rating ends (or on replacement); get_aux finds
  ** it on every step.  For work a plugin can still use on the smaller
  ** grids of later steps: it must tell the steps apart itself (each step's
  ** grid has fewer candidates than the one before). */
  int (*set_rating_aux)(const sk_search *s, const void *key, void *data, void (*destroy)(void *));
  /* -- ABI 1, difficulty bound (added at the end) --
  ** For a collecting technique (SK_TECH_COLLECT) whose search may stop
  ** exploring what cannot win: a lower bound on the difficulty the rating
  ** table gives any hint of this search whose figures equal fig[] except
  ** those with their bit (1u << SK_FIG_x) in at_least, which may be fig[x]
  ** or more (with at_least 0: that hint's difficulty, in milli).  The
  ** engine keeps the least difficulty, ties going by order, then by
  ** emission order, so a search may drop what is bound to exceed the
  ** difficulty of a hint it emitted.  -1 when every hint must be emitted
  ** (hint listings, nested searches): then nothing may be dropped. */
  int32_t (*difficulty)(const sk_search *s, const int32_t *fig, uint32_t at_least);
  /* -- ABI 1, technique parameters (added at the end) --
  ** An option of the technique being searched, by name ("max-fins",
  ** "duals"): the value the rating table gives it for this technique (its
  ** entry's params: map), else dflt.  Options that change which hints a
  ** search finds live in tables, not in plugin code, so that one plugin
  ** serves several rating systems.  Searches run outside a table entry
  ** (run_technique without one) get dflt. */
  int32_t (*param)(const sk_search *s, const char *name, int32_t dflt);
  /* -- ABI 1, the previous step (added at the end) --
  ** The hint the rating applied last (its placement and eliminations as
  ** the technique emitted them), or NULL before the first step and outside
  ** a rating's step loop.  prev_param reads an option of the table entry
  ** that hint came from, as param does for the entry being searched.  For
  ** a technique that mirrors another program's bookkeeping of the grid
  ** (HoDoKu's singles queues depend on the order in which each step's
  ** candidates were removed). */
  const sk_hint *(*prev_hint)(const sk_search *s);
  int32_t (*prev_param)(const sk_search *s, const char *name, int32_t dflt);
  /* -- ABI 1, what a hint's fields cannot hold (added at the end) --
  ** emit, with x (see sk_hint_extra; NULL is emit).  A step made of the
  ** hint keeps both (sk_step.order, sk_step.detail); prev_order gives the
  ** order of the hint prev_hint returns (NULL and *n = 0 when it had
  ** none).  Hint listings and nested searches get the hint alone. */
  int (*emit_with)(const sk_search *s, const sk_hint *h, const struct sk_hint_extra *x);
  const uint16_t *(*prev_order)(const sk_search *s, int *n);
};

#define SK_AUX_MAX 16

/* return codes of the entry function */
#define SK_PLUGIN_OK      0
#define SK_PLUGIN_EABI   -1
#define SK_PLUGIN_ERROR  -2

/* the entry is exported even from objects compiled with -fvisibility=hidden */
#if defined(__GNUC__)
#define SK_PLUGIN_EXPORT __attribute__((visibility("default")))
#else
#define SK_PLUGIN_EXPORT
#endif

#define SK_PLUGIN_ENTRY(name) \
  SK_PLUGIN_EXPORT int sk_plugin_init_##name(const sk_host *host, sk_registry *reg); \
  SK_PLUGIN_EXPORT int sk_plugin_init_##name(const sk_host *host, sk_registry *reg)

#define SK_PLUGIN_CHECK(host, reg) do { \
    if ((host)->declare_abi((reg), SK_ABI_VERSION) != 0 || \
        (host)->size < sizeof(sk_host)) return SK_PLUGIN_EABI; \
  } while (0)

/* small helpers for hint construction */
static inline void sk_hint_elim(sk_hint *h, int cell, int d) { h->elim[cell] |= SK_BIT(d); }
static inline void sk_hint_focus(sk_hint *h, int cell, int d) { h->focus[cell] |= SK_BIT(d); }
static inline void sk_hint_place(sk_hint *h, int cell, int d) { h->cell = cell; h->digit = d; }
static inline int sk_hint_has_elims(const sk_hint *h) {
  for (int c = 0; c < SK_CELLS; c++) if (h->elim[c]) return 1;
  return 0;
}

#endif
