/*
** replay.c -- run a fuzz harness over files, without libFuzzer: used by
** `make test` / `make check` to replay the seed corpora and every input
** that once crashed (tests/fuzz/corpus/NAME/), so each stays fixed.
*/
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int main(int argc, char **argv) {
  int n = 0;
  /* a harness may do more per input when replayed than under the fuzzer */
  setenv("SK_FUZZ_REPLAY", "1", 1);
  for (int i = 1; i < argc; i++) {
    FILE *f = fopen(argv[i], "rb");
    if (!f) { perror(argv[i]); return 1; }
    unsigned char *buf = NULL;
    size_t len = 0, cap = 0, got;
    do {
      if (len == cap) {
        cap = cap ? 2 * cap : 4096;
        unsigned char *p = realloc(buf, cap);
        if (!p) { fclose(f); free(buf); return 1; }
        buf = p;
      }
      got = fread(buf + len, 1, cap - len, f);
      len += got;
    } while (got > 0);
    fclose(f);
    LLVMFuzzerTestOneInput(buf, len);
    free(buf);
    n++;
  }
  printf("replayed %d inputs\n", n);
  return 0;
}
