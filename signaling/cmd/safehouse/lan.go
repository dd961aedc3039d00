package main

import (
	"fmt"
	"net"
	"net/netip"
	"slices"
	"strconv"
	"strings"

	"safehouse/qrcode"
)

// openURLs lists the URLs to open on phones for a server listening on listen:
// every LAN IPv4 address of this machine (private ranges first), then
// localhost. A server bound to one address gets that address only.
func openURLs(scheme string, listen net.Addr, interfaceAddrs []net.Addr) []string {
	host, portText, err := net.SplitHostPort(listen.String())
	if err != nil {
		return nil
	}
	port, _ := strconv.Atoi(portText)
	if bound, err := netip.ParseAddr(host); err == nil && !bound.IsUnspecified() {
		return []string{siteURL(scheme, bound, port)}
	}
	var lan []netip.Addr
	for _, a := range interfaceAddrs {
		prefix, err := netip.ParsePrefix(a.String())
		if err != nil {
			continue
		}
		ip := prefix.Addr().Unmap()
		if ip.Is4() && !ip.IsLoopback() && !ip.IsLinkLocalUnicast() && !slices.Contains(lan, ip) {
			lan = append(lan, ip)
		}
	}
	slices.SortStableFunc(lan, func(a, b netip.Addr) int {
		switch {
		case a.IsPrivate() && !b.IsPrivate():
			return -1
		case b.IsPrivate() && !a.IsPrivate():
			return 1
		}
		return 0
	})
	urls := make([]string, 0, len(lan)+1)
	for _, ip := range lan {
		urls = append(urls, siteURL(scheme, ip, port))
	}
	return append(urls, fmt.Sprintf("%s://localhost:%d/", scheme, port))
}

func siteURL(scheme string, ip netip.Addr, port int) string {
	return fmt.Sprintf("%s://%s/", scheme, netip.AddrPortFrom(ip, uint16(port)))
}

// renderQR draws text as a QR code with Unicode half blocks, two modules per
// character cell, with the standard four-module quiet zone. Ink is drawn for
// the light modules when lightInk is set, which is what a terminal with a
// dark background needs for the code to scan as dark-on-light.
func renderQR(text string, lightInk bool) (string, error) {
	bitmap, err := qrcode.Modules(text) // true is a dark module; includes the quiet zone
	if err != nil {
		return "", err
	}
	inked := func(y, x int) bool {
		if y >= len(bitmap) {
			return lightInk // below the last row: quiet zone, which is light
		}
		return bitmap[y][x] != lightInk
	}
	var b strings.Builder
	for y := 0; y < len(bitmap); y += 2 {
		for x := range bitmap[y] {
			switch top, bottom := inked(y, x), inked(y+1, x); {
			case top && bottom:
				b.WriteString("█")
			case top:
				b.WriteString("▀")
			case bottom:
				b.WriteString("▄")
			default:
				b.WriteString(" ")
			}
		}
		b.WriteString("\n")
	}
	return b.String(), nil
}
