package spyfall

import (
	"errors"
	"reflect"
	"testing"

	"safehouse/engine"
)

func TestActionsRoundTrip(t *testing.T) {
	all := []Action{
		Deal{Round: 2}, StartClock{Round: 1}, Ask{Round: 1, Question: 3, Target: 2},
		Accuse{Round: 2, Suspect: 3}, Pass{Round: 2}, Vote{Vote: 7, Yes: true}, Vote{Vote: 8, Yes: false},
		Guess{Round: 1, Location: "bank"}, RevealTable{Round: 1}, Lead{Round: 1, Captain: 4},
		Pick{Round: 1, Turn: 2, Agent: 5}, StopPicking{Round: 1, Turn: 3},
		GuessBoth{Round: 1, Locations: [2]string{"a", "b"}}, Rename{Seat: 1, Name: "Zoë"},
		engine.HostAddSeat{Seat: 4, Name: "Eve", Team: 0}, engine.HostRemoveSeat{Seat: 2}, HostMoveSeat{Seat: 1, To: 0},
		HostMarkAbsent{Round: 1, Seat: 2}, HostPass{Round: 1, Vote: 3, Seat: 2}, engine.HostEndGame{},
	}
	if len(all) != len(codec.Kinds())+1 {
		t.Fatalf("%d kinds registered, %d tested", len(codec.Kinds()), len(all)-1)
	}
	for _, a := range all {
		b, err := EncodeAction(a)
		if err != nil {
			t.Fatal(err)
		}
		back, err := DecodeAction(b)
		if err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if !reflect.DeepEqual(back, a) {
			t.Fatalf("%s decoded to %#v", b, back)
		}
	}
	if b, _ := EncodeAction(Accuse{Round: 2, Suspect: 3}); string(b) != `{"kind":"accuse","round":2,"suspect":3}` {
		t.Fatalf("wire form %s", b)
	}
}

func TestDecodeRefusesBadInput(t *testing.T) {
	for _, in := range []string{
		``, `null`, `[]`, `{}`, `{"kind":1}`, `{"kind":"fly"}`,
		`{"kind":"accuse","round":2}`,                          // missing suspect: not seat 0
		`{"kind":"accuse","suspect":1}`,                        // missing round
		`{"kind":"accuse","round":2,"suspect":null}`,           // null
		`{"kind":"accuse","round":2,"suspect":1,"extra":true}`, // unknown field
		`{"kind":"accuse","round":"2","suspect":1}`,            // wrong type
		`{"kind":"accuse","round":2.5,"suspect":1}`,
		`{"kind":"vote","vote":1}`,
		`{"kind":"tick"}`, // time passes through Advance, never as an action
		`{"kind":"guess_both","round":1,"locations":["a"]}`,
		`{"kind":"guess_both","round":1,"locations":["a","b","c"]}`,
	} {
		a, err := DecodeAction([]byte(in))
		var r *engine.Refusal
		if err == nil || !errors.As(err, &r) || !errors.Is(err, engine.ErrInvalidAction) {
			t.Errorf("%s: decoded to %#v, err %v", in, a, err)
		}
	}
}
