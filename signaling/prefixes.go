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
