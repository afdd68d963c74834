/*
** engine_state.h -- the engine's state as the step engine (engine.c) and
** the plugin loader (engine_load.c) share it (internal to the engine:
** skE_ names are not part of the API).
*/
#ifndef SK_ENGINE_STATE_H
#define SK_ENGINE_STATE_H

#include "sk_engine.h"

typedef struct sk_tech {
  sk_technique t;          /* id and name point at our own copies */
  char *file;              /* plugin file it came from */
} sk_tech;

struct sk_engine {
  sk_tech *tech;
  int ntech, captech;
  void **handles;
  struct sk_file_id { unsigned long long dev, ino; } *handle_ids;   /* each handle's file */
  int nhandles, caphandles;
  /* technique ids hashed for skE_find_tech: slot -> 1 + tech index, 0
  ** empty; it covers tech[0 .. nindexed), kept up as techniques come */
  int16_t *index;
  int index_cap, nindexed;
  sk_table *table;
  int *bound;              /* table index -> tech index */
  int64_t *escore;         /* per table entry: attrs score (a scored table) */
  int *elevel;             /* per table entry: its level index, -1 unscored */
  sk_host host;
};

/* Index of the technique with this id, or -1. */
int skE_find_tech(const sk_engine *e, const char *id);

/* The host services a plugin's entry function registers through. */
int skE_declare_abi(sk_registry *reg, uint32_t abi);
int skE_register(sk_registry *reg, const sk_technique *t);

#endif
