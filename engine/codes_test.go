package engine

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strings"
	"testing"
)

// Every sentinel declared in errors.go has a stable code of its own, found through any
// wrapping: a sentinel added without one would reach players as a refusal no device can
// put in its own words. The sentinels are read from the source, so none can be forgotten.
func TestEverySentinelHasAStableCode(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "errors.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	ast.Inspect(f, func(n ast.Node) bool {
		if vs, ok := n.(*ast.ValueSpec); ok {
			for _, id := range vs.Names {
				if strings.HasPrefix(id.Name, "Err") {
					names = append(names, id.Name)
				}
			}
		}
		return true
	})
	sentinels := map[string]error{
		"ErrNoSuchSeat": ErrNoSuchSeat, "ErrWrongPhase": ErrWrongPhase, "ErrNotYourTurn": ErrNotYourTurn,
		"ErrAlreadyDone": ErrAlreadyDone, "ErrForbidden": ErrForbidden, "ErrInvalidAction": ErrInvalidAction,
		"ErrBadConfig": ErrBadConfig, "ErrGameOver": ErrGameOver, "ErrStale": ErrStale,
		"ErrTableSize": ErrTableSize, "ErrNotHost": ErrNotHost, "ErrSpectator": ErrSpectator,
		"ErrNoTeam": ErrNoTeam, "ErrGameTooLarge": ErrGameTooLarge,
	}
	if len(names) != len(sentinels) {
		t.Fatalf("errors.go declares %v; this test knows %d sentinels: add the new one here and to codes", names, len(sentinels))
	}
	seen := map[string]bool{}
	for _, name := range names {
		err, ok := sentinels[name]
		if !ok {
			t.Fatalf("sentinel %s is new to this test", name)
		}
		code := Code(fmt.Errorf("wrapped: %w", Refuse(err, "X-1", "why")))
		if code == "" || seen[code] {
			t.Errorf("%s: code %q is missing or shared", name, code)
		}
		seen[code] = true
		if !slices.Contains(Codes(), code) {
			t.Errorf("%s: Codes() lacks %q", name, code)
		}
	}
	if Code(errors.New("plain")) != "" {
		t.Error("an error wrapping no sentinel has a code")
	}
	if c, rule := Refuse(ErrStale, "SF-DEAL-1", "late").RefusalCode(); c != "stale" || rule != "SF-DEAL-1" {
		t.Errorf("RefusalCode() = %q, %q", c, rule)
	}
}
