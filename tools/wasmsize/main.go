//go:build !wasm

// Command wasmsize shows where app.wasm's bytes go: the code section's function bodies
// summed by Go package, largest first, from the names the linker writes into a build made
// without -s -w (the function bodies are the same as in the stripped build the site ships).
//
//	go run ./tools/wasmsize [-top 20] [-main ./wasm] [-funcs PKG] [-files PKG:a.go,b.go] app-with-names.wasm
//	go run ./tools/wasmsize [-top 20] [-main ./wasm] -diff full-with-names.wasm player-with-names.wasm
//
// -funcs lists the largest functions of one package in place of the packages (a generic
// function's instantiations each count: "slices.pdqsortCmpFunc[...]" once per shape).
// -files sums the functions declared in some files of one package, with their closures:
// what a feature that has its own files adds (the bench's takeover section uses it).
//
// -diff compares two builds of the same main package (the full build and the player build,
// -tags player: wasm/doc.go) package by package: what each package's code is in both, the
// packages that changed most first.
//
// "brotli alone" compresses each package's bodies on their own (quality 5): a rough measure
// of what the package adds to the served file, to rank cuts by, not a share of it.
package main

import (
	"bytes"
	"cmp"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/andybalholm/brotli"
)

func main() {
	top := flag.Int("top", 20, "how many packages to list")
	mainPkg := flag.String("main", "./wasm", "the wasm's main package, whose dependencies (go list -deps) name the packages")
	funcs := flag.String("funcs", "", "list the largest functions of this package (an import path) instead")
	files := flag.String("files", "", "sum the functions declared in these files of a package instead: importpath:dir/a.go,dir/b.go")
	diff := flag.String("diff", "", "compare with this build (with names), package by package, instead")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("wasmsize: ")
	if flag.NArg() != 1 {
		log.Fatal("usage: wasmsize [-top N] file.wasm (built without -ldflags=-s -w)")
	}
	raw, err := os.ReadFile(flag.Arg(0))
	if err != nil {
		log.Fatal(err)
	}
	m, err := parseNamed(raw)
	if err != nil {
		log.Fatal(err)
	}
	var base *module
	if *diff != "" {
		braw, err := os.ReadFile(*diff)
		if err != nil {
			log.Fatal(err)
		}
		if base, err = parseNamed(braw); err != nil {
			log.Fatalf("%s: %v", *diff, err)
		}
	}
	cmd := exec.Command("go", "list", "-deps", *mainPkg)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	cmd.Stderr = os.Stderr
	list, err := cmd.Output()
	if err != nil {
		log.Fatalf("go list -deps %s: %v", *mainPkg, err)
	}
	pkgs := newPackages(strings.Fields(string(list)))
	if pkg, paths, ok := strings.Cut(*files, ":"); ok {
		if err := reportFiles(os.Stdout, m, pkg, strings.Split(paths, ",")); err != nil {
			log.Fatal(err)
		}
		return
	}
	if *funcs != "" {
		reportFuncs(os.Stdout, m, pkgs, *funcs, *top)
		return
	}
	if base != nil {
		reportDiff(os.Stdout, base, m, pkgs, *diff, flag.Arg(0), *top)
		return
	}
	report(os.Stdout, m, pkgs, len(raw), *top)
}

// parseNamed reads a wasm built with function names.
func parseNamed(raw []byte) (*module, error) {
	m, err := parse(raw)
	if err == nil && len(m.names) == 0 {
		err = errors.New("the wasm has no function names: build it without -ldflags=-s -w")
	}
	return m, err
}

// reportFuncs lists pkg's top largest function bodies, largest first.
func reportFuncs(w io.Writer, m *module, pkgs packages, pkg string, top int) {
	type fn struct {
		name string
		size int
	}
	var fns []fn
	total := 0
	for i, body := range m.bodies {
		name := m.names[m.imported+i]
		if pkgs.packageOf(name) == pkg {
			fns = append(fns, fn{name, len(body)})
			total += len(body)
		}
	}
	slices.SortFunc(fns, func(a, b fn) int { return cmp.Or(cmp.Compare(b.size, a.size), strings.Compare(a.name, b.name)) })
	fmt.Fprintf(w, "%s: %d functions, %d bytes of code\n\n", pkg, len(fns), total)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for i, f := range fns {
		if i >= top {
			fmt.Fprintf(tw, "\t(%d more)\n", len(fns)-top)
			break
		}
		fmt.Fprintf(tw, "%d\t%s\n", f.size, f.name)
	}
	tw.Flush()
}

type pkgSize struct {
	name   string
	funcs  int
	code   int
	bodies [][]byte
}

func report(w io.Writer, m *module, pkgs packages, fileSize, top int) {
	byPkg := byPackage(m, pkgs)
	code := 0
	for _, body := range m.bodies {
		code += len(body)
	}
	sizes := make([]*pkgSize, 0, len(byPkg))
	for _, s := range byPkg {
		sizes = append(sizes, s)
	}
	slices.SortFunc(sizes, func(a, b *pkgSize) int { return cmp.Or(cmp.Compare(b.code, a.code), strings.Compare(a.name, b.name)) })

	fmt.Fprintf(w, "app.wasm: %d bytes; code section %d (%.1f %%), data %d (%.1f %%); %d functions in %d packages\n\n",
		fileSize, m.sections["code"], pct(m.sections["code"], fileSize), m.sections["data"], pct(m.sections["data"], fileSize), len(m.bodies), len(sizes))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "#\tcode bytes\t% of code\tfunctions\tbrotli alone\t \tpackage")
	shown, shownCode := 0, 0
	for i, s := range sizes {
		if i >= top {
			break
		}
		fmt.Fprintf(tw, "%d\t%d\t%.1f\t%d\t%d\t \t%s\n", i+1, s.code, pct(s.code, code), s.funcs, brotliSize(s.bodies), s.name)
		shown++
		shownCode += s.code
	}
	fmt.Fprintf(tw, "\t%d\t%.1f\t\t\t \tthe other %d packages\n", code-shownCode, pct(code-shownCode, code), len(sizes)-shown)
	tw.Flush()
}

func pct(part, whole int) float64 {
	if whole == 0 {
		return 0
	}
	return 100 * float64(part) / float64(whole)
}

func brotliSize(bodies [][]byte) int {
	var out bytes.Buffer
	w := brotli.NewWriterLevel(&out, 5)
	for _, b := range bodies {
		w.Write(b)
	}
	w.Close()
	return out.Len()
}

// wasmName is how Go's linker spells a name in the wasm name section: every character but
// letters, digits, "_" and "." becomes "_" (cmd/link/internal/wasm).
var wasmName = regexp.MustCompile(`[^\w.]`)

// packages maps linker-spelled package paths back to the import paths they stand for,
// longest first so that "safehouse_app_session" wins over "safehouse_app".
type packages []struct{ spelled, path string }

func newPackages(paths []string) packages {
	var p packages
	// A command's own functions are named after "main", whatever its import path.
	for _, path := range append(paths, "main") {
		p = append(p, struct{ spelled, path string }{wasmName.ReplaceAllString(path, "_") + ".", path})
	}
	slices.SortFunc(p, func(a, b struct{ spelled, path string }) int { return cmp.Compare(len(b.spelled), len(a.spelled)) })
	return p
}

// packageOf returns the Go package a function name belongs to: "runtime.mallocgc" ->
// "runtime", "github.com_pion_webrtc_v4.__PeerConnection_.Close" -> "github.com/pion/webrtc/v4".
// A name of no known package (the compiler's "type:.eq.x", spelled "type_.eq.x") is
// grouped by what comes before its first dot, and one without a dot (assembly helpers) as
// "(no package)".
func (p packages) packageOf(name string) string {
	if name == "" {
		return "(unnamed)"
	}
	for _, k := range p {
		if strings.HasPrefix(name, k.spelled) {
			return k.path
		}
	}
	if strings.HasPrefix(name, "type_.") {
		return "type: (the compiler's equality and hash functions)"
	}
	if i := strings.Index(name, "."); i > 0 {
		return name[:i]
	}
	return "(no package)"
}
