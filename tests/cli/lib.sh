# lib.sh -- helpers for the CLI tests (POSIX sh).  Sourced by each test.
# Env: SUDOKIT (CLI path), SRC (repo), BUILD (build dir).
set -u
: "${SUDOKIT:?set SUDOKIT to the sudokit binary}"
: "${SRC:=$(cd "$(dirname "$0")/../.." && pwd)}"
T=$(mktemp -d "${TMPDIR:-/tmp}/sk-cli.XXXXXX")
trap 'rm -rf "$T"' EXIT INT TERM
FAILS=0
CHECKS=0
ok() { CHECKS=$((CHECKS + 1)); }
bad() { CHECKS=$((CHECKS + 1)); FAILS=$((FAILS + 1)); echo "FAIL: $*" >&2; }
# expect_status WANT CMD...: run, keep stdout/stderr in $T/out $T/err
expect_status() {
  want=$1; shift
  "$@" >"$T/out" 2>"$T/err"; got=$?
  if [ "$got" = "$want" ]; then ok; else bad "'$*' exited $got, wanted $want; stderr: $(head -c 400 "$T/err")"; fi
}
expect_grep() {   # expect_grep PATTERN FILE [what]
  if grep -q -- "$1" "$2"; then ok; else bad "${3:-$2} lacks '$1': $(head -c 400 "$2")"; fi
}
expect_same() {   # expect_same FILE1 FILE2 what
  if cmp -s "$1" "$2"; then ok; else bad "$3: $1 and $2 differ"; fi
}
finish() {
  if [ "$FAILS" -gt 0 ]; then echo "$(basename "$0"): $FAILS of $CHECKS checks failed" >&2; exit 1; fi
  echo "$(basename "$0"): $CHECKS checks passed"
}
# valid_solution PUZZLE SOLUTION: solution is complete, obeys the rules, keeps the givens
valid_solution() {
  awk -v p="$1" -v s="$2" 'BEGIN {
    if (length(s) != 81) exit 1
    for (i = 1; i <= 81; i++) {
      d = substr(s, i, 1); g = substr(p, i, 1)
      if (d !~ /[1-9]/) exit 1
      if (g ~ /[1-9]/ && g != d) exit 1
      r = int((i - 1) / 9); c = (i - 1) % 9; b = int(r / 3) * 3 + int(c / 3)
      if (R[r, d]++ || C[c, d]++ || B[b, d]++) exit 1
    }
    exit 0 }'
}
