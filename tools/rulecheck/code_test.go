package rulecheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// ruleName is a rule's ID (idPattern) or its section's name (the ID without its number), not
// glued to a letter or digit on either side.
var ruleName = regexp.MustCompile(`(?:^|[^0-9A-Za-z])((?:SF|SX|APP)-[A-Za-z0-9]+(?:-[0-9a-z]+)?)(?:$|[^0-9A-Za-z])`)

// tableFile is the name of a package's one table of the rules its refusals send.
const tableFile = "refusals.go"

// mayHoldTable says whether the package in dir (slash-separated, from the repository root)
// refuses moves on the wire and so may keep a table: an engine, the room or the session.
func mayHoldTable(dir string) bool {
	return strings.HasPrefix(dir, "engine/") || dir == "app/game" || dir == "app/session"
}

// ruleNames lists the rule IDs and section names in s.
func ruleNames(s string) []string { return matches(ruleName, s) }

// codeFault is a rule named where the policy does not allow it.
type codeFault struct {
	pos  token.Position
	name string
	why  string
}

// checkCode returns the places of one non-test Go file that name a rule against the policy:
// anywhere in a comment; in code, anywhere but a table's constants, each of which is one
// rule's name alone, named once in its table.
func checkCode(fset *token.FileSet, f *ast.File, table bool) []codeFault {
	var faults []codeFault
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			for _, n := range ruleNames(c.Text) {
				faults = append(faults, codeFault{fset.Position(c.Pos()), n, "in a comment: say the rule in words"})
			}
		}
	}
	// A table's entries: string constants whose whole value is one rule's name.
	entries := map[*ast.BasicLit]bool{}
	if table {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, spec := range gd.Specs {
				for _, v := range spec.(*ast.ValueSpec).Values {
					if lit, ok := v.(*ast.BasicLit); ok && lit.Kind == token.STRING {
						entries[lit] = true
					}
				}
			}
		}
	}
	seen := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		for _, name := range ruleNames(lit.Value) {
			value, _ := strconv.Unquote(lit.Value)
			switch {
			case !table:
				faults = append(faults, codeFault{fset.Position(lit.Pos()), name,
					"in code outside a refusal table: name the rule by a constant of the package's " + tableFile})
			case !entries[lit] || value != name:
				faults = append(faults, codeFault{fset.Position(lit.Pos()), name,
					"in the table but not as a constant of one rule's name alone"})
			case seen[name]:
				faults = append(faults, codeFault{fset.Position(lit.Pos()), name, "twice in the table"})
			default:
				seen[name] = true
			}
		}
		return true
	})
	return faults
}

// Outside tests and documents, a rule is named by its ID only in the one table of each
// package whose refusals send rule IDs on the wire (the engines, the room, the session): the
// string constants of its refusals.go. Code names a rule by the table's constant, and a
// comment says the rule in words. A test names the IDs of the rules it checks (that is how
// rule coverage is counted), and Markdown documents may name any.
func TestRuleIDsInCodeOnlyInRefusalTables(t *testing.T) {
	root := repoRoot(t)
	var faults []string
	tables := 0
	err := walk(root, func(path, rel string) error {
		if filepath.Ext(path) != ".go" || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		table := filepath.Base(rel) == tableFile
		if table && !mayHoldTable(filepath.Dir(rel)) {
			faults = append(faults, rel+": a refusal table in a package whose refusals send no rule (only engine/..., app/game and app/session have one)")
			table = false
		}
		if table {
			tables++
		}
		for _, fault := range checkCode(fset, f, table) {
			faults = append(faults, rel+":"+strconv.Itoa(fault.pos.Line)+": "+fault.name+" "+fault.why)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(faults)
	for _, f := range faults {
		t.Error(f)
	}
	if tables == 0 {
		t.Errorf("no %s found under %s: the check looks in the wrong place", tableFile, root)
	}
}

// The check itself fails where it should: a rule named in a comment or in code outside a
// table, or in a table but not as a constant of its own; and passes a table's entries and
// the words around them. The planted names are spelt {SF}-... here and made whole at run
// time, so this file neither names undefined IDs nor counts as a test of the rules it plants.
func TestCheckCodeFindsPlantedNames(t *testing.T) {
	whole := strings.NewReplacer("{SF}", "SF", "{SX}", "SX")
	cases := []struct {
		name  string
		table bool
		src   string
		want  []string // "line name" of each fault
	}{
		{"comment", false, "package p\n\n// spies vote ({SF}-ACC-2)\nvar x = 1\n", []string{"3 {SF}-ACC-2"}},
		{"section in a comment", false, "package p\n\nvar x = 1 // see {SX}-ACT\n", []string{"3 {SX}-ACT"}},
		{"literal", false, "package p\n\nvar r = \"{SF}-SPY-3\"\n", []string{"3 {SF}-SPY-3"}},
		{"two in a literal", false, "package p\n\nvar r = \"{SF}-ACC-1,{SF}-ACC-2\"\n", []string{"3 {SF}-ACC-1", "3 {SF}-ACC-2"}},
		{"table", true, "package p\n\n// The rules, in words.\nconst (\n\truleA = \"{SF}-ACC-2\" // every voter but the accused\n\truleB = \"{SX}-ACT\"\n)\n", nil},
		{"table var", true, "package p\n\nvar ruleA = \"{SF}-ACC-2\"\n", []string{"3 {SF}-ACC-2"}},
		{"table sentence", true, "package p\n\nconst ruleA = \"see {SF}-ACC-2\"\n", []string{"3 {SF}-ACC-2"}},
		{"table twice", true, "package p\n\nconst (\n\truleA = \"{SF}-ACC-2\"\n\truleB = \"{SF}-ACC-2\"\n)\n", []string{"5 {SF}-ACC-2"}},
		{"table comment", true, "package p\n\nconst ruleA = \"{SF}-ACC-2\" // {SF}-ACC-2\n", []string{"3 {SF}-ACC-2"}},
		{"not a rule", false, "package p\n\n// X{SF}-ACC-2 and sf-acc-2 are no rules.\nvar s = \"SAFE-1\"\n", nil},
	}
	for _, c := range cases {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "p.go", whole.Replace(c.src), parser.ParseComments)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var got []string
		for _, fault := range checkCode(fset, f, c.table) {
			got = append(got, strconv.Itoa(fault.pos.Line)+" "+fault.name)
		}
		slices.Sort(got)
		want := make([]string, len(c.want))
		for i, w := range c.want {
			want[i] = whole.Replace(w)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: faults %q, want %q", c.name, got, want)
		}
	}
}
