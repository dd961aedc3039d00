package spyfestui

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/ui/uitest"
	"safehouse/engine"
	"safehouse/engine/spyfest"
)

// festPage mounts one seat's Spyfest screen in go-app's test engine.
type festPage struct {
	goapp.Compo
	ui   UI
	view spyfest.View
	host bool
}

func (p *festPage) Render() goapp.UI {
	return p.ui.Render(&p.view, Frame{
		Lang: i18n.English, Host: p.host, TopBar: goapp.Div(),
		Names: map[engine.Seat]string{0: "Maya", 1: "Leo", 2: "Nadia", 3: "Omar"},
		Act:   func(goapp.Context, spyfest.Action) {}, EndGame: func(goapp.Context) {},
	})
}

func renderFest(t *testing.T, g *spyfest.Game, seat engine.Seat) string {
	t.Helper()
	p := &festPage{view: g.View(seat)}
	p.ui.Observe(&p.view) // as the shell does when a view arrives
	return uitest.HTML(t, p)
}

func newFestGame(t *testing.T, cfg spyfest.Config) *spyfest.Game {
	t.Helper()
	if cfg.Edition == "" {
		cfg.Edition, cfg.Deck, cfg.Keywords = spyfest.EditionSpyfest, spyfest.DeckFictional, spyfest.KeywordsA
	}
	cfg.Teams = [2][]engine.Seat{{0, 1}, {2, 3}}
	if cfg.Seed == 0 {
		cfg.Seed = 7
	}
	g, err := spyfest.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

const festNow engine.Instant = 1_800_000_000_000

func must(t *testing.T, g *spyfest.Game, seat engine.Seat, a spyfest.Action) {
	t.Helper()
	if err := g.Apply(seat, a, festNow); err != nil {
		t.Fatalf("%T by %d: %v", a, seat, err)
	}
}

// startDescribing chooses the suggested Spy, draws and keeps the first candidate.
func startDescribing(t *testing.T, g *spyfest.Game) (spy, mate, opp engine.Seat) {
	t.Helper()
	v := g.View(spyfest.Host)
	members := v.Teams[v.ActiveTeam].Members
	must(t, g, members[0], spyfest.ChooseSpy{Round: v.Round, Spy: v.SuggestedSpy})
	spy = v.SuggestedSpy
	mate = members[0]
	if mate == spy {
		mate = members[1]
	}
	opp = v.Teams[1-v.ActiveTeam].Members[0]
	must(t, g, spy, spyfest.Draw{Round: v.Round})
	if sv := g.View(spy); sv.Phase == spyfest.PhaseKeep {
		must(t, g, spy, spyfest.Keep{Round: v.Round, Character: sv.Candidates[0]})
	}
	return spy, mate, opp
}

func count(html, sub string) int { return strings.Count(html, sub) }

// SX-RND-3, SX-RND-6, SX-GUESS-1: each role gets its own screen while the Spy describes —
// the secret card for the Spy and the Spy's team only, the reminder for the Spy, marks and
// the stop button for everyone but the Spy, nothing to do for a spectator.
func TestSpyfestScreensByRole(t *testing.T) {
	g := newFestGame(t, spyfest.Config{})
	spy, mate, opp := startDescribing(t, g)
	v := g.View(mate)
	rows := len(v.Sheet) + len(v.Keywords)
	cases := []struct {
		name                                string
		seat                                engine.Seat
		secret, reminder, stop, marks, hand int
	}{
		{"spy", spy, 1, 1, 0, 0, 0},
		{"spy's team", mate, 1, 0, 1, 3 * rows, 1},
		{"intercepting", opp, 0, 0, 1, 3 * rows, 1},
		{"spectator", engine.NoSeat, 0, 0, 0, 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			html := renderFest(t, g, c.seat)
			got := []int{count(html, `id="secret-card"`), count(html, `id="fx-reminder"`), count(html, `id="fx-stop"`),
				count(html, `class="fx-mark `), count(html, `id="fx-hand"`)}
			want := []int{c.secret, c.reminder, c.stop, c.marks, c.hand}
			if !slices.Equal(got, want) {
				t.Fatalf("secret, reminder, stop, marks, hand = %v, want %v", got, want)
			}
		})
	}
}

// SX-SET-3, SX-RND-2: the track shows every card, both standees, and exactly one card marked
// as applying now: the one under the active team's standee.
func TestSpyfestCarpetTrack(t *testing.T) {
	g := newFestGame(t, spyfest.Config{})
	v := g.View(0)
	html := renderFest(t, g, 0)
	if got := count(html, `class="fx-step `); got != len(v.Track) {
		t.Fatalf("%d track cards, want %d", got, len(v.Track))
	}
	if got := count(html, ` now"`); got != 1 {
		t.Fatalf("%d cards marked now, want 1", got)
	}
	if got := count(html, `class="fx-standee `); got != 2 {
		t.Fatalf("%d standees, want 2", got)
	}
	noCarpet := newFestGame(t, spyfest.Config{NoCarpet: true})
	html = renderFest(t, noCarpet, 0)
	if count(html, `class="fx-step `) != 0 || count(html, `class="fx-vpbar `) != 2 {
		t.Fatal("the 15-VP variant should show two VP bars and no track")
	}
}

// SX-RND-6: a mark is seen by its team's non-Spy members only.
func TestSpyfestNotesStayInTheTeam(t *testing.T) {
	g := newFestGame(t, spyfest.Config{})
	spy, mate, opp := startDescribing(t, g)
	id := g.View(mate).Sheet[3].ID
	must(t, g, mate, spyfest.Note{Round: 1, ID: id, Mark: spyfest.MarkMaybe})
	for _, c := range []struct {
		seat engine.Seat
		want int
	}{{mate, 1}, {spy, 0}, {opp, 0}, {engine.NoSeat, 0}} {
		html := renderFest(t, g, c.seat)
		if got := count(uitest.Tag(html, "fx-row-"+id), `data-note="?"`); got != c.want {
			t.Fatalf("seat %d sees the mark %d times, want %d", c.seat, got, c.want)
		}
	}
}

// SX-GUESS-2, SX-GUESS-3, SX-GUESS-4: the guessing team gets pick buttons and the clock, the
// others the clock only; a wrong name shows as wrong everywhere; the result shows the VP the
// engine credited.
func TestSpyfestGuessWindowAndResult(t *testing.T) {
	g := newFestGame(t, spyfest.Config{})
	spy, mate, opp := startDescribing(t, g)
	must(t, g, opp, spyfest.Stop{Round: 1})
	v := g.View(opp)
	in := 0
	for _, e := range v.Sheet {
		if !e.Out && !e.Crossed {
			in++
		}
	}
	for _, c := range []struct {
		seat        engine.Seat
		picks, clks int
	}{{opp, in, 1}, {mate, 0, 1}, {spy, 0, 1}} {
		html := renderFest(t, g, c.seat)
		if got := count(html, `class="fx-pick"`); got != c.picks {
			t.Fatalf("seat %d: %d pick buttons, want %d", c.seat, got, c.picks)
		}
		if got := count(html, `id="sf-clock"`); got != c.clks {
			t.Fatalf("seat %d: %d clocks, want %d", c.seat, got, c.clks)
		}
	}
	character := g.View(spy).Character
	wrong := ""
	for _, e := range v.Sheet {
		if e.ID != character && !e.Out {
			wrong = e.ID
			break
		}
	}
	must(t, g, opp, spyfest.Guess{Round: 1, Attempt: 1, Names: []string{wrong}})
	for _, seat := range []engine.Seat{spy, mate, opp, engine.NoSeat} {
		if got := count(uitest.Tag(renderFest(t, g, seat), "fx-row-"+wrong), `class="fx-row wrong`); got != 1 {
			t.Fatalf("seat %d: wrong name shown %d times", seat, got)
		}
	}
	must(t, g, mate, spyfest.Guess{Round: 1, Attempt: 1, Names: []string{character}})
	html := renderFest(t, g, opp)
	want := g.History()[0].VP
	if want == 0 || !strings.Contains(uitest.Tag(html, "fx-result"), `data-vp="`+strconv.Itoa(want)+`"`) {
		t.Fatalf("result card missing or VP not %d", want)
	}
	team := g.TeamOf(mate)
	board := uitest.Tag(html, "fx-team-"+strconv.Itoa(team))
	if !strings.Contains(board, `data-vp="`+strconv.Itoa(g.VP(team))+`"`) || !strings.Contains(board, `data-position="`+strconv.Itoa(g.Position(team))+`"`) {
		t.Fatal("scoreboard does not show the engine's VP and position")
	}
}

// SX-ACT-1, SX-ACT-3: the Spy gets Yes/No for a question and only the valid quarters.
func TestSpyfestSpyAnswersAndCrossesValidQuarters(t *testing.T) {
	g := newFestGame(t, spyfest.Config{})
	spy, mate, _ := startDescribing(t, g)
	must(t, g, mate, spyfest.Play{Round: 1, Card: spyfest.CardAsk})
	html := renderFest(t, g, spy)
	if count(html, `id="fx-yes"`) != 1 || count(html, `id="fx-no"`) != 1 {
		t.Fatal("the Spy has no Yes/No buttons")
	}
	if count(renderFest(t, g, mate), `id="fx-yes"`) != 0 {
		t.Fatal("a non-Spy got Yes/No buttons")
	}
	must(t, g, spy, spyfest.Answer{Round: 1, Yes: true})
	must(t, g, mate, spyfest.Play{Round: 1, Card: spyfest.CardCrossQuarter})
	sv := g.View(spy)
	html = renderFest(t, g, spy)
	if got := count(html, `id="fx-quarter-`); got != len(sv.ValidQuarters) || got == 0 {
		t.Fatalf("%d quarter buttons, want %d", got, len(sv.ValidQuarters))
	}
	own := -1
	for _, e := range sv.Sheet {
		if e.ID == sv.Character {
			own = e.Quarter
		}
	}
	if strings.Contains(html, `id="fx-quarter-`+strconv.Itoa(own)+`"`) {
		t.Fatal("the Spy is offered the character's own quarter")
	}
	if !strings.Contains(renderFest(t, g, mate), "The Spy answered Yes to team") {
		t.Fatal("the answer is not shown to the table")
	}
}

// SX-ACT: the hand offers Play only for cards playable now, e.g. "two characters" before the
// draw for the Spy's team, never for the other team.
func TestSpyfestHandOffersPlayableCards(t *testing.T) {
	g := newFestGame(t, spyfest.Config{})
	v := g.View(spyfest.Host)
	members := v.Teams[v.ActiveTeam].Members
	must(t, g, members[0], spyfest.ChooseSpy{Round: 1, Spy: members[0]})
	mate, opp := members[1], v.Teams[1-v.ActiveTeam].Members[0]
	if count(renderFest(t, g, mate), `id="fx-play-two_characters"`) != 1 {
		t.Fatal("the Spy's team cannot play two characters before the draw")
	}
	if count(renderFest(t, g, opp), `id="fx-play-`) != 0 {
		t.Fatal("the intercepting team is offered a card before the draw")
	}
}

// roleLine is the scoreboard's line saying what this seat is in the round.
func roleLine(html string) string {
	t := uitest.Tag(html, "fx-role")
	if t == "" {
		return ""
	}
	rest := html[strings.Index(html, t)+len(t)+1:]
	return rest[:strings.Index(rest, "<")]
}

// Issue 17: while the active team is still choosing its Spy nobody is the Spy yet, so none
// of them (the one who will be included) reads "Your teammate is the Spy."; once chosen, the
// Spy and the teammates read their roles.
func TestSpyfestNoSpyBeforeTheTeamChooses(t *testing.T) {
	for _, seed := range []uint64{7, 8, 9} {
		g := newFestGame(t, spyfest.Config{Seed: seed})
		v := g.View(spyfest.Host)
		for _, s := range v.Teams[v.ActiveTeam].Members {
			if got := roleLine(renderFest(t, g, s)); got != "Your team is choosing its Spy." {
				t.Fatalf("seed %d: seat %d of the choosing team reads %q", seed, s, got)
			}
		}
		for _, s := range v.Teams[1-v.ActiveTeam].Members {
			if got := roleLine(renderFest(t, g, s)); got != "You&#39;re intercepting." && got != "You're intercepting." {
				t.Fatalf("seed %d: seat %d of the other team reads %q", seed, s, got)
			}
		}
		spy, mate, _ := startDescribing(t, g)
		if got := roleLine(renderFest(t, g, mate)); got != "Your teammate is the Spy." {
			t.Fatalf("seed %d: the Spy's teammate reads %q", seed, got)
		}
		if got := roleLine(renderFest(t, g, spy)); !strings.HasSuffix(got, "re the Spy.") {
			t.Fatalf("seed %d: the Spy reads %q", seed, got)
		}
	}
}

// Issue 17: the intercepting team reads "Listen to NAME and stop the game" only while the Spy
// describes; after its guess missed it reads that the Spy's team guesses now.
func TestSpyfestInterceptorsAfterAMissedGuess(t *testing.T) {
	g := newFestGame(t, spyfest.Config{})
	spy, _, opp := startDescribing(t, g)
	if html := renderFest(t, g, opp); !strings.Contains(html, "Listen to") || uitest.Tag(html, "fx-missed") != "" {
		t.Fatal("while the Spy describes, the intercepting team is not told to listen")
	}
	must(t, g, opp, spyfest.Stop{Round: 1})
	if html := renderFest(t, g, opp); strings.Contains(html, "Listen to") {
		t.Fatal("the game is stopped, and the intercepting team is still told to stop it")
	}
	character := g.View(spy).Character
	wrong := ""
	for _, e := range g.View(opp).Sheet {
		if e.ID != character && !e.Out {
			wrong = e.ID
			break
		}
	}
	must(t, g, opp, spyfest.Guess{Round: 1, Attempt: 1, Names: []string{wrong}})
	html := renderFest(t, g, opp)
	if strings.Contains(html, "Listen to") || uitest.Tag(html, "fx-listen") != "" {
		t.Fatal("after its missed guess the intercepting team still reads \"Listen to … and stop the game\"")
	}
	if uitest.Tag(html, "fx-missed") == "" {
		t.Fatal("the intercepting team is not told its guess missed")
	}
	if uitest.Tag(renderFest(t, g, engine.NoSeat), "fx-missed") != "" {
		t.Fatal("a spectator is told its guess missed")
	}
}

// hostAwayPage renders a Spyfest screen with the host away.
type hostAwayPage struct {
	goapp.Compo
	fest *spyfest.View
	away bool
}

func (p *hostAwayPage) Render() goapp.UI {
	return (&UI{}).Render(p.fest, Frame{Lang: i18n.English, HostAway: p.away, TopBar: goapp.Div(),
		Names: map[engine.Seat]string{}, Act: func(goapp.Context, spyfest.Action) {}, EndGame: func(goapp.Context) {}})
}

// The game's own buttons (Spyfest's "Stop the game") are disabled while the host's
// device is away, and only then.
func TestHostAwayHoldsTheGameButtons(t *testing.T) {
	fest := newFestGame(t, spyfest.Config{})
	_, _, opp := startDescribing(t, fest)
	v := fest.View(opp)
	uitest.HeldOnlyWhileAway(t, "fx-stop", func(away bool) goapp.Composer { return &hostAwayPage{fest: &v, away: away} })
}
