package spyfest

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"slices"
	"testing"

	"safehouse/engine"
	"safehouse/engine/enginetest"
)

const maxSteps = 20_000

var gamesFlag = flag.Int("spyfest.games", 0, "random games of the property test (default 3000; 10000 with SAFEHOUSE_LONG; 1000 with -short)")

// randomGames is the number of seeded random games of the property test: 3,000 in make test
// and 10,000 in make test-long (SAFEHOUSE_LONG). Every game runs every check; the count only
// decides how many rare paths the random games reach (see engine/spyfall's gamesPerVariant).
func randomGames() int {
	switch {
	case *gamesFlag > 0:
		return *gamesFlag
	case testing.Short():
		return 1000
	case os.Getenv("SAFEHOUSE_LONG") != "":
		return 10_000
	}
	return 3000
}

// Property test over random games (APP-HID-1 for this family): every game
// ends; VP and standee positions agree with the history; the cards add up;
// no view shows a secret to a seat that may not see it (SX-RND-3, SX-RC-8)
// nor team notes to the Spy or the other team (SX-RND-6); refusals never
// change the state; snapshots round-trip and the action log replays to the
// same bytes.
func TestRandomGamesAPPHID1(t *testing.T) {
	for seed := range uint64(randomGames()) {
		// Every 25th game also checks each refusal against a snapshot, and replays.
		if err := playChecked(seed, seed%25 == 0); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
}

func playChecked(seed uint64, deep bool) error {
	s, err := newSim(seed)
	if err != nil {
		return err
	}
	g := s.g
	steps := 0
	for ; g.Phase() != PhaseOver; steps++ {
		if steps == maxSteps {
			return errorf("the game did not end in %d steps (phase %s round %d)", maxSteps, g.Phase(), g.Round())
		}
		var before []byte
		if deep {
			before, _ = g.MarshalBinary()
		}
		seat, a, err := s.step()
		if err != nil {
			var r *engine.Refusal
			if !errors.As(err, &r) {
				return errorf("refusal of %#v from %d is not an *engine.Refusal: %v", a, seat, err)
			}
			if deep {
				if after, _ := g.MarshalBinary(); !bytes.Equal(before, after) {
					return errorf("refused %#v from %d (%v) changed the state", a, seat, err)
				}
			}
		}
		if err := checkInvariants(g); err != nil {
			return errorf("step %d after %#v: %v", steps, a, err)
		}
		if steps%20 == 0 {
			if err := checkViews(g); err != nil {
				return errorf("step %d after %#v from %d: %v", steps, a, seat, err)
			}
		}
	}
	if err := checkInvariants(g); err != nil {
		return err
	}
	if g.Winner() != NoTeam && g.st.Ended == EndVictory && !g.st.reachedVictory(g.Winner()) {
		return errorf("team %d won without reaching Victory", g.Winner())
	}
	if deep {
		return checkReplayAndSnapshot(s)
	}
	return nil
}

type propertyError string

func (e propertyError) Error() string { return string(e) }

func errorf(format string, args ...any) error {
	return propertyError(fmt.Sprintf(format, args...))
}

// checkInvariants: VP and standees agree (SX-GUESS-4, SX-RC-9); every
// character and keyword card is somewhere exactly once (SX-GUESS-7).
func checkInvariants(g *Game) error {
	st := &g.st
	for t := range st.Teams {
		vp := 0
		for _, h := range st.History {
			if h.Scorer == t {
				vp += h.VP
			}
		}
		if vp != st.Teams[t].VP {
			return errorf("team %d has %d VP, its rounds add up to %d", t, st.Teams[t].VP, vp)
		}
		if st.Track != nil && st.Teams[t].Position != min(vp, len(st.Track)-1) {
			return errorf("team %d: standee at %d with %d VP", t, st.Teams[t].Position, vp)
		}
		if st.Track == nil && st.Teams[t].Position != 0 {
			return errorf("a standee moved without a carpet")
		}
	}
	r := &st.Round
	cards := len(st.CharacterDeck) + len(st.Out) + len(r.Candidates)
	if r.Character != "" && st.Phase != PhaseOver && st.Phase != PhaseSpyChoice {
		cards++
	}
	if cards != len(st.Sheet) {
		return errorf("%d character cards accounted for, the sheet lists %d", cards, len(st.Sheet))
	}
	keywords := len(st.KeywordDeck)
	if st.Phase != PhaseOver && st.Phase != PhaseSpyChoice {
		keywords += len(r.Keywords) + len(r.KeywordsOut)
	}
	if keywords != len(st.KeywordSets[st.KeywordSet]) {
		return errorf("%d keyword cards accounted for, the set has %d", keywords, len(st.KeywordSets[st.KeywordSet]))
	}
	return nil
}

// checkViews looks at every seat's view (and spectators') for secrets and
// notes it may not hold.
func checkViews(g *Game) error {
	st := &g.st
	r := &st.Round
	inRound := st.Phase != PhaseSpyChoice && st.Phase != PhaseOver
	seats := append(append(slices.Clone(st.Teams[0].Members), st.Teams[1].Members...), engine.NoSeat, 99)
	for _, seat := range seats {
		v := g.View(seat)
		team := st.teamOf(seat)
		isSpy := seat == r.Spy && team != NoTeam
		mayCharacter := isSpy || (team == r.Team && r.reverse())
		mayKeywords := isSpy || (team == r.Team && !r.reverse())
		secretsOnly := v
		secretsOnly.Sheet, secretsOnly.Keywords, secretsOnly.History = nil, nil, nil
		b, err := json.Marshal(secretsOnly)
		if err != nil {
			return err
		}
		has := func(id string) bool { return bytes.Contains(b, []byte(`"`+id+`"`)) }
		if inRound {
			if r.Character != "" && !mayCharacter && has(r.Character) {
				return errorf("seat %d (%s) sees the character", seat, v.Role)
			}
			for _, c := range r.Candidates {
				if !isSpy && has(c) {
					return errorf("seat %d (%s) sees a drawn character", seat, v.Role)
				}
			}
			for _, k := range r.Keywords {
				if !mayKeywords && has(k) {
					return errorf("seat %d (%s) sees a keyword of the Spy's team (reverse %v)", seat, v.Role, r.reverse())
				}
			}
			if mayKeywords && !slices.Equal(v.MyKeywords, r.Keywords) {
				return errorf("seat %d (%s) misses its keywords", seat, v.Role)
			}
		}
		mayNotes := team != NoTeam && !isSpy
		seen := 0
		for _, e := range v.Sheet {
			if e.Note != MarkNone {
				seen++
				if !mayNotes || st.Notes[team][e.ID] != e.Note {
					return errorf("seat %d (%s) sees a note %q on %s that is not its team's", seat, v.Role, e.Note, e.ID)
				}
			}
		}
		for _, e := range v.Keywords {
			if e.Note != MarkNone {
				seen++
				if !mayNotes || st.Notes[team][e.ID] != e.Note {
					return errorf("seat %d (%s) sees a keyword note that is not its team's", seat, v.Role)
				}
			}
		}
		if mayNotes && seen != visibleNotes(st, team) {
			return errorf("seat %d sees %d of its team's notes, want %d", seat, seen, visibleNotes(st, team))
		}
	}
	return nil
}

// visibleNotes counts a team's notes on entries that are on the sheets in view.
func visibleNotes(st *state, team int) int {
	n := 0
	set := st.keywordIDs(st.KeywordSet)
	for id := range st.Notes[team] {
		if slices.ContainsFunc(st.Sheet, func(s SheetCharacter) bool { return s.ID == id }) || slices.Contains(set, id) {
			n++
		}
	}
	return n
}

// checkReplayAndSnapshot replays the log from the config and compares bytes,
// and restores a snapshot into a fresh Game.
func checkReplayAndSnapshot(s *sim) error {
	want, err := s.g.MarshalBinary()
	if err != nil {
		return err
	}
	re, err := New(s.cfg)
	if err != nil {
		return err
	}
	for i, l := range s.log {
		if err := enginetest.Play(re, l.Seat, l.Action, l.Now); err != nil {
			return errorf("replay step %d %#v refused: %v", i, l.Action, err)
		}
	}
	if got, _ := re.MarshalBinary(); !bytes.Equal(got, want) {
		return errorf("replay from config and log differs from the game")
	}
	var restored Game
	if err := restored.UnmarshalBinary(want); err != nil {
		return err
	}
	if got, _ := restored.MarshalBinary(); !bytes.Equal(got, want) {
		return errorf("snapshot does not round-trip")
	}
	return nil
}
