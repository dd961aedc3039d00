//go:build !wasm

package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
)

// sizes are one wasm file's sizes in bytes, compressed as a static host would serve it.
type sizes struct {
	raw, gzip, brotli int64
}

// measureSizes compresses the wasm with gzip -9 and brotli -q 11 (the command-line tools)
// and keeps the compressed copies next to it (name.gz, name.br) for the throttled load.
func measureSizes(ctx context.Context, wasm string) (sizes, error) {
	info, err := os.Stat(wasm)
	if err != nil {
		return sizes{}, err
	}
	s := sizes{raw: info.Size()}
	if s.gzip, err = compress(ctx, wasm+".gz", "gzip", "-9", "-c", wasm); err != nil {
		return s, err
	}
	if s.brotli, err = compress(ctx, wasm+".br", "brotli", "-q", "11", "-c", wasm); err != nil {
		return s, err
	}
	return s, nil
}

func compress(ctx context.Context, out, tool string, args ...string) (int64, error) {
	var buf, errBuf bytes.Buffer
	cmd := exec.CommandContext(ctx, tool, args...)
	cmd.Stdout, cmd.Stderr = &buf, &errBuf
	if err := cmd.Run(); err != nil {
		return 0, fmt.Errorf("%s: %v %s (make bench installs it with apt)", tool, err, errBuf.String())
	}
	if err := os.WriteFile(out, buf.Bytes(), 0o644); err != nil {
		return 0, err
	}
	return int64(buf.Len()), nil
}

// buildBaseline builds the baseline page's wasm with the app's build flags (Makefile, wasm)
// and writes its static site to dir/baseline-site.
func buildBaseline(ctx context.Context, dir string) (site string, err error) {
	wasm := filepath.Join(dir, "baseline.wasm")
	args := []string{"build", "-trimpath", "-ldflags=-s -w", "-gcflags=safehouse/...=-l", "-gcflags=github.com/maxence-charriere/go-app/v10/...=-l", "-o", wasm}
	if _, err := os.Stat("build/wasm.mod"); err == nil {
		args = append(args, "-modfile=build/wasm.mod") // go-app without its regexp routes, as the app (Makefile, wasm-goapp)
	}
	if _, err := os.Stat("build/std-overlay/overlay.json"); err == nil {
		args = append(args, "-overlay=build/std-overlay/overlay.json") // crypto/hpke's KEMs built lazily, as the app (Makefile, wasm-std)
	}
	build := exec.CommandContext(ctx, "go", append(args, "./tools/bench/baseline")...)
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		return "", fmt.Errorf("building the baseline wasm: %v\n%s", err, out)
	}
	// Without its file and line tables and with its data in few segments, as the app (Makefile,
	// wasm; tools/wasmslim).
	if out, err := exec.CommandContext(ctx, "go", "run", "./tools/wasmslim", wasm).CombinedOutput(); err != nil {
		return "", fmt.Errorf("slimming the baseline's wasm: %v\n%s", err, out)
	}
	site = filepath.Join(dir, "baseline-site")
	gen := exec.CommandContext(ctx, "go", "run", "./tools/bench/baseline", "-out", site, "-wasm", wasm)
	if out, err := gen.CombinedOutput(); err != nil {
		return "", fmt.Errorf("writing the baseline site: %v\n%s", err, out)
	}
	return site, nil
}

// sizeRows measures both wasm files at once (brotli -q 11 takes a while); the ratio to the
// baseline is of brotli sizes.
func sizeRows(ctx context.Context, appWasm, baseWasm string) []row {
	const sec = "wasm size"
	var app, base sizes
	var appErr, baseErr error
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); app, appErr = measureSizes(ctx, appWasm) }()
	go func() { defer wg.Done(); base, baseErr = measureSizes(ctx, baseWasm) }()
	wg.Wait()
	if baseErr != nil {
		appErr = fmt.Errorf("the baseline: %w", baseErr)
	}
	if appErr != nil {
		return []row{
			goalAppBudget.missing(appErr),
			goalAppBrotli.missing(appErr),
		}
	}
	ratio := float64(app.brotli) / float64(base.brotli)
	return []row{
		info(sec, "baseline raw / gzip -9 / brotli 11", triple(base)),
		info(sec, "app raw / gzip -9 / brotli 11", triple(app)),
		goalAppBudget.check(megabytes(app.brotli), app.brotli <= 2_050_000),
		goalAppBrotli.check(megabytes(app.brotli), app.brotli <= 1_900_000),
		info(sec, "app / baseline (brotli)", fmt.Sprintf("%.2fx", ratio)),
	}
}

func triple(s sizes) string {
	return fmt.Sprintf("%s / %s / %s", megabytes(s.raw), megabytes(s.gzip), megabytes(s.brotli))
}
