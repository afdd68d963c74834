/*
** cmd_gen_target.h -- `sudokit generate` with a difficulty target:
** generate, rate, keep the puzzles that meet it (cmd_gen_target.c).
*/
#ifndef SK_CMD_GEN_TARGET_H
#define SK_CMD_GEN_TARGET_H

/* Same arguments as sk_cmd_generate (argv[0] = "generate").  Called by
** sk_cmd_generate when sk_gen_target_wanted() says a target option is
** present. */
int sk_cmd_generate_target(int argc, char **argv);

/* 1 when argv holds one of the target options (--er, --xdrs, --pearl,
** --diamond, --sdrs, --needs, --timeout, --with-path). */
int sk_gen_target_wanted(int argc, char **argv);

/* The usage text of the target options (for `sudokit generate --help`). */
extern const char sk_gen_target_help[];

#endif
