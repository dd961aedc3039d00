package game

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"safehouse/app/session"
)

// secretSwap changes one secret of the game at one moment, and nothing else: a test wraps
// the Room so the swap happens inside the host's handling of an intent, before any seat
// sees the moment's views.
type swapRoom struct {
	*Room
	swap func(r *Room) bool // reports whether it swapped (then it is not called again)
	done bool
}

func (s *swapRoom) Apply(seat session.Seat, raw json.RawMessage) error {
	err := s.Room.Apply(seat, raw)
	if err == nil && s.swap != nil && !s.done {
		s.done = s.swap(s.Room)
	}
	return err
}

// patchJSON decodes an engine snapshot into generic JSON, lets edit change it, and encodes it.
func patchJSON(t *testing.T, snap []byte, edit func(st map[string]any)) []byte {
	t.Helper()
	var st map[string]any
	if err := json.Unmarshal(snap, &st); err != nil {
		t.Fatal(err)
	}
	edit(st)
	out, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// num reads a JSON number as an int.
func num(v any) int {
	f, _ := v.(float64)
	return int(f)
}

// play is one scripted game: step decides, from the public view of the spectator (seat
// len(names)-1) and the script's own random source, the next intent and its sender; it
// returns false when the game is done. Nothing in a script looks at a secret.
type script func(tb *table, rng *rand.Rand) (seat int, in session.Intent, ok bool)

// runScripted plays one game on a fresh table and returns every seat's transcript.
func runScripted(t *testing.T, room session.Table, names []string, spectator int, seed uint64, maxSteps int, step script, setup []session.Intent) []record {
	t.Helper()
	tb := newTable(t, room, names, spectator)
	defer tb.close()
	for _, in := range setup {
		if msg := tb.send(0, in); msg != "" {
			t.Fatalf("setup %s: %s", in.Game, msg)
		}
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	for i := 0; i < maxSteps; i++ {
		tb.step.Store(int64(i + 1))
		seat, in, ok := step(tb, rng)
		if !ok {
			break
		}
		if seat < 0 {
			continue // the step moved the clock and let the host advance
		}
		tb.send(seat, in)
	}
	tb.settle()
	out := make([]record, len(tb.seats))
	for i, s := range tb.seats {
		out[i] = s.record()
	}
	return out
}

// revealStep is the first driver step at which the spectator (who sees every change) is
// shown the secret in either run: from there on, differences are the game, not a leak.
func revealStep(a, b record, reveal func(msg string) bool) int64 {
	cut := int64(math.MaxInt64)
	for _, r := range []record{a, b} {
		for i, msg := range r.got {
			if r.steps[i] < cut && reveal(msg) {
				cut = r.steps[i]
				break
			}
		}
	}
	return cut
}

// samePrefix compares two transcripts of one seat over the messages of steps before cut;
// it returns the index of the first difference (-1 if none) and how many were compared.
func samePrefix(a, b record, cut int64) (diff, compared int) {
	before := func(r record) int {
		n := 0
		for n < len(r.got) && r.steps[n] < cut {
			n++
		}
		return n
	}
	na, nb := before(a), before(b)
	for i := 0; i < min(na, nb); i++ {
		if a.got[i] != b.got[i] {
			return i, i
		}
	}
	if na != nb {
		return min(na, nb), min(na, nb)
	}
	return -1, na
}

// decodeMsg reads a transcript entry's table view (nil for a notice).
func decodeMsg(msg string) *testView {
	_, game, ok := strings.Cut(msg, "} ")
	if !ok || strings.HasPrefix(msg, "notice ") {
		return nil
	}
	tv, _ := decodeTestView(json.RawMessage(game))
	return tv
}

func describeDiff(ra, rb record, i int) string {
	a, b := ra.got, rb.got
	get := func(s []string) string {
		if i < len(s) {
			return s[i]
		}
		return "<nothing>"
	}
	return fmt.Sprintf("message %d:\n run A: %.600s\n run B: %.600s", i, get(a), get(b))
}
