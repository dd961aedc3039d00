package engine

import (
	"encoding/base64"
	"encoding/json"
	"math/rand/v2"
)

// Rand is the only source of randomness an engine may use. It is a PCG
// generator seeded explicitly and saved with the game state, so a restored
// game draws exactly what the original would have drawn.
type Rand struct {
	pcg *rand.PCG
	r   *rand.Rand
}

// NewRand returns a generator seeded with seed.
func NewRand(seed uint64) *Rand {
	pcg := rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)
	return &Rand{pcg: pcg, r: rand.New(pcg)}
}

// IntN returns a uniform number in [0, n).
func (g *Rand) IntN(n int) int { return g.r.IntN(n) }

// Perm returns a uniform permutation of [0, n).
func (g *Rand) Perm(n int) []int { return g.r.Perm(n) }

// Shuffle shuffles n elements with swap.
func (g *Rand) Shuffle(n int, swap func(i, j int)) { g.r.Shuffle(n, swap) }

// Uint64 returns a uniform 64-bit number.
func (g *Rand) Uint64() uint64 { return g.r.Uint64() }

// Clone returns an independent generator in the same state.
func (g *Rand) Clone() *Rand {
	b, _ := g.pcg.MarshalBinary()
	c := NewRand(0)
	_ = c.pcg.UnmarshalBinary(b)
	return c
}

// MarshalBinary saves the generator's state.
func (g *Rand) MarshalBinary() ([]byte, error) { return g.pcg.MarshalBinary() }

// UnmarshalBinary restores a state saved by MarshalBinary.
func (g *Rand) UnmarshalBinary(b []byte) error {
	if g.pcg == nil {
		g.pcg = rand.NewPCG(0, 0)
		g.r = rand.New(g.pcg)
	}
	return g.pcg.UnmarshalBinary(b)
}

// MarshalJSON saves the state as a base64 string, so engines can keep a Rand
// inside a JSON snapshot.
func (g *Rand) MarshalJSON() ([]byte, error) {
	b, err := g.MarshalBinary()
	if err != nil {
		return nil, err
	}
	return json.Marshal(base64.StdEncoding.EncodeToString(b))
}

// UnmarshalJSON restores a state saved by MarshalJSON.
func (g *Rand) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return err
	}
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return err
	}
	return g.UnmarshalBinary(b)
}
