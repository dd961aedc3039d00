// Package qrcode turns a text (an invite link) into the modules of a QR code, for the app's
// invite screen (an SVG) and the server's terminal (text blocks) alike.
package qrcode

import (
	"fmt"

	"rsc.io/qr/coding"
)

// QuietZone is the light margin the QR standard asks for around the symbol, in modules.
const QuietZone = 4

// Modules encodes text at error-correction level M (about 15 % of the symbol may be lost)
// in the smallest version that holds it and returns its modules, quiet zone included, true
// for dark. Of the eight masks it keeps the one with the lowest penalty (ISO/IEC 18004,
// 7.8.3), as scanners read that best. rsc.io/qr/coding does the encoding; its parent package
// (which always takes mask 0) and the encoder used before (github.com/skip2/go-qrcode) both
// bring image/png into app.wasm, about 50 KB after brotli, for a PNG nobody draws.
func Modules(text string) ([][]bool, error) {
	data := encoding(text)
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
		if p := penalty(code); best == nil || p < bestPenalty {
			best, bestPenalty = code, p
		}
	}
	size := best.Size + 2*QuietZone
	bitmap := make([][]bool, size)
	for y := range bitmap {
		bitmap[y] = make([]bool, size)
		for x := range bitmap[y] {
			bitmap[y][x] = best.Black(x-QuietZone, y-QuietZone)
		}
	}
	return bitmap, nil
}

// encoding picks the most compact of the three modes that can carry all of text.
func encoding(text string) coding.Encoding {
	if coding.Num(text).Check() == nil {
		return coding.Num(text)
	}
	if coding.Alpha(text).Check() == nil {
		return coding.Alpha(text)
	}
	return coding.String(text)
}

// penalty scores how hard a masked symbol is to read (ISO/IEC 18004, 7.8.3.1): long runs
// of one colour, 2x2 blocks of one colour, finder-like 1:1:3:1:1 patterns beside four light
// modules, and an unbalanced share of dark modules. Lower is better.
func penalty(c *coding.Code) int {
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
					(light(at, line, i-4, i) || light(at, line, i+7, i+11)) {
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

// light reports whether modules from to end (exclusive) of a line are all light; modules
// outside the symbol are the light quiet zone.
func light(at func(line, i int) bool, line, from, end int) bool {
	for i := from; i < end; i++ {
		if at(line, i) {
			return false
		}
	}
	return true
}
