#!/bin/sh
# bench/search.sh -- what `sudokit generate --search` finds per CPU time.
#   sh bench/search.sh SUDOKIT random SEEDS CPU_SECONDS
#       ER >= 10 from nothing (random minimal starts, no seed file): one
#       run a seed (--seed 1..SEEDS, one thread, -n 1), each stopped by a
#       CPU-time limit (--cpu-timeout); prints per run whether it found one, its
#       CPU time and the puzzle, then how many found and the median CPU time
#       of those that did.
#   sh bench/search.sh SUDOKIT forum CPU_SECONDS [TARGET...]
#       from the first 20 puzzles of the forum's list of puzzles at ER 11 or
#       more (../shared/bench/puzzles5_forum_hardest_1905_11+.txt), that
#       list excluded, one thread, --minimal, for CPU_SECONDS of CPU time
#       (default target --er 10.5-); prints the outputs by ER band, the
#       rate per CPU-hour and the search's profile.  Every output is rated
#       again with `sudokit rate`, checked minimal (analyze) and isomorph-free
#       against the outputs, the seeds and the list (canon --dedup).
# CPU time is the process's user + system time; on a loaded machine the
# figures are noisy (shared caches, frequency), so run it on a quiet one.
sk=${1:?usage: sh bench/search.sh SUDOKIT random SEEDS SECONDS | forum SECONDS [TARGET...]}
mode=${2:?random or forum}
src=$(cd "$(dirname "$0")/.." && pwd)
list="$src/../shared/bench/puzzles5_forum_hardest_1905_11+.txt"
T=$(mktemp -d "${TMPDIR:-/tmp}/sk-search.XXXXXX")
trap 'rm -rf "$T"' EXIT INT TERM

cpu_of() {   # cpu_of TIMEFILE: user + system seconds that time -p wrote
  awk '$1 == "user" || $1 == "sys" { s += $2 } END { printf "%.1f", s }' "$1"
}

case $mode in
random)
  seeds=${3:?number of seeds} secs=${4:?CPU seconds per seed}
  : >"$T/found"
  s=1
  while [ "$s" -le "$seeds" ]; do
    /usr/bin/time -p -o "$T/time.$s" "$sk" generate --er 10- --search -n 1 -j 1 --seed "$s" \
      --cpu-timeout "$secs" --quiet >"$T/out.$s" 2>"$T/err.$s"
    cpu=$(cpu_of "$T/time.$s")
    if [ -s "$T/out.$s" ]; then
      echo "seed $s: found in $cpu CPU s: $(cat "$T/out.$s")"
      echo "$cpu" >>"$T/found"
    else
      echo "seed $s: none in $cpu CPU s"
    fi
    s=$((s + 1))
  done
  n=$(wc -l <"$T/found")
  med=$(sort -n "$T/found" | awk '{ v[NR] = $1 } END { if (NR) print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2); else print "-" }')
  echo "random: $n of $seeds seeds found ER >= 10 within $secs CPU s; median CPU time of those: $med s"
  ;;
forum)
  secs=${3:?CPU seconds}
  shift 3
  [ $# -gt 0 ] || set -- --er 10.5-
  [ -f "$list" ] || { echo "bench: $list not found; skipped"; exit 0; }
  head -20 "$list" >"$T/seeds"
  /usr/bin/time -p -o "$T/time" "$sk" generate "$@" --search --minimal -j 1 --seed 1 \
    --from "$T/seeds" --exclude "$list" --cpu-timeout "$secs" --profile --quiet >"$T/out" 2>"$T/err"
  cpu=$(cpu_of "$T/time")
  n=$(grep -c . "$T/out")
  cut -c1-81 "$T/out" >"$T/p"
  "$sk" rate -i "$T/p" >"$T/r"
  cut -d' ' -f1,2 "$T/out" | cmp -s - "$T/r" && echo "re-rated: all $n the same" ||
    echo "re-rated: DIFFERENT"
  "$sk" analyze --fields minimal -i "$T/p" | grep -c -v 'minimal=yes' |
    awk '{ print "not minimal: " $1 }'
  cat "$T/p" "$T/p" | "$sk" canon --dedup | wc -l | awk -v n="$n" '{ print "distinct forms: " $1 " of " n }'
  cat "$list" "$T/p" | "$sk" canon --dedup | wc -l |
    awk -v n="$n" -v l="$(grep -c . "$list")" '{ print "new against the list: " $1 - l " of " n }'
  echo "by ER:"
  cut -d' ' -f2 "$T/out" | cut -d= -f2 | cut -d/ -f1 | sort -n | uniq -c
  awk -v n="$n" -v c="$cpu" 'BEGIN { printf "found %d in %.1f CPU s: %.0f per CPU-hour\n", n, c, (c > 0 ? 3600 * n / c : 0) }'
  hi=$(cut -d' ' -f2 "$T/out" | cut -d= -f2 | cut -d/ -f1 | awk '$1 >= 11' | wc -l)
  awk -v n="$hi" -v c="$cpu" 'BEGIN { printf "at ER >= 11: %d, %.0f per CPU-hour\n", n, (c > 0 ? 3600 * n / c : 0) }'
  grep -A8 'search profile' "$T/err"
  grep 'search:' "$T/err"
  ;;
*) echo "bench/search.sh: mode random or forum" >&2; exit 2 ;;
esac
