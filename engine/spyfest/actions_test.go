package spyfest

import (
	"bytes"
	"errors"
	"reflect"
	"slices"
	"testing"
	"time"

	"safehouse/engine"
	"safehouse/engine/enginetest"
)

func everyKind() []Action {
	return []Action{
		ChooseSpy{Round: 2, Spy: 5}, Draw{Round: 1}, Keep{Round: 3, Character: "c04"}, Stop{Round: 4},
		Guess{Round: 1, Attempt: 2, Names: []string{"c01", "c02"}}, StartIdle{Round: 1}, CancelIdle{Round: 1},
		Play{Round: 1, Card: CardAsk}, Answer{Round: 1, Yes: true}, CrossQuarter{Round: 1, Quarter: 3},
		Note{Round: 1, ID: "c01", Mark: MarkMaybe}, engine.HostAddSeat{Seat: 9, Name: "", Team: 1}, engine.HostRemoveSeat{Seat: 2}, engine.HostEndGame{},
	}
}

func TestEncodeDecodeEveryAction(t *testing.T) {
	for _, a := range everyKind() {
		b, err := EncodeAction(a)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(b, []byte(`{"kind":"`+a.Kind()+`"`)) {
			t.Fatalf("wire form %s", b)
		}
		got, err := DecodeAction(b)
		if err != nil || !reflect.DeepEqual(got, a) {
			t.Fatalf("%s decoded to %#v, %v; want %#v", b, got, err, a)
		}
	}
	got, err := DecodeAction([]byte(`{"kind":"stop","round":4}`))
	if err != nil || got != (Stop{Round: 4}) {
		t.Fatalf("stop decoded to %#v, %v", got, err)
	}
}

func TestDecodeActionRefusesBadInput(t *testing.T) {
	bad := []string{
		``, `null`, `[]`, `"stop"`, `{}`, `{"kind":"dance"}`, `{"kind":"stop","round":"four"}`,
		`{"kind":"stop","round":4,"spy":1}`, `{"kind":"guess","names":"c01"}`, `{"kind":"stop","round":4`,
		`{"kind":5}`, `{"kind":"answer","yes":"maybe"}`,
	}
	for _, s := range bad {
		a, err := DecodeAction([]byte(s))
		if !errors.Is(err, engine.ErrInvalidAction) || a != nil {
			t.Errorf("%q decoded to %#v, %v; want ErrInvalidAction", s, a, err)
		}
	}
}

// A field left out is refused, not read as its zero value: a stop without its round is not
// a stop of round 0, a kick without its seat is not a kick of seat 0.
func TestDecodeActionRefusesMissingFields(t *testing.T) {
	for _, s := range []string{
		`{"kind":"stop"}`, `{"kind":"guess","round":1,"attempt":1}`, `{"kind":"guess","round":1,"attempt":1,"names":null}`,
		`{"kind":"note","round":1,"id":"c01"}`, `{"kind":"host_remove_seat"}`, `{"kind":"choose_spy","round":1}`,
	} {
		a, err := DecodeAction([]byte(s))
		if !errors.Is(err, engine.ErrInvalidAction) || a != nil {
			t.Errorf("%q decoded to %#v, %v; want ErrInvalidAction", s, a, err)
		}
	}
}

// Actions aimed at a round or attempt that is over are refused as stale.
func TestLateAndResentActionsAreStale(t *testing.T) {
	g := newGame(t, nil)
	startRound(t, g, 0)
	enginetest.Apply(t, g, 3, Stop{Round: 1}, 0)
	enginetest.Apply(t, g, 3, Guess{Round: 1, Attempt: 1, Names: []string{wrongCharacter(g)}}, 0)
	enginetest.Apply(t, g, 1, Guess{Round: 1, Attempt: 1, Names: []string{wrongCharacter(g, g.st.Round.Wrong...)}}, 0)
	enginetest.Refused(t, g, 1, Guess{Round: 1, Attempt: 1, Names: []string{g.st.Round.Character}}, 0, engine.ErrStale)
	character := g.st.Round.Character
	enginetest.Apply(t, g, 3, Stop{Round: 1}, 0)
	enginetest.Apply(t, g, 3, Guess{Round: 1, Attempt: 2, Names: []string{character}}, 0)
	for _, a := range []Action{
		Stop{Round: 1}, Guess{Round: 1, Attempt: 2, Names: []string{character}}, StartIdle{Round: 1},
		Play{Round: 1, Card: CardAsk}, Note{Round: 1, ID: "c01", Mark: MarkMaybe}, ChooseSpy{Round: 1, Spy: 3},
		Draw{Round: 1}, Keep{Round: 1, Character: character}, Answer{Round: 1}, CrossQuarter{Round: 1}, CancelIdle{Round: 1},
	} {
		enginetest.Refused(t, g, 3, a, 0, engine.ErrStale)
	}
	enginetest.Refused(t, g, 3, nil, 0, engine.ErrInvalidAction)
}

// APP-LOBBY-1: late joiners join a team between rounds (host only); the host
// can end the game.
func TestLateJoinerAPPLOBBY1(t *testing.T) {
	g := newGame(t, nil)
	enginetest.Refused(t, g, 0, engine.HostAddSeat{Seat: 10, Team: 0}, 0, engine.ErrForbidden)
	enginetest.Refused(t, g, Host, engine.HostAddSeat{Seat: 3, Team: 0}, 0, engine.ErrAlreadyDone)
	enginetest.Refused(t, g, Host, engine.HostAddSeat{Seat: 10, Team: 2}, 0, engine.ErrInvalidAction)
	enginetest.Refused(t, g, Host, engine.HostAddSeat{Seat: -4, Team: 0}, 0, engine.ErrNoSuchSeat)
	enginetest.Apply(t, g, Host, engine.HostAddSeat{Seat: 10, Team: 0}, 0)
	if g.TeamOf(10) != 0 {
		t.Fatal("seat 10 should be in team 0")
	}
	startRound(t, g, 0)
	enginetest.Refused(t, g, Host, engine.HostAddSeat{Seat: 11, Team: 1}, 0, engine.ErrWrongPhase)
	enginetest.Apply(t, g, 10, Stop{Round: 1}, 0)
	enginetest.Refused(t, g, 0, engine.HostEndGame{}, 0, engine.ErrForbidden)
	enginetest.Apply(t, g, Host, engine.HostEndGame{}, 0)
	if g.Phase() != PhaseOver || g.Winner() != NoTeam || g.st.Ended != EndByHost {
		t.Fatal("the host ends the game with no winner")
	}
	enginetest.Refused(t, g, 3, Stop{Round: 1}, 0, engine.ErrGameOver)
}

// APP-LOBBY-2: a seat kicked mid-round is absent; if it was the Spy the round
// is voided with no points; a team left with fewer than 2 players waits
// for the host to add one.
func TestKickMidRoundAPPLOBBY2(t *testing.T) {
	g := newGame(t, nil)
	spy := startRound(t, g, 0)
	character := g.st.Round.Character
	enginetest.Refused(t, g, 3, engine.HostRemoveSeat{Seat: spy}, 0, engine.ErrForbidden)
	enginetest.Refused(t, g, Host, engine.HostRemoveSeat{Seat: 42}, 0, engine.ErrNoSuchSeat)
	enginetest.Apply(t, g, Host, engine.HostRemoveSeat{Seat: 6}, 0)
	enginetest.Refused(t, g, 6, Stop{Round: 1}, 0, engine.ErrNoSuchSeat)
	enginetest.Apply(t, g, Host, engine.HostRemoveSeat{Seat: spy}, 0)
	h := g.History()
	if len(h) != 1 || h[0].Reason != EndVoided || h[0].Scorer != NoTeam || g.VP(0)+g.VP(1) != 0 || g.Round() != 2 {
		t.Fatalf("voided round: %+v, round %d", h, g.Round())
	}
	if !slices.Contains(g.st.Out, character) || len(g.st.KeywordDeck) != 12 {
		t.Fatal("a voided round still reveals and removes its character")
	}

	// Kicking the last member who could guess spends that team's guess at once.
	k := newGame(t, func(c *Config) { c.Teams = [2][]engine.Seat{{0, 1}, {2, 3, 4}} })
	startRound(t, k, 0) // team 0: Spy 0, guesser 1
	enginetest.Apply(t, k, 2, Stop{Round: 1}, 0)
	enginetest.Apply(t, k, 2, Guess{Round: 1, Attempt: 1, Names: []string{wrongCharacter(k)}}, 0)
	enginetest.Apply(t, k, Host, engine.HostRemoveSeat{Seat: 1}, 0)
	if k.Phase() != PhaseDescribing || k.st.Round.Attempt != 1 {
		t.Fatalf("phase %s: the absent team's guess should be spent", k.Phase())
	}
	for range 2 {
		enginetest.Apply(t, k, 2, Stop{Round: 1}, 0)
		enginetest.Apply(t, k, 2, Guess{Round: 1, Attempt: k.st.Round.Attempt, Names: []string{wrongCharacter(k, k.st.Round.Wrong...)}}, 0)
	}
	// Round 2: team 1 is active, but team 0 has 1 player left.
	enginetest.Refused(t, k, 2, ChooseSpy{Round: 2, Spy: 2}, 0, engine.ErrForbidden)
	enginetest.Apply(t, k, Host, engine.HostAddSeat{Seat: 7, Team: 0}, 0)
	enginetest.Apply(t, k, 2, ChooseSpy{Round: 2, Spy: 2}, 0)
}

// Snapshots restore mid-round and the restored game goes on exactly alike.
func TestSnapshotRestoreMidRound(t *testing.T) {
	g := newGame(t, func(c *Config) { c.DescriptionLimit = 2 * time.Minute })
	startRound(t, g, 0)
	enginetest.Apply(t, g, 1, Note{Round: 1, ID: "c05", Mark: MarkCross}, 10)
	enginetest.Apply(t, g, 3, Stop{Round: 1}, 100)
	snap := enginetest.Snapshot(t, g)
	var r Game
	if err := r.UnmarshalBinary(snap); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(enginetest.Snapshot(t, &r), snap) || !reflect.DeepEqual(r.View(1), g.View(1)) {
		t.Fatal("restored game differs")
	}
	steps := []struct {
		seat engine.Seat
		a    Action
		now  engine.Instant
	}{
		{3, Guess{Round: 1, Attempt: 1, Names: []string{"c01"}}, 200},
		{engine.NoSeat, enginetest.TimePasses{}, 100_000},
		{4, Stop{Round: 1}, 120_000},
		{engine.NoSeat, enginetest.TimePasses{}, 900_000},
	}
	for _, s := range steps {
		e1, e2 := enginetest.Play(g, s.seat, s.a, s.now), enginetest.Play(&r, s.seat, s.a, s.now)
		if (e1 == nil) != (e2 == nil) || !bytes.Equal(enginetest.Snapshot(t, g), enginetest.Snapshot(t, &r)) {
			t.Fatalf("after %#v the restored game diverged (%v / %v)", s.a, e1, e2)
		}
	}
	for _, bad := range [][]byte{nil, []byte("{}"), []byte("garbage")} {
		var x Game
		if err := x.UnmarshalBinary(bad); err == nil {
			t.Fatalf("restoring %q should fail", bad)
		}
	}
}

// fuzzGame is a game in the middle of a round, with a window open.
func fuzzGame(t testing.TB) *Game {
	g := newGame(t, nil)
	startRound(t, g, 0)
	enginetest.Apply(t, g, 1, Note{Round: 1, ID: "c05", Mark: MarkCross}, 0)
	enginetest.Apply(t, g, 3, Stop{Round: 1}, 0)
	return g
}

func FuzzDecodeAndApply(f *testing.F) {
	for _, a := range everyKind() {
		b, _ := EncodeAction(a)
		f.Add(b, int8(1), int64(0))
	}
	f.Add([]byte(`{"kind":"guess","round":1,"attempt":1,"names":["c01","c01"]}`), int8(3), int64(40_000))
	f.Add([]byte(`{"kind":"host_remove_seat","seat":0}`), int8(-2), int64(5))
	base := fuzzGame(f)
	baseSnap := enginetest.Snapshot(f, base)
	f.Fuzz(func(t *testing.T, data []byte, seat int8, now int64) {
		a, err := DecodeAction(data)
		if !enginetest.Decoded(t, err) {
			return
		}
		var g Game
		if err := g.UnmarshalBinary(baseSnap); err != nil {
			t.Fatal(err)
		}
		if err := g.Apply(engine.Seat(seat), a, engine.Instant(now)); err != nil {
			var r *engine.Refusal
			if !errors.As(err, &r) {
				t.Fatalf("refusal %v is not an *engine.Refusal", err)
			}
			if !bytes.Equal(enginetest.Snapshot(t, &g), baseSnap) {
				t.Fatalf("refused %s changed the state", data)
			}
			return
		}
		if err := checkInvariants(&g); err != nil {
			t.Fatal(err)
		}
		if err := checkViews(&g); err != nil {
			t.Fatal(err)
		}
	})
}

// BenchmarkGames plays complete simulated games (random players, checks off)
// and reports games per second.
func BenchmarkGames(b *testing.B) {
	b.ReportAllocs()
	games := 0
	for i := 0; b.Loop(); i++ {
		s, err := newSim(uint64(i))
		if err != nil {
			b.Fatal(err)
		}
		for s.g.Phase() != PhaseOver {
			s.step()
		}
		games++
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
}

// The host ending the game in the middle of a round leaves every card accounted for: the
// round's character, candidates and keywords go back as at any round's end.
func TestHostEndingMidRoundReturnsTheRoundsCards(t *testing.T) {
	g := fuzzGame(t)
	if err := checkInvariants(g); err != nil {
		t.Fatal(err)
	}
	enginetest.Apply(t, g, Host, engine.HostEndGame{}, 0)
	if g.st.Phase != PhaseOver || g.st.Ended != EndByHost {
		t.Fatalf("phase %s ended %q, want over by the host", g.st.Phase, g.st.Ended)
	}
	if err := checkInvariants(g); err != nil {
		t.Fatal(err)
	}
}
