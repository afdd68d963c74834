#!/bin/sh
# bench/run.sh -- run every benchmark binary of a build (what `make bench` does).
#   sh bench/run.sh ABS_BUILD_DIR
# Each <build>/bench/bench_* program gets the shared benchmark directory
# (../shared/bench next to the source tree) as its argument.  Without that
# directory the benchmarks are skipped with a message, not failed.
# bench_rate rates the mixed set (../shared/data/mixed-1090.txt, 13 % of it
# at ER >= 10.5), then the reference set (the 244 puzzles of
# ../shared/data/se-ratings.tsv, ER 1.2 to 11+), top1465 (the community's
# "top list", moderately hard) and 200 puzzles of the forum's "hardest" list
# (SE >= 11; every 244th of its 48,766).  With SK_PEER_SKFR set to a skfr
# binary (see bench/peer_skfr.sh), skfr first rates each set and bench_rate
# prints a head-to-head with it.  The ratings Sudoku Explainer made itself
# (tests/data/se, with SE's own times) give a head-to-head with SE on the
# puzzles of each set that it rated.
# With SK_PEER_TDOKU set to tdoku's benchmark program (run_benchmark, built
# out of this tree with clang -O3 -march=native, its clock changed to the
# thread's CPU time: see the recipe below), bench_solver runs it on each of
# its sets right before its own rounds and prints a head-to-head, counting
# to 2 and to the first solution, with ratios.  sudokit neither ships nor
# builds tdoku.  Recipe (tdoku's public source, github.com/t-dillon/tdoku):
#   in src/run_benchmark.cc, replace steady_clock::now().time_since_epoch()
#   by a function returning clock_gettime(CLOCK_THREAD_CPUTIME_ID) as
#   std::chrono::nanoseconds; then
#   mkdir build && cd build && CC=clang CXX=clang++ cmake -DCMAKE_BUILD_TYPE=Release .. &&
#   make run_benchmark        (-O3 -march=native are its defaults)
# bench_hodoku compares the hodoku table's ratings with HoDoKu 2.2.0's own
# (../shared/data/hodoku and tests/data/hodoku) and prints its time against
# HoDoKu's measured whole-set means; with SK_PEER_HODOKU set to a runner
# (bench/peer_hodoku.sh, which needs HoDoKu's compiled classes: see there) it
# also runs HoDoKu now on the same puzzles and prints the ratio.
build=${1:?usage: sh bench/run.sh ABS_BUILD_DIR}
src=$(cd "$(dirname "$0")/.." && pwd)
shared="$src/../shared/bench"
if [ ! -d "$shared" ]; then
  echo "bench: $shared not found; benchmarks skipped"
  exit 0
fi
shared=$(cd "$shared" && pwd)
status=0
ran=0
# peer_file SET NAME: skfr's results on SET as a bench_rate -c file (its path
# on stdout), or nothing when SK_PEER_SKFR is not set or skfr fails
peer_file() {
  [ -n "${SK_PEER_SKFR:-}" ] || return 0
  echo "== skfr ($SK_PEER_SKFR) on $1, one thread" >&2
  if sh "$src/bench/peer_skfr.sh" "$SK_PEER_SKFR" "$1" "$build/bench/peer-skfr-$2.txt" >&2; then
    echo "$build/bench/peer-skfr-$2.txt"
  else
    echo "bench: skfr failed on $1; no head-to-head" >&2
    return 1
  fi
}
[ -n "${SK_PEER_SKFR:-}" ] ||
  echo "bench: SK_PEER_SKFR not set; no head-to-head with skfr (see bench/peer_skfr.sh)"
[ -n "${SK_PEER_TDOKU:-}" ] ||
  echo "bench: SK_PEER_TDOKU not set; no head-to-head with tdoku (see bench/run.sh)"
[ -n "${SK_PEER_HODOKU:-}" ] ||
  echo "bench: SK_PEER_HODOKU not set; no head-to-head with HoDoKu run now (see bench/peer_hodoku.sh)"
peer=$(peer_file "$shared/../data/mixed-1090.txt" mixed) || status=1
# SE's own ratings and times as a bench_rate -S file: PUZZLE ER EP ED MS
se_peer="$build/bench/peer-se.txt"
if awk -F'\t' 'FNR > 1 { printf "%s %s %s %s %.0f\n", $1, $2, $3, $4, $5 * 1000 }' \
     "$src"/tests/data/se/se-ratings*.tsv > "$se_peer.tmp"; then
  mv "$se_peer.tmp" "$se_peer"
else
  rm -f "$se_peer.tmp"; se_peer=; status=1
fi
for b in "$build"/bench/bench_*; do
  [ -f "$b" ] && [ -x "$b" ] || continue
  echo "== $(basename "$b") $shared"
  [ "$(basename "$b")" = bench_rate ] && with=$peer || with=
  [ "$(basename "$b")" = bench_rate ] && se=$se_peer || se=
  [ "$(basename "$b")" = bench_solver ] && td=${SK_PEER_TDOKU:-} || td=
  more=
  if [ "$(basename "$b")" = bench_hodoku ]; then
    hd=${SK_PEER_HODOKU:-}
    more=$(ls "$src"/tests/data/hodoku/hodoku-ratings-*.tsv 2>/dev/null || true)
  else
    hd=
  fi
  # shellcheck disable=SC2086 # $more: file names without spaces (tests/data)
  "$b" ${with:+-c "$with"} ${se:+-S "$se"} ${td:+-T "$td"} ${hd:+-H "$hd"} "$shared" $more ||
    { echo "bench: $(basename "$b") failed (exit $?)"; status=1; }
  ran=$((ran + 1))
done
# the further sets: NAME FILE [AWK]; a set taken out of FILE by the awk
# program AWK (a thinned list, the puzzle column of a table) is copied to the
# build directory, whole or not at all, so that skfr rates the same puzzles
more_set() {
  [ -x "$build/bench/bench_rate" ] && [ -f "$2" ] || return 0
  set_file=$2
  if [ -n "${3:-}" ]; then
    set_file="$build/bench/$1.txt"
    awk "$3" "$2" > "$set_file.tmp" && mv "$set_file.tmp" "$set_file" ||
      { rm -f "$set_file.tmp"; return 1; }
  fi
  peer=$(peer_file "$set_file" "$1") || status=1
  echo "== bench_rate $set_file"
  "$build/bench/bench_rate" ${peer:+-c "$peer"} ${se_peer:+-S "$se_peer"} "$set_file" ||
    { echo "bench: bench_rate failed on $set_file (exit $?)"; return 1; }
}
# the reference set: the puzzle column of ../shared/data/se-ratings.tsv (ER
# 1.2 to 11+, the file SE's own ratings come with), a mixed set on which skfr
# averages about the C++ rater's published figure (12 ms here)
more_set reference "$shared/../data/se-ratings.tsv" 'BEGIN { FS = "\t" } FNR > 1 { print $1 }' ||
  status=1
more_set top1465 "$shared/puzzles3_magictour_top1465.txt" || status=1
# every 244th puzzle of the hardest list (the first, then every 244th after
# it: the whole file's spread of difficulty)
more_set hardest "$shared/puzzles5_forum_hardest_1905_11+.txt" 'NR % 244 == 1' || status=1
[ "$ran" -gt 0 ] || echo "bench: no benchmark binary in $build/bench"
exit $status
