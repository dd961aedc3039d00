//go:build !js

package session

import (
	"errors"
	"strings"
	"testing"
)

// APP-HOST-1, bad input: a handoff to a seat whose phone left (its page closed: the seat is
// away) or that the host removed, and a seat that leaves while it is being asked, each end
// with a clear error and leave the host hosting as before: the same state and save, and the
// next move applied as usual.
func TestHandoffToASeatThatLeftChangesNothing_APP_HOST_1(t *testing.T) {
	ht := newHandoffTable(t, 4)
	gone, kicked, leaving := ht.peers[0], ht.peers[1], ht.peers[2]
	goneSeat, kickedSeat := gone.Seat(), kicked.Seat()
	gone.Close()
	send(t, ht.host.Player(), KindKick, int(kickedSeat))
	ht.watchers[0].waitView(t, "one seat away and one removed", func(v View) bool {
		away, removed := false, true
		for _, p := range v.Players {
			away = away || (p.Seat == goneSeat && !p.Online)
			removed = removed && p.Seat != kickedSeat
		}
		return away && removed
	})
	before := ht.host.State()
	saved, _ := ht.store.Load()
	for _, seat := range []Seat{goneSeat, kickedSeat} {
		_, err := ht.host.HandOver(ht.ctx, seat)
		if !errors.Is(err, ErrHandoffSeat) || !strings.Contains(err.Error(), "not at the table") {
			t.Errorf("a handoff to seat %d, which left: %v, want ErrHandoffSeat saying it is not at the table", seat, err)
		}
	}
	if got := ht.host.State(); got != before {
		t.Errorf("state %d after the refused handoffs, want %d", got, before)
	}
	if now, _ := ht.store.Load(); string(now) != string(saved) {
		t.Error("the save changed with the refused handoffs")
	}

	// A seat that leaves while it is asked: the host stops waiting at once and keeps its game.
	done := make(chan error, 1)
	go func() {
		_, err := ht.host.HandOver(ht.ctx, leaving.Seat())
		done <- err
	}()
	w := ht.watchers[3]
	w.until(t, "the question", func() bool { return len(w.asks) > 0 })
	leaving.Close()
	if err := <-done; !errors.Is(err, ErrHandoffSeat) || !strings.Contains(err.Error(), "left the table") {
		t.Errorf("a handoff to a seat that left while asked: %v, want ErrHandoffSeat saying it left", err)
	}
	if err := ht.peers[3].Send(vote(1)); err != nil {
		t.Fatal(err)
	}
	ht.watchers[0].waitView(t, "a vote after the refused handoffs", func(v View) bool { return gameView(v).Voted == 1 })
	if data, _ := ht.store.Load(); data == nil {
		t.Error("the host lost its save")
	}
	// No handoff is left under way: the next one asks, and a no ends it.
	go func() {
		_, err := ht.host.HandOver(ht.ctx, ht.peers[3].Seat())
		done <- err
	}()
	w = ht.watchers[4]
	w.until(t, "the next question", func() bool { return len(w.asks) > 0 })
	if err := ht.peers[3].AnswerHandoff(w.asks[0].ID, false); err != nil {
		t.Fatal(err)
	}
	if err := <-done; !errors.Is(err, ErrHandoffDeclined) {
		t.Errorf("the next handoff: %v, want ErrHandoffDeclined", err)
	}
}

// APP-HOST-1, bad input: a "taken" replayed from an earlier handoff, or sent before the state
// went out, while another handoff to the same seat is under way, is refused to its sender
// (CodeNoHandoff) and changes nothing: the host does not forget its game, and the handoff
// under way still waits for its own answer.
func TestReplayedTakenIsRefusedAndChangesNothing_APP_HOST_1(t *testing.T) {
	ht := newHandoffTable(t, 2)
	taker, w := ht.peers[0], ht.watchers[1]
	ask := func() (string, chan error) {
		t.Helper()
		done := make(chan error, 1)
		n := len(w.asks)
		go func() {
			_, err := ht.host.HandOver(ht.ctx, taker.Seat())
			done <- err
		}()
		w.until(t, "the question", func() bool { return len(w.asks) > n })
		return w.asks[n].ID, done
	}
	taken := func(id string) {
		t.Helper()
		msg, err := encodeEnvelope(TypeHandoffTaken, 0, handoffID{ID: id})
		if err != nil {
			t.Fatal(err)
		}
		if err := taker.current().Send(msg); err != nil {
			t.Fatal(err)
		}
	}
	first, done := ask()
	if err := taker.AnswerHandoff(first, false); err != nil {
		t.Fatal(err)
	}
	if err := <-done; !errors.Is(err, ErrHandoffDeclined) {
		t.Fatalf("the first handoff: %v, want ErrHandoffDeclined", err)
	}
	before := ht.host.State()
	second, done := ask()
	taken(first)  // the earlier handoff's "taken", replayed
	taken(second) // this handoff's, before the player even said yes
	w.until(t, "both refused", func() bool { return countCode(w.notices, CodeNoHandoff) == 2 })
	select {
	case err := <-done:
		t.Fatalf("a refused \"taken\" ended the handoff: %v", err)
	default:
	}
	if data, _ := ht.store.Load(); data == nil {
		t.Fatal("the host forgot its game on a refused \"taken\"")
	}
	if err := taker.AnswerHandoff(second, false); err != nil {
		t.Fatal(err)
	}
	if err := <-done; !errors.Is(err, ErrHandoffDeclined) {
		t.Fatalf("the second handoff: %v, want ErrHandoffDeclined", err)
	}
	if got := ht.host.State(); got != before {
		t.Errorf("state %d after the refused \"taken\", want %d", got, before)
	}
	if err := taker.Send(vote(1)); err != nil {
		t.Fatal(err)
	}
	ht.watchers[0].waitView(t, "the game going on", func(v View) bool { return gameView(v).Voted == 1 })
}

// APP-HOST-1, bad input: a seat that leaves after its yes and before the state goes out ends
// the handoff with the same clear error as one that left while asked (its phone is not at the
// table), not as a failed move, and the host hosts on as before.
func TestHandoffToASeatThatLeftAfterItsYes_APP_HOST_1(t *testing.T) {
	saidYes, goOn := make(chan struct{}), make(chan struct{})
	url, _ := startSignaling(t)
	ht := newHandoffTableOn(t, url, 3, func(o *Options) {
		o.handoffYes = func() {
			close(saidYes)
			<-goOn
		}
	})
	leaving := ht.peers[0]
	seat := leaving.Seat()
	before := ht.host.State()
	done := make(chan error, 1)
	go func() {
		_, err := ht.host.HandOver(ht.ctx, seat)
		done <- err
	}()
	w := ht.watchers[1]
	w.until(t, "the question", func() bool { return len(w.asks) > 0 })
	if err := leaving.AnswerHandoff(w.asks[0].ID, true); err != nil {
		t.Fatal(err)
	}
	select {
	case <-saidYes:
	case <-ht.ctx.Done():
		t.Fatal("the host never heard the yes")
	}
	leaving.Close()
	ht.watchers[0].waitView(t, "the seat that said yes away", func(v View) bool {
		for _, p := range v.Players {
			if p.Seat == seat {
				return !p.Online
			}
		}
		return false
	})
	close(goOn)
	if err := <-done; !errors.Is(err, ErrHandoffSeat) || !strings.Contains(err.Error(), "left the table") {
		t.Errorf("a handoff to a seat that left after its yes: %v, want ErrHandoffSeat saying it left", err)
	}
	if got := ht.host.State(); got <= before {
		t.Errorf("state %d after the seat left, want more than %d (its leaving shown)", got, before)
	}
	if err := ht.peers[1].Send(vote(1)); err != nil {
		t.Fatal(err)
	}
	ht.watchers[0].waitView(t, "a vote after the refused handoff", func(v View) bool { return gameView(v).Voted == 1 })
	if data, _ := ht.store.Load(); data == nil {
		t.Error("the host lost its save")
	}
}
