//go:build !wasm

package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/tools/precompress"
)

// main writes the baseline's static site to -out, with the wasm built beforehand copied into
// web/app.wasm and brotli and gzip copies of its files, as the app's site generator does.
func main() {
	out := flag.String("out", "build/baseline", "directory to write the site into (replaced)")
	wasm := flag.String("wasm", "", "the baseline's app.wasm, built with GOOS=js GOARCH=wasm")
	flag.Parse()
	if err := generate(*out, *wasm); err != nil {
		log.Fatalf("baseline: %v", err)
	}
}

func generate(out, wasm string) error {
	info, err := os.Stat(wasm)
	if err != nil {
		return fmt.Errorf("the baseline wasm: %w", err)
	}
	if err := os.RemoveAll(out); err != nil {
		return err
	}
	goapp.Route("/", goapp.NewZeroComponentFactory(&page{}))
	h := &goapp.Handler{
		Name:              "Baseline",
		Title:             "Baseline",
		Icon:              goapp.Icon{Default: "/web/icon.svg"},
		WasmContentLength: fmt.Sprint(info.Size()),
		Version:           fmt.Sprint(info.ModTime().UnixNano()),
	}
	if err := goapp.GenerateStaticWebsite(out, h); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(out, "web"), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, "web", "icon.svg"), []byte(icon), 0o644); err != nil {
		return err
	}
	code, err := os.ReadFile(wasm)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, "web", "app.wasm"), code, 0o644); err != nil {
		return err
	}
	// Served compressed, as the app's site is, so that first visits compare like with like.
	return precompress.Dir(out)
}

// icon keeps the page from asking an outside host for go-app's default icon.
const icon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8"/></svg>`
