/*
** commands.h -- the subcommands of the sudokit CLI.  Each takes the
** arguments after its name (argv[0] is the subcommand name) and returns
** an exit status (cli.h).
*/
#ifndef SK_COMMANDS_H
#define SK_COMMANDS_H

int sk_cmd_solve(int argc, char **argv);      /* cmd_solve.c */
int sk_cmd_count(int argc, char **argv);      /* cmd_solve.c */
int sk_cmd_grids(int argc, char **argv);      /* cmd_gen.c */
int sk_cmd_generate(int argc, char **argv);   /* cmd_gen.c */
int sk_cmd_classic(int argc, char **argv);    /* cmd_gen.c: `sudokit -c N` / `sudokit -s FILE` */
int sk_cmd_rate(int argc, char **argv);       /* cmd_rate.c */
int sk_cmd_explain(int argc, char **argv);    /* cmd_rate.c */
int sk_cmd_techniques(int argc, char **argv); /* cmd_rate.c */
int sk_cmd_hints(int argc, char **argv);      /* cmd_hints.c */
int sk_cmd_reglib(int argc, char **argv);     /* cmd_hints.c: a HoDoKu regression library */
int sk_cmd_run(int argc, char **argv);        /* cmd_run.c: `sudokit run SCRIPT [ARGS]` (Lua) */
int sk_cmd_analyze(int argc, char **argv);    /* cmd_analyze.c */

#endif
