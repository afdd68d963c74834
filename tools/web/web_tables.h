/*
** web_tables.h -- rating tables compiled into the WebAssembly build.
**
** The browser build has no YAML reader.  At build time tools/web/table2c
** (a host program linked with the real libyaml) reads ratings/NAME.yaml
** through sk_table_load -- so every check of the normal loader applies --
** and writes the tables out as C initializers.  web_api.c copies one with
** sk_table_copy before handing it to an engine, which takes ownership.
*/
#ifndef SK_WEB_TABLES_H
#define SK_WEB_TABLES_H

#include "sk_table.h"

typedef struct sk_web_table {
  const char *name;            /* the table's name: key ("se", "xdrs") */
  const sk_table *table;
} sk_web_table;

/* Ends with {NULL, NULL}. */
extern const sk_web_table sk_web_tables[];

#endif
