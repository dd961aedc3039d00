package i18n

import (
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
)

// packFile is a language's pack as written in packs/<lang>.json.
type packFile struct {
	Lang Lang   `json:"lang"`
	Name string `json:"name"`
	// Reviewed lists the entries a native speaker has reviewed ("ui.<key>", "spyfall",
	// "spyfest", or an id), so a later review knows where to look.
	Reviewed []string       `json:"reviewed"`
	UI       map[Key]string `json:"ui"`
	// The content is read on first use: the first screens need none of it.
	Spyfall json.RawMessage `json:"spyfall"`
	Spyfest json.RawMessage `json:"spyfest"`
}

// spyfallText names the Spyfall content: editions' packs, locations and their roles in the
// order the engine deals them (engine/spyfall/locations.json).
type spyfallText struct {
	Packs     map[string]string `json:"packs"`
	Locations map[string]struct {
		Name  string   `json:"name"`
		Roles []string `json:"roles"`
	} `json:"locations"`
}

// spyfestText names the Spyfest and Spycon content.
type spyfestText struct {
	Characters map[string]struct {
		Name     string `json:"name"`
		Overview string `json:"overview"`
	} `json:"characters"`
	Keywords map[string]string `json:"keywords"`
}

// catalog is one loaded pack.
type catalog struct {
	ui      map[Key]string
	raw     *packFile
	spyfall func() spyfallText
	spyfest func() spyfestText
}

// catalogs holds the loaded packs. English is always there; another language is there once
// Load has read its pack.
var (
	catalogs   = map[Lang]*catalog{}
	catalogsMu sync.RWMutex
)

// catalogOf is lang's loaded catalog, or nil.
func catalogOf(lang Lang) *catalog {
	catalogsMu.RLock()
	defer catalogsMu.RUnlock()
	return catalogs[lang]
}

func setCatalog(lang Lang, c *catalog) {
	catalogsMu.Lock()
	defer catalogsMu.Unlock()
	catalogs[lang] = c
}

//go:embed packs/en.json
var englishPack []byte

// english is the English catalog, read from the embedded pack on first use.
var english = sync.OnceValue(func() *catalog {
	c, err := parse(English, englishPack)
	if err != nil {
		panic(fmt.Sprintf("i18n: the embedded English pack: %v", err))
	}
	setCatalog(English, c)
	return c
})

// ErrBadPack says a pack could not be used: not a pack file, another language's, or empty.
var ErrBadPack = errors.New("not a usable language pack")

// Load reads lang's pack (the file the site serves) and makes it the language's catalog. A
// pack that is not valid JSON, is another language's or has no UI texts is refused with
// ErrBadPack and changes nothing: the language keeps falling back to English.
func Load(lang Lang, data []byte) error {
	english()
	if lang == English {
		return nil
	}
	c, err := parse(lang, data)
	if err != nil {
		return err
	}
	setCatalog(lang, c)
	return nil
}

// Loaded reports whether lang's pack is loaded (English always is).
func Loaded(lang Lang) bool {
	english()
	return catalogOf(lang) != nil
}

func parse(lang Lang, data []byte) (*catalog, error) {
	var p packFile
	if err := json.Unmarshal(data, &p); err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrBadPack, lang, err)
	}
	if p.Lang != lang {
		return nil, fmt.Errorf("%w: the %s pack says it is %q", ErrBadPack, lang, p.Lang)
	}
	if len(p.UI) == 0 {
		return nil, fmt.Errorf("%w: the %s pack has no texts", ErrBadPack, lang)
	}
	c := &catalog{ui: p.UI, raw: &p}
	c.spyfall = sync.OnceValue(func() (t spyfallText) {
		_ = json.Unmarshal(p.Spyfall, &t) // a part that does not read names nothing: English does
		return t
	})
	c.spyfest = sync.OnceValue(func() (t spyfestText) {
		_ = json.Unmarshal(p.Spyfest, &t)
		return t
	})
	return c, nil
}

// name looks a content name up in lang, then in English, then says the id itself.
func name(lang Lang, id string, get func(*catalog) string) string {
	if c := catalogOf(lang); c != nil {
		if s := get(c); s != "" {
			return s
		}
	}
	if s := get(english()); s != "" {
		return s
	}
	return id
}

// PackName is the name of a built-in Spyfall pack (an edition's locations) in lang.
func PackName(lang Lang, id string) string {
	return name(lang, id, func(c *catalog) string { return c.spyfall().Packs[id] })
}

// LocationName is the name of a built-in Spyfall location in lang.
func LocationName(lang Lang, id string) string {
	return name(lang, id, func(c *catalog) string { return c.spyfall().Locations[id].Name })
}

// RoleName is the name of role i (the engine's index) of a built-in location in lang.
func RoleName(lang Lang, location string, i int) string {
	return name(lang, "", func(c *catalog) string {
		if roles := c.spyfall().Locations[location].Roles; i >= 0 && i < len(roles) {
			return roles[i]
		}
		return ""
	})
}

// CharacterName is the name of a built-in Spyfest/Spycon character in lang.
func CharacterName(lang Lang, id string) string {
	return name(lang, id, func(c *catalog) string { return c.spyfest().Characters[id].Name })
}

// CharacterOverview is a built-in character's overview in lang ("" when none).
func CharacterOverview(lang Lang, id string) string {
	return name(lang, "", func(c *catalog) string { return c.spyfest().Characters[id].Overview })
}

// KeywordName is the name of a built-in keyword in lang.
func KeywordName(lang Lang, id string) string {
	return name(lang, id, func(c *catalog) string { return c.spyfest().Keywords[id] })
}

// Unload forgets lang's pack, as if it had never been fetched, and returns what puts it back:
// for tests of what a device does before and without a pack (natively every pack is loaded).
func Unload(lang Lang) (restore func()) {
	old := catalogOf(lang)
	if lang == English || old == nil {
		return func() {}
	}
	catalogsMu.Lock()
	delete(catalogs, lang)
	catalogsMu.Unlock()
	return func() { setCatalog(lang, old) }
}
