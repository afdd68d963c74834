/* A plugin built for another ABI version: the loader refuses it by name. */
#include "sk_plugin.h"

static int nothing(const sk_search *s) { (void)s; return SK_SEARCH_DONE; }

SK_PLUGIN_ENTRY(bad_abi) {
  if (host->declare_abi(reg, SK_ABI_VERSION + 98) != 0) return SK_PLUGIN_EABI;
  static const sk_technique t = {"bad-abi", "Bad ABI", 0, nothing, NULL};
  return host->register_technique(reg, &t);
}
