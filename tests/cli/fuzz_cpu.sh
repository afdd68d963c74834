# fuzz_cpu.sh -- tools/dev/fuzz-cpu.sh, which runs a fuzz harness for a
# budget of CPU seconds.  A stand-in harness (a shell script that burns
# CPU in a child, as LeakSanitizer's checks do, and prints libFuzzer's
# final statistics when interrupted) checks that the budget counts the
# children's CPU, that the run is interrupted once it is spent, that the
# summary line is printed, and that a harness that fails by itself
# passes its exit status on.
. "$(dirname "$0")/lib.sh"
script=$SRC/tools/dev/fuzz-cpu.sh
cat >"$T/harness" <<'EOF2'
#!/bin/sh
# every second of CPU is spent in a child the harness waits for
trap 'echo "==1== libFuzzer: run interrupted; exiting"; echo "stat::number_of_executed_units: $n"; exit 72' TERM
n=0
[ -n "${FAIL:-}" ] && { echo "==1== ERROR: libFuzzer: deadly signal"; exit 77; }
while :; do
  sh -c 'i=0; while [ $i -lt 20000 ]; do i=$((i + 1)); done'
  n=$((n + 1000))
done
EOF2
chmod +x "$T/harness"
mkdir "$T/corpus"

expect_status 0 sh "$script" 2 "$T/harness" "$T/corpus" -timeout=20
expect_grep "run interrupted" "$T/out" "the harness's output"
expect_grep "^harness: [0-9][0-9]* runs in [0-9][0-9]* CPU-s = [0-9][0-9]* / CPU-s = [0-9.]* million / CPU-hour$" "$T/out" "the summary"
# the CPU counted is at least the budget, and not far above it (polled every 2 s)
cpu=$(sed -n 's/^harness: [0-9]* runs in \([0-9]*\) CPU-s.*/\1/p' "$T/out")
if [ -n "$cpu" ] && [ "$cpu" -ge 2 ] && [ "$cpu" -le 8 ]; then ok; else bad "CPU counted: '$cpu', wanted 2 to 8"; fi

expect_status 77 env FAIL=1 sh "$script" 5 "$T/harness" "$T/corpus"
expect_grep "deadly signal" "$T/out" "a failing harness's output"

expect_status 2 sh "$script" 1.5 "$T/harness" "$T/corpus"
expect_grep "whole number" "$T/err" "a bad budget's message"
expect_status 2 sh "$script" 2 "$T/no-such-harness" "$T/corpus"
expect_grep "not an executable harness" "$T/err" "a missing harness's message"
finish
