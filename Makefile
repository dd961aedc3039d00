# Safehouse: build, serve, test. `make help` lists the targets.
GO          ?= go
SITE        ?= build/site
DIST        ?= dist
SIGNAL_URL  ?=
ICE_SERVERS ?=
PREFIX      ?=
RUN_FLAGS   ?=
FUZZTIME    ?= 10s
TEST_FLAGS  ?= -timeout 12m

# Fuzz targets as package:Func: every fuzz function of the module. A target its package does
# not have fails make fuzz (FuzzQRCodes was skipped, unseen, after it moved to qrcodec).
FUZZ_TARGETS ?= ./engine/spyfall:FuzzDecodeAndApply \
                ./engine/spyfall:FuzzRestore \
                ./engine/spyfest:FuzzDecodeAndApply \
                ./signaling:FuzzDecodeMessage \
                ./app/session:FuzzDecodeEnvelope \
                ./app/session:FuzzDecodeSignalData \
                ./app/session:FuzzDecodeHostState \
                ./app/session:FuzzRelayFrames \
                ./app/session:FuzzIntentReplayAndForgedSeat \
                ./app/session:FuzzChannelProof \
                ./app/session:FuzzHostMessageReachesOthersOnlyOnChange \
                ./app/session/internal/qrcodec:FuzzQRCodes \
                ./app/game:FuzzRoomApply

# Packages that run in the browser, vetted for js/wasm too (the browser test is native only).
WASM_PKGS = $(shell GOOS=js GOARCH=wasm $(GO) list ./app/... ./engine/... ./wasm/... ./wire ./qrcode ./tools/bench/... | grep -v /e2e)

.PHONY: help deps run test-ready test-runs test-native slowest wasm wasm-goapp wasm-std jsqr site static size size-budget axe firefox test vet fuzz fuzz-build fuzz-run test-long bench audit icons clean i18n-check deploy-bin deploy-test deploy-down

help:
	@echo "make run                  build and serve the game on this machine's LAN"
	@echo "make wasm                 build web/app.wasm and the player build web/app-player.wasm"
	@echo "make site                 write the site to $(SITE)"
	@echo "make static DIST=dir [SIGNAL_URL=wss://host/signal] [PREFIX=/sub] [ICE_SERVERS=stun:...]"
	@echo "                          write a site for any static host (with .br and .gz copies)"
	@echo "make size                 app.wasm and the player build: raw, gzip -9 and brotli -q 11 sizes; the 20 largest packages, what the player build leaves out"
	@echo "make size-budget          fail when app.wasm or the player build, as brotli, passes its budget"
	@echo "make test                 vet (native and js/wasm), every test (-race where there are goroutines; axe-core on every browser screen), brief fuzzing; the 15 slowest tests"
	@echo "make test-long            the same with the long counts: more random games and drops, longer fuzzing"
	@echo "make slowest              the 15 slowest tests of the last make test"
	@echo "make bench                one table: sizes, start-up, joins, fan-out, signaling, engines vs their targets"
	@echo "make deploy-bin           static binaries (signaling server, nats-server, Caddy) and the site, in $(DEPLOY_DIR)"
	@echo "make deploy-test          deploy/compose.yaml with podman: a game through the proxy, one instance killed (~10 min)"
	@echo "make audit                Lighthouse (home, lobby, invite: accessibility, best practices, mobile performance) and axe-core (every screen); fails below target"
	@echo "make deps                 install what the tests need from Debian (Chromium, Firefox ESR, brotli, Node.js, Noto CJK and core fonts)"
	@echo "make axe                  install the pinned axe-core into build/axe (make test does)"
	@echo "make firefox              install the pinned puppeteer-core into build/firefox (make test does)"
	@echo "make vet                  go vet, natively and for js/wasm"
	@echo "make i18n-check           every language pack complete and consistent (app/i18n/packs; README: Adding a language)"
	@echo "make fuzz                 each fuzz target for FUZZTIME (10s)"
	@echo "make icons                render the PNG icons from web/icon.svg"
	@echo "make clean                remove build/, the static site and web/app.wasm"

# The project's own packages go into the wasm without inlining: app.wasm is about 72 KB
# smaller after brotli (go-app's element builders are no longer copied into every render
# function), while building a game screen and playing the engines cost about the same (issue 9
# notes; tools/bench builds its baseline with the same flags). go-app goes in without inlining
# too: 10.6 KB smaller after brotli, and the host tab's fan-out is the same (12 peers, p50 /
# p99 over 400 intents, alternating builds on a quiet machine: with inlining 11.6/14.3 and
# 11.5/15.0 ms, without 11.5/14.7 ms). pion gets bigger without inlining (+14 KB) and keeps
# it, as does the standard library.
WASM_GCFLAGS = -gcflags=safehouse/...=-l -gcflags=github.com/maxence-charriere/go-app/v10/...=-l

# The wasm build uses go-app with its pkg/app/route.go replaced by wasm/overlay/route.go.overlay:
# the same router without RouteWithRegexp's routes, which Safehouse never uses. With them in,
# regexp's compiler, regexp/syntax and unicode's tables stay in app.wasm (the router's
# MatchString keeps *regexp.Regexp's UnmarshalText, which encoding/json may call): 510 KB raw,
# 88 KB as brotli. go build -overlay cannot replace files in the module cache, so the build
# copies go-app to build/go-app, puts the file in, and builds with a go.mod (build/wasm.mod) that
# replaces go-app by that copy. Its pkg/app/engine.go is replaced too, by
# wasm/overlay/engine.go.overlay: a change a tab is sent is drawn at once instead of a frame's
# time (8.3 ms) later (the file says how). wasm/gen's TestGoAppOverlaysMatchTheModule fails when
# a go-app update changes either file, so the overlay is redone from the new one.
WASM_MODFILE = build/wasm.mod

# The wasm build also replaces files of the Go toolchain's crypto packages, through go build's
# -overlay: tools/stdoverlay rewrites crypto/hpke's table of KEMs and the FIPS 140 packages'
# sync.OnceFunc/OnceValue values (self-tests, curves) to be made on first use. TLS never runs in
# the browser, but net/http (go-app, the WebSocket library) imports crypto/tls and with it most
# of crypto, and what those initialisers touched stayed in app.wasm: every NIST curve, ECDSA,
# RSA, ML-KEM, ML-DSA and Ed25519, 0.11 MB as brotli. The rewrite is made from this machine's
# toolchain at each build (and checked by the rewritten packages' own tests in the tool's
# test); one whose crypto/hpke changed gets an empty overlay and a warning, and the test fails.
# It also makes encoding/asn1's reflect.TypeFor[*big.Int]() (crypto/x509 imports asn1) a
# function: made at start, it kept every method of *big.Int an interface call could reach,
# nearly all of math/big, 0.04 MB as brotli in each build; mime calls its reader of the
# system's MIME files where it needs it instead of handing it over at start (0.01 MB); and
# encoding/gob (pion/dtls imports it, nothing in the browser calls it) sets itself up on first
# use instead of at start, so its code goes (0.02 MB in each build). And P-256's tables of
# multiples of the generator are computed on first use instead of taken from an 88 KB array
# that an init function kept (random-looking to brotli: 0.09 MB in each build; nothing in the
# browser multiplies P-256's generator, the app's keys are X25519).
STD_OVERLAY  = build/std-overlay/overlay.json
WASM_FLAGS   = -trimpath -modfile=$(WASM_MODFILE) -overlay=$(STD_OVERLAY) $(WASM_GCFLAGS)
WASM_BUILD   = GOOS=js GOARCH=wasm $(GO) build $(WASM_FLAGS)

# The player build (-tags player, wasm/doc.go) is what an invite link loads: the same source
# without what only a host runs. The site ships both; wasm/gen tells the page which to load.
# Both then lose their file and line tables (tools/wasmslim: 0.12 MB of brotli each, which
# only a panic's trace and runtime.Caller read; a trace in the console then says "?:0" where it
# said file:line), and their data goes into one segment instead of the linker's 100,000 (whose
# headers brotli cannot pack: another 0.12 MB each). tools/bench does the same to its baseline.
wasm: wasm-goapp wasm-std
	$(WASM_BUILD) -ldflags="-s -w" -o web/app.wasm ./wasm
	$(WASM_BUILD) -tags player -ldflags="-s -w" -o web/app-player.wasm ./wasm
	$(GO) run ./tools/wasmslim web/app.wasm web/app-player.wasm

# go mod download, not go list -m: on a fresh machine go-app is not in the module cache yet,
# and go list -m then names no directory. The copy is made in build/.go-app, which ./...
# patterns skip, and moved into place whole: make test-ready runs go vet ./... meanwhile,
# and a build/go-app without its go.mod yet counted as packages of this module.
wasm-goapp:
	@dir=$$($(GO) mod download -json github.com/maxence-charriere/go-app/v10 | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$$/\1/p'); \
	if [ -z "$$dir" ]; then echo "wasm-goapp: go mod download gave no directory for go-app" >&2; exit 1; fi; \
	mkdir -p build && rm -rf build/.go-app build/.go-app-old && cp -R "$$dir" build/.go-app && chmod -R u+w build/.go-app
	@cp wasm/overlay/route.go.overlay build/.go-app/pkg/app/route.go
	@cp wasm/overlay/engine.go.overlay build/.go-app/pkg/app/engine.go
	@[ ! -d build/go-app ] || mv build/go-app build/.go-app-old
	@mv build/.go-app build/go-app && rm -rf build/.go-app-old
	@cp go.mod $(WASM_MODFILE) && cp go.sum $(WASM_MODFILE:.mod=.sum)
	@$(GO) mod edit -modfile=$(WASM_MODFILE) -replace github.com/maxence-charriere/go-app/v10=$(abspath build/go-app)

wasm-std:
	@$(GO) run ./tools/stdoverlay -goroot "$$($(GO) env GOROOT)" -out $(dir $(STD_OVERLAY))

# jsqr vendors the QR decoder the scanning screen loads on demand (web/qrscan.js) where the
# browser has no BarcodeDetector: jsqr from npm at the version tools/jsqr/package.json pins,
# its dist/jsQR.js copied to web/jsqr.js (not in git; the site and its service worker ship it
# like every file of web/, so scanning works offline). It stays out of app.wasm.
JSQR_DIR = build/jsqr
jsqr:
	@version=$$(sed -n 's/.*"jsqr": *"\([^"]*\)".*/\1/p' tools/jsqr/package.json); \
	if [ "$$(sed -n 's/.*"version": *"\([^"]*\)".*/\1/p' $(JSQR_DIR)/node_modules/jsqr/package.json 2>/dev/null | head -1)" != "$$version" ]; then \
	  command -v npm >/dev/null 2>&1 || $(MAKE) --no-print-directory deps; \
	  mkdir -p $(JSQR_DIR) && cd $(JSQR_DIR) && \
	  npm install --no-audit --no-fund --no-save --loglevel=error --prefix . "jsqr@$$version"; \
	fi
	@cmp -s $(JSQR_DIR)/node_modules/jsqr/dist/jsQR.js web/jsqr.js || cp $(JSQR_DIR)/node_modules/jsqr/dist/jsQR.js web/jsqr.js

site: wasm jsqr
	$(GO) run ./wasm/gen -out $(SITE) -signal-url "$(SIGNAL_URL)" -ice-servers "$(ICE_SERVERS)" -prefix "$(PREFIX)"

static: wasm jsqr
	$(GO) run ./wasm/gen -out $(DIST) -signal-url "$(SIGNAL_URL)" -ice-servers "$(ICE_SERVERS)" -prefix "$(PREFIX)"

# run builds the server and replaces make's shell with it (exec), so Ctrl-C or one signal to
# make stops the server too: `go run` would leave its child serving after a SIGTERM.
RUN_BIN ?= build/safehouse
run: site
	$(GO) build -o $(RUN_BIN) ./signaling/cmd/safehouse
	exec $(RUN_BIN) -site $(SITE) $(RUN_FLAGS)

# size: the served sizes of both builds (the app, and the player build: -tags player, what an
# invite link loads, wasm/doc.go), then the 20 largest packages' share of the app's code, and
# the packages the player build leaves out or shrinks, read from builds with function names
# (the same code as the stripped ones).
PLAYER_WASM = web/app-player.wasm
size: wasm
	@command -v brotli >/dev/null || { echo "make size needs brotli: apt-get install brotli" >&2; exit 1; }
	@sizes() { echo $$(wc -c < $$1) $$(gzip -9 -c $$1 | wc -c) $$(brotli -q 11 -c $$1 | wc -c); }; \
	set -- $$(sizes web/app.wasm) $$(sizes $(PLAYER_WASM)); \
	printf '%-14s %12s %12s %12s\n' "" raw "gzip -9" "brotli 11" \
	  app.wasm $$1 $$2 $$3  "player build" $$4 $$5 $$6; \
	printf '%-14s %+12d %+12d %+12d\n\n' "player - app" $$(($$4-$$1)) $$(($$5-$$2)) $$(($$6-$$3))
	$(WASM_BUILD) -o build/app-names.wasm ./wasm
	$(WASM_BUILD) -tags player -o build/app-player-names.wasm ./wasm
	@$(GO) run ./tools/wasmsize -top 20 build/app-names.wasm
	@echo
	@$(GO) run ./tools/wasmsize -top 20 -diff build/app-names.wasm build/app-player-names.wasm

# size-budget fails when the site's app.wasm or app-player.wasm, as the brotli copy it serves, passes its budget
# (wasm/gen/budget_test.go); make test runs the same check over the site it builds.
size-budget: site
	SAFEHOUSE_SITE="$(abspath $(SITE))" $(GO) test -count=1 -run 'TestWasmWithinItsBrotliBudget' -v ./wasm/gen

# i18n-check: the language packs (app/i18n/packs/<lang>.json), one per language the app
# offers: every UI key and content id, English's placeholders, each language's plural forms,
# no name twice within a pack, the content's names as the rules give them, every refusal said
# (the whole of ./app/i18n, a second's work; make test runs it too).
i18n-check:
	$(GO) test -count=1 ./app/i18n

# The js/wasm vet takes the wasm build's flags (WASM_FLAGS), so the packages it compiles for
# their export data are the very compiles of make wasm: with an empty build cache, the
# standard library, pion and go-app were compiled for js/wasm twice, once with -trimpath and
# the overlays and once without.
vet: wasm-goapp wasm-std
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet $(WASM_FLAGS) $(WASM_PKGS)

# The browser tests (app/e2e, and app/session's browser build) find Chromium through
# tools/chromium; app/e2e serves $(SITE). Without a browser they skip loudly; with CI=true or
# SAFEHOUSE_REQUIRE_BROWSER=1 (.ci/run sets both) they fail instead, and make bench stops.
#
# The race detector runs where there are goroutines to race: the session, the signaling
# server, the room (app/game), the shell and the tools that start goroutines. The packages
# below start none of their own, so it could find nothing there and only slowed them: the
# engines (pure single-goroutine state machines; their property runs went ten times slower),
# the screens' packages and their kit (rendered synchronously by go-app's test engine), the
# catalogue, the codecs, and the tools that only read files. The site generator's only
# concurrency is tools/precompress's, whose own tests run under -race.
NORACE_PKGS = ./engine/... ./wasm/gen ./app/i18n ./app/ui/... ./app/spyfallui ./app/spyfestui \
              ./qrcode ./wire ./tools/rulecheck ./tools/stdoverlay ./tools/wasmsize ./tools/wasmslim
RACE_PKGS   = $(filter-out $(shell $(GO) list $(NORACE_PKGS)) safehouse/app/e2e,$(shell $(GO) list ./...))
# The browser tests run after the others, on their own: beside other packages' tests on two
# cores, Chromium tabs and native pion peers starved one another, and a join, a QR hand-over
# or a NATS record now and then missed its moment. They run without -race: the process only
# drives browsers and native players whose session code the race detector checks in
# app/session, and -race made it a fifth slower. Their tests run E2E_PARALLEL at a time, each
# tab a browser context in one shared Chromium (app/e2e/browsers_test.go): most of a browser
# test is waiting for a page, a peer or a clock.
E2E_PKGS     = ./app/e2e
E2E_PARALLEL ?= 3
# make test runs the browser tests in two halves, each a process with its own stop
# (TEST_FLAGS' -timeout), so that neither comes near it: E2E_WIDE, the tests that drive another
# engine (Firefox, WebKit: named so) or lay out screens in every language, and the rest. The
# same pattern is -run for one and -skip for the other, so every test runs in exactly one.
# Together they took 523 s of a 720 s stop; each half now has its own 720 s. The second half's
# Chromium tabs ask for reduced motion (SAFEHOUSE_E2E_REDUCED_MOTION; app/e2e's emulateMedia):
# the CSS's reduced-motion path is tested, and no spinner draws frames while a tab waits.
E2E_WIDE     = Firefox|WebKit|AcrossBrowsers|^(TestLanguages|TestHomeControlsAboveTheBar|TestSpyfestReadsAboveTheBar|TestRightToLeft|TestSeatRowsKeepOneHeight|TestSheetNamesKeepTheirWordsWhole)$$

# make test's runs go through gotestsum (a tool of the module, go.mod's tool line): a line a
# package, the output of any failed test, and every test's events in $(TEST_JSON), from
# which make test ends with the 15 slowest tests (make slowest prints them again), so the
# next decision about the suite's budget is made from figures. -vet=off: make vet ran the
# whole of go vet, natively and for js/wasm, just before.
TEST_JSON = build/test-json
TEST_ENV  = SAFEHOUSE_SITE="$(abspath $(SITE))" SAFEHOUSE_AXE="$(AXE_JS)" SAFEHOUSE_PUPPETEER="$(PUPPETEER_MODS)"
GOTESTSUM = $(GO) tool gotestsum --format pkgname-and-test-fails --format-hide-empty-pkg --format-icons text

# deps installs what the tests and size figures need on a fresh Debian machine (Chromium, and
# its headless shell, which the browser tests run: tools/chromium's FindShell; Noto CJK and
# Noto core, so the browsers draw Japanese, Chinese, Korean, Arabic, Persian, Hebrew,
# Devanagari and Greek with real glyphs, not boxes: app/i18n's TestPacksHaveFonts checks
# every pack's characters against the fonts; npm fetches
# the pinned axe-core that the browser tests run on every screen, and puppeteer-core, which
# drives firefox-esr over WebDriver BiDi; WebKitGTK's WebDriver, which brings its MiniBrowser,
# and Xvfb for the WebKit tests: tools/webkit).
deps:
	@need=""; \
	command -v chromium >/dev/null 2>&1 || [ -n "$$CHROME_PATH" ] || need="$$need chromium chromium-driver"; \
	command -v chromium-headless-shell >/dev/null 2>&1 || [ -n "$$CHROME_PATH" ] || need="$$need chromium-headless-shell"; \
	command -v brotli >/dev/null 2>&1 || need="$$need brotli"; \
	command -v npm >/dev/null 2>&1 || need="$$need nodejs npm"; \
	command -v firefox-esr >/dev/null 2>&1 || [ -n "$$FIREFOX_PATH" ] || need="$$need firefox-esr"; \
	command -v WebKitWebDriver >/dev/null 2>&1 || [ -n "$$WEBKIT_DRIVER_PATH" ] || need="$$need webkit2gtk-driver"; \
	command -v Xvfb >/dev/null 2>&1 || [ -n "$$XVFB_PATH" ] || need="$$need xvfb"; \
	dpkg -s fonts-noto-cjk >/dev/null 2>&1 || need="$$need fonts-noto-cjk"; \
	dpkg -s fonts-noto-core >/dev/null 2>&1 || need="$$need fonts-noto-core"; \
	if [ -n "$$need" ]; then \
	  echo "deps: installing$$need"; \
	  if [ "$$(id -u)" = 0 ]; then sudo=""; else sudo=sudo; fi; \
	  $$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq $$need >/dev/null; \
	fi

# axe-core, at the version tools/audit/package.json pins, alone in build/axe: every browser
# test checks each screen it photographs with it (SAFEHOUSE_AXE), so an accessibility
# regression fails make test. Lighthouse, much larger, stays in make audit.
AXE_DIR = build/axe
AXE_JS  = $(abspath $(AXE_DIR))/node_modules/axe-core/axe.min.js
axe: deps
	@version=$$(sed -n 's/.*"axe-core": *"\([^"]*\)".*/\1/p' tools/audit/package.json); \
	if [ "$$(sed -n 's/.*"version": *"\([^"]*\)".*/\1/p' $(AXE_DIR)/node_modules/axe-core/package.json 2>/dev/null | head -1)" != "$$version" ]; then \
	  mkdir -p $(AXE_DIR) && cd $(AXE_DIR) && \
	  npm install --no-audit --no-fund --no-save --loglevel=error --prefix . "axe-core@$$version"; \
	fi

# puppeteer-core, at the version tools/firefox/package.json pins, in build/firefox: the
# Firefox browser tests (app/e2e/firefox_test.go) drive firefox-esr with it (SAFEHOUSE_PUPPETEER).
FIREFOX_DIR     = build/firefox
PUPPETEER_MODS  = $(abspath $(FIREFOX_DIR))/node_modules
firefox: deps
	@version=$$(sed -n 's/.*"puppeteer-core": *"\([^"]*\)".*/\1/p' tools/firefox/package.json); \
	if [ "$$(sed -n 's/.*"version": *"\([^"]*\)".*/\1/p' $(FIREFOX_DIR)/node_modules/puppeteer-core/package.json 2>/dev/null | head -1)" != "$$version" ]; then \
	  mkdir -p $(FIREFOX_DIR) && cp tools/firefox/package.json $(FIREFOX_DIR)/ && cd $(FIREFOX_DIR) && \
	  npm install --no-audit --no-fund --loglevel=error; \
	fi

# test-ready makes what the tests need at once: at a new clone's path, vet (every package
# type-checked natively and for js/wasm) took 49 s on the two cores and the site 37 s, most of
# it brotli 11 over the wasm on one core, one after the other. The brotli copies now come from
# tools/precompress's cache when the wasm's bytes were compressed before (2 s, not 34).
test-ready: deps
	@$(MAKE) --no-print-directory -j4 -Otarget vet site axe firefox

test: test-ready
	@rm -rf $(TEST_JSON) && mkdir -p $(TEST_JSON)
	@$(MAKE) --no-print-directory test-runs || { $(MAKE) --no-print-directory slowest; exit 1; }
	@$(MAKE) --no-print-directory slowest

# The native runs go beside the race run (test-native in the background): the race run used
# 44 % of the two cores (128 CPU-seconds in 145 s: app/session's and signaling's tests mostly
# wait for timers, peers and NATS), and the native runs, 75 s of engine and screen tests that
# use both cores, fill the rest. At CI's fixed checkout path, where the compiles come from the
# cache, the two took 171 s together; in a clone at a new path, where every package of the
# module compiles again, compiling fills those cores too, and together took as long as one
# after the other (219 s). A failure in either fails make test once both have ended.
# The race run's packages run RACE_JOBS at a time, not one per core: they mostly wait, and with
# two at a time the run was bound by their sum (app/session 149 s, signaling 86, app/game 65):
# 188 s with two, 153 s with three (161 s beside a busy loop, passing), at CI's fixed path.
RACE_JOBS ?= 3
#
# The fuzzing binaries (make fuzz-build) are built from the start, at the lowest priority (nice
# 19), in the time the race run and the browser tests leave the cores idle, and fuzz-run then
# uses them at the end. They instrument only the project's packages here (FUZZ_OURS), so the
# rest of each binary is the native runs' compiles, and the build is mostly links: built as
# go test -fuzz builds them, with everything instrumented, they took 140 s of both cores after
# the browser tests with an empty build cache. At nice 19 the build takes a core only when no
# test wants it. It and test-native run as process groups of their own (set -m), ended with make
# test, passed, failed or interrupted.
test-runs: SHELL := /bin/bash
test-runs:
	@set -m; nice -n 19 $(MAKE) --no-print-directory fuzz-build FUZZ_INSTRUMENT='$(FUZZ_OURS)' > $(TEST_JSON)/fuzz-build.log 2>&1 & fuzz=$$!; \
	$(MAKE) --no-print-directory test-native & native=$$!; set +m; \
	trap 'kill -- -$$fuzz -$$native 2>/dev/null; wait 2>/dev/null' EXIT; trap 'exit 130' INT TERM; \
	$(TEST_ENV) $(GOTESTSUM) --jsonfile $(TEST_JSON)/race.json -- -vet=off -race -p $(RACE_JOBS) $(TEST_FLAGS) $(RACE_PKGS); race_rc=$$?; \
	wait $$native; native_rc=$$?; \
	[ $$race_rc = 0 ] && [ $$native_rc = 0 ] || exit 1; \
	echo "browser tests (app/e2e), the other engines and the wide screens: -run '$(E2E_WIDE)'"; \
	$(TEST_ENV) $(GOTESTSUM) --jsonfile $(TEST_JSON)/e2e-wide.json -- -vet=off -parallel $(E2E_PARALLEL) $(TEST_FLAGS) -run '$(E2E_WIDE)' $(E2E_PKGS) || exit 1; \
	echo "browser tests (app/e2e), the rest, with reduced motion"; \
	$(TEST_ENV) SAFEHOUSE_E2E_REDUCED_MOTION=1 $(GOTESTSUM) --jsonfile $(TEST_JSON)/e2e.json -- -vet=off -parallel $(E2E_PARALLEL) $(TEST_FLAGS) -skip '$(E2E_WIDE)' $(E2E_PKGS) || exit 1; \
	wait $$fuzz || { echo "make fuzz-build failed:"; cat $(TEST_JSON)/fuzz-build.log; exit 1; }; \
	echo "fuzzing, 3 s a target (2 minutes in test-long): the seed corpora ran above; this is the short search for new inputs"; \
	$(MAKE) --no-print-directory fuzz-run FUZZTIME=3s

# test-native: the runs without -race, beside the race run (test-runs).
test-native:
	$(TEST_ENV) $(GOTESTSUM) --jsonfile $(TEST_JSON)/norace.json -- -vet=off $(TEST_FLAGS) $(NORACE_PKGS)
	@# Under -race the wire-secrecy tests play 10 Spyfall and 4 Spyfest games; 60 run here without it (200 in test-long).
	$(GOTESTSUM) --jsonfile $(TEST_JSON)/secrecy.json -- -vet=off $(TEST_FLAGS) -run 'SecretsDoNotReachOtherSeats' ./app/game
	@# Likewise the random-drop games: 12 drops under -race, 40 here, 100 in test-long.
	$(GOTESTSUM) --jsonfile $(TEST_JSON)/drops.json -- -vet=off $(TEST_FLAGS) -run 'RandomDrops' ./app/session
	@# The shell's tests in the player build (-tags player, wasm/doc.go): those of what only a
	@# host runs are the full build's alone (//go:build !player, or hostOnly).
	$(GOTESTSUM) --jsonfile $(TEST_JSON)/player.json -- -vet=off $(TEST_FLAGS) -tags player ./app

# slowest prints the 15 slowest tests of the last make test (from $(TEST_JSON)).
slowest:
	@if ls $(TEST_JSON)/*.json >/dev/null 2>&1; then \
	  echo "The 15 slowest tests of this make test:"; \
	  cat $(TEST_JSON)/*.json | $(GO) tool gotestsum tool slowest --num 15 --threshold 0s; \
	fi

# fuzz builds each package's instrumented test binary once (tools/fuzz/build.sh), then runs
# FUZZ_JOBS targets at a time, each with FUZZ_WORKERS workers: two at once, one worker each,
# took half the time of one after the other on two cores. Built per target, the 13 targets of
# make test took 63 s, 4 s of each target's 7 building and linking.
#
# FUZZ_FIRST is built alone before the others: go test -fuzz instruments every package a
# binary holds, the standard library too, and two builds at once compiled the instrumented
# standard library and pion twice. With an empty build cache, the six binaries took 217 s two
# at a time and 170 s with app/session (pion's packages and most of the standard library) first.
#
# FUZZ_INSTRUMENT (tools/fuzz/build.sh): make fuzz and make test-long instrument every package,
# as go test -fuzz does. make test instruments the project's packages only (FUZZ_OURS, the
# compiler flag -fuzz adds), so its standard library and dependencies are the compiles of the
# native runs: with an empty build cache, the instrumented ones were 270 CPU-seconds of the
# run, the most of any one kind of compile, for fuzzing of 3 s a target. What guides those
# 3 s is the coverage of the code the targets are for: the decoders, the engines, the room.
FUZZ_JOBS    ?= 2
FUZZ_WORKERS ?= 1
FUZZ_FIRST    = ./app/session
FUZZ_INSTRUMENT ?= -fuzz=.
FUZZ_OURS     = -gcflags=safehouse/...=-d=libfuzzer
FUZZ_PKGS     = $(sort $(foreach t,$(FUZZ_TARGETS),$(firstword $(subst :, ,$(t)))))
fuzz: fuzz-build
	@$(MAKE) --no-print-directory fuzz-run
fuzz-build:
	@GO="$(GO)" FUZZ_INSTRUMENT="$(FUZZ_INSTRUMENT)" tools/fuzz/build.sh $(FUZZ_FIRST)
	@printf '%s\n' $(filter-out $(FUZZ_FIRST),$(FUZZ_PKGS)) | GO="$(GO)" FUZZ_INSTRUMENT="$(FUZZ_INSTRUMENT)" xargs -P $(FUZZ_JOBS) -I{} tools/fuzz/build.sh {}
fuzz-run:
	@printf '%s\n' $(FUZZ_TARGETS) | GO="$(GO)" FUZZ_WORKERS=$(FUZZ_WORKERS) xargs -P $(FUZZ_JOBS) -I{} tools/fuzz/run.sh {} $(FUZZTIME)

# test-long: the same packages as make test with the long counts (SAFEHOUSE_LONG): 10,000
# random games a variant in the engines, 200 wire-secrecy games under -race, every language's own
# round in the browser, 100 random drops, and 2 minutes of fuzzing a target.
test-long: test-ready
	$(TEST_ENV) SAFEHOUSE_LONG=1 $(GO) test -vet=off -count=1 -timeout 40m $(NORACE_PKGS)
	$(TEST_ENV) SAFEHOUSE_LONG=1 $(GO) test -vet=off -race -count=1 -timeout 40m $(RACE_PKGS)
	$(TEST_ENV) SAFEHOUSE_LONG=1 $(GO) test -vet=off -count=1 -timeout 40m -parallel $(E2E_PARALLEL) $(E2E_PKGS)
	SAFEHOUSE_LONG=1 $(GO) test -vet=off -count=1 -timeout 20m -run 'RandomDrops' ./app/session
	$(MAKE) --no-print-directory fuzz FUZZTIME=2m

# The figures of issue 9 against their targets, in one table (tools/bench; ~5 minutes).
bench: deps site
	$(GO) run ./tools/bench -site $(SITE)

# deploy-bin: what the images of deploy/compose.yaml hold, all static (CGO_ENABLED=0), since
# every image is FROM scratch (no registry is needed, and none is reachable here): the signaling
# server; nats-server at the version go.mod pins (its tool line: the version the cluster's tests
# run against); Caddy with its standard modules from tools/caddy, a module of its own so that
# Caddy's few hundred dependencies stay out of the project's go.mod; and the site, for Caddy to
# serve, signaling on its own origin.
DEPLOY_DIR   = build/deploy
DEPLOY_BUILD = CGO_ENABLED=0 $(GO) build -trimpath -ldflags="-s -w"
deploy-bin:
	$(DEPLOY_BUILD) -o $(DEPLOY_DIR)/safehouse ./signaling/cmd/safehouse
	$(DEPLOY_BUILD) -o $(DEPLOY_DIR)/nats-server github.com/nats-io/nats-server/v2
	cd tools/caddy && $(DEPLOY_BUILD) -o $(abspath $(DEPLOY_DIR))/caddy github.com/caddyserver/caddy/v2/cmd/caddy
	@$(MAKE) --no-print-directory static DIST=$(DEPLOY_DIR)/public

# deploy-test runs deploy/compose.yaml with podman and podman-compose (installed from Debian if
# missing): it builds the images, starts three NATS nodes, three instances and Caddy, and
# tools/deploytest plays a game through Caddy, kills the instance that homes the room and
# checks that the game goes on. Everything it started is removed at the end, pass or fail
# (deploy-down). Not part of make test: it takes minutes.
#
# The OCI runtime is runc, with the open files and processes limits the compose file asks
# (below the host's hard limits): podman's defaults (1048576 files) need CAP_SYS_RESOURCE,
# which a container host of its own (this one) may not have, and crun refuses cgroup v1 with
# the unified hierarchy beside it ("hybrid mode"). podman-compose 1.0.3 ignores a network's
# ipam, so the network is made here with the subnet the instances trust for X-Forwarded-For.
DEPLOY_RUNTIME ?= runc
DEPLOY_PODMAN   = podman --runtime $(DEPLOY_RUNTIME)
DEPLOY_COMPOSE  = podman-compose -p safehouse -f deploy/compose.yaml --podman-args="--runtime $(DEPLOY_RUNTIME)"
DEPLOY_NET      = safehouse_safehouse
DEPLOY_SUBNET   = 10.77.0.0/24
deploy-test: deploy-bin
	@command -v podman-compose >/dev/null 2>&1 && command -v $(DEPLOY_RUNTIME) >/dev/null 2>&1 || { \
	  echo "deploy-test: installing podman, podman-compose and $(DEPLOY_RUNTIME)"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman podman-compose $(DEPLOY_RUNTIME) >/dev/null; }
	$(GO) build -o $(DEPLOY_DIR)/deploytest ./tools/deploytest
	@$(MAKE) --no-print-directory deploy-down >/dev/null 2>&1
	@trap '$(MAKE) --no-print-directory deploy-down' EXIT; trap 'exit 1' INT TERM HUP; \
	set -e; \
	podman network create --subnet $(DEPLOY_SUBNET) $(DEPLOY_NET) >/dev/null; \
	$(DEPLOY_COMPOSE) build >$(DEPLOY_DIR)/build.log 2>&1 || { tail -30 $(DEPLOY_DIR)/build.log; exit 1; }; \
	echo "deploy-test: images built:"; podman images --filter reference='localhost/safehouse*' --format '  {{.Repository}}:{{.Tag}} {{.Size}}'; \
	$(DEPLOY_COMPOSE) up -d >$(DEPLOY_DIR)/up.log 2>&1 || { tail -30 $(DEPLOY_DIR)/up.log; exit 1; }; \
	$(DEPLOY_PODMAN) ps --format '  {{.Names}} {{.Status}}'; \
	$(DEPLOY_DIR)/deploytest -url http://127.0.0.1:8080 \
	  -metrics http://127.0.0.1:9091/metrics,http://127.0.0.1:9092/metrics,http://127.0.0.1:9093/metrics \
	  -kill "$(DEPLOY_PODMAN) kill safehouse-%d" || { \
	  for c in safehouse-1 safehouse-2 safehouse-3 safehouse-caddy nats-1; do echo "--- $$c"; podman logs --tail 15 $$c 2>&1; done; exit 1; }

# deploy-down removes what deploy-test started: the containers and the network.
deploy-down:
	@-$(DEPLOY_COMPOSE) down -t 10 >/dev/null 2>&1
	@-podman network rm -f $(DEPLOY_NET) >/dev/null 2>&1
	@left=$$(podman ps -a --filter label=io.podman.compose.project=safehouse --format '{{.Names}}'); \
	if [ -n "$$left" ]; then echo "deploy-down: still there: $$left" >&2; exit 1; fi

# audit: Lighthouse and axe-core from npm (pinned in tools/audit/package.json, installed into
# build/audit) against Debian's Chromium. Lighthouse mobile performance >= 75 on home and an
# invite link (issue 20), accessibility and best practices >= 95 on
# home and lobby; axe-core with zero serious/critical violations and Chromium's
# installability check in TestAuditAccessibilityAndInstallability; with SAFEHOUSE_AXE set,
# every screen any browser test photographs (both games) is checked by axe-core as well.
AUDIT_DIR  = build/audit
AUDIT_ADDR ?= 127.0.0.1:8931
audit: deps site
	@command -v npm >/dev/null 2>&1 || { echo "audit: installing nodejs and npm"; apt-get install -y -qq nodejs npm >/dev/null; }
	mkdir -p $(AUDIT_DIR)
	cp tools/audit/package.json tools/audit/lighthouse.mjs $(AUDIT_DIR)/
	cd $(AUDIT_DIR) && npm install --no-audit --no-fund --loglevel=error
	SAFEHOUSE_SITE="$(abspath $(SITE))" SAFEHOUSE_AXE="$(abspath $(AUDIT_DIR))/node_modules/axe-core/axe.min.js" \
	  $(GO) test -count=1 -timeout 15m ./app/e2e/
	$(GO) build -o $(AUDIT_DIR)/safehouse ./signaling/cmd/safehouse
	@$(AUDIT_DIR)/safehouse -addr $(AUDIT_ADDR) -site $(SITE) >$(AUDIT_DIR)/server.log 2>&1 & pid=$$!; \
	  sleep 2; node $(AUDIT_DIR)/lighthouse.mjs http://$(AUDIT_ADDR)/ 0.95; rc=$$?; kill $$pid; exit $$rc

icons:
	web/render-icons.sh

clean:
	rm -rf build $(DIST) web/app.wasm web/app-player.wasm
