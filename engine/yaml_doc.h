/*
** yaml_doc.h -- the YAML document reader of the rating tables (internal to
** the engine: skY_ names are not part of the API).
**
** A document is read whole into a small tree of scalars, sequences and
** mappings, each node with its 1-based line and column; what a rating
** table never needs (aliases, anchors, tags, a second document, deep
** nesting) is refused.  Problems are reported once, as
** "file:line:col: message", through the reader's context.
*/
#ifndef SK_YAML_DOC_H
#define SK_YAML_DOC_H

#include <stddef.h>
#include "sk_error.h"

enum { N_SCALAR, N_SEQ, N_MAP };

typedef struct node {
  int kind;
  int plain;                   /* scalar written bare (so it can be a number) */
  int line, col;               /* 1-based */
  char *text;                  /* scalar text, NUL-terminated (len excludes it) */
  size_t len;
  int n, cap;                  /* children; a mapping holds key, value, key... */
  struct node **kid;
} node;

typedef struct ctx {
  const char *file;            /* name used in messages */
  sk_error *err;
  int failed;                  /* only the first problem is reported */
} ctx;

/* Report "file:line:col: message" unless a problem was reported already;
** returns -1. */
int skY_fail(ctx *c, int line, int col, const char *fmt, ...)
#if defined(__GNUC__)
  __attribute__((format(printf, 4, 5)))
#endif
  ;

#define skY_failat(c, nd, ...) skY_fail((c), (nd)->line, (nd)->col, __VA_ARGS__)

/* 1-based line and column of a byte offset (columns count characters). */
void skY_where(const char *text, size_t len, size_t off, int *line, int *col);

/* A short printable copy of user text for messages, in buf. */
const char *skY_show(const char *s, size_t len, char *buf, size_t size);

/* A plain scalar YAML reads as null: empty, "~" or null. */
int skY_is_null(const node *n);

/* What a node is, for "must be X, not Y" messages (may use buf). */
const char *skY_what_is(const node *n, char *buf, size_t size);

/* The tree of text (len bytes, no NUL among them), or NULL with the
** problem reported; free it with skY_free. */
node *skY_build(ctx *c, const char *text, size_t len);
void skY_free(node *n);

#endif
