package spyfall

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"safehouse/engine"
)

// PackFormat is the "format" value of an exported custom pack file.
const PackFormat = "safehouse-spyfall-pack"

// PackFormatVersion is the version written by ExportPack and the only one
// ImportPack reads.
const PackFormatVersion = 1

// Limits of a custom pack, so an imported file cannot blow up a game.
const (
	MaxCustomLocations = 100
	MaxCustomRoles     = 30
	MaxContentRunes    = 60
	MaxIDLength        = 40
)

// Why ImportPack refused a file before it looked at the locations in it. Both refusals also
// match engine.ErrInvalidAction; their reasons quote the JSON decoder, which means little to
// a player who pasted the wrong text, so the app says these in the player's words instead.
var (
	ErrNotAPackFile  = errors.New("not a pack file")
	ErrNewerPackFile = errors.New("pack file from a newer version of the app")
)

// refusePackFile refuses a file for why (ErrNotAPackFile or ErrNewerPackFile).
func refusePackFile(why error, format string, args ...any) *engine.Refusal {
	r := engine.Refuse(engine.ErrInvalidAction, ruleOwnLocations, format, args...)
	r.Err = fmt.Errorf("%w: %w", engine.ErrInvalidAction, why)
	return r
}

type packFile struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
	Pack    Pack   `json:"pack"`
}

// ExportPack writes a custom pack as the JSON file described in FORMAT.md.
func ExportPack(p Pack) ([]byte, error) {
	if err := p.check(); err != nil {
		return nil, engine.Refuse(engine.ErrInvalidAction, ruleOwnLocations, "cannot export the pack: %v", err)
	}
	return json.MarshalIndent(packFile{Format: PackFormat, Version: PackFormatVersion, Pack: p}, "", "  ")
}

// ImportPack reads a pack file written by ExportPack (or by hand, see
// FORMAT.md) and checks every location in it.
func ImportPack(data []byte) (Pack, error) {
	var f packFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return Pack{}, refusePackFile(ErrNotAPackFile, "not a pack file: %v", err)
	}
	if dec.More() {
		return Pack{}, refusePackFile(ErrNotAPackFile, "not a pack file: trailing data")
	}
	if f.Format != PackFormat {
		return Pack{}, refusePackFile(ErrNotAPackFile, "not a pack file: format %q", f.Format)
	}
	if f.Version > PackFormatVersion {
		return Pack{}, refusePackFile(ErrNewerPackFile, "pack file version %d is not supported; please update the app", f.Version)
	}
	if f.Version != PackFormatVersion {
		return Pack{}, refusePackFile(ErrNotAPackFile, "not a pack file: version %d", f.Version)
	}
	if err := f.Pack.check(); err != nil {
		return Pack{}, engine.Refuse(engine.ErrInvalidAction, ruleOwnLocations, "bad pack: %v", err)
	}
	return f.Pack, nil
}

// check validates a custom pack: an ID, at least one location, each with a
// unique ID, a name and at most MaxCustomRoles roles.
func (p Pack) check() error {
	if err := checkID(p.ID); err != nil {
		return fmt.Errorf("pack ID: %v", err)
	}
	if err := checkText(p.Name, true); err != nil {
		return fmt.Errorf("pack name: %v", err)
	}
	if len(p.Locations) == 0 || len(p.Locations) > MaxCustomLocations {
		return fmt.Errorf("a pack holds 1 to %d locations, not %d", MaxCustomLocations, len(p.Locations))
	}
	seen := map[string]bool{}
	for i, l := range p.Locations {
		if err := checkID(l.ID); err != nil {
			return fmt.Errorf("location %d ID: %v", i+1, err)
		}
		if seen[l.ID] {
			return fmt.Errorf("location ID %q used twice", l.ID)
		}
		seen[l.ID] = true
		if err := checkText(l.Name, false); err != nil {
			return fmt.Errorf("location %q name: %v", l.ID, err)
		}
		if l.RoleCount != 0 {
			return fmt.Errorf("location %q: role_count is for built-in locations; list the roles", l.ID)
		}
		if len(l.Roles) > MaxCustomRoles {
			return fmt.Errorf("location %q has %d roles, at most %d", l.ID, len(l.Roles), MaxCustomRoles)
		}
		for j, r := range l.Roles {
			if err := checkText(r, false); err != nil {
				return fmt.Errorf("location %q role %d: %v", l.ID, j+1, err)
			}
		}
	}
	return nil
}

func checkID(id string) error {
	if id == "" || len(id) > MaxIDLength {
		return fmt.Errorf("must be 1 to %d characters", MaxIDLength)
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return fmt.Errorf("%q may only use a-z, 0-9, '-', '_' and '.'", id)
		}
	}
	return nil
}

func checkText(t engine.Text, optional bool) error {
	if len(t) == 0 {
		if optional {
			return nil
		}
		return fmt.Errorf("needs a text in at least one language")
	}
	if len(t) > 8 {
		return fmt.Errorf("too many languages")
	}
	for lang, s := range t {
		if lang == "" || len(lang) > 8 {
			return fmt.Errorf("bad language code %q", lang)
		}
		if strings.TrimSpace(s) == "" || !utf8.ValidString(s) || utf8.RuneCountInString(s) > MaxContentRunes {
			return fmt.Errorf("text in %q must be 1 to %d characters", lang, MaxContentRunes)
		}
	}
	return nil
}

// clone copies a location so the game never shares maps with the packs.
func (l Location) clone() Location {
	c := Location{ID: l.ID, Name: cloneText(l.Name), RoleCount: l.RoleCount}
	for _, r := range l.Roles {
		c.Roles = append(c.Roles, cloneText(r))
	}
	return c
}

func cloneText(t engine.Text) engine.Text {
	if t == nil {
		return nil
	}
	c := make(engine.Text, len(t))
	for k, v := range t {
		c[k] = v
	}
	return c
}
