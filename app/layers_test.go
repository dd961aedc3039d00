package app

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"sort"
	"strings"
	"testing"
)

// The shell's files stand in layers (doc.go): a file uses the names of files below it, never
// of one above, so no two files use each other, however far round. A file uses another when
// it names one of its top-level declarations or calls one of its methods (the receiver of a
// method on shell names shell.go). The test reads the files as the compiler does not: every
// file, whatever its build tag, and names alone, so a local variable named like a declaration
// elsewhere counts too. A loop fails it with the names that tie it; the cure is to move a
// name to the file of its concept, lower down, or to split a file whose parts sit on two
// floors.
func TestShellFilesStandInLayers(t *testing.T) {
	uses := shellFileUses(t)
	const (
		unseen = iota
		open
		done
	)
	state := map[string]int{}
	var path []string
	var visit func(f string)
	visit = func(f string) {
		state[f] = open
		path = append(path, f)
		for _, g := range sortedKeys(uses[f]) {
			switch state[g] {
			case open:
				loop := append(path[indexOf(path, g):], g)
				var ties []string
				for i := 0; i+1 < len(loop); i++ {
					ties = append(ties, loop[i]+" -> "+loop[i+1]+" ("+strings.Join(sortedKeys(uses[loop[i]][loop[i+1]]), ", ")+")")
				}
				t.Errorf("the shell's files use each other in a loop:\n\t%s", strings.Join(ties, "\n\t"))
			case unseen:
				visit(g)
			}
		}
		path = path[:len(path)-1]
		state[f] = done
	}
	for _, f := range sortedKeys(uses) {
		if state[f] == unseen {
			visit(f)
		}
	}
}

// shellFileUses reads the package's files (tests left out): for each file, the other files
// it uses and the names it uses them by.
func shellFileUses(t *testing.T) map[string]map[string]map[string]bool {
	t.Helper()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	files := map[string]*ast.File{}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		files[name] = f
	}
	declared := map[string]string{}         // top-level name -> its file
	methods := map[string]map[string]bool{} // method name -> the files declaring one
	fields := map[string]bool{}             // the names of the structs' fields
	for name, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					declared[d.Name.Name] = name
					continue
				}
				if methods[d.Name.Name] == nil {
					methods[d.Name.Name] = map[string]bool{}
				}
				methods[d.Name.Name][name] = true
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						declared[s.Name.Name] = name
						if st, ok := s.Type.(*ast.StructType); ok {
							for _, field := range st.Fields.List {
								for _, n := range field.Names {
									fields[n.Name] = true
								}
							}
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							declared[n.Name] = name
						}
					}
				}
			}
		}
	}
	uses := map[string]map[string]map[string]bool{}
	for name, f := range files {
		uses[name] = map[string]map[string]bool{}
		use := func(other, by string) {
			if other == name {
				return
			}
			if uses[name][other] == nil {
				uses[name][other] = map[string]bool{}
			}
			uses[name][other][by] = true
		}
		imported := map[string]bool{}
		for _, imp := range f.Imports {
			p := strings.Trim(imp.Path.Value, `"`)
			if imp.Name != nil {
				imported[imp.Name.Name] = true
			} else {
				imported[p[strings.LastIndex(p, "/")+1:]] = true
			}
		}
		// A method is told by its name alone, where the value it is taken from is a plain
		// name (s.renderLobby, u.See) and no struct has a field of that name (p.host is
		// passPlay's host, not shell.host): a field's own fields (s.live.host) are no methods.
		var inspect func(n ast.Node) bool
		inspect = func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl: // its own name is no use
				if n.Recv != nil {
					ast.Inspect(n.Recv, inspect)
				}
				ast.Inspect(n.Type, inspect)
				if n.Body != nil {
					ast.Inspect(n.Body, inspect)
				}
				return false
			case *ast.SelectorExpr:
				x, plain := n.X.(*ast.Ident)
				if plain && imported[x.Name] {
					return false // another package's name
				}
				if plain && !fields[n.Sel.Name] {
					for other := range methods[n.Sel.Name] {
						use(other, "."+n.Sel.Name)
					}
				}
				ast.Inspect(n.X, inspect)
				return false
			case *ast.Ident:
				if file, ok := declared[n.Name]; ok {
					use(file, n.Name)
				}
			}
			return true
		}
		for _, d := range f.Decls {
			if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
				continue
			}
			ast.Inspect(d, inspect)
		}
	}
	return uses
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func indexOf(s []string, v string) int {
	for i, x := range s {
		if x == v {
			return i
		}
	}
	return -1
}
