#!/bin/sh
# bench/run.sh -- run every benchmark binary of a build (what `make bench` does).
#   sh bench/run.sh ABS_BUILD_DIR
# Each <build>/bench/bench_* program gets the shared benchmark directory
# (../shared/bench next to the source tree) as its argument.  Without that
# directory the benchmarks are skipped with a message, not failed.
# bench_rate rates the mixed set (../shared/data/mixed-1090.txt, 13 % of it
# at ER >= 10.5), then top1465 (the community's "top list", moderately hard)
# as a second set.  With SK_PEER_SKFR set to a skfr binary (see
# bench/peer_skfr.sh), skfr first rates each set and bench_rate prints a
# head-to-head with it.
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
peer=$(peer_file "$shared/../data/mixed-1090.txt" mixed) || status=1
for b in "$build"/bench/bench_*; do
  [ -f "$b" ] && [ -x "$b" ] || continue
  echo "== $(basename "$b") $shared"
  [ "$(basename "$b")" = bench_rate ] && with=$peer || with=
  "$b" ${with:+-c "$with"} "$shared" || { echo "bench: $(basename "$b") failed (exit $?)"; status=1; }
  ran=$((ran + 1))
done
top="$shared/puzzles3_magictour_top1465.txt"
if [ -x "$build/bench/bench_rate" ] && [ -f "$top" ]; then
  peer=$(peer_file "$top" top1465) || status=1
  echo "== bench_rate $top"
  "$build/bench/bench_rate" ${peer:+-c "$peer"} "$top" ||
    { echo "bench: bench_rate failed on $top (exit $?)"; status=1; }
fi
[ "$ran" -gt 0 ] || echo "bench: no benchmark binary in $build/bench"
exit $status
