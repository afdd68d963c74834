/*
** cmd_run.c -- `sudokit run SCRIPT [ARGS]`: run a Lua 5.4 script with the
** sudokit module loaded (engine/sk_lua.h).
**
** The script sees its arguments in `arg` (arg[0] is the script) and as
** `...`.  A script error prints "sudokit run: script.lua:12: message" and
** a stack traceback, and exits 1.  --limit-instructions and --timeout stop
** a script that runs away, with a message naming the line it was on.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "commands.h"
#include "sk_lua.h"

static const char run_help[] =
  "usage: sudokit run [--limit-instructions N] [--timeout SECONDS] SCRIPT [ARGS...]\n"
  "       sudokit run [options] -e CODE [ARGS...]\n"
  "Runs a Lua 5.4 script with the sudokit module (local sk = require \"sudokit\").\n"
  "SCRIPT '-' reads the script from standard input.  The arguments after SCRIPT\n"
  "go to the script as arg[1], arg[2], ... (arg[0] is SCRIPT) and as '...'.\n"
  "  --limit-instructions N  stop the script after N Lua VM instructions\n"
  "  --timeout SECONDS       stop the script after SECONDS of wall time\n"
  "  -e CODE                 run CODE instead of a script file\n"
  "Limits are checked between Lua instructions: a call into C (rating one\n"
  "puzzle) finishes first.  A script error or a limit exits with status 1.\n"
  "Examples: sudokit run tools/experiments/ser-vs-xdrs.lua corpus.txt out/\n";

int sk_cmd_run(int argc, char **argv) {
  sk_lua_limits lim = {0, 0};
  static const char *const value_opts[] = {"--limit-instructions", "--timeout", NULL};
  const char *code = NULL;
  int i = 1;
  if (sk_args_once("run", argc, argv, value_opts, 1)) return SK_EXIT_USAGE;
  for (; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      fputs(run_help, stdout);
      return SK_EXIT_OK;
    } else if (!strcmp(a, "--limit-instructions")) {
      long n;
      if (sk_parse_long("run", a, v, 1, 2147483647L, &n)) return SK_EXIT_USAGE;
      lim.instructions = n;
      i++;
    } else if (!strcmp(a, "--timeout")) {
      if (sk_parse_seconds("run", a, v, &lim.seconds)) return SK_EXIT_USAGE;
      i++;
    } else if (!strcmp(a, "-e")) {
      if (!v) return sk_usage_error("run", "-e needs Lua code");
      code = v;
      i += 2;                  /* the arguments start after CODE */
      break;
    } else if (!strcmp(a, "--")) {
      i++;
      break;
    } else if (a[0] == '-' && a[1]) {
      return sk_usage_error("run", "unknown option '%s'", a);
    } else {
      break;
    }
  }
  if (!code && i >= argc) return sk_usage_error("run", "no script given");
  char *msg = NULL;
  int rc;
  if (code) rc = sk_lua_run_string(code, "=(command line)", argc - i, argv + i, &lim, &msg);
  else rc = sk_lua_run_script(argv[i], argc - i - 1, argv + i + 1, &lim, &msg);
  if (rc != 0) {
    fflush(stdout);
    fprintf(stderr, "%s run: %s\n", sk_progname, msg ? msg : "error");
    free(msg);
    return SK_EXIT_DATA;
  }
  return SK_EXIT_OK;
}
