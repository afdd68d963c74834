# output.sh -- where output goes and what happens when it cannot: every
# command reports a failed write (standard output or -o) as "sudokit: write
# error on NAME: reason" and exits 1; -o writes devices, FIFOs and
# descriptors (/dev/stdout) directly, follows a symlink to replace its
# target (in the target's directory, keeping its mode), and replaces a
# regular file atomically; an interrupted run leaves the old file, and a
# run that replaced it is not reported as interrupted.
#
# As root, a sudokit that renamed over a device would replace the machine's
# /dev/null or /dev/stdout: the test then runs in a private mount namespace
# with a /dev of its own (and skips the device checks if it cannot).
if [ "$(id -u)" = 0 ] && [ -z "${SK_PRIVATE_DEV:-}" ] && unshare -m true 2>/dev/null; then
  SK_PRIVATE_DEV=1 exec unshare -m sh -c 'mount -t tmpfs -o mode=755 tmpfs /dev &&
    mknod -m 666 /dev/null c 1 3 && mknod -m 666 /dev/full c 1 7 && mknod -m 666 /dev/zero c 1 5 &&
    mknod -m 666 /dev/urandom c 1 9 && mknod -m 666 /dev/random c 1 8 &&
    ln -s /proc/self/fd /dev/fd && ln -s /proc/self/fd/0 /dev/stdin &&
    ln -s /proc/self/fd/1 /dev/stdout && ln -s /proc/self/fd/2 /dev/stderr && exec sh "$0"' "$0"
fi
devices=yes
[ "$(id -u)" = 0 ] && [ -z "${SK_PRIVATE_DEV:-}" ] && devices=no
. "$(dirname "$0")/lib.sh"
P=$(sed -n 2p "$SRC/tools/sample-puzzles.txt")
expect_status 0 "$SUDOKIT" rate "$P"
line=$(cat "$T/out")
full="No space left on device"

# standard output on a full device: every command
for c in "rate $P" "solve $P" "count $P" "analyze $P" "explain $P" "hints $P" techniques \
         "grids -n 5" "generate -n 2 --seed 1" "generate --er 1-3 -n 1 --seed 1 --quiet" \
         "run -e print(1)" "rate --help" "help rate" --version; do
  $SUDOKIT $c >/dev/full 2>"$T/err"; rc=$?
  [ "$rc" = 1 ] && ok || bad "'$c > /dev/full' exited $rc"
  expect_grep "^sudokit: write error on standard output: $full\$" "$T/err" "'$c > /dev/full' stderr"
  [ "$(grep -c 'write error' "$T/err")" = 1 ] && ok || bad "'$c > /dev/full' reported $(grep -c 'write error' "$T/err") errors"
done
if [ "$devices" = yes ]; then
# -o on a full device
for c in rate solve count analyze explain hints; do
  expect_status 1 "$SUDOKIT" "$c" -o /dev/full "$P"
  expect_grep "^sudokit: write error on /dev/full: $full\$" "$T/err" "$c -o /dev/full"
done
expect_status 1 "$SUDOKIT" grids -n 3 -o /dev/full
expect_grep "^sudokit: write error on /dev/full: $full\$" "$T/err" "grids -o /dev/full"
expect_status 1 "$SUDOKIT" generate -n 2 --seed 1 -o /dev/full
expect_grep "^sudokit: write error on /dev/full: $full\$" "$T/err" "generate -o /dev/full"
fi
# sudoku.txt on a full device (a symlink to it)
mkdir "$T/c" && ln -s /dev/full "$T/c/sudoku.txt"
(cd "$T/c" && "$SUDOKIT" -c 10 >"$T/out" 2>"$T/err"); rc=$?
[ "$rc" = 1 ] && ok || bad "-c 10 into /dev/full exited $rc"
expect_grep "^sudokit: write error on sudoku.txt: $full\$" "$T/err" "-c into /dev/full"
# a full file system: the old file stays, no temporary is left
if unshare -m true 2>/dev/null; then
  mkdir "$T/small"
  "$SUDOKIT" grids -n 3000 --format line >"$T/grids.txt"
  unshare -m sh -c "mount -t tmpfs -o size=64k tmpfs '$T/small' && echo old >'$T/small/out.txt' &&
    '$SUDOKIT' solve -i '$T/grids.txt' -o '$T/small/out.txt' 2>'$T/small.err'; echo \$? >'$T/small.rc';
    cat '$T/small/out.txt' >'$T/small.kept'; ls '$T/small' >'$T/small.ls'"
  [ "$(cat "$T/small.rc")" = 1 ] && ok || bad "solve -o on a full file system exited $(cat "$T/small.rc")"
  expect_grep "^sudokit: write error on $T/small/out.txt: $full\$" "$T/small.err" "solve -o on a full file system"
  [ "$(cat "$T/small.kept")" = old ] && ok || bad "the full file system's old file was changed"
  [ "$(cat "$T/small.ls")" = out.txt ] && ok || bad "left on the full file system: $(cat "$T/small.ls")"
fi

if [ "$devices" = yes ]; then
# special files: written directly
expect_status 0 "$SUDOKIT" rate -o /dev/null "$P"
[ -c /dev/null ] && ok || bad "/dev/null is no longer a device"
"$SUDOKIT" rate --output=/dev/fd/1 "$P" 2>"$T/err" | cat >"$T/piped"
[ "$(cat "$T/piped")" = "$line" ] && ok || bad "--output=/dev/fd/1 into a pipe gave '$(cat "$T/piped")': $(cat "$T/err")"
"$SUDOKIT" rate -o /proc/self/fd/1 "$P" >"$T/redirected" 2>"$T/err"
[ "$(cat "$T/redirected")" = "$line" ] && ok || bad "-o /proc/self/fd/1 > file gave '$(cat "$T/redirected")': $(cat "$T/err")"
# /dev/stdout itself: as root in a private /dev (a rename over it must not
# touch the machine's), else the real one
"$SUDOKIT" rate --output=/dev/stdout "$P" | cat >"$T/dev.piped"
[ "$(cat "$T/dev.piped")" = "$line" ] && ok || bad "--output=/dev/stdout into a pipe gave '$(cat "$T/dev.piped")'"
"$SUDOKIT" rate -o /dev/stdout "$P" >"$T/dev.file"
[ "$(cat "$T/dev.file")" = "$line" ] && ok || bad "-o /dev/stdout > file gave '$(cat "$T/dev.file")'"
[ -L /dev/stdout ] && [ "$(readlink /dev/stdout)" = /proc/self/fd/1 ] && ok || bad "/dev/stdout is no longer the link it was"
else
  echo "output.sh: root without a private /dev: the -o device checks are skipped"
fi
# a FIFO: the reader gets everything, the FIFO stays
mkfifo "$T/fifo"
timeout 20 cat "$T/fifo" >"$T/fifo.out" & reader=$!
expect_status 0 "$SUDOKIT" rate -o "$T/fifo" "$P"
wait $reader
[ "$(cat "$T/fifo.out")" = "$line" ] && ok || bad "the FIFO's reader got '$(cat "$T/fifo.out")'"
[ -p "$T/fifo" ] && ok || bad "the FIFO was replaced"
# a directory is refused, a usage error
mkdir "$T/dir"
expect_status 2 "$SUDOKIT" rate -o "$T/dir" "$P"
expect_grep "cannot write '$T/dir': it is a directory" "$T/err"

# symlinks: the target is replaced (in its own directory), the link stays
mkdir "$T/a" "$T/b"
echo old >"$T/b/real.txt" && chmod 600 "$T/b/real.txt"
ln -s ../b/real.txt "$T/a/link.txt"
expect_status 0 "$SUDOKIT" rate -o "$T/a/link.txt" "$P"
[ -L "$T/a/link.txt" ] && ok || bad "the symlink was replaced"
[ "$(cat "$T/b/real.txt")" = "$line" ] && ok || bad "the symlink's target holds '$(cat "$T/b/real.txt")'"
[ "$(stat -c %a "$T/b/real.txt")" = 600 ] && ok || bad "the target's mode became $(stat -c %a "$T/b/real.txt")"
[ "$(ls "$T/a" "$T/b" | tr '\n' ' ')" = "$T/a: link.txt  $T/b: real.txt " ] && ok || bad "left behind: $(ls "$T/a" "$T/b")"
ln -s "$T/b/new.txt" "$T/a/dangling"
expect_status 0 "$SUDOKIT" solve -o "$T/a/dangling" "$P"
[ -L "$T/a/dangling" ] && [ -f "$T/b/new.txt" ] && ok || bad "a dangling symlink's target was not created"
# a regular file: replaced whole, atomically
echo old >"$T/plain.txt"
ln "$T/plain.txt" "$T/hardlink.txt"
expect_status 0 "$SUDOKIT" rate -o "$T/plain.txt" "$P"
[ "$(cat "$T/plain.txt")" = "$line" ] && [ "$(cat "$T/hardlink.txt")" = old ] && ok ||
  bad "the regular file was not replaced by a new one"

# interrupts: during the write the old file stays and no temporary is left;
# just after the rename the run is complete, and says so (exit 0)
mkdir "$T/int"
interrupted() {   # interrupted WHEN: WHEN is "writing" or "renamed"
  echo old >"$T/int/sudoku.txt"
  (cd "$T/int" && exec "$SUDOKIT" -c 1000000) & pid=$!
  tmp="$T/int/sudoku.txt.tmp.$pid" n=0
  while [ ! -e "$tmp" ] && [ $n -lt 20000 ]; do n=$((n + 1)); done
  if [ "$1" = renamed ]; then
    while [ -e "$tmp" ] && [ $n -lt 200000 ]; do n=$((n + 1)); done
  fi
  kill -INT $pid 2>/dev/null
  wait $pid; rc=$?
  size=$(stat -c %s "$T/int/sudoku.txt")
  left=$(ls "$T/int" | grep -c tmp)
  if [ "$rc" = 130 ] && [ "$size" = 4 ] && [ "$left" = 0 ]; then echo interrupted
  elif [ "$rc" = 0 ] && [ "$size" = 162999999 ] && [ "$left" = 0 ]; then echo complete
  else echo "exit $rc, sudoku.txt $size bytes, $left temporaries"; fi
}
for i in 1 2 3; do
  r=$(interrupted writing)
  case $r in interrupted|complete) ok ;; *) bad "-c interrupted while writing: $r" ;; esac
  r=$(interrupted renamed)
  case $r in interrupted|complete) ok ;; *) bad "-c interrupted just after the rename: $r" ;; esac
done
rm -f "$T/int/sudoku.txt"
finish
