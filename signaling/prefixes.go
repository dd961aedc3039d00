package signaling

import "net/netip"

// Limits count a client at several prefix sizes, so that whoever holds many
// addresses (one IPv6 /48 holds 65,536 /64s; a carrier holds whole IPv4
// /24s) cannot multiply a per-address limit by them. Level 0 is the address
// itself (an IPv6 /64, since one IPv6 host usually owns a whole /64), and
// each coarser level allows levelFactor times as much as the one before.
//
//	IPv4: /32, /24
//	IPv6: /64, /56, /48
const levelFactor = 4

// prefixKeys are the limit keys of a at each level, finest first. The first
// is limitKey(a).
func prefixKeys(a netip.Addr) []string {
	if !a.IsValid() {
		return []string{"unknown"}
	}
	if a.Is4() {
		p, _ := a.Prefix(24)
		return []string{a.String(), p.String()}
	}
	keys := make([]string, 0, 3)
	for _, bits := range []int{64, 56, 48} {
		p, _ := a.Prefix(bits)
		keys = append(keys, p.String())
	}
	return keys
}

// levelLimit is the limit at level of a limit that is perAddress at level 0.
func levelLimit(perAddress, level int) int {
	for range level {
		perAddress *= levelFactor
	}
	return perAddress
}

// What the whole server holds (sockets, connections, rooms) is shared between
// networks too: one network (an IPv4 /24, an IPv6 /48: the coarsest level)
// may hold at most a networkShare-th of what is still free. Whoever holds a
// network or many can then never take the last places: a newcomer from
// another network always finds some, while the networks that hold most are
// refused first. (20 addresses of one /24 held all 6,000 sockets; 63 /24s all
// 2,000 rooms.) The rule does not bind until the server fills up: with half
// of it free, a network may still hold an eighth of it; and a network may
// always hold what one address may.
const networkShare = 4

// prefixCounts counts what clients hold at every prefix level of their
// addresses (prefixKeys).
type prefixCounts map[string]int

// refusal says why the address with limit keys keys may not have one more of
// what c counts, or "" if it may: its address or one of its networks holds
// its limit already (perAddress, times levelFactor per level), or its network
// holds its share of what the server has free (used of total).
func (pc prefixCounts) refusal(keys []string, perAddress, used, total int) string {
	for level, key := range keys {
		if pc[key] >= levelLimit(perAddress, level) {
			if level == 0 {
				return "address"
			}
			return "network"
		}
	}
	if held := pc[keys[len(keys)-1]]; held >= perAddress && held*networkShare >= total-used {
		return "network share"
	}
	return ""
}

func (pc prefixCounts) add(keys []string) {
	for _, key := range keys {
		pc[key]++
	}
}

func (pc prefixCounts) remove(keys []string) {
	for _, key := range keys {
		if pc[key]--; pc[key] <= 0 {
			delete(pc, key)
		}
	}
}
