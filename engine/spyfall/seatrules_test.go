package spyfall

import (
	"fmt"
	"slices"

	"safehouse/engine"
)

// checkSeatRules checks, after an accepted action of a random game, the
// rules that depend on who is at the table: the spy count of a deal
// (SF-SET-3), the round clock a view shows (SF-SET-2), and the conviction
// threshold of a vote that just closed (SF-ACC-3).
func checkSeatRules(g *Game, c Config, a Action, lastVote int) error {
	if _, ok := a.(Deal); ok && g.s.Cur != nil {
		if err := checkDealtSpies(g, c); err != nil {
			return err
		}
		if v := g.View(engine.NoSeat); v.Clock != nil && v.Clock.Left != v.Clock.Length {
			return fmt.Errorf("a fresh clock shows %v left of %v", v.Clock.Left, v.Clock.Length)
		}
	}
	if lv := g.s.LastVote; lv != nil && lv.ID != lastVote {
		return checkVoteThreshold(g, lv)
	}
	return nil
}

// checkDealtSpies: the default follows the seats of each deal (1 up to 8, 2
// from 9); a picked count stays while legal for them (1 under 6, 2 at 12).
func checkDealtSpies(g *Game, c Config) error {
	r := g.s.Cur
	if r.Variant != Normal {
		return nil
	}
	n := r.dealtCount()
	want := 1
	if c.Edition == Spyfall2 {
		switch {
		case n < 6:
			want = 1
		case n >= 12:
			want = 2
		case c.Spies != 0:
			want = c.Spies
		case n >= 9:
			want = 2
		}
	}
	if len(r.Spies) != want {
		return fmt.Errorf("%s, %d seats, spies set to %d: %d spies dealt, want %d", c.Edition, n, c.Spies, len(r.Spies), want)
	}
	return nil
}

// checkVoteThreshold: a vote passes with some yes and no "no", or with two
// spies and at least 6 seats present with at most two; a host's pass counts
// neither way.
// Unless the host passed for someone, a passed two-spy vote had a non-spy's
// yes whenever a non-spy voted.
func checkVoteThreshold(g *Game, lv *VoteResult) error {
	if lv.Kind == VoteTable {
		return nil
	}
	var spies, absent []engine.Seat
	present := 0
	if r := g.s.Cur; r != nil {
		spies, present = r.Spies, r.presentCount()
		for i, gone := range r.Absent {
			if gone {
				absent = append(absent, engine.Seat(i))
			}
		}
	} else {
		res := lastResult(g)
		spies, absent, present = res.Spies, res.Absent, len(res.Cards)-len(res.Absent)
	}
	if slices.Contains(absent, lv.Suspect) {
		if lv.Passed {
			return fmt.Errorf("vote %d passed on an absent suspect", lv.ID)
		}
		return nil
	}
	for _, s := range lv.PassedFor {
		if slices.Contains(lv.Yes, s) || slices.Contains(lv.No, s) {
			return fmt.Errorf("vote %d counts seat %d, passed for by the host", lv.ID, s)
		}
	}
	no := len(lv.No)
	want := len(lv.Yes) > 0 && (no == 0 || len(spies) == 2 && present >= 6 && no <= 2)
	if lv.Passed != want {
		return fmt.Errorf("vote %d with %d spies, %d present, %d no: passed %v", lv.ID, len(spies), present, no, lv.Passed)
	}
	if !lv.Passed || len(spies) != 2 || len(lv.PassedFor) > 0 {
		return nil
	}
	nonSpy := func(s engine.Seat) bool { return !slices.Contains(spies, s) }
	if slices.ContainsFunc(append(slices.Clone(lv.Yes), lv.No...), nonSpy) && !slices.ContainsFunc(lv.Yes, nonSpy) {
		return fmt.Errorf("vote %d convicted seat %d on the spies' votes alone: yes %v no %v", lv.ID, lv.Suspect, lv.Yes, lv.No)
	}
	return nil
}
