#!/bin/sh
# bench/run.sh -- run every benchmark binary of a build (what `make bench` does).
#   sh bench/run.sh ABS_BUILD_DIR
# Each <build>/bench/bench_* program gets the shared benchmark directory
# (../shared/bench next to the source tree) as its argument.  Without that
# directory the benchmarks are skipped with a message, not failed.
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
for b in "$build"/bench/bench_*; do
  [ -f "$b" ] && [ -x "$b" ] || continue
  echo "== $(basename "$b") $shared"
  "$b" "$shared" || { echo "bench: $(basename "$b") failed (exit $?)"; status=1; }
  ran=$((ran + 1))
done
[ "$ran" -gt 0 ] || echo "bench: no benchmark binary in $build/bench"
exit $status
