package app

import (
	"errors"
	"net/url"
	"strings"
	"testing"
)

const testSecret = "q9Zk3xW0bT2vLr8mN4pY6A" // 22 base64url characters = 132 bits

func TestParseInvite(t *testing.T) {
	tests := []struct {
		name      string
		fragment  string
		want      invite
		wantFound bool
		wantErr   error
	}{
		{"empty", "", invite{}, false, nil},
		{"just a hash", "#", invite{}, false, nil},
		{"unrelated fragment", "#rules", invite{}, false, nil},
		{"link with secret", "#join=K7MPQ2&k=" + testSecret, invite{"K7MPQ2", testSecret}, true, nil},
		{"no leading hash", "join=K7MPQ2&k=" + testSecret, invite{"K7MPQ2", testSecret}, true, nil},
		{"lower case code", "#join=k7mpq2", invite{"K7MPQ2", ""}, true, nil},
		{"code without secret", "#join=K7MPQ2", invite{"K7MPQ2", ""}, true, nil},
		{"code with ambiguous letter O", "#join=K7MPQO", invite{}, true, errBadInvite},
		{"code too short", "#join=K7MPQ", invite{}, true, errBadInvite},
		{"empty code", "#join=&k=" + testSecret, invite{}, true, errBadInvite},
		{"secret too short", "#join=K7MPQ2&k=abc", invite{}, true, errBadInvite},
		{"secret with bad characters", "#join=K7MPQ2&k=" + strings.Repeat("+", 22), invite{}, true, errBadInvite},
		{"empty secret", "#join=K7MPQ2&k=", invite{}, true, errBadInvite},
		{"broken escape", "#join=%zz", invite{}, true, errBadInvite},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, found, err := parseInvite(tt.fragment)
			if found != tt.wantFound {
				t.Errorf("found = %v, want %v", found, tt.wantFound)
			}
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("err = %v, want %v", err, tt.wantErr)
			}
			if err == nil && got != tt.want {
				t.Errorf("invite = %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestInviteURLRoundTrip(t *testing.T) {
	pages := []string{
		"http://192.168.1.5:8080/",
		"https://example.org/games/safehouse/?utm=x#old",
		"http://localhost:8080/#join=AAAAAA",
	}
	for _, p := range pages {
		page, err := url.Parse(p)
		if err != nil {
			t.Fatal(err)
		}
		inv := invite{Room: "K7MPQ2", Secret: testSecret}
		link := inv.URL(page)
		if strings.Count(link, "#") != 1 || strings.Contains(link, "utm") {
			t.Errorf("%s: link %q keeps the old fragment or query", p, link)
		}
		u, err := url.Parse(link)
		if err != nil {
			t.Fatal(err)
		}
		if u.Host != page.Host || u.Path != page.Path {
			t.Errorf("%s: link %q changed the page address", p, link)
		}
		back, found, err := parseInvite(u.Fragment)
		if err != nil || !found || back != inv {
			t.Errorf("%s: round trip gave %+v found=%v err=%v", p, back, found, err)
		}
	}
}

func TestSignalURL(t *testing.T) {
	tests := []struct {
		configured, page, prefix, want string
	}{
		{"", "http://192.168.1.5:8080/", "", "ws://192.168.1.5:8080/signal"},
		{"", "http://192.168.1.5:8080/", "/", "ws://192.168.1.5:8080/signal"}, // go-app's prefix at the root
		{"", "https://play.example.org/", "", "wss://play.example.org/signal"},
		{"", "https://example.org/games/safehouse/", "", "wss://example.org/games/safehouse/signal"},
		{"", "https://example.org/games/safehouse/index.html", "", "wss://example.org/games/safehouse/signal"},
		{"", "https://example.org/safehouse", "/safehouse", "wss://example.org/safehouse/signal"},
		{"", "https://example.org/safehouse/", "/safehouse/", "wss://example.org/safehouse/signal"},
		{"wss://signal.example.org/signal", "https://cdn.example.net/", "", "wss://signal.example.org/signal"},
	}
	for _, tt := range tests {
		page, err := url.Parse(tt.page)
		if err != nil {
			t.Fatal(err)
		}
		if got := signalURL(tt.configured, page, tt.prefix); got != tt.want {
			t.Errorf("signalURL(%q, %q, %q) = %q, want %q", tt.configured, tt.page, tt.prefix, got, tt.want)
		}
	}
}
