//go:build !wasm

package e2e

import (
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"testing"
)

func loadPNG(t *testing.T, path string) *image.RGBA {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	out := image.NewRGBA(img.Bounds())
	draw.Draw(out, out.Bounds(), img, img.Bounds().Min, draw.Src)
	return out
}

// The glance comparison (APP-HID-4's browser test) sees what a neighbour sees. The testdata
// are two strips of the spy's and another player's screens at a vote, taken by the test on
// a loaded machine (2 device pixels per CSS pixel): the heading is drawn one CSS pixel lower
// on one of them, and the test failed on that. They are the same page; a word that one page has and the other has not, or a colour, is apart, and a
// mask still hides what is under it.
func TestGlancePatchesSeeWhatANeighbourSees(t *testing.T) {
	spy := loadPNG(t, "testdata/glance-vote-spy.png")
	agent := loadPNG(t, "testdata/glance-vote-agent.png")
	light := &image.Uniform{color.RGBA{0xee, 0xf0, 0xf4, 255}}
	with := func(r image.Rectangle, c image.Image) *image.RGBA {
		img := image.NewRGBA(agent.Bounds())
		draw.Draw(img, img.Bounds(), agent, image.Point{}, draw.Src)
		draw.Draw(img, r, c, image.Point{}, draw.Src)
		return img
	}
	word := image.Rect(300, 150, 360, 170) // beside "Yes", on the red button
	for _, c := range []struct {
		name  string
		other *image.RGBA
		masks [][4]float64
		apart bool
	}{
		{"the same screenshot", spy, nil, false},
		{"the heading one CSS pixel lower", agent, nil, false},
		{"a word on one page only", with(word, light), nil, true},
		{"a word under a mask", with(word, light), [][4]float64{{148, 73, 182, 87}}, false},
		{"a button of another colour", with(image.Rect(32, 102, 378, 200), &image.Uniform{color.RGBA{0x2a, 0x60, 0xc0, 255}}), nil, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			n := patchesApart(spy, c.other, 2, c.masks)
			if (n > 0) != c.apart {
				t.Errorf("%d patches apart; want apart %v", n, c.apart)
			}
		})
	}
}
