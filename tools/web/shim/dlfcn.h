/*
** dlfcn.h -- stand-in for the WebAssembly build (tools/web/).
**
** wasm32-wasi has no dynamic loading: the page links every technique
** plugin statically (SK_STATIC_PLUGINS), so the engine's plugin loader
** (engine_load.c, and the dlclose of engine.c) only needs these names to
** compile.  A call fails with a message that says why.
*/
#ifndef SK_WEB_DLFCN_H
#define SK_WEB_DLFCN_H

#define RTLD_LAZY   1
#define RTLD_NOW    2
#define RTLD_LOCAL  0
#define RTLD_GLOBAL 256

static inline void *dlopen(const char *path, int mode) { (void)path; (void)mode; return 0; }
static inline void *dlsym(void *h, const char *name) { (void)h; (void)name; return 0; }
static inline int dlclose(void *h) { (void)h; return 0; }
static inline char *dlerror(void) {
  return (char *)"the WebAssembly build has no dynamic loading (plugins are linked in)";
}

#endif
