package session

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// ErrorCodes is complete: every Code* and Reason* constant of the package is in it, read
// from the source, so a new code cannot reach players' devices without their catalogues
// being asked for a sentence (app's TestEveryRefusalCodeIsTranslated walks ErrorCodes).
func TestErrorCodesListsEveryCode(t *testing.T) {
	pkgs, err := parser.ParseDir(token.NewFileSet(), ".", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var declared []string
	for _, f := range pkgs["session"].Files {
		ast.Inspect(f, func(n ast.Node) bool {
			vs, ok := n.(*ast.ValueSpec)
			if !ok {
				return true
			}
			for i, id := range vs.Names {
				if !strings.HasPrefix(id.Name, "Code") && !strings.HasPrefix(id.Name, "Reason") || i >= len(vs.Values) {
					continue
				}
				if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
					v, _ := strconv.Unquote(lit.Value)
					declared = append(declared, v)
				}
			}
			return true
		})
	}
	if len(declared) < 20 {
		t.Fatalf("found only %d codes in the source: %v", len(declared), declared)
	}
	listed := ErrorCodes()
	for _, c := range declared {
		if !slices.Contains(listed, c) {
			t.Errorf("code %q is declared but not in ErrorCodes", c)
		}
	}
	if len(listed) != len(declared) {
		t.Errorf("ErrorCodes has %d codes, the source declares %d", len(listed), len(declared))
	}
}
