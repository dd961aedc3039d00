//go:build !js

package signaling

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"safehouse/wire"
)

func TestDecodeMessage(t *testing.T) {
	tests := []struct {
		in      string
		want    wire.Message
		wantErr bool
	}{
		{`{"t":"host"}`, wire.Message{T: wire.TypeHost}, false},
		{`  {"t":"host","room":"abcdef","claim":"c"}`, wire.Message{T: wire.TypeHost, Room: "abcdef", Claim: "c"}, false},
		{`{"t":"join","room":"ABCDEF","v":2}`, wire.Message{T: wire.TypeJoin, Room: "ABCDEF"}, false}, // unknown fields are ignored
		{`{"t":"to","id":"p3","data":{"a":[1,2]}}`, wire.Message{T: wire.TypeTo, ID: "p3", Data: json.RawMessage(`{"a":[1,2]}`)}, false},
		{`{"t":"bye"}`, wire.Message{T: wire.TypeBye}, false},
		{`{"t":"host","gate":"g"}`, wire.Message{T: wire.TypeHost, Gate: "g"}, false},
		{`{"t":"host","room":"k7mpq2","gate":"g"}`, wire.Message{T: wire.TypeHost, Room: "k7mpq2", Gate: "g"}, false}, // a proposed code
		{`{"t":"host","room":"K7MPQ"}`, wire.Message{}, true},                                                         // proposals must be codes
		{`{"t":"host","room":"K7MPQ0"}`, wire.Message{}, true},
		{`{"t":"host","room":"K7M-PQ"}`, wire.Message{}, true},
		{`{"t":"join","room":"ABCDEF","pass":"p"}`, wire.Message{T: wire.TypeJoin, Room: "ABCDEF", Pass: "p"}, false},
		{`{"t":"admit","id":"p3"}`, wire.Message{T: wire.TypeAdmit, ID: "p3"}, false},
		{`{"t":"block","id":"p3"}`, wire.Message{T: wire.TypeBlock, ID: "p3"}, false},
		{`{"t":"block"}`, wire.Message{}, true},
		{`{"t":"admit","id":""}`, wire.Message{}, true},
		{`{"t":"join","room":"ABCDEF","pass":"` + strings.Repeat("p", 65) + `"}`, wire.Message{}, true},
		{`{"t":"host","gate":"` + strings.Repeat("g", 65) + `"}`, wire.Message{}, true},
		{``, wire.Message{}, true},
		{`"host"`, wire.Message{}, true},
		{`{"t":"host"} {"t":"host"}`, wire.Message{}, true},
		{`{"t":"hosted"}`, wire.Message{}, true}, // server-to-client types are not accepted from clients
		{`{"t":"host","claim":"c"}`, wire.Message{}, true},
		{`{"t":"to","data":null}`, wire.Message{}, true},
		{`{"t":"join","room":"` + strings.Repeat("A", 33) + `"}`, wire.Message{}, true},
		{`{"t":"to","id":"` + strings.Repeat("p", 17) + `","data":1}`, wire.Message{}, true},
		{`{"t":"host","room":"ABCDEF","claim":"` + strings.Repeat("c", 129) + `"}`, wire.Message{}, true},
	}
	for _, tt := range tests {
		got, err := DecodeMessage([]byte(tt.in))
		if tt.wantErr {
			if !errors.Is(err, ErrBadMessage) {
				t.Errorf("DecodeMessage(%q) = %+v, %v; want ErrBadMessage", tt.in, got, err)
			}
			continue
		}
		if err != nil || got.T != tt.want.T || got.Room != tt.want.Room || got.Claim != tt.want.Claim ||
			got.ID != tt.want.ID || string(got.Data) != string(tt.want.Data) || got.Gate != tt.want.Gate || got.Pass != tt.want.Pass {
			t.Errorf("DecodeMessage(%q) = %+v, %v; want %+v", tt.in, got, err, tt.want)
		}
	}
}

func FuzzDecodeMessage(f *testing.F) {
	for _, seed := range []string{
		`{"t":"host"}`, `{"t":"host","room":"ABCDEF","claim":"xyz"}`, `{"t":"join","room":"abcdef"}`,
		`{"t":"to","id":"p1","data":{"sdp":"v=0"}}`, `{"t":"to","data":"x"}`, `{"t":"bye"}`,
		`{"t":"to","data":null}`, `{"t":1}`, `[]`, `null`, `{`, "\xff\xfe", `{"t":"join","room":"\u0041BCDEF"}`,
		`{"t":"block","id":"p2"}`, `{"t":"join","room":"ABCDEF","pass":"x"}`, `{"t":"host","room":"abcdef"}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := DecodeMessage(b)
		if err != nil {
			if !errors.Is(err, ErrBadMessage) {
				t.Fatalf("error %v does not wrap ErrBadMessage", err)
			}
			return
		}
		switch m.T {
		case wire.TypeHost:
			if m.Claim != "" && m.Room == "" {
				t.Fatalf("host message with a claim and no room: %+v", m)
			}
			if _, ok := wire.CanonicalRoomCode(m.Room); m.Room != "" && m.Claim == "" && !ok {
				t.Fatalf("host message proposing a malformed code: %+v", m)
			}
		case wire.TypeJoin:
			if m.Room == "" {
				t.Fatalf("join without room accepted: %+v", m)
			}
		case wire.TypeTo:
			if len(m.Data) == 0 || string(m.Data) == "null" || !json.Valid(m.Data) {
				t.Fatalf("to with unusable data accepted: %+v", m)
			}
		case wire.TypeAdmit, wire.TypeBlock:
			if m.ID == "" {
				t.Fatalf("%s without id accepted: %+v", m.T, m)
			}
		case wire.TypeBye:
		default:
			t.Fatalf("type %q accepted", m.T)
		}
		if len(m.Room) > maxRoomFieldLen || len(m.Claim) > maxClaimFieldLen || len(m.ID) > maxIDFieldLen ||
			len(m.Gate) > maxPassFieldLen || len(m.Pass) > maxPassFieldLen {
			t.Fatalf("oversized routing field accepted: %+v", m)
		}
		// Whatever is accepted can be relayed: re-encoding must not fail.
		if m.T == wire.TypeTo {
			var relayed wire.Message
			if err := json.Unmarshal(encodeFrom("p1", m.Data), &relayed); err != nil {
				t.Fatalf("relayed message is not JSON: %v", err)
			}
			if relayed.T != wire.TypeFrom || relayed.ID != "p1" || string(relayed.Data) != string(m.Data) {
				t.Fatalf("relayed %+v for data %s", relayed, m.Data)
			}
		}
	})
}

func TestClaimTokens(t *testing.T) {
	a, b := newClaimToken(), newClaimToken()
	raw, err := base64.RawURLEncoding.DecodeString(a)
	if err != nil || len(raw)*8 < 128 {
		t.Fatalf("claim %q: %d bits, %v", a, len(raw)*8, err)
	}
	if a == b {
		t.Fatal("two claims are equal")
	}
	if !claimMatches(a, a) || claimMatches(a, b) || claimMatches(a, a[:len(a)-1]) || claimMatches(a, "") {
		t.Fatal("claimMatches disagrees with equality")
	}
}
