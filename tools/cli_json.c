/*
** cli_json.c -- the JSON writers of the command line (cli_json.h).
*/
#include <stdio.h>
#include <string.h>
#include "cli_json.h"
#include "sk_engine.h"

/* Length of the valid UTF-8 sequence at s (n bytes left), 0 if none:
** no overlong forms, no surrogates, nothing above U+10FFFF. */
static size_t utf8_len(const unsigned char *s, size_t n) {
  unsigned c = s[0];
  size_t k;
  unsigned min;
  if (c < 0x80) return 1;
  if (c >= 0xC2 && c <= 0xDF) k = 2, min = 0x80;
  else if (c >= 0xE0 && c <= 0xEF) k = 3, min = 0x800;
  else if (c >= 0xF0 && c <= 0xF4) k = 4, min = 0x10000;
  else return 0;
  if (n < k) return 0;
  unsigned v = c & (0xFF >> (k + 1));
  for (size_t i = 1; i < k; i++) {
    if ((s[i] & 0xC0) != 0x80) return 0;
    v = (v << 6) | (s[i] & 0x3F);
  }
  if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) return 0;
  return k;
}

void sk_json_strn(sk_buf *b, const char *s, size_t n) {
  const unsigned char *u = (const unsigned char *)s;
  sk_buf_add(b, "\"", 1);
  for (size_t i = 0; i < n; ) {
    unsigned char c = u[i];
    if (c == '"' || c == '\\') { char e[2] = {'\\', (char)c}; sk_buf_add(b, e, 2); i++; }
    else if (c == '\n') { sk_buf_add(b, "\\n", 2); i++; }
    else if (c == '\t') { sk_buf_add(b, "\\t", 2); i++; }
    else if (c == '\r') { sk_buf_add(b, "\\r", 2); i++; }
    else if (c < 0x20 || c == 0x7F) { sk_buf_printf(b, "\\u%04x", c); i++; }
    else {
      size_t k = utf8_len(u + i, n - i);
      if (k == 0) { sk_buf_add(b, "\\ufffd", 6); i++; }
      else { sk_buf_add(b, s + i, k); i += k; }
    }
  }
  sk_buf_add(b, "\"", 1);
}

void sk_json_str(sk_buf *b, const char *s) {
  if (!s) sk_buf_puts(b, "null");
  else sk_json_strn(b, s, strlen(s));
}

void sk_json_key(sk_buf *b, const char *key) {
  if (b->n && b->p[b->n - 1] != '{' && b->p[b->n - 1] != '[') sk_buf_add(b, ",", 1);
  sk_json_str(b, key);
  sk_buf_add(b, ":", 1);
}

void sk_json_tenths(sk_buf *b, int32_t milli) {
  int t = sk_milli_to_tenths(milli);
  sk_buf_printf(b, "%d.%d", t / 10, t % 10);
}

void sk_json_begin(sk_buf *b, const sk_puzzle *p) {
  sk_buf_add(b, "{", 1);
  sk_json_key(b, "puzzle"), sk_json_str(b, p->raw ? p->raw : "");
  sk_json_key(b, "index"), sk_buf_printf(b, "%ld", p->index);
  sk_json_key(b, "source"), sk_json_str(b, p->source ? p->source : "");
  sk_json_key(b, "line"), sk_buf_printf(b, "%ld", p->line);
}

void sk_json_end(sk_buf *b) { sk_buf_add(b, "}\n", 2); }

void sk_json_cell(sk_buf *b, int cell) {
  sk_buf_printf(b, "\"r%dc%d\"", cell / 9 + 1, cell % 9 + 1);
}
