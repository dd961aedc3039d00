package spyfallui

import (
	"fmt"
	"html"
	"strconv"
	"strings"
	"testing"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/ui/uitest"
	"safehouse/engine"
	"safehouse/engine/spyfall"
)

// sfScreen renders one seat's Spyfall screen in go-app's test engine.
type sfScreen struct {
	goapp.Compo
	ui *UI
	v  *spyfall.View
}

func (c *sfScreen) Render() goapp.UI {
	return c.ui.Render(c.v, Frame{Lang: i18n.English, Act: func(goapp.Context, spyfall.Action) {}})
}

func renderSeat(t *testing.T, g *spyfall.Game, seat engine.Seat) string {
	t.Helper()
	v := g.View(seat)
	c := &sfScreen{ui: &UI{}, v: &v}
	return uitest.HTML(t, c)
}

var sfStart = engine.At(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC))

// playingGame is a classic game of four seats with round 1's clock running.
func playingGame(t *testing.T) *spyfall.Game {
	t.Helper()
	g, err := spyfall.New(spyfall.Config{Edition: spyfall.Classic, Players: []string{"Maya", "Leo", "Nadia", "Omar"}, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	sfMust(t, g.Apply(spyfall.Host, spyfall.Deal{Round: 1}, sfStart))
	sfMust(t, g.Apply(g.View(0).Dealer, spyfall.StartClock{Round: 1}, sfStart))
	return g
}

func sfMust(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// spyAndLocation finds the round's spy and location through the seats' own cards.
func spyAndLocation(g *spyfall.Game) (engine.Seat, string) {
	spy, loc := engine.NoSeat, ""
	for _, s := range g.View(engine.NoSeat).Seats {
		c := g.View(s.ID).Card
		if c.Spy {
			spy = s.ID
		} else {
			loc = i18n.LocationName(i18n.English, c.Location.ID)
		}
	}
	return spy, loc
}

// APP-HID-3: every seat's screen holds its card face down, with no location name anywhere
// on it until the card is held (the location sheet is closed).
func TestSpyfallCardHiddenByDefault(t *testing.T) {
	g := playingGame(t)
	_, loc := spyAndLocation(g)
	for _, s := range g.View(engine.NoSeat).Seats {
		html := renderSeat(t, g, s.ID)
		if n := strings.Count(html, `id="secret-card"`); n != 1 {
			t.Errorf("seat %d: %d cards, want 1", s.ID, n)
		}
		if strings.Contains(html, `id="card-face"`) || strings.Contains(html, loc) || strings.Contains(html, "the spy.") {
			t.Errorf("seat %d: the card's face shows before it is held", s.ID)
		}
	}
}

// SF-ACC-1: after a seat accused once this round its accuse button is greyed out with the
// reason, while the others still have theirs.
func TestSpyfallAccuseOncePerRound(t *testing.T) {
	g := playingGame(t)
	spy, _ := spyAndLocation(g)
	var innocents []engine.Seat
	for _, s := range g.View(engine.NoSeat).Seats {
		if s.ID != spy {
			innocents = append(innocents, s.ID)
		}
	}
	accuser, suspect := innocents[0], innocents[1]
	sfMust(t, g.Apply(accuser, spyfall.Accuse{Round: 1, Suspect: suspect}, sfStart))
	vote := g.View(accuser).Vote
	for _, s := range vote.Voters {
		if g.View(s).Vote.Mine == "pending" {
			sfMust(t, g.Apply(s, spyfall.Vote{Vote: vote.ID, Yes: false}, sfStart))
		}
	}
	if p := g.View(accuser).Phase; p != spyfall.PhasePlaying {
		t.Fatalf("phase %s after a failed vote, want playing", p)
	}
	cases := []struct {
		seat     engine.Seat
		disabled int
		used     int
	}{
		{accuser, 1, 1},
		{innocents[2], 0, 0},
		{spy, 0, 0},
	}
	for _, c := range cases {
		html := renderSeat(t, g, c.seat)
		if n := strings.Count(html, `id="accuse"`); n != 1 {
			t.Errorf("seat %d: %d accuse buttons, want 1", c.seat, n)
		}
		if n := strings.Count(html, "You already accused this round"); n != c.used {
			t.Errorf("seat %d: 'already accused' shown %d times, want %d", c.seat, n, c.used)
		}
		if n := strings.Count(uitest.Tag(html, "accuse"), "disabled"); n != c.disabled {
			t.Errorf("seat %d: %d disabled accuse buttons, want %d", c.seat, n, c.disabled)
		}
		if n := strings.Count(html, `id="last-vote"`); n != 1 {
			t.Errorf("seat %d: %d last-vote notes, want the failed vote's", c.seat, n)
		}
	}
}

// Each seat sees the vote prompt that fits it: the accused is told, the voters get Yes/No,
// the accuser (whose ballot the accusation cast) waits.
func TestSpyfallVotePrompt(t *testing.T) {
	g := playingGame(t)
	spy, _ := spyAndLocation(g)
	accuser := (spy + 1) % 4
	sfMust(t, g.Apply(accuser, spyfall.Accuse{Round: 1, Suspect: spy}, sfStart))
	for _, s := range g.View(engine.NoSeat).Seats {
		html := renderSeat(t, g, s.ID)
		mine := g.View(s.ID).Vote.Mine
		want := map[string]int{`id="you-accused"`: 0, `id="vote-yes"`: 0, `id="voted"`: 0}
		switch {
		case s.ID == spy:
			want[`id="you-accused"`] = 1
		case mine == "pending":
			want[`id="vote-yes"`] = 1
		case mine == "yes" || mine == "no":
			want[`id="voted"`] = 1
		}
		for sub, n := range want {
			if got := strings.Count(html, sub); got != n {
				t.Errorf("seat %d (ballot %q): %s %d times, want %d", s.ID, mine, sub, got, n)
			}
		}
	}
}

// timeUp runs the round's clock out.
func timeUp(t *testing.T, g *spyfall.Game) {
	t.Helper()
	deadline, ok := g.NextDeadline()
	if !ok {
		t.Fatal("no deadline with the clock running")
	}
	g.Advance(deadline)
}

// SF-END-1a: at time up in the classic edition the app drives the accusation round: the
// seat in turn picks a suspect, everyone else is told who is choosing; the accusation's vote
// says the time is up.
func TestSpyfallEndAccusationRound(t *testing.T) {
	g := playingGame(t)
	timeUp(t, g)
	v := g.View(engine.NoSeat)
	if v.Phase != spyfall.PhaseEndAccuse {
		t.Fatalf("phase %s at time up, want end_accuse", v.Phase)
	}
	turn := v.EndTurn
	for _, s := range v.Seats {
		html := renderSeat(t, g, s.ID)
		mine := s.ID == turn
		want := map[string]int{
			"Your turn: accuse the player you suspect.":         0,
			seatName(&v, turn) + " is choosing whom to accuse.": 1,
			`id="accuse-confirm"`:                               0,
			`class="sf-chip pickable"`:                          0,
		}
		if mine {
			want = map[string]int{
				"Your turn: accuse the player you suspect.": 1,
				`id="accuse-confirm"`:                       1,
				`class="sf-chip pickable"`:                  len(v.Seats) - 1, // everyone but yourself
			}
		}
		// The stopped clock says the time is up, not that it is paused.
		want[`class="sf-clock-paused">Time up<`] = 1
		want[">Paused<"] = 0
		for sub, n := range want {
			if got := strings.Count(html, sub); got != n {
				t.Errorf("seat %d (in turn: %v): %q %d times, want %d", s.ID, mine, sub, got, n)
			}
		}
	}
	suspect := (turn + 1) % 4
	sfMust(t, g.Apply(turn, spyfall.Accuse{Round: 1, Suspect: suspect}, sfStart))
	if p := g.View(turn).Phase; p != spyfall.PhaseEndVote {
		t.Fatalf("phase %s after the end accusation, want end_vote", p)
	}
	html := renderSeat(t, g, (turn+2)%4)
	for _, sub := range []string{"Time is up!", seatName(&v, turn) + " accuses " + seatName(&v, suspect), `id="vote-yes"`} {
		if strings.Count(html, sub) != 1 {
			t.Errorf("end vote screen: %q missing", sub)
		}
	}
}

// SF-END-1b: at time up in Time Travel everyone votes on one seat at a time, in seat order.
func TestSpyfallEndSeatVotes(t *testing.T) {
	g, err := spyfall.New(spyfall.Config{Edition: spyfall.TimeTravel, Players: []string{"Maya", "Leo", "Nadia", "Omar"}, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	sfMust(t, g.Apply(spyfall.Host, spyfall.Deal{Round: 1}, sfStart))
	sfMust(t, g.Apply(g.View(0).Dealer, spyfall.StartClock{Round: 1}, sfStart))
	timeUp(t, g)
	v := g.View(engine.NoSeat)
	if v.Phase != spyfall.PhaseEndVote || v.Vote == nil || v.Vote.Kind != spyfall.VoteEndSeat {
		t.Fatalf("phase %s, vote %+v: want a vote on a seat", v.Phase, v.Vote)
	}
	head := "Is " + seatName(&v, v.Vote.Suspect) + " the spy?"
	for _, s := range v.Seats {
		html := renderSeat(t, g, s.ID)
		if strings.Count(html, head) != 1 || strings.Count(html, "Everyone votes on one player at a time") != 1 {
			t.Errorf("seat %d: the seat vote is not explained (%q)", s.ID, head)
		}
	}
}

// The question tracker (SF-PLAY-2): the asker is told to ask and gets an Ask button; the
// others see who asks next.
func TestSpyfallQuestionTracker(t *testing.T) {
	g, err := spyfall.New(spyfall.Config{Edition: spyfall.Classic, Players: []string{"Maya", "Leo", "Nadia"}, Seed: 5, QuestionTracker: true})
	if err != nil {
		t.Fatal(err)
	}
	sfMust(t, g.Apply(spyfall.Host, spyfall.Deal{Round: 1}, sfStart))
	sfMust(t, g.Apply(g.View(0).Dealer, spyfall.StartClock{Round: 1}, sfStart))
	v := g.View(engine.NoSeat)
	for _, s := range v.Seats {
		html := renderSeat(t, g, s.ID)
		asks := 0
		if s.ID == v.Asker {
			asks = 1
		}
		if got := strings.Count(html, `id="ask"`); got != asks {
			t.Errorf("seat %d: %d ask buttons, want %d", s.ID, got, asks)
		}
		if got := strings.Count(html, seatName(&v, v.Asker)+" asks next."); got != 1-asks {
			t.Errorf("seat %d: 'asks next' %d times, want %d", s.ID, got, 1-asks)
		}
	}
}

// Issue 17: the game-over screen showed the same score table twice, the final scoreboard and
// the last round's; it shows it once. A round that is over (more to come) shows its own.
func TestSpyfallScoresShownOnce(t *testing.T) {
	for _, rounds := range []int{1, 2} {
		g, err := spyfall.New(spyfall.Config{Edition: spyfall.Classic, Players: []string{"Maya", "Leo", "Nadia", "Omar"}, Seed: 7, Rounds: rounds})
		sfMust(t, err)
		sfMust(t, g.Apply(spyfall.Host, spyfall.Deal{Round: 1}, sfStart))
		sfMust(t, g.Apply(g.View(0).Dealer, spyfall.StartClock{Round: 1}, sfStart))
		spy, _ := spyAndLocation(g)
		sfMust(t, g.Apply(spy, spyfall.Guess{Round: 1, Location: g.View(spy).Locations[0].ID}, sfStart))
		want := spyfall.PhaseRoundOver
		if rounds == 1 {
			want = spyfall.PhaseGameOver
		}
		if p := g.Phase(); p != want {
			t.Fatalf("%d rounds: phase %s after the spy's guess, want %s", rounds, p, want)
		}
		for _, s := range g.View(engine.NoSeat).Seats {
			html := renderSeat(t, g, s.ID)
			if n := strings.Count(html, `class="sf-points-table"`); n != 1 {
				t.Fatalf("%d rounds, seat %d: %d score tables, want 1", rounds, s.ID, n)
			}
			if !strings.Contains(html, `id="round-result"`) {
				t.Fatalf("%d rounds, seat %d: the last round's result is missing", rounds, s.ID)
			}
		}
	}
}

// hostAwayScreen renders a Spyfall screen with the host away.
type hostAwayScreen struct {
	goapp.Compo
	v    *spyfall.View
	away bool
}

func (c *hostAwayScreen) Render() goapp.UI {
	return (&UI{}).Render(c.v, Frame{Lang: i18n.English, HostAway: c.away, Act: func(goapp.Context, spyfall.Action) {}})
}

// The game's own buttons (a vote) are disabled while the host's device is away, and only then.
func TestHostAwayHoldsTheGameButtons(t *testing.T) {
	g := playingGame(t)
	spy, _ := spyAndLocation(g)
	sfMust(t, g.Apply((spy+1)%4, spyfall.Accuse{Round: 1, Suspect: spy}, sfStart))
	v := g.View((spy + 2) % 4)
	uitest.HeldOnlyWhileAway(t, "vote-yes", func(away bool) goapp.Composer { return &hostAwayScreen{v: &v, away: away} })
}

// Issue 21: lines made of several texts are put together by each language's own pattern,
// not with English punctuation: the time-up line (two sentences: no space after a Japanese
// or Chinese full stop) and a line of the rounds' history (the spies, how the round ended).
func TestJoinedLinesFollowTheLanguage(t *testing.T) {
	for _, lang := range i18n.Languages() {
		t.Run(string(lang), func(t *testing.T) {
			g, err := spyfall.New(spyfall.Config{Edition: spyfall.TimeTravel, Players: []string{"Maya", "Leo", "Nadia", "Omar"}, Seed: 3, Rounds: 2})
			sfMust(t, err)
			sfMust(t, g.Apply(spyfall.Host, spyfall.Deal{Round: 1}, sfStart))
			sfMust(t, g.Apply(g.View(0).Dealer, spyfall.StartClock{Round: 1}, sfStart))
			timeUp(t, g)
			timeUpLine := i18n.T(lang, i18n.Sentences, i18n.T(lang, i18n.SFTimeUp), i18n.T(lang, i18n.SFEndVoteIntro))
			if page := renderSeatIn(t, g, 0, lang); !strings.Contains(page, ">"+html.EscapeString(timeUpLine)+"<") {
				t.Errorf("the time-up line is not %q", timeUpLine)
			}

			g = playingGame(t)
			spy, _ := spyAndLocation(g)
			sfMust(t, g.Apply(spy, spyfall.Guess{Round: 1, Location: g.View(spy).Locations[0].ID}, sfStart))
			v := g.View(0)
			if len(v.History) != 1 {
				t.Fatalf("%d rounds in the history, want 1", len(v.History))
			}
			r := v.History[0]
			line := i18n.T(lang, i18n.SFHistoryLine, i18n.T(lang, i18n.SFTheSpies), seatName(&v, spy), i18n.T(lang, endingText[r.Ending]))
			if page := renderSeatIn(t, g, 0, lang); !strings.Contains(page, ">"+html.EscapeString(line)+"<") {
				t.Errorf("the history line is not %q", line)
			}
			if lang == "ja" || lang == "zh" {
				for _, s := range []string{timeUpLine, line} {
					if strings.Contains(s, "。 ") || strings.Contains(s, ": ") || strings.Contains(s, ". ") {
						t.Errorf("English punctuation between the parts: %q", s)
					}
				}
			}
		})
	}
}

// scoresOpen is seat's screen with the scores sheet open.
type scoresOpen struct {
	goapp.Compo
	v *spyfall.View
}

func (c *scoresOpen) Render() goapp.UI {
	return (&UI{scores: true}).Render(c.v, Frame{Lang: "en", Act: func(goapp.Context, spyfall.Action) {}})
}

// SF-SCORE-5: once the next round is dealt, the views no longer carry the last round's whole
// result (its cards are for the screens between rounds), and the scores sheet still shows
// what each seat gained in it, from the history.
func TestScoresShowTheLastRoundsGainsInTheNextRound(t *testing.T) {
	g := playingGame(t)
	spy, _ := spyAndLocation(g)
	var loc string
	for _, s := range g.View(engine.NoSeat).Seats {
		if c := g.View(s.ID).Card; !c.Spy {
			loc = c.Location.ID
		}
	}
	sfMust(t, g.Apply(spy, spyfall.Guess{Round: 1, Location: loc}, sfStart))
	sfMust(t, g.Apply(spyfall.Host, spyfall.Deal{Round: 2}, sfStart))
	v := g.View(0)
	if v.Phase != spyfall.PhaseDealt || v.LastRound != nil || len(v.History) != 1 {
		t.Fatalf("round 2 dealt: phase %s, last round %v, %d in the history", v.Phase, v.LastRound != nil, len(v.History))
	}
	gain := v.History[0].Points[spy]
	if gain <= 0 {
		t.Fatalf("the spy who named the location gained %d", gain)
	}
	page := uitest.HTML(t, &scoresOpen{v: &v})
	for _, row := range strings.Split(page, "<tr")[1:] {
		if strings.Contains(row, fmt.Sprintf(`data-seat="%d"`, spy)) {
			if !strings.Contains(row, ">+"+strconv.Itoa(gain)+"<") {
				t.Errorf("the spy's row in the scores sheet shows no +%d: %s", gain, row)
			}
			return
		}
	}
	t.Fatalf("no row for the spy (seat %d) in the scores sheet:\n%s", spy, page)
}
