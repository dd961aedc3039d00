package spyfall

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkGames plays complete random games (the random player of the
// property tests, without their checks) and reports games per second for
// each edition and variant.
func BenchmarkGames(b *testing.B) {
	for vi, spec := range variantSpecs {
		b.Run(spec.name, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				seed := uint64(vi)<<32 | uint64(i)
				i++
				rng := rand.New(rand.NewPCG(seed, 99))
				g, err := New(spec.config(rng, seed))
				if err != nil {
					b.Fatal(err)
				}
				p := newPlayer(g, seed, spec.seatOps)
				for steps := 0; g.s.Phase != PhaseGameOver; steps++ {
					if steps > 5000 {
						b.Fatal("game does not end")
					}
					seat, a, _ := p.next()
					_ = p.apply(seat, a)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
		})
	}
}
