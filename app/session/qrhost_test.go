//go:build !js

package session

import (
	"context"
	"strings"
	"testing"
)

// The host refuses a wrong, foreign, damaged, cut or replayed answer, says why, and nothing
// changes: the open offer still takes the right answer afterwards, and the player is seated
// once.
func TestQRHostRefusesWrongForeignDamagedAndReplayedAnswers(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	host, err := NewQRHost(ctx, qrLoopback("Hana"))
	if err != nil {
		t.Fatal(err)
	}
	defer host.Close()
	other, err := NewQRHost(ctx, qrLoopback("Olga"))
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()

	offerCode, err := host.Offer(ctx)
	if err != nil {
		t.Fatal(err)
	}
	join, err := JoinQR(ctx, qrLoopback("Ann"), offerCode)
	if err != nil {
		t.Fatal(err)
	}
	defer join.Close()
	otherOffer, err := other.Offer(ctx)
	if err != nil {
		t.Fatal(err)
	}
	foreign, err := JoinQR(ctx, qrLoopback("Zed"), otherOffer)
	if err != nil {
		t.Fatal(err)
	}
	defer foreign.Close()

	answer := join.Answer()
	// One bit of the answer's middle flipped: its base32 character read as its neighbour.
	const base32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
	mid := len(answer) / 2
	flipped := answer[:mid] + string(base32[strings.IndexByte(base32, answer[mid])^1]) + answer[mid+1:]
	state := host.State()
	for _, tc := range []struct {
		name, code, want string
	}{
		{"the host's own offer", offerCode, QRWrongKind},
		{"another game's answer", foreign.Answer(), QROtherGame},
		{"damaged", flipped, QRDamaged},
		{"cut short", answer[:len(answer)-20], QRTruncated + "|" + QRDamaged},
		{"cut to its header", answer[:30], QRTruncated + "|" + QRDamaged},
		{"not a code", "hello", QRNotACode},
	} {
		if err := host.Accept(tc.code); !strings.Contains(tc.want, qrCode(t, err)) {
			t.Errorf("%s: got %v, want %s", tc.name, err, tc.want)
		}
	}
	if host.State() != state || len(host.Players()) != 1 {
		t.Fatalf("refused answers changed the host: state %d -> %d, %d players", state, host.State(), len(host.Players()))
	}

	if err := host.Accept(answer); err != nil {
		t.Fatal(err)
	}
	if err := host.Accept(answer); qrCode(t, err) != QRUsed {
		t.Errorf("the same answer again: %v, want %s", err, QRUsed)
	}
	ann, err := join.Wait(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer ann.Close()
	w := watch(host.Player())
	w.waitView(t, "Ann seated", sameNames([]string{"Hana", "Ann"}))
	// A second player who scanned the same (now spent) offer is refused; nobody else sits.
	late, err := JoinQR(ctx, qrLoopback("Bo"), offerCode)
	if err != nil {
		t.Fatal(err)
	}
	defer late.Close()
	if err := host.Accept(late.Answer()); qrCode(t, err) != QRUsed {
		t.Errorf("an answer to a spent offer: %v, want %s", err, QRUsed)
	}
	if len(host.Players()) != 2 {
		t.Fatalf("%d players after the refused late answer", len(host.Players()))
	}
}
