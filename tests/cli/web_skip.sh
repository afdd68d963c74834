# web_skip.sh -- the browser test (web.sh) without what it needs from
# outside: with the npm registry out of reach or no Chromium it is skipped,
# saying why, and exits 0 (so `make test` passes offline); with
# SK_REQUIRE_WEB set, as in CI, the same is a failure.
. "$(dirname "$0")/lib.sh"
# the skip checks below want web.sh's own default, whatever the caller set
unset SK_REQUIRE_WEB
mkdir "$T/web"
cp "$SRC/tests/web/package.json" "$SRC/tests/web/package-lock.json" "$SRC/tests/web/page.test.js" "$T/web/"
# a registry nobody listens on, and an empty npm cache
offline() {
  npm_config_registry=http://127.0.0.1:9/ npm_config_cache="$T/npm-cache" SK_WEB_DIR="$T/web" "$@"
}
if command -v npm >/dev/null && [ -x "${CHROMIUM:-/usr/bin/chromium}" ]; then
  offline expect_status 0 sh "$SRC/tests/cli/web.sh"
  expect_grep "^web.sh: SKIPPED: npm could not install playwright-core" "$T/out" "web.sh without the registry"
  SK_REQUIRE_WEB=1 offline expect_status 1 sh "$SRC/tests/cli/web.sh"
  expect_grep "npm could not install playwright-core.*SK_REQUIRE_WEB is set" "$T/err" "web.sh in CI without the registry"
fi
CHROMIUM=$T/no-chromium expect_status 0 sh "$SRC/tests/cli/web.sh"
expect_grep "^web.sh: SKIPPED: no Chromium at $T/no-chromium" "$T/out" "web.sh without Chromium"
CHROMIUM=$T/no-chromium SK_REQUIRE_WEB=1 expect_status 1 sh "$SRC/tests/cli/web.sh"
expect_grep "no Chromium at $T/no-chromium.*SK_REQUIRE_WEB is set" "$T/err" "web.sh in CI without Chromium"
finish
