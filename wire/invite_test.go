package wire

import "testing"

// A pass opens only the gate made from the same secret, and neither gives the
// secret away: both are fixed-length digests.
func TestInvitePassOpensItsGateOnly(t *testing.T) {
	pass, gate := InvitePass("secret-one"), InviteGate("secret-one")
	if len(pass) != PassLen || len(gate) != PassLen {
		t.Fatalf("pass %q and gate %q, want %d characters each", pass, gate, PassLen)
	}
	if pass == gate {
		t.Fatal("the gate is the pass: the server would hold what lets players in")
	}
	if !PassOpens(pass, gate) {
		t.Fatal("the pass does not open its own gate")
	}
	for _, tc := range []struct{ pass, gate string }{
		{InvitePass("secret-two"), gate},
		{gate, gate},
		{"", gate},
		{pass, ""},
		{"", ""},
	} {
		if PassOpens(tc.pass, tc.gate) {
			t.Errorf("pass %q opened gate %q", tc.pass, tc.gate)
		}
	}
	if InvitePass("") != "" || InviteGate("") != "" {
		t.Fatal("no secret, yet a pass or a gate")
	}
}
