package session

import (
	"bytes"
	"encoding/json"
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
