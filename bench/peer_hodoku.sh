#!/bin/sh
# bench/peer_hodoku.sh -- HoDoKu 2.2.0 as bench_hodoku's peer: rates each
# puzzle of a file as HoDoKu's /bs batch solver does and prints, per puzzle,
# "PUZZLE LEVEL SCORE CPU_MS" (the solving thread's CPU time).
#   sh bench/peer_hodoku.sh PUZZLES
#   SK_PEER_HODOKU=bench/peer_hodoku.sh make bench     (bench_hodoku -H)
# HODOKU_CLASSES names HoDoKu 2.2.0's compiled classes (its public source,
# github.com/u0hz/HoDoKu at 9e9489b, built with javac --release 8; sudokit
# neither ships nor builds it); the default is ../hodoku-build/classes next to
# the source tree.  The driver is tools/dev/HodokuRate.java, compiled here
# into a temporary directory; HoDoKu runs with its default options (a fresh
# java.io.tmpdir, where it looks for its hodoku.hcfg).
set -eu
in=${1:?usage: sh bench/peer_hodoku.sh PUZZLES}
src=$(cd "$(dirname "$0")/.." && pwd)
classes=${HODOKU_CLASSES:-$src/../hodoku-build/classes}
[ -d "$classes/solver" ] || { echo "peer_hodoku: $classes: not HoDoKu's classes (set HODOKU_CLASSES)" >&2; exit 1; }
[ -r "$in" ] || { echo "peer_hodoku: $in: cannot read" >&2; exit 1; }
command -v javac >/dev/null 2>&1 || { echo "peer_hodoku: javac not found" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/cls" "$tmp/io"
javac -nowarn -cp "$classes" -d "$tmp/cls" "$src/tools/dev/HodokuRate.java" >"$tmp/javac.log" 2>&1 ||
  { echo "peer_hodoku: javac failed:" >&2; cat "$tmp/javac.log" >&2; exit 1; }
java -Djava.io.tmpdir="$tmp/io" -Djava.awt.headless=true -cp "$classes:$tmp/cls" HodokuRate -t "$in" 2>"$tmp/java.log" ||
  { echo "peer_hodoku: HoDoKu failed:" >&2; tail -5 "$tmp/java.log" >&2; exit 1; }
