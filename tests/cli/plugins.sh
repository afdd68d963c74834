# plugins.sh -- the plugin search loads each file once: the build's plugin
# directory named again with --plugins or SUDOKIT_PLUGIN_PATH (or through a
# symlink) changes nothing, while a second file with a technique id already
# loaded is still refused; and the build removes a plugin no source makes
# any more (a technique that moved into another plugin), which would clash
# with its new home.
. "$(dirname "$0")/lib.sh"
B=${BUILD:-$SRC/build}
sample=$SRC/tools/sample-puzzles.txt

expect_status 0 "$SUDOKIT" rate -i "$sample"
cp "$T/out" "$T/plain"
expect_status 0 "$SUDOKIT" rate --plugins "$B/plugins" -i "$sample"
expect_same "$T/plain" "$T/out" "rate --plugins (the build's own directory)"
SUDOKIT_PLUGIN_PATH="$B/plugins:$B/plugins" expect_status 0 "$SUDOKIT" rate -i "$sample"
expect_same "$T/plain" "$T/out" "SUDOKIT_PLUGIN_PATH naming the build's directory twice"
ln -s "$B/plugins" "$T/linked"
expect_status 0 "$SUDOKIT" techniques --plugins "$T/linked"
[ "$(grep -c . "$T/out")" -gt 20 ] && ok || bad "techniques through a symlinked directory: $(head -3 "$T/out")"
# a copy is another file: its ids clash, naming both files
mkdir "$T/copy" && cp "$B/plugins/singles.so" "$T/copy/"
expect_status 2 "$SUDOKIT" rate --plugins "$T/copy" -i "$sample"
expect_grep "$T/copy/singles.so: duplicate technique id 'full-house' (already provided by $B/plugins/singles.so)" "$T/err"

# a stale plugin in the build tree: a copy of one whose techniques it would
# duplicate, under a name no source has
[ ! -e "$SRC/techniques/skyscraper.c" ] && [ ! -d "$SRC/techniques/skyscraper" ] || { bad "techniques/skyscraper exists"; finish; }
cp "$B/plugins/single_digit.so" "$B/plugins/skyscraper.so"
echo "$B/plugins/skyscraper.so: $SRC/techniques/skyscraper.c" > "$B/plugins/skyscraper.d"
make -s -C "$SRC" BUILD="$B" all >"$T/make" 2>&1 && ok || bad "make all failed: $(tail -5 "$T/make")"
if [ -e "$B/plugins/skyscraper.so" ] || [ -e "$B/plugins/skyscraper.d" ]; then
  bad "make left the stale plugin"; rm -f "$B/plugins/skyscraper.so" "$B/plugins/skyscraper.d"
else ok; fi
expect_grep "skyscraper.so" "$T/make" "make's output"
expect_status 0 "$SUDOKIT" rate -i "$sample"
expect_same "$T/plain" "$T/out" "rate after the stale plugin was removed"
finish
