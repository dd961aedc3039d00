//go:build !wasm

package main

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The wasm build's copy of go-app's route.go (wasm/overlay/route.go.overlay, see the
// Makefile's WASM_OVERLAY) was made from the route.go of the go-app this module requires: a
// go-app update that changes the file fails here, and the overlay is redone from the new one.
func TestGoAppRouteOverlayMatchesTheModule(t *testing.T) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/maxence-charriere/go-app/v10").Output()
	if err != nil {
		t.Fatalf("go list -m go-app: %v", err)
	}
	upstream, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(out)), "pkg", "app", "route.go"))
	if err != nil {
		t.Fatal(err)
	}
	overlay, err := os.ReadFile(filepath.Join("..", "overlay", "route.go.overlay"))
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(upstream)
	if !strings.Contains(string(overlay), "sha256 "+hex.EncodeToString(sum[:])) {
		t.Fatalf("go-app's pkg/app/route.go is not the one wasm/overlay/route.go.overlay was made from (sha256 %x): redo the overlay from it", sum)
	}
}
