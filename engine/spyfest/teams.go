package spyfest

import "safehouse/engine"

// BalanceTeams moves players from the larger team to the smaller one until
// the sizes differ by at most one (SX-SET-1). The last members move first,
// so the players who picked a team earliest stay where they chose.
func BalanceTeams(teams [2][]engine.Seat) [2][]engine.Seat {
	out := [2][]engine.Seat{append([]engine.Seat(nil), teams[0]...), append([]engine.Seat(nil), teams[1]...)}
	for {
		big, small := 0, 1
		if len(out[1]) > len(out[0]) {
			big, small = 1, 0
		}
		if len(out[big])-len(out[small]) <= 1 {
			return out
		}
		last := out[big][len(out[big])-1]
		out[big] = out[big][:len(out[big])-1]
		out[small] = append(out[small], last)
	}
}

// ShuffleTeams deals the seats at random into two teams of similar size
// (SX-SET-1), using a generator seeded by the caller.
func ShuffleTeams(seats []engine.Seat, seed uint64) [2][]engine.Seat {
	rng := engine.NewRand(seed)
	var out [2][]engine.Seat
	for i, p := range rng.Perm(len(seats)) {
		out[i%2] = append(out[i%2], seats[p])
	}
	return out
}
