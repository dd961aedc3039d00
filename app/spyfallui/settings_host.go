//go:build !player

package spyfallui

import (
	"encoding/base64"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/ui"
	"safehouse/engine"
	"safehouse/engine/spyfall"
)

// customPackID is the ID of the pack built from the host's own lines of locations.
const customPackID = "my-locations"

// roleSeparators split a line of the host's own locations into the name and its roles: the
// colon and commas of a Latin keyboard, and those a Japanese, Chinese, Arabic or Persian one
// types (full-width colon and comma, the ideographic comma 、, the Arabic comma ،).
var (
	colons = ":\uFF1A"
	commas = ",\uFF0C\u3001\u060C"
)

// parseCustomLocations reads the host's own locations, one a line: "Name" or
// "Name: role, role, ..." (with any of colons and commas). Empty lines are skipped. The
// pack's location IDs are derived from the line numbers so the same lines always give the
// same pack; the pack is named in the host's language. A refusal is a *customLocationsError
// naming the line at fault, to show in the host's language.
func parseCustomLocations(text string, lang i18n.Lang) (spyfall.Pack, error) {
	p := spyfall.Pack{ID: customPackID, Name: engine.Text{string(lang): i18n.T(lang, i18n.SFSetCustomName)}}
	tooLong := func(s string) bool { return utf8.RuneCountInString(s) > spyfall.MaxContentRunes }
	for n, line := range strings.Split(text, "\n") {
		name, roles := line, ""
		if i := strings.IndexAny(line, colons); i >= 0 {
			_, size := utf8.DecodeRuneInString(line[i:])
			name, roles = line[:i], line[i+size:]
		}
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		if tooLong(name) {
			return spyfall.Pack{}, &customLocationsError{i18n.SFSetOwnTooLong, []any{spyfall.MaxContentRunes, n + 1}}
		}
		l := spyfall.Location{ID: fmt.Sprintf("my-%d", len(p.Locations)+1), Name: engine.Text{string(lang): name}}
		for _, r := range strings.FieldsFunc(roles, func(r rune) bool { return strings.ContainsRune(commas, r) }) {
			if r = strings.TrimSpace(r); r == "" {
				continue
			}
			if tooLong(r) {
				return spyfall.Pack{}, &customLocationsError{i18n.SFSetOwnTooLong, []any{spyfall.MaxContentRunes, n + 1}}
			}
			l.Roles = append(l.Roles, engine.Text{string(lang): r})
		}
		if len(l.Roles) > spyfall.MaxCustomRoles {
			return spyfall.Pack{}, &customLocationsError{i18n.SFSetOwnTooManyRoles, []any{spyfall.MaxCustomRoles, n + 1}}
		}
		p.Locations = append(p.Locations, l)
	}
	switch {
	case len(p.Locations) == 0:
		return spyfall.Pack{}, &customLocationsError{key: i18n.SFSetOwnNone}
	case len(p.Locations) > spyfall.MaxCustomLocations:
		return spyfall.Pack{}, &customLocationsError{i18n.SFSetOwnTooMany, []any{spyfall.MaxCustomLocations}}
	}
	if _, err := spyfall.ExportPack(p); err != nil { // ExportPack checks every field
		return spyfall.Pack{}, &customLocationsError{i18n.SFSetBadPack, []any{err.Error()}}
	}
	return p, nil
}

// customLocationsError is why the host's own locations were refused.
type customLocationsError struct {
	key  i18n.Key
	args []any
}

func (e *customLocationsError) Error() string { return i18n.T(i18n.English, e.key, e.args...) }

// in says the refusal in lang.
func (e *customLocationsError) in(lang i18n.Lang) string { return i18n.T(lang, e.key, e.args...) }

// packOn reports whether a built-in pack plays under c (no pack chosen means the edition's).
func packOn(c *spyfall.Config, id string) bool {
	if len(c.Packs) == 0 && len(c.CustomPacks) == 0 {
		return id == string(c.Edition)
	}
	return slices.Contains(c.Packs, id)
}

// hostPanel is the host's panel: every option of the game (settings_host.go; the player
// build, which never hosts, has none).
func (s *Panel) hostPanel(in PanelInput, c *spyfall.Config, summary string, edName map[spyfall.Edition]string, rounds int) goapp.UI {
	players := in.Players
	check := func(id string, on bool, label string, change func(c *spyfall.Config, on bool)) goapp.UI {
		return ui.El("label.sf-check",
			ui.ElVoidWith("input[type=checkbox]").ID(id).Attr("checked", on).
				OnChange(func(ctx goapp.Context, e goapp.Event) {
					v := ctx.JSSrc().Get("checked").Bool()
					s.changeSpyfall(func(c *spyfall.Config) { change(c, v) })(ctx, e)
				}),
			ui.ElText("span", label),
		)
	}
	seg := func(id string, options []string, labels []string, current string, pick func(c *spyfall.Config, v string)) goapp.UI {
		return ui.ElWith("div.sf-seg", goapp.Range(options).Slice(func(i int) goapp.UI {
			o := options[i]
			return ui.ElTextWith("button.btn.secondary[type=button]", labels[i]).DataSet("value", o).Aria("pressed", o == current).
				OnClick(s.changeSpyfall(func(c *spyfall.Config) { pick(c, o) }))
		})).ID(id)
	}
	var locs []spyfall.Location
	for _, p := range spyfall.BuiltinPacks() {
		if packOn(c, p.ID) {
			locs = append(locs, p.Locations...)
		}
	}
	for _, p := range c.CustomPacks {
		locs = append(locs, p.Locations...)
	}
	inPlay := 0
	for _, l := range locs {
		if !slices.Contains(c.Exclude, l.ID) {
			inPlay++
		}
	}
	lengths := []string{"0"}
	lengthLabels := []string{s.t(i18n.SFSetLengthAuto, int(spyfall.DefaultRoundLength(c.Edition, players)/time.Minute))}
	for m := 3; m <= 12; m++ {
		lengths = append(lengths, itoa(m))
		lengthLabels = append(lengthLabels, s.t(i18n.SFSetMinutes, m))
	}
	var export string
	for _, p := range c.CustomPacks {
		if data, err := spyfall.ExportPack(p); err == nil {
			export = "data:application/json;base64," + base64.StdEncoding.EncodeToString(data)
		}
	}
	return ui.El("section#spyfall-settings.card.sf-settings",
		ui.ElText("h2", s.t(i18n.SFSetTitle)),
		ui.ElText("p#settings-summary.muted", summary),
		ui.El("fieldset",
			ui.ElText("legend", s.t(i18n.SFSetEdition)),
			seg("set-edition", []string{string(spyfall.Classic), string(spyfall.Spyfall2), string(spyfall.TimeTravel)},
				[]string{edName[spyfall.Classic], edName[spyfall.Spyfall2], edName[spyfall.TimeTravel]}, string(c.Edition),
				func(c *spyfall.Config, v string) {
					*c = spyfall.Config{Edition: spyfall.Edition(v), Rounds: c.Rounds, RoundLength: c.RoundLength,
						HideRoles: c.HideRoles, QuestionTracker: c.QuestionTracker, FairRotation: c.FairRotation,
						CustomPacks: c.CustomPacks, Packs: c.Packs}
				}),
		),
		ui.El("fieldset",
			ui.ElText("legend", s.t(i18n.SFSetPacks)),
			goapp.Range(spyfall.BuiltinPacks()).Slice(func(i int) goapp.UI {
				p := spyfall.BuiltinPacks()[i]
				return check("pack-"+p.ID, packOn(c, p.ID), namePack(in.Lang, p.ID, p.Name)+" ("+itoa(len(p.Locations))+")",
					func(c *spyfall.Config, on bool) {
						if len(c.Packs) == 0 && len(c.CustomPacks) == 0 {
							c.Packs = []string{string(c.Edition)}
						}
						c.Packs = slices.DeleteFunc(c.Packs, func(id string) bool { return id == p.ID })
						if on {
							c.Packs = append(c.Packs, p.ID)
						}
						c.Exclude = nil
					})
			}),
			s.browseDetails(in.Browsing).Body(
				ui.ElText("summary", s.t(i18n.SFSetBrowse, len(locs))+" · "+s.t(i18n.SFSetLocCount, inPlay)),
				ui.ElText("p.muted.small", s.t(i18n.SFSetExcludeHint)),
				ui.El("div.sf-browse", goapp.If(in.Browsing, func() goapp.UI {
					return goapp.Range(locs).Slice(func(i int) goapp.UI {
						l := locs[i]
						return check("loc-"+l.ID, !slices.Contains(c.Exclude, l.ID), nameLocation(in.Lang, l.ID, l.Name),
							func(c *spyfall.Config, on bool) {
								c.Exclude = slices.DeleteFunc(c.Exclude, func(id string) bool { return id == l.ID })
								if !on {
									c.Exclude = append(c.Exclude, l.ID)
								}
							})
					})
				})),
			),
		),
		ui.El("fieldset",
			ui.ElText("legend", s.t(i18n.SFSetCustom)),
			ui.ElWith("textarea#custom-locations.field").
				Attr("placeholder", s.t(i18n.SFSetCustomExample)).Aria("label", s.t(i18n.SFSetCustom)).Attr("value", in.Custom).
				OnInput(func(ctx goapp.Context, e goapp.Event) { s.draft.Custom = ctx.JSSrc().Get("value").String() }),
			ui.ElText("p.muted.small", s.t(i18n.SFSetCustomHint)),
			ui.ElTextWith("button#custom-use.btn.secondary[type=button]", s.t(i18n.SFSetCustomAdd)).
				OnClick(func(ctx goapp.Context, e goapp.Event) {
					p, err := parseCustomLocations(s.draft.Custom, in.Lang)
					if err != nil {
						s.draft.Problem = s.t(i18n.SFSetBadPack, err.Error())
						if refused, ok := errors.AsType[*customLocationsError](err); ok {
							s.draft.Problem = refused.in(in.Lang)
						}
						return
					}
					s.draft.Problem = ""
					s.changeSpyfall(func(c *spyfall.Config) { c.CustomPacks, c.Exclude = []spyfall.Pack{p}, nil })(ctx, e)
				}),
			ui.ElWith("textarea#import-pack.field").Aria("label", s.t(i18n.SFSetImport)).
				Attr("placeholder", s.t(i18n.SFSetImportHint)).Attr("value", in.Imported).
				OnInput(func(ctx goapp.Context, e goapp.Event) { s.draft.Imported = ctx.JSSrc().Get("value").String() }),
			ui.ElTextWith("button#import.btn.secondary[type=button]", s.t(i18n.SFSetImport)).
				OnClick(func(ctx goapp.Context, e goapp.Event) {
					p, err := spyfall.ImportPack([]byte(s.draft.Imported))
					if err != nil {
						s.draft.Problem = s.packProblem(err)
						return
					}
					s.draft.Problem = ""
					s.changeSpyfall(func(c *spyfall.Config) { c.CustomPacks, c.Exclude = []spyfall.Pack{p}, nil })(ctx, e)
				}),
			goapp.If(export != "", func() goapp.UI {
				return ui.ElTextWith("a#export.btn.ghost[download=my-locations.json]", s.t(i18n.SFSetExport)).Attr("href", export)
			}),
			ui.ElText("p#settings-problem.field-error", in.Problem),
		),
		ui.El("fieldset",
			ui.ElText("legend", s.t(i18n.SFSetRounds)),
			goapp.If(!c.Team, func() goapp.UI {
				return seg("set-rounds", []string{"1", "2", "3", "5", "8", "10"}, []string{"1", "2", "3", "5", "8", "10"}, itoa(rounds),
					func(c *spyfall.Config, v string) { c.Rounds = atoiOr(v, c.Rounds) })
			}),
		),
		ui.El("fieldset",
			ui.ElText("legend", s.t(i18n.SFSetLength)),
			ui.ElWith("select#set-length.field", goapp.Range(lengths).Slice(func(i int) goapp.UI {
				return ui.ElTextWith("option", lengthLabels[i]).Attr("value", lengths[i]).Attr("selected", lengths[i] == itoa(int(c.RoundLength/time.Minute)))
			})).Aria("label", s.t(i18n.SFSetLength)).
				OnChange(func(ctx goapp.Context, e goapp.Event) {
					m := atoiOr(ctx.JSSrc().Get("value").String(), 0)
					s.changeSpyfall(func(c *spyfall.Config) { c.RoundLength = time.Duration(m) * time.Minute })(ctx, e)
				}),
		),
		goapp.If(c.Edition == spyfall.Spyfall2, func() goapp.UI {
			// Left at the default, the count follows the players at every deal.
			spies := c.Spies
			if spies == 0 {
				spies = spyfall.DefaultSpies(c.Edition, players)
			}
			return ui.El("fieldset",
				ui.ElText("legend", s.t(i18n.SFSetSpies)),
				seg("set-spies", []string{"0", "1", "2"}, []string{s.t(i18n.SFSetSpiesAuto, spyfall.DefaultSpies(c.Edition, players)), "1", "2"}, itoa(c.Spies), func(c *spyfall.Config, v string) {
					c.Spies = atoiOr(v, c.Spies)
					if c.Spies == 1 || c.Spies == 0 && spyfall.DefaultSpies(c.Edition, players) != 2 {
						c.OldPals = false
					}
				}),
				ui.ElText("p#spies-hint.muted.small", s.t(i18n.SFSetSpiesHint)),
				goapp.If(spies == 2, func() goapp.UI {
					return check("set-oldpals", c.OldPals, s.t(i18n.SFSetOldPals), func(c *spyfall.Config, on bool) { c.OldPals = on })
				}),
			)
		}),
		check("set-roles", !c.HideRoles, s.t(i18n.SFSetRoles), func(c *spyfall.Config, on bool) { c.HideRoles = !on }),
		s.rolesHint(c),
		check("set-tracker", c.QuestionTracker, s.t(i18n.SFSetTracker), func(c *spyfall.Config, on bool) { c.QuestionTracker = on }),
		check("set-fair", c.FairRotation, s.t(i18n.SFSetFair), func(c *spyfall.Config, on bool) { c.FairRotation = on }),
		goapp.If(c.Edition == spyfall.TimeTravel, func() goapp.UI {
			return ui.El("div.sf-settings",
				check("set-normal3", c.NormalThreePlayer, s.t(i18n.SFSetNormal3), func(c *spyfall.Config, on bool) { c.NormalThreePlayer = on }),
				check("set-team", c.Team, s.t(i18n.SFSetTeam), func(c *spyfall.Config, on bool) {
					c.Team = on
					if on {
						c.Rounds = 0
					} else {
						c.CaptainTurns, c.TeamClock = 0, false
					}
				}),
				goapp.If(c.Team, func() goapp.UI {
					return ui.El("div.sf-settings",
						check("set-captain2", c.CaptainTurns == 2, s.t(i18n.SFSetCaptainTwice), func(c *spyfall.Config, on bool) {
							c.CaptainTurns = 1
							if on {
								c.CaptainTurns = 2
							}
						}),
						check("set-teamclock", c.TeamClock, s.t(i18n.SFSetTeamClock), func(c *spyfall.Config, on bool) { c.TeamClock = on }),
					)
				}),
			)
		}),
		goapp.Range(in.Warnings).Slice(func(i int) goapp.UI { return ui.ElText("p.note", in.Warnings[i]) }),
	)
}

// packProblem says why a pasted pack file was refused. The engine's reason quotes the JSON
// decoder, which tells a player who pasted the wrong text nothing, so the two refusals about
// the file itself get sentences of their own; one about its locations keeps the reason.
func (s *Panel) packProblem(err error) string {
	switch {
	case errors.Is(err, spyfall.ErrNotAPackFile):
		return s.t(i18n.SFSetNotAPack)
	case errors.Is(err, spyfall.ErrNewerPackFile):
		return s.t(i18n.SFSetNewerPack)
	}
	return s.t(i18n.SFSetBadPack, err.Error())
}

// browseDetails is the host's list of locations. Its checkboxes (dozens) are drawn only
// while it is open (Draft.Browsing): closed, they were drawn and compared on every
// update of the lobby for nothing.
func (s *Panel) browseDetails(open bool) goapp.HTMLElem {
	d := ui.ElWith("details#browse").
		On("toggle", func(ctx goapp.Context, e goapp.Event) { s.draft.Browsing = ctx.JSSrc().Get("open").Bool() })
	if open {
		d = d.Attr("open", true) // written only when true: a page rendered as text takes open="false" as open
	}
	return d
}

// atoiOr reads a whole number a settings control sent, or keeps fallback when it is none.
func atoiOr(v string, fallback int) int {
	if n, err := strconv.Atoi(v); err == nil {
		return n
	}
	return fallback
}
