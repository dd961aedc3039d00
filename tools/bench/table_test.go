//go:build !wasm

package main

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

func TestPercentile(t *testing.T) {
	ms := func(v ...int) []time.Duration {
		var d []time.Duration
		for _, x := range v {
			d = append(d, time.Duration(x)*time.Millisecond)
		}
		return d
	}
	tests := []struct {
		name    string
		samples []time.Duration
		p       float64
		want    time.Duration
	}{
		{"none", nil, 50, 0},
		{"one", ms(7), 99, 7 * time.Millisecond},
		{"median of odd, unsorted", ms(5, 1, 3), 50, 3 * time.Millisecond},
		{"median of even is the lower middle", ms(4, 1, 3, 2), 50, 2 * time.Millisecond},
		{"p95 of 20 is the 19th", ms(20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1), 95, 19 * time.Millisecond},
		{"p99 of 100 is the 99th", ms(seq(100)...), 99, 99 * time.Millisecond},
		{"p100 is the largest", ms(3, 9, 1), 100, 9 * time.Millisecond},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := percentile(tt.samples, tt.p); got != tt.want {
				t.Errorf("percentile(%v, %v) = %v, want %v", tt.samples, tt.p, got, tt.want)
			}
		})
	}
}

func seq(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i + 1
	}
	return s
}

func TestTableCountsTargets(t *testing.T) {
	tests := []struct {
		name string
		rows []row
		want string
	}{
		{"nothing", nil, "0 of 0 targets met"},
		{"figures without targets are not counted", []row{info("s", "a", "1")}, "0 of 0 targets met"},
		{"met and missed", []row{check("s", "a", "1", "<= 2", true), check("s", "b", "3", "<= 2", false)}, "1 of 2 targets met"},
		{"unmeasured targets count as not met", []row{
			check("s", "a", "1", "<= 2", true),
			unmeasured("s", "b", "<= 2", errors.New("no browser")),
			unmeasured("s", "c", "", errors.New("no browser")),
		}, "1 of 2 targets met (1 not measured)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			printTable(&out, tt.rows)
			lines := strings.Split(strings.TrimSpace(out.String()), "\n")
			if got := lines[len(lines)-1]; got != tt.want {
				t.Errorf("last line %q, want %q", got, tt.want)
			}
			if want := 2 + len(tt.rows) + 1; len(lines) != want {
				t.Errorf("%d lines, want %d (head, rule, rows, summary):\n%s", len(lines), want, out.String())
			}
		})
	}
}

func TestUnmeasuredSaysWhy(t *testing.T) {
	r := unmeasured("join", "p95", "<= 1 s", errors.New("no Chromium found"))
	if r.verdict != notMeasured || !strings.Contains(r.figure, "no Chromium found") {
		t.Errorf("row %+v does not say it was not measured and why", r)
	}
}

func TestParseEngineBench(t *testing.T) {
	out := []byte(`goos: linux
pkg: safehouse/engine/spyfall
BenchmarkGames/classic-2         	   12072	     98880 ns/op	     10113 games/s	   49559 B/op	     454 allocs/op
BenchmarkGames/team-2            	    9639	    128045 ns/op	      7810 games/s	   79017 B/op	     654 allocs/op
PASS
pkg: safehouse/engine/spyfest
BenchmarkGames-2   	    8482	    142720 ns/op	      7007 games/s	   56721 B/op	     762 allocs/op
BenchmarkOther-2   	    8482	    142720 ns/op
`)
	rows := parseEngineBench(out)
	want := []struct{ name, figure string }{
		{"complete random games/s, spyfall classic", "10113"},
		{"complete random games/s, spyfall team", "7810"},
		{"complete random games/s, spyfest", "7007"},
	}
	if len(rows) != len(want) {
		t.Fatalf("%d rows, want %d: %+v", len(rows), len(want), rows)
	}
	for i, w := range want {
		if rows[i].name != w.name || rows[i].figure != w.figure {
			t.Errorf("row %d = %q %q, want %q %q", i, rows[i].name, rows[i].figure, w.name, w.figure)
		}
	}
}

// A section that cannot run keeps every one of its targets in the count, as not measured.
func TestSectionFailedKeepsTargets(t *testing.T) {
	why := errors.New("no Chromium found")
	tests := []struct {
		section string
		targets int
	}{
		{"size", 2},
		{"startup", 1},
		{"join", 1},
		{"fanout", 4},
		{"signaling", 3},
		{"abuse", 4},
		{"engine", 0},
	}
	for _, tt := range tests {
		t.Run(tt.section, func(t *testing.T) {
			rows := sectionFailed(tt.section, why)
			want := fmt.Sprintf("0 of %d targets met", tt.targets)
			if tt.targets > 0 {
				want += fmt.Sprintf(" (%d not measured)", tt.targets)
			}
			if got := summary(rows); got != want {
				t.Errorf("summary %q, want %q", got, want)
			}
			for _, r := range rows {
				if !strings.Contains(r.figure, why.Error()) {
					t.Errorf("row %q does not say why: %q", r.name, r.figure)
				}
			}
		})
	}
}

func TestEverySectionIsKnown(t *testing.T) {
	for _, s := range allSections {
		if len(sectionFailed(s, errors.New("x"))) == 0 {
			t.Errorf("section %q has no row when it fails", s)
		}
	}
}

func TestOneLine(t *testing.T) {
	tests := []struct {
		in    string
		limit int
		want  string
	}{
		{"short", 10, "short"},
		{"build failed:\n  main.go:1: oops\n", 80, "build failed: main.go:1: oops"},
		{"abcdefghij", 5, "abcd…"},
	}
	for _, tt := range tests {
		if got := oneLine(tt.in, tt.limit); got != tt.want {
			t.Errorf("oneLine(%q, %d) = %q, want %q", tt.in, tt.limit, got, tt.want)
		}
	}
}

func TestMedian(t *testing.T) {
	for _, tt := range []struct {
		v    []float64
		want float64
	}{{nil, 0}, {[]float64{3}, 3}, {[]float64{9, 1, 5}, 5}, {[]float64{4, 1, 3, 2}, 2.5}} {
		if got := median(tt.v); got != tt.want {
			t.Errorf("median(%v) = %v, want %v", tt.v, got, tt.want)
		}
	}
}
