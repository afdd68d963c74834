/*
** fuzz_table.c -- the YAML rating-table loader on arbitrary bytes.
** Properties: never crashes or leaks; an accepted table can be copied,
** described and evaluated; an error always says file:line:column.
*/
#include <stdlib.h>
#include <string.h>
#include "sk_table.h"
#include "sk_plugin.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size) {
  sk_error err = {{0}};
  sk_table *t = sk_table_parse((const char *)data, size, "fuzz.yaml", &err);
  if (!t) {
    if (strncmp(err.msg, "fuzz.yaml:", 10) != 0) abort();   /* errors name the input */
    return 0;
  }
  sk_table *c = sk_table_copy(t);
  if (!c || c->n != t->n) abort();
  static const int32_t figs[][SK_FIG_COUNT] = {
    {0, 0, 0, 0, 0}, {2, 4, 1, 6, 0}, {4, 12, 3, 200, 1}, {1000000, 1000000, 1000000, 2000000000, 7},
  };
  char buf[512];
  for (int i = 0; i < t->n; i++) {
    for (size_t k = 0; k < sizeof figs / sizeof figs[0]; k++)
      if (sk_table_difficulty(&t->entry[i], figs[k]) != sk_table_difficulty(&c->entry[i], figs[k])) abort();
    sk_table_describe(&t->entry[i], buf, sizeof buf);
    if (sk_table_find(t, t->entry[i].id) > i) abort();
  }
  sk_table_free(c);
  sk_table_free(t);
  return 0;
}
