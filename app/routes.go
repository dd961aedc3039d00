package app

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Routes registers the app's one route. Room codes and invite secrets travel in the URL
// fragment, so "/" is the only page: it works offline from the service worker's cache and
// keeps codes away from servers. Call it in the wasm main and in the site generator alike.
func Routes() {
	goapp.Route("/", goapp.NewZeroComponentFactory(&shell{}))
}
