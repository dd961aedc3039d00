//go:build js && wasm

// Command wasm is the Safehouse client, built to web/app.wasm and run by the browser. It
// only registers the routes and hands over to go-app; the server side (site generation,
// serving) lives in wasm/gen and signaling, kept out of this build to halve its size.
package main

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app"
)

func main() {
	app.Routes()
	goapp.RunWhenOnBrowser()
}
