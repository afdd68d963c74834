# static.sh -- the CLI with every plugin linked in statically (the registry
# of entry functions that the WebAssembly build uses) rates exactly like the
# dlopen build, without any plugin directory.
. "$(dirname "$0")/lib.sh"
S=${BUILD:-$SRC/build}/sudokit-static
[ -x "$S" ] || { echo "static.sh: $S not built; run 'make static-cli'" >&2; exit 1; }
sample=$SRC/tools/sample-puzzles.txt
expect_status 0 "$SUDOKIT" rate -i "$sample"
cp "$T/out" "$T/dyn"
SUDOKIT_PLUGIN_PATH= expect_status 0 "$S" rate -i "$sample"
expect_same "$T/out" "$T/dyn" "static vs dynamic ratings"
expect_status 0 "$S" techniques
cut -c1-30 "$T/out" >"$T/st"
expect_status 0 "$SUDOKIT" techniques
cut -c1-30 "$T/out" >"$T/dt"
expect_same "$T/st" "$T/dt" "static vs dynamic technique list"
finish
