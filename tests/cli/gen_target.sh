# gen_target.sh -- sudokit generate with a target (--er, --xdrs, --diamond,
# --sdrs, --needs, --with-path, --timeout): every puzzle written is
# re-checked by other commands (rate, analyze, explain) against its target.
. "$(dirname "$0")/lib.sh"

# ER band: each puzzle has one solution and SE's ER in the band; the same
# seed gives the same puzzles for any -j
expect_status 0 "$SUDOKIT" generate --er 2.6-3.4 -n 3 --seed 7 -j 1 --quiet
cp "$T/out" "$T/er"
[ "$(wc -l <"$T/er")" -eq 3 ] && ok || bad "--er: $(wc -l <"$T/er") puzzles, wanted 3"
expect_grep "acceptance" "$T/err"
cut -c1-81 "$T/er" >"$T/er.p"
expect_status 0 "$SUDOKIT" rate -i "$T/er.p" --format '%g ED=%r/%p/%d'
expect_same "$T/out" "$T/er" "--er output vs rate"
expect_status 0 "$SUDOKIT" rate -i "$T/er.p" --format '%r'
awk '$1 < 2.6 || $1 > 3.4 { bad = 1 } END { exit bad }' "$T/out" && ok || bad "ER outside 2.6-3.4: $(tr '\n' ' ' <"$T/out")"
expect_status 0 "$SUDOKIT" generate --er 2.6-3.4 -n 3 --seed 7 -j 2 --quiet
expect_same "$T/out" "$T/er" "--er -j 2 vs -j 1"

# SE diamond: ED = EP = ER
expect_status 0 "$SUDOKIT" generate --diamond -n 2 --seed 3 --quiet
cut -c1-81 "$T/out" | "$SUDOKIT" analyze --fields se_class >"$T/d" && ok || bad "analyze of diamonds"
[ "$(grep -c '^se_class=diamond$' "$T/d")" -eq 2 ] && ok || bad "--diamond: $(cat "$T/d")"

# SDRS extreme diamond, checked by analyze
expect_status 0 "$SUDOKIT" generate --sdrs extreme-diamond -n 2 --seed 5 --quiet
cut -c1-81 "$T/out" | "$SUDOKIT" analyze --fields sdrs_flags >"$T/x" && ok || bad "analyze of extreme diamonds"
[ "$(grep -c 'extreme-diamond' "$T/x")" -eq 2 ] && ok || bad "--sdrs extreme-diamond: $(cat "$T/x")"

# --needs with --with-path: the path is written after the puzzle, it is the
# path explain gives, and it uses the technique
expect_status 0 "$SUDOKIT" generate --needs x-wing -n 1 --seed 2 --with-path --quiet
cp "$T/out" "$T/xw"
head -1 "$T/xw" | cut -c1-81 >"$T/xw.p"
grep '^#  ' "$T/xw" | sed 's/^#  //' >"$T/xw.path"
[ -s "$T/xw.path" ] && ok || bad "--with-path wrote no path"
grep -q ' X-Wing' "$T/xw.path" && ok || bad "the path has no X-Wing"
"$SUDOKIT" explain -i "$T/xw.p" | sed '1d; /^ER\/EP\/ED/d; /^$/d' >"$T/xw.ex"
expect_same "$T/xw.path" "$T/xw.ex" "--with-path vs explain"
# the output stays a puzzle file: the '#' lines are skipped by readers
expect_status 0 "$SUDOKIT" rate -i "$T/xw"
[ "$(wc -l <"$T/out")" -eq 1 ] && ok || bad "rate of a --with-path file"

# XDRS band: D = (90 P + 19) / 109 of the xdrs table's P
expect_status 0 "$SUDOKIT" generate --xdrs 1-3 -n 2 --seed 4 --quiet
cp "$T/out" "$T/xd"
cut -c1-81 "$T/xd" | "$SUDOKIT" rate --table xdrs --format '%r' >"$T/p" && ok || bad "rate --table xdrs"
sed 's/.* D=//' "$T/xd" | paste -d' ' "$T/p" - | awk '{ d = (90 * $1 + 19) / 109; if (d < 1) d = 1
  if (sprintf("%.3f", d) != $2 || $2 < 1 || $2 > 3) bad = 1 } END { exit bad }' && ok || bad "--xdrs D values: $(tr '\n' ' ' <"$T/xd")"

# an unreachable target within the time: stops, says so, exit 1
expect_status 1 "$SUDOKIT" generate --er 11.5- -n 1 --seed 1 --timeout 1 --quiet
expect_grep "timeout after 1 s: 0 of 1 found" "$T/err"
[ ! -s "$T/out" ] && ok || bad "timeout wrote puzzles"

# usage errors
expect_status 2 "$SUDOKIT" generate --er 5-3
expect_grep "not a range" "$T/err"
expect_status 2 "$SUDOKIT" generate --sdrs bogus
expect_status 2 "$SUDOKIT" generate --needs no-such-technique --timeout 1
expect_grep "no-such-technique" "$T/err"
expect_status 2 "$SUDOKIT" generate --pearl --diamond
expect_status 0 "$SUDOKIT" generate --er 1 --help
expect_grep "acceptance" "$T/out"

finish
