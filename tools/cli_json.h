/*
** cli_json.h -- JSON output of the command line (--format json, one
** object a line; doc/json.md is the schema).  Strings are escaped so
** that any input byte gives valid JSON: quotes, backslashes and control
** characters are escaped, valid UTF-8 is kept, and a byte that is not
** part of valid UTF-8 becomes U+FFFD.
*/
#ifndef SK_CLI_JSON_H
#define SK_CLI_JSON_H

#include <stdint.h>
#include "cli.h"

void sk_json_str(sk_buf *b, const char *s);                 /* "..." (NULL: null) */
void sk_json_strn(sk_buf *b, const char *s, size_t n);
void sk_json_key(sk_buf *b, const char *key);               /* ,"key": (no comma first) */
void sk_json_tenths(sk_buf *b, int32_t milli);              /* 7.2, serate's rounding */
/* {"puzzle": raw, "index": N, "source": FILE, "line": L -- the object is
** left open; close it with sk_json_end. */
void sk_json_begin(sk_buf *b, const sk_puzzle *p);
void sk_json_end(sk_buf *b);                                /* }\n */
/* A cell name as a string: "r4c6" */
void sk_json_cell(sk_buf *b, int cell);

#endif
