//go:build js && wasm

package main

import goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

func main() {
	goapp.Route("/", goapp.NewZeroComponentFactory(&page{}))
	goapp.RunWhenOnBrowser()
}
