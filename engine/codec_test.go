package engine

import (
	"errors"
	"reflect"
	"testing"
)

type testMove struct {
	Round int     `json:"round"`
	Seat  Seat    `json:"seat"`
	Pair  [2]bool `json:"pair"`
}

type testHostEnd struct{}

func (testMove) Kind() string    { return "move" }
func (testHostEnd) Kind() string { return "host_end" }

var testCodec = NewCodec("test", testMove{}, testHostEnd{})

func TestCodecRoundTrip(t *testing.T) {
	for _, a := range []Action{testMove{Round: 2, Seat: 0, Pair: [2]bool{true, false}}, testHostEnd{}} {
		b, err := testCodec.Encode(a)
		if err != nil {
			t.Fatal(err)
		}
		back, err := testCodec.Decode(b)
		if err != nil || !reflect.DeepEqual(back, a) {
			t.Fatalf("%s decoded to %#v (%v)", b, back, err)
		}
	}
	if b, _ := testCodec.Encode(testHostEnd{}); string(b) != `{"kind":"host_end"}` {
		t.Fatalf("wire form %s", b)
	}
	if !HostOnly(testHostEnd{}) || HostOnly(testMove{}) {
		t.Fatal("HostOnly does not follow the host_ prefix")
	}
}

// The codec refuses rather than guesses: a field left out is not read as its zero value
// (round 0, seat 0), which would act on another round or seat.
func TestCodecIsStrict(t *testing.T) {
	for _, in := range []string{
		``, `null`, `[]`, `{}`, `{"kind":1}`, `{"kind":"fly"}`,
		`{"kind":"move","seat":1,"pair":[true,true]}`,                 // no round
		`{"kind":"move","round":1,"pair":[true,true]}`,                // no seat
		`{"kind":"move","round":1,"seat":null,"pair":[true,true]}`,    // null
		`{"kind":"move","round":1,"seat":1,"pair":[true,true],"x":0}`, // unknown field
		`{"kind":"move","round":"1","seat":1,"pair":[true,true]}`,     // wrong type
		`{"kind":"move","round":1,"seat":1,"pair":[true]}`,            // short array
		`{"kind":"move","round":1,"seat":1,"pair":[true,true,true]}`,  // long array
		`{"kind":"host_end","round":1}`,                               // a field it has not
	} {
		a, err := testCodec.Decode([]byte(in))
		var r *Refusal
		if err == nil || !errors.As(err, &r) || !errors.Is(err, ErrInvalidAction) {
			t.Errorf("%s: decoded to %#v, err %v", in, a, err)
		}
	}
}
