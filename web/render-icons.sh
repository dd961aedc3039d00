#!/usr/bin/env bash
# Renders the PNG icons from the SVG sources with headless Chromium (run by `make icons`
# after editing icon.svg or icon-maskable.svg; the PNGs are committed).
set -euo pipefail
cd "$(dirname "$0")"
chrome="${CHROME_PATH:-$(command -v chromium || command -v chromium-browser || command -v google-chrome)}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
render() { # svg size out
  cat >"$work/page.html" <<HTML
<!doctype html><html><head><style>html,body{margin:0;background:transparent}img{display:block;width:$2px;height:$2px}</style></head>
<body><img src="file://$PWD/$1"></body></html>
HTML
  TMPDIR="$work" "$chrome" --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --default-background-color=00000000 --user-data-dir="$work/profile" \
    --window-size="$2,$2" --screenshot="$PWD/$3" "file://$work/page.html" 2>/dev/null
}
render icon.svg 192 icon-192.png
render icon.svg 512 icon-512.png
render icon-maskable.svg 512 icon-maskable-512.png
