package session

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"
)

// The tests here drive the host's table through in-memory pipes: the same code that serves
// data channels, without WebRTC.

func newTestCore(t *testing.T) *hostCore {
	t.Helper()
	h := newHostCore("TESTRM", slog.New(slog.NewTextHandler(io.Discard, nil)))
	t.Cleanup(h.close)
	return h
}

// seatClient connects a Client to h over a pipe and waits for its welcome.
func seatClient(t *testing.T, h *hostCore, name, token string, isHost bool) (*Client, *watcher, error) {
	t.Helper()
	return seatHello(t, h, Hello{Name: name, Token: token}, isHost)
}

// seatHello is seatClient with the whole hello the client says.
func seatHello(t *testing.T, h *hostCore, hello Hello, isHost bool) (*Client, *watcher, error) {
	t.Helper()
	hostEnd, playerEnd := Pipe()
	h.accept(hostEnd, isHost)
	c := newClient(playerEnd, nil)
	t.Cleanup(func() { c.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	err := c.hello(ctx, hello)
	return c, watch(c), err
}

func mustSeat(t *testing.T, h *hostCore, name, token string, isHost bool) (*Client, *watcher) {
	t.Helper()
	c, w, err := seatClient(t, h, name, token, isHost)
	if err != nil {
		t.Fatal(err)
	}
	return c, w
}

// rawConn is a connection that speaks envelopes by hand.
type rawConn struct {
	t    *testing.T
	conn Conn
}

func dialRaw(t *testing.T, h *hostCore) rawConn {
	hostEnd, end := Pipe()
	h.accept(hostEnd, false)
	t.Cleanup(func() { end.Close() })
	return rawConn{t, end}
}

func (r rawConn) send(raw string) {
	r.t.Helper()
	if err := r.conn.Send([]byte(raw)); err != nil {
		r.t.Fatal(err)
	}
}

func (r rawConn) next() Envelope {
	r.t.Helper()
	raw, err := r.conn.Receive()
	if err != nil {
		r.t.Fatal(err)
	}
	env, err := decodeEnvelope(raw)
	if err != nil {
		r.t.Fatal(err)
	}
	return env
}

func (r rawConn) nextView() View {
	r.t.Helper()
	env := r.next()
	var v View
	if env.T != TypeView || json.Unmarshal(env.Body, &v) != nil {
		r.t.Fatalf("got %s %s, want a view", env.T, env.Body)
	}
	return v
}

func (r rawConn) nextRefusal() (uint64, Refusal) {
	r.t.Helper()
	env := r.next()
	var ref Refusal
	if env.T != TypeError || json.Unmarshal(env.Body, &ref) != nil {
		r.t.Fatalf("got %s %s, want an error", env.T, env.Body)
	}
	return env.Seq, ref
}

func TestHostPlayerSitsFirstAndIsMarkedHost(t *testing.T) {
	h := newTestCore(t)
	host, hw := mustSeat(t, h, "Hana", "", true)
	ann, aw := mustSeat(t, h, "Ann", "", false)
	if host.Seat() != 0 || ann.Seat() != 1 || host.Room() != "TESTRM" {
		t.Fatalf("seats %d %d room %q", host.Seat(), ann.Seat(), host.Room())
	}
	for _, w := range []*watcher{hw, aw} {
		v := w.waitView(t, "two players", func(v View) bool { return len(v.Players) == 2 })
		want := []Player{{Seat: 0, Name: "Hana", Online: true, Host: true}, {Seat: 1, Name: "Ann", Online: true}}
		for i := range want {
			if v.Players[i] != want[i] {
				t.Errorf("player %d = %+v, want %+v", i, v.Players[i], want[i])
			}
		}
	}
	if len(host.Token()) != 22 || host.Token() == ann.Token() {
		t.Errorf("tokens %q and %q: want two different 128-bit base64url tokens", host.Token(), ann.Token())
	}
}

func TestResumeTokenGetsTheSameSeatBack(t *testing.T) {
	h := newTestCore(t)
	mustSeat(t, h, "Hana", "", true)
	ann, aw := mustSeat(t, h, "Ann", "", false)
	mustSeat(t, h, "Bob", "", false)

	// Ann's phone drops: her seat stays, offline.
	token := ann.Token()
	ann.Close()
	<-aw.done
	_, hw := mustSeat(t, h, "Cy", "", false)
	hw.waitView(t, "Ann offline", func(v View) bool { return len(v.Players) == 4 && !v.Players[1].Online })

	// She comes back with her token: same seat, online again, no new seat.
	again, aw2 := mustSeat(t, h, "Ann", token, false)
	if again.Seat() != 1 || again.Token() != token {
		t.Fatalf("came back to seat %d with token %q, want seat 1 and the same token", again.Seat(), again.Token())
	}
	aw2.waitView(t, "Ann online", func(v View) bool { return len(v.Players) == 4 && v.Players[1].Online && v.Players[1].Name == "Ann" })

	// A second connection with the same token wins; the older one is told and closed.
	newest, _ := mustSeat(t, h, "Ann", token, false)
	if newest.Seat() != 1 {
		t.Fatalf("newest connection got seat %d, want 1", newest.Seat())
	}
	moved := aw2.waitNotices(t, 1)
	if moved.Code != CodeMoved {
		t.Errorf("older connection got %q (%s), want %s", moved.Notice, moved.Code, CodeMoved)
	}
	aw2.until(t, "the older connection closed", func() bool {
		return len(aw2.status) > 0 && aw2.status[len(aw2.status)-1] == StatusClosed
	})

	// A token the host never issued is refused clearly and gets no seat.
	_, _, err := seatClient(t, h, "Dee", "AAAAAAAAAAAAAAAAAAAAAA", false)
	var refusal *RefusalError
	if !errors.As(err, &refusal) || refusal.Refusal.Code != CodeUnknownSeat {
		t.Errorf("hello with an unknown token: %v, want a %s refusal", err, CodeUnknownSeat)
	}
	if got := len(h.players()); got != 4 {
		t.Errorf("%d seats, want 4", got)
	}
}

func TestHostSeatCannotBeTakenWithItsToken(t *testing.T) {
	h := newTestCore(t)
	host, _ := mustSeat(t, h, "Hana", "", true)
	thief, _, err := seatClient(t, h, "Eve", host.Token(), false)
	var refusal *RefusalError
	if !errors.As(err, &refusal) || refusal.Refusal.Code != CodeUnknownSeat || thief.Seat() != -1 {
		t.Fatalf("a remote connection with the host's token: seat %d, %v; want a %s refusal", thief.Seat(), err, CodeUnknownSeat)
	}
	if got := len(h.players()); got != 1 {
		t.Errorf("%d seats, want 1", got)
	}
}

func TestFullTableRefusesNewSeats(t *testing.T) {
	h := newTestCore(t)
	for i := range MaxSeats {
		mustSeat(t, h, fmt.Sprintf("P%d", i), "", i == 0)
	}
	_, _, err := seatClient(t, h, "Late", "", false)
	var refusal *RefusalError
	if !errors.As(err, &refusal) || refusal.Refusal.Code != CodeRoomFull {
		t.Fatalf("hello at a full table: %v, want a %s refusal", err, CodeRoomFull)
	}
	if got := len(h.players()); got != MaxSeats {
		t.Errorf("%d seats, want %d", got, MaxSeats)
	}
}

func TestHelloNames(t *testing.T) {
	cases := []struct {
		hello      string
		wantName   string
		wantNotice bool
	}{
		{"  Zoë  ", "Zoë", false},
		{"", "Player 2", false},
		{"bell\x07", "Player 2", true},
		{strings.Repeat("x", 25), "Player 2", true},
	}
	for _, tc := range cases {
		t.Run(tc.hello, func(t *testing.T) {
			h := newTestCore(t)
			mustSeat(t, h, "Hana", "", true)
			_, w := mustSeat(t, h, tc.hello, "", false)
			w.waitView(t, "the new player", func(v View) bool { return len(v.Players) == 2 })
			if got := h.players()[1].Name; got != tc.wantName {
				t.Errorf("name %q, want %q", got, tc.wantName)
			}
			if tc.wantNotice {
				if n := w.waitNotices(t, 1); n.Code != CodeBadName {
					t.Errorf("notice %q (%s), want %s", n.Notice, n.Code, CodeBadName)
				}
			}
		})
	}
}

// A resent intent (same or older seq) applies once.
func TestResentIntentAppliesOnce(t *testing.T) {
	h := newTestCore(t)
	mustSeat(t, h, "Hana", "", true)
	r := dialRaw(t, h)
	r.send(`{"v":1,"t":"hello","body":{"name":"Ann"}}`)
	if env := r.next(); env.T != TypeWelcome {
		t.Fatalf("got %s, want welcome", env.T)
	}
	first := r.nextView()
	r.send(`{"v":1,"t":"intent","seq":5,"body":{"kind":"rename","name":"A"}}`)
	r.send(`{"v":1,"t":"intent","seq":5,"body":{"kind":"rename","name":"B"}}`)
	r.send(`{"v":1,"t":"intent","seq":4,"body":{"kind":"rename","name":"C"}}`)
	r.send(`{"v":1,"t":"intent","seq":6,"body":{"kind":"rename","name":"D"}}`)
	if v := r.nextView(); v.Players[1].Name != "A" || v.State != first.State+1 {
		t.Fatalf("after seq 5: %q state %d", v.Players[1].Name, v.State)
	}
	if v := r.nextView(); v.Players[1].Name != "D" || v.State != first.State+2 {
		t.Fatalf("after seq 6: %q state %d, want D at %d", v.Players[1].Name, v.State, first.State+2)
	}
}

func TestIntentBeforeHelloIsRefused(t *testing.T) {
	h := newTestCore(t)
	mustSeat(t, h, "Hana", "", true)
	state := h.stateNumber()
	r := dialRaw(t, h)
	r.send(`{"v":1,"t":"intent","seq":1,"body":{"kind":"rename","name":"Eve"}}`)
	if seq, ref := r.nextRefusal(); ref.Code != CodeNoHello || seq != 1 {
		t.Errorf("got %s for seq %d, want %s for seq 1", ref.Code, seq, CodeNoHello)
	}
	if h.stateNumber() != state || len(h.players()) != 1 {
		t.Errorf("state %d with %d players, want %d with 1", h.stateNumber(), len(h.players()), state)
	}
}

func TestPingIsAnsweredWithPong(t *testing.T) {
	h := newTestCore(t)
	r := dialRaw(t, h)
	r.send(`{"v":1,"t":"ping","seq":7,"body":{"sent":12345}}`)
	env := r.next()
	var pong Pong
	if env.T != TypePong || env.Seq != 7 || json.Unmarshal(env.Body, &pong) != nil {
		t.Fatalf("got %s seq %d %s, want pong seq 7", env.T, env.Seq, env.Body)
	}
	if string(pong.Echo) != `{"sent":12345}` || pong.Now <= 0 {
		t.Errorf("pong %+v does not echo the ping or lacks the host clock", pong)
	}
}

// fakeTable deals each seat a private card and accepts only "play" from the seat whose turn it is.
type fakeTable struct {
	turn  Seat
	plays int
}

func (f *fakeTable) View(seat Seat) json.RawMessage {
	return json.RawMessage(fmt.Sprintf(`{"card":"card-of-seat-%d","turn":%d,"plays":%d}`, seat, f.turn, f.plays))
}

func (f *fakeTable) Apply(seat Seat, action json.RawMessage) error {
	if string(action) != `"play"` {
		return fmt.Errorf("unknown action %s", action)
	}
	if seat != f.turn {
		return errors.New("it is not your turn")
	}
	f.plays++
	f.turn = (f.turn + 1) % 3
	return nil
}

// The game seam: game intents reach the table with the sender's seat, refusals go to the
// sender only, and (APP-HID-1, the host's half) each seat is sent only its own view: no
// message a seat receives holds another seat's card.
func TestTableSeamRoutesViewsAndGameIntents(t *testing.T) {
	h := newTestCore(t)
	clients := make([]*Client, 3)
	watchers := make([]*watcher, 3)
	for i, name := range []string{"Hana", "Ann", "Bob"} {
		clients[i], watchers[i] = mustSeat(t, h, name, "", i == 0)
	}
	h.setTable(&fakeTable{})
	for i, w := range watchers {
		v := w.waitView(t, "a game view", func(v View) bool { return v.Game != nil })
		want := fmt.Sprintf(`{"card":"card-of-seat-%d","turn":0,"plays":0}`, i)
		if string(v.Game) != want {
			t.Errorf("seat %d sees %s, want %s", i, v.Game, want)
		}
	}
	state := h.stateNumber()
	_, bobNotices := watchers[2].counts()
	annViews, _ := watchers[1].counts()

	// Ann plays out of turn: refused to her only, nothing changes.
	if err := clients[1].Send(Intent{Kind: KindGame, Game: json.RawMessage(`"play"`)}); err != nil {
		t.Fatal(err)
	}
	if n := watchers[1].waitNotices(t, 1); n.Code != CodeRefused || n.Notice != "it is not your turn" {
		t.Errorf("Ann got %q (%s)", n.Notice, n.Code)
	}
	if h.stateNumber() != state {
		t.Errorf("state moved on a refusal")
	}

	// The host plays in turn: everyone gets the next state.
	if err := clients[0].Send(Intent{Kind: KindGame, Game: json.RawMessage(`"play"`)}); err != nil {
		t.Fatal(err)
	}
	for i, w := range watchers {
		v := w.waitView(t, "the play", func(v View) bool { return v.State == state+1 })
		want := fmt.Sprintf(`{"card":"card-of-seat-%d","turn":1,"plays":1}`, i)
		if string(v.Game) != want {
			t.Errorf("seat %d sees %s, want %s", i, v.Game, want)
		}
	}
	if views, _ := watchers[1].counts(); views != annViews+1 {
		t.Errorf("Ann got %d new views, want 1", views-annViews)
	}
	if _, n := watchers[2].counts(); n != bobNotices {
		t.Errorf("Bob got %d notices meant for Ann", n-bobNotices)
	}
	for i, w := range watchers {
		w.mu.Lock()
		for _, v := range w.views {
			for other := range watchers {
				if other != i && strings.Contains(string(v.Game), fmt.Sprintf("card-of-seat-%d", other)) {
					t.Errorf("seat %d was sent seat %d's card in state %d", i, other, v.State)
				}
			}
		}
		w.mu.Unlock()
	}
}

func TestHostCloseEndsEveryClient(t *testing.T) {
	h := newHostCore("TESTRM", slog.New(slog.NewTextHandler(io.Discard, nil)))
	_, hw := mustSeat(t, h, "Hana", "", true)
	ann, aw := mustSeat(t, h, "Ann", "", false)
	h.close()
	for _, w := range []*watcher{hw, aw} {
		<-w.done // Updates closed
		if len(w.notices) == 0 || w.notices[len(w.notices)-1].Code != CodeHostClosed {
			t.Errorf("last notices %+v, want %s", w.notices, CodeHostClosed)
		}
		if len(w.status) == 0 || w.status[len(w.status)-1] != StatusClosed {
			t.Errorf("statuses %v, want closed last", w.status)
		}
	}
	if err := ann.Send(Intent{Kind: KindRename, Name: "Ann2"}); err == nil {
		t.Error("Send after the host closed returned no error")
	}
}
