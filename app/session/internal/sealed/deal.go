package sealed

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/hashicorp/vault/shamir"
)

// Key is K, the key the copies of one deal are sealed under.
type Key [32]byte

// NewKey makes a random K.
func NewKey() Key {
	var k Key
	rand.Read(k[:]) // never fails: crypto/rand crashes the program rather than return an error
	return k
}

// MaxHolders bounds a deal: one share per seated phone but the host's (16 players and 16
// table screens at most, see session.MaxConnections).
const MaxHolders = 64

// Threshold is how many of n holders' shares open a copy: a majority of them, and at least
// two, so no phone can open one alone. It is 0 when n < 2: with a single other phone no
// takeover is possible, only the planned handoff.
func Threshold(n int) int {
	if n < 2 {
		return 0
	}
	return n/2 + 1
}

// Errors of shares and copies. Each names what is wrong, for the message its sender gets.
var (
	ErrOtherGame = errors.New("sealed: the share or copy belongs to another game")
	ErrOtherDeal = errors.New("sealed: the share or copy belongs to another deal of the key (the table changed since)")
	ErrForged    = errors.New("sealed: the share is not one the host dealt")
	ErrTooFew    = errors.New("sealed: too few shares to open the copy")
	ErrDamaged   = errors.New("sealed: the copy does not open with this key")
	ErrNoDeal    = errors.New("sealed: a deal needs at least two holders")
)

// GameID names a game for its deals and copies without revealing anything: a hash of its
// invite secret, which never changes for the life of the game (handoffs and takeovers
// included) and differs between games even when the server reuses a room code.
func GameID(secret string) string {
	sum := sha256.Sum256([]byte("safehouse/game-id/v1\x00" + secret))
	return base64.RawURLEncoding.EncodeToString(sum[:16])
}

// Deal is what every holder of one deal knows besides its own share: the game, the deal's
// epoch, how many shares open a copy, and the commitment to every holder's share (by holder
// index), which lets a collecting phone refuse a forged share.
type Deal struct {
	Game      string   `json:"game"`
	Epoch     uint64   `json:"epoch"`
	Threshold int      `json:"t"`
	Commits   [][]byte `json:"commits"`
}

// Share is one holder's share of K.
type Share struct {
	Game  string `json:"game"`
	Epoch uint64 `json:"epoch"`
	Index int    `json:"i"`
	Data  []byte `json:"data"`
}

// NewDeal splits k among n holders (Threshold(n) of them open a copy) under a new random
// epoch. Share i goes to holder i.
func NewDeal(game string, k Key, n int) (Deal, []Share, error) {
	t := Threshold(n)
	if t == 0 {
		return Deal{}, nil, ErrNoDeal
	}
	if n > MaxHolders {
		return Deal{}, nil, fmt.Errorf("sealed: %d holders, at most %d", n, MaxHolders)
	}
	var e [8]byte
	rand.Read(e[:]) // never fails: crypto/rand crashes the program rather than return an error
	parts, err := shamir.Split(k[:], n, t)
	if err != nil {
		return Deal{}, nil, fmt.Errorf("sealed: splitting the key: %w", err)
	}
	d := Deal{Game: game, Epoch: binary.BigEndian.Uint64(e[:]), Threshold: t, Commits: make([][]byte, n)}
	shares := make([]Share, n)
	for i, p := range parts {
		shares[i] = Share{Game: game, Epoch: d.Epoch, Index: i, Data: p}
		d.Commits[i] = commit(shares[i])
	}
	return d, shares, nil
}

// commit binds a share to its game, epoch and holder index.
func commit(s Share) []byte {
	h := sha256.New()
	h.Write([]byte("safehouse/share/v1\x00" + s.Game + "\x00"))
	var n [16]byte
	binary.BigEndian.PutUint64(n[:8], s.Epoch)
	binary.BigEndian.PutUint64(n[8:], uint64(s.Index))
	h.Write(n[:])
	h.Write(s.Data)
	return h.Sum(nil)
}

// Check says whether s is a share of this deal: ErrOtherGame, ErrOtherDeal or ErrForged when
// it is not.
func (d Deal) Check(s Share) error {
	switch {
	case s.Game != d.Game:
		return ErrOtherGame
	case s.Epoch != d.Epoch:
		return ErrOtherDeal
	case s.Index < 0 || s.Index >= len(d.Commits) || subtle.ConstantTimeCompare(commit(s), d.Commits[s.Index]) != 1:
		return ErrForged
	}
	return nil
}

// Valid says whether a deal as received is whole: a threshold that fits its holders.
func (d Deal) Valid() error {
	n := len(d.Commits)
	if n < 2 || n > MaxHolders || d.Threshold != Threshold(n) || d.Game == "" {
		return fmt.Errorf("sealed: a deal of %d holders with threshold %d is not one this app makes", n, d.Threshold)
	}
	for _, c := range d.Commits {
		if len(c) != sha256.Size {
			return errors.New("sealed: a deal with a malformed commitment")
		}
	}
	return nil
}

// Ring collects the shares of one deal until there are enough to rebuild K.
type Ring struct {
	deal   Deal
	shares map[int][]byte
}

// NewRing starts collecting shares of d.
func NewRing(d Deal) *Ring { return &Ring{deal: d, shares: map[int][]byte{}} }

// Add takes one share after checking it against the deal; a share already held is taken
// again without counting twice.
func (r *Ring) Add(s Share) error {
	if err := r.deal.Check(s); err != nil {
		return err
	}
	r.shares[s.Index] = append([]byte(nil), s.Data...)
	return nil
}

// Count is how many distinct shares the ring holds.
func (r *Ring) Count() int { return len(r.shares) }

// Ready reports whether the ring holds enough shares to rebuild K.
func (r *Ring) Ready() bool { return len(r.shares) >= r.deal.Threshold }

// Key rebuilds K from the shares held, or ErrTooFew.
func (r *Ring) Key() (Key, error) {
	if !r.Ready() {
		return Key{}, fmt.Errorf("%w: %d of the %d needed", ErrTooFew, len(r.shares), r.deal.Threshold)
	}
	parts := make([][]byte, 0, len(r.shares))
	for _, p := range r.shares {
		parts = append(parts, p)
	}
	secret, err := shamir.Combine(parts)
	var k Key
	if err != nil || len(secret) != len(k) {
		return Key{}, fmt.Errorf("%w: %v", ErrForged, err)
	}
	copy(k[:], secret)
	return k, nil
}

// Forget wipes the shares held (an asker that withdrew, or one that opened its copy).
func (r *Ring) Forget() {
	for i, p := range r.shares {
		clear(p)
		delete(r.shares, i)
	}
}
