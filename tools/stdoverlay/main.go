//go:build !wasm

// Command stdoverlay writes a `go build -overlay` file for the wasm build: the standard
// library's crypto packages with their package-level values made on first use instead of by
// the packages' initialisers.
//
//	go run ./tools/stdoverlay [-goroot DIR] -out build/std-overlay    # then: go build -overlay build/std-overlay/overlay.json
//
// Why: nothing in the browser build runs TLS (the browser does its own), but net/http, which
// go-app and the WebSocket library import, imports crypto/tls and with it most of crypto.
// What a package's initialiser touches, the linker must keep, and two kinds of initialiser
// kept code no player ever runs:
//   - crypto/hpke builds every KEM at start (`var dhKEMP256 = &dhKEM{..., ecdh.P256(), ...}`),
//     which keeps every NIST curve's arithmetic and ML-KEM;
//   - crypto/internal/fips140's packages make their self-tests and curves lazy with
//     `var x = sync.OnceFunc(func() {...})` (or OnceValue, OnceValues), but the function
//     literal is handed over at start, so its code (signing, verifying, key generation for
//     ECDSA, RSA, ML-KEM, ML-DSA, Ed25519) stays in.
//
// A third kind keeps code by a type: encoding/asn1 (imported by crypto/x509) keeps
// `bigIntType = reflect.TypeFor[*big.Int]()` among its package-level values, and a type made
// into an interface value at start keeps every method of it that some interface call could
// reach: *big.Int's String, Format, Scan, MarshalJSON, GobEncode..., nearly all of math/big
// (0.15 MB of code, 0.04 MB as brotli), though nothing in the browser marshals ASN.1. And
// mime (imported by net/http) hands its reader of the system's MIME files over at start
// (`func init() { osInitMime = initMimeUnix }`), which kept the package's parsers, though
// nothing in the app asks mime anything. encoding/gob (imported by pion/dtls) set itself up
// at start: it built its wire types and registered the basic types, which kept its encoders,
// decoders and type builder (68 KB of code) in the wasm, though nothing in the browser
// encodes with gob. And crypto/internal/fips140/nistec's generic P-256 (which js/wasm builds)
// points its generator tables at p256PrecomputedEmbed in an init function, which kept the
// 88 KB array, random-looking to a compressor, in every build (p256.go says more).
//
// Made lazy, each stays only if something reachable asks for it: app.wasm is 0.11 MB
// smaller as brotli. The rewrite is made from the syntax tree and keeps the semantics:
//   - `var x = &T{...}` (crypto/hpke's KEMs, by name) becomes `func x() *T`, built once
//     under a sync.Once so that identity comparisons (`kem == dhKEMX25519()`) still hold,
//     and every use of x a call;
//   - `var x = sync.OnceFunc(f)` becomes `func x()` that makes sync.OnceFunc(f) on its first
//     call and calls it (likewise OnceValue and OnceValues): uses were calls already;
//   - encoding/asn1's `bigIntType = reflect.TypeFor[*big.Int]()` becomes
//     `func bigIntType() reflect.Type`, and every use a call (reflect.TypeFor gives the same
//     Type at every call, so the comparisons with it hold);
//   - mime's initMime calls initMimeUnix itself, and type_unix.go's init that set
//     osInitMime to it is gone: the same call, made where it is needed (the overlay is for
//     js/wasm, which builds type_unix.go, and for the unix machines its test runs on);
//   - encoding/gob's initialisation (its package-level values made by calls, and its init
//     functions) becomes a function setup that does the same in the same order under a
//     sync.Once, and every way into the package calls it first (gob.go says how);
//   - P-256's p256GeneratorTables becomes a function that computes the tables once, from the
//     generator, as the package's own test computes them to check the array (p256.go), and
//     every use a call (the test's too).
//
// A toolchain whose crypto/hpke no longer has the KEMs gets an empty overlay and a warning
// (the build is then only larger), and this package's test fails, so the change is seen.
// The test also runs the rewritten packages' own tests against the rewrite. The rewrites of
// encoding/asn1, mime, encoding/gob and P-256 replace exact text or declarations, and one
// that no longer finds it fails the same way.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"io/fs"
	"log"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
)

// lazyKEMs are crypto/hpke's package-level KEMs whose initialisers keep code alive.
var lazyKEMs = []string{
	"dhKEMP256", "dhKEMP384", "dhKEMP521", "dhKEMX25519", // kem.go
	"mlkem768X25519", "mlkem768P256", "mlkem1024P384", "mlkem768", "mlkem1024", // pq.go
}

const (
	kemPkg   = "crypto/hpke" // where lazyKEMs live
	scanTree = "crypto"      // where sync.OnceFunc and its kin are made lazy
)

// lazyTypes are encoding/asn1's package-level reflect.TypeFor values made functions: the
// ones whose type keeps code (see the package comment).
var lazyTypes = []string{"bigIntType"}

const typePkg = "encoding/asn1" // where lazyTypes live

// syncOnces are the sync functions whose package-level results are made lazy.
var syncOnces = []string{"OnceFunc", "OnceValue", "OnceValues"}

// overlay is the file go build -overlay reads.
type overlay struct {
	Replace map[string]string
}

func main() {
	out := flag.String("out", "build/std-overlay", "the directory to write the rewritten files and overlay.json to")
	goroot := flag.String("goroot", "", "the toolchain whose crypto to rewrite (default: go env GOROOT); the one the wasm build uses")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("stdoverlay: ")
	if *goroot == "" {
		var err error
		if *goroot, err = goEnv("GOROOT"); err != nil {
			log.Fatal(err)
		}
	}
	ov, err := write(filepath.Join(*goroot, "src"), *out)
	if err != nil {
		log.Printf("warning: no overlay, app.wasm keeps code of crypto's initialisers and data (about 0.27 MB more): %v", err)
		ov = overlay{Replace: map[string]string{}}
	}
	if err := writeJSON(filepath.Join(*out, "overlay.json"), ov); err != nil {
		log.Fatal(err)
	}
}

func goEnv(name string) (string, error) {
	b, err := exec.Command("go", "env", name).Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %w", name, err)
	}
	return strings.TrimSpace(string(b)), nil
}

func writeJSON(path string, ov overlay) error {
	b, err := json.MarshalIndent(ov, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

// write rewrites the files under srcRoot/crypto (a GOROOT's src) that need it into out, with
// the same paths, and returns the overlay that puts them in place of the originals. A
// package's own tests that use crypto/hpke's KEMs are rewritten alike, so that its tests run
// against the rewritten package (go build ignores them).
func write(srcRoot, out string) (overlay, error) {
	ov := overlay{Replace: map[string]string{}}
	found := map[string]bool{}
	err := filepath.WalkDir(filepath.Join(srcRoot, scanTree), func(file string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); strings.HasPrefix(n, "_") || n == "testdata" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(file, ".go") {
			return nil
		}
		rel, err := filepath.Rel(srcRoot, file)
		if err != nil {
			return err
		}
		orig, err := os.ReadFile(file)
		if err != nil {
			return err
		}
		rewritten, kems, changed, err := rewrite(filepath.ToSlash(rel), orig)
		if err != nil || !changed {
			return err
		}
		for _, n := range kems {
			found[n] = true
		}
		return putFile(ov, out, filepath.ToSlash(rel), file, rewritten)
	})
	if err != nil {
		return overlay{}, err
	}
	var missing []string
	for _, n := range lazyKEMs {
		if !found[n] {
			missing = append(missing, n)
		}
	}
	if len(missing) > 0 {
		return overlay{}, fmt.Errorf("%s has no `var x = &T{...}` for %s: this Go's crypto/hpke changed", kemPkg, strings.Join(missing, ", "))
	}
	files, err := filepath.Glob(filepath.Join(srcRoot, filepath.FromSlash(typePkg), "*.go"))
	if err != nil {
		return overlay{}, err
	}
	for _, file := range files {
		orig, err := os.ReadFile(file)
		if err != nil {
			return overlay{}, err
		}
		rel := path.Join(typePkg, filepath.Base(file))
		rewritten, types, changed, err := rewriteTypes(rel, orig)
		if err != nil {
			return overlay{}, err
		}
		if !changed {
			continue
		}
		for _, n := range types {
			found[n] = true
		}
		if err := putFile(ov, out, rel, file, rewritten); err != nil {
			return overlay{}, err
		}
	}
	for _, n := range lazyTypes {
		if !found[n] {
			missing = append(missing, n)
		}
	}
	if len(missing) > 0 {
		return overlay{}, fmt.Errorf("%s has no `x = reflect.TypeFor[T]()` for %s: this Go's encoding/asn1 changed", typePkg, strings.Join(missing, ", "))
	}
	if err := rewritePackage(srcRoot, out, ov, gobPkg, slices.Collect(maps.Keys(gobEdits)), rewriteGob); err != nil {
		return overlay{}, err
	}
	if err := rewritePackage(srcRoot, out, ov, p256Pkg, slices.Collect(maps.Keys(p256Edits)), rewriteP256); err != nil {
		return overlay{}, err
	}
	for file, r := range mimeRewrites {
		src := filepath.Join(srcRoot, "mime", file)
		orig, err := os.ReadFile(src)
		if err != nil {
			return overlay{}, err
		}
		if strings.Count(string(orig), r[0]) != 1 {
			return overlay{}, fmt.Errorf("mime/%s has no %q: this Go's mime changed", file, r[0])
		}
		if err := putFile(ov, out, path.Join("mime", file), src, []byte(strings.Replace(string(orig), r[0], r[1], 1))); err != nil {
			return overlay{}, err
		}
	}
	return ov, nil
}

// putFile writes data under out as the overlay's copy of src, the toolchain's file rel (a
// slash path from its src directory), and adds it to ov. The copy's name does not end in .go:
// out is inside the module (build/), where go list ./... would find packages.
func putFile(ov overlay, out, rel, src string, data []byte) error {
	dst := filepath.Join(out, filepath.FromSlash(rel)+".overlay")
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		return err
	}
	abs, err := filepath.Abs(dst)
	if err != nil {
		return err
	}
	ov.Replace[src] = abs
	return nil
}

// readPackage reads the named files of the toolchain's package pkg, by name.
func readPackage(srcRoot, pkg string, names []string) (map[string][]byte, error) {
	files := map[string][]byte{}
	for _, name := range names {
		b, err := os.ReadFile(filepath.Join(srcRoot, filepath.FromSlash(pkg), name))
		if err != nil {
			return nil, err
		}
		files[name] = b
	}
	return files, nil
}

// rewritePackage reads the named files of the toolchain's package pkg, rewrites them
// together, and writes what comes back into the overlay.
func rewritePackage(srcRoot, out string, ov overlay, pkg string, names []string, rewrite func(map[string][]byte) (map[string][]byte, error)) error {
	files, err := readPackage(srcRoot, pkg, names)
	if err != nil {
		return err
	}
	rewritten, err := rewrite(files)
	if err != nil {
		return err
	}
	dir := filepath.Join(srcRoot, filepath.FromSlash(pkg))
	for name, b := range rewritten {
		if err := putFile(ov, out, path.Join(pkg, name), filepath.Join(dir, name), b); err != nil {
			return err
		}
	}
	return nil
}

// textEdit replaces old, which the file must hold exactly once, by new.
type textEdit struct{ old, new string }

// applyTextEdits makes each edit in src (the toolchain's file pkg/name), or says which text
// the file lacks or holds twice: the toolchain's what changed.
func applyTextEdits(src, pkg, name, what string, edits []textEdit) (string, error) {
	for _, e := range edits {
		if n := strings.Count(src, e.old); n != 1 {
			line, _, _ := strings.Cut(strings.TrimLeft(e.old, "\n\t"), "\n")
			return "", fmt.Errorf("%s/%s has %q %d times, want once: this Go's %s changed", pkg, name, line, n, what)
		}
		src = strings.Replace(src, e.old, e.new, 1)
	}
	return src, nil
}

// mimeRewrites are the two edits to mime, by file: what is replaced, and by what.
var mimeRewrites = map[string][2]string{
	"type.go":      {"\t\tosInitMime()\n", "\t\tinitMimeUnix() // tools/stdoverlay in Safehouse: called here, not handed over at start\n"},
	"type_unix.go": {"func init() {\n\tosInitMime = initMimeUnix\n}\n", ""},
}

// rewriteTypes makes encoding/asn1's lazyTypes functions: the declaration (one spec of a
// var block, or a var of its own) becomes `func x() reflect.Type`, and every use of x in the
// file a call. It returns the new source, the names whose declarations it rewrote, and
// whether it changed anything.
func rewriteTypes(rel string, src []byte) ([]byte, []string, bool, error) {
	if !slices.ContainsFunc(lazyTypes, func(n string) bool { return strings.Contains(string(src), n) }) {
		return src, nil, false, nil
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, rel, src, parser.ParseComments)
	if err != nil {
		return nil, nil, false, err
	}
	if f.Name.Name != path.Base(typePkg) {
		return src, nil, false, nil // an external test package
	}
	off := func(p token.Pos) int { return fset.Position(p).Offset }
	text := func(n ast.Node) string { return string(src[off(n.Pos()):off(n.End())]) }
	var edits []edit
	declared := map[string]*ast.Object{}
	var types []string
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR {
			continue
		}
		for _, sp := range gd.Specs {
			spec := sp.(*ast.ValueSpec)
			if len(spec.Names) != 1 || len(spec.Values) != 1 || spec.Type != nil || !slices.Contains(lazyTypes, spec.Names[0].Name) {
				continue
			}
			n := spec.Names[0].Name
			if !isTypeFor(spec.Values[0]) {
				return nil, nil, false, fmt.Errorf("%s: %s is not `reflect.TypeFor[T]()`", fset.Position(spec.Pos()), n)
			}
			fn := fmt.Sprintf("\n\n// %[1]s is made on use (tools/stdoverlay in Safehouse): a package-level %[2]s kept every method of its type an interface call could reach in every binary.\n"+
				"func %[1]s() reflect.Type { return %[2]s }", n, text(spec.Values[0]))
			if len(gd.Specs) == 1 && !gd.Lparen.IsValid() {
				edits = append(edits, edit{off(gd.Pos()), off(gd.End()), strings.TrimPrefix(fn, "\n\n")})
			} else {
				edits = append(edits, edit{off(spec.Pos()), off(spec.End()), ""}, edit{off(gd.End()), off(gd.End()), fn})
			}
			declared[n] = spec.Names[0].Obj
			types = append(types, n)
		}
	}
	edits = append(edits, identCalls(f, lazyTypes, declared, off)...)
	if len(edits) == 0 {
		return src, nil, false, nil
	}
	formatted, err := applyEdits(src, edits, rel)
	if err != nil {
		return nil, nil, false, err
	}
	return formatted, types, true, nil
}

// isTypeFor matches `reflect.TypeFor[T]()`.
func isTypeFor(e ast.Expr) bool {
	call, ok := e.(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return false
	}
	ix, ok := call.Fun.(*ast.IndexExpr)
	if !ok {
		return false
	}
	sel, ok := ix.X.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "TypeFor" {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && pkg.Name == "reflect"
}

// edit replaces src[from:to] with text.
type edit struct {
	from, to int
	text     string
}

// rewrite makes the file's lazy values functions: crypto/hpke's KEMs (declared here, and
// each use of one, declared here or in another file of the package, a call), and every
// package-level sync.OnceFunc, OnceValue and OnceValues. rel is the file's path under
// GOROOT/src. It returns the new source, the KEMs whose declarations it rewrote, and
// whether it changed anything.
func rewrite(rel string, src []byte) ([]byte, []string, bool, error) {
	if !strings.Contains(string(src), "sync.Once") && !strings.HasPrefix(rel, kemPkg+"/") {
		return src, nil, false, nil
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, rel, src, parser.ParseComments)
	if err != nil {
		return nil, nil, false, err
	}
	off := func(p token.Pos) int { return fset.Position(p).Offset }
	text := func(n ast.Node) string { return string(src[off(n.Pos()):off(n.End())]) }
	isKEMPkg := path.Dir(rel) == kemPkg && f.Name.Name == path.Base(kemPkg) // not an external test package
	var edits []edit
	declared := map[string]*ast.Object{}
	var kems []string
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR || gd.Lparen.IsValid() || len(gd.Specs) != 1 {
			continue
		}
		spec := gd.Specs[0].(*ast.ValueSpec)
		if len(spec.Names) != 1 || len(spec.Values) != 1 || spec.Type != nil {
			continue
		}
		n := spec.Names[0].Name
		if kind, fn, ok := syncOnce(spec.Values[0]); ok {
			results, ret := "", ""
			if fn.Type.Results != nil {
				results, ret = " "+text(fn.Type.Results), "return "
			}
			edits = append(edits, edit{off(gd.Pos()), off(gd.End()), fmt.Sprintf(
				"var %[1]sLazy struct {\n\tonce sync.Once\n\tf    %[2]s\n}\n\n"+
					"// %[1]s makes its sync.%[3]s on first use (tools/stdoverlay in Safehouse): made at start, it kept its function's code in every binary.\n"+
					"func %[1]s()%[4]s {\n\t%[1]sLazy.once.Do(func() {\n\t\t%[1]sLazy.f = sync.%[3]s(%[5]s)\n\t})\n\t%[6]s%[1]sLazy.f()\n}",
				n, text(fn.Type), kind, results, text(fn), ret)})
			continue
		}
		if !isKEMPkg || !slices.Contains(lazyKEMs, n) {
			continue
		}
		typ, ok := pointedType(spec.Values[0])
		if !ok {
			return nil, nil, false, fmt.Errorf("%s: %s is not `&T{...}`", fset.Position(spec.Pos()), n)
		}
		edits = append(edits, edit{off(gd.Pos()), off(gd.End()), fmt.Sprintf(
			"var %[1]sLazy struct {\n\tonce sync.Once\n\tkem  *%[2]s\n}\n\n"+
				"// %[1]s is built on first use (tools/stdoverlay in Safehouse): an initialiser would keep its code in every binary.\n"+
				"func %[1]s() *%[2]s {\n\t%[1]sLazy.once.Do(func() {\n\t\t%[1]sLazy.kem = %[3]s\n\t})\n\treturn %[1]sLazy.kem\n}",
			n, typ, text(spec.Values[0]))})
		declared[n] = spec.Names[0].Obj
		kems = append(kems, n)
	}
	if isKEMPkg {
		edits = append(edits, kemCalls(f, declared, off)...)
	}
	if len(edits) == 0 {
		return src, nil, false, nil
	}
	if len(kems) > 0 {
		edits = append(edits, importSync(f, off)...)
	}
	formatted, err := applyEdits(src, edits, rel)
	if err != nil {
		return nil, nil, false, err
	}
	return formatted, kems, true, nil
}

// kemCalls turns every use of a KEM variable into a call. A field, a selector or a local of
// the same name is not a use (the parser resolves a file's own objects: a use of a variable
// declared in another file of the package has none).
func kemCalls(f *ast.File, declared map[string]*ast.Object, off func(token.Pos) int) []edit {
	return identCalls(f, lazyKEMs, declared, off)
}

// identCalls turns every use of a variable named in names into a call, as kemCalls does.
func identCalls(f *ast.File, names []string, declared map[string]*ast.Object, off func(token.Pos) int) []edit {
	var edits []edit
	skip := map[*ast.Ident]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			skip[n.Sel] = true
		case *ast.KeyValueExpr:
			if id, ok := n.Key.(*ast.Ident); ok {
				skip[id] = true
			}
		case *ast.Field:
			for _, id := range n.Names {
				skip[id] = true
			}
		case *ast.ValueSpec:
			for _, id := range n.Names {
				skip[id] = true
			}
		case *ast.Ident:
			if slices.Contains(names, n.Name) && !skip[n] && (n.Obj == nil || n.Obj == declared[n.Name]) {
				edits = append(edits, edit{off(n.End()), off(n.End()), "()"})
			}
		}
		return true
	})
	return edits
}

// syncOnce matches `sync.OnceFunc(func ...)` and its kin: the function's name and literal.
func syncOnce(e ast.Expr) (string, *ast.FuncLit, bool) {
	call, ok := e.(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return "", nil, false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || !slices.Contains(syncOnces, sel.Sel.Name) {
		return "", nil, false
	}
	if pkg, ok := sel.X.(*ast.Ident); !ok || pkg.Name != "sync" {
		return "", nil, false
	}
	fn, ok := call.Args[0].(*ast.FuncLit)
	return sel.Sel.Name, fn, ok
}

// pointedType returns T of `&T{...}`.
func pointedType(e ast.Expr) (string, bool) {
	u, ok := e.(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return "", false
	}
	lit, ok := u.X.(*ast.CompositeLit)
	if !ok {
		return "", false
	}
	id, ok := lit.Type.(*ast.Ident)
	if !ok {
		return "", false
	}
	return id.Name, true
}

// importSync adds "sync" to the file's imports unless it is there.
func importSync(f *ast.File, off func(token.Pos) int) []edit {
	for _, imp := range f.Imports {
		if imp.Path.Value == `"sync"` {
			return nil
		}
	}
	for _, d := range f.Decls {
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT && gd.Lparen.IsValid() {
			return []edit{{off(gd.Rparen), off(gd.Rparen), "\t\"sync\"\n"}}
		}
	}
	return []edit{{off(f.Name.End()), off(f.Name.End()), "\n\nimport \"sync\""}}
}

// applyEdits makes edits, which do not overlap, in src (the file rel), from the last to the
// first so that each one's offsets still hold, and formats the result.
func applyEdits(src []byte, edits []edit, rel string) ([]byte, error) {
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].from > edits[j].from })
	out := slices.Clone(src)
	for _, e := range edits {
		out = slices.Concat(out[:e.from], []byte(e.text), out[e.to:])
	}
	formatted, err := format.Source(out)
	if err != nil {
		return nil, fmt.Errorf("%s rewritten does not parse: %w", rel, err)
	}
	return formatted, nil
}
