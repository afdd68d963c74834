/*
** fuzz_defaults.h -- libFuzzer options a harness sets unless its command
** line names them, for harnesses whose runs are short and many:
**   -entropic=0  the plain scheduler: the entropic one weighs every
**                feature of every run, half of the engine harness's time
**                with its 20,000 edges and a sixth of the Lua harness's;
**   -reload=0    no rereading of the corpus directory every second (for
**                fuzzers that share one; with thousands of files that was
**                a twentieth of the time).
** Call fuzz_defaults(argc, argv, more) from LLVMFuzzerInitialize, more a
** NULL-terminated list of the harness's own defaults (or NULL).  (replay.c
** never calls LLVMFuzzerInitialize.)
*/
#ifndef FUZZ_DEFAULTS_H
#define FUZZ_DEFAULTS_H

#include <string.h>

static void fuzz_defaults(int *argc, char ***argv, char *const *more) {
  static char *args[64];
  char *defaults[16] = {"-entropic=0", "-reload=0"};
  int nd = 2, n = 0;
  for (; more && *more && nd < (int)(sizeof defaults / sizeof defaults[0]); more++) defaults[nd++] = *more;
  if (*argc < 1 || *argc + nd + 1 > (int)(sizeof args / sizeof args[0])) return;
  args[n++] = (*argv)[0];
  for (int d = 0; d < nd; d++) {
    size_t len = strcspn(defaults[d], "=") + 1;
    int given = 0;
    for (int i = 1; i < *argc; i++)
      if (!strncmp((*argv)[i], defaults[d], len)) given = 1;
    if (!given) args[n++] = defaults[d];
  }
  for (int i = 1; i < *argc; i++) args[n++] = (*argv)[i];
  args[n] = NULL;
  *argv = args;
  *argc = n;
}

#endif
