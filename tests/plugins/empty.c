/* A plugin that registers nothing: loading it is an error. */
#include "sk_plugin.h"

SK_PLUGIN_ENTRY(empty) {
  SK_PLUGIN_CHECK(host, reg);
  return SK_PLUGIN_OK;
}
