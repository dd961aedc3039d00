package sealed

import (
	"bytes"
	"errors"
	"testing"

	"github.com/hashicorp/vault/shamir"
)

func TestThresholdIsAMajorityOfAtLeastTwo(t *testing.T) {
	for n, want := range map[int]int{0: 0, 1: 0, 2: 2, 3: 2, 4: 3, 5: 3, 6: 4, 15: 8, 31: 16} {
		if got := Threshold(n); got != want {
			t.Errorf("Threshold(%d) = %d, want %d", n, got, want)
		}
	}
	if _, _, err := NewDeal("g", Key{}, 1); !errors.Is(err, ErrNoDeal) {
		t.Errorf("a deal for one holder: %v, want ErrNoDeal", err)
	}
}

func deal(t *testing.T, n int) (Key, Deal, []Share, Copy) {
	t.Helper()
	k := NewKey()
	d, shares, err := NewDeal(GameID("secret"), k, n)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Valid(); err != nil {
		t.Fatal(err)
	}
	c, err := Seal(k, d.Game, d.Epoch, 42, []byte(`{"room":"K7MPQ2","cards":"the whole state"}`))
	if err != nil {
		t.Fatal(err)
	}
	return k, d, shares, c
}

// APP-HOST-2, APP-HOST-3: any threshold of the holders opens the copy; fewer cannot, through
// the ring or by combining the shares directly.
func TestAnyMajorityOpensAndFewerCannot(t *testing.T) {
	for _, n := range []int{2, 3, 4, 7, 15} {
		k, d, shares, c := deal(t, n)
		// Every window of t consecutive holders (wrapping) opens it.
		for start := range n {
			r := NewRing(d)
			for i := range d.Threshold {
				if err := r.Add(shares[(start+i)%n]); err != nil {
					t.Fatal(err)
				}
			}
			got, err := r.Key()
			if err != nil || got != k {
				t.Fatalf("n=%d: %d shares from %d rebuilt %x, %v", n, d.Threshold, start, got, err)
			}
			if _, err := c.Open(got); err != nil {
				t.Fatalf("n=%d: the copy did not open: %v", n, err)
			}
		}
		// One share fewer: the ring refuses, and the shares combined anyway give a key that
		// opens nothing.
		r := NewRing(d)
		var parts [][]byte
		for i := range d.Threshold - 1 {
			_ = r.Add(shares[i])
			parts = append(parts, shares[i].Data)
		}
		if _, err := r.Key(); !errors.Is(err, ErrTooFew) {
			t.Errorf("n=%d: %d shares: %v, want ErrTooFew", n, d.Threshold-1, err)
		}
		if len(parts) >= 2 {
			secret, err := shamir.Combine(parts)
			if err != nil {
				t.Fatal(err)
			}
			var guess Key
			copy(guess[:], secret)
			if guess == k {
				t.Fatalf("n=%d: %d shares rebuilt the key", n, len(parts))
			}
			if _, err := c.Open(guess); !errors.Is(err, ErrDamaged) {
				t.Errorf("n=%d: a copy opened with too few shares: %v", n, err)
			}
		}
	}
}

// APP-HOST-3: a share of another game, of an older deal, or forged is refused with its own
// error, and never counts.
func TestForeignStaleAndForgedSharesAreRefused(t *testing.T) {
	_, d, shares, _ := deal(t, 4)
	_, older, oldShares, _ := deal(t, 4)
	other, _, err := NewDeal(GameID("another game"), Key{1}, 4)
	if err != nil {
		t.Fatal(err)
	}
	_ = older
	foreign := shares[0]
	foreign.Game = other.Game
	flipped := shares[1]
	flipped.Data = bytes.Clone(flipped.Data)
	flipped.Data[0] ^= 1
	moved := shares[2]
	moved.Index = 3
	outside := shares[2]
	outside.Index = 9
	r := NewRing(d)
	for _, c := range []struct {
		name string
		s    Share
		want error
	}{
		{"another game", foreign, ErrOtherGame},
		{"an older deal", oldShares[0], ErrOtherDeal},
		{"a changed byte", flipped, ErrForged},
		{"another holder's index", moved, ErrForged},
		{"an index outside the deal", outside, ErrForged},
	} {
		if err := r.Add(c.s); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
	if r.Count() != 0 {
		t.Fatalf("refused shares counted: %d", r.Count())
	}
	_ = r.Add(shares[0])
	_ = r.Add(shares[0])
	if r.Count() != 1 {
		t.Errorf("one share added twice counts %d", r.Count())
	}
}

// APP-HOST-3: a copy changed in any part, or opened with another key, does not open.
func TestChangedCopiesDoNotOpen(t *testing.T) {
	k, d, _, c := deal(t, 3)
	if err := c.Of(d); err != nil {
		t.Fatal(err)
	}
	changes := map[string]func(*Copy){
		"box":   func(c *Copy) { c.Box = bytes.Clone(c.Box); c.Box[3] ^= 0x80 },
		"state": func(c *Copy) { c.State++ },
		"epoch": func(c *Copy) { c.Epoch++ },
		"game":  func(c *Copy) { c.Game = "x" + c.Game },
		"nonce": func(c *Copy) { c.Nonce = c.Nonce[:4] },
	}
	for name, change := range changes {
		bad := c
		change(&bad)
		if _, err := bad.Open(k); !errors.Is(err, ErrDamaged) {
			t.Errorf("a copy with another %s: %v, want ErrDamaged", name, err)
		}
	}
	var wrong Key
	wrong[0] = 1
	if _, err := c.Open(wrong); !errors.Is(err, ErrDamaged) {
		t.Errorf("another key: %v", err)
	}
	foreign := c
	foreign.Game = "elsewhere"
	if err := foreign.Of(d); !errors.Is(err, ErrOtherGame) {
		t.Errorf("a copy of another game: %v", err)
	}
	stale := c
	stale.Epoch++
	if err := stale.Of(d); !errors.Is(err, ErrOtherDeal) {
		t.Errorf("a copy of another deal: %v", err)
	}
}

func TestForgetWipesTheShares(t *testing.T) {
	_, d, shares, _ := deal(t, 3)
	r := NewRing(d)
	_ = r.Add(shares[0])
	_ = r.Add(shares[1])
	held := r.shares[0]
	r.Forget()
	if r.Count() != 0 || r.Ready() || !bytes.Equal(held, make([]byte, len(held))) {
		t.Fatalf("after Forget: %d shares, held bytes %x", r.Count(), held)
	}
}

func TestMalformedDealsAreRefused(t *testing.T) {
	_, d, _, _ := deal(t, 4)
	for name, change := range map[string]func(*Deal){
		"wrong threshold": func(d *Deal) { d.Threshold = 2 },
		"one holder":      func(d *Deal) { d.Commits = d.Commits[:1]; d.Threshold = 0 },
		"short commit":    func(d *Deal) { d.Commits = [][]byte{{1}, {2}, {3}, {4}} },
		"no game":         func(d *Deal) { d.Game = "" },
	} {
		bad := d
		bad.Commits = append([][]byte(nil), d.Commits...)
		change(&bad)
		if err := bad.Valid(); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}
