package game

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"safehouse/app/i18n"
	"safehouse/app/session"
	"safehouse/engine"
	"safehouse/engine/spyfest"
)

// The secrets a Spyfest game may have swapped between its two runs.
const (
	secretKeyword   = "keyword"   // the Spy's own keyword of one round
	secretCharacter = "character" // the character of one round
	secretNotes     = "notes"     // one team's note in one round
)

type spyfestGame struct {
	names    []string // the players, then the spectator
	teams    [2][]int
	settings spyfest.Config
	round    int
	secret   string
}

func randomSpyfestGame(rng *rand.Rand) spyfestGame {
	n := 4 + rng.IntN(4)
	g := spyfestGame{round: 1 + rng.IntN(3)}
	for i := 0; i < n; i++ {
		g.names = append(g.names, string(rune('A'+i))+"gent")
		g.teams[i%2] = append(g.teams[i%2], i)
	}
	g.names = append(g.names, "Screen")
	g.secret = []string{secretKeyword, secretCharacter, secretNotes}[rng.IntN(3)]
	eds := []string{spyfest.EditionSpyfest, spyfest.EditionSpycon}
	decks := []string{spyfest.DeckFictional, spyfest.DeckNonFictional}
	cfg := spyfest.Config{
		Edition: eds[rng.IntN(2)], Deck: decks[rng.IntN(2)], Keywords: []string{spyfest.KeywordsA, spyfest.KeywordsB}[rng.IntN(2)],
		Carpet: map[spyfest.Effect]int{spyfest.CarpetEffects[rng.IntN(len(spyfest.CarpetEffects))]: 1 + rng.IntN(2)},
	}
	if rng.IntN(3) == 0 {
		cfg.NoCarpet, cfg.VictoryVP, cfg.Carpet = true, 2+rng.IntN(3), nil
	}
	// A short deck ends the game within a few rounds (SX-GUESS-8). Most games play a small
	// custom deck and keyword sets, which keep every view small; some the built-in deck with
	// removals. Both are lobby settings like any other.
	if rng.IntN(10) == 0 {
		for _, c := range spyfest.Sheet(cfg.Edition, cfg.Deck)[6:] {
			cfg.Removed = append(cfg.Removed, c.ID)
		}
	} else {
		for i := 0; i < 8; i++ {
			id := fmt.Sprintf("c%d", i)
			cfg.Sheet[i%spyfest.Quarters] = append(cfg.Sheet[i%spyfest.Quarters],
				spyfest.Character{ID: id, Name: engine.Text{"en": "Character " + id}, Overview: engine.Text{"en": "Made up " + id}})
		}
		cfg.KeywordSets = map[string][]spyfest.Keyword{}
		for _, set := range []string{spyfest.KeywordsA, spyfest.KeywordsB} {
			for i := 0; i < 6; i++ {
				id := fmt.Sprintf("%s%d", set, i)
				cfg.KeywordSets[set] = append(cfg.KeywordSets[set], spyfest.Keyword{ID: id, Name: engine.Text{"en": "Thing " + id}})
			}
		}
	}
	g.settings = cfg
	return g
}

// swapSpyfestSecret swaps the round's keyword or character with one still in its deck, so
// only that secret changes.
func swapSpyfestSecret(t *testing.T, g spyfestGame, pick uint64) func(r *Room) bool {
	return func(r *Room) bool {
		if r.spyfestEngine() == nil || r.spyfestEngine().Round() != g.round || r.spyfestEngine().Phase() == spyfest.PhaseOver {
			return false
		}
		phase := r.spyfestEngine().Phase()
		if phase != spyfest.PhaseDescribing && (g.secret == secretCharacter || phase != spyfest.PhaseKeep) {
			return false
		}
		snap, err := r.spyfestEngine().MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		snap = patchJSON(t, snap, func(st map[string]any) {
			round := st["round"].(map[string]any)
			if round["effect"] == string(spyfest.EffectReverseRound) {
				return
			}
			field, deckName := "keywords", "keyword_deck"
			if g.secret == secretCharacter {
				field, deckName = "character", "character_deck"
			}
			deck, _ := st[deckName].([]any)
			if len(deck) == 0 {
				return
			}
			j := pick % uint64(len(deck))
			if g.secret == secretCharacter {
				round[field], deck[j] = deck[j], round[field]
				return
			}
			kws := round[field].([]any)
			kws[0], deck[j] = deck[j], kws[0]
		})
		if err := r.spyfestEngine().UnmarshalBinary(snap); err != nil {
			t.Fatalf("swapped snapshot refused: %v", err)
		}
		return true
	}
}

// spyfestScript plays from the spectator's public view; only the Spy's Keep and quarter
// choices read the Spy's own view, as a Spy would. With notes, the first describing moment of
// the chosen round gets one team note whose mark is the run's: the only difference of runs.
func spyfestScript(clock *testClock, g spyfestGame, players int, noteMark spyfest.Mark, noteTeam *int) script {
	noted := false
	return func(tb *table, rng *rand.Rand) (int, session.Intent, bool) {
		tv := tb.view(players)
		v := tv.Spyfest
		if v == nil || v.Phase == spyfest.PhaseOver {
			return 0, session.Intent{}, false
		}
		act := func(seat int, a spyfest.Action) (int, session.Intent, bool) {
			in, _ := Action(a)
			return seat, in, true
		}
		pickOf := func(s []engine.Seat) int { return int(s[rng.IntN(len(s))]) }
		active := v.Teams[v.ActiveTeam].Members
		var nonSpies []engine.Seat
		for t := range v.Teams {
			for _, s := range v.Teams[t].Members {
				if s != v.Spy {
					nonSpies = append(nonSpies, s)
				}
			}
		}
		anyone := rng.IntN(players)
		var names []string
		for _, e := range v.Sheet {
			if !e.Out {
				names = append(names, e.ID)
			}
		}
		if v.Effect == spyfest.EffectReverseRound {
			names = names[:0]
			for _, k := range v.Keywords {
				if !k.Out {
					names = append(names, k.ID)
				}
			}
		}
		jump := func(at engine.Instant) (int, session.Intent, bool) {
			clock.Set(int64(at))
			tb.host.Advance()
			tb.settle()
			return -1, session.Intent{}, true
		}
		switch v.Phase {
		case spyfest.PhaseSpyChoice:
			spy := v.SuggestedSpy
			if rng.IntN(3) == 0 {
				spy = engine.Seat(pickOf(active))
			}
			return act(pickOf(active), spyfest.ChooseSpy{Round: v.Round, Spy: spy})
		case spyfest.PhaseDraw:
			if rng.IntN(4) == 0 {
				return act(pickOf(active), spyfest.Play{Round: v.Round, Card: spyfest.CardTwoCharacters})
			}
			return act(int(v.Spy), spyfest.Draw{Round: v.Round})
		case spyfest.PhaseKeep:
			own := tb.view(int(v.Spy)).Spyfest
			return act(int(v.Spy), spyfest.Keep{Round: v.Round, Character: own.Candidates[rng.IntN(len(own.Candidates))]})
		case spyfest.PhaseDescribing:
			if g.secret == secretNotes && !noted && v.Round == g.round {
				noted = true
				*noteTeam = rng.IntN(2)
				var writers []engine.Seat
				for _, s := range v.Teams[*noteTeam].Members {
					if s != v.Spy {
						writers = append(writers, s)
					}
				}
				return act(pickOf(writers), spyfest.Note{Round: v.Round, ID: names[rng.IntN(len(names))], Mark: noteMark})
			}
			cards := []spyfest.Card{spyfest.CardAsk, spyfest.CardAnotherKeyword}
			if g.secret != secretCharacter {
				cards = append(cards, spyfest.CardCrossQuarter)
			}
			switch k := rng.IntN(12); {
			case v.Question != spyfest.NoTeam:
				return act(int(v.Spy), spyfest.Answer{Round: v.Round, Yes: rng.IntN(2) == 0})
			case v.QuarterBy != spyfest.NoTeam:
				own := tb.view(int(v.Spy)).Spyfest
				return act(int(v.Spy), spyfest.CrossQuarter{Round: v.Round, Quarter: own.ValidQuarters[rng.IntN(len(own.ValidQuarters))]})
			case k < 4:
				return act(pickOf(nonSpies), spyfest.Stop{Round: v.Round})
			case k < 6:
				return act(anyone, spyfest.Play{Round: v.Round, Card: cards[rng.IntN(len(cards))]})
			case k < 8:
				marks := []spyfest.Mark{spyfest.MarkMaybe, spyfest.MarkMinus, spyfest.MarkCross}
				return act(pickOf(nonSpies), spyfest.Note{Round: v.Round, ID: names[rng.IntN(len(names))], Mark: marks[rng.IntN(3)]})
			case k < 9 && v.Idle == 0:
				return act(pickOf(nonSpies), spyfest.StartIdle{Round: v.Round})
			case v.Idle != 0:
				return jump(v.Idle)
			default:
				// Time moves only by jumps followed by the host's Advance (see spyfallScript).
				return act(anyone, spyfest.Draw{Round: v.Round}) // out of phase: refused
			}
		case spyfest.PhaseStopped:
			if v.Window != 0 && rng.IntN(4) == 0 {
				return jump(v.Window)
			}
			guessers := v.Teams[v.Guessing].Members
			return act(pickOf(guessers), spyfest.Guess{Round: v.Round, Attempt: v.Attempt, Names: []string{names[rng.IntN(len(names))]}})
		}
		return 0, session.Intent{}, false
	}
}

// spyfestRevealed: from the end of the swapped round (or a wrong guess in it, which tells
// what the secret is not) the secret is public.
func spyfestRevealed(round int) func(string) bool {
	return func(msg string) bool {
		tv := decodeMsg(msg)
		if tv == nil || tv.Spyfest == nil {
			return false
		}
		v := tv.Spyfest
		if v.Round > round || v.Phase == spyfest.PhaseOver {
			return true
		}
		if v.Round < round {
			return false
		}
		return slices.ContainsFunc(v.Sheet, func(e spyfest.SheetEntry) bool { return e.Wrong }) ||
			slices.ContainsFunc(v.Keywords, func(e spyfest.KeywordEntry) bool { return e.Wrong })
	}
}

// APP-HID-1 (issue 6): non-interference for Spyfest. Each game is played twice over the
// session layer, changing only the Spy's keyword of one round (compared for the
// intercepting team), its character (everyone but the Spy), or a team's note (the other
// team and the Spy); the spectator is always compared. Those seats must receive the same
// bytes in both runs, lobby and setup included, until the round ends.
func TestSpyfestSecretsDoNotReachOtherSeats(t *testing.T) {
	games := secrecyGames(4) // a Spyfest game is several Spyfall rounds long
	compared, differedForKnowers, complete, searched := 0, 0, 0, 0
	for game := 0; game < games; game++ {
		rng := rand.New(rand.NewPCG(uint64(game), 2))
		g := randomSpyfestGame(rng)
		players := len(g.names) - 1
		var setup []session.Intent
		setup = append(setup, SetSettings(spyfestSettings(g.settings)))
		for t, members := range g.teams {
			for _, s := range members {
				setup = append(setup, AssignTeam(session.Seat(s), t))
			}
		}
		setup = append(setup, Start())
		pick := rng.Uint64()
		noteTeams := [2]int{-1, -1}
		run := func(b int) []record {
			clock := newTestClock()
			room := NewRoom(Options{Now: clock.Now, Seed: fixedSeeds(uint64(game) * 1000)})
			var table session.Table = room
			mark := spyfest.MarkMaybe
			if b == 1 {
				mark = spyfest.MarkCross
				if g.secret != secretNotes {
					table = &swapRoom{Room: room, swap: swapSpyfestSecret(t, g, pick)}
				}
			}
			return runScripted(t, table, g.names, players, uint64(game), 400, spyfestScript(clock, g, players, mark, &noteTeams[b]), setup)
		}
		a, b := run(0), run(1)
		if noteTeams[0] != noteTeams[1] {
			t.Fatalf("game %d: the runs noted for different teams", game)
		}
		if end := decodeMsg(a[players].got[len(a[players].got)-1]); end != nil && end.Spyfest.Phase == spyfest.PhaseOver {
			complete++
		}

		// The round's cast, from run A's spectator: the Spy, its team, the intercepting team.
		var cast *spyfest.View
		for _, msg := range a[players].got {
			if tv := decodeMsg(msg); tv != nil && tv.Spyfest != nil && tv.Spyfest.Round == g.round && tv.Spyfest.Spy != engine.NoSeat &&
				tv.Spyfest.Phase != spyfest.PhaseSpyChoice {
				cast = tv.Spyfest
				break
			}
		}
		if cast == nil {
			continue // the game ended before that round
		}
		teamOf := func(seat int) int {
			for t := range cast.Teams {
				if slices.Contains(cast.Teams[t].Members, engine.Seat(seat)) {
					return t
				}
			}
			return -1
		}
		reverse := cast.Effect == spyfest.EffectReverseRound
		cut := revealStep(a[players], b[players], spyfestRevealed(g.round))
		secretIDs, secretNames := spyfestSecrets(g.secret, g.round, a[cast.Spy], b[cast.Spy])
		if len(secretIDs) > 0 {
			searched++
		}
		differed := false
		for seat := 0; seat <= players; seat++ {
			isSpy, team := engine.Seat(seat) == cast.Spy, teamOf(seat)
			mayKnow, untilEnd := false, true
			switch g.secret {
			case secretKeyword:
				mayKnow = isSpy || team == cast.ActiveTeam && !reverse
			case secretCharacter:
				mayKnow = isSpy || team == cast.ActiveTeam && reverse
			case secretNotes:
				mayKnow = team == noteTeams[0] && !isSpy
				// The other team and the spectator never see that team's notes.
				untilEnd = isSpy
			}
			if seat == players {
				mayKnow = false
			}
			stop := cut
			if !untilEnd {
				stop = math.MaxInt64
			}
			diff, n := samePrefix(a[seat], b[seat], stop)
			if mayKnow {
				differed = differed || diff >= 0
				continue
			}
			if diff >= 0 {
				t.Fatalf("game %d (%s swapped in round %d, spy %d of team %d, note team %d): seat %d, who may not know it, received different bytes:\n%s",
					game, g.secret, g.round, cast.Spy, cast.ActiveTeam, noteTeams[0], seat, describeDiff(a[seat], b[seat], diff))
			}
			for _, r := range []record{a[seat], b[seat]} {
				if leak := spyfestSecretIn(r, stop, g.round, secretIDs, secretNames); leak != "" {
					t.Fatalf("game %d (%s swapped in round %d): seat %d, who may not know it, received %q", game, g.secret, g.round, seat, leak)
				}
			}
			compared += n
		}
		if differed {
			differedForKnowers++
		}
	}
	if differedForKnowers < games/3 {
		t.Fatalf("the swap changed the knowing seats' views in only %d of %d games", differedForKnowers, games)
	}
	if complete < games*8/10 {
		t.Fatalf("only %d of %d scripted games reached their end", complete, games)
	}
	if searched < games/3 {
		t.Fatalf("the secret was looked for by id and name in only %d of %d games", searched, games)
	}
	t.Logf("%d games (%d complete), %d messages compared, knowing seats differed in %d games", games, complete, compared, differedForKnowers)
}

// spyfestSecrets reads the swapped secret of a round from the Spy's own views in both runs:
// the character's or the keywords' ids, and the names of built-in ones in every language's
// pack (a view carries ids, never names: issue 21). A note swap has none.
func spyfestSecrets(secret string, round int, runs ...record) (ids, names []string) {
	for _, r := range runs {
		for _, msg := range r.got {
			tv := decodeMsg(msg)
			if tv == nil || tv.Spyfest == nil || tv.Spyfest.Round != round {
				continue
			}
			switch v := tv.Spyfest; {
			case secret == secretCharacter && v.Character != "":
				ids = append(ids, v.Character)
			case secret == secretKeyword:
				ids = append(ids, v.MyKeywords...)
			}
		}
	}
	slices.Sort(ids)
	ids = slices.Compact(ids)
	for _, id := range ids {
		for _, l := range i18n.Available() {
			if _, builtin := spyfest.CharacterByID(id); builtin {
				names = append(names, i18n.CharacterName(l, id))
			} else if kw := i18n.KeywordName(l, id); kw != id {
				names = append(names, kw)
			}
		}
	}
	return ids, names
}

// spyfestSecretIn returns the first sign of the secret in a message of r before step stop: a
// view of that round whose Spy card shows one of ids, or one of names anywhere ("" if none).
func spyfestSecretIn(r record, stop int64, round int, ids, names []string) string {
	for i, msg := range r.got {
		if r.steps[i] >= stop {
			break
		}
		for _, n := range names {
			if strings.Contains(msg, n) {
				return n
			}
		}
		if tv := decodeMsg(msg); tv != nil && tv.Spyfest != nil && tv.Spyfest.Round == round {
			for _, id := range ids {
				if tv.Spyfest.Character == id || slices.Contains(tv.Spyfest.MyKeywords, id) {
					return id
				}
			}
		}
	}
	return ""
}
