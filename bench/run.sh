#!/bin/sh
# bench/run.sh -- run every benchmark binary of a build (what `make bench` does).
#   sh bench/run.sh ABS_BUILD_DIR
# Each <build>/bench/bench_* program gets the shared benchmark directory
# (../shared/bench next to the source tree) as its argument.  Without that
# directory the benchmarks are skipped with a message, not failed.
# With SK_PEER_SKFR set to a skfr binary (see bench/peer_skfr.sh), skfr first
# rates the mixed set and bench_rate prints a head-to-head with it.
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
peer=
if [ -n "${SK_PEER_SKFR:-}" ]; then
  mixed="$shared/../data/mixed-1090.txt"
  echo "== skfr ($SK_PEER_SKFR) on $mixed, one thread"
  if sh "$src/bench/peer_skfr.sh" "$SK_PEER_SKFR" "$mixed" "$build/bench/peer-skfr.txt"; then
    peer="$build/bench/peer-skfr.txt"
  else
    echo "bench: skfr failed; no head-to-head"
    status=1
  fi
else
  echo "bench: SK_PEER_SKFR not set; no head-to-head with skfr (see bench/peer_skfr.sh)"
fi
for b in "$build"/bench/bench_*; do
  [ -f "$b" ] && [ -x "$b" ] || continue
  echo "== $(basename "$b") $shared"
  if [ -n "$peer" ] && [ "$(basename "$b")" = bench_rate ]; then
    "$b" -c "$peer" "$shared" || { echo "bench: $(basename "$b") failed (exit $?)"; status=1; }
  else
    "$b" "$shared" || { echo "bench: $(basename "$b") failed (exit $?)"; status=1; }
  fi
  ran=$((ran + 1))
done
[ "$ran" -gt 0 ] || echo "bench: no benchmark binary in $build/bench"
exit $status
