# web.sh -- the browser page (make web) in a real headless Chromium, driven
# by Playwright (npm playwright-core; tests/web/page.test.js).
#
# Builds the page if needed (the wasm32 toolchain comes from Debian:
# tools/deps.sh web), installs playwright-core into tests/web when it is
# missing, and uses Debian's chromium (installed here when running as root).
# The page's ratings of the sample puzzles must equal the native CLI's:
# the same engine built for wasm32 and for this machine.
# What it needs from outside (Chromium, Node.js and npm, the npm registry
# for playwright-core, the wasm32 toolchain) is looked for first; when one
# is missing and cannot be had here, the test says what and is SKIPPED
# (exit 0), so that `make test` passes on a machine without them.  With
# SK_REQUIRE_WEB set (.ci/run sets it) a missing piece fails the test.
# SK_WEB_DIR: where page.test.js and its node_modules are (tests/web).
. "$(dirname "$0")/lib.sh"
B=${BUILD:-$SRC/build}
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
W=${SK_WEB_DIR:-$SRC/tests/web}
skip() {
  if [ -n "${SK_REQUIRE_WEB:-}" ]; then
    echo "web.sh: $* (SK_REQUIRE_WEB is set: this is a failure)" >&2
    exit 1
  fi
  echo "web.sh: SKIPPED: $*"
  exit 0
}
as_root_install() {   # as_root_install PACKAGE...: apt-get install, as root only
  [ "$(id -u)" = 0 ] || return 1
  echo "web.sh: installing Debian's $*" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null 2>&1 ||
    { apt-get update -qq >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null 2>&1; }
}

# Debian's chromium: `npx playwright install` cannot download browsers here
[ -x "$CHROMIUM" ] || as_root_install chromium
[ -x "$CHROMIUM" ] || skip "no Chromium at $CHROMIUM and it cannot be installed here (apt-get install chromium)"
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  as_root_install nodejs npm
  command -v node >/dev/null && command -v npm >/dev/null || skip "needs Node.js and npm (apt-get install nodejs npm)"
fi
if [ ! -f "$W/node_modules/playwright-core/package.json" ]; then
  echo "web.sh: installing playwright-core into $W (npm ci)" >&2
  (cd "$W" && timeout 300 npm ci --no-audit --no-fund --loglevel=error --fetch-retries=1 \
     --fetch-timeout=30000) >"$T/npm" 2>&1 ||
    skip "npm could not install playwright-core (is the npm registry reachable?): $(grep -m1 -E 'npm (error|ERR!) code' "$T/npm" || tail -1 "$T/npm")"
fi
# the wasm32 toolchain: installed as root, else the command is printed
sh "$SRC/tools/deps.sh" web >"$T/deps" 2>&1 || skip "the WebAssembly toolchain is missing: $(cat "$T/deps" | tr '\n' ' ')"

expect_status 0 ${MAKE:-make} --no-print-directory -C "$SRC" BUILD="$B" web
[ -s "$B/web/index.html" ] || { echo "web.sh: make web failed: $(tail -c 600 "$T/err")" >&2; exit 1; }
# one self-contained file: no src=/href= to anything but itself
if grep -Eq '<(script|link|img|iframe)[^>]+(src|href)=' "$B/web/index.html"; then
  bad "index.html refers to other files"
else ok; fi

# what the native CLI says about the sample puzzles: "puzzle ER EP ED P"
sample=$SRC/tools/sample-puzzles.txt
expect_status 0 "$SUDOKIT" rate -i "$sample" --format '%g %r %p %d'
cp "$T/out" "$T/se"
if [ -f "$SRC/ratings/xdrs.yaml" ]; then
  expect_status 0 "$SUDOKIT" rate --table xdrs -i "$sample" --format '%r'
  cp "$T/out" "$T/xdrs"
else
  sed 's/.*/-/' "$T/se" > "$T/xdrs"
fi
paste -d ' ' "$T/se" "$T/xdrs" > "$T/expect"

if CHROMIUM=$CHROMIUM SK_WEB_EXPECT=$T/expect node "$W/page.test.js" "$B/web/index.html" >"$T/log" 2>&1; then
  ok
  sed "s/^/  /" "$T/log"
else
  bad "browser test failed:"
  cat "$T/log" >&2
fi
finish
