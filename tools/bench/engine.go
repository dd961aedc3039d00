//go:build !wasm

package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"regexp"
	"strings"
)

// benchLine matches a result line of `go test -bench` that reports games/s.
var benchLine = regexp.MustCompile(`^Benchmark(\S+?)(?:-\d+)?\s+\d+\s.*?\s([\d.]+) games/s`)

// engineRows runs the engines' own BenchmarkGames (random players playing complete games)
// and shows games per second per edition and variant.
func engineRows(ctx context.Context) []row {
	const sec = "engine"
	cmd := exec.CommandContext(ctx, "go", "test", "-run", "^$", "-bench", "^BenchmarkGames$", "-benchtime", "1s",
		"./engine/spyfall", "./engine/spyfest")
	out, err := cmd.CombinedOutput()
	if err != nil {
		return []row{unmeasured(sec, "games/s", "", fmt.Errorf("%v\n%s", err, out))}
	}
	rows := parseEngineBench(out)
	if len(rows) == 0 {
		return []row{unmeasured(sec, "games/s", "", fmt.Errorf("no games/s in the output:\n%s", out))}
	}
	return rows
}

func parseEngineBench(out []byte) []row {
	var rows []row
	pkg := ""
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		line := sc.Text()
		if p, ok := strings.CutPrefix(line, "pkg: "); ok {
			pkg = p[strings.LastIndex(p, "/")+1:]
			continue
		}
		m := benchLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		name := pkg
		if _, variant, ok := strings.Cut(m[1], "/"); ok {
			name += " " + variant
		}
		rows = append(rows, info("engine", "complete random games/s, "+name, m[2]))
	}
	return rows
}
