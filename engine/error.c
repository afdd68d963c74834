/*
** error.c -- error reports.
*/
#include <stdarg.h>
#include <stdio.h>
#include "sk_error.h"

int sk_error_set(sk_error *err, const char *fmt, ...) {
  if (err) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
  }
  return -1;
}
