//go:build !wasm

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"safehouse/tools/chromium"
)

// allSections are the parts of the run, in the table's order.
var allSections = []string{"size", "startup", "firstvisit", "join", "relay", "fanout", "signaling", "abuse", "engine", "qr", "takeover", "evening"}

func main() {
	site := flag.String("site", "build/site", "the app's built site (make site)")
	runs := flag.Int("runs", 5, "page loads per site for the start-up medians")
	joins := flag.Int("joins", 20, "joins timed for the join latency")
	// A p99 over 150 intents was the second-worst sample: on a 2-core machine it moved by
	// 10 ms between runs of the same build. Over 400 it is the fourth-worst.
	intents := flag.Int("intents", 400, "intents timed per fan-out case")
	eveningRounds := flag.Int("evening-rounds", 100, "rounds of Spyfall the evening section plays (its checkpoints: rounds 1, 10, 50 and the last)")
	eveningIntents := flag.Int("evening-intents", 400, "intents timed at each of the evening's checkpoints")
	hostProfile := flag.String("host-profile", "", "a directory: profile the browser host's tab over each fan-out case's and evening checkpoint's timed intents (.cpuprofile and a summary)")
	only := flag.String("only", strings.Join(allSections, ","), "comma-separated sections to run: "+strings.Join(allSections, ", "))
	takeoverHost := flag.String("takeover-host", "", "internal: host a room on this signaling URL until killed (the takeover section's host process)")
	natsServe := flag.String("nats-serve", "", "internal: run a NATS server with JetStream, storing in this directory, print its URL and serve until killed (the cluster sections' NATS)")
	flag.Parse()
	if *natsServe != "" {
		runNATS(*natsServe)
		return
	}
	if *takeoverHost != "" {
		runTakeoverHost(*takeoverHost)
		return
	}
	log.SetFlags(0)
	log.SetPrefix("bench: ")

	if err := toModuleRoot(); err != nil {
		log.Fatal(err)
	}
	sessionLog, err := logSessionsTo(benchLogPath)
	if err != nil {
		log.Fatal(err)
	}
	defer sessionLog.Close()
	sections := strings.Split(*only, ",")
	for _, s := range sections {
		if !slices.Contains(allSections, s) {
			log.Fatalf("unknown section %q (have %s)", s, strings.Join(allSections, ", "))
		}
	}
	checkBrowser(sections)
	work, err := os.MkdirTemp("", "safehouse-bench-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(work)

	start := time.Now()
	loadBefore := loadAverage()
	rows := run(context.Background(), config{
		site: *site, work: work, runs: *runs, joins: *joins, intents: *intents, sections: sections,
		hostProfile: *hostProfile, eveningRounds: *eveningRounds, eveningIntents: *eveningIntents,
	})
	rows = append(rows, info("machine", "CPUs; load average before / after (timings need a quiet machine)",
		fmt.Sprintf("%d; %s / %s", runtime.NumCPU(), loadBefore, loadAverage())))
	fmt.Println()
	printTable(os.Stdout, rows)
	log.Printf("took %s; the sessions' log is in %s", time.Since(start).Round(time.Second), benchLogPath)
}

// benchLogPath is where the sessions the bench runs write their log (slog's default
// logger): printed to the terminal, their lines came in the middle of the table, from
// sessions still closing while it was printed.
const benchLogPath = "build/bench-sessions.log"

// logSessionsTo sends slog's default logger to a new file at path, and leaves the log
// package, the bench's own progress lines, on stderr.
func logSessionsTo(path string) (*os.File, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	slog.SetDefault(slog.New(slog.NewTextHandler(f, nil)))
	// SetDefault routes the log package through the new handler; the progress lines stay
	// on the terminal.
	log.SetOutput(os.Stderr)
	log.SetFlags(0)
	log.SetPrefix("bench: ")
	return f, nil
}

type config struct {
	site, work           string
	runs, joins, intents int
	sections             []string
	hostProfile          string // where fan-out cases with a browser host save its profile; "" for none
	// eveningRounds and eveningIntents size the evening: rounds played, intents timed at
	// each checkpoint.
	eveningRounds, eveningIntents int
}

func (c config) wants(section string) bool { return slices.Contains(c.sections, section) }

// run measures every wanted section. A section that cannot run shows each of its targets as
// not measured, with the reason.
func run(ctx context.Context, c config) []row {
	progress := func(s string) { log.Printf("%s...", s) }
	needs := func(sections ...string) bool { return slices.ContainsFunc(sections, c.wants) }

	appWasm := filepath.Join(c.work, "app.wasm")
	baseWasm := filepath.Join(c.work, "baseline.wasm")
	var siteErr, baseErr, binErr error
	if wasm, err := os.ReadFile(filepath.Join(c.site, "web", "app.wasm")); err != nil {
		siteErr = fmt.Errorf("the app's site: %v (run make site first)", err)
	} else if err := os.WriteFile(appWasm, wasm, 0o644); err != nil {
		siteErr = fmt.Errorf("the app's site: %v", err)
	}
	var baseSite, bin string
	if needs("size", "startup", "firstvisit") {
		progress("building the baseline page")
		baseSite, baseErr = buildBaseline(ctx, c.work)
	}
	if needs("startup", "join", "relay", "fanout", "signaling", "abuse", "takeover", "evening") {
		progress("building the server")
		bin, binErr = buildServer(ctx, c.work)
	}
	chrome, chromeErr := findChrome()

	var rows []row
	section := func(name, doing string, measure func() []row, prerequisites ...error) {
		if !c.wants(name) {
			return
		}
		if err := errors.Join(prerequisites...); err != nil {
			rows = append(rows, sectionFailed(name, err)...)
			return
		}
		progress(doing)
		rows = append(rows, measure()...)
	}
	section("size", "measuring wasm sizes", func() []row {
		return sizeRows(ctx, appWasm, baseWasm)
	}, siteErr, baseErr)
	section("startup", "timing start-up in Chromium", func() []row {
		return withServers(bin, "startup", []string{c.site, baseSite}, func(s []*server) []row {
			return startupRows(chrome, c.work,
				startupSite{label: "app", origin: s[0].origin, site: c.site, wasmCopy: appWasm},
				startupSite{label: "baseline", origin: s[1].origin, site: baseSite, wasmCopy: baseWasm},
				c.runs)
		})
	}, siteErr, baseErr, binErr, chromeErr)
	section("firstvisit", "timing a first visit by invite link under slow 4G", func() []row {
		return firstVisitRows(chrome, c.work, c.site, baseSite)
	}, siteErr, baseErr, chromeErr)
	section("join", "timing joins in Chromium", func() []row {
		return withServers(bin, "join", []string{c.site}, func(s []*server) []row {
			return joinRows(chrome, c.work, s[0].origin, c.joins)
		})
	}, siteErr, binErr, chromeErr)
	section("relay", "timing joins through the relay in Chromium", func() []row {
		return withServers(bin, "relay", []string{c.site}, func(s []*server) []row {
			return relayJoinRows(chrome, c.work, s[0].origin, c.joins)
		})
	}, siteErr, binErr, chromeErr)
	section("fanout", "timing intents to every screen", asTheApp(func() []row {
		return withServers(bin, "fanout", []string{c.site}, func(s []*server) []row {
			return fanoutRows(s[0].signal, chrome, chromeErr, c.work, s[0].origin, c.intents, c.hostProfile)
		})
	}), siteErr, binErr)
	section("signaling", "loading the signaling server", func() []row { return signalingRows(bin) }, binErr)
	section("abuse", "attacking the signaling server", func() []row { return abuseRows(bin) }, binErr)
	section("engine", "playing engine games", func() []row { return engineRows(ctx) })
	section("qr", "seating players through QR codes, no server", func() []row { return qrRows(ctx) })
	section("takeover", "killing hosts and taking their games over", func() []row { return takeoverRows(ctx, bin) }, binErr)
	section("evening", fmt.Sprintf("playing an evening of %d rounds at a host tab", c.eveningRounds), asTheApp(func() []row {
		return withServers(bin, "evening", []string{c.site}, func(s []*server) []row {
			return eveningRows(bin, s[0].signal, chrome, chromeErr, c.work, s[0].origin, c.eveningRounds, c.eveningIntents, c.hostProfile)
		})
	}), siteErr, binErr)
	return rows
}

// appGCPercent is the garbage collector's target every tab of the app runs with
// (wasm/main.go's gcPercent; TestNativePeersCollectAsTheAppDoes holds the two together).
const appGCPercent = 400

// asTheApp runs measure with this process's garbage collector set as the app's is. The
// native peers of the fan-out and evening sections stand in for players' phones, each of
// which runs the app with that setting; all of them share this one process, where Go's
// default (collect when the heap doubles) collected four times as often as any phone
// would, and each collection held up every stand-in phone at once: the last of 19 native
// peers was the evening's latest screen, at up to 28 ms while the host tab showed the
// change at 4-7 ms.
func asTheApp(measure func() []row) func() []row {
	return func() []row {
		defer debug.SetGCPercent(debug.SetGCPercent(appGCPercent))
		return measure()
	}
}

// withServers starts one server per site (the real binary, -site DIR), runs measure and stops
// them. The servers take every join the sections make from loopback (joinFlags): the fan-out
// section alone seats 72 peers from 127.0.0.1, past the default limit a minute on a fast
// machine; the limits are the abuse section's to measure.
func withServers(bin, section string, sites []string, measure func([]*server) []row) []row {
	var servers []*server
	defer func() {
		for _, s := range servers {
			s.stop()
		}
	}()
	for _, site := range sites {
		s, err := startServer(bin, append([]string{"-site", site}, joinFlags()...)...)
		if err != nil {
			return sectionFailed(section, err)
		}
		servers = append(servers, s)
	}
	return measure(servers)
}

// browserSections are the sections measured in Chromium.
var browserSections = []string{"startup", "firstvisit", "join", "relay", "fanout", "evening"}

// checkBrowser ends the run at once when a wanted section needs Chromium, none is found and
// the browser is required (CI=true or SAFEHOUSE_REQUIRE_BROWSER=1, as for the tests);
// otherwise a missing browser is said loudly here, and its figures read "not measured".
func checkBrowser(sections []string) {
	if !slices.ContainsFunc(sections, func(s string) bool { return slices.Contains(browserSections, s) }) {
		return
	}
	if _, err := chromium.Find(); err != nil {
		if chromium.Required() {
			log.Fatalf("%v, and the browser figures are required (CI=true or SAFEHOUSE_REQUIRE_BROWSER=1)", err)
		}
		log.Printf("!!!!!!!! %v: THE BROWSER FIGURES WILL NOT BE MEASURED !!!!!!!!", err)
	}
}

// loadAverage is the one-minute load average, or "?" where the system does not tell.
func loadAverage() string {
	raw, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	if f := strings.Fields(string(raw)); len(f) > 0 {
		return f[0]
	}
	return "?"
}

// toModuleRoot changes to the directory of go.mod, where the bench's go commands and the
// default -site path expect to run.
func toModuleRoot() error {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return fmt.Errorf("go env GOMOD: %w", err)
	}
	mod := strings.TrimSpace(string(out))
	if mod == "" || mod == os.DevNull {
		return errors.New("run the bench inside the safehouse module")
	}
	return os.Chdir(filepath.Dir(mod))
}
