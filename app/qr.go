package app

import (
	"fmt"
	"strings"

	"rsc.io/qr/coding"
)

// QRSVG renders text as a QR code in an inline SVG element: dark modules on a white square
// (scanners read dark-on-light best, so the QR stays light in the dark theme too), quiet zone
// included, one path of horizontal runs to keep the markup small. label is its accessible name.
func QRSVG(text, label string) (string, error) {
	if text == "" {
		return "", fmt.Errorf("qr: nothing to encode")
	}
	bitmap, err := qrModules(text)
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

// qrQuietZone is the light margin the QR standard asks for around the symbol, in modules.
const qrQuietZone = 4

// qrModules encodes text at error-correction level M (about 15 % of the symbol may be lost)
// in the smallest version that holds it and returns its modules, quiet zone included, true
// for dark. Of the eight masks it keeps the one with the lowest penalty (ISO/IEC 18004,
// 7.8.3), as scanners read that best. rsc.io/qr/coding does the encoding: the skip2 encoder
// it replaces pulled image/png into app.wasm (about 50 KB after brotli) for a PNG we never
// draw.
func qrModules(text string) ([][]bool, error) {
	data := qrEncoding(text)
	version := coding.Version(coding.MinVersion)
	for data.Bits(version) > version.DataBytes(coding.M)*8 {
		if version == coding.MaxVersion {
			return nil, fmt.Errorf("%d bytes do not fit in a QR code", len(text))
		}
		version++
	}
	var best *coding.Code
	bestPenalty := 0
	for mask := coding.Mask(0); mask < 8; mask++ {
		plan, err := coding.NewPlan(version, coding.M, mask)
		if err != nil {
			return nil, err
		}
		code, err := plan.Encode(data)
		if err != nil {
			return nil, err
		}
		if p := qrPenalty(code); best == nil || p < bestPenalty {
			best, bestPenalty = code, p
		}
	}
	size := best.Size + 2*qrQuietZone
	bitmap := make([][]bool, size)
	for y := range bitmap {
		bitmap[y] = make([]bool, size)
		for x := range bitmap[y] {
			bitmap[y][x] = best.Black(x-qrQuietZone, y-qrQuietZone)
		}
	}
	return bitmap, nil
}

// qrEncoding picks the most compact of the three modes that can carry all of text.
func qrEncoding(text string) coding.Encoding {
	if coding.Num(text).Check() == nil {
		return coding.Num(text)
	}
	if coding.Alpha(text).Check() == nil {
		return coding.Alpha(text)
	}
	return coding.String(text)
}

// qrPenalty scores how hard a masked symbol is to read (ISO/IEC 18004, 7.8.3.1): long runs
// of one colour, 2x2 blocks of one colour, finder-like 1:1:3:1:1 patterns beside four light
// modules, and an unbalanced share of dark modules. Lower is better.
func qrPenalty(c *coding.Code) int {
	n := c.Size
	dark := func(x, y int) bool { return c.Black(x, y) }
	across := func(line, i int) bool { return dark(i, line) }
	down := func(line, i int) bool { return dark(line, i) }
	penalty := 0
	for _, at := range []func(line, i int) bool{across, down} {
		for line := 0; line < n; line++ {
			run := 1
			for i := 1; i <= n; i++ {
				if i < n && at(line, i) == at(line, i-1) {
					run++
					continue
				}
				if run >= 5 {
					penalty += 3 + run - 5
				}
				run = 1
			}
			for i := 0; i+7 <= n; i++ {
				if at(line, i) && !at(line, i+1) && at(line, i+2) && at(line, i+3) && at(line, i+4) && !at(line, i+5) && at(line, i+6) &&
					(qrLight(at, line, i-4, i) || qrLight(at, line, i+7, i+11)) {
					penalty += 40
				}
			}
		}
	}
	darkCount := 0
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			if dark(x, y) {
				darkCount++
			}
			if x > 0 && y > 0 && dark(x, y) == dark(x-1, y) && dark(x, y) == dark(x, y-1) && dark(x, y) == dark(x-1, y-1) {
				penalty += 3
			}
		}
	}
	deviation := darkCount*100/(n*n) - 50
	if deviation < 0 {
		deviation = -deviation
	}
	return penalty + 10*(deviation/5)
}

// qrLight reports whether modules from to end (exclusive) of a line are all light; modules
// outside the symbol are the light quiet zone.
func qrLight(at func(line, i int) bool, line, from, end int) bool {
	for i := from; i < end; i++ {
		if at(line, i) {
			return false
		}
	}
	return true
}
