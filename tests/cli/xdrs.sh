# xdrs.sh -- ratings/xdrs.yaml, XDRS with SE's techniques and HoDoKu's
# library: the table is in increasing base order (the forum's search from
# low to high difficulty), every entry says where its value comes from, and
# on puzzles where SE's path takes a turbot-like X-chain (6.6-6.7) XDRS's
# takes a one-digit pattern (tests/lua/xdrs-single-digit.lua: P, D and the
# technique, worked out by hand from the table).
. "$(dirname "$0")/lib.sh"
Y=$SRC/ratings/xdrs.yaml
expect_status 0 "$SUDOKIT" techniques --table "$Y"
awk '/^# loaded/ { exit } $1 ~ /^[0-9]+$/ { n++; b = $3 + 0; if (b < last) { bad++; print "out of order: " $0 } last = b }
  END { exit !(n >= 100 && bad == 0) }' "$T/out" >"$T/order" && ok ||
  bad "xdrs.yaml: not in increasing base order: $(head -c 400 "$T/order")"
# every entry (4-space keys) has a provenance; an invented value says why
awk '/^  - id:/ { if (id != "" && !prov) { bad++; print id } id = $3; prov = 0 }
  /^    provenance: "/ { prov = 1; if ($0 ~ /invented"$/ || $0 ~ /invented: *"$/) { bad++; print id ": no reason" } }
  END { if (id != "" && !prov) { bad++; print id } exit bad > 0 }' "$Y" >"$T/prov" && ok ||
  bad "xdrs.yaml: entries without provenance: $(head -c 400 "$T/prov")"
# the library's techniques are in it, SE's ids too
for id in skyscraper two-string-kite turbot-fish empty-rectangle w-wing finned-x-wing sashimi-jellyfish \
          franken-swordfish mutant-jellyfish simple-colors uniqueness-1 x-chain xy-chain remote-pair nice-loop \
          grouped-nice-loop als-xz als-xy-wing als-xy-chain death-blossom sue-de-coq template-set \
          static-chains x-wing unique-loop bug dynamic-chains nested-chains-5; do
  grep -q "^  - id: $id\$" "$Y" && ok || bad "xdrs.yaml has no $id"
done
expect_status 0 "$SUDOKIT" run "$SRC/tests/lua/xdrs-single-digit.lua" "$SRC/tests/data/xdrs/single-digit.txt"
expect_grep "^7 cases$" "$T/out" "xdrs-single-digit.lua"
# the CLI's policy line gives the same P and D
grep -v '^#' "$SRC/tests/data/xdrs/single-digit.txt" >"$T/cases"
cut -d' ' -f1 "$T/cases" >"$T/puzzles"
expect_status 0 "$SUDOKIT" rate --policy xdrs --verify -i "$T/puzzles"
awk '{ print $1 " P=" $3 " D=" $4 }' "$T/cases" >"$T/want"
expect_same "$T/out" "$T/want" "rate --policy xdrs on the X-chain puzzles"
finish
