#!/bin/sh
# valgrind-sudokit.sh -- the sudokit CLI under valgrind, for `make valgrind`:
# the CLI tests run with SUDOKIT pointing here.  A memory error or a
# definitely lost block makes the command exit 99, which no test expects,
# so the test that ran it fails and shows valgrind's report (stderr).
# The binary is $SUDOKIT_BIN, else $BUILD/sudokit.  exec keeps the pid, so
# that signals sent by the tests reach the CLI itself.
bin=${SUDOKIT_BIN:-${BUILD:?set SUDOKIT_BIN or BUILD}/sudokit}
exec valgrind --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite -q "$bin" "$@"
