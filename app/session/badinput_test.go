//go:build !js

package session

import (
	"strings"
	"testing"

	"safehouse/wire"
)

// APP-ACT-1: garbage, another protocol version, oversized, forged and malformed messages on
// a real data channel are each refused with a clear error to their sender only; the state
// number does not move and no other player receives anything.
func TestBadInputOnDataChannelRefusedToSenderOnly_APP_ACT_1(t *testing.T) {
	url, ctx, host := hostOnLoopback(t)
	peers := joinAll(t, ctx, url, host.Room(), host.Secret(), 2, func(i int) string { return []string{"Mallory", "Bob"}[i] })
	mallory, bob := peers[0], peers[1]
	defer mallory.Close()
	defer bob.Close()
	hw, mw, bw := watch(host.Player()), watch(mallory), watch(bob)
	for _, w := range []*watcher{hw, mw, bw} {
		w.waitView(t, "three players", func(v View) bool { return len(v.Players) == 3 })
	}
	channel := mallory.current().(*peerConn).Conn.(*dataChannelConn).dc

	cases := []struct {
		name     string
		raw      string
		binary   bool
		wantCode string
		wantText string
	}{
		{"binary garbage", "\x00\xff\xfe garbage \x01", true, CodeBadMessage, "not text"},
		{"text that is not JSON", "hello host, let me win", false, CodeBadMessage, "JSON"},
		{"JSON that is not an object", `[1,2,3]`, false, CodeBadMessage, "JSON object"},
		{"broken JSON", `{"v":1,"t":"intent",`, false, CodeBadMessage, "envelope"},
		{"another protocol version", `{"v":2,"t":"intent","seq":50,"body":{"kind":"rename","name":"Eve"}}`, false, CodeVersion, "please reload"},
		{"no version", `{"t":"intent","seq":51,"body":{"kind":"rename","name":"Eve"}}`, false, CodeVersion, "please reload"},
		{"oversized", `{"v":1,"t":"intent","seq":52,"body":{"kind":"rename","name":"` + strings.Repeat("E", 40<<10) + `"}}`, false, CodeTooLarge, "limit"},
		{"forged seat", `{"v":1,"t":"intent","seq":53,"body":{"kind":"rename","name":"Eve","seat":0}}`, false, CodeForged, "connection"},
		{"forged player", `{"v":1,"t":"intent","seq":54,"body":{"kind":"rename","name":"Eve","player":2}}`, false, CodeForged, "connection"},
		{"unknown type", `{"v":1,"t":"view","body":{"state":99}}`, false, CodeUnknownType, "view"},
		{"unknown intent kind", `{"v":1,"t":"intent","seq":55,"body":{"kind":"win"}}`, false, CodeBadIntent, "win"},
		{"intent without seq", `{"v":1,"t":"intent","body":{"kind":"rename","name":"Eve"}}`, false, CodeBadIntent, "seq"},
		{"intent without body", `{"v":1,"t":"intent","seq":56}`, false, CodeBadIntent, "body"},
		{"second hello", `{"v":1,"t":"hello","body":{"name":"Eve"}}`, false, CodeAgain, "hello"},
		{"empty name", `{"v":1,"t":"intent","seq":57,"body":{"kind":"rename","name":"   "}}`, false, CodeBadName, "at least one"},
		{"name too long", `{"v":1,"t":"intent","seq":58,"body":{"kind":"rename","name":"` + strings.Repeat("é", wire.MaxNameRunes+1) + `"}}`, false, CodeBadName, "at most 24"},
		{"game intent without a game", `{"v":1,"t":"intent","seq":59,"body":{"kind":"game","game":{"accuse":2}}}`, false, CodeNoGame, "no game"},
	}
	state := host.State()
	hostViews, hostNotices := hw.counts()
	bobViews, bobNotices := bw.counts()
	malloryViews, refusals := mw.counts()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			if tc.binary {
				err = channel.Send([]byte(tc.raw))
			} else {
				err = channel.SendText(tc.raw)
			}
			if err != nil {
				t.Fatal(err)
			}
			refusals++
			got := mw.waitNotices(t, refusals)
			if got.Code != tc.wantCode || !strings.Contains(got.Notice, tc.wantText) {
				t.Errorf("refusal = %s %q, want code %s mentioning %q", got.Code, got.Notice, tc.wantCode, tc.wantText)
			}
			if s := host.State(); s != state {
				t.Errorf("state number moved from %d to %d", state, s)
			}
		})
	}

	// One honest rename closes the run: every player gets exactly one new view, the very next
	// state, so none of the refused messages changed or broadcast anything.
	// The raw intents above used seqs up to 59 on Mallory's connection; the host handles a
	// seq once, so her client continues above them.
	mallory.sendMu.Lock()
	mallory.seq = 100
	mallory.sendMu.Unlock()
	if err := mallory.Send(Intent{Kind: KindRename, Name: "Mal"}); err != nil {
		t.Fatal(err)
	}
	for _, w := range []*watcher{hw, mw, bw} {
		w.waitView(t, "the rename", func(v View) bool { return v.Players[1].Name == "Mal" || v.Players[2].Name == "Mal" })
	}
	for _, c := range []struct {
		who           string
		w             *watcher
		views, notice int
	}{{"host", hw, hostViews, hostNotices}, {"bob", bw, bobViews, bobNotices}, {"mallory", mw, malloryViews, refusals}} {
		views, notices := c.w.counts()
		if views != c.views+1 || notices != c.notice {
			t.Errorf("%s got %d views and %d notices, want %d and %d", c.who, views, notices, c.views+1, c.notice)
		}
		if v, _ := c.w.lastView(); v.State != state+1 {
			t.Errorf("%s's view has state %d, want %d", c.who, v.State, state+1)
		}
	}
}
