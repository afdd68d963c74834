# progress.sh -- progress on stderr for long rate, explain and analyze
# runs: nothing off a terminal, a line rewritten in place on one (checked
# under script(1) when it is installed), whole lines when forced with
# SUDOKIT_PROGRESS=S; the output is the same with or without it.
. "$(dirname "$0")/lib.sh"
awk -F"\t" 'NR > 1 && $2 >= 9.0 { print $1 }' "$SRC/tests/data/se/se-ratings.tsv" >"$T/hard.txt"
for k in 1 2 3 4 5 6; do cat "$T/hard.txt"; done >"$T/in.txt"   # a run of a few seconds (progress starts after 2 s)
"$SUDOKIT" rate -i "$T/in.txt" >"$T/plain" 2>"$T/err"
[ ! -s "$T/err" ] && ok || bad "rate off a terminal printed: $(head -c 300 "$T/err")"
eta="^sudokit \(rate\|explain\|analyze\): [0-9]* puzzles, [0-9.]*/s, [0-9]* %, ETA [0-9]*:[0-5][0-9]$"
pat="^sudokit \(rate\|explain\|analyze\): [0-9]* puzzles, [0-9.]*/s\(, [0-9]* %, ETA [0-9]*:[0-5][0-9]\)\{0,1\}$"
for c in rate explain analyze; do
  extra=""
  [ $c = analyze ] && extra="--fields er"
  # shellcheck disable=SC2086
  "$SUDOKIT" $c $extra -i "$T/hard.txt" >"$T/want" 2>/dev/null
  # shellcheck disable=SC2086
  SUDOKIT_PROGRESS=0.1 "$SUDOKIT" $c $extra -j 2 -i "$T/hard.txt" >"$T/out" 2>"$T/err"
  expect_same "$T/out" "$T/want" "$c output with progress"
  [ "$(grep -c "$eta" "$T/err")" -ge 1 ] && ok || bad "$c: no progress line with an ETA: $(head -c 300 "$T/err")"
  [ "$(grep -vc "$pat" "$T/err")" = 0 ] && ok || bad "$c: other lines: $(grep -v "$pat" "$T/err" | head -3)"
  last=$(tail -1 "$T/err" | sed 's/^sudokit [a-z]*: \([0-9]*\) puzzles.*/\1/')
  [ "$last" -le "$(wc -l <"$T/hard.txt")" ] && ok || bad "$c: $last puzzles"
  SUDOKIT_PROGRESS=0 "$SUDOKIT" $c $extra -i "$T/hard.txt" >/dev/null 2>"$T/err"
  [ ! -s "$T/err" ] && ok || bad "$c SUDOKIT_PROGRESS=0 printed: $(head -c 200 "$T/err")"
done
# standard input: no percentage, no ETA
SUDOKIT_PROGRESS=0.1 "$SUDOKIT" rate <"$T/hard.txt" >/dev/null 2>"$T/err"
expect_grep "^sudokit rate: [0-9]* puzzles, [0-9.]*/s$" "$T/err" "progress on stdin"
if command -v script >/dev/null 2>&1 && script -qec true /dev/null >/dev/null 2>&1; then
  # on a terminal, the output to a file: one line rewritten in place, erased at the end
  script -qec "'$SUDOKIT' rate -i '$T/in.txt' -o '$T/o.txt'" /dev/null >"$T/tty" 2>&1
  expect_same "$T/o.txt" "$T/plain" "rate -o on a terminal"
  tr '\r' '\n' <"$T/tty" | sed 's/\x1b\[K//g' | grep -c "^sudokit rate: [0-9]* puzzles" >"$T/count"
  [ "$(cat "$T/count")" -ge 1 ] && ok || bad "no progress on a terminal: $(od -c "$T/tty" | head -5)"
  grep -q "$(printf '\033\\[K')" "$T/tty" && ok || bad "the progress line is not rewritten in place"
  [ "$(tail -c 4 "$T/tty" | od -An -c | tr -d ' ')" = '\r033[K' ] && ok ||
    bad "the progress line is not erased at the end: $(tail -c 40 "$T/tty" | od -c)"
  # the output on the terminal itself: no progress line through it
  script -qec "'$SUDOKIT' rate -i '$T/in.txt'" /dev/null >"$T/tty" 2>&1
  grep -q "puzzles, " "$T/tty" && bad "progress written through the output on a terminal" || ok
else
  echo "progress.sh: script(1) not available, the terminal mode not checked"
fi
finish
