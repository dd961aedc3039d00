//go:build !wasm

package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// allSections are the parts of the run, in the table's order.
var allSections = []string{"size", "startup", "join", "fanout", "signaling", "engine"}

func main() {
	site := flag.String("site", "build/site", "the app's built site (make site)")
	runs := flag.Int("runs", 5, "page loads per site for the start-up medians")
	joins := flag.Int("joins", 20, "joins timed for the join latency")
	intents := flag.Int("intents", 150, "intents timed per fan-out case")
	only := flag.String("only", strings.Join(allSections, ","), "comma-separated sections to run: "+strings.Join(allSections, ", "))
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("bench: ")

	sections := strings.Split(*only, ",")
	for _, s := range sections {
		if !slices.Contains(allSections, s) {
			log.Fatalf("unknown section %q (have %s)", s, strings.Join(allSections, ", "))
		}
	}
	work, err := os.MkdirTemp("", "safehouse-bench-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(work)

	start := time.Now()
	rows := run(context.Background(), config{
		site: *site, work: work, runs: *runs, joins: *joins, intents: *intents, sections: sections,
	})
	fmt.Println()
	printTable(os.Stdout, rows)
	log.Printf("took %s", time.Since(start).Round(time.Second))
}

type config struct {
	site, work           string
	runs, joins, intents int
	sections             []string
}

func (c config) wants(section string) bool { return slices.Contains(c.sections, section) }

// run measures every wanted section; what fails to be measured becomes a row saying why.
func run(ctx context.Context, c config) []row {
	var rows []row
	progress := func(s string) { log.Printf("%s...", s) }

	appWasm := filepath.Join(c.work, "app.wasm")
	if err := copyFile(filepath.Join(c.site, "web", "app.wasm"), appWasm); err != nil {
		return []row{unmeasured("setup", "the app's site", "", fmt.Errorf("%v (run make site first)", err))}
	}
	needBaseline := c.wants("size") || c.wants("startup")
	var baseSite string
	if needBaseline {
		progress("building the baseline page")
		var err error
		if baseSite, err = buildBaseline(ctx, c.work); err != nil {
			return []row{unmeasured("setup", "the baseline page", "", err)}
		}
	}
	baseWasm := filepath.Join(c.work, "baseline.wasm")

	if c.wants("size") || c.wants("startup") {
		progress("measuring wasm sizes")
		sizeTable := sizeRows(ctx, appWasm, baseWasm)
		if c.wants("size") {
			rows = append(rows, sizeTable...)
		}
	}

	var bin string
	if c.wants("startup") || c.wants("join") || c.wants("fanout") || c.wants("signaling") {
		progress("building the server")
		var err error
		if bin, err = buildServer(ctx, c.work); err != nil {
			return append(rows, unmeasured("setup", "the server", "", err))
		}
	}
	chrome, chromeErr := findChrome()

	if c.wants("startup") {
		progress("timing start-up in Chromium")
		rows = append(rows, withServers(bin, chromeErr, "start-up", []string{c.site, baseSite}, func(s []*server) []row {
			return startupRows(chrome, c.work,
				startupSite{label: "app", origin: s[0].origin, site: c.site, wasmCopy: appWasm},
				startupSite{label: "baseline", origin: s[1].origin, site: baseSite, wasmCopy: baseWasm},
				c.runs)
		})...)
	}
	if c.wants("join") {
		progress("timing joins in Chromium")
		rows = append(rows, withServers(bin, chromeErr, "join", []string{c.site}, func(s []*server) []row {
			return joinRows(chrome, chromeErr, c.work, s[0].origin, c.joins)
		})...)
	}
	if c.wants("fanout") {
		progress("timing intents to every screen")
		s, err := startServer(bin, "-site", c.site)
		if err != nil {
			rows = append(rows, unmeasured("intent fan-out", "(server)", "", err))
		} else {
			rows = append(rows, fanoutRows(s.signal, chrome, chromeErr, c.work, s.origin, c.intents)...)
			s.stop()
		}
	}
	if c.wants("signaling") {
		progress("loading the signaling server")
		rows = append(rows, signalingRows(bin)...)
	}
	if c.wants("engine") {
		progress("playing engine games")
		rows = append(rows, engineRows(ctx)...)
	}
	return rows
}

// withServers starts one server per site (the real binary, -site DIR), runs measure and stops
// them; without a browser or a server it returns a row saying why.
func withServers(bin string, chromeErr error, section string, sites []string, measure func([]*server) []row) []row {
	if chromeErr != nil {
		return []row{unmeasured(section, "(browser)", "", chromeErr)}
	}
	var servers []*server
	defer func() {
		for _, s := range servers {
			s.stop()
		}
	}()
	for _, site := range sites {
		s, err := startServer(bin, "-site", site)
		if err != nil {
			return []row{unmeasured(section, "(server)", "", err)}
		}
		servers = append(servers, s)
	}
	return measure(servers)
}

func copyFile(from, to string) error {
	src, err := os.Open(from)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := os.Create(to)
	if err != nil {
		return err
	}
	if _, err := io.Copy(dst, src); err != nil {
		dst.Close()
		return err
	}
	return dst.Close()
}
