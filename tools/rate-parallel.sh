#!/bin/sh
# rate-parallel.sh -- `sudokit rate` spread over processes and hosts with
# GNU parallel, for runs of hours: a killed job or a lost host costs only
# its chunk, a rerun of the same command resumes, and the output is
# complete and in input order or not written at all.
#
#   tools/rate-parallel.sh [-j N] [-N LINES] [-S HOSTS] [-w DIR] INPUT OUTPUT [-- RATE-OPTION...]
#
#   -j N      jobs at once on each host (default: parallel's, one per core)
#   -N LINES  lines of INPUT per chunk (default 1000)
#   -S HOSTS  GNU parallel's host list (host1,host2,: for this one too); each
#             host needs `sudokit` in its PATH, the chunks go there and back
#   -w DIR    work directory (default OUTPUT.parts): the chunks, their
#             outputs, parallel's job log
# INPUT holds one puzzle a line (the line format or candidate strings:
# chunks are cut at line ends; '#' and blank lines are fine).  Each chunk
# is rated by `sudokit rate RATE-OPTION... -i CHUNK -o CHUNK.out`, whose
# -o file is written whole or not at all, so a chunk has its .out only
# when it was rated to the end.  GNU parallel logs every job (--joblog);
# a job that was killed, or whose host was lost, is logged as failed, and
# the next run of the same command runs exactly the failed and the
# missing ones (--resume-failed).  A job whose puzzles were only partly
# valid (sudokit's exit status 1) has its output and is not run again.
# When every chunk has its output, they are joined in chunk order into
# OUTPUT (through a temporary file and a rename), after checking that it
# has one line for each puzzle of INPUT; the exit status is then 0.
# Otherwise OUTPUT is not written and the exit status is 1: run the same
# command again.  The work directory is kept (remove it when done); it
# remembers INPUT's checksum and the options, and refuses another INPUT.
# SUDOKIT names the binary on this host (default: sudokit in PATH).
set -u
prog=rate-parallel.sh
die() { echo "$prog: $*" >&2; exit 2; }
jobs="" lines=1000 hosts="" work=""
while [ $# -gt 0 ]; do
  case $1 in
    -j) [ $# -ge 2 ] || die "-j needs a number"; jobs=$2; shift 2 ;;
    -N) [ $# -ge 2 ] || die "-N needs a number of lines"; lines=$2; shift 2 ;;
    -S) [ $# -ge 2 ] || die "-S needs hosts"; hosts=$2; shift 2 ;;
    -w) [ $# -ge 2 ] || die "-w needs a directory"; work=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    --) die "INPUT and OUTPUT come before --" ;;
    -*) die "unknown option '$1' (see --help)" ;;
    *) break ;;
  esac
done
[ $# -ge 2 ] || die "usage: $prog [-j N] [-N LINES] [-S HOSTS] [-w DIR] INPUT OUTPUT [-- RATE-OPTION...]"
input=$1 output=$2
shift 2
if [ $# -gt 0 ]; then
  [ "$1" = -- ] || die "unexpected argument '$1' (rate's options go after --)"
  shift
fi
for a in "$@"; do
  case $a in
    -i|--input|--in|-o|--output|--out|--header) die "'$a' is the script's to set" ;;
  esac
done
case $lines in ''|*[!0-9]*|0) die "-N: '$lines' is not a positive number" ;; esac
command -v parallel >/dev/null 2>&1 || die "GNU parallel is not installed (apt-get install parallel)"
sudokit=${SUDOKIT:-sudokit}
command -v "$sudokit" >/dev/null 2>&1 || die "cannot run '$sudokit' (set SUDOKIT)"
[ -f "$input" ] && [ -r "$input" ] || die "cannot read '$input'"
[ -n "$work" ] || work=$output.parts

# the work directory: made once, then reused by the runs that resume
sum=$(cksum <"$input" | awk '{ print $1 "-" $2 }')
opts=$(printf '%s\n' "$lines" "$@")
if [ -d "$work" ] && [ -f "$work/input.cksum" ]; then
  [ "$(cat "$work/input.cksum")" = "$sum" ] ||
    die "$work holds the chunks of another input (remove it to start over)"
  [ "$(cat "$work/options")" = "$opts" ] ||
    die "$work was made with other options: $(tr '\n' ' ' <"$work/options") (remove it to start over)"
else
  mkdir -p "$work" || die "cannot make '$work'"
  rm -f "$work"/chunk.* "$work/joblog"
  (cd "$work" && split -l "$lines" -a 6 -d - chunk.) <"$input" || die "cannot split '$input'"
  printf '%s\n' "$opts" >"$work/options"
  echo "$sum" >"$work/input.cksum"        # last: the directory is complete
fi

# the jobs: exit status 0 and 1 (some puzzles invalid, output written)
# are done, anything else (2, a signal, a lost host) failed
q=""
for a in "$@"; do q="$q '$(printf '%s' "$a" | sed "s/'/'\\\\''/g")'"; done
set -- --joblog joblog --resume-failed --halt never
[ -n "$jobs" ] && set -- "$@" -j "$jobs"
if [ -n "$hosts" ]; then
  set -- "$@" -S "$hosts" --transferfile {} --return {}.out --return {}.err --cleanup
  cmd="sudokit rate$q -i {} -o {}.out 2>{}.err; test \$? -le 1"
else
  cmd="'$sudokit' rate$q -i {} -o {}.out 2>{}.err; test \$? -le 1"
fi
(cd "$work" && printf '%s\n' chunk.?????? | parallel "$@" "$cmd")
st=$?

# join: every chunk rated, one line of output per puzzle
missing=0
for c in "$work"/chunk.??????; do
  [ -f "$c.out" ] || missing=$((missing + 1))
done
if [ "$st" -ne 0 ] || [ "$missing" -gt 0 ]; then
  echo "$prog: $missing of $(ls "$work"/chunk.?????? | wc -l) chunks not rated (parallel exit $st);" \
       "run the same command again to resume; $output not written" >&2
  exit 1
fi
cat "$work"/chunk.??????.err >&2
want=$(grep -vc '^#\|^[[:space:]]*$' "$input")
tmp=$output.tmp.$$
cat "$work"/chunk.??????.out >"$tmp" || { rm -f "$tmp"; echo "$prog: cannot write $tmp" >&2; exit 1; }
got=$(grep -vc '^#' "$tmp")
if [ "$got" -ne "$want" ]; then
  rm -f "$tmp"
  echo "$prog: $got output lines for $want puzzles; $output not written" >&2
  exit 1
fi
mv "$tmp" "$output" || { rm -f "$tmp"; exit 1; }
echo "$prog: $want puzzles rated into $output ($(ls "$work"/chunk.?????? | wc -l) chunks; $work can go)" >&2
exit 0
