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

// The wasm build's copies of go-app's files (wasm/overlay/*.go.overlay, put in by the
// Makefile's wasm-goapp) were made from the files of the go-app this module requires: a
// go-app update that changes one fails here, and its overlay is redone from the new file.
func TestGoAppOverlaysMatchTheModule(t *testing.T) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/maxence-charriere/go-app/v10").Output()
	if err != nil {
		t.Fatalf("go list -m go-app: %v", err)
	}
	for _, file := range []string{"route.go", "engine.go"} {
		upstream, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(out)), "pkg", "app", file))
		if err != nil {
			t.Fatal(err)
		}
		overlay, err := os.ReadFile(filepath.Join("..", "overlay", file+".overlay"))
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(upstream)
		if !strings.Contains(string(overlay), "sha256 "+hex.EncodeToString(sum[:])) {
			t.Errorf("go-app's pkg/app/%s is not the one wasm/overlay/%s.overlay was made from (sha256 %x): redo the overlay from it", file, file, sum)
		}
	}
}
