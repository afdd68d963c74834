# parallel.sh -- tools/rate-parallel.sh, the recipe for long runs spread
# over processes (and hosts) with GNU parallel: one job killed mid-run
# costs only its chunk, the same command resumes it, and the output is
# that of one `sudokit rate` process.  Skips when parallel is absent.
. "$(dirname "$0")/lib.sh"
if ! command -v parallel >/dev/null 2>&1 || ! parallel --version 2>/dev/null | grep -q "GNU parallel"; then
  echo "parallel.sh: GNU parallel not installed, the recipe not checked (apt-get install parallel)"
  exit 0
fi
script=$SRC/tools/rate-parallel.sh
# puzzles of some tenths of a second, so that jobs are still running when one is killed
awk -F"\t" 'NR > 1 && $2 >= 8.5 { print $1 }' "$SRC/tests/data/se/se-ratings.tsv" | head -24 >"$T/in.txt"
echo "# a comment line" >>"$T/in.txt"
echo "12345" >>"$T/in.txt"                        # an invalid puzzle: exit 1, still rated
head -4 "$SRC/tools/sample-puzzles.txt" >>"$T/in.txt"
"$SUDOKIT" rate -i "$T/in.txt" >"$T/want" 2>/dev/null
# the jobs run sudokit through a wrapper that logs its pid and chunk
cat >"$T/wrap.sh" <<EOF2
#!/bin/sh
echo "\$\$ \$*" >>"$T/jobs"
exec "$SUDOKIT" "\$@"
EOF2
chmod +x "$T/wrap.sh"
: >"$T/jobs"
cd "$T" || exit 1
SUDOKIT=$T/wrap.sh sh "$script" -j 2 -N 2 in.txt out.txt >"$T/log1" 2>&1 &
drv=$!
# wait for the third job, then kill the latest one still running
i=0
while [ "$(wc -l <"$T/jobs")" -lt 3 ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
killed=""
for k in 1 2 3 4 5 6 7 8 9 10; do
  line=$(tail -1 "$T/jobs")
  pid=${line%% *}
  chunk=$(printf '%s\n' "$line" | sed 's/.* -o \([^ ]*\)\.out.*/\1/')
  if kill -0 "$pid" 2>/dev/null && [ ! -f "out.txt.parts/$chunk.out" ]; then
    kill "$pid" && killed=$chunk && break
  fi
  sleep 0.05
done
wait $drv
st=$?
[ -n "$killed" ] && ok || bad "no running job to kill: $(cat "$T/jobs")"
[ "$st" = 1 ] && ok || bad "a run with a killed job should exit 1, not $st: $(cat "$T/log1")"
[ ! -e out.txt ] && ok || bad "out.txt written after a job was killed"
[ ! -e "out.txt.parts/$killed.out" ] && ok || bad "the killed chunk $killed has an output"
expect_grep "run the same command again" "$T/log1"
njobs=$(wc -l <"$T/jobs")
# the same command resumes: only the killed chunk runs again
SUDOKIT=$T/wrap.sh sh "$script" -j 2 -N 2 in.txt out.txt >"$T/log2" 2>&1
[ $? = 0 ] && ok || bad "resume: $(cat "$T/log2")"
[ "$(($(wc -l <"$T/jobs") - njobs))" = 1 ] && ok || bad "resume ran $(($(wc -l <"$T/jobs") - njobs)) jobs, wanted 1"
tail -1 "$T/jobs" | grep -q " -i $killed " && ok || bad "resume ran $(tail -1 "$T/jobs"), not $killed"
expect_same out.txt "$T/want" "rate-parallel.sh after a resume vs one sudokit rate"
expect_grep "<stdin>\|in.txt\|chunk" "$T/log2" "the invalid puzzle's message"
# a run with nothing left to do is a no-op that gives the same output
SUDOKIT=$T/wrap.sh sh "$script" -j 2 -N 2 in.txt out.txt >/dev/null 2>&1 && ok || bad "third run"
expect_same out.txt "$T/want" "third run"
# rate's options pass through; another input or other options are refused
SUDOKIT=$SUDOKIT sh "$script" -N 5 -w p2 in.txt out2.txt -- --format '%r/%p/%d' 2>/dev/null && ok || bad "options"
"$SUDOKIT" rate --format '%r/%p/%d' -i in.txt >"$T/want2" 2>/dev/null
expect_same out2.txt "$T/want2" "rate-parallel.sh -- --format"
SUDOKIT=$SUDOKIT sh "$script" -N 5 -w p2 in.txt out2.txt -- --table xdrs >/dev/null 2>"$T/err"
[ $? = 2 ] && ok || bad "other options on a work directory should be refused"
echo "$(head -1 in.txt)" >other.txt
SUDOKIT=$SUDOKIT sh "$script" -w p2 other.txt out3.txt >/dev/null 2>"$T/err"
[ $? = 2 ] && ok || bad "another input on a work directory should be refused"
SUDOKIT=$SUDOKIT sh "$script" in.txt out4.txt -- -o x >/dev/null 2>&1
[ $? = 2 ] && ok || bad "-o among rate's options should be refused"
# hosts: ':' is this machine through parallel's -S (files sent and returned)
SUDOKIT=$SUDOKIT PATH="$(dirname "$SUDOKIT"):$PATH" sh "$script" -S : -N 6 -w p5 in.txt out5.txt >/dev/null 2>"$T/err" &&
  expect_same out5.txt "$T/want" "rate-parallel.sh -S :" || bad "-S :: $(tail -3 "$T/err")"
finish
