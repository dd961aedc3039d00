//go:build !wasm

package main

import (
	"bytes"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
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
	// encoding/gob's tests reach into the package (tBool, decOpTable) where no way in has
	// set it up: with the package set up before them, as at start before the rewrite, all
	// pass; then each on its own in a fresh process with the setup left to the first use,
	// but for those that read the package's tables before any way in.
	testOv := filepath.Join(dir, "test-overlay.json")
	setupFile := filepath.Join(dir, "gob_setup_test.go")
	if err := os.WriteFile(setupFile, []byte("package gob\n\nvar _ = func() bool { setup(); return true }()\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gobDir := filepath.Join(goroot, "src", filepath.FromSlash(gobPkg))
	withSetup := overlay{Replace: map[string]string{filepath.Join(gobDir, "aaa_stdoverlay_setup_test.go"): setupFile}} // first of the test files: its var is set before theirs
	for k, v := range ov.Replace {
		withSetup.Replace[k] = v
	}
	if err := writeJSON(testOv, withSetup); err != nil {
		t.Fatal(err)
	}
	test := exec.Command("go", append([]string{"test", "-short", "-overlay", testOv}, pkgs...)...)
	if out, err := test.CombinedOutput(); err != nil {
		t.Fatalf("the rewritten packages' tests: %v\n%s", err, out)
	}
	gobTest := filepath.Join(dir, "gob.test")
	if out, err := exec.Command("go", "test", "-c", "-o", gobTest, "-overlay", ovFile, gobPkg).CombinedOutput(); err != nil {
		t.Fatalf("building %s's tests: %v\n%s", gobPkg, err, out)
	}
	list, err := exec.Command(gobTest, "-test.list", "^Test").Output()
	if err != nil {
		t.Fatal(err)
	}
	ran := 0
	for _, name := range strings.Fields(string(list)) {
		if slices.Contains(gobTestsOfInternals, name) {
			continue
		}
		run := exec.Command(gobTest, "-test.short", "-test.run", "^"+name+"$")
		run.Dir = gobDir
		if out, err := run.CombinedOutput(); err != nil {
			t.Errorf("%s's %s on its own, set up on first use: %v\n%s", gobPkg, name, err, out)
		}
		ran++
	}
	if ran < 50 {
		t.Errorf("ran %d of %s's tests on their own, want them all but %v", ran, gobPkg, gobTestsOfInternals)
	}

	prog := writeProgram(t, dir, "prog", "package main\n\nimport _ \"crypto/tls\"\n\nfunc main() {}\n")
	plain, lazy := wasmSize(t, prog), wasmSize(t, prog, "-overlay", ovFile)
	t.Logf("a wasm linking crypto/tls: %d bytes, %d with the overlay", plain, lazy)
	if plain-lazy < 500_000 {
		t.Errorf("the overlay saves %d bytes of a wasm linking crypto/tls (%d -> %d), want the curves' and self-tests' code (over 500 KB)", plain-lazy, plain, lazy)
	}
}

// gobTestsOfInternals are encoding/gob's tests that read its tables (the bootstrap types'
// ids, decOpTable) before calling any way into the package: without the setup made at start
// they see them empty. A test added to this list must be one of those.
var gobTestsOfInternals = []string{"TestScalarDecInstructions", "TestBasic", "TestArrayType", "TestSliceType", "TestMapType", "TestStructType"}

// encoding/gob's initialisation, rewritten on this toolchain's files: no init function is
// left, the bootstrap types are declared without a value and set by bootstrapTypes, every
// way in calls setup first, and the basic types are registered without it (setup runs them
// inside its sync.Once). A file that no longer has what an edit replaces fails the rewrite.
func TestRewriteSetsGobUpOnFirstUse(t *testing.T) {
	goroot, err := goEnv("GOROOT")
	if err != nil {
		t.Fatal(err)
	}
	files, err := readPackage(filepath.Join(goroot, "src"), gobPkg, slices.Collect(maps.Keys(gobEdits)))
	if err != nil {
		t.Fatal(err)
	}
	out, err := rewriteGob(files)
	if err != nil {
		t.Fatal(err)
	}
	for name, wants := range map[string][]string{
		"type.go": {
			"var tBool, tInt, tUint, tFloat, tBytes, tString, tComplex, tInterface, tReserved7,",
			"func bootstrapTypes() {",
			"\ttBool = bootstrapType(\"bool\", (*bool)(nil))\n",
			"var tWireType typeId\n",
			"func RegisterName(name string, value any) {\n\tsetup()\n\tregisterName(name, value)\n}",
			"func Register(value any) {\n\tsetup()\n\tregister(value)\n}",
			"\tregisterName(name, value)\n}\n\nfunc registerBasics() {\n\tregister(int(0))\n",
			"func setup() {\n\tsetupOnce.Do(func() {\n\t\tbootstrapTypes()\n\t\tinitDecIgnoreOps()\n\t\ttWireType = mustGetTypeInfo(wireTypeType).id\n\t\tinitDecOps()\n\t\tinitTypes()\n\t\tinitTypeInfoMap()\n",
		},
		"decode.go":  {"var decIgnoreOpMap map[typeId]decOp\n", "func initDecIgnoreOps() {\n\tdecIgnoreOpMap = map[typeId]decOp{\n", "func initDecOps() {"},
		"decoder.go": {"func NewDecoder(r io.Reader) *Decoder {\n\tsetup()\n", "func (dec *Decoder) DecodeValue(v reflect.Value) error {\n\tsetup()\n"},
		"encoder.go": {"func NewEncoder(w io.Writer) *Encoder {\n\tsetup()\n", "func (enc *Encoder) EncodeValue(value reflect.Value) error {\n\tsetup()\n"},
	} {
		got := string(out[name])
		for _, want := range wants {
			if !strings.Contains(got, want) {
				t.Errorf("%s rewritten lacks %q", name, want)
			}
		}
		for _, gone := range []string{"func init()", "var (\n\t// Primordial types", "\tRegister(int(0))", "var decIgnoreOpMap = "} {
			if strings.Contains(got, gone) {
				t.Errorf("%s rewritten still has %q", name, gone)
			}
		}
	}

	// A Go whose gob changed fails loudly.
	changed := map[string][]byte{}
	for name, b := range files {
		changed[name] = b
	}
	changed["encoder.go"] = []byte(strings.Replace(string(files["encoder.go"]), "func NewEncoder(w io.Writer) *Encoder {", "func NewEncoder(w io.Writer, opts ...int) *Encoder {", 1))
	if _, err := rewriteGob(changed); err == nil || !strings.Contains(err.Error(), "encoding/gob changed") {
		t.Errorf("a changed encoder.go: %v, want an error saying encoding/gob changed", err)
	}
}

// With the overlay, a program that imports encoding/gob without calling it leaves gob's code
// out of its wasm, and one that uses it (a type registered in an init, an interface value of
// a basic type registered by the setup, a GobEncoder) gets the same bytes and values back as
// without the overlay.
func TestGobOverlayLeavesGobOutAndWorksTheSame(t *testing.T) {
	_, dir, ovFile := writeTestOverlay(t)
	prog := func(name, main string) string { return writeProgram(t, dir, name, main) }
	idle := prog("idle", "package main\n\nimport _ \"encoding/gob\"\n\nfunc main() {}\n")
	plain, lazy := wasmSize(t, idle), wasmSize(t, idle, "-overlay", ovFile)
	t.Logf("a wasm importing encoding/gob: %d bytes, %d with the overlay", plain, lazy)
	if plain-lazy < 100_000 {
		t.Errorf("the overlay saves %d bytes of a wasm importing encoding/gob (%d -> %d), want gob's code (over 100 KB with its names and tables)", plain-lazy, plain, lazy)
	}

	use := prog("use", `package main

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"time"
)

type Point struct{ X, Y int }

type Shape struct {
	Name   string
	Any    any
	When   time.Time
	Points []Point
	Tags   map[string][]byte
}

func init() { gob.Register(Point{}) }

func main() {
	var buf bytes.Buffer
	in := []Shape{
		{"a", Point{1, 2}, time.Unix(1e9, 5).UTC(), []Point{{3, 4}}, map[string][]byte{"k": {1, 2}}},
		{"b", int64(-7), time.Time{}, nil, nil},
		{"c", []string{"x", "y"}, time.Unix(0, 0).UTC(), nil, nil},
	}
	if err := gob.NewEncoder(&buf).Encode(in); err != nil {
		panic(err)
	}
	fmt.Printf("%x\n", buf.Bytes())
	var out []Shape
	if err := gob.NewDecoder(&buf).Decode(&out); err != nil {
		panic(err)
	}
	fmt.Printf("%#v\n", out)
	var bad struct{ C chan int }
	fmt.Println(gob.NewEncoder(&buf).Encode(&bad))
}
`)
	if want, got := goRun(t, use), goRun(t, use, "-overlay", ovFile); got != want {
		t.Errorf("with the overlay the program printed\n%s\nwithout it\n%s", got, want)
	}
}

// With the overlay, P-256's generator tables are computed on first use: the generic P-256
// (-tags purego natively, as js/wasm builds it) gives the same keys and shared secrets as
// with the embedded tables, its own tests pass (TestP256PrecomputedTable checks every entry
// of every table), and a wasm that uses P-256 no longer carries the embedded tables.
func TestP256OverlayComputesTheTablesAndDropsThem(t *testing.T) {
	goroot, dir, ovFile := writeTestOverlay(t)
	test := exec.Command("go", "test", "-short", "-tags", "purego", "-overlay", ovFile, p256Pkg, "crypto/ecdh", "crypto/ecdsa")
	if out, err := test.CombinedOutput(); err != nil {
		t.Fatalf("the generic P-256's tests with the tables made on first use: %v\n%s", err, out)
	}

	use := writeProgram(t, dir, "use", `package main

import (
	"crypto/ecdh"
	"crypto/sha256"
	"fmt"
)

func main() {
	for i := range 5 {
		a := sha256.Sum256([]byte{byte(i), 'a'})
		b := sha256.Sum256([]byte{byte(i), 'b'})
		ka, err := ecdh.P256().NewPrivateKey(a[:])
		if err != nil {
			panic(err)
		}
		kb, err := ecdh.P256().NewPrivateKey(b[:])
		if err != nil {
			panic(err)
		}
		secret, err := ka.ECDH(kb.PublicKey())
		if err != nil {
			panic(err)
		}
		fmt.Printf("%x %x %x\n", ka.PublicKey().Bytes(), kb.PublicKey().Bytes(), secret)
	}
}
`)
	if want, got := goRun(t, use, "-tags", "purego"), goRun(t, use, "-tags", "purego", "-overlay", ovFile); got != want || strings.Count(got, "\n") != 5 {
		t.Errorf("with the overlay the program printed\n%s\nwithout it\n%s", got, want)
	}

	// The embedded table's first bytes, as p256_table.go spells them, are in a wasm built
	// without the overlay and not in one built with it.
	table, err := os.ReadFile(filepath.Join(goroot, "src", filepath.FromSlash(p256Pkg), "p256_table.go"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`p256PrecomputedEmbed = \[\.\.\.\]byte\{((?:0x[0-9a-f]+, ){16})`).FindSubmatch(table)
	if m == nil {
		t.Fatal("p256_table.go does not start p256PrecomputedEmbed as this test reads it")
	}
	var first []byte
	for _, h := range strings.Split(strings.TrimSuffix(string(m[1]), ", "), ", ") {
		v, err := strconv.ParseUint(strings.TrimPrefix(h, "0x"), 16, 8)
		if err != nil {
			t.Fatal(err)
		}
		first = append(first, byte(v))
	}
	plain, lazy := wasmBytes(t, use), wasmBytes(t, use, "-overlay", ovFile)
	t.Logf("a wasm using P-256: %d bytes, %d with the overlay", len(plain), len(lazy))
	if !bytes.Contains(plain, first) || bytes.Contains(lazy, first) {
		t.Errorf("the embedded table: in the plain wasm %v, with the overlay %v; want it only in the plain one",
			bytes.Contains(plain, first), bytes.Contains(lazy, first))
	}
	if len(plain)-len(lazy) < 80_000 {
		t.Errorf("the overlay saves %d bytes of a wasm using P-256, want the 88 KB table", len(plain)-len(lazy))
	}
}

// A Go whose P-256 changed fails the rewrite loudly.
func TestP256RewriteFailsOnAChangedFile(t *testing.T) {
	goroot, err := goEnv("GOROOT")
	if err != nil {
		t.Fatal(err)
	}
	files, err := readPackage(filepath.Join(goroot, "src"), p256Pkg, slices.Collect(maps.Keys(p256Edits)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rewriteP256(files); err != nil {
		t.Fatalf("this toolchain's files: %v", err)
	}
	files["p256.go"] = []byte(strings.Replace(string(files["p256.go"]), "func init() {", "func init() { // changed", 1))
	if _, err := rewriteP256(files); err == nil || !strings.Contains(err.Error(), "P-256 changed") {
		t.Errorf("a changed p256.go: %v, want an error saying P-256 changed", err)
	}
}

// writeProgram writes a module of one main.go under dir/name and returns its folder.
func writeProgram(t *testing.T, dir, name, main string) string {
	t.Helper()
	d := filepath.Join(dir, name)
	if err := os.MkdirAll(d, 0o755); err != nil {
		t.Fatal(err)
	}
	for file, text := range map[string]string{"go.mod": "module prog\n\ngo 1.26\n", "main.go": main} {
		if err := os.WriteFile(filepath.Join(d, file), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return d
}

// writeTestOverlay writes the overlay for this toolchain under a temporary folder and returns
// the toolchain's root, the folder (for programs) and the overlay file.
func writeTestOverlay(t *testing.T) (goroot, dir, ovFile string) {
	t.Helper()
	goroot, err := goEnv("GOROOT")
	if err != nil {
		t.Fatal(err)
	}
	dir = t.TempDir()
	ov, err := write(filepath.Join(goroot, "src"), filepath.Join(dir, "ov"))
	if err != nil {
		t.Fatal(err)
	}
	ovFile = filepath.Join(dir, "overlay.json")
	if err := writeJSON(ovFile, ov); err != nil {
		t.Fatal(err)
	}
	return goroot, dir, ovFile
}

// goRun runs the program in folder natively with the extra flags and returns what it printed.
func goRun(t *testing.T, folder string, extra ...string) string {
	t.Helper()
	cmd := exec.Command("go", append(append([]string{"run"}, extra...), ".")...)
	cmd.Dir = folder
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go run %v: %v\n%s", extra, err, out)
	}
	return string(out)
}

// wasmSize builds the program in folder for js/wasm, stripped, with the extra flags, and
// returns the binary's size.
func wasmSize(t *testing.T, folder string, extra ...string) int64 {
	t.Helper()
	return int64(len(wasmBytes(t, folder, extra...)))
}

// wasmBytes builds the program in folder for js/wasm, stripped, with the extra flags, and
// returns the binary.
func wasmBytes(t *testing.T, folder string, extra ...string) []byte {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "prog.wasm")
	build := exec.Command("go", append(append([]string{"build", "-trimpath", "-ldflags=-s -w"}, extra...), "-o", bin, ".")...)
	build.Dir = folder
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building %v: %v\n%s", extra, err, out)
	}
	b, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
