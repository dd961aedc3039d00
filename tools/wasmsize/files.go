//go:build !wasm

package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"strings"
)

// declaredIn gives the linker's spelling (wasmName) of every function and method declared in
// the Go files paths, which belong to the package importPath: "safehouse/app/session" and
// "func (t *takeover) heard()" give "safehouse_app_session.__takeover_.heard".
func declaredIn(importPath string, paths []string) ([]string, error) {
	fset := token.NewFileSet()
	var names []string
	for _, path := range paths {
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			symbol := importPath + "." + fn.Name.Name
			if fn.Recv != nil && len(fn.Recv.List) == 1 {
				symbol = importPath + "." + receiver(fn.Recv.List[0].Type) + "." + fn.Name.Name
			}
			names = append(names, wasmName.ReplaceAllString(symbol, "_"))
		}
	}
	return names, nil
}

// receiver spells a method's receiver type as the linker does: "(*T)" or "T", a generic
// type's parameters left out ("(*T[...])" is matched by its prefix).
func receiver(e ast.Expr) string {
	star := false
	if s, ok := e.(*ast.StarExpr); ok {
		star, e = true, s.X
	}
	switch t := e.(type) {
	case *ast.IndexExpr:
		e = t.X
	case *ast.IndexListExpr:
		e = t.X
	}
	name := fmt.Sprint(e)
	if star {
		return "(*" + name + ")"
	}
	return name
}

// ofDeclared reports whether a function of the wasm is one of declared or belongs to one: a
// closure ("f.func1"), a deferred or go wrapper ("f.deferwrap1"), an instantiation of a
// generic function ("f[go.shape.int]").
func ofDeclared(name string, declared map[string]bool) bool {
	if declared[name] {
		return true
	}
	for i := len(name) - 1; i > 0; i-- {
		if (name[i] == '.' || strings.HasPrefix(name[i:], "_go.shape")) && declared[name[:i]] {
			return true
		}
	}
	return false
}

// reportFiles sums the function bodies of what the files declare: how much of the wasm's code
// a feature that lives in its own files adds.
func reportFiles(w io.Writer, m *module, importPath string, paths []string) error {
	names, err := declaredIn(importPath, paths)
	if err != nil {
		return err
	}
	declared := map[string]bool{}
	for _, n := range names {
		declared[n] = true
	}
	var bodies [][]byte
	code, all := 0, 0
	for i, body := range m.bodies {
		all += len(body)
		if ofDeclared(m.names[m.imported+i], declared) {
			bodies = append(bodies, body)
			code += len(body)
		}
	}
	_, err = fmt.Fprintf(w, "%s, %d files: %d functions, %d bytes of code (%.1f %% of the code section), %d bytes brotli alone\n",
		importPath, len(paths), len(bodies), code, pct(code, all), brotliSize(bodies))
	return err
}
