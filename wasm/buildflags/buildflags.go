// Package buildflags gives the go build flags of make wasm to the tests that build a wasm of
// their own (app/session's browser player, tools/wasmsize's builds of the app). Built with the
// same flags, the standard library, pion and go-app they compile for js/wasm are the very
// compiles of make wasm, taken from the build cache; built with others, each test compiled
// them all again (about a minute of both cores with an empty cache, for each).
package buildflags

import (
	"os"
	"path/filepath"
)

// GCFlags are the Makefile's WASM_GCFLAGS: the project's packages and go-app without inlining.
var GCFlags = []string{
	"-gcflags=safehouse/...=-l",
	"-gcflags=github.com/maxence-charriere/go-app/v10/...=-l",
}

// Made are the files make wasm makes before it builds (its go.mod with go-app's patched router,
// and the standard library's overlay), each with the flag that passes it, relative to the root.
var Made = map[string]string{
	"-modfile": filepath.Join("build", "wasm.mod"),
	"-overlay": filepath.Join("build", "std-overlay", "overlay.json"),
}

// Wasm returns the flags of make wasm for a build of the module at root: -trimpath, the
// gcflags, and the made files that exist (make test makes them before any test runs; a test
// run alone without them builds the same program from the unpatched sources). The paths are
// absolute, so the build may run in any directory of the module.
func Wasm(root string) []string {
	flags := append([]string{"-trimpath"}, GCFlags...)
	for _, flag := range []string{"-modfile", "-overlay"} {
		path, err := filepath.Abs(filepath.Join(root, Made[flag]))
		if err != nil {
			continue
		}
		if _, err := os.Stat(path); err == nil {
			flags = append(flags, flag+"="+path)
		}
	}
	return flags
}
