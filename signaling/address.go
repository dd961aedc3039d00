package signaling

import (
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"path"
	"strings"
)

// clientAddr is the address a request comes from: the connection's remote
// address, or, when that is a trusted proxy, the nearest untrusted address in
// its X-Forwarded-For chain.
func clientAddr(r *http.Request, trusted []netip.Prefix) netip.Addr {
	remote := parseHostAddr(r.RemoteAddr)
	if !remote.IsValid() || !isTrusted(remote, trusted) {
		return remote
	}
	var chain []netip.Addr
	for _, header := range r.Header.Values("X-Forwarded-For") {
		for _, part := range strings.Split(header, ",") {
			a := parseHostAddr(strings.TrimSpace(part))
			if !a.IsValid() {
				return remote // a mangled header is not believed at all
			}
			chain = append(chain, a)
		}
	}
	// Walk from the nearest hop outwards: every proxy appends the address it
	// saw, so the first untrusted one from the right is the real client.
	for i := len(chain) - 1; i >= 0; i-- {
		if !isTrusted(chain[i], trusted) {
			return chain[i]
		}
	}
	if len(chain) > 0 {
		return chain[0]
	}
	return remote
}

// parseHostAddr reads "ip", "ip:port" or "[ip]:port".
func parseHostAddr(s string) netip.Addr {
	if ap, err := netip.ParseAddrPort(s); err == nil {
		return ap.Addr().Unmap()
	}
	if a, err := netip.ParseAddr(strings.Trim(s, "[]")); err == nil {
		return a.Unmap()
	}
	return netip.Addr{}
}

func isTrusted(a netip.Addr, trusted []netip.Prefix) bool {
	for _, p := range trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// limitKey groups addresses for the per-address limits: one IPv4 address, or
// one IPv6 /64, since a single IPv6 host usually owns a whole /64. Coarser
// groups are in prefixes.go.
func limitKey(a netip.Addr) string { return prefixKeys(a)[0] }

// originAllowed applies coder/websocket's OriginPatterns rule (no Origin
// header, or the request's own host, or a matching pattern), which the
// server kept when its WebSocket library changed. It runs before admission so
// that refusals are counted and logged with their reason.
func originAllowed(r *http.Request, patterns []string) bool {
	origin := r.Header.Get("Origin")
	if origin == "" {
		return true
	}
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return false
	}
	if strings.EqualFold(u.Host, r.Host) {
		return true
	}
	for _, pattern := range patterns {
		if pattern == "*" {
			return true
		}
		target := u.Host
		if strings.Contains(pattern, "://") {
			target = u.Scheme + "://" + u.Host
		}
		if ok, err := path.Match(strings.ToLower(pattern), strings.ToLower(target)); err == nil && ok {
			return true
		}
	}
	return false
}

// hostAllowed says whether the request's Host header matches one of
// patterns, with or without its port; no patterns allow every host.
func hostAllowed(r *http.Request, patterns []string) bool {
	if len(patterns) == 0 {
		return true
	}
	host := strings.ToLower(r.Host)
	bare := host
	if h, _, err := net.SplitHostPort(host); err == nil {
		bare = h
	}
	for _, pattern := range patterns {
		pattern = strings.ToLower(pattern)
		for _, target := range []string{host, bare} {
			if ok, err := path.Match(pattern, target); err == nil && ok {
				return true
			}
		}
	}
	return false
}

// badOriginPatterns returns the patterns path.Match cannot use, for a warning.
func badOriginPatterns(patterns []string) []string {
	var bad []string
	for _, p := range patterns {
		if _, err := path.Match(p, ""); err != nil {
			bad = append(bad, p)
		}
	}
	return bad
}

// ParseTrustedProxies reads a comma-separated list of CIDRs or single
// addresses, as given on a command line.
func ParseTrustedProxies(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, part := range strings.Split(list, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if strings.Contains(part, "/") {
			p, err := netip.ParsePrefix(part)
			if err != nil {
				return nil, err
			}
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(part)
		if err != nil {
			return nil, &net.ParseError{Type: "IP address or CIDR", Text: part}
		}
		out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
	}
	return out, nil
}
