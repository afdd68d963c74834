# web.sh -- the browser page (make web) in a real headless Chromium, driven
# by Playwright (npm playwright-core; tests/web/page.test.js).
#
# Builds the page if needed (the wasm32 toolchain comes from Debian:
# tools/deps.sh web), installs playwright-core into tests/web when it is
# missing, and uses Debian's chromium (installed here when running as root).
# Only when chromium cannot be installed is the test skipped, and it says so.
# The page's ratings of the sample puzzles must equal the native CLI's:
# the same engine built for wasm32 and for this machine.
. "$(dirname "$0")/lib.sh"
B=${BUILD:-$SRC/build}
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
W=$SRC/tests/web

# the wasm32 toolchain: installed as root, else the command is printed
sh "$SRC/tools/deps.sh" web || { echo "web.sh: the WebAssembly toolchain is missing (see above)" >&2; exit 1; }
expect_status 0 ${MAKE:-make} --no-print-directory -C "$SRC" BUILD="$B" web
[ -s "$B/web/index.html" ] || { echo "web.sh: make web failed: $(tail -c 600 "$T/err")" >&2; exit 1; }
# one self-contained file: no src=/href= to anything but itself
if grep -Eq '<(script|link|img|iframe)[^>]+(src|href)=' "$B/web/index.html"; then
  bad "index.html refers to other files"
else ok; fi

# Debian's chromium: `npx playwright install` cannot download browsers here
if [ ! -x "$CHROMIUM" ] && [ "$(id -u)" = 0 ]; then
  echo "web.sh: installing Debian's chromium" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null 2>&1 ||
    { apt-get update -qq >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null 2>&1; }
fi
if [ ! -x "$CHROMIUM" ]; then
  echo "web.sh: SKIPPED: no chromium at $CHROMIUM and it cannot be installed here" \
       "(needs root: apt-get install chromium); the page was built: $B/web/index.html"
  exit 0
fi

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  if [ "$(id -u)" = 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null 2>&1
  fi
  command -v node >/dev/null && command -v npm >/dev/null ||
    { echo "web.sh: needs Node.js and npm (apt-get install nodejs npm)" >&2; exit 1; }
fi
if [ ! -f "$W/node_modules/playwright-core/package.json" ]; then
  echo "web.sh: installing playwright-core into tests/web" >&2
  (cd "$W" && npm ci --no-audit --no-fund --loglevel=error) >&2 ||
    { echo "web.sh: npm could not install playwright-core" >&2; exit 1; }
fi

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
