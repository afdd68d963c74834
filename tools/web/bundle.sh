#!/bin/sh
# bundle.sh -- assemble the page into one self-contained HTML file.
#   sh tools/web/bundle.sh sudokit.wasm > index.html
# page.html's marker lines are replaced: <!--@STYLE@--> by style.css,
# <!--@WORKER@--> by worker.js and <!--@APP@--> by app.js (each inside its
# element), <!--@WASM@--> by the module as base64.  The worker script is
# inert text (type="text/plain") that app.js turns into a Blob worker, so
# the file needs no other file and works from disk.
set -eu
dir=$(dirname "$0")
wasm=${1:?usage: bundle.sh MODULE.wasm}
[ -s "$wasm" ] || { echo "bundle.sh: $wasm: missing or empty" >&2; exit 1; }
# inlined text must not close its element early
for f in style.css worker.js app.js; do
  if grep -qi '</\(script\|style\)' "$dir/$f"; then
    echo "bundle.sh: $dir/$f contains a closing </script> or </style> tag" >&2
    exit 1
  fi
done
found=0
while IFS= read -r line || [ -n "$line" ]; do
  case $line in
  *'<!--@STYLE@-->'*)
    printf '<style>\n'; cat "$dir/style.css"; printf '</style>\n'; found=$((found + 1)) ;;
  *'<!--@WORKER@-->'*)
    printf '<script type="text/plain" id="sk-worker">\n'; cat "$dir/worker.js"
    printf '</script>\n'; found=$((found + 1)) ;;
  *'<!--@WASM@-->'*)
    printf '<script type="application/octet-stream" id="sk-wasm">\n'
    base64 -w 0 "$wasm"; printf '\n</script>\n'; found=$((found + 1)) ;;
  *'<!--@APP@-->'*)
    printf '<script>\n'; cat "$dir/app.js"; printf '</script>\n'; found=$((found + 1)) ;;
  *) printf '%s\n' "$line" ;;
  esac
done < "$dir/page.html"
[ "$found" = 4 ] || { echo "bundle.sh: page.html lacks one of the four markers" >&2; exit 1; }
