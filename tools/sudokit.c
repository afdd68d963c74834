/*
** sudokit.c -- the command line: dispatch to subcommands.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "commands.h"

typedef struct sk_command {
  const char *name;
  int (*run)(int argc, char **argv);
  const char *summary;
} sk_command;

static const sk_command commands[] = {
  {"solve",      sk_cmd_solve,      "print the solution of each puzzle"},
  {"count",      sk_cmd_count,      "count solutions of each puzzle (capped)"},
  {"rate",       sk_cmd_rate,       "rate puzzles like Sudoku Explainer (ER/EP/ED)"},
  {"explain",    sk_cmd_explain,    "print the solving path, one step per line"},
  {"techniques", sk_cmd_techniques, "list loaded techniques in table order"},
  {"hints",      sk_cmd_hints,      "list every hint of each technique in a grid state"},
  {"reglib",     sk_cmd_reglib,     "run a HoDoKu regression library (its /test)"},
  {"grids",      sk_cmd_grids,      "write distinct complete grids"},
  {"generate",   sk_cmd_generate,   "generate puzzles with a unique solution"},
  {"run",        sk_cmd_run,        "run a Lua script with the sudokit module loaded"},
  {"analyze",    sk_cmd_analyze,    "minimality, backdoors, pearl/diamond, blank correlation"},
  {"canon",      sk_cmd_canon,      "canonical (minlex) form of each puzzle; --dedup drops isomorphs"},
  {"transform",  sk_cmd_transform,  "apply a given or random transformation (isomorphs)"},
  {NULL, NULL, NULL}
};

static void usage(FILE *f) {
  fprintf(f,
    "usage: sudokit COMMAND [options]\n"
    "       sudokit -c N [--first D]     write N distinct grids to sudoku.txt\n"
    "       sudokit -s FILE              solve FILE's puzzles into sudoku.txt\n"
    "Long options take their value as '--name VALUE' or '--name=VALUE'.  rate,\n"
    "explain, solve, count and analyze read the puzzles given as arguments, if any.\n\n"
    "commands:\n");
  for (const sk_command *c = commands; c->name; c++)
    fprintf(f, "  %-11s %s\n", c->name, c->summary);
  fprintf(f, "\n'sudokit help COMMAND' or 'sudokit COMMAND --help' describes a command's options.\n"
             "Exit status: 0 success, 1 data errors (reported, others processed), 2 usage errors.\n");
}

/* `sudokit help CMD`: the command's own usage, as `sudokit CMD --help`
** prints it (-c and -s included). */
static int help_command(int argc, char **argv) {
  const char *name = argv[2];
  if (argc > 3) {
    fprintf(stderr, "sudokit help: one command at a time ('%s' is extra)\n", argv[3]);
    return SK_EXIT_USAGE;
  }
  char *args[3] = {(char *)name, (char *)"--help", NULL};
  if (!strcmp(name, "-c") || !strcmp(name, "-s")) return sk_cmd_classic(2, args);
  for (const sk_command *c = commands; c->name; c++)
    if (!strcmp(name, c->name)) return c->run(2, args);
  fprintf(stderr, "sudokit help: unknown command '%s'\n", name);
  usage(stderr);
  return SK_EXIT_USAGE;
}

int main(int argc, char **argv) {
  sk_out_init();
  if (argc < 2) { usage(stderr); return SK_EXIT_USAGE; }
  const char *cmd = argv[1];
  if (!strcmp(cmd, "help") && argc > 2) return help_command(argc, argv);
  if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
    usage(stdout);
    return SK_EXIT_OK;
  }
  if (!strcmp(cmd, "--version") || !strcmp(cmd, "-V")) {
    printf("sudokit %s\n", SK_VERSION);
    return SK_EXIT_OK;
  }
  if ((cmd[0] == '-' && (cmd[1] == 'c' || cmd[1] == 's'))) {
    /* -c N and -s FILE, also as -cN and -sFILE (as every short option);
    ** --first=D as --first D */
    char flag[3] = {'-', cmd[1], '\0'};
    char **v = malloc(((size_t)argc + 1) * sizeof *v);
    if (!v) { fprintf(stderr, "sudokit: out of memory\n"); return SK_EXIT_DATA; }
    int n = 0;
    v[n++] = flag;
    if (cmd[2]) v[n++] = (char *)cmd + 2;
    for (int i = 2; i < argc; i++) v[n++] = argv[i];
    v[n] = NULL;
    int m;
    char **args = sk_args_split(n, v, 0, &m);
    int rc = sk_cmd_classic(m, args);
    sk_args_free(args);
    free(v);
    return rc;
  }
  for (const sk_command *c = commands; c->name; c++)
    if (!strcmp(cmd, c->name)) {
      /* '--name=value' as two arguments; run's script keeps its own */
      int n;
      char **args = sk_args_split(argc - 1, argv + 1, c->run == sk_cmd_run, &n);
      int rc = c->run(n, args);
      sk_args_free(args);
      return rc;
    }
  fprintf(stderr, "sudokit: unknown command '%s'\n", cmd);
  usage(stderr);
  return SK_EXIT_USAGE;
}
