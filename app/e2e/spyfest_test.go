//go:build !wasm

package e2e

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"safehouse/app/game"
	"safehouse/app/i18n"
	"safehouse/app/session"
	"safehouse/engine"
	"safehouse/engine/spyfest"
)

// festPeer is a native player that keeps its latest Spyfest view.
type festPeer struct {
	t      *testing.T
	seat   engine.Seat
	client *session.Client
	mu     sync.Mutex
	view   *game.TableView
	notes  []string
}

func joinFest(t *testing.T, signalURL, room, secret, name string) *festPeer {
	t.Helper()
	p := &festPeer{t: t, seat: -1}
	p.client = joinListening(t, signalURL, room, secret, name, func(u session.Update) {
		p.mu.Lock()
		defer p.mu.Unlock()
		if u.View != nil {
			p.seat = engine.Seat(u.View.You)
			if tv, err := game.DecodeView(u.View.Game); err == nil && tv != nil {
				p.view = tv
			}
		}
		if u.Notice != "" {
			p.notes = append(p.notes, u.Notice)
		}
	})
	return p
}

// seatNow reads the seat the update loop keeps current.
func (p *festPeer) seatNow() engine.Seat {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.seat
}

func (p *festPeer) fest() *spyfest.View {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.view == nil {
		return nil
	}
	return game.EngineView[spyfest.View](p.view)
}

func (p *festPeer) send(in session.Intent) {
	p.t.Helper()
	if err := p.client.Send(in); err != nil {
		p.t.Fatalf("native %d: send: %v", p.seatNow(), err)
	}
}

func (p *festPeer) act(a spyfest.Action) {
	p.t.Helper()
	in, err := game.Action(a)
	if err != nil {
		p.t.Fatal(err)
	}
	p.send(in)
}

// festPress scrolls an element into view and clicks it through the DOM. A pointer click at
// its coordinates sometimes landed elsewhere when a view arrived and moved the layout between
// the scroll and the click (the clock and the sheet re-render several times a second); the
// handler under test is the same.
func festPress(tb *tab, id string) {
	tb.t.Helper()
	tb.waitJS(fmt.Sprintf(`(e => e !== null && !e.disabled && e.offsetParent !== null)(document.getElementById(%q))`, id), id)
	eval[bool](tb, fmt.Sprintf(`(e => (e.scrollIntoView({block: "center"}), e.click(), true))(document.getElementById(%q))`, id))
}

// festTable is the four players: seats 0 and 1 are browser tabs, 2 and 3 native peers.
type festTable struct {
	t      *testing.T
	h      *harness
	tabs   map[engine.Seat]*tab
	native map[engine.Seat]*festPeer
	ref    *festPeer // a native peer whose view gives the public state
	shots  map[string]bool
}

// state waits until the public state satisfies ok and returns the reference view.
func (ft *festTable) state(what string, ok func(v *spyfest.View) bool) *spyfest.View {
	ft.t.Helper()
	return festState(ft.t, ft.ref, what, ok)
}

// festState waits until p's view of the game satisfies ok and returns it.
func festState(t *testing.T, p *festPeer, what string, ok func(v *spyfest.View) bool) *spyfest.View {
	t.Helper()
	var got *spyfest.View
	eventually(t, what, func() (string, bool) {
		got = p.fest()
		if got == nil {
			return "no view", false
		}
		return fmt.Sprintf("round %d phase %s attempt %d guessing %d question %d quarter %d", got.Round, got.Phase,
			got.Attempt, got.Guessing, got.Question, got.QuarterBy), ok(got)
	})
	return got
}

// synced waits until every tab shows the round and phase of the reference view.
func (ft *festTable) synced(v *spyfest.View) {
	ft.t.Helper()
	for _, tb := range ft.tabs {
		tb.waitJS(fmt.Sprintf(`(e => e && e.dataset.round === "%d" && e.dataset.phase === %q)(document.getElementById("spyfest"))`,
			v.Round, v.Phase), fmt.Sprintf("round %d, %s on screen", v.Round, v.Phase))
	}
}

func (ft *festTable) shot(seat engine.Seat, name string) {
	if tb, ok := ft.tabs[seat]; ok && !ft.shots[name] {
		ft.shots[name] = true
		eval[bool](tb, `(window.scrollTo(0, 0), true)`)
		ft.h.screenshots(tb, name)
	}
}

// secret reads a tab's hidden card by pressing it, then lets it go.
func (ft *festTable) secret(seat engine.Seat) (title string, lines []string) {
	tb := ft.tabs[seat]
	tb.waitJS(`document.getElementById("secret-card") !== null`, "the secret card")
	eval[bool](tb, `document.getElementById("secret-card").dispatchEvent(new PointerEvent("pointerdown", {bubbles: true})) || true`)
	tb.waitJS(`document.getElementById("card-face") !== null`, "the card face")
	title = eval[string](tb, `document.querySelector("#card-face .sf-card-title").textContent`)
	lines = eval[[]string](tb, `[...document.querySelectorAll("#card-face .sf-card-line")].map(e => e.textContent)`)
	eval[bool](tb, `document.getElementById("secret-card").dispatchEvent(new PointerEvent("pointerup", {bubbles: true})) || true`)
	return title, lines
}

// character returns this round's character ID, from a native Spy's view or a tab Spy's card.
func (ft *festTable) character(v *spyfest.View) string {
	if p, ok := ft.native[v.Spy]; ok {
		return p.fest().Character
	}
	title, _ := ft.secret(v.Spy)
	for _, e := range v.Sheet {
		if i18n.CharacterName(i18n.English, e.ID) == title {
			return e.ID
		}
	}
	ft.t.Fatalf("the Spy's card shows %q, not on the sheet", title)
	return ""
}

// keyword returns this round's (first) keyword ID, as the Spy sees it.
func (ft *festTable) keyword(v *spyfest.View) string {
	if p, ok := ft.native[v.Spy]; ok {
		return p.fest().MyKeywords[0]
	}
	_, lines := ft.secret(v.Spy)
	name := strings.TrimSpace(strings.SplitN(strings.TrimPrefix(lines[0], "Hint at: "), ",", 2)[0])
	for _, k := range v.Keywords {
		if i18n.KeywordName(i18n.English, k.ID) == name {
			return k.ID
		}
	}
	ft.t.Fatalf("the Spy's keyword %q is not in the set in play", name)
	return ""
}

// do performs a in the name of seat: clicks in a tab, an intent from a native peer.
func (ft *festTable) do(seat engine.Seat, a spyfest.Action) {
	ft.t.Helper()
	if p, ok := ft.native[seat]; ok {
		p.act(a)
		return
	}
	tb := ft.tabs[seat]
	switch a := a.(type) {
	case spyfest.ChooseSpy:
		festPress(tb, fmt.Sprintf("fx-spy-%d", a.Spy))
		festPress(tb, "fx-choose-spy")
	case spyfest.Draw:
		festPress(tb, "fx-draw-btn")
	case spyfest.Keep:
		festPress(tb, "fx-cand-"+a.Character)
		festPress(tb, "fx-keep-btn")
	case spyfest.Stop:
		festPress(tb, "fx-stop")
	case spyfest.Play:
		eval[bool](tb, `(document.getElementById("fx-hand").open = true, true)`)
		festPress(tb, "fx-play-"+string(a.Card))
	case spyfest.Answer:
		if a.Yes {
			festPress(tb, "fx-yes")
		} else {
			festPress(tb, "fx-no")
		}
	case spyfest.CrossQuarter:
		festPress(tb, fmt.Sprintf("fx-quarter-%d", a.Quarter))
	case spyfest.Note:
		festPress(tb, "fx-mark-"+a.ID+"-maybe")
	case spyfest.Guess:
		if len(a.Names) == 2 {
			festPress(tb, "fx-two")
		}
		for _, n := range a.Names {
			festPress(tb, "fx-pick-"+n)
		}
		tb.waitJS(`!document.getElementById("fx-guess").disabled`, "the guess button")
		festPress(tb, "fx-guess")
	default:
		ft.t.Fatalf("no way to click %T", a)
	}
}

// checkScores compares every tab's scoreboard and standees with the engine's view.
func (ft *festTable) checkScores() {
	ft.t.Helper()
	v := ft.ref.fest()
	for seat, tb := range ft.tabs {
		for team := range 2 {
			want := fmt.Sprintf("%d/%d/%d", v.Teams[team].VP, v.Teams[team].Position, v.Teams[team].Position)
			tb.waitJS(fmt.Sprintf(`(() => { const b = document.getElementById("fx-team-%[1]d"); const s = document.getElementById("fx-standee-%[1]d");
				return b && s && b.dataset.vp + "/" + b.dataset.position + "/" + s.closest("li").id.replace("fx-step-", "") === %[2]q })()`, team, want),
				fmt.Sprintf("seat %d: team %d VP/position/standee %s", seat, team, want))
		}
	}
	for seat, p := range ft.native {
		pv := p.fest()
		if pv.Teams[0].VP != v.Teams[0].VP || pv.Teams[1].VP != v.Teams[1].VP {
			ft.t.Fatalf("native %d sees VP %d/%d, reference %d/%d", seat, pv.Teams[0].VP, pv.Teams[1].VP, v.Teams[0].VP, v.Teams[1].VP)
		}
	}
}

// begin chooses the suggested Spy, plays "two characters" when asked, and draws.
func (ft *festTable) begin(twoCharacters bool) *spyfest.View {
	ft.t.Helper()
	v := ft.state("a round waiting for its Spy", func(v *spyfest.View) bool { return v.Phase == spyfest.PhaseSpyChoice })
	ft.synced(v)
	round := v.Round
	members := v.Teams[v.ActiveTeam].Members
	spy := v.SuggestedSpy
	chooser := members[0]
	for _, m := range members {
		if _, tab := ft.tabs[m]; tab {
			chooser = m
			ft.shot(m, "spyfest-choose-spy")
		}
	}
	ft.do(chooser, spyfest.ChooseSpy{Round: round, Spy: spy})
	v = ft.state("the draw", func(v *spyfest.View) bool { return v.Phase == spyfest.PhaseDraw })
	ft.synced(v)
	if twoCharacters {
		mate := mateOf(v, spy)
		ft.do(mate, spyfest.Play{Round: round, Card: spyfest.CardTwoCharacters})
		ft.state("two characters played", func(v *spyfest.View) bool { return len(v.Played) == 1 })
	}
	ft.shot(spy, "spyfest-draw")
	ft.do(spy, spyfest.Draw{Round: round})
	v = ft.state("the draw done", func(v *spyfest.View) bool { return v.Phase != spyfest.PhaseDraw })
	if v.Phase == spyfest.PhaseKeep {
		ft.synced(v)
		ft.shot(spy, "spyfest-keep")
		var pick string
		if p, ok := ft.native[spy]; ok {
			pick = p.fest().Candidates[0]
		} else {
			pick = strings.TrimPrefix(eval[string](ft.tabs[spy], `document.querySelector(".fx-candidate").id`), "fx-cand-")
		}
		ft.do(spy, spyfest.Keep{Round: round, Character: pick})
		v = ft.state("describing", func(v *spyfest.View) bool { return v.Phase == spyfest.PhaseDescribing })
	}
	ft.synced(v)
	return v
}

func mateOf(v *spyfest.View, spy engine.Seat) engine.Seat {
	for _, m := range v.Teams[v.ActiveTeam].Members {
		if m != spy {
			return m
		}
	}
	return engine.NoSeat
}

// wrongName is a name that can still be guessed and is not the answer.
func wrongName(v *spyfest.View, answer string, skip ...string) string {
	if v.Effect == spyfest.EffectReverseRound {
		for _, k := range v.Keywords {
			if k.ID != answer && !k.Out && !k.Wrong && !slices.Contains(skip, k.ID) {
				return k.ID
			}
		}
	}
	for _, e := range v.Sheet {
		if e.ID != answer && !e.Out && !e.Crossed && !e.Wrong && !slices.Contains(skip, e.ID) {
			return e.ID
		}
	}
	return ""
}

// guess makes team's guess of the current attempt with a member that may guess.
func (ft *festTable) guess(v *spyfest.View, team int, names ...string) {
	ft.t.Helper()
	v = ft.state(fmt.Sprintf("team %d's window", team), func(w *spyfest.View) bool {
		return w.Phase == spyfest.PhaseStopped && w.Guessing == team
	})
	ft.synced(v)
	for _, m := range v.Teams[team].Members {
		if m != v.Spy {
			if _, tab := ft.tabs[m]; tab {
				ft.shot(m, "spyfest-guess-window")
			}
			ft.do(m, spyfest.Guess{Round: v.Round, Attempt: v.Attempt, Names: names})
			return
		}
	}
}

// A whole Spyfest game through the UI: two browser tabs (the host and a guest) against two
// native peers. The carpet holds only reverse-round cards so one comes up. It plays a round
// with no score (every action card but "two guesses"), an intercepting team's win, and a
// reverse round the Spy's team wins with "two guesses" spent by the other team; VP and
// standees on every screen match the engine's after every round.
func TestSpyfestGameThroughTheUI(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	host := h.openBrowser("host tab", h.origin, true)
	host.open(h.origin + "/")
	host.typeInto("name", "Maya")
	festPress(host, "create")
	host.waitJS(`document.querySelectorAll("#players .player-name").length === 1`, "the host's lobby")
	room := host.text("lobby-room")
	link := host.value("invite-link")
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	secret, _ := url.ParseQuery(u.Fragment)
	guest := h.openBrowser("guest tab", h.origin, true)
	guest.open(link)
	guest.waitJS(`document.getElementById("name") !== null`, "the invited screen")
	guest.typeInto("name", "Leo")
	festPress(guest, "join")
	guest.waitJS(`document.querySelectorAll("#players .player-name").length >= 2`, "the guest's lobby")
	nadia := joinFest(t, h.signal, room, secret.Get("k"), "Nadia")
	omar := joinFest(t, h.signal, room, secret.Get("k"), "Omar")
	host.waitJS(`document.querySelectorAll("#players .player-name").length === 4`, "four players")

	// The host switches to Spyfest and shapes the carpet: reverse rounds only, three of them.
	festPress(host, "fest-family")
	host.waitJS(`document.getElementById("spyfest-settings") !== null`, "the Spyfest settings")
	guest.waitJS(`document.getElementById("spyfest-settings") !== null`, "the Spyfest settings for the guest")
	for _, e := range spyfest.CarpetEffects {
		want := 0
		if e == spyfest.EffectReverseRound {
			want = 3
		}
		id := "fest-carpet-" + string(e)
		for {
			eval[bool](host, `document.getElementById("fest-carpet").open = true`)
			n := eval[int](host, fmt.Sprintf(`+document.querySelector("#%s .fx-stepper-value").textContent`, id))
			if n == want {
				break
			}
			step := "-minus"
			if n < want {
				step = "-plus"
			}
			festPress(host, id+step)
			host.waitJS(fmt.Sprintf(`+document.querySelector("#%s .fx-stepper-value").textContent !== %d`, id, n), "the count to change")
		}
	}
	// Teams: the two tabs pick A, the native peers B.
	for _, tb := range []*tab{host, guest} {
		// Picking a team is idempotent: press again if a re-render moved the button away.
		for try := 0; ; try++ {
			if try > 0 { // the host tab's pointer click can miss it; a keyboard user's activation
				eval[bool](tb, `(document.getElementById("fest-join-0").click(), true)`)
			} else {
				festPress(tb, "fest-join-0")
			}
			ok, _ := chromedp.Run(tb.ctx, chromedp.Poll[bool](`document.getElementById("fest-join-0") === null`, chromedp.WithPollingTimeout(5*time.Second)))
			if ok || try == 3 {
				break
			}
		}
	}
	nadia.send(game.PickTeam(1))
	omar.send(game.PickTeam(1))
	host.waitJS(`document.querySelectorAll("#fest-team-0 li").length === 2 && document.querySelectorAll("#fest-team-1 li").length === 2`, "two teams of two")
	eval[bool](host, `(document.getElementById("spyfest-settings").scrollIntoView(), true)`)
	h.screenshots(host, "spyfest-lobby-host")
	h.screenshots(guest, "spyfest-lobby-guest")
	festPress(host, "fest-start")

	ft := &festTable{t: t, h: h, tabs: map[engine.Seat]*tab{}, native: map[engine.Seat]*festPeer{}, ref: nadia, shots: map[string]bool{}}
	v := ft.state("the game", func(v *spyfest.View) bool { return v.Round == 1 })
	for _, p := range []*festPeer{nadia, omar} {
		ft.native[p.seatNow()] = p
	}
	for _, s := range slices.Concat(v.Teams[0].Members, v.Teams[1].Members) {
		if _, ok := ft.native[s]; !ok {
			if len(ft.tabs) == 0 {
				ft.tabs[s] = host
			} else {
				ft.tabs[s] = guest
			}
		}
	}
	if len(ft.tabs) != 2 || len(ft.native) != 2 || len(v.Track) != 5 {
		t.Fatalf("seats: tabs %d, native %d, track %v", len(ft.tabs), len(ft.native), v.Track)
	}
	first := v.ActiveTeam

	// Round 1: no score. The Spy's team plays "two characters" and "another keyword", each
	// team asks the Spy once, the other team has a quarter crossed; six wrong guesses.
	v = ft.begin(true)
	spy := v.Spy
	mate := mateOf(v, spy)
	opp := v.Teams[1-v.ActiveTeam].Members[0]
	for s := range ft.tabs {
		switch s {
		case spy:
			ft.shot(s, "spyfest-spy")
		case mate:
			ft.shot(s, "spyfest-spy-team")
		default:
			ft.shot(s, "spyfest-intercepting")
		}
	}
	answer := ft.character(v)
	ft.do(mate, spyfest.Play{Round: 1, Card: spyfest.CardAnotherKeyword})
	noted := wrongName(v, answer)
	ft.do(opp, spyfest.Note{Round: 1, ID: noted, Mark: spyfest.MarkMaybe})
	if tb, ok := ft.tabs[opp]; ok {
		// The sheet with the team's mark, on the phone (a viewport change would scroll).
		tb.waitJS(fmt.Sprintf(`document.getElementById("fx-row-%s").dataset.note === "?"`, noted), "the mark on the sheet")
		eval[bool](tb, fmt.Sprintf(`(document.getElementById("fx-row-%s").scrollIntoView({block: "center"}), true)`, noted))
		h.screenshot(tb, "spyfest-sheet", phone, "dark")
		eval[bool](tb, fmt.Sprintf(`(document.getElementById("fx-row-%s").scrollIntoView({block: "center"}), true)`, noted))
		h.screenshot(tb, "spyfest-sheet", phone, "light")
	}
	ft.do(opp, spyfest.Play{Round: 1, Card: spyfest.CardAsk})
	v = ft.state("the question", func(v *spyfest.View) bool { return v.Question != spyfest.NoTeam })
	ft.synced(v)
	ft.shot(spy, "spyfest-question")
	ft.shot(opp, "spyfest-question-wait")
	ft.do(spy, spyfest.Answer{Round: 1, Yes: true})
	ft.state("the answer", func(v *spyfest.View) bool { return len(v.Answers) == 1 })
	ft.do(opp, spyfest.Play{Round: 1, Card: spyfest.CardCrossQuarter})
	v = ft.state("a quarter to cross", func(v *spyfest.View) bool { return v.QuarterBy != spyfest.NoTeam })
	ft.synced(v)
	ft.shot(spy, "spyfest-quarter")
	var quarters []int
	if p, ok := ft.native[spy]; ok {
		quarters = p.fest().ValidQuarters
	} else {
		quarters = eval[[]int](ft.tabs[spy], `[...document.querySelectorAll("#fx-quarter button")].map(b => +b.id.replace("fx-quarter-", ""))`)
	}
	ft.do(spy, spyfest.CrossQuarter{Round: 1, Quarter: quarters[0]})
	v = ft.state("the quarter crossed", func(v *spyfest.View) bool { return len(v.CrossedQuarters) == 1 })
	for attempt := 1; attempt <= v.MaxAttempts; attempt++ {
		ft.do(opp, spyfest.Stop{Round: 1})
		v = ft.state("stopped", func(v *spyfest.View) bool { return v.Phase == spyfest.PhaseStopped && v.Attempt == attempt })
		if attempt == 2 {
			ft.do(mate, spyfest.Play{Round: 1, Card: spyfest.CardAsk})
			ft.state("the question while stopped", func(v *spyfest.View) bool { return v.Question != spyfest.NoTeam })
			ft.do(spy, spyfest.Answer{Round: 1, Yes: false})
			ft.state("the answer", func(v *spyfest.View) bool { return len(v.Answers) == 2 })
		}
		ft.guess(v, 1-v.ActiveTeam, wrongName(v, answer))
		v = ft.state("the Spy team's window", func(v *spyfest.View) bool { return v.Guessing == v.ActiveTeam || v.Round == 2 })
		ft.guess(v, v.ActiveTeam, wrongName(v, answer))
		if attempt < v.MaxAttempts {
			ft.state("describing again", func(v *spyfest.View) bool { return v.Phase == spyfest.PhaseDescribing })
		}
	}
	v = ft.state("round 2", func(v *spyfest.View) bool { return v.Round == 2 })
	if r := v.History[0]; r.Scorer != spyfest.NoTeam || r.Character != answer {
		t.Fatalf("round 1 result %+v, want no score on %s", r, answer)
	}
	ft.synced(v)
	for s := range ft.tabs {
		ft.shot(s, "spyfest-result-none")
	}
	ft.checkScores()

	// Round 2: the intercepting team names the character at the first attempt: 3 VP.
	v = ft.begin(false)
	answer = ft.character(v)
	interceptors := 1 - v.ActiveTeam
	ft.do(v.Teams[interceptors].Members[0], spyfest.Stop{Round: 2})
	ft.guess(v, interceptors, answer)
	v = ft.state("round 3", func(v *spyfest.View) bool { return v.Round == 3 })
	if r := v.History[1]; r.Scorer != interceptors || r.VP != 3 {
		t.Fatalf("round 2 result %+v, want 3 VP for team %d", r, interceptors)
	}
	ft.synced(v)
	for s := range ft.tabs {
		ft.shot(s, "spyfest-result-intercepted")
	}
	ft.checkScores()

	// Round 3 is the first team's again, its standee still on Start; rounds go on until a
	// reverse round comes up for a team (its standee on a reverse card).
	for v.Effect != spyfest.EffectReverseRound {
		// The active team has not moved yet: let its opponents intercept once more.
		v = ft.begin(false)
		if v.Effect == spyfest.EffectReverseRound {
			break
		}
		answer = ft.character(v)
		interceptors = 1 - v.ActiveTeam
		ft.do(v.Teams[interceptors].Members[0], spyfest.Stop{Round: v.Round})
		ft.guess(v, interceptors, answer)
		round := v.Round
		v = ft.state("the next round", func(v *spyfest.View) bool { return v.Round == round+1 || v.Phase == spyfest.PhaseOver })
		ft.checkScores()
		if v.Phase == spyfest.PhaseOver {
			t.Fatalf("the game ended before a reverse round (first team %d): %+v", first, v.History)
		}
		v = ft.state("a Spy to choose", func(v *spyfest.View) bool { return v.Phase == spyfest.PhaseSpyChoice })
	}
	// The reverse round: the other team spends "two guesses" on two wrong keywords, then the
	// Spy's team names the keyword and reaches Victory.
	if v.Phase == spyfest.PhaseSpyChoice {
		v = ft.begin(false)
	}
	ft.synced(v)
	for s := range ft.tabs {
		ft.shot(s, "spyfest-reverse-"+map[bool]string{true: "spy", false: "player"}[s == v.Spy])
	}
	keyword := ft.keyword(v)
	interceptors = 1 - v.ActiveTeam
	ft.do(v.Teams[interceptors].Members[0], spyfest.Stop{Round: v.Round})
	w1 := wrongName(v, keyword)
	ft.guess(v, interceptors, w1, wrongName(v, keyword, w1))
	ft.guess(v, v.ActiveTeam, keyword)
	v = ft.state("the end", func(v *spyfest.View) bool { return v.Phase == spyfest.PhaseOver })
	last := v.History[len(v.History)-1]
	if !last.Reverse || last.Scorer != last.Team || v.Winner != last.Team {
		t.Fatalf("reverse round result %+v, winner %d: want the Spy's team to win", last, v.Winner)
	}
	for _, c := range spyfest.Cards {
		played := false
		for team := range 2 {
			played = played || v.Teams[team].Cards[c] < spyfest.DefaultActionCards()[c]
		}
		if !played {
			t.Fatalf("card %s was never played", c)
		}
	}
	for s, tb := range ft.tabs {
		tb.waitJS(fmt.Sprintf(`(e => e && e.dataset.winner === "%d")(document.getElementById("fx-winner"))`, v.Winner), "the winner")
		name := "spyfest-lost"
		if slices.Contains(v.Teams[v.Winner].Members, s) {
			name = "spyfest-won"
		}
		ft.shot(s, name)
	}
	ft.checkScores()
}
