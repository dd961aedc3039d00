package app

import (
	"errors"
	"strings"
	"testing"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/engine"
	"safehouse/engine/spyfall"
)

// sfScreen renders one seat's Spyfall screen in go-app's test engine.
type sfScreen struct {
	goapp.Compo
	ui *SpyfallUI
	v  *spyfall.View
}

func (c *sfScreen) Render() goapp.UI {
	return c.ui.RenderSpyfall(c.v, SpyfallFrame{Lang: i18n.English, Act: func(goapp.Context, spyfall.Action) {}})
}

func renderSeat(t *testing.T, g *spyfall.Game, seat engine.Seat) string {
	t.Helper()
	v := g.View(seat)
	c := &sfScreen{ui: &SpyfallUI{}, v: &v}
	e := goapp.NewTestEngine()
	if err := e.Load(c); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	return goapp.HTMLString(c)
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
		if n := strings.Count(accuseTag(html), "disabled"); n != c.disabled {
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

func TestClockFace(t *testing.T) {
	cases := []struct {
		running bool
		left    time.Duration
		text    string
		state   string
	}{
		{true, 8 * time.Minute, "8:00", "calm"},
		{true, 61 * time.Second, "1:01", "calm"},
		{true, 60 * time.Second, "1:00", "amber"},
		{true, 10500 * time.Millisecond, "0:11", "amber"},
		{true, 10 * time.Second, "0:10", "red"},
		{true, 1, "0:01", "red"},
		{true, 0, "0:00", "red"},
		{false, 5 * time.Minute, "5:00", "paused"},
	}
	for _, c := range cases {
		if got := clockText(c.left); got != c.text {
			t.Errorf("clockText(%v) = %q, want %q", c.left, got, c.text)
		}
		if got := clockState(c.running, c.left); got != c.state {
			t.Errorf("clockState(%v, %v) = %q, want %q", c.running, c.left, got, c.state)
		}
	}
}

func TestParseCustomLocations(t *testing.T) {
	cases := []struct {
		text  string
		locs  int
		roles []int
		ok    bool
	}{
		{"Lighthouse: Keeper, Tourist\n\nSubmarine", 2, []int{2, 0}, true},
		{"  Mine :  Miner ,, Boss ", 1, []int{2}, true},
		{"\n \n", 0, nil, false},
		{strings.Repeat("x", 200), 0, nil, false},
	}
	for _, c := range cases {
		p, err := ParseCustomLocations(c.text, i18n.English)
		if (err == nil) != c.ok {
			t.Errorf("%q: error %v, want ok=%v", c.text, err, c.ok)
			continue
		}
		if !c.ok {
			continue
		}
		if len(p.Locations) != c.locs {
			t.Fatalf("%q: %d locations, want %d", c.text, len(p.Locations), c.locs)
		}
		for i, n := range c.roles {
			if len(p.Locations[i].Roles) != n {
				t.Errorf("%q: location %d has %d roles, want %d", c.text, i, len(p.Locations[i].Roles), n)
			}
		}
		if _, err := spyfall.New(spyfall.Config{Edition: spyfall.Classic, Seats: 3, CustomPacks: []spyfall.Pack{p}}); err != nil {
			t.Errorf("%q: the engine refuses the pack: %v", c.text, err)
		}
	}
}

// A refusal of the host's own locations names the line at fault, in the host's language.
func TestParseCustomLocationsSaysWhichLine(t *testing.T) {
	long := strings.Repeat("x", spyfall.MaxContentRunes+1)
	many := strings.Repeat("Cook, ", spyfall.MaxCustomRoles+1)
	cases := []struct{ text, want string }{
		{"Mine\n\n" + long, "Line 3: a name or a role may be at most 60 characters long."},
		{"Mine: Miner, " + long, "Line 1: a name or a role may be at most 60 characters long."},
		{"Mine\nGalley: " + many, "Line 2: a location may have at most 30 roles."},
		{" \n ", "Type at least one location, one a line."},
		{strings.Repeat("Mine\n", spyfall.MaxCustomLocations+1), "At most 100 locations of your own, one a line."},
	}
	for _, c := range cases {
		_, err := ParseCustomLocations(c.text, i18n.English)
		refused, ok := errors.AsType[*customLocationsError](err)
		if !ok {
			t.Errorf("%.40q: %v, want a refusal of the lines", c.text, err)
			continue
		}
		if got := refused.in(i18n.English); got != c.want {
			t.Errorf("%.40q: %q, want %q", c.text, got, c.want)
		}
		if ru := refused.in(i18n.Lang("ru")); ru == c.want {
			t.Errorf("%.40q: the Russian refusal is the English one", c.text)
		}
	}
}

// APP-PASS-1: the names of a pass-and-play table, checked before anyone is seated.
func TestParsePassNames(t *testing.T) {
	cases := []struct {
		text string
		want int
		err  error
	}{
		{"Maya\nLeo\nNadia", 3, nil},
		{" Maya \n\n Leo ", 2, nil},
		{"Maya", 0, errPassTooFew},
		{"Maya\nMaya", 0, errPassDuplicate},
	}
	for _, c := range cases {
		names, err := parsePassNames(c.text)
		if err != c.err || len(names) != c.want {
			t.Errorf("%q: %v, %v; want %d names, error %v", c.text, names, err, c.want, c.err)
		}
	}
	if _, err := parsePassNames("Maya\n" + strings.Repeat("y", 100)); err == nil {
		t.Error("a name that is too long was accepted")
	}
}

// accuseTag is the opening tag of the accuse button.
func accuseTag(html string) string {
	i := strings.Index(html, `id="accuse"`)
	if i < 0 {
		return ""
	}
	start := strings.LastIndex(html[:i], "<")
	end := strings.Index(html[i:], ">")
	return html[start : i+end]
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

// APP-LOBBY-1: the host gets a menu (rename, move, remove) on every other player's row; a
// guest gets none.
func TestLobbySeatMenus(t *testing.T) {
	cases := []struct {
		host  bool
		menus int
	}{
		{true, 2},
		{false, 0},
	}
	for _, c := range cases {
		s := lobbyShell(c.host, false, true)
		s.lobby.Players[1].You = false
		s.lobby.Players[0].You = c.host // the host's own row has no menu
		html := render(t, s)
		if n := strings.Count(html, `class="seat-menu"`); n != c.menus {
			t.Errorf("host=%v: %d seat menus, want %d", c.host, n, c.menus)
		}
		if n := strings.Count(html, `seat-menu-open`); n != c.menus {
			t.Errorf("host=%v: %d menu buttons, want %d", c.host, n, c.menus)
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
			if n := count(html, `class="sf-points-table"`); n != 1 {
				t.Fatalf("%d rounds, seat %d: %d score tables, want 1", rounds, s.ID, n)
			}
			if !strings.Contains(html, `id="round-result"`) {
				t.Fatalf("%d rounds, seat %d: the last round's result is missing", rounds, s.ID)
			}
		}
	}
}
