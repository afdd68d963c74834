#!/bin/sh
# fuzz-cpu.sh SECONDS HARNESS CORPUS [libFuzzer options...]
#
# Runs a libFuzzer harness until it has used SECONDS of CPU time (user and
# system, its own and its children's, read from /proc every few seconds),
# then interrupts it and prints how many inputs it ran: "fuzz_NAME: N runs
# in S CPU-s = R / CPU-s = M million / CPU-hour".  libFuzzer's own -max_total_time counts wall-clock
# seconds, which on a shared machine says little about how far a run got;
# a CPU budget makes runs on busy and idle machines comparable.
# Exit status: the harness's when it stopped by itself (a crash, a leak, a
# timeout: libFuzzer has written the input with -artifact_prefix), else 0.
set -u
if [ $# -lt 3 ]; then
  echo "usage: $0 SECONDS HARNESS CORPUS [libFuzzer options...]" >&2
  exit 2
fi
limit=$1 harness=$2 corpus=$3
shift 3
case $limit in ''|*[!0-9]*) echo "$0: SECONDS must be a whole number, not '$limit'" >&2; exit 2;; esac
[ -x "$harness" ] || { echo "$0: $harness: not an executable harness" >&2; exit 2; }
name=$(basename "$harness")
log=$(mktemp "${TMPDIR:-/tmp}/fuzz-cpu.XXXXXX") || exit 2
trap 'rm -f "$log"' EXIT
tck=$(getconf CLK_TCK)

"$harness" -max_total_time=0 -print_final_stats=1 "$@" "$corpus" >"$log" 2>&1 &
pid=$!
cpu=0 stopped=0
while kill -0 "$pid" 2>/dev/null; do
  # fields 14 to 17 of /proc/PID/stat: user and system time in ticks, its
  # own and its waited-for children's (LeakSanitizer checks run in a child)
  # (the command name, field 2, is in parentheses and may hold spaces)
  t=$(sed 's/^.*) //' "/proc/$pid/stat" 2>/dev/null | awk '{print $12 + $13 + $14 + $15}')
  [ -n "$t" ] && cpu=$((t / tck))
  if [ "$cpu" -ge "$limit" ]; then
    kill -TERM "$pid" 2>/dev/null   # libFuzzer stops as on SIGINT (ignored in a background job)
    stopped=1
    break
  fi
  sleep 2
done
wait "$pid"
rc=$?
grep -v '^#[0-9]*[[:space:]]*\(NEW\|REDUCE\|pulse\)' "$log" | tail -n 30
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
if [ -n "$runs" ] && [ "$cpu" -gt 0 ]; then
  awk -v n="$runs" -v s="$cpu" -v f="$name" \
    'BEGIN { printf "%s: %d runs in %d CPU-s = %.0f / CPU-s = %.2f million / CPU-hour\n", f, n, s, n / s, n / s * 3600 / 1e6 }'
fi
[ "$stopped" = 1 ] && exit 0
exit "$rc"
