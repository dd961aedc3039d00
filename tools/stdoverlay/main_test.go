//go:build !wasm

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The rewrite on a made-up file: declarations become functions, uses become calls, and a
// field, a selector, a composite literal's key and a local of the same name stay as they are.
func TestRewriteMakesTheVariablesFunctions(t *testing.T) {
	src := `package hpke

import "crypto/ecdh"

var dhKEMP256 = &dhKEM{ecdh.P256()}

type holder struct{ dhKEMP256 *dhKEM }

func pick(h holder) (*dhKEM, bool) {
	k := holder{dhKEMP256: dhKEMP256}
	same := h.dhKEMP256 == dhKEMP256
	{
		dhKEMP256 := k.dhKEMP256
		_ = dhKEMP256
	}
	return mlkem768, same
}
`
	out, names, changed, err := rewrite("kem.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if !changed || len(names) != 1 || names[0] != "dhKEMP256" {
		t.Fatalf("rewrote %v (changed %v), want dhKEMP256", names, changed)
	}
	got := string(out)
	for _, want := range []string{
		`import "sync"`,
		"func dhKEMP256() *dhKEM {",
		"dhKEMP256Lazy.kem = &dhKEM{ecdh.P256()}",
		"type holder struct{ dhKEMP256 *dhKEM }",
		"k := holder{dhKEMP256: dhKEMP256()}",
		"same := h.dhKEMP256 == dhKEMP256()",
		"dhKEMP256 := k.dhKEMP256\n\t\t_ = dhKEMP256\n",
		"return mlkem768(), same", // declared in another file of the package
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the rewrite lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "var dhKEMP256 =") {
		t.Errorf("the variable is still declared:\n%s", got)
	}

	// A file of another package, or with none of the names, is left alone.
	for _, other := range []string{"package hpke_test\n\nvar x = mlkem768\n", "package hpke\n\nvar x = 1\n"} {
		if _, _, changed, err := rewrite("x_test.go", []byte(other)); err != nil || changed {
			t.Errorf("%q: changed %v, %v", other, changed, err)
		}
	}
}

// On this machine's Go: every variable is found, crypto/hpke's own tests pass against the
// rewritten package, and a wasm that links crypto/tls (as app.wasm does through net/http)
// is smaller with the overlay by the curves' code. A Go release whose crypto/hpke no longer
// has the variables fails here, not silently in the size of app.wasm.
func TestOverlayOnThisToolchain(t *testing.T) {
	goroot, err := goEnv("GOROOT")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	ov, err := write(filepath.Join(goroot, "src", pkgDir), dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(ov.Replace) < 2 {
		t.Fatalf("the overlay replaces %v: want at least kem.go and pq.go", ov.Replace)
	}
	ovFile := filepath.Join(dir, "overlay.json")
	if err := writeJSON(ovFile, ov); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("go", "test", "-short", "-overlay", ovFile, pkgDir).CombinedOutput(); err != nil {
		t.Fatalf("crypto/hpke's tests against the rewritten package: %v\n%s", err, out)
	}

	prog := filepath.Join(dir, "prog")
	if err := os.MkdirAll(prog, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{
		"go.mod":  "module prog\n\ngo 1.26\n",
		"main.go": "package main\n\nimport _ \"crypto/tls\"\n\nfunc main() {}\n",
	} {
		if err := os.WriteFile(filepath.Join(prog, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	size := func(extra ...string) int64 {
		t.Helper()
		bin := filepath.Join(dir, "prog.wasm")
		build := exec.Command("go", append(append([]string{"build", "-trimpath", "-ldflags=-s -w"}, extra...), "-o", bin, ".")...)
		build.Dir = prog
		build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		if out, err := build.CombinedOutput(); err != nil {
			t.Fatalf("building %v: %v\n%s", extra, err, out)
		}
		info, err := os.Stat(bin)
		if err != nil {
			t.Fatal(err)
		}
		return info.Size()
	}
	plain, lazy := size(), size("-overlay", ovFile)
	t.Logf("a wasm linking crypto/tls: %d bytes, %d with the overlay", plain, lazy)
	if plain-lazy < 200_000 {
		t.Errorf("the overlay saves %d bytes of a wasm linking crypto/tls (%d -> %d), want the curves' code (over 200 KB)", plain-lazy, plain, lazy)
	}
}
