//go:build !wasm

package i18n

import (
	"embed"
	"fmt"
	"path"
	"strings"
)

// Natively (tests, the site generator, the server) every pack is loaded from the start; in
// the wasm only English is embedded and the app fetches the others.
//
//go:embed packs/*.json
var packFiles embed.FS

func init() {
	for lang, data := range PackFiles() {
		if err := Load(lang, data); err != nil {
			panic(fmt.Sprintf("i18n: packs/%s.json: %v", lang, err))
		}
	}
}

// PackFiles returns every pack in packs/, by language, as the files the site serves.
func PackFiles() map[Lang][]byte {
	entries, err := packFiles.ReadDir("packs")
	if err != nil {
		panic(err)
	}
	out := map[Lang][]byte{}
	for _, e := range entries {
		data, err := packFiles.ReadFile(path.Join("packs", e.Name()))
		if err != nil {
			panic(err)
		}
		out[Lang(strings.TrimSuffix(e.Name(), ".json"))] = data
	}
	return out
}
