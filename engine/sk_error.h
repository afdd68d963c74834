/*
** sk_error.h -- error reports: a message that says what and where.
*/
#ifndef SK_ERROR_H
#define SK_ERROR_H

typedef struct sk_error {
  char msg[512];      /* "ratings/se.yaml:12:5: unknown key 'bse'" */
} sk_error;

/* Format into err (if not NULL); always returns -1 so callers can write
** `return sk_error_set(err, "...")`. */
int sk_error_set(sk_error *err, const char *fmt, ...)
#if defined(__GNUC__)
  __attribute__((format(printf, 2, 3)))
#endif
  ;

#endif
