//go:build !wasm

package main

import (
	"fmt"
	"io"
	"log"
	"slices"
	"strings"
	"time"
)

// verdict says whether a row's figure meets its target.
type verdict int

const (
	noTarget    verdict = iota // a figure shown for reading the others
	met                        // the target is met
	missed                     // the target is not met
	notMeasured                // the figure could not be measured; its target counts as missed
)

func (v verdict) String() string {
	switch v {
	case met:
		return "yes"
	case missed:
		return "NO"
	case notMeasured:
		return "not measured"
	}
	return ""
}

// row is one line of the table.
type row struct {
	section string
	name    string
	figure  string
	target  string
	verdict verdict
}

// check makes a row with a target: the figure meets it when ok.
func check(section, name, figure, target string, ok bool) row {
	v := missed
	if ok {
		v = met
	}
	return row{section: section, name: name, figure: figure, target: target, verdict: v}
}

// info makes a row without a target.
func info(section, name, figure string) row {
	return row{section: section, name: name, figure: figure, verdict: noTarget}
}

// unmeasured makes a row for a figure that could not be measured, saying why. With a target,
// that target counts as not met.
func unmeasured(section, name, target string, why error) row {
	v := notMeasured
	if target == "" {
		v = noTarget
	}
	log.Printf("%s, %s: not measured: %v", section, name, why)
	return row{section: section, name: name, figure: "not measured: " + oneLine(why.Error(), maxReason), target: target, verdict: v}
}

// maxReason bounds a reason in the table; the whole of it goes to the log.
const maxReason = 160

// oneLine squeezes s onto one line of at most limit characters.
func oneLine(s string, limit int) string {
	r := []rune(strings.Join(strings.Fields(s), " "))
	if len(r) <= limit {
		return string(r)
	}
	return string(r[:limit-1]) + "…"
}

// printTable writes the rows as one aligned table and a last line counting the targets met.
func printTable(w io.Writer, rows []row) {
	head := []string{"section", "figure", "value", "target", "met"}
	cells := [][]string{head}
	for _, r := range rows {
		cells = append(cells, []string{r.section, r.name, r.figure, r.target, r.verdict.String()})
	}
	widths := make([]int, len(head))
	for _, c := range cells {
		for i, s := range c {
			widths[i] = max(widths[i], len([]rune(s)))
		}
	}
	line := func(c []string) {
		var b strings.Builder
		for i, s := range c {
			if i > 0 {
				b.WriteString(" | ")
			}
			b.WriteString(s)
			if i < len(c)-1 {
				b.WriteString(strings.Repeat(" ", widths[i]-len([]rune(s))))
			}
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
	line(head)
	rule := make([]string, len(head))
	for i := range rule {
		rule[i] = strings.Repeat("-", widths[i])
	}
	fmt.Fprintln(w, strings.Join(rule, "-|-"))
	for _, c := range cells[1:] {
		line(c)
	}
	fmt.Fprintln(w, summary(rows))
}

// summary is the table's last line.
func summary(rows []row) string {
	targets, ok, unknown := 0, 0, 0
	for _, r := range rows {
		switch r.verdict {
		case met:
			targets++
			ok++
		case missed:
			targets++
		case notMeasured:
			targets++
			unknown++
		}
	}
	s := fmt.Sprintf("%d of %d targets met", ok, targets)
	if unknown > 0 {
		s += fmt.Sprintf(" (%d not measured)", unknown)
	}
	return s
}

// percentile is the nearest-rank percentile p (0 < p <= 100) of samples; 0 without samples.
func percentile(samples []time.Duration, p float64) time.Duration {
	if len(samples) == 0 {
		return 0
	}
	s := slices.Clone(samples)
	slices.Sort(s)
	rank := int(float64(len(s))*p/100 + 0.999999999)
	return s[min(max(rank, 1), len(s))-1]
}

// ms formats a duration in milliseconds, with one decimal below 100 ms.
func ms(d time.Duration) string {
	v := float64(d) / float64(time.Millisecond)
	if v < 100 {
		return fmt.Sprintf("%.1f ms", v)
	}
	return fmt.Sprintf("%.0f ms", v)
}

// megabytes formats a byte count in MB (10^6 bytes), as the targets are written.
func megabytes(n int64) string { return fmt.Sprintf("%.2f MB", float64(n)/1e6) }
