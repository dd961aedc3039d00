package qrcode

import (
	"image"
	"image/color"
	"strings"
	"testing"

	"github.com/makiuchi-d/gozxing"
	zxingqr "github.com/makiuchi-d/gozxing/qrcode"
)

// scan reads a module grid as a phone would read the screen: drawn at four pixels a module
// and decoded by a QR reader of its own (ZXing's), so the test does not trust our encoder.
func scan(t *testing.T, grid [][]bool) string {
	t.Helper()
	const scale = 4
	img := image.NewGray(image.Rect(0, 0, len(grid)*scale, len(grid)*scale))
	for y := range img.Rect.Dy() {
		for x := range img.Rect.Dx() {
			shade := color.Gray{Y: 0xff}
			if grid[y/scale][x/scale] {
				shade = color.Gray{}
			}
			img.SetGray(x, y, shade)
		}
	}
	bitmap, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		t.Fatal(err)
	}
	result, err := zxingqr.NewQRCodeReader().Decode(bitmap, nil)
	if err != nil {
		t.Fatalf("the QR code does not scan: %v", err)
	}
	return result.GetText()
}

// Every kind of text comes back from an independent reader, and the quiet zone stays light.
func TestModulesScanBackToTheirText(t *testing.T) {
	texts := []string{
		"http://192.168.1.5:8080/#join=K7MPQ2&k=" + strings.Repeat("A", 22),
		"https://example.org/games/safehouse/#join=ABCDEF&k=" + strings.Repeat("x", 43),
		"x",
		strings.Repeat("0123456789", 5),   // numeric mode
		"HTTP://EXAMPLE.ORG/#JOIN=K7MPQ2", // alphanumeric mode
		"https://example.org/#" + strings.Repeat("join=K7MPQ2&", 40), // a large version (version blocks, many EC blocks)
	}
	for _, text := range texts {
		grid, err := Modules(text)
		if err != nil {
			t.Fatal(err)
		}
		size := len(grid)
		if (size-2*QuietZone-17)%4 != 0 {
			t.Fatalf("%q: %d modules a side, want 4v+17 and the quiet zone", text, size)
		}
		for i := range size {
			for _, edge := range []bool{grid[QuietZone-1][i], grid[size-QuietZone][i], grid[i][QuietZone-1], grid[i][size-QuietZone]} {
				if edge {
					t.Fatalf("%q: a dark module in the quiet zone", text)
				}
			}
		}
		if read := scan(t, grid); read != text {
			t.Fatalf("scanned %q, want %q", read, text)
		}
	}
}

func TestModulesRefuseWhatDoesNotFit(t *testing.T) {
	if _, err := Modules(strings.Repeat("a", 5000)); err == nil {
		t.Error("5000 bytes: want an error, a QR code holds less")
	}
}
