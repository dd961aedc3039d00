package game

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"safehouse/app/i18n"
	"safehouse/app/session"
	"safehouse/engine"
	"safehouse/engine/spyfall"
)

// spyfallGame is one random game setup for the secrecy test.
type spyfallGame struct {
	names    []string // the players, then the spectator
	settings spyfall.Config
	round    int  // the round whose secret is swapped
	spy      bool // swap which seat is a spy (else the location)
}

func randomSpyfallGame(rng *rand.Rand) spyfallGame {
	editions := []spyfall.Edition{spyfall.Classic, spyfall.Spyfall2, spyfall.TimeTravel}
	ed := editions[rng.IntN(len(editions))]
	team := ed == spyfall.TimeTravel && rng.IntN(2) == 0
	lo, hi := spyfall.PlayerRange(ed, team)
	n := lo + rng.IntN(min(hi, 7)-lo+1)
	g := spyfallGame{spy: rng.IntN(2) == 0}
	for i := 0; i < n; i++ {
		g.names = append(g.names, string(rune('A'+i))+"gent")
	}
	g.names = append(g.names, "Screen")
	cfg := spyfall.Config{Edition: ed, Rounds: 1 + rng.IntN(2), QuestionTracker: rng.IntN(2) == 0, HideRoles: rng.IntN(4) == 0}
	rounds := cfg.Rounds
	if team {
		// SF-TEAM-7: every seat captains once, two captains a round.
		cfg.Team, cfg.Rounds, cfg.QuestionTracker, rounds = true, 0, false, (n+1)/2
	}
	if ed == spyfall.Spyfall2 && n >= 6 && rng.IntN(2) == 0 {
		cfg.Spies, cfg.OldPals = 2, rng.IntN(2) == 0
	}
	if ed == spyfall.TimeTravel && n == 3 && rng.IntN(2) == 0 {
		cfg.NormalThreePlayer = true
	}
	// A few locations keep every view small; the exclusions are a lobby setting like any other.
	pack, _ := spyfall.BuiltinPack(string(ed))
	for _, l := range pack.Locations[6:] {
		cfg.Exclude = append(cfg.Exclude, l.ID)
	}
	cfg.FairRotation = !g.spy && !team && rng.IntN(2) == 0
	g.settings = cfg
	g.round = 1 + rng.IntN(rounds)
	return g
}

// swapSpyfallSecret changes only the secret of the round in play: the location (every card
// and the table card that show it; in a team round one of the two captains' locations), or
// which seat holds a spy card (in a team round, only agents: captains hold location cards).
func swapSpyfallSecret(t *testing.T, g spyfallGame, pick uint64) func(r *Room) bool {
	dealt := spyfall.PhaseDealt
	if g.settings.Team {
		dealt = spyfall.PhaseTeamLead
	}
	return func(r *Room) bool {
		if r.spyfallEngine() == nil || r.spyfallEngine().Round() != g.round || r.spyfallEngine().Phase() != dealt {
			return false
		}
		snap, err := r.spyfallEngine().MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		swapped := false
		snap = patchJSON(t, snap, func(st map[string]any) {
			cur := st["cur"].(map[string]any)
			cards := cur["cards"].([]any)
			captain := map[int]bool{}
			if team, ok := cur["team"].(map[string]any); ok {
				for _, c := range team["captains"].([]any) {
					captain[num(c)] = true
				}
			}
			if g.spy {
				var spies, others []int
				for i, c := range cards {
					card := c.(map[string]any)
					switch {
					case card["dealt"] != true || captain[i]:
					case card["spy"] == true:
						spies = append(spies, i)
					default:
						others = append(others, i)
					}
				}
				if len(spies) == 0 || len(others) == 0 {
					return
				}
				a, b := spies[pick%uint64(len(spies))], others[(pick/7)%uint64(len(others))]
				cards[a], cards[b] = cards[b], cards[a]
				list := []int{}
				for _, s := range spies {
					if s != a {
						list = append(list, s)
					}
				}
				list = append(list, b)
				slices.Sort(list)
				cur["spies"] = list
				swapped = true
				return
			}
			which := "loc"
			if len(captain) > 0 && pick%2 == 1 {
				which = "loc2" // the second captain's location
			}
			old := num(cur[which])
			played := st["played"].([]any)
			locations := st["locations"].([]any)
			maxRole := 0
			for _, c := range cards {
				maxRole = max(maxRole, num(c.(map[string]any)["role"]))
			}
			var free []int
			for i, p := range played {
				loc := locations[i].(map[string]any)
				roles, _ := loc["roles"].([]any)
				if p != true && i != old && max(len(roles), num(loc["role_count"])) > maxRole {
					free = append(free, i)
				}
			}
			if len(free) == 0 {
				return
			}
			nu := free[pick%uint64(len(free))]
			moveCard := func(c any) {
				if card, ok := c.(map[string]any); ok && card["dealt"] == true && num(card["loc"]) == old && card["spy"] != true {
					card["loc"] = nu
				}
			}
			for _, c := range cards {
				moveCard(c)
			}
			moveCard(cur["table"])
			cur[which] = nu
			played[old], played[nu] = false, true
			swapped = true
		})
		if !swapped {
			return true // nothing to swap in this game: both runs stay equal
		}
		if err := r.spyfallEngine().UnmarshalBinary(snap); err != nil {
			t.Fatalf("swapped snapshot refused: %v", err)
		}
		return true
	}
}

// spyfallScript plays from the spectator's public view only.
func spyfallScript(clock *testClock, players int) script {
	return func(tb *table, rng *rand.Rand) (int, session.Intent, bool) {
		tv := tb.view(players) // the spectator
		v := tv.Spyfall
		if v == nil || v.Phase == spyfall.PhaseGameOver {
			return 0, session.Intent{}, false
		}
		anyone := rng.IntN(players)
		seatOf := func(e engine.Seat) int {
			if s := tv.SessionSeat(e); s >= 0 {
				return int(s)
			}
			return anyone
		}
		randomSuspect := engine.Seat(rng.IntN(len(v.Seats)))
		randomLocation := v.Locations[rng.IntN(len(v.Locations))].ID
		act := func(seat int, a spyfall.Action) (int, session.Intent, bool) {
			in, _ := Action(a)
			return seat, in, true
		}
		switch v.Phase {
		case spyfall.PhaseLobby, spyfall.PhaseRoundOver:
			return act(anyone, spyfall.Deal{Round: v.Round + 1})
		case spyfall.PhaseDealt:
			if rng.IntN(4) == 0 {
				return act(anyone, spyfall.StartClock{Round: v.Round})
			}
			return act(seatOf(v.Dealer), spyfall.StartClock{Round: v.Round})
		case spyfall.PhasePlaying:
			switch k := rng.IntN(20); {
			case k < 2:
				clock.Set(int64(v.Clock.Deadline))
				tb.host.Advance()
				tb.settle()
				return -1, session.Intent{}, true
			case k < 4:
				return act(anyone, spyfall.Guess{Round: v.Round, Location: randomLocation})
			case k < 7:
				return act(anyone, spyfall.Accuse{Round: v.Round, Suspect: randomSuspect})
			case k < 8 && v.TableCard:
				return act(anyone, spyfall.RevealTable{Round: v.Round})
			case v.Settings.QuestionTracker:
				return act(seatOf(v.Asker), spyfall.Ask{Round: v.Round, Question: v.Question, Target: randomSuspect})
			default:
				// Time moves only by the jumps above, each followed by the host's Advance: a
				// clock left past a deadline would let the host's own timer race the script.
				return act(anyone, spyfall.Accuse{Round: v.Round - 1, Suspect: randomSuspect}) // stale: refused
			}
		case spyfall.PhaseVote, spyfall.PhaseEndVote:
			vote := v.Vote
			voter := anyone
			for _, s := range vote.Voters {
				if !slices.Contains(vote.Voted, s) {
					voter = seatOf(s)
					break
				}
			}
			return act(voter, spyfall.Vote{Vote: vote.ID, Yes: rng.IntN(3) > 0})
		case spyfall.PhaseSpyGuess:
			return act(seatOf(v.SpyGuess.Second), spyfall.Guess{Round: v.Round, Location: randomLocation})
		case spyfall.PhaseEndAccuse:
			return act(seatOf(v.EndTurn), spyfall.Accuse{Round: v.Round, Suspect: randomSuspect})
		case spyfall.PhaseTeamLead:
			captains := v.Team.Captains
			return act(seatOf(captains[rng.IntN(2)]), spyfall.Lead{Round: v.Round, Captain: captains[rng.IntN(2)]})
		case spyfall.PhaseTeamPick:
			var free []engine.Seat
			for _, a := range v.Team.Agents {
				if !slices.Contains(v.Team.Picked[0], a) && !slices.Contains(v.Team.Picked[1], a) {
					free = append(free, a)
				}
			}
			if len(free) == 0 || rng.IntN(4) == 0 {
				return act(seatOf(v.Team.Turn), spyfall.StopPicking{Round: v.Round, Turn: v.Team.PickNo})
			}
			return act(seatOf(v.Team.Turn), spyfall.Pick{Round: v.Round, Turn: v.Team.PickNo, Agent: free[rng.IntN(len(free))]})
		case spyfall.PhaseTeamGuess:
			guess := spyfall.GuessBoth{Round: v.Round, Locations: [2]string{randomLocation, v.Locations[rng.IntN(len(v.Locations))].ID}}
			if v.Team.SpyPicked != engine.NoSeat {
				return act(seatOf(v.Team.SpyPicked), guess)
			}
			// Nobody picked the spy, and the public view does not say who it is: a random
			// seat tries (a refusal goes to that seat alone) until the spy speaks.
			return act(anyone, guess)
		}
		return 0, session.Intent{}, false
	}
}

// spyfallRevealed reports whether a message shows the end of the swapped round or a phase
// that names spies (the two-spy guess, a team captain picking the spy): from there the
// secret is public.
func spyfallRevealed(round int) func(string) bool {
	return func(msg string) bool {
		tv := decodeMsg(msg)
		if tv == nil || tv.Spyfall == nil {
			return false
		}
		v := tv.Spyfall
		switch {
		case v.Round > round:
			return true
		case v.Round < round:
			return false
		}
		switch v.Phase {
		case spyfall.PhaseRoundOver, spyfall.PhaseGameOver, spyfall.PhaseSpyGuess:
			return true
		}
		return v.Team != nil && v.Team.SpyPicked != engine.NoSeat
	}
}

// APP-HID-1 (issue 5): non-interference. Each game, of any edition or the team variant, is
// played twice over the real session layer with the same script, changing only one secret of
// one round (a location, or which seat is a spy). Every seat that may not know that secret
// (the spies and, in a team round, the seats of the other location, for a location; everyone
// but the two swapped seats and the other spies, for the spy; always the spectator) must
// receive exactly the same bytes in both runs, lobby and setup included, until the secret
// becomes public (the end of the round, or a captain picking the spy).
func TestSpyfallSecretsDoNotReachOtherSeats(t *testing.T) {
	games := secrecyGames(10) // under -race, enough for the team variant to come up
	compared, differedForKnowers, complete, teamGames, searched := 0, 0, 0, 0, 0
	for game := 0; game < games; game++ {
		rng := rand.New(rand.NewPCG(uint64(game), 1))
		g := randomSpyfallGame(rng)
		if g.settings.Team {
			teamGames++
		}
		players := len(g.names) - 1
		setup := []session.Intent{SetSettings(spyfallSettings(g.settings)), Start()}
		pick := rng.Uint64()
		run := func(swap bool) []record {
			clock := newTestClock()
			room := NewRoom(Options{Now: clock.Now, Seed: fixedSeeds(uint64(game) * 1000)})
			var table session.Table = room
			if swap {
				table = &swapRoom{Room: room, swap: swapSpyfallSecret(t, g, pick)}
			}
			return runScripted(t, table, g.names, players, uint64(game), 300, spyfallScript(clock, players), setup)
		}
		a, b := run(false), run(true)

		// Who may know the secret of the swapped round: read from run A's and B's own views of
		// that round (a seat's own card says whether it is a spy).
		knows := make([]bool, players+1)
		cardIn := func(tr record) *spyfall.CardView {
			for _, msg := range tr.got {
				tv := decodeMsg(msg)
				if tv != nil && tv.Spyfall != nil && tv.Spyfall.Round == g.round && tv.Spyfall.Card != nil {
					return tv.Spyfall.Card
				}
			}
			return nil
		}
		for seat := 0; seat < players; seat++ {
			cardA, cardB := cardIn(a[seat]), cardIn(b[seat])
			switch {
			case cardA == nil:
			case g.spy:
				knows[seat] = cardA.Spy || cardB != nil && cardB.Spy
			case g.settings.Team:
				// Two locations: only the seats whose card shows the swapped one know it.
				knows[seat] = !cardA.Spy && (cardB == nil || cardB.Location == nil || cardA.Location.ID != cardB.Location.ID)
			default:
				knows[seat] = !cardA.Spy
			}
		}
		if end := decodeMsg(a[players].got[len(a[players].got)-1]); end != nil && end.Spyfall.Phase == spyfall.PhaseGameOver {
			complete++
		}
		cut := revealStep(a[players], b[players], spyfallRevealed(g.round))
		// Besides the bytes compared below, the secret itself is looked for: in a game whose
		// location is swapped (one location a round: a team round deals two, and who holds which
		// moves as captains pick), the location of a knowing seat's card in either run, as a card names it (its id) and by its name in
		// every language (a view carries ids, never names: issue 21).
		var secrets []string
		for seat := 0; seat < players; seat++ {
			for _, c := range []*spyfall.CardView{cardIn(a[seat]), cardIn(b[seat])} {
				if !g.spy && !g.settings.Team && knows[seat] && c != nil && c.Location != nil {
					secrets = append(secrets, locationSecrets(c.Location.ID)...)
				}
			}
		}
		differed := false
		if len(secrets) > 0 {
			searched++
		}
		for seat := range knows {
			diff, n := samePrefix(a[seat], b[seat], cut)
			if knows[seat] {
				differed = differed || diff >= 0
				continue
			}
			if diff >= 0 {
				t.Fatalf("game %d (%+v): seat %d, who may not know the swapped secret, received different bytes:\n%s",
					game, g, seat, describeDiff(a[seat], b[seat], diff))
			}
			for _, r := range []record{a[seat], b[seat]} {
				if leak := secretIn(r, cut, secrets); leak != "" {
					t.Fatalf("game %d (%+v): seat %d, who may not know the secret, received %q", game, g, seat, leak)
				}
			}
			compared += n
		}
		if differed {
			differedForKnowers++
		}
	}
	// The test must be able to fail: the swap really changed what the knowing seats saw.
	if differedForKnowers < games/3 {
		t.Fatalf("the swap changed the knowing seats' views in only %d of %d games", differedForKnowers, games)
	}
	if complete < games*9/10 {
		t.Fatalf("only %d of %d scripted games reached their end", complete, games)
	}
	if teamGames == 0 {
		t.Fatal("no game of the team variant was played")
	}
	if searched < games/4 {
		t.Fatalf("the location was looked for by id and name in only %d of %d games", searched, games)
	}
	t.Logf("%d games (%d of the team variant, %d complete), %d messages compared, knowing seats differed in %d games",
		games, teamGames, complete, compared, differedForKnowers)
}

// locationSecrets are the ways a message could say a location: as a card names it, and by
// its name in every language's pack.
func locationSecrets(id string) []string {
	out := []string{`"location":{"id":"` + id + `"`, `"named":{"id":"` + id + `"`}
	for _, l := range i18n.Available() {
		out = append(out, i18n.LocationName(l, id))
	}
	return out
}

// secretIn returns the first of secrets found in a message of r before step cut ("" if none).
func secretIn(r record, cut int64, secrets []string) string {
	for i, msg := range r.got {
		if r.steps[i] >= cut {
			break
		}
		for _, s := range secrets {
			if strings.Contains(msg, s) {
				return s
			}
		}
	}
	return ""
}
