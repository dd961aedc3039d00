//go:build !wasm

// Command stdoverlay writes a `go build -overlay` file for the wasm build: crypto/hpke with
// its table of KEMs made on first use instead of by the package's initialiser.
//
//	go run ./tools/stdoverlay -out build/std-overlay    # then: go build -overlay build/std-overlay/overlay.json
//
// Why: nothing in the browser build runs TLS (the browser does its own), but net/http, which
// go-app and the WebSocket library import, imports crypto/tls, and so crypto/hpke. Its
// initialiser builds every KEM at start (ecdh.P256(), P384(), P521(), ML-KEM), and what an
// initialiser touches the linker must keep: every NIST curve's arithmetic and ML-KEM, about
// 50 KB of app.wasm after brotli, for code no player ever runs. Built lazily, each KEM is
// kept only if something reachable asks for it.
//
// The rewrite is mechanical and checked: each of the variables below, `var x = &T{...}`,
// becomes `func x() *T`, built once under a sync.Once (so identity comparisons such as
// `kem == dhKEMX25519()` still hold), and every use of x becomes x(). A toolchain whose
// crypto/hpke no longer has them gets an empty overlay and a warning (the build is then
// only larger), and this package's test fails, so the change is seen. The test also runs
// crypto/hpke's own tests against the rewritten package.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"log"
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

const pkgDir = "crypto/hpke"

// overlay is the file go build -overlay reads.
type overlay struct {
	Replace map[string]string
}

func main() {
	out := flag.String("out", "build/std-overlay", "the directory to write the rewritten files and overlay.json to")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("stdoverlay: ")
	goroot, err := goEnv("GOROOT")
	if err != nil {
		log.Fatal(err)
	}
	ov, err := write(filepath.Join(goroot, "src", pkgDir), *out)
	if err != nil {
		log.Printf("warning: no overlay, app.wasm keeps crypto/hpke's KEMs (about 50 KB more): %v", err)
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

// write rewrites the files of src (crypto/hpke's directory) that declare lazyKEMs into out,
// and returns the overlay that puts them in place of the originals.
func write(src, out string) (overlay, error) {
	files, err := filepath.Glob(filepath.Join(src, "*.go"))
	if err != nil {
		return overlay{}, err
	}
	ov := overlay{Replace: map[string]string{}}
	found := map[string]bool{}
	for _, f := range files {
		orig, err := os.ReadFile(f)
		if err != nil {
			return overlay{}, err
		}
		// The package's own tests use the variables too: rewritten alike, so that its tests
		// run against the rewritten package (go build ignores them).
		rewritten, names, changed, err := rewrite(f, orig)
		if err != nil {
			return overlay{}, err
		}
		if !changed {
			continue
		}
		for _, n := range names {
			found[n] = true
		}
		dst := filepath.Join(out, filepath.FromSlash(pkgDir), filepath.Base(f))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return overlay{}, err
		}
		if err := os.WriteFile(dst, rewritten, 0o644); err != nil {
			return overlay{}, err
		}
		abs, err := filepath.Abs(dst)
		if err != nil {
			return overlay{}, err
		}
		ov.Replace[f] = abs
	}
	var missing []string
	for _, n := range lazyKEMs {
		if !found[n] {
			missing = append(missing, n)
		}
	}
	if len(missing) > 0 {
		return overlay{}, fmt.Errorf("%s has no `var x = &T{...}` for %s: this Go's crypto/hpke changed", src, strings.Join(missing, ", "))
	}
	return ov, nil
}

// edit replaces src[from:to] with text.
type edit struct {
	from, to int
	text     string
}

// rewrite makes each lazyKEMs variable declared in the file a function, and each use of one
// (declared here or in another file of the package) a call. It returns the new source, the
// names whose declarations it rewrote, and whether it changed anything.
func rewrite(name string, src []byte) ([]byte, []string, bool, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
	if err != nil {
		return nil, nil, false, err
	}
	if f.Name.Name != path.Base(pkgDir) {
		return src, nil, false, nil // an external test package: its names are its own
	}
	off := func(p token.Pos) int { return fset.Position(p).Offset }
	var edits []edit
	declared := map[string]*ast.Object{}
	var names []string
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR || gd.Lparen.IsValid() || len(gd.Specs) != 1 {
			continue
		}
		spec := gd.Specs[0].(*ast.ValueSpec)
		if len(spec.Names) != 1 || len(spec.Values) != 1 || spec.Type != nil || !slices.Contains(lazyKEMs, spec.Names[0].Name) {
			continue
		}
		n := spec.Names[0].Name
		typ, ok := pointedType(spec.Values[0])
		if !ok {
			return nil, nil, false, fmt.Errorf("%s: %s is not `&T{...}`", fset.Position(spec.Pos()), n)
		}
		value := string(src[off(spec.Values[0].Pos()):off(spec.Values[0].End())])
		edits = append(edits, edit{off(gd.Pos()), off(gd.End()), fmt.Sprintf(
			"var %[1]sLazy struct {\n\tonce sync.Once\n\tkem  *%[2]s\n}\n\n"+
				"// %[1]s is built on first use (tools/stdoverlay in Safehouse): an initialiser would keep its code in every binary.\n"+
				"func %[1]s() *%[2]s {\n\t%[1]sLazy.once.Do(func() {\n\t\t%[1]sLazy.kem = %[3]s\n\t})\n\treturn %[1]sLazy.kem\n}",
			n, typ, value)})
		declared[n] = spec.Names[0].Obj
		names = append(names, n)
	}
	// Every other mention of one of the names is a use: a call now. A field, a selector or a
	// local of the same name is not one (the parser resolves a file's own objects: a use of a
	// variable declared in another file has none).
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
			obj := declared[n.Name]
			if slices.Contains(lazyKEMs, n.Name) && !skip[n] && (n.Obj == nil || n.Obj == obj) {
				edits = append(edits, edit{off(n.End()), off(n.End()), "()"})
			}
		}
		return true
	})
	if len(edits) == 0 {
		return src, nil, false, nil
	}
	if len(names) > 0 {
		edits = append(edits, importSync(f, off)...)
	}
	sort.Slice(edits, func(i, j int) bool { return edits[i].from > edits[j].from })
	out := slices.Clone(src)
	for _, e := range edits {
		out = slices.Concat(out[:e.from], []byte(e.text), out[e.to:])
	}
	formatted, err := format.Source(out)
	if err != nil {
		return nil, nil, false, fmt.Errorf("%s rewritten does not parse: %w", name, err)
	}
	return formatted, names, true, nil
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
