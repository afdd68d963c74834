/* A shared object without a sudokit entry function: the loader refuses it. */
int sk_not_an_entry(void);
int sk_not_an_entry(void) { return 0; }
