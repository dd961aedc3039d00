package rulecheck

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// idPattern is a rule ID where it is named: not glued to a letter or digit on either side
// (a rule's ID with one more digit is another rule's).
var idPattern = regexp.MustCompile(`(?:^|[^0-9A-Za-z])((?:SF|SX|APP)-[A-Za-z0-9]+-[0-9a-z]+)(?:$|[^0-9A-Za-z])`)

// definition is a line of RULES.md that defines an ID: "- ID" then a space or a colon.
var definition = regexp.MustCompile(`^- ((?:SF|SX|APP)-[A-Za-z0-9]+-[0-9a-z]+)[ :]`)

// skipped are directories that hold nothing of the project's own words: git's, the build's,
// npm's.
var skipped = []string{".git", "build", "dist", "node_modules"}

// repoRoot is the directory of go.mod above this package.
func repoRoot(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test")
		}
		dir = parent
	}
}

// defined reads the IDs RULES.md defines, failing the test on an ID defined twice.
func defined(t *testing.T, root string) map[string]int {
	t.Helper()
	f, err := os.Open(filepath.Join(root, "RULES.md"))
	if err != nil {
		t.Fatalf("the repository's rules reference: %v", err)
	}
	defer f.Close()
	ids := map[string]int{}
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		m := definition.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		if first, ok := ids[m[1]]; ok {
			t.Errorf("RULES.md:%d defines %s again (first on line %d)", line, m[1], first)
			continue
		}
		ids[m[1]] = line
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return ids
}

// matches lists what the first group of re matches in s, in order, once per match.
func matches(re *regexp.Regexp, s string) []string {
	var out []string
	// Matches may share the character between two IDs ("SF-ACC-1,SF-ACC-2"), so look again
	// from each match's end.
	for rest := s; ; {
		m := re.FindStringSubmatchIndex(rest)
		if m == nil {
			return out
		}
		out = append(out, rest[m[2]:m[3]])
		rest = rest[m[3]:]
	}
}

// walk calls fn with the path, and the path from root, of every file of the repository but
// those in skipped directories.
func walk(root string, fn func(path, rel string) error) error {
	return filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && slices.Contains(skipped, d.Name()) {
				return filepath.SkipDir
			}
			return nil
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		return fn(path, rel)
	})
}

// named lists every ID named in the repository's .go and .md files, with the first place
// each is named.
func named(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := walk(root, func(path, rel string) error {
		if ext := filepath.Ext(path); ext != ".go" && ext != ".md" {
			return nil
		}
		raw, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(raw), "\n") {
			for _, id := range matches(idPattern, line) {
				if _, ok := out[id]; !ok {
					out[id] = rel + ":" + strconv.Itoa(i+1)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// Every rule ID named in the repository's code, tests and documents is defined in its own
// RULES.md, and RULES.md defines each ID once: an ID in a test or a refusal always leads to
// a rule a reader can find here.
func TestEveryNamedRuleIDIsDefinedOnce(t *testing.T) {
	root := repoRoot(t)
	ids := defined(t, root)
	if len(ids) < 100 {
		t.Fatalf("RULES.md defines only %d rule IDs; the rules have more than 100", len(ids))
	}
	uses := named(t, root)
	var missing []string
	for id, where := range uses {
		if _, ok := ids[id]; !ok {
			missing = append(missing, where+": "+id)
		}
	}
	slices.Sort(missing)
	for _, m := range missing {
		t.Errorf("%s is not defined in RULES.md", m)
	}
}
