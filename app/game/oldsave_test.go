package game

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"safehouse/app/session"
	"safehouse/engine"
	"safehouse/engine/spyfall"
	"safehouse/engine/spyfest"
)

// The saves in testdata/oldsave are what a host tab of the previous release (c8f8aa5) kept
// under "safehouse.host" (testdata/oldsave/generate_c8f8aa5.go.txt made them there), with
// every seat's view at the moment of the save. A host whose tab loads this release resumes
// them: restoreOld takes the path of app/resume.go (DecodeHostState, Room.UnmarshalBinary,
// then the host gives the room its roster).

// oldSave is one fixture: the stored bytes, the saved HostState, the room restored from it,
// and what every seat saw in the previous release.
type oldSave struct {
	st    session.HostState
	room  *Room
	clock *testClock
	old   []*testView // by session seat, as the previous release showed it
	raw   []map[string]any
}

func restoreOld(t *testing.T, name string) *oldSave {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "oldsave", name+".save"))
	if err != nil {
		t.Fatal(err)
	}
	st, err := session.DecodeHostState(data)
	if err != nil {
		t.Fatalf("the previous release's save is refused: %v", err)
	}
	// The previous release's views, read loosely: their names are not today's fields.
	viewsData, err := os.ReadFile(filepath.Join("testdata", "oldsave", name+".views.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Views []json.RawMessage `json:"views"`
	}
	if err := json.Unmarshal(viewsData, &doc); err != nil {
		t.Fatal(err)
	}
	o := &oldSave{st: st, clock: newTestClock()}
	for _, raw := range doc.Views {
		v := &testView{TableView: new(TableView), Spyfall: new(spyfall.View), Spyfest: new(spyfest.View)}
		var m map[string]any
		// Old role texts do not fit today's RoleRef: read what fits.
		_ = json.Unmarshal(raw, v.TableView)
		_ = json.Unmarshal(v.Game, v.Spyfall)
		_ = json.Unmarshal(v.Game, v.Spyfest)
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatal(err)
		}
		o.old, o.raw = append(o.old, v), append(o.raw, m)
	}
	// The host's clock stands where it stood at the save.
	o.clock.Set(o.old[0].Now)
	o.room = NewRoom(Options{Now: o.clock.Now, Seed: fixedSeeds(99)})
	if err := o.room.UnmarshalBinary(st.Game); err != nil {
		t.Fatalf("the previous release's game does not restore: %v", err)
	}
	var players []session.Player
	for _, s := range st.Seats {
		players = append(players, session.Player{Seat: session.Seat(s.Seat), Name: s.Name, Host: s.Host, Spectator: s.Spectator, Online: true})
	}
	o.room.SetRoster(players)
	return o
}

// oldCard is seat e's card in the previous release's view: spy, location id and role index
// (the old view named the role; the saved engine state knows its index).
type oldCard struct {
	spy  bool
	loc  string
	role int
}

func (o *oldSave) oldEngineState(t *testing.T) map[string]any {
	t.Helper()
	var snap struct {
		Spyfall json.RawMessage `json:"spyfall"`
		Spyfest json.RawMessage `json:"spyfest"`
	}
	if err := json.Unmarshal(o.st.Game, &snap); err != nil {
		t.Fatal(err)
	}
	var st map[string]any
	raw := snap.Spyfall
	if raw == nil {
		raw = snap.Spyfest
	}
	var b []byte
	if err := json.Unmarshal(raw, &b); err != nil { // the engine's bytes are base64 in the room's JSON
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &st); err != nil {
		t.Fatal(err)
	}
	return st
}

func (o *oldSave) oldCards(t *testing.T) []oldCard {
	st := o.oldEngineState(t)
	locs := st["locations"].([]any)
	var out []oldCard
	for _, c := range st["cur"].(map[string]any)["cards"].([]any) {
		c := c.(map[string]any)
		oc := oldCard{spy: c["spy"] == true, role: int(c["role"].(float64))}
		if l := int(c["loc"].(float64)); l >= 0 {
			oc.loc = locs[l].(map[string]any)["id"].(string)
		}
		out = append(out, oc)
	}
	return out
}

// checkSpyfall compares every seat's view today with the previous release's.
func (o *oldSave) checkSpyfall(t *testing.T) {
	t.Helper()
	cards := o.oldCards(t)
	for seat, old := range o.old {
		now := view(t, o.room, seat)
		a, b := old.Spyfall, now.Spyfall
		if b == nil {
			t.Fatalf("seat %d sees no game after the restore", seat)
		}
		if a.Phase != b.Phase || a.Round != b.Round || a.Rounds != b.Rounds || a.Dealer != b.Dealer || a.Variant != b.Variant {
			t.Errorf("seat %d: phase %s round %d/%d dealer %d %s, was %s %d/%d %d %s", seat, b.Phase, b.Round, b.Rounds, b.Dealer, b.Variant,
				a.Phase, a.Round, a.Rounds, a.Dealer, a.Variant)
		}
		if len(a.Seats) != len(b.Seats) {
			t.Fatalf("seat %d: %d seats, was %d", seat, len(b.Seats), len(a.Seats))
		}
		for i := range a.Seats {
			if a.Seats[i].Name != b.Seats[i].Name || a.Seats[i].Points != b.Seats[i].Points || a.Seats[i] != b.Seats[i] {
				t.Errorf("seat %d: table seat %d is %+v, was %+v", seat, i, b.Seats[i], a.Seats[i])
			}
		}
		if len(a.History) != len(b.History) {
			t.Errorf("seat %d: %d rounds in the history, was %d", seat, len(b.History), len(a.History))
		}
		for h := range min(len(a.History), len(b.History)) {
			x, y := a.History[h], b.History[h]
			if x.Round != y.Round || x.Location.ID != y.Location.ID || !slices.Equal(x.Spies, y.Spies) || x.Ending != y.Ending || !slices.Equal(x.Points, y.Points) {
				t.Errorf("seat %d: history round %d is %+v, was %+v", seat, h+1, y, x)
			}
		}
		o.checkHistory(t, seat, o.room.g.(spyfallPlay).History())
		if (a.Vote == nil) != (b.Vote == nil) || a.Vote != nil && (a.Vote.ID != b.Vote.ID || !slices.Equal(a.Vote.Voted, b.Vote.Voted) ||
			!slices.Equal(a.Vote.Voters, b.Vote.Voters) || a.Vote.Mine != b.Vote.Mine || a.Vote.Suspect != b.Vote.Suspect) {
			t.Errorf("seat %d: vote %+v, was %+v", seat, b.Vote, a.Vote)
		}
		if (a.Clock == nil) != (b.Clock == nil) || a.Clock != nil && *a.Clock != *b.Clock {
			t.Errorf("seat %d: clock %+v, was %+v", seat, b.Clock, a.Clock)
		}
		if (a.Team == nil) != (b.Team == nil) || a.Team != nil && (a.Team.Captains != b.Team.Captains || a.Team.Turn != b.Team.Turn ||
			a.Team.PickNo != b.Team.PickNo || !slices.Equal(a.Team.Picked[0], b.Team.Picked[0]) || !slices.Equal(a.Team.Picked[1], b.Team.Picked[1])) {
			t.Errorf("seat %d: team round %+v, was %+v", seat, b.Team, a.Team)
		}
		if !slices.Equal(a.Can, b.Can) {
			t.Errorf("seat %d may %v, could %v", seat, b.Can, a.Can)
		}
		// The card, by id: location id and role index, nothing else carried for built-in content.
		e := slices.Index(now.Seats, session.Seat(seat))
		if (a.Card == nil) != (b.Card == nil) {
			t.Fatalf("seat %d: card %+v, had %+v", seat, b.Card, a.Card)
		}
		if b.Card != nil {
			want := cards[e]
			got := oldCard{spy: b.Card.Spy, role: -1}
			if b.Card.Location != nil {
				got.loc = b.Card.Location.ID
			}
			if b.Card.Role != nil {
				got.role = b.Card.Role.Index
			}
			if got != want || !slices.Equal(a.Card.FellowSpies, b.Card.FellowSpies) || a.Card.Captain != b.Card.Captain {
				t.Errorf("seat %d: card %+v, was %+v", seat, got, want)
			}
		}
		for _, l := range b.Locations {
			custom := strings.HasPrefix(l.ID, "my-")
			if custom != (len(l.Name) > 0) {
				t.Errorf("seat %d: location %q carries the name %v (built-in content goes by id, a host's own keeps its name)", seat, l.ID, l.Name)
			}
		}
	}
}

// checkHistory compares the finished rounds (the restored game's own, with every card they
// revealed: a view lists them only in summary) with the saved ones: every revealed card's
// role, named with its texts then, is its index now.
func (o *oldSave) checkHistory(t *testing.T, seat int, got []spyfall.RoundResult) {
	t.Helper()
	st := o.oldEngineState(t)
	roles := map[string][]any{}
	for _, l := range st["locations"].([]any) {
		l := l.(map[string]any)
		rs, _ := l["roles"].([]any)
		roles[l["id"].(string)] = rs
	}
	for h, r := range st["history"].([]any) {
		cards := r.(map[string]any)["cards"].([]any)
		if len(got[h].Cards) != len(cards) {
			t.Fatalf("seat %d: round %d reveals %d cards, revealed %d", seat, h+1, len(got[h].Cards), len(cards))
		}
		for i, c := range cards {
			c := c.(map[string]any)
			g := got[h].Cards[i]
			if c["spy"] == true != g.Spy || c["location"] != nil && c["location"] != g.Location {
				t.Errorf("seat %d: round %d card %d is %+v, was %v", seat, h+1, i, g, c)
			}
			if role, ok := c["role"]; ok {
				want := slices.IndexFunc(roles[g.Location], func(x any) bool { b, _ := json.Marshal(x); a, _ := json.Marshal(role); return string(a) == string(b) })
				if g.Role == nil || g.Role.Index != want || want < 0 {
					t.Errorf("seat %d: round %d card %d role %+v, was %v (index %d)", seat, h+1, i, g.Role, role, want)
				}
			}
		}
		if loc := got[h].Location; !strings.HasPrefix(loc.ID, "my-") && len(loc.Name) != 0 {
			t.Errorf("seat %d: round %d location carries the name %v", seat, h+1, loc.Name)
		}
	}
}

func sfIntent(t *testing.T, a spyfall.Action) session.Intent { return sfAction(t, a) }

// TestOldSavesSpyfallResume: each Spyfall game saved by the previous release comes back with
// the same seats, cards, scores, votes and clocks, and takes its next action.
func TestOldSavesSpyfallResume(t *testing.T) {
	t.Run("classic mid-vote", func(t *testing.T) {
		o := restoreOld(t, "spyfall-classic-vote")
		o.checkSpyfall(t)
		v := view(t, o.room, 0).Spyfall
		// Every voter still to vote votes no: the vote closes, the clock runs again.
		for seat := range o.old {
			sv := view(t, o.room, seat).Spyfall
			if sv.Vote != nil && sv.Vote.Mine == "pending" {
				mustApply(t, o.room, seat, sfIntent(t, spyfall.Vote{Vote: v.Vote.ID, Yes: false}))
			}
		}
		after := view(t, o.room, 0).Spyfall
		if after.Vote != nil || after.LastVote == nil || after.Phase != spyfall.PhasePlaying {
			t.Errorf("after the last ballots: phase %s vote %+v last %+v", after.Phase, after.Vote, after.LastVote)
		}
	})
	for _, name := range []string{"spyfall2-two-spies", "spyfall-timetravel", "spyfall-custom"} {
		t.Run(name, func(t *testing.T) {
			o := restoreOld(t, name)
			o.checkSpyfall(t)
			// The clock runs out, then the game goes on to time up.
			v := view(t, o.room, 0).Spyfall
			o.clock.Set(int64(v.Clock.Deadline) + 1000)
			if !o.room.Advance() {
				t.Fatal("the restored clock never ran out")
			}
			if p := view(t, o.room, 0).Spyfall.Phase; p == spyfall.PhasePlaying {
				t.Errorf("phase %s after the time ran out", p)
			}
		})
	}
	t.Run("team picks", func(t *testing.T) {
		o := restoreOld(t, "spyfall-team")
		o.checkSpyfall(t)
		v := view(t, o.room, 0).Spyfall
		turn := v.Team.Turn
		mustApply(t, o.room, view(t, o.room, 0).SessionSeat(turn), sfIntent(t, spyfall.StopPicking{Round: v.Round, Turn: v.Team.PickNo}))
		if after := view(t, o.room, 0).Spyfall; after.Team.PickNo == v.Team.PickNo && after.Team.Turn == turn && after.Phase == v.Phase {
			t.Errorf("stopping the picks changed nothing: %+v", after.Team)
		}
	})
}

// TestOldSavesSpyfestResume: a Spyfest game saved by the previous release mid-round, on a
// carpet card with an effect, comes back with its teams, VP, standees, sheet and Spy, every
// built-in character and keyword by id (Spycon's Heracles under its own id), and goes on.
func TestOldSavesSpyfestResume(t *testing.T) {
	for _, name := range []string{"spyfest-carpet", "spyfest-spycon-carpet"} {
		t.Run(name, func(t *testing.T) {
			o := restoreOld(t, name)
			spycon := name == "spyfest-spycon-carpet"
			for seat, old := range o.old {
				a, b := old.Spyfest, view(t, o.room, seat).Spyfest
				if b == nil {
					t.Fatalf("seat %d sees no game", seat)
				}
				if a.Phase != b.Phase || a.Round != b.Round || a.Effect != b.Effect || a.Spy != b.Spy || a.ActiveTeam != b.ActiveTeam ||
					a.Attempt != b.Attempt || a.KeywordSet != b.KeywordSet || !slices.Equal(a.Track, b.Track) {
					t.Errorf("seat %d: round %d %s effect %q spy %d, was %d %s %q %d", seat, b.Round, b.Phase, b.Effect, b.Spy, a.Round, a.Phase, a.Effect, a.Spy)
				}
				for tm := range a.Teams {
					x, y := a.Teams[tm], b.Teams[tm]
					if x.VP != y.VP || x.Position != y.Position || !slices.Equal(x.Members, y.Members) || len(x.Cards) != len(y.Cards) {
						t.Errorf("seat %d: team %d %+v, was %+v", seat, tm, y, x)
					}
				}
				heracles := func(id string) string {
					if spycon && id == "hercules" {
						return "heracles"
					}
					return id
				}
				if heracles(a.Character) != b.Character {
					t.Errorf("seat %d: character %q, was %q", seat, b.Character, a.Character)
				}
				if len(a.Sheet) != len(b.Sheet) {
					t.Fatalf("seat %d: %d sheet entries, was %d", seat, len(b.Sheet), len(a.Sheet))
				}
				for i := range a.Sheet {
					x, y := a.Sheet[i], b.Sheet[i]
					if heracles(x.ID) != y.ID || x.Quarter != y.Quarter || x.Out != y.Out || x.Crossed != y.Crossed || len(y.Name) != 0 || len(y.Overview) != 0 {
						t.Errorf("seat %d: sheet entry %d is %+v, was %s", seat, i, y, x.ID)
					}
				}
				if len(a.Keywords) != len(b.Keywords) {
					t.Fatalf("seat %d: %d keywords, was %d", seat, len(b.Keywords), len(a.Keywords))
				}
				for i := range a.Keywords {
					x, y := a.Keywords[i], b.Keywords[i]
					if x.ID != y.ID || x.Out != y.Out || x.Note != y.Note || len(y.Name) != 0 {
						t.Errorf("seat %d: keyword %d is %+v, was %+v", seat, i, y, x)
					}
				}
				if !slices.Equal(a.MyKeywords, b.MyKeywords) {
					t.Errorf("seat %d: keywords %v, were %v", seat, b.MyKeywords, a.MyKeywords)
				}
			}
			// The round goes on: the intercepting team stops the description and guesses.
			v := view(t, o.room, 0).Spyfest
			guesser := engine.NoSeat
			for _, m := range v.Teams[1-v.ActiveTeam].Members {
				guesser = m
				break
			}
			seat := view(t, o.room, 0).Seats[guesser]
			mustApply(t, o.room, seat, sxAction(t, spyfest.Stop{Round: v.Round}))
			if after := view(t, o.room, 0).Spyfest; after.Phase == v.Phase && after.Guessing == v.Guessing {
				t.Errorf("the stop changed nothing: phase %s", after.Phase)
			}
		})
	}
}
