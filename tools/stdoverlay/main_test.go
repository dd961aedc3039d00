//go:build !wasm

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
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
	out, names, changed, err := rewrite("crypto/hpke/kem.go", []byte(src))
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
		if _, _, changed, err := rewrite("crypto/hpke/x_test.go", []byte(other)); err != nil || changed {
			t.Errorf("%q: changed %v, %v", other, changed, err)
		}
	}
}

// encoding/asn1's bigIntType, one value of a var block, becomes a function that makes the
// Type on use; the block keeps the others, and every use of it is a call.
func TestRewriteMakesTheTypeAFunction(t *testing.T) {
	src := `package asn1

import (
	"math/big"
	"reflect"
)

var (
	flagType   = reflect.TypeFor[Flag]()
	bigIntType = reflect.TypeFor[*big.Int]()
)

func kind(t reflect.Type) int {
	switch t {
	case flagType:
		return 1
	case bigIntType:
		return 2
	}
	return 0
}
`
	out, names, changed, err := rewriteTypes("encoding/asn1/asn1.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if !changed || len(names) != 1 || names[0] != "bigIntType" {
		t.Fatalf("rewrote %v (changed %v), want bigIntType", names, changed)
	}
	got := string(out)
	for _, want := range []string{
		"flagType = reflect.TypeFor[Flag]()",
		"func bigIntType() reflect.Type { return reflect.TypeFor[*big.Int]() }",
		"case bigIntType():",
		"case flagType:",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the rewrite lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "bigIntType = ") {
		t.Errorf("the variable is still declared:\n%s", got)
	}
	for _, other := range []string{"package asn1_test\n\nvar x = bigIntType\n", "package asn1\n\nvar x = 1\n"} {
		if _, _, changed, err := rewriteTypes("encoding/asn1/x_test.go", []byte(other)); err != nil || changed {
			t.Errorf("%q: changed %v, %v", other, changed, err)
		}
	}
}

// sync.OnceFunc, OnceValue and OnceValues made at start become functions that make them on
// first use; calls to them stay as they are, and a sync.OnceFunc inside a function is left.
func TestRewriteMakesSyncOncesLazy(t *testing.T) {
	src := `package ecdsa

import "sync"

var fipsSelfTest = sync.OnceFunc(func() {
	check()
})

var _P224 = sync.OnceValue(func() *Curve {
	return newCurve()
})

var pair = sync.OnceValues(func() (int, error) { return 1, nil })

func use() {
	fipsSelfTest()
	local := sync.OnceFunc(func() {})
	local()
}
`
	out, kems, changed, err := rewrite("crypto/internal/fips140/ecdsa/cast.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if !changed || len(kems) != 0 {
		t.Fatalf("changed %v, KEMs %v: want changed and no KEM", changed, kems)
	}
	got := string(out)
	for _, want := range []string{
		"func fipsSelfTest() {\n\tfipsSelfTestLazy.once.Do(func() {\n\t\tfipsSelfTestLazy.f = sync.OnceFunc(func() {\n\t\t\tcheck()\n\t\t})\n\t})\n\tfipsSelfTestLazy.f()\n}",
		"func _P224() *Curve {", "_P224Lazy.f = sync.OnceValue(func() *Curve {", "return _P224Lazy.f()",
		"func pair() (int, error) {", "return pairLazy.f()",
		"\tfipsSelfTest()\n\tlocal := sync.OnceFunc(func() {})\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the rewrite lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "var fipsSelfTest =") || strings.Contains(got, "var _P224 =") || strings.Contains(got, "var pair =") {
		t.Errorf("a variable is still declared:\n%s", got)
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
	ov, err := write(filepath.Join(goroot, "src"), dir)
	if err != nil {
		t.Fatal(err)
	}
	ovFile := filepath.Join(dir, "overlay.json")
	if err := writeJSON(ovFile, ov); err != nil {
		t.Fatal(err)
	}
	// Each rewritten package's own tests, and the public packages built on them, against
	// the rewrite.
	pkgs := []string{"crypto/ecdsa", "crypto/ed25519", "crypto/ecdh", "crypto/rsa", "crypto/mlkem"}
	for file := range ov.Replace {
		rel, err := filepath.Rel(filepath.Join(goroot, "src"), filepath.Dir(file))
		if err != nil {
			t.Fatal(err)
		}
		if p := filepath.ToSlash(rel); !slices.Contains(pkgs, p) {
			pkgs = append(pkgs, p)
		}
	}
	slices.Sort(pkgs)
	if len(pkgs) < 10 {
		t.Errorf("rewritten: %v; want crypto/hpke and the FIPS 140 packages' self-tests and curves", pkgs)
	}
	test := exec.Command("go", append([]string{"test", "-short", "-overlay", ovFile}, pkgs...)...)
	if out, err := test.CombinedOutput(); err != nil {
		t.Fatalf("the rewritten packages' tests: %v\n%s", err, out)
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
	if plain-lazy < 500_000 {
		t.Errorf("the overlay saves %d bytes of a wasm linking crypto/tls (%d -> %d), want the curves' and self-tests' code (over 500 KB)", plain-lazy, plain, lazy)
	}
}
