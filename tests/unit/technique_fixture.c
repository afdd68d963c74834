/*
** technique_fixture.c -- the engine the technique tests share (see
** technique_fixture.h).
*/
#include <stdio.h>
#include <string.h>
#include "sk_engine.h"
#include "technique_fixture.h"

sk_engine *fixture_engine;
static const sk_table *stub_table;   /* the table whose other ids get stubs */

static int never(const sk_search *s) { (void)s; return SK_SEARCH_DONE; }

static int has_tech(const char *id) {
  for (int i = 0; i < sk_engine_technique_count(fixture_engine); i++)
    if (strcmp(sk_engine_technique(fixture_engine, i)->id, id) == 0) return 1;
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

int fixture_setup(const char *const *plugins, size_t n) {
  sk_error err = {{0}};
  char path[1024];
  fixture_engine = sk_engine_new();
  if (!fixture_engine) return -1;
  for (size_t i = 0; i < n; i++) {
    snprintf(path, sizeof path, "%s/%s.so", SK_BUILD_PLUGIN_DIR, plugins[i]);
    if (sk_engine_load_plugin(fixture_engine, path, &err) != 0) {
      fprintf(stderr, "%s\n", err.msg);
      return -1;
    }
  }
  sk_table *t = sk_table_load(SK_BUILD_RATINGS_DIR "/se.yaml", &err);
  if (!t) { fprintf(stderr, "%s\n", err.msg); return -1; }
  stub_table = t;
  if (sk_engine_add_static(fixture_engine, "stubs", stub_entry, &err) != 0 ||
      sk_engine_use_table(fixture_engine, t, &err) != 0) {
    fprintf(stderr, "%s\n", err.msg);
    return -1;
  }
  return 0;
}

int fixture_teardown(void **state) {
  (void)state;
  sk_engine_free(fixture_engine);
  return 0;
}
