package session

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// The hand-made envelopes are byte for byte what json.Marshal(Envelope{...}) writes.
func TestAppendEnvelopeMatchesMarshal(t *testing.T) {
	bodies := []any{nil, Refusal{Code: CodeBadName, Msg: `a <b> & "c" ` + "\u2028 é"}, json.RawMessage(`{ "a" : [1, 2] }`), "check", 7}
	types := []string{TypeHello, TypeWelcome, TypeIntent, TypeView, TypeError, TypePing, TypePong, `od"d <t>`, "é"}
	for _, typ := range types {
		for _, seq := range []uint64{0, 1, 1 << 60} {
			for _, body := range bodies {
				env := Envelope{V: ProtocolVersion, T: typ, Seq: seq}
				if body != nil {
					b, err := json.Marshal(body)
					if err != nil {
						t.Fatal(err)
					}
					env.Body = b
				}
				want, err := json.Marshal(env)
				if err != nil {
					t.Fatal(err)
				}
				got, err := encodeEnvelope(typ, seq, body)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("type %q seq %d body %v:\n got %s\nwant %s", typ, seq, body, got, want)
				}
			}
		}
	}
}

// Each seat's view from the per-change encoder is byte for byte json.Marshal(View{...}), for
// the compact game parts a Table writes (json.Marshal's own output).
func TestViewEncoderMatchesMarshal(t *testing.T) {
	players := []Player{
		{Seat: 0, Name: "Hana <host>", Online: true, Host: true},
		{Seat: 3, Name: "Zoë & \"Bo\"" + "\u2028", Online: false},
		{Seat: 9, Name: "TV", Online: true, Spectator: true},
	}
	games := []json.RawMessage{nil, {}, json.RawMessage(`null`)}
	for _, part := range []any{map[string]any{"card": "<spy> & \u2028", "n": []int{1, 2, 3}}, map[string]string{"a": "é"}} {
		b, err := json.Marshal(part)
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, b)
	}
	for _, room := range []string{"K7MPQ2", "LOCAL", `we"ird`} {
		e, err := newViewEncoder(42, room, players)
		if err != nil {
			t.Fatal(err)
		}
		for _, you := range []Seat{0, 3, 9} {
			for _, game := range games {
				for _, ack := range []uint64{0, 17} {
					for _, waiting := range [][]Knock{nil, {}, {{ID: 1, Name: "Leo <3"}, {ID: 4, Spectator: true}}} {
						want, err := json.Marshal(View{State: 42, Room: room, You: you, Players: players, Game: game, Ack: ack, Waiting: waiting})
						if err != nil {
							t.Fatal(err)
						}
						got, err := e.body(int(you), game, ack, waiting)
						if err != nil {
							t.Fatal(err)
						}
						if !bytes.Equal(got, want) {
							t.Errorf("seat %d game %s ack %d waiting %v:\n got %s\nwant %s", you, game, ack, waiting, got, want)
						}
					}
				}
			}
		}
	}
}

// A view the host wrote reads in one pass (decodeView) exactly as the envelope and then its
// body read; anything else is left to decodeEnvelope, which reads or refuses it.
func TestDecodeViewReadsWhatTheHostWrites(t *testing.T) {
	players := []Player{{Seat: 0, Name: "Hana <host>", Online: true, Host: true}, {Seat: 3, Name: "Zoë \u2028"}}
	e, err := newViewEncoder(7, "K7MPQ2", players)
	if err != nil {
		t.Fatal(err)
	}
	for _, game := range []json.RawMessage{nil, json.RawMessage(`{"card":"\u003cspy\u003e"}`)} {
		for _, ack := range []uint64{0, 17} {
			body, err := e.body(3, game, ack, []Knock{{ID: 1, Name: "Leo"}})
			if err != nil {
				t.Fatal(err)
			}
			msg := appendEnvelope(nil, TypeView, 0, body)
			got, ok := decodeView(msg)
			if !ok {
				t.Fatalf("the host's view was not read in one pass: %s", msg)
			}
			env, err := decodeEnvelope(msg)
			if err != nil {
				t.Fatal(err)
			}
			var want View
			if err := json.Unmarshal(env.Body, &want); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("one pass read %+v, the envelope then its body %+v", got, want)
			}
		}
	}
	for name, msg := range map[string]string{
		"another version":      `{"v":2,"t":"view","body":{"state":1}}`,
		"another type":         `{"v":1,"t":"welcome","body":{"room":"K7MPQ2"}}`,
		"the type given twice": `{"v":1,"t":"view","t":"error","body":{"code":"bad-message","msg":"no"}}`,
		"a body of no view":    `{"v":1,"t":"view","body":[1,2]}`,
		"no body":              `{"v":1,"t":"view","seq":3}`,
		"not JSON":             `{"v":1,"t":"view","body":{"state":`,
		"not UTF-8":            "{\"v\":1,\"t\":\"view\",\"body\":{\"room\":\"\xff\"}}",
		"too large":            `{"v":1,"t":"view","body":{"room":"` + strings.Repeat("x", MaxMessageBytes) + `"}}`,
	} {
		if v, ok := decodeView([]byte(msg)); ok {
			t.Errorf("%s: read as the view %+v", name, v)
		}
	}
}

// BenchmarkReadingAViewMessage is a player's device reading one message of the evening's
// table (make bench): the envelope of a view with 21 seats and a game part.
func BenchmarkReadingAViewMessage(b *testing.B) {
	var players []Player
	for i := range 21 {
		players = append(players, Player{Seat: Seat(i), Name: fmt.Sprintf("Player %d", i+1), Online: true, Spectator: i >= 12})
	}
	e, err := newViewEncoder(7, "K7MPQ2", players)
	if err != nil {
		b.Fatal(err)
	}
	game, _ := json.Marshal(map[string]any{"phase": "playing", "seats": players, "locations": strings.Split(strings.Repeat("beach,", 30), ",")})
	body, err := e.body(3, game, 0, nil)
	if err != nil {
		b.Fatal(err)
	}
	msg := appendEnvelope(nil, TypeView, 0, body)
	b.SetBytes(int64(len(msg)))
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := decodeView(msg); !ok {
			b.Fatal("unread")
		}
	}
}
