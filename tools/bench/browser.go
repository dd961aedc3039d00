//go:build !wasm

package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// findChrome finds Chromium by CHROME_PATH or on PATH.
func findChrome() (string, error) {
	if p := os.Getenv("CHROME_PATH"); p != "" {
		if _, err := os.Stat(p); err != nil {
			return "", fmt.Errorf("CHROME_PATH: %w", err)
		}
		return p, nil
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", errors.New("no Chromium found (set CHROME_PATH or install chromium)")
}

// tab is one page in its own headless Chromium process with its own fresh profile: another
// phone.
type tab struct {
	ctx   context.Context
	close func()
}

// openTab starts Chromium with the flags WebRTC on loopback needs (FIELD-NOTES.md) and grants
// the media permission that makes it gather loopback candidates on each of the origins.
func openTab(chrome, workDir string, origins ...string) (*tab, error) {
	return openTabWith(chrome, workDir, nil, origins...)
}

// openTabWith is openTab whose fresh profile gets prefs (Chromium's Preferences file, as
// JSON) before Chromium starts; nil keeps the defaults.
func openTabWith(chrome, workDir string, prefs map[string]any, origins ...string) (*tab, error) {
	tmp, err := os.MkdirTemp(workDir, "chromium-")
	if err != nil {
		return nil, err
	}
	if prefs != nil {
		if err := writePrefs(filepath.Join(tmp, "profile"), prefs); err != nil {
			_ = os.RemoveAll(tmp)
			return nil, err
		}
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chrome),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.UserDataDir(filepath.Join(tmp, "profile")),
		chromedp.Env("TMPDIR="+tmp),
		chromedp.WindowSize(390, 844),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("allow-loopback-in-peer-connection", true),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(actx)
	t := &tab{ctx: ctx, close: func() {
		cancelCtx()
		cancelAlloc()
		_ = os.RemoveAll(tmp)
	}}
	if err := chromedp.Do(ctx); err != nil {
		t.close()
		return nil, fmt.Errorf("starting Chromium: %w", err)
	}
	for _, origin := range origins {
		for _, perm := range []string{"microphone", "camera"} {
			_, err := chromedp.CallBrowser(ctx, browser.SetPermission, browser.SetPermissionParams{
				Permission: &browser.PermissionDescriptor{Name: perm},
				Setting:    browser.PermissionSettingGranted,
				Origin:     origin,
			})
			if err != nil {
				t.close()
				return nil, fmt.Errorf("granting %s on %s: %w", perm, origin, err)
			}
		}
	}
	return t, nil
}

// writePrefs writes a profile's Preferences file, which Chromium reads when it starts.
func writePrefs(profile string, prefs map[string]any) error {
	raw, err := json.Marshal(prefs)
	if err != nil {
		return err
	}
	dir := filepath.Join(profile, "Default")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "Preferences"), raw, 0o644)
}

// onEveryPage runs script in every document this tab loads from now on, before the page's own.
func (t *tab) onEveryPage(script string) error {
	_, err := chromedp.Call(t.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: script})
	return err
}

func (t *tab) navigate(url string) error {
	return t.withLimit(time.Minute, chromedp.Navigate(url))
}

func (t *tab) withLimit(d time.Duration, steps ...chromedp.Action[chromedp.Void]) error {
	ctx, cancel := context.WithTimeout(t.ctx, d)
	defer cancel()
	return chromedp.Do(ctx, steps...)
}

// eval runs a JavaScript expression (awaiting it when it is a promise) and returns its value.
func eval[T any](t *tab, expr string) (T, error) {
	ctx, cancel := context.WithTimeout(t.ctx, time.Minute)
	defer cancel()
	return chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
}

// waitFor polls a JavaScript condition until it holds, at most limit.
func (t *tab) waitFor(cond string, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for {
		ok, err := eval[bool](t, "Boolean("+cond+")")
		if err == nil && ok {
			return nil
		}
		if time.Now().After(deadline) {
			if err == nil {
				err = errors.New("still false")
			}
			return fmt.Errorf("waited %s for %s: %v", limit, cond, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
