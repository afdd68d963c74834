/*
** sk_templates.h -- the templates of one digit, for the plugins that use
** them (templates.c; fish/franken.c's template filter).
**
** A template of a digit is one of the 46,656 ways to put nine copies of it
** in the grid, one in each row, column and box.  On a grid a template is
** valid for digit d when each of its cells holds d or has d as a candidate,
** and every placed d is one of its cells.  The valid templates are walked
** row by row (row 1 first, columns ascending), each row taking its placed d
** when it has one, else a candidate cell whose column and box are still
** free; so only valid templates are ever built, and a grid with few
** candidates has few of them.  Everything is on the stack: plugins keep no
** global state.
*/
#ifndef SK_TEMPLATES_H
#define SK_TEMPLATES_H

#include <string.h>
#include "sk_plugin.h"

/* Called for each valid template; nonzero stops the walk. */
typedef int (*sk_tmpl_visit)(void *ud, sk_bits t);

typedef struct sk_tmpl_walk {
  unsigned allowed[9];            /* allowed[row]: its columns that may take d */
  sk_tmpl_visit visit;
  void *ud;
} sk_tmpl_walk;

static int sk_tmpl_rows(const sk_tmpl_walk *w, int row, unsigned cols, unsigned boxes, sk_bits t) {
  if (row == 9) return w->visit(w->ud, t);
  for (unsigned m = w->allowed[row] & ~cols; m; m &= m - 1) {
    int c = __builtin_ctz(m), box = (row / 3) * 3 + c / 3;
    if ((boxes >> box) & 1) continue;
    sk_bits u = t;
    sk_bits_set(&u, row * 9 + c);
    if (sk_tmpl_rows(w, row + 1, cols | 1u << c, boxes | 1u << box, u)) return 1;
  }
  return 0;
}

/* Walk every valid template of d on g in order; 1 when visit stopped it. */
static inline int sk_tmpl_each(const sk_grid *g, int d, sk_tmpl_visit visit, void *ud) {
  sk_tmpl_walk w;
  w.visit = visit;
  w.ud = ud;
  for (int r = 0; r < 9; r++) {
    unsigned placed = 0, cand = sk_bits_row(g->dcells[d - 1], r);
    for (int c = 0; c < 9; c++)
      if (g->value[r * 9 + c] == d) placed |= 1u << c;
    w.allowed[r] = placed ? placed : cand;
  }
  sk_bits none = {{0, 0}};
  return sk_tmpl_rows(&w, 0, 0, 0, none);
}

typedef struct sk_tmpl_sum {
  sk_bits any, all;               /* union and intersection of the valid templates */
  long count;
} sk_tmpl_sum;

static int sk_tmpl_add(void *ud, sk_bits t) {
  sk_tmpl_sum *s = ud;
  s->any = sk_bits_or(s->any, t);
  s->all = s->count ? sk_bits_and(s->all, t) : t;
  s->count++;
  return 0;
}

/* The union and intersection of d's valid templates (both empty when it
** has none). */
static inline sk_tmpl_sum sk_tmpl_summary(const sk_grid *g, int d) {
  sk_tmpl_sum s;
  memset(&s, 0, sizeof s);
  sk_tmpl_each(g, d, sk_tmpl_add, &s);
  return s;
}

#endif
