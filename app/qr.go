package app

import (
	"fmt"
	"strings"

	"safehouse/qrcode"
)

// qrSVG renders text as a QR code in an inline SVG element: dark modules on a white square
// (scanners read dark-on-light best, so the QR stays light in the dark theme too), quiet zone
// included, one path of horizontal runs to keep the markup small. label is its accessible name.
func qrSVG(text, label string) (string, error) {
	if text == "" {
		return "", fmt.Errorf("qr: nothing to encode")
	}
	bitmap, err := qrcode.Modules(text)
	if err != nil {
		return "", fmt.Errorf("qr: %w", err)
	}
	size := len(bitmap)

	var path strings.Builder
	for y, row := range bitmap {
		for x := 0; x < len(row); {
			if !row[x] {
				x++
				continue
			}
			run := 1
			for x+run < len(row) && row[x+run] {
				run++
			}
			fmt.Fprintf(&path, "M%d %dh%dv1h-%dz", x, y, run, run)
			x += run
		}
	}
	return fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" class="qr" viewBox="0 0 %d %d" role="img" aria-label="%s" shape-rendering="crispEdges">`+
		`<rect width="%d" height="%d" fill="#fff"/><path fill="#000" d="%s"/></svg>`,
		size, size, escapeAttr(label), size, size, path.String()), nil
}

// escapeAttr makes text safe inside a double-quoted attribute. (html.EscapeString would do,
// but its strings.Replacer costs app.wasm about 5 KB after brotli.)
func escapeAttr(text string) string {
	var b strings.Builder
	for i := 0; i < len(text); i++ {
		switch c := text[i]; c {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&#34;")
		case '\'':
			b.WriteString("&#39;")
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
