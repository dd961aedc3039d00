package app

import (
	"encoding/json"
	stdhtml "html"
	"strings"
	"testing"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/game"
	"safehouse/app/i18n"
	"safehouse/app/session"
	"safehouse/app/spyfallui"
	"safehouse/app/ui"
	"safehouse/app/ui/uitest"
)

// hostOnly skips a test of the host's controls in the player build (go test -tags player),
// which does not draw them (ui.Hosts).
func hostOnly(t *testing.T) {
	t.Helper()
	if !ui.Hosts {
		t.Skip("the player build draws no host's controls")
	}
}

// render mounts the shell in go-app's test engine and returns its HTML.
func render(t *testing.T, s *shell) string {
	t.Helper()
	return uitest.HTML(t, s)
}

func lobbyShell(isHost, canShare, secure bool) *shell {
	view := &session.View{Room: "K7MPQ2", You: 1, Players: []session.Player{
		{Seat: 0, Name: "Maya", Online: true, Host: true},
		{Seat: 1, Name: "Leo", Online: true},
		{Seat: 2, Name: "Nadia", Online: false},
	}}
	qr, _ := qrSVG("http://192.168.1.5:8080/#join=K7MPQ2", "QR")
	return &shell{
		mounted:  true,
		secure:   secure,
		canShare: canShare,
		screen:   screenLobby,
		lobby: lobbyModel{
			Room:      "K7MPQ2",
			IsHost:    isHost,
			Players:   playersFromView(view),
			InviteURL: "http://192.168.1.5:8080/#join=K7MPQ2",
			InviteQR:  qr,
			Status:    session.StatusOnline,
		},
	}
}

func TestLobbyRendersTheTable(t *testing.T) {
	html := render(t, lobbyShell(false, false, true))
	checks := []struct {
		what string
		sub  string
		want int
	}{
		{"player rows", `<li `, 3},
		{"rows marked as yours", `class="player you"`, 1},
		{"host badges", `class="badge host"`, 1},
		{"online dots", `class="presence online"`, 2},
		{"away dots", `class="presence away"`, 1},
		{"QR codes", `<svg xmlns="http://www.w3.org/2000/svg" class="qr"`, 1},
		{"room code", `>K7MPQ2<`, 1},
		{"player count", `Players (3)`, 1},
		{"status", `Connected`, 1},
	}
	for _, c := range checks {
		if got := strings.Count(html, c.sub); got != c.want {
			t.Errorf("%s: %d occurrences of %q, want %d", c.what, got, c.sub, c.want)
		}
	}
}

func TestLobbyOffersShareOrCopy(t *testing.T) {
	tests := []struct {
		name                          string
		canShare, secure              bool
		wantShare, wantCopy, wantNote bool
	}{
		{"share sheet available", true, true, true, false, false},
		{"secure without share sheet", false, true, false, true, false},
		{"plain http", false, false, false, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			html := render(t, lobbyShell(true, tt.canShare, tt.secure))
			for _, c := range []struct {
				id   string
				want bool
			}{{`id="share"`, tt.wantShare}, {`id="copy"`, tt.wantCopy}, {`id="share-note"`, tt.wantNote}, {`id="insecure-note"`, tt.wantNote}} {
				if got := strings.Contains(html, c.id); got != c.want {
					t.Errorf("%s present = %v, want %v", c.id, got, c.want)
				}
			}
		})
	}
}

// The server's prerendered page cannot know whether the browser's page is secure or has a
// network, so it must not claim either: it carries each note hidden, for early.js to show
// before the first paint where it applies. The app's first frame (OnInit, before OnMount)
// knows, so the page does not move when the app starts.
func TestPrerenderCarriesTheBrowserNotesHidden(t *testing.T) {
	html := render(t, &shell{})
	for _, c := range []struct{ id, when string }{{"insecure-note", "insecure"}, {"offline-note", "offline"}} {
		tag := uitest.Tag(html, c.id)
		if !strings.Contains(tag, " hidden") || !strings.Contains(tag, `data-show-if="`+c.when+`"`) {
			t.Errorf("prerendered %s: %q, want it hidden and marked data-show-if=%q", c.id, tag, c.when)
		}
	}
	if !strings.Contains(html, `id="create"`) || strings.Contains(html, `app ready`) {
		t.Error("prerendered page is not the home screen before the app starts")
	}

	first := &shell{inBrowser: true, secure: false, offline: true}
	html = render(t, first)
	for _, id := range []string{"insecure-note", "offline-note"} {
		if tag := uitest.Tag(html, id); tag == "" || strings.Contains(tag, "hidden") || strings.Contains(tag, "data-show-if") {
			t.Errorf("the app's first frame on a plain-http page with no network: %s is %q, want it shown", id, tag)
		}
	}
	html = render(t, &shell{inBrowser: true, secure: true})
	if strings.Contains(html, "insecure-note") || strings.Contains(html, "offline-note") {
		t.Error("the app's first frame on https with a network shows a note")
	}
}

func TestErrorPageOffersRetryOnlyWhenItCanHelp(t *testing.T) {
	s := &shell{mounted: true}
	s.showError(i18n.ErrorUnknownRoomTitle, i18n.ErrorUnknownRoom, nil, "ZZZZZZ")
	html := render(t, s)
	if strings.Contains(html, `id="retry"`) || !strings.Contains(html, `id="back-home"`) {
		t.Error("unknown room: want only the way home")
	}
	s = &shell{mounted: true}
	s.showError(i18n.ErrorConnectTitle, i18n.ErrorConnect, func(goapp.Context) {})
	html = render(t, s)
	if !strings.Contains(html, `id="retry"`) || !strings.Contains(html, `id="back-home"`) {
		t.Error("connection failure: want try again and the way home")
	}
}

// Issue 29: a host whose game could not open (no signaling server) was told "Check that
// you're on the same network as the host". The page says the server cannot be reached, in
// the language of the moment (a language chosen on the page too), and its first button, the
// primary one, is the game through QR codes; trying again and the way home follow.
func TestHostingFailurePageOffersTheQRGameFirst(t *testing.T) {
	s := &shell{mounted: true, lang: i18n.English}
	s.showError(i18n.ErrorHostTitle, i18n.ErrorHostNoServer, func(goapp.Context) {})
	s.failure.NoServer, s.failure.Hosting = true, true
	for _, lang := range []i18n.Lang{i18n.English, "de"} {
		c := *s // a component is drawn by one engine only
		c.lang = lang
		html := render(t, &c)
		if !strings.Contains(html, stdhtml.EscapeString(i18n.T(lang, i18n.ErrorHostNoServer))) || strings.Contains(html, stdhtml.EscapeString(i18n.T(lang, i18n.ErrorConnect))) {
			t.Errorf("%s: the page does not say the server cannot be reached:\n%s", lang, html)
		}
		footer := html[strings.Index(html, "<footer"):]
		qr, retry, home := strings.Index(footer, `id="qr-start"`), strings.Index(footer, `id="retry"`), strings.Index(footer, `id="back-home"`)
		if qr < 0 || retry < qr || home < retry {
			t.Errorf("%s: buttons at %d (QR game), %d (try again), %d (home): want them in that order", lang, qr, retry, home)
		}
		if qr >= 0 {
			start := strings.LastIndex(footer[:qr], "<button")
			if tag := footer[start : qr+strings.Index(footer[qr:], ">")]; !strings.Contains(tag, "primary") {
				t.Errorf("%s: the QR game is not the primary action: %s", lang, tag)
			}
		}
	}
}

func TestRefusalsThatEndTheSessionGetAPage(t *testing.T) {
	tests := []struct {
		code      string
		wantPage  bool
		wantTitle string
		wantRetry string
	}{
		{session.CodeVersion, true, "Update needed", "Reload"},
		{session.CodeRoomFull, true, "This game is full", ""},
		{session.CodeBadIntent, false, "", ""},
		{session.CodeBadName, false, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.code, func(t *testing.T) {
			s := &shell{mounted: true, screen: screenLobby}
			if got := s.refusalPage(tt.code); got != tt.wantPage {
				t.Fatalf("refusalPage(%q) = %v, want %v", tt.code, got, tt.wantPage)
			}
			if !tt.wantPage {
				if s.screen != screenLobby {
					t.Errorf("a passing refusal left the lobby for screen %d", s.screen)
				}
				return
			}
			html := render(t, s)
			if s.screen != screenError || !strings.Contains(html, ">"+tt.wantTitle+"<") {
				t.Errorf("screen %d, page lacks title %q", s.screen, tt.wantTitle)
			}
			if hasRetry := strings.Contains(html, `id="retry"`); hasRetry != (tt.wantRetry != "") {
				t.Errorf("retry button present = %v, want %v", hasRetry, tt.wantRetry != "")
			}
			if tt.wantRetry != "" && !strings.Contains(html, ">"+tt.wantRetry+"<") {
				t.Errorf("retry button does not say %q", tt.wantRetry)
			}
		})
	}
}

func TestInviteWithoutANameAsksForOne(t *testing.T) {
	s := &shell{mounted: true, pendingInvite: &invite{Room: "K7MPQ2", Secret: "q9Zk3xW0bT2vLr8mN4pY6A"}}
	html := render(t, s)
	for _, want := range []string{`id="invited-title"`, "Game K7MPQ2 is waiting for you", `id="name"`, `id="join"`} {
		if !strings.Contains(html, want) {
			t.Errorf("invited screen lacks %s", want)
		}
	}
	for _, unwanted := range []string{`id="create"`, `id="code"`} {
		if strings.Contains(html, unwanted) {
			t.Errorf("invited screen shows %s: one question, one button", unwanted)
		}
	}
}

// showGame hands s the game part of a view as the host sends it (observeGame): the game's
// screens read the engine's view from it.
func showGame(s *shell, tv *game.TableView) *shell {
	raw, err := json.Marshal(tv)
	if err != nil {
		panic(err)
	}
	s.observeGame(&session.View{Game: raw})
	return s
}

// engineView is an engine's view as the table view carries it.
func engineView(v any) json.RawMessage {
	raw, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return raw
}

// spyfallPanelInput is the input of the Spyfall panel the lobby draws (the zero input when the
// lobby draws none).
func (s *shell) spyfallPanelInput() spyfallui.PanelInput {
	panels, _ := s.renderGamePanels()
	for _, p := range panels {
		if panel, ok := p.(*spyfallui.Panel); ok {
			return panel.In
		}
	}
	return spyfallui.PanelInput{}
}

// sfDraft is the host's typing in the Spyfall panel.
func (s *shell) sfDraft() *spyfallui.Draft { return s.games.of(game.Spyfall).(*spyfallui.UI).Draft() }
