//go:build !wasm

package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"safehouse/tools/chromium"
)

// findChrome finds Chromium by CHROME_PATH or on PATH (tools/chromium).
func findChrome() (string, error) { return chromium.Find() }

// tab is one page in its own headless Chromium process with its own fresh profile: another
// phone.
type tab struct {
	ctx   context.Context
	close func()
}

// openTab starts Chromium (tools/chromium: the flags WebRTC on loopback needs) and grants
// the media permission that makes it gather loopback candidates on each of the origins.
func openTab(chrome, workDir string, origins ...string) (*tab, error) {
	return openTabWith(chrome, workDir, nil, origins...)
}

// openTabWith is openTab whose fresh profile gets prefs (Chromium's Preferences file, as
// JSON) before Chromium starts; nil keeps the defaults.
func openTabWith(chrome, workDir string, prefs map[string]any, origins ...string) (*tab, error) {
	b, err := chromium.Start(chrome, chromium.Options{Dir: workDir, Prefs: prefs, Grant: origins})
	if err != nil {
		return nil, err
	}
	return &tab{ctx: b.Ctx, close: b.Close}, nil
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

// waitFor polls a JavaScript condition until it holds, at most limit. The condition may be a
// promise (cachedScript), whose value is awaited: a promise itself is always truthy.
func (t *tab) waitFor(cond string, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for {
		ok, err := eval[bool](t, "Promise.resolve("+cond+").then(Boolean)")
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
