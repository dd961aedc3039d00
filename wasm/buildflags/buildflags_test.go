//go:build !wasm

package buildflags

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The flags here are the Makefile's: a test that built with other flags would compile the
// standard library, pion and go-app for js/wasm once more, which is what this package is for.
func TestFlagsAreTheMakefiles(t *testing.T) {
	makefile, err := os.ReadFile(filepath.Join("..", "..", "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	variable := func(name string) string {
		m := regexp.MustCompile(`(?m)^` + name + `\s*=\s*(.*)$`).FindSubmatch(makefile)
		if m == nil {
			t.Fatalf("the Makefile has no %s", name)
		}
		return strings.TrimSpace(string(m[1]))
	}
	if got := strings.Fields(variable("WASM_GCFLAGS")); !slices.Equal(got, GCFlags) {
		t.Errorf("the Makefile's WASM_GCFLAGS are %q, this package's %q", got, GCFlags)
	}
	if got, want := variable("WASM_MODFILE"), filepath.ToSlash(Made["-modfile"]); got != want {
		t.Errorf("the Makefile's WASM_MODFILE is %q, this package's %q", got, want)
	}
	if got, want := variable("STD_OVERLAY"), filepath.ToSlash(Made["-overlay"]); got != want {
		t.Errorf("the Makefile's STD_OVERLAY is %q, this package's %q", got, want)
	}
	wasmFlags := strings.Fields(variable("WASM_FLAGS"))
	for _, flag := range []string{"-trimpath", "-modfile=$(WASM_MODFILE)", "-overlay=$(STD_OVERLAY)", "$(WASM_GCFLAGS)"} {
		if !slices.Contains(wasmFlags, flag) {
			t.Errorf("the Makefile's WASM_FLAGS (%q) have no %s", wasmFlags, flag)
		}
	}
	if len(wasmFlags) != 4 {
		t.Errorf("the Makefile's WASM_FLAGS are %q: a flag this package does not give", wasmFlags)
	}
}

// Wasm gives the made files as absolute paths, and only those that exist.
func TestWasmPassesTheMadeFilesThatExist(t *testing.T) {
	root := t.TempDir()
	has := func(flags []string, prefix string) string {
		for _, f := range flags {
			if strings.HasPrefix(f, prefix) {
				return strings.TrimPrefix(f, prefix)
			}
		}
		return ""
	}
	flags := Wasm(root)
	if flags[0] != "-trimpath" || has(flags, "-modfile=") != "" || has(flags, "-overlay=") != "" {
		t.Fatalf("with nothing made: %q", flags)
	}
	if err := os.MkdirAll(filepath.Join(root, "build"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, Made["-modfile"]), []byte("module safehouse\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	flags = Wasm(root)
	if got := has(flags, "-modfile="); !filepath.IsAbs(got) || got != filepath.Join(root, Made["-modfile"]) {
		t.Errorf("with build/wasm.mod made: %q", flags)
	}
	if has(flags, "-overlay=") != "" {
		t.Errorf("with no overlay made: %q", flags)
	}
}
