package session

import (
	"encoding/json"
	"strings"
	"testing"
)

// What a client does with what its host sends, over a pipe driven by hand.
func TestClientHandlesHostMessages(t *testing.T) {
	cases := []struct {
		name       string
		raw        string
		wantCode   string // the notice's code; "" for none
		wantNotice string
		wantView   bool
	}{
		{"view", `{"v":1,"t":"view","body":{"state":3,"room":"ABCDEF","you":1,"players":[{"seat":0,"name":"H","online":true,"host":true}]}}`, "", "", true},
		{"refusal", `{"v":1,"t":"error","seq":4,"body":{"code":"bad-name","msg":"Your name was not changed."}}`, CodeBadName, "Your name was not changed.", false},
		{"refusal without text", `{"v":1,"t":"error","body":{}}`, CodeBadMessage, "without saying why", false},
		{"garbage", "\x00\x01garbage", CodeBadMessage, "cannot read", false},
		{"newer protocol", `{"v":2,"t":"view","body":{}}`, CodeVersion, "please reload", false},
		{"oversized", `{"v":1,"t":"view","body":"` + strings.Repeat("x", MaxMessageBytes) + `"}`, CodeTooLarge, "cannot read", false},
		{"unknown type", `{"v":1,"t":"teleport"}`, CodeUnknownType, "teleport", false},
		{"unreadable view", `{"v":1,"t":"view","body":{"state":"high"}}`, CodeBadMessage, "view", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			host, end := Pipe()
			c := newClient(end, nil)
			defer c.Close()
			w := watch(c)
			if err := host.Send([]byte(tc.raw)); err != nil {
				t.Fatal(err)
			}
			// A pong to a ping marks the point by which the message above was handled.
			if err := host.Send([]byte(`{"v":1,"t":"ping","seq":9,"body":{"n":1}}`)); err != nil {
				t.Fatal(err)
			}
			raw, err := host.Receive()
			if err != nil {
				t.Fatal(err)
			}
			env, err := decodeEnvelope(raw)
			var pong Pong
			if err != nil || env.T != TypePong || env.Seq != 9 || json.Unmarshal(env.Body, &pong) != nil || string(pong.Echo) != `{"n":1}` {
				t.Fatalf("answer to ping: %s", raw)
			}
			if tc.wantView {
				v := w.waitView(t, "the view", func(View) bool { return true })
				if v.State != 3 || v.You != 1 || len(v.Players) != 1 {
					t.Errorf("view %+v", v)
				}
			}
			if tc.wantCode != "" {
				n := w.waitNotices(t, 1)
				if n.Code != tc.wantCode || !strings.Contains(n.Notice, tc.wantNotice) {
					t.Errorf("notice %q (%s), want %s mentioning %q", n.Notice, n.Code, tc.wantCode, tc.wantNotice)
				}
			}
			// The host hanging up lets the client deliver everything it queued, then end.
			host.Close()
			<-w.done
			wantNotices := map[bool]int{true: 1}[tc.wantCode != ""] + 1 // and the lost connection
			if views, notices := len(w.views), len(w.notices); views != map[bool]int{true: 1}[tc.wantView] || notices != wantNotices {
				t.Errorf("got %d views and %d notices, want %d notices", views, notices, wantNotices)
			}
			if last := w.notices[len(w.notices)-1]; last.Status != StatusClosed || last.Code != NoticeConnectionLost || !strings.Contains(last.Notice, "lost") {
				t.Errorf("last update %+v, want the lost connection with its code", last)
			}
		})
	}
}

func TestClientSendNumbersIntents(t *testing.T) {
	host, end := Pipe()
	c := newClient(end, nil)
	for i := range 3 {
		if err := c.Send(Intent{Kind: KindRename, Name: "A"}); err != nil {
			t.Fatal(err)
		}
		raw, err := host.Receive()
		if err != nil {
			t.Fatal(err)
		}
		env, err := decodeEnvelope(raw)
		if err != nil || env.T != TypeIntent || env.Seq != uint64(i+1) {
			t.Fatalf("intent %d went out as %s", i, raw)
		}
	}
	c.Close()
	if err := c.Send(Intent{Kind: KindRename, Name: "A"}); err != ErrClosed {
		t.Errorf("Send after Close = %v, want ErrClosed", err)
	}
	if _, open := <-c.Updates(); open {
		t.Error("Updates still open after Close")
	}
}
