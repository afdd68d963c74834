/*
** ratings.c -- finding a file of the ratings directory: a rating table
** (.yaml) or a Lua rating policy (.lua) by name or by path.
*/
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "sk_table.h"

#ifndef SK_PREFIX
#define SK_PREFIX "/usr/local"
#endif

/* A name ("se") is looked up as DIR/NAME.EXT in the build's ratings
** directory, then the installed one; anything with a '/' or ending in
** EXT is a path.  Shared by tables (.yaml) and Lua policies (.lua). */
char *sk_ratings_resolve(const char *name_or_path, const char *ext, const char *what,
                         sk_error *err) {
  const char *s = name_or_path;
  size_t n = s ? strlen(s) : 0, e = strlen(ext);
  if (!s || !*s) {
    sk_error_set(err, "no rating %s given", what);
    return NULL;
  }
  if (strchr(s, '/') || (n > e && !strcmp(s + n - e, ext))) {   /* a path */
    if (access(s, R_OK) != 0) {
      sk_error_set(err, "%s: cannot open rating %s: %s", s, what, strerror(errno));
      return NULL;
    }
    char *p = strdup(s);
    if (!p) sk_error_set(err, "out of memory");
    return p;
  }
  const char *dirs[] = {
#ifdef SK_BUILD_RATINGS_DIR
    SK_BUILD_RATINGS_DIR,
#endif
    SK_PREFIX "/share/sudokit/ratings"};
  char tried[600] = "";
  for (size_t i = 0; i < sizeof dirs / sizeof *dirs; i++) {
    size_t len = strlen(dirs[i]) + n + e + 2;
    char *p = malloc(len);
    if (!p) {
      sk_error_set(err, "out of memory");
      return NULL;
    }
    snprintf(p, len, "%s/%s%s", dirs[i], s, ext);
    if (access(p, R_OK) == 0) return p;
    snprintf(tried + strlen(tried), sizeof tried - strlen(tried), "%s%s", i ? ", " : "", p);
    free(p);
  }
  sk_error_set(err, "rating %s '%s' not found (tried %s)", what, s, tried);
  return NULL;
}

char *sk_table_resolve(const char *name_or_path, sk_error *err) {
  return sk_ratings_resolve(name_or_path, ".yaml", "table", err);
}
