/*
** table_difficulty.c -- a hint's difficulty under a table entry's rule:
** the base plus each modifier's addition for the figures the hint
** reports (sk_table.h), and the lower bound a search may still reach.
** Sums are in 64 bits and clamped to [0, INT32_MAX] milli-points.
*/
#include "sk_table.h"
#include "sk_plugin.h"

/* SE's chain length bonus: step for each threshold n exceeds, thresholds
** growing by 3/2 and 4/3 in turn.  64-bit and a forced increase keep the
** loop finite for any figure. */
static int64_t chain_bonus(const sk_modifier *m, int32_t figure) {
  int64_t n = (int64_t)figure - m->offset, lim = m->first > 0 ? m->first : 1, add = 0;
  int odd = 0;
  while (n > lim) {
    int64_t next = odd ? lim * 4 / 3 : lim * 3 / 2;
    add += m->step;
    lim = next > lim ? next : lim + 1;
    odd = !odd;
  }
  return add;
}

static int64_t mod_add(const sk_modifier *m, int32_t f) {
  int64_t add = 0;
  switch (m->kind) {
  case SK_MOD_STEPS:                   /* largest key <= f; keys ascend */
    for (int i = 0; i < m->nkeys && m->key[i] <= f; i++) add = m->add[i];
    return add;
  case SK_MOD_MAP:
    for (int i = 0; i < m->nkeys; i++)
      if (m->key[i] == f) return m->add[i];
    return 0;
  case SK_MOD_LINEAR:
    return f > m->from ? (int64_t)m->per * ((int64_t)f - m->from) : 0;
  case SK_MOD_CHAIN:
    return chain_bonus(m, f);
  }
  return 0;
}

/* The least mod_add(m, x) over x >= f.  Steps and maps take each of their
** additions past f and 0 (a map's unlisted figures; a step before its first
** key), the others grow with the figure unless their addition is negative,
** when nothing bounds them. */
static int64_t mod_floor(const sk_modifier *m, int32_t f) {
  int64_t least = mod_add(m, f);
  switch (m->kind) {
  case SK_MOD_STEPS:
  case SK_MOD_MAP:
    if (m->kind == SK_MOD_MAP && least > 0) least = 0;
    for (int i = 0; i < m->nkeys; i++)
      if (m->key[i] > f && m->add[i] < least) least = m->add[i];
    return least;
  case SK_MOD_LINEAR:
    return m->per < 0 ? INT32_MIN : least;
  case SK_MOD_CHAIN:
    return m->step < 0 ? INT32_MIN : least;
  }
  return least;
}

static int32_t table_difficulty(const sk_table_entry *e, const int32_t *fig, uint32_t at_least) {
  int64_t d = e->base;
  for (int i = 0; i < e->nmod; i++) {
    const sk_modifier *m = &e->mod[i];
    int ok = m->figure >= 0 && m->figure < SK_FIG_COUNT;
    int32_t f = fig && ok ? fig[m->figure] : 0;
    d += ok && (at_least >> m->figure & 1) ? mod_floor(m, f) : mod_add(m, f);
  }
  return d > INT32_MAX ? INT32_MAX : d < 0 ? 0 : (int32_t)d;
}

int32_t sk_table_difficulty(const sk_table_entry *e, const int32_t *fig) {
  return table_difficulty(e, fig, 0);
}

int32_t sk_table_difficulty_floor(const sk_table_entry *e, const int32_t *fig, uint32_t at_least) {
  return table_difficulty(e, fig, at_least);
}
