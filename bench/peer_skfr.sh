#!/bin/sh
# bench/peer_skfr.sh -- rate a puzzle file with skfr and write what it gives
# as a peer file for `bench_rate -c`: one line per puzzle, "PUZZLE ER EP ED MS".
#   sh bench/peer_skfr.sh SKFR PUZZLES OUT
#
# skfr is a C++ rater in Sudoku Explainer's style (public source,
# github.com/dobrichev/skfr); sudokit neither ships nor builds it.  Build it
# without OpenMP, as its parallel batch loop drops the per-puzzle times (-e):
#   cd skfr/src && for f in *.cpp; do g++ -O3 -march=native -c $f; done &&
#   g++ -o skfr utilities.o opsudo.o puzzle.o fsss.o t_128.o flog.o skfr.o \
#     ratingengine.o bitfields.o
# skfr reads NAME.txt and writes NAME_rat.txt (lines "PUZZLE ED=er/ep/ed;S.SSSs",
# its wall time per puzzle in whole milliseconds) and NAME_N_rat.txt (the
# puzzles it refused, no time: MS is "-").  OUT is written whole or not at all.
set -eu
skfr=${1:?usage: sh bench/peer_skfr.sh SKFR PUZZLES OUT}
in=${2:?usage: sh bench/peer_skfr.sh SKFR PUZZLES OUT}
out=${3:?usage: sh bench/peer_skfr.sh SKFR PUZZLES OUT}
case $skfr in /*) ;; *) skfr=$(pwd)/$skfr ;; esac
[ -x "$skfr" ] || { echo "peer_skfr: $skfr: not an executable" >&2; exit 1; }
[ -r "$in" ] || { echo "peer_skfr: $in: cannot read" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$in" "$tmp/set.txt"
if ! (cd "$tmp" && OMP_NUM_THREADS=1 "$skfr" -iset -e >skfr.log 2>&1); then
  echo "peer_skfr: $skfr failed:" >&2
  cat "$tmp/skfr.log" >&2
  exit 1
fi
[ -f "$tmp/set_rat.txt" ] || { echo "peer_skfr: $skfr wrote no set_rat.txt" >&2; exit 1; }
awk -v refused=0 '
  FNR == 1 { refused = (FILENAME ~ /_N_rat\.txt$/) }
  length($0) < 81 { next }
  {
    g = substr($0, 1, 81)
    if (!match($0, /ED=[0-9.]+\/[0-9.]+\/[0-9.]+/)) next
    split(substr($0, RSTART + 3, RLENGTH - 3), r, "/")
    ms = "-"
    if (!refused && match($0, /;[0-9]+\.[0-9]+s/)) ms = substr($0, RSTART + 1, RLENGTH - 2) * 1000
    print g, r[1], r[2], r[3], ms
    n++
  }
  END { if (n == 0) exit 1 }
' "$tmp/set_rat.txt" $( [ -f "$tmp/set_N_rat.txt" ] && echo "$tmp/set_N_rat.txt" ) >"$tmp/peer" || {
  echo "peer_skfr: no rating found in skfr's output" >&2
  exit 1
}
if ! grep -q ' [0-9][0-9.]*$' "$tmp/peer"; then
  echo "peer_skfr: skfr gave no per-puzzle times (built with OpenMP?): build it without -fopenmp" >&2
  exit 1
fi
mv "$tmp/peer" "$out.tmp.$$" && mv "$out.tmp.$$" "$out"
