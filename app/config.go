package app

import (
	"strconv"
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Deployment settings. `make static` bakes them into the site (SIGNAL_URL, ICE_SERVERS) and
// also writes them to config.js at the site's root, which the page loads before the app:
//
//	window.safehouseConfig = {"signalURL": "wss://signal.example.org/signal", "iceServers": "stun:stun.example.org"};
//
// so whoever hosts the static files can point the app at another signaling server by
// editing that one file, without a rebuild. A value set in config.js wins over the baked one.
//
// config.js may also set "takeoverAfter": how many seconds the host must have been away before
// each guest is offered to continue the game on its phone (90 when unset). It is the site's
// setting, not a player's: each phone offers on its own clock, and a takeover still needs most
// of the table to agree, whatever one phone's setting says. The browser tests set it to a few
// seconds rather than wait a minute and a half.
//
// And it may set "inviteBuild": "full", read by the page's script before the app runs
// (wasm/gen/build.js): an invite link then loads the full build rather than the smaller player
// build, which cannot host until it has moved to the full build (fullbuild.go; README "What an
// invitee downloads").

// configValue is config.js's field name, else the build's environment variable env.
func configValue(field, env string) string {
	cfg := goapp.Window().Get("safehouseConfig")
	if cfg.Truthy() {
		if v := cfg.Get(field); v.Truthy() && v.Type() == goapp.TypeString {
			if s := strings.TrimSpace(v.String()); s != "" {
				return s
			}
		}
	}
	return goapp.Getenv(env)
}

func configuredSignalURL() string { return configValue("signalURL", "SIGNAL_URL") }

func configuredICEServers() string { return configValue("iceServers", "ICE_SERVERS") }

// configuredTakeoverAfter is config.js's takeoverAfter in whole seconds; zero (the session's
// 90 s) when unset or not a positive number.
func configuredTakeoverAfter() time.Duration {
	n, err := strconv.Atoi(configValue("takeoverAfter", "TAKEOVER_AFTER"))
	if err != nil || n <= 0 {
		return 0
	}
	return time.Duration(n) * time.Second
}
