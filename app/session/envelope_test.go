package session

import (
	"errors"
	"strings"
	"testing"
)

func TestDecodeEnvelope(t *testing.T) {
	cases := []struct {
		name     string
		raw      string
		wantCode string // "" for a valid envelope
		wantT    string
	}{
		{"intent", `{"v":1,"t":"intent","seq":42,"body":{"kind":"rename","name":"A"}}`, "", TypeIntent},
		{"spaces around", " \n{\"v\":1,\"t\":\"ping\"}\n", "", TypePing},
		{"unknown envelope fields are ignored", `{"v":1,"t":"ping","extra":true}`, "", TypePing},
		{"empty", ``, CodeBadMessage, ""},
		{"not UTF-8", "\xff\xfe", CodeBadMessage, ""},
		{"array", `[]`, CodeBadMessage, ""},
		{"truncated", `{"v":1,"t":`, CodeBadMessage, ""},
		{"v as text", `{"v":"1","t":"ping"}`, CodeBadMessage, ""},
		{"seq negative", `{"v":1,"t":"intent","seq":-1}`, CodeBadMessage, ""},
		{"version 2", `{"v":2,"t":"ping"}`, CodeVersion, ""},
		{"version 0", `{"t":"ping"}`, CodeVersion, ""},
		{"no type", `{"v":1}`, CodeBadMessage, ""},
		{"too large", `{"v":1,"t":"ping","body":"` + strings.Repeat("x", MaxMessageBytes) + `"}`, CodeTooLarge, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			env, err := decodeEnvelope([]byte(tc.raw))
			if tc.wantCode == "" {
				if err != nil || env.T != tc.wantT {
					t.Fatalf("got %+v, %v; want type %s", env, err, tc.wantT)
				}
				return
			}
			var bad *envelopeError
			if !errors.As(err, &bad) || bad.code != tc.wantCode || bad.msg == "" {
				t.Fatalf("got %v, want code %s", err, tc.wantCode)
			}
		})
	}
}

func TestVersionRefusalAsksToReload(t *testing.T) {
	_, err := decodeEnvelope([]byte(`{"v":7,"t":"intent","seq":3}`))
	var bad *envelopeError
	if !errors.As(err, &bad) || !strings.Contains(bad.msg, "please reload") || bad.seq != 3 {
		t.Fatalf("got %v, want a reload request naming seq 3", err)
	}
}

func TestEncodeEnvelopeRoundTrip(t *testing.T) {
	raw, err := encodeEnvelope(TypeIntent, 9, Intent{Kind: KindRename, Name: "Zoë"})
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"v":1,"t":"intent","seq":9,"body":{"kind":"rename","name":"Zoë"}}`; string(raw) != want {
		t.Fatalf("encoded %s, want %s", raw, want)
	}
	env, err := decodeEnvelope(raw)
	if err != nil || env.Seq != 9 {
		t.Fatalf("decoded %+v, %v", env, err)
	}
	var in Intent
	if err := decodeStrict(env.Body, &in); err != nil || in.Name != "Zoë" {
		t.Fatalf("body %+v, %v", in, err)
	}
}
