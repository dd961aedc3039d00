//go:build !wasm

package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/net/html"

	"safehouse/tools/precompress"
)

// The site's version (go-app's GOAPP_VERSION, and the service worker's cache name) is a hash
// of what the site serves: an installed app updates exactly when a file it would get has
// changed, whatever changed it (web/, the app's prerendered screens, the generator's own
// rewrites of go-app's loader and page, the settings baked in). A version taken from web/
// alone missed the generator: a change to it alone reached new visitors only.
//
// The site is written with versionMark in the version's places, hashed, and then stamped.

// versionMark holds the version's places while the site is written: 16 characters, as the
// version, found nowhere else.
const versionMark = "SAFEHOUSEVERSION"

// siteVersion hashes the site written at out, before its compressed copies. go-app writes a
// tag's attributes in a different order from one run to the next (a Go map's), so the page is
// hashed with each tag's attributes sorted: the same site gives the same version.
func siteVersion(out string) (string, error) {
	sum := sha256.New()
	err := filepath.WalkDir(out, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || precompress.IsCopy(d.Name()) {
			return err
		}
		raw, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if strings.HasSuffix(path, ".html") {
			raw = canonicalHTML(raw)
		}
		rel, err := filepath.Rel(out, path)
		if err != nil {
			return err
		}
		fmt.Fprintf(sum, "%s\x00%d\x00", filepath.ToSlash(rel), len(raw))
		sum.Write(raw)
		return nil
	})
	if err != nil {
		return "", fmt.Errorf("hashing the site: %w", err)
	}
	return hex.EncodeToString(sum.Sum(nil))[:16], nil
}

// canonicalHTML is page as written, but for the order of each tag's attributes.
func canonicalHTML(page []byte) []byte {
	var b bytes.Buffer
	z := html.NewTokenizer(bytes.NewReader(page))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return b.Bytes() // io.EOF: a tokenizer reads a whole page, however malformed
		case html.StartTagToken, html.SelfClosingTagToken:
			t := z.Token()
			slices.SortFunc(t.Attr, func(a, b html.Attribute) int {
				return strings.Compare(a.Key+"\x00"+a.Val, b.Key+"\x00"+b.Val)
			})
			b.WriteString(t.String())
		default:
			b.Write(z.Raw())
		}
	}
}

// stampVersion puts version in versionMark's places, in every file of the site that has
// any (go-app's loader and the service worker).
func stampVersion(out, version string) error {
	stamped := 0
	err := filepath.WalkDir(out, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		raw, err := os.ReadFile(path)
		if err != nil || !bytes.Contains(raw, []byte(versionMark)) {
			return err
		}
		stamped++
		return os.WriteFile(path, bytes.ReplaceAll(raw, []byte(versionMark), []byte(version)), 0o644)
	})
	if err == nil && stamped == 0 {
		err = fmt.Errorf("no file of the site holds the version's mark: check go-app's Version against the new go-app")
	}
	return err
}
