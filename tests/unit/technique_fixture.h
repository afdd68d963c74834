/*
** technique_fixture.h -- the engine the technique tests share: a few
** technique plugins loaded from the build and bound to ratings/se.yaml,
** every other id of the table bound to a stub that finds nothing, so the
** difficulties checked are the real table's.  The including test defines
** plugins[] (names of the build's plugins, without ".so") first.
*/
#ifndef TECHNIQUE_FIXTURE_H
#define TECHNIQUE_FIXTURE_H

static sk_engine *eng;
static const sk_table *stub_table;   /* the table whose other ids get stubs */

/* {====== setup */

static int never(const sk_search *s) { (void)s; return SK_SEARCH_DONE; }

static int has_tech(const char *id) {
  for (int i = 0; i < sk_engine_technique_count(eng); i++)
    if (strcmp(sk_engine_technique(eng, i)->id, id) == 0) return 1;
  return 0;
}

static int stub_entry(const sk_host *host, sk_registry *reg) {
  SK_PLUGIN_CHECK(host, reg);
  for (int i = 0; i < stub_table->n; i++) {
    if (has_tech(stub_table->entry[i].id)) continue;
    sk_technique t = {stub_table->entry[i].id, "stub", 0, never, NULL};
    if (host->register_technique(reg, &t) != 0) return SK_PLUGIN_ERROR;
  }
  return SK_PLUGIN_OK;
}

static int setup(void **state) {
  (void)state;
  sk_error err = {{0}};
  char path[1024];
  eng = sk_engine_new();
  if (!eng) return -1;
  for (size_t i = 0; i < sizeof plugins / sizeof plugins[0]; i++) {
    snprintf(path, sizeof path, "%s/%s.so", SK_BUILD_PLUGIN_DIR, plugins[i]);
    if (sk_engine_load_plugin(eng, path, &err) != 0) {
      fprintf(stderr, "%s\n", err.msg);
      return -1;
    }
  }
  sk_table *t = sk_table_load(SK_BUILD_RATINGS_DIR "/se.yaml", &err);
  if (!t) { fprintf(stderr, "%s\n", err.msg); return -1; }
  stub_table = t;
  if (sk_engine_add_static(eng, "stubs", stub_entry, &err) != 0 ||
      sk_engine_use_table(eng, t, &err) != 0) {
    fprintf(stderr, "%s\n", err.msg);
    return -1;
  }
  return 0;
}

static int teardown(void **state) {
  (void)state;
  sk_engine_free(eng);
  return 0;
}

/* }====== */

#endif
