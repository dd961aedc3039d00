//go:build !wasm

package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"testing"
)

// The fan-out and evening sections' native peers collect garbage as the app's tabs do
// (asTheApp): appGCPercent is wasm/main.go's gcPercent.
func TestNativePeersCollectAsTheAppDoes(t *testing.T) {
	file, err := parser.ParseFile(token.NewFileSet(), filepath.Join("..", "..", "wasm", "main.go"), nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	ast.Inspect(file, func(n ast.Node) bool {
		spec, ok := n.(*ast.ValueSpec)
		if !ok {
			return true
		}
		for i, name := range spec.Names {
			if name.Name != "gcPercent" || i >= len(spec.Values) {
				continue
			}
			lit, ok := spec.Values[i].(*ast.BasicLit)
			if !ok {
				t.Fatalf("wasm/main.go's gcPercent is not a plain number: read it in asTheApp's terms")
			}
			v, err := strconv.Atoi(lit.Value)
			if err != nil {
				t.Fatal(err)
			}
			if v != appGCPercent {
				t.Errorf("the app collects at %d, the bench's stand-in phones at %d (appGCPercent)", v, appGCPercent)
			}
			found = true
		}
		return true
	})
	if !found {
		t.Fatal("wasm/main.go has no gcPercent: say in appGCPercent what the app's tabs collect at")
	}
}
