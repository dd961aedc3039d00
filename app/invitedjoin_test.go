//go:build !wasm && !player

package app

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"safehouse/app/session"
	"safehouse/signaling"
)

// Issue 29: a guest who came by the invite link submits the join form twice before the
// screen changes -- Enter in the name field, then a tap on Join, or a second tap on a busy
// phone. go-app runs every event's handler at once but redraws only at its next frame, so
// the second submit reaches the shell after the first has started joining. It must not start
// another join: that one had lost the link's secret, and the host made the guest wait ("the
// hello carried no proof") while the join that had the secret was dropped as stale. A real
// host and signaling server on loopback; the guest's shell joins as in the browser.
func TestInvitedGuestSubmittingTwiceIsSeatedAtOnce(t *testing.T) {
	srv := signaling.New(signaling.Config{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	mux := http.NewServeMux()
	mux.Handle("/signal", srv)
	ts := httptest.NewServer(mux)
	t.Cleanup(func() { _ = srv.Close(); ts.Close() })
	signalURL := "ws" + strings.TrimPrefix(ts.URL, "http") + "/signal"
	t.Setenv("SIGNAL_URL", signalURL) // the shell's options read it as the build's setting

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	host, err := session.Host(ctx, session.Options{SignalURL: signalURL, Name: "Maya", Loopback: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { host.Close() })

	d := newDispatcher(t)
	s := &shell{mounted: true, lang: "en", ui: d.ctx, screen: screenHome,
		pendingInvite: &invite{Room: host.Room(), Secret: host.Secret()}}
	s.home.Name, s.home.Code = "Nadia", host.Room() // as followFragment leaves the invited screen

	s.submitJoin(d.ctx) // Enter in the name field
	s.submitJoin(d.ctx) // and a tap on Join, both before the next frame
	joins := s.attempt  // each join the shell started says hello to the host
	t.Cleanup(func() {
		// As the player's Cancel does: every join's result is stale from here, so the shell
		// closes each client once its join ends (a waiting one ends by its cancel).
		s.attempt++
		if s.stopJoining != nil {
			s.stopJoining()
		}
		d.engine.ConsumeAll()
	})

	// Watched at the host, since a live session never lets go-app's test engine rest.
	deadline := time.Now().Add(time.Minute)
	for len(host.Players())-1+len(host.Waiting()) < joins {
		if time.Now().After(deadline) {
			t.Fatalf("the host heard from %d of the %d joins the shell started", len(host.Players())-1+len(host.Waiting()), joins)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if waiting := host.Waiting(); len(waiting) != 0 {
		t.Errorf("Nadia came by the link and was made to wait for the host: %+v", waiting)
	}
	if joins != 1 {
		t.Errorf("the two presses started %d joins, want one", joins)
	}
}

// A double tap on Create before the next frame starts one host, not two: closing the stale
// second host cleared the saved game that the live one writes (both use the same storage).
func TestCreatePressedTwiceStartsOneHost(t *testing.T) {
	srv := signaling.New(signaling.Config{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	mux := http.NewServeMux()
	mux.Handle("/signal", srv)
	ts := httptest.NewServer(mux)
	t.Cleanup(func() { _ = srv.Close(); ts.Close() })
	t.Setenv("SIGNAL_URL", "ws"+strings.TrimPrefix(ts.URL, "http")+"/signal")

	d := newDispatcher(t)
	s := &shell{mounted: true, lang: "en", ui: d.ctx, screen: screenHome}
	s.home.Name = "Maya"
	s.create(d.ctx)
	s.create(d.ctx)
	hosts := s.attempt
	t.Cleanup(func() {
		s.attempt++ // every host started is stale from here: each is closed when it is made
		d.engine.ConsumeAll()
	})
	if hosts != 1 {
		t.Errorf("two presses of Create started %d hosts, want one", hosts)
	}
}
