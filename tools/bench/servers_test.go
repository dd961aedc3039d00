//go:build !wasm

package main

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"safehouse/signaling"
)

// The browser sections' server (withServers) takes every join a section makes from loopback:
// the fan-out section alone seats 72 peers from 127.0.0.1, and on a fast machine they came
// within a minute, past the server's default limit of joins an address, so its last case
// read "not measured: too many joins from this address". The sections measure speed; the
// limits have a section of their own (abuse).
func TestBrowserSectionsServerTakesEveryJoin(t *testing.T) {
	t.Chdir("../..")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	// Built as the other tests build (no -trimpath, unlike buildServer): its packages are then
	// the native test runs' compiles, and this is a link.
	bin := filepath.Join(t.TempDir(), "safehouse")
	if out, err := exec.CommandContext(ctx, "go", "build", "-o", bin, "./signaling/cmd/safehouse").CombinedOutput(); err != nil {
		t.Fatalf("building the server: %v\n%s", err, out)
	}
	rows := withServers(bin, "fanout", []string{t.TempDir()}, func(servers []*server) []row {
		codes, closeHosts, err := hostRooms(ctx, servers[0].signal, 1, func(int) string { return "127.0.0.1" })
		if err != nil {
			t.Fatal(err)
		}
		defer closeHosts()
		for i := range signaling.DefaultJoinsPerMinute + 20 {
			if _, err := joinRoom(ctx, servers[0].signal, "127.0.0.1", codes[0], false); err != nil {
				t.Fatalf("join %d of %d from one address: %v", i+1, signaling.DefaultJoinsPerMinute+20, err)
			}
		}
		return nil
	})
	for _, r := range rows {
		t.Errorf("the section failed: %s", fmt.Sprint(r))
	}
}
