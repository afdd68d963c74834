#!/bin/sh
# demo.sh -- sudokit's main job on the bundled sample: solve, count, rate.
#   sh tools/demo.sh PATH/TO/sudokit
set -eu
sk=${1:-build/sudokit}
here=$(dirname "$0")
sample=$here/sample-puzzles.txt
echo "== sudokit solve ($sample)"
"$sk" solve -i "$sample"
echo "== sudokit count --limit 2"
"$sk" count -i "$sample" | sort | uniq -c | sed 's/^ */puzzles: /; s/ \([0-9]*\)$/ with \1 solution(s)/'
echo "== sudokit rate: SER (SE 1.2.1.3: ER/EP/ED) and XDRS (P, D) side by side"
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
"$sk" rate -i "$sample" --format '%g  SER %r/%p/%d' >"$t/ser"
"$sk" rate --policy xdrs -i "$sample" | sed 's/^[^ ]* *//' >"$t/xdrs"
paste -d ' ' "$t/ser" "$t/xdrs" | sed 's/ P=/  XDRS P=/'
