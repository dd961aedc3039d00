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

// ErrorCodes and NoticeCodes are complete: every Code*, Reason* and Notice* constant of the
// package is in one of them, read from the source, so a new code cannot reach players'
// devices without their catalogues being asked for a sentence (app/i18n's
// TestEveryRefusalCodeIsTranslated walks both lists).
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
				if !strings.HasPrefix(id.Name, "Code") && !strings.HasPrefix(id.Name, "Reason") && !strings.HasPrefix(id.Name, "Notice") || i >= len(vs.Values) {
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
	listed := append(ErrorCodes(), NoticeCodes()...)
	for _, c := range declared {
		if !slices.Contains(listed, c) {
			t.Errorf("code %q is declared but not in ErrorCodes or NoticeCodes", c)
		}
	}
	if len(listed) != len(declared) {
		t.Errorf("ErrorCodes and NoticeCodes have %d codes, the source declares %d", len(listed), len(declared))
	}
	seen := map[string]bool{}
	for _, c := range listed {
		if seen[c] {
			t.Errorf("code %q is listed twice: a notice and a refusal would read the same", c)
		}
		seen[c] = true
	}
}
