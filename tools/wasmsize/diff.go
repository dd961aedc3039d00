//go:build !wasm

package main

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
)

// byPackage sums m's function bodies by Go package.
func byPackage(m *module, pkgs packages) map[string]*pkgSize {
	out := map[string]*pkgSize{}
	for i, body := range m.bodies {
		p := pkgs.packageOf(m.names[m.imported+i])
		s := out[p]
		if s == nil {
			s = &pkgSize{name: p}
			out[p] = s
		}
		s.funcs++
		s.code += len(body)
		s.bodies = append(s.bodies, body)
	}
	return out
}

// reportDiff compares two builds of one program package by package (base: the full build,
// m: a smaller one, e.g. the player build): the top packages whose code changed most, largest
// change first, with each package's code and brotli-alone size in both, and the totals.
func reportDiff(w io.Writer, base, m *module, pkgs packages, baseName, name string, top int) {
	a, b := byPackage(base, pkgs), byPackage(m, pkgs)
	names := map[string]bool{}
	for p := range a {
		names[p] = true
	}
	for p := range b {
		names[p] = true
	}
	type row struct {
		name                   string
		codeA, codeB, brA, brB int
		funcsA, funcsB         int
	}
	var rows []row
	var total row
	for p := range names {
		r := row{name: p}
		if s := a[p]; s != nil {
			r.codeA, r.funcsA = s.code, s.funcs
		}
		if s := b[p]; s != nil {
			r.codeB, r.funcsB = s.code, s.funcs
		}
		total.codeA += r.codeA
		total.codeB += r.codeB
		total.funcsA += r.funcsA
		total.funcsB += r.funcsB
		if r.codeA != r.codeB {
			rows = append(rows, r)
		}
	}
	slices.SortFunc(rows, func(x, y row) int {
		return cmp.Or(cmp.Compare(abs(y.codeA-y.codeB), abs(x.codeA-x.codeB)), strings.Compare(x.name, y.name))
	})
	fmt.Fprintf(w, "%s against %s: code %d -> %d bytes (%+d), %d -> %d functions; %d packages changed, %d gone\n\n",
		name, baseName, total.codeA, total.codeB, total.codeB-total.codeA, total.funcsA, total.funcsB, len(rows), countGone(a, b))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "#\tcode before\tcode after\tchange\tbrotli alone before\tafter\t \tpackage")
	shown := 0
	for i, r := range rows {
		if i >= top {
			break
		}
		var brA, brB int
		if s := a[r.name]; s != nil {
			brA = brotliSize(s.bodies)
		}
		if s := b[r.name]; s != nil {
			brB = brotliSize(s.bodies)
		}
		fmt.Fprintf(tw, "%d\t%d\t%d\t%+d\t%d\t%d\t \t%s\n", i+1, r.codeA, r.codeB, r.codeB-r.codeA, brA, brB, r.name)
		shown += r.codeB - r.codeA
	}
	fmt.Fprintf(tw, "\t\t\t%+d\t\t\t \tthe other %d packages that changed\n", total.codeB-total.codeA-shown, max(len(rows)-top, 0))
	tw.Flush()
}

func countGone(a, b map[string]*pkgSize) int {
	n := 0
	for p := range a {
		if b[p] == nil {
			n++
		}
	}
	return n
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
