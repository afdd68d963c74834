/* A plugin that registers the same id twice: the second is refused. */
#include "sk_plugin.h"

static int nothing(const sk_search *s) { (void)s; return SK_SEARCH_DONE; }

SK_PLUGIN_ENTRY(dup_id) {
  SK_PLUGIN_CHECK(host, reg);
  static const sk_technique t = {"dup-technique", "Dup", 0, nothing, NULL};
  if (host->register_technique(reg, &t) != 0) return SK_PLUGIN_ERROR;
  return host->register_technique(reg, &t) == 0 ? SK_PLUGIN_OK : SK_PLUGIN_ERROR;
}
