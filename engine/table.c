/*
** table.c -- rating tables (sk_table.h) as values: figure names, copying,
** freeing, looking up a technique.
**
** The other parts of the tables:
**   yaml_doc.c          the YAML document reader (libyaml -> a tree)
**   table_read.c        reading a table's schema from that tree
**   table_difficulty.c  a hint's difficulty under a technique's rule
**   table_describe.c    a rule as text
**   ratings.c           a table's (or a Lua policy's) name -> its file
*/
#include <stdlib.h>
#include <string.h>
#include "sk_table.h"
#include "sk_plugin.h"


/* {====================================================================
** Figures
** ===================================================================== */

static const char *const fig_names[] = {"size", "length", "type", "complexity", "extra"};
_Static_assert(sizeof fig_names / sizeof *fig_names == SK_FIG_COUNT,
               "one name per SK_FIG_* figure");

const char *sk_figure_name(int fig) {
  return fig >= 0 && fig < SK_FIG_COUNT ? fig_names[fig] : NULL;
}

int sk_figure_parse(const char *s) {
  for (int i = 0; s && i < SK_FIG_COUNT; i++)
    if (strcmp(s, fig_names[i]) == 0) return i;
  return -1;
}

/* }==================================================================== */


/* {====================================================================
** Tables
** ===================================================================== */

void sk_table_free(sk_table *t) {
  if (!t) return;
  for (int i = 0; i < t->n; i++) {
    sk_table_entry *e = &t->entry[i];
    for (int j = 0; j < e->nmod; j++) free(e->mod[j].provenance);
    free(e->id);
    free(e->name);
    free(e->provenance);
  }
  free(t->entry);
  free(t->name);
  free(t->description);
  free(t->path);
  free(t);
}

/* strdup that keeps NULL; sets *bad on a failed allocation */
static char *dupstr(const char *s, int *bad) {
  char *d = s ? strdup(s) : NULL;
  if (s && !d) *bad = 1;
  return d;
}

sk_table *sk_table_copy(const sk_table *t) {
  int bad = 0;
  if (!t) return NULL;
  sk_table *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  c->name = dupstr(t->name, &bad);
  c->description = dupstr(t->description, &bad);
  c->path = dupstr(t->path, &bad);
  if (t->n > 0 && !(c->entry = calloc((size_t)t->n, sizeof *c->entry))) bad = 1;
  for (int i = 0; !bad && i < t->n; i++) {
    sk_table_entry *e = &c->entry[i];
    *e = t->entry[i];                  /* numbers; the strings are replaced below */
    e->id = dupstr(t->entry[i].id, &bad);
    e->name = dupstr(t->entry[i].name, &bad);
    e->provenance = dupstr(t->entry[i].provenance, &bad);
    for (int j = 0; j < e->nmod; j++)
      e->mod[j].provenance = dupstr(t->entry[i].mod[j].provenance, &bad);
    c->n++;
  }
  if (bad) {
    sk_table_free(c);
    return NULL;
  }
  return c;
}

int sk_table_find(const sk_table *t, const char *id) {
  for (int i = 0; t && id && i < t->n; i++)
    if (strcmp(t->entry[i].id, id) == 0) return i;
  return -1;
}

/* }==================================================================== */
