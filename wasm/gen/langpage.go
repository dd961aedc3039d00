//go:build !wasm

package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"safehouse/app"
	"safehouse/app/i18n"
)

// The page in the player's language from its first frame (issue 34). The prerendered page is
// English; for every other language the site has a small script (lang/<code>.page.<hash>.js)
// with the page's texts in that language, its loading label, and a manifest
// (lang/<code>.<hash>.webmanifest) with the app's name and description in it. The page's
// inline script (early.js) knows the player's language before the body is parsed: it sets
// <html lang> and dir at once, takes the texts from the copy it kept on an earlier visit or
// else loads that script with the parser waiting (one small file, on a first visit only), and
// puts the texts on the page as soon as it is parsed, before it is drawn. English readers
// load nothing more.

// langPage is one language's page texts and manifest, as files of the site.
type langPage struct {
	lang           i18n.Lang
	script, manif  string // their addresses on the site
	scriptBody     []byte
	manifestFields map[string]any
}

// pageTextsFile is what a language's page script hands the page (safehouseEarly.texts).
type pageTextsFile struct {
	Lang    i18n.Lang         `json:"lang"`
	Texts   map[string]string `json:"texts"`
	Loading string            `json:"loading"`
}

// langPages makes every language's page texts and manifest fields (English has none: it is
// the page as prerendered).
func langPages(prefix string) ([]langPage, error) {
	var out []langPage
	for _, lang := range i18n.Languages() {
		if lang == i18n.English {
			continue
		}
		texts, err := app.PrerenderedTexts(lang)
		if err != nil {
			return nil, fmt.Errorf("the page's texts in %s: %w", lang, err)
		}
		data, err := json.Marshal(pageTextsFile{Lang: lang, Texts: texts, Loading: i18n.T(lang, i18n.LoadingText)})
		if err != nil {
			return nil, err
		}
		body := []byte("safehouseEarly.texts(" + string(data) + ");\n")
		fields := map[string]any{
			"name": i18n.T(lang, i18n.AppName), "short_name": i18n.T(lang, i18n.AppName),
			"description": i18n.T(lang, i18n.AppTagline), "lang": i18n.Tag(lang), "dir": i18n.Dir(lang),
		}
		// The manifest is named by what makes it differ: its fields, and the prefix its scope
		// comes from (the rest is the site's own manifest, written after the page).
		named, err := json.Marshal([]any{fields, prefix})
		if err != nil {
			return nil, err
		}
		dir := strings.TrimSuffix(prefix, "/") + "/" + packDir + "/"
		out = append(out, langPage{
			lang:           lang,
			script:         dir + string(lang) + ".page." + shortHash(body) + ".js",
			manif:          dir + string(lang) + "." + shortHash(named) + ".webmanifest",
			scriptBody:     body,
			manifestFields: fields,
		})
	}
	return out, nil
}

func shortHash(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])[:10]
}

// langTable is the page's table of languages (window.safehouseLangs): each language's full
// tag and direction, which the page sets on <html> before the body is parsed, and the
// addresses of its page texts and manifest.
func langTable(pages []langPage) (string, error) {
	type entry struct {
		Tag      string `json:"tag"`
		Dir      string `json:"dir"`
		Page     string `json:"page,omitempty"`
		Manifest string `json:"manifest,omitempty"`
	}
	table := map[i18n.Lang]entry{}
	for _, lang := range i18n.Languages() {
		table[lang] = entry{Tag: i18n.Tag(lang), Dir: i18n.Dir(lang)}
	}
	for _, p := range pages {
		e := table[p.lang]
		e.Page, e.Manifest = p.script, p.manif
		table[p.lang] = e
	}
	b, err := json.Marshal(table)
	return string(b), err
}

// writeLangPages writes each language's page script and its manifest, made from the site's
// own (manifest.webmanifest, already fixed) with the language's name, description, lang and
// dir.
func writeLangPages(out, prefix string, pages []langPage) error {
	base, err := os.ReadFile(filepath.Join(out, "manifest.webmanifest"))
	if err != nil {
		return err
	}
	dir := filepath.Join(out, packDir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, p := range pages {
		var m map[string]any
		if err := json.Unmarshal(base, &m); err != nil {
			return err
		}
		for k, v := range p.manifestFields {
			m[k] = v
		}
		b, err := json.Marshal(m)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(out, strings.TrimPrefix(p.manif, strings.TrimSuffix(prefix, "/"))), b, 0o644); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(out, strings.TrimPrefix(p.script, strings.TrimSuffix(prefix, "/"))), p.scriptBody, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// startInTheLanguage makes go-app's loader speak the player's language and start the app in
// it: its label is the language's (early.js has it from the page texts), and the wasm runs
// once the pack of the language the app starts in has come or failed (early.js fetched it
// beside the wasm; it is a fraction of its size), so the app's first frame is the page the
// player already reads, not English for a moment.
func startInTheLanguage(path string) error {
	const label = "const goappLoadingLabel = "
	return rewriteLoader(path, "startInTheLanguage",
		[2]string{label, label + "(window.safehouseEarly && window.safehouseEarly.loadingLabel()) || "},
		[2]string{goappRun, "    if (window.safehouseEarly) await window.safehouseEarly.ready();\n" + goappRun})
}
