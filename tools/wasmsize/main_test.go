//go:build !wasm

package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"safehouse/wasm/buildflags"
)

func TestPackageOf(t *testing.T) {
	pkgs := newPackages([]string{"runtime", "github.com/pion/webrtc/v4", "github.com/maxence-charriere/go-app/v10/pkg/app",
		"safehouse/app", "safehouse/app/session", "slices", "encoding/json", "internal/abi", "rsc.io/qr/coding"})
	for name, want := range map[string]string{
		"runtime.mallocgc": "runtime",
		"github.com_pion_webrtc_v4.__PeerConnection_.Close":                      "github.com/pion/webrtc/v4",
		"github.com_maxence_charriere_go_app_v10_pkg_app.__stateManager_.Set_fm": "github.com/maxence-charriere/go-app/v10/pkg/app",
		"safehouse_app.__Shell_.host.func1.1.1":                                  "safehouse/app",
		"safehouse_app_session.newDataChannelConn.func2.1":                       "safehouse/app/session",
		"slices.SortFunc_go.shape.string_":                                       "slices",
		"encoding_json.__decodeState_.object":                                    "encoding/json",
		"rsc.io_qr_coding.Alpha.Bits":                                            "rsc.io/qr/coding",
		"internal_abi.Name.Name":                                                 "internal/abi",
		"type_.eq.struct_":                                                       "type: (the compiler's equality and hash functions)",
		"go_buildid":                                                             "(no package)",
		"":                                                                       "(unnamed)",
	} {
		if got := pkgs.packageOf(name); got != want {
			t.Errorf("packageOf(%q) = %q, want %q", name, got, want)
		}
	}
}

// A real js/wasm build with names, read back: every function body is accounted for and the
// function names resolve to packages, runtime and the command's own among them.
// buildHello builds the module of sources (file name to text, go.mod included) for js/wasm
// with names and the build flags given, and parses it.
func buildHello(t *testing.T, sources map[string]string, flags ...string) (m *module, raw []byte, dir string) {
	t.Helper()
	dir = t.TempDir()
	for name, body := range sources {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(dir, "hello.wasm")
	// -trimpath, as make wasm builds: the standard library's compiles are then the app's, from
	// the build cache, where without it they were made again (a minute with an empty cache).
	build := exec.Command("go", append(append([]string{"build", "-trimpath"}, flags...), "-o", out, ".")...)
	build.Dir = dir
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if b, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building: %v\n%s", err, b)
	}
	raw, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if m, err = parse(raw); err != nil {
		t.Fatal(err)
	}
	return m, raw, dir
}

const helloMod = "module hello\n\ngo 1.26\n"

func TestReportOnARealBuild(t *testing.T) {
	m, raw, _ := buildHello(t, map[string]string{"go.mod": helloMod,
		"main.go": "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"hi\") }\n"})
	sum := 0
	for _, b := range m.bodies {
		sum += len(b)
	}
	if len(m.bodies) < 500 || sum >= m.sections["code"] || sum < m.sections["code"]*9/10 {
		t.Fatalf("%d bodies of %d bytes in a code section of %d", len(m.bodies), sum, m.sections["code"])
	}
	var text, all strings.Builder
	pkgs := newPackages([]string{"runtime", "fmt", "hello"})
	report(&text, m, pkgs, len(raw), 20)
	if strings.Count(text.String(), "\n") != 20+4 {
		t.Errorf("want 20 packages and the rest:\n%s", text.String())
	}
	report(&all, m, pkgs, len(raw), 100)
	for _, want := range []string{"runtime", "fmt", "main"} {
		if !strings.Contains(all.String(), "  "+want+"\n") {
			t.Errorf("the report lacks package %s:\n%s", want, all.String())
		}
	}
	if !strings.Contains(all.String(), "the other 0 packages") {
		t.Errorf("a report of every package leaves some out:\n%s", all.String())
	}

	var fns strings.Builder
	reportFuncs(&fns, m, pkgs, "fmt", 3)
	lines := strings.Split(strings.TrimSpace(fns.String()), "\n")
	if len(lines) != 2+3+1 || !strings.HasPrefix(lines[0], "fmt: ") || !strings.HasSuffix(lines[5], " more)") {
		t.Fatalf("fmt's three largest functions and a count of the rest, got:\n%s", fns.String())
	}
	var prev int
	for i, line := range lines[2:5] {
		var size int
		var name string
		if _, err := fmt.Sscan(line, &size, &name); err != nil || !strings.HasPrefix(name, "fmt.") || (i > 0 && size > prev) {
			t.Errorf("line %q: want a size, no larger than the one before, and a function of fmt", line)
		}
		prev = size
	}
}

// -files counts what its files declare, with their closures, methods and generic
// instantiations, and nothing of the package's other files.
func TestFilesSumWhatTheyDeclare(t *testing.T) {
	sources := map[string]string{
		"go.mod": helloMod,
		"feature.go": `package main

import "fmt"

type box struct{ n int }

func (b *box) grow() func() int { return func() int { b.n++; return b.n } }

func (b box) show() { fmt.Println(b.n) }

func largest[T int | float64](xs ...T) T {
	m := xs[0]
	for _, x := range xs {
		m = max(m, x)
	}
	return m
}

func feature() {
	b := &box{}
	b.grow()()
	b.show()
	fmt.Println(largest(1, 2), largest(1.5, 2.5))
}
`,
		"main.go": "package main\n\nimport \"fmt\"\n\nfunc other() { fmt.Println(\"other\") }\n\nfunc main() { feature(); other() }\n",
	}
	m, _, dir := buildHello(t, sources, "-gcflags=-l")
	names, err := declaredIn("main", []string{filepath.Join(dir, "feature.go")})
	if err != nil {
		t.Fatal(err)
	}
	declared := map[string]bool{}
	for _, n := range names {
		declared[n] = true
	}
	var counted []string
	for i := range m.bodies {
		if name := m.names[m.imported+i]; ofDeclared(name, declared) {
			counted = append(counted, name)
		}
	}
	for _, want := range []string{"main.feature", "main.__box_.grow", "main.__box_.grow.func1", "main.box.show", "main.largest_go.shape.int_", "main.largest_go.shape.float64_"} {
		if !slices.Contains(counted, want) {
			t.Errorf("%s is not counted; counted %v", want, counted)
		}
	}
	for _, name := range counted {
		if strings.HasPrefix(name, "main.other") || name == "main.main" {
			t.Errorf("%s, declared in another file, is counted", name)
		}
	}
	var report strings.Builder
	if err := reportFiles(&report, m, "main", []string{filepath.Join(dir, "feature.go")}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(report.String(), fmt.Sprintf("%d functions", len(counted))) {
		t.Errorf("report %q, want %d functions", report.String(), len(counted))
	}
}

// The player build (-tags player, wasm/doc.go) compiles, and leaves out what only a host
// runs while keeping what a player's screens need: a function that comes back into it from
// the host's side means a reference to hosting crept into a file both builds share. Each
// function named gone is in the full build, so its absence is the tag's doing.
func TestPlayerBuildLeavesOutTheHost(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the app's wasm twice")
	}
	root := filepath.Join("..", "..")
	// The flags of make wasm (wasm/buildflags), with its go-app and standard-library overlays
	// once make has made them (make test has): the packages' compiled code then comes from the
	// build cache, and only the links run. -trimpath above all: without it the cache keys on
	// the checkout's path, and a fresh clone compiled every package of the app twice here.
	flags := append([]string{"build"}, buildflags.Wasm(root)...)
	names := func(tags ...string) map[string]bool {
		out := filepath.Join(t.TempDir(), "app.wasm")
		build := exec.Command("go", append(append(slices.Clone(flags), tags...), "-o", out, "./wasm")...)
		build.Dir = root
		build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		if b, err := build.CombinedOutput(); err != nil {
			t.Fatalf("GOOS=js GOARCH=wasm %s: %v\n%s", strings.Join(build.Args, " "), err, b)
		}
		raw, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		m, err := parseNamed(raw)
		if err != nil {
			t.Fatal(err)
		}
		has := map[string]bool{}
		for _, name := range m.names {
			has[name] = true
		}
		return has
	}
	full, player := names(), names("-tags", "player")
	for _, gone := range []string{
		"safehouse_app_session.Host", "safehouse_app_session.startHost", "safehouse_app_session.__hostCore_.intentLocked",
		"safehouse_app_session.NewQRHost", "safehouse_app_session.NewLocalHost", "safehouse_app_session.__HostSession_.HandOver",
		"safehouse_app_game.NewRoom", "safehouse_engine_spyfall.New", "safehouse_engine_spyfall.__Game_.Apply",
		"safehouse_engine_spyfest.__Game_.Apply", "safehouse_app_spyfallui.parseCustomLocations",
		"safehouse_app_spyfestui.__setup_.festRoster", "safehouse_app.__shell_.renderKnock",
		"safehouse_app_spyfallui.__UI_.hostWaitControls", "safehouse_app.readHostSave",
		// what a HostSession's Close, a handoff's state and an ask's gives reached (session.canHost)
		"safehouse_app_session.__hostCore_.sealLocked", "safehouse_app_session.DecodeHostState",
		"safehouse_app_session.__takeover_.finish", "github.com_hashicorp_vault_shamir.Combine",
		// the host's controls on the screens both builds share (ui.Hosts)
		"safehouse_app.__shell_.startButton", "safehouse_app.__shell_.passOn", "safehouse_app.__shell_.renderQRSeat",
		// the QR join, which the player build carries on in the full build (app/qrjoin_player.go):
		// its steps, the camera, and the QR codes' reading and writing
		"safehouse_app.__shell_.qrAnswer", "safehouse_app.__shell_.qrWait", "safehouse_app.__shell_.qrErrorText",
		"safehouse_app.__shell_.renderQRCamera", "safehouse_app.__shell_.onQRScanned",
		"safehouse_app_session.JoinQR", "safehouse_app_session.__QRJoin_.Wait",
		"safehouse_app_session_internal_qrcodec.DecodeOffer",
	} {
		if !full[gone] {
			t.Errorf("the full build has no %s: name another function of the host's", gone)
		}
		if player[gone] {
			t.Errorf("the player build has %s", gone)
		}
	}
	for _, kept := range []string{
		"safehouse_app_session.Join", "safehouse_app_session.__Client_.Send", "safehouse_app_game.DecodeView",
		"safehouse_app_spyfallui.__UI_.Render", "safehouse_app_spyfestui.__UI_.Render", "safehouse_app.__shell_.renderLobby",
		// a player keeps its share of a takeover and gives it to the device that asks
		"safehouse_app_session.__Client_.sealMessage", "safehouse_app_session.sealShare",
	} {
		if !player[kept] {
			t.Errorf("the player build lacks %s", kept)
		}
	}
}

func TestReportDiff(t *testing.T) {
	mod := func(names []string, sizes []int) *module {
		m := &module{names: map[int]string{}, sections: map[string]int{}}
		for i, n := range names {
			m.names[i] = n
			m.bodies = append(m.bodies, make([]byte, sizes[i]))
		}
		return m
	}
	pkgs := newPackages([]string{"runtime", "safehouse/engine/spyfall", "safehouse/app"})
	full := mod([]string{"runtime.a", "safehouse_engine_spyfall.New", "safehouse_engine_spyfall.View", "safehouse_app.x"}, []int{100, 300, 50, 20})
	player := mod([]string{"runtime.a", "safehouse_engine_spyfall.View", "safehouse_app.x", "safehouse_app.y"}, []int{100, 50, 20, 5})
	var b strings.Builder
	reportDiff(&b, full, player, pkgs, "full", "player", 20)
	out := b.String()
	if !strings.Contains(out, "player against full: code 470 -> 175 bytes (-295), 4 -> 4 functions; 2 packages changed, 0 gone") {
		t.Errorf("the totals are wrong:\n%s", out)
	}
	var rows []string
	for _, line := range strings.Split(out, "\n") {
		if f := strings.Fields(line); len(f) == 7 && (f[0] == "1" || f[0] == "2") {
			rows = append(rows, strings.Join(append(f[:4:4], f[6]), " "))
		}
	}
	if want := []string{"1 350 50 -300 safehouse/engine/spyfall", "2 20 25 +5 safehouse/app"}; !slices.Equal(rows, want) {
		t.Errorf("rows %q, want %q:\n%s", rows, want, out)
	}
	if strings.Contains(out, "  runtime\n") {
		t.Errorf("an unchanged package is listed:\n%s", out)
	}
}
