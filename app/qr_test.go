//go:build !player

package app

import (
	"encoding/xml"
	"fmt"
	"slices"
	"strings"
	"testing"

	"safehouse/app/game"
	"safehouse/app/session"
	"safehouse/qrcode"
)

// decodeRuns rebuilds the module grid from the SVG path qrSVG writes.
func decodeRuns(t *testing.T, d string, size int) [][]bool {
	t.Helper()
	grid := make([][]bool, size)
	for i := range grid {
		grid[i] = make([]bool, size)
	}
	for _, cmd := range strings.Split(d, "z") {
		if cmd == "" {
			continue
		}
		var x, y, run, back int
		if _, err := fmt.Sscanf(cmd, "M%d %dh%dv1h-%d", &x, &y, &run, &back); err != nil {
			t.Fatalf("path command %q: %v", cmd, err)
		}
		if run != back || run < 1 || x+run > size || y >= size {
			t.Fatalf("path command %q leaves the grid", cmd)
		}
		for i := x; i < x+run; i++ {
			if grid[y][i] {
				t.Fatalf("module %d,%d drawn twice", i, y)
			}
			grid[y][i] = true
		}
	}
	return grid
}

// The SVG draws exactly the modules of the code (qrcode tests that those scan), on white,
// with the quiet zone empty.
func TestQRSVGDrawsTheCodesModules(t *testing.T) {
	texts := []string{
		"http://192.168.1.5:8080/#join=K7MPQ2&k=" + testSecret,
		"https://example.org/games/safehouse/#join=ABCDEF&k=" + strings.Repeat("x", 43),
		"x",
		strings.Repeat("0123456789", 5),   // numeric mode
		"HTTP://EXAMPLE.ORG/#JOIN=K7MPQ2", // alphanumeric mode
		"https://example.org/#" + strings.Repeat("join=K7MPQ2&", 40), // a large version (version blocks, many EC blocks)
	}
	for _, text := range texts {
		svg, err := qrSVG(text, `invite "QR" <code>`)
		if err != nil {
			t.Fatal(err)
		}
		var parsed struct {
			ViewBox string `xml:"viewBox,attr"`
			Label   string `xml:"aria-label,attr"`
			Rect    struct {
				Fill string `xml:"fill,attr"`
			} `xml:"rect"`
			Path struct {
				D    string `xml:"d,attr"`
				Fill string `xml:"fill,attr"`
			} `xml:"path"`
		}
		if err := xml.Unmarshal([]byte(svg), &parsed); err != nil {
			t.Fatalf("not well-formed SVG: %v", err)
		}
		if parsed.Label != `invite "QR" <code>` {
			t.Errorf("aria-label = %q", parsed.Label)
		}
		var size, height int
		if _, err := fmt.Sscanf(parsed.ViewBox, "0 0 %d %d", &size, &height); err != nil || size != height || (size-2*qrcode.QuietZone-17)%4 != 0 {
			t.Fatalf("viewBox %q, want a square of 4v+17 modules and the quiet zone", parsed.ViewBox)
		}
		if parsed.Rect.Fill != "#fff" || parsed.Path.Fill != "#000" {
			t.Errorf("colours %s on %s, want dark on white", parsed.Path.Fill, parsed.Rect.Fill)
		}
		got := decodeRuns(t, parsed.Path.D, size)
		for i := range size {
			for _, edge := range []bool{got[qrcode.QuietZone-1][i], got[size-qrcode.QuietZone][i], got[i][qrcode.QuietZone-1], got[i][size-qrcode.QuietZone]} {
				if edge {
					t.Fatalf("%q: a dark module in the quiet zone", text)
				}
			}
		}
		want, err := qrcode.Modules(text)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.EqualFunc(got, want, slices.Equal) {
			t.Fatalf("%q: the SVG does not draw the code's modules", text)
		}
	}
}

func TestQRSVGRefusesWhatItCannotEncode(t *testing.T) {
	if _, err := qrSVG("", "x"); err == nil {
		t.Error("empty text: want an error")
	}
	if _, err := qrSVG(strings.Repeat("a", 5000), "x"); err == nil {
		t.Error("5000 bytes: want an error, a QR code holds less")
	}
}

// A QR host resumed in the lobby has the next seat's code open for the players coming back;
// once the game starts, the code waits to be asked for instead of covering everyone's card
// (while a host resumed straight into a game keeps it open: all its players are away).
func TestQRHostsCodeWaitsOverANewGame(t *testing.T) {
	players := []session.Player{
		{Seat: 0, Name: "Maya", Online: true, Host: true},
		{Seat: 1, Name: "Leo", Online: true},
		{Seat: 2, Name: "Nadia", Online: true},
	}
	room := game.NewRoom(game.Options{})
	room.SetRoster(players)
	view := func() *session.View {
		return &session.View{Room: "K7MPQ2", Players: players, Game: room.View(0)}
	}
	qrHost := func(screen screen) *shell {
		s := lobbyShell(true, false, true)
		s.screen = screen
		s.live = &liveSession{hosting: hosting{qr: &session.QRHost{}}}
		s.qr = qrModel{Panel: true, Offer: "SH1OFFER", OfferQR: "<svg></svg>"}
		return s
	}
	inLobby := qrHost(screenLobby)
	inLobby.takeView(view())
	if inLobby.screen != screenLobby || !inLobby.qr.Panel {
		t.Fatalf("a lobby view: screen %v, panel %v; want the lobby with its code", inLobby.screen, inLobby.qr.Panel)
	}
	if err := room.Apply(0, game.Start().Game); err != nil {
		t.Fatal(err)
	}
	inLobby.takeView(view())
	if inLobby.screen != screenGame {
		t.Fatalf("the started game shows screen %v", inLobby.screen)
	}
	if html := render(t, inLobby); strings.Contains(html, `id="qr-seat"`) {
		t.Errorf("the game started with the next seat's code over it:\n%s", html)
	}

	resumed := qrHost(screenConnecting)
	players[1].Online, players[2].Online = false, false // a resumed host's players come back one by one
	resumed.takeView(view())
	if html := render(t, resumed); resumed.screen != screenGame || !strings.Contains(html, `id="qr-seat"`) {
		t.Errorf("a host resumed into its game: screen %v, the code on screen %v", resumed.screen, strings.Contains(html, `id="qr-seat"`))
	}
}
