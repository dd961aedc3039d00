package app

import (
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Deployment settings. `make static` bakes them into the site (SIGNAL_URL, ICE_SERVERS) and
// also writes them to config.js at the site's root, which the page loads before the app:
//
//	window.safehouseConfig = {"signalURL": "wss://signal.example.org/signal", "iceServers": "stun:stun.example.org"};
//
// so whoever hosts the static files can point the app at another signaling server by
// editing that one file, without a rebuild. A value set in config.js wins over the baked one.

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
