#!/bin/sh
# deps.sh -- make sure the Debian packages sudokit builds and tests with are
# present.  As root, missing ones are installed with apt-get; otherwise the
# exact command to run is printed and the script fails.
#   sh tools/deps.sh [build|test|full|web|ci]
set -u
mode=${1:-build}
pkgs="build-essential pkg-config liblua5.4-dev lua5.4 libyaml-dev"
# the experiments' plots (sudokit run tools/experiments/*.lua)
pkgs="$pkgs gnuplot-nox"
[ "$mode" = build ] || pkgs="$pkgs libcmocka-dev"
[ "$mode" = build ] || pkgs="$pkgs parallel"
[ "$mode" = full ] && pkgs="$pkgs valgrind"
# make web (tests/cli/web.sh): clang for wasm32-wasi, its linker, libc, builtins
[ "$mode" = web ] && pkgs="$pkgs clang lld wasi-libc libclang-rt-dev-wasm32"
# make valgrind and make fuzz (.ci/run): valgrind, clang and its libFuzzer runtime
[ "$mode" = ci ] && pkgs="$pkgs valgrind clang libclang-rt-dev"

# SK_DEPS_PRINT=1: print the mode's packages, check nothing
if [ -n "${SK_DEPS_PRINT:-}" ]; then echo $pkgs; exit 0; fi
missing=""
for p in $pkgs; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" = 0 ]; then
  echo "sudokit: installing Debian packages:$missing" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2 && apt-get install -y -qq $missing >&2 && exit 0
  echo "sudokit: apt-get failed; install these packages:$missing" >&2
  exit 1
fi
echo "sudokit: missing Debian packages:$missing" >&2
echo "run:  sudo apt-get install -y$missing" >&2
exit 1
