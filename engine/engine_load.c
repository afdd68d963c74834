/*
** engine_load.c -- loading technique plugins into an engine: the entry
** function's registrations (checked, and rolled back when it fails),
** shared objects by dlopen, a directory of them in name order, and the
** default search (plugins linked in, the build's directory, the
** installed one, --plugins, SUDOKIT_PLUGIN_PATH).
*/
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "engine_state.h"

struct sk_registry {
  sk_engine *e;
  const char *file;
  uint32_t plugin_abi;
  int declared;
  int failed;
  sk_error *err;
};

/* {====== registration */

int skE_declare_abi(sk_registry *reg, uint32_t abi) {
  reg->plugin_abi = abi;
  reg->declared = 1;
  return abi != SK_ABI_VERSION;
}

static int valid_id(const char *id) {
  if (!id || !*id) return 0;
  for (const char *p = id; *p; p++)
    if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-' || *p == '_')) return 0;
  return 1;
}

int skE_register(sk_registry *reg, const sk_technique *t) {
  sk_engine *e = reg->e;
  if (reg->failed) return -1;
  if (!reg->declared || reg->plugin_abi != SK_ABI_VERSION) {
    reg->failed = 1;
    return sk_error_set(reg->err, "%s: registers techniques without declaring its ABI (SK_PLUGIN_CHECK)", reg->file);
  }
  if (!t || !valid_id(t->id) || !t->search) {
    reg->failed = 1;
    return sk_error_set(reg->err, "%s: bad technique registration (id '%s'%s)", reg->file,
                        t && t->id ? t->id : "(null)", t && !t->search ? ", no search function" : "");
  }
  int dup = skE_find_tech(e, t->id);
  if (dup >= 0) {
    reg->failed = 1;
    return sk_error_set(reg->err, "%s: duplicate technique id '%s' (already provided by %s)",
                        reg->file, t->id, e->tech[dup].file);
  }
  if (e->ntech == e->captech) {
    int cap = e->captech ? 2 * e->captech : 32;
    sk_tech *p = realloc(e->tech, (size_t)cap * sizeof *p);
    if (!p) { reg->failed = 1; return sk_error_set(reg->err, "out of memory"); }
    e->tech = p;
    e->captech = cap;
  }
  sk_tech *x = &e->tech[e->ntech];
  x->t = *t;
  x->t.id = strdup(t->id);
  x->t.name = strdup(t->name ? t->name : t->id);
  x->file = strdup(reg->file);
  if (!x->t.id || !x->t.name || !x->file) {
    free((char *)x->t.id); free((char *)x->t.name); free(x->file);
    reg->failed = 1;
    return sk_error_set(reg->err, "out of memory");
  }
  e->ntech++;
  return 0;
}

/* }====== */

/* {====== loading */

typedef int (*sk_entry_fn)(const sk_host *, sk_registry *);

/* Run an entry function; on failure roll back what it registered. */
static int run_entry(sk_engine *e, const char *file, sk_entry_fn entry, sk_error *err) {
  sk_registry reg = {e, file, 0, 0, 0, err};
  int before = e->ntech;
  int rc = entry(&e->host, &reg);
  int fail = 0;
  if (reg.declared && reg.plugin_abi != SK_ABI_VERSION) {
    sk_error_set(err, "%s: built for plugin ABI %u, but this sudokit has ABI %u; rebuild the plugin",
                 file, (unsigned)reg.plugin_abi, (unsigned)SK_ABI_VERSION);
    fail = 1;
  } else if (rc == SK_PLUGIN_EABI) {
    sk_error_set(err, "%s: plugin refused the host's ABI (host ABI %u, service table %u bytes)",
                 file, (unsigned)SK_ABI_VERSION, (unsigned)sizeof(sk_host));
    fail = 1;
  } else if (!reg.declared) {
    sk_error_set(err, "%s: entry function did not declare its ABI (SK_PLUGIN_CHECK)", file);
    fail = 1;
  } else if (reg.failed) {
    fail = 1;                                   /* message already set */
  } else if (rc != SK_PLUGIN_OK) {
    sk_error_set(err, "%s: entry function failed (code %d)", file, rc);
    fail = 1;
  } else if (e->ntech == before) {
    sk_error_set(err, "%s: plugin registers no technique", file);
    fail = 1;
  }
  if (fail) {
    for (int i = before; i < e->ntech; i++) {
      free((char *)e->tech[i].t.id);
      free((char *)e->tech[i].t.name);
      free(e->tech[i].file);
    }
    e->ntech = before;
    e->nindexed = 0;                   /* the id index is made again */
    return -1;
  }
  return 0;
}

int sk_engine_add_static(sk_engine *e, const char *name,
                         int (*entry)(const sk_host *, sk_registry *), sk_error *err) {
  return run_entry(e, name, entry, err);
}

/* "dir/x-wing.so" -> "sk_plugin_init_x_wing" */
static void entry_name(const char *path, char *out, size_t n) {
  const char *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  size_t len = strcspn(base, ".");
  snprintf(out, n, "sk_plugin_init_%.*s", (int)len, base);
  for (char *p = out; *p; p++)
    if (*p == '-') *p = '_';
}

/* A file already loaded (the same device and inode, whatever the path:
** a directory named twice, a symlink, the installed directory also named
** in SUDOKIT_PLUGIN_PATH) is not loaded again; two different files that
** register one id still clash in skE_register. */
static int already_loaded(const sk_engine *e, const struct stat *st) {
  for (int i = 0; i < e->nhandles; i++)
    if (e->handle_ids[i].dev == (unsigned long long)st->st_dev &&
        e->handle_ids[i].ino == (unsigned long long)st->st_ino)
      return 1;
  return 0;
}

int sk_engine_load_plugin(sk_engine *e, const char *path, sk_error *err) {
  char sym[256];
  struct stat st;
  if (stat(path, &st) != 0) return sk_error_set(err, "%s: cannot load plugin: %s", path, strerror(errno));
  if (already_loaded(e, &st)) return 0;
  if (e->nhandles == e->caphandles) {
    int cap = e->caphandles ? 2 * e->caphandles : 16;
    void **p = realloc(e->handles, (size_t)cap * sizeof *p);
    if (!p) return sk_error_set(err, "out of memory");
    e->handles = p;
    struct sk_file_id *q = realloc(e->handle_ids, (size_t)cap * sizeof *q);
    if (!q) return sk_error_set(err, "out of memory");
    e->handle_ids = q;
    e->caphandles = cap;
  }
  void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!h) return sk_error_set(err, "%s: cannot load plugin: %s", path, dlerror());
  entry_name(path, sym, sizeof sym);
  void *f = dlsym(h, sym);
  if (!f) f = dlsym(h, "sk_plugin_init");
  if (!f) {
    dlclose(h);
    return sk_error_set(err, "%s: not a sudokit plugin: no entry symbol '%s'", path, sym);
  }
  sk_entry_fn entry;
  memcpy(&entry, &f, sizeof entry);   /* object -> function pointer, as POSIX allows */
  if (run_entry(e, path, entry, err) != 0) { dlclose(h); return -1; }
  e->handle_ids[e->nhandles].dev = (unsigned long long)st.st_dev;
  e->handle_ids[e->nhandles].ino = (unsigned long long)st.st_ino;
  e->handles[e->nhandles++] = h;
  return 0;
}

static int ends_with_so(const char *s) {
  size_t n = strlen(s);
  return n > 3 && strcmp(s + n - 3, ".so") == 0;
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

int sk_engine_load_dir(sk_engine *e, const char *dir, sk_error *err) {
  DIR *d = opendir(dir);
  if (!d) return sk_error_set(err, "%s: cannot open plugin directory: %s", dir, strerror(errno));
  char **names = NULL;
  int n = 0, cap = 0, rc = 0;
  struct dirent *de;
  while ((de = readdir(d)) != NULL) {
    if (!ends_with_so(de->d_name)) continue;
    if (n == cap) {
      cap = cap ? 2 * cap : 32;
      char **p = realloc(names, (size_t)cap * sizeof *p);
      if (!p) { rc = sk_error_set(err, "out of memory"); break; }
      names = p;
    }
    size_t len = strlen(dir) + strlen(de->d_name) + 2;
    names[n] = malloc(len);
    if (!names[n]) { rc = sk_error_set(err, "out of memory"); break; }
    snprintf(names[n], len, "%s/%s", dir, de->d_name);
    n++;
  }
  closedir(d);
  if (n > 0) qsort(names, (size_t)n, sizeof *names, cmp_str);
  for (int i = 0; i < n && rc == 0; i++) rc = sk_engine_load_plugin(e, names[i], err);
  for (int i = 0; i < n; i++) free(names[i]);
  free(names);
  return rc;
}

static int is_dir(const char *p) {
  struct stat st;
  return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

#ifdef SK_STATIC_PLUGINS
/* A build without dlopen lists its plugins' entry functions here. */
typedef struct { const char *name; sk_entry_fn entry; } sk_static_plugin;
extern const sk_static_plugin sk_static_plugins[];
#endif

int sk_engine_load_default(sk_engine *e, const char *extra_dir, sk_error *err) {
  int found = 0;
#ifdef SK_STATIC_PLUGINS
  for (const sk_static_plugin *p = sk_static_plugins; p->name; p++) {
    if (run_entry(e, p->name, p->entry, err) != 0) return -1;
    found = 1;
  }
#endif
#ifdef SK_BUILD_PLUGIN_DIR
  if (!found && is_dir(SK_BUILD_PLUGIN_DIR)) {
    if (sk_engine_load_dir(e, SK_BUILD_PLUGIN_DIR, err) != 0) return -1;
    found = 1;
  }
#endif
#ifdef SK_PREFIX
  if (!found && is_dir(SK_PREFIX "/lib/sudokit/plugins")) {
    if (sk_engine_load_dir(e, SK_PREFIX "/lib/sudokit/plugins", err) != 0) return -1;
    found = 1;
  }
#endif
  if (extra_dir) {
    if (sk_engine_load_dir(e, extra_dir, err) != 0) return -1;
    found = 1;
  }
  const char *env = getenv("SUDOKIT_PLUGIN_PATH");
  if (env && *env) {
    char *copy = strdup(env), *save = NULL;
    if (!copy) return sk_error_set(err, "out of memory");
    for (char *p = strtok_r(copy, ":", &save); p; p = strtok_r(NULL, ":", &save)) {
      if (sk_engine_load_dir(e, p, err) != 0) { free(copy); return -1; }
      found = 1;
    }
    free(copy);
  }
  if (!found)
    return sk_error_set(err, "no technique plugins found (looked in "
#ifdef SK_BUILD_PLUGIN_DIR
                        SK_BUILD_PLUGIN_DIR ", "
#endif
#ifdef SK_PREFIX
                        SK_PREFIX "/lib/sudokit/plugins, "
#endif
                        "--plugins and SUDOKIT_PLUGIN_PATH)");
  return 0;
}

/* }====== */
