package spyfallui

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/ui/uitest"
	"safehouse/engine"
	"safehouse/engine/spyfall"
)

// restingScreen renders seat's Spyfall screen at rest: card face down, no sheet open, no pick
// in progress, with the attributes of every tag in one order (go-app writes them in map order).
func restingScreen(t *testing.T, g *spyfall.Game, seat engine.Seat, lang i18n.Lang, tap bool) string {
	t.Helper()
	v := g.View(seat)
	ui := &UI{tapToggle: tap}
	ui.Observe(&v)
	c := &sfLangScreen{ui: ui, v: &v, lang: lang}
	return uitest.CanonicalHTML(uitest.HTML(t, c))
}

type sfLangScreen struct {
	goapp.Compo
	ui   *UI
	v    *spyfall.View
	lang i18n.Lang
}

func (c *sfLangScreen) Render() goapp.UI {
	return c.ui.Render(c.v, Frame{Lang: c.lang, Act: func(goapp.Context, spyfall.Action) {}})
}

var youClass = regexp.MustCompile(`\byou\b`)

// withoutOwnMarker takes out the one thing a seat's screen may show of itself alone: which
// chip is "you".
func withoutOwnMarker(html string, v *spyfall.View, lang i18n.Lang) string {
	name := seatName(v, v.Seat)
	html = strings.ReplaceAll(html, ">"+i18n.T(lang, i18n.SFYouSuffix, name)+"<", ">"+name+"<")
	return regexp.MustCompile(`class="sf-chip[^"]*"`).ReplaceAllStringFunc(html, func(c string) string {
		return strings.Replace(youClass.ReplaceAllString(c, ""), " \"", "\"", 1)
	})
}

// publicPlace is everything public that sets one seat apart from another: what it is in the
// round for everybody to see (dealer, asker, accuser, suspect, voter, captain, the revealed
// spies...). Two seats with the same place must see the same resting screen.
func publicPlace(pub spyfall.View, s engine.Seat, own *spyfall.View) string {
	var b strings.Builder
	// The host passing for a voter is done aloud at the table, so public too.
	if own.Vote != nil {
		fmt.Fprint(&b, own.Vote.Mine == "passed")
	}
	fmt.Fprint(&b, s == pub.Dealer, s == pub.FirstAsker, s == pub.Asker, s == pub.AskedBy, s == pub.EndTurn)
	for _, sv := range pub.Seats {
		if sv.ID == s {
			fmt.Fprint(&b, sv.InRound, sv.Absent, sv.Accused, sv.Removed)
		}
	}
	if vt := pub.Vote; vt != nil {
		fmt.Fprint(&b, s == vt.Accuser, s == vt.Suspect, slices.Contains(vt.Voters, s), slices.Contains(vt.Voted, s))
	}
	if tv := pub.Team; tv != nil {
		fmt.Fprint(&b, slices.Index(tv.Captains[:], s), s == tv.Turn, slices.Contains(tv.Picked[0], s),
			slices.Contains(tv.Picked[1], s), s == tv.SpyPicked)
	}
	if sg := pub.SpyGuess; sg != nil {
		fmt.Fprint(&b, s == sg.First, s == sg.Second)
	}
	return b.String()
}

// APP-HID-4: in every variant and every phase of a round reached in random games, the resting
// screen of a seat does not change when only a secret changes (who is the spy, which location,
// who holds the table card): same elements, texts, attributes, buttons and order. Neither does
// whom pass-and-play hands the phone to next. Two seats with the same public place in one game
// see the same screen, but for which chip is theirs.
func TestRestingScreensShowNoSecret(t *testing.T) {
	games := 207 // 23 a setup, every setup; make test runs these without -race
	if uitest.RaceEnabled || testing.Short() {
		games = len(sfSetups)
	}
	uitest.PinClock(t, sfStart)
	phases := map[string]map[spyfall.Phase]int{}
	twins := map[string]int{}
	for n := range games {
		setup := n % len(sfSetups)
		name := sfSetups[setup].name
		if phases[name] == nil {
			phases[name] = map[spyfall.Phase]int{}
		}
		rng := rand.New(rand.NewPCG(uint64(n), 7))
		lang := []i18n.Lang{i18n.English, i18n.Russian}[n%2]
		sfRandomGame(t, setup, uint64(n+1), 60, func(g *spyfall.Game, now engine.Instant) {
			if !secretPhase(g.Phase()) || t.Failed() {
				return
			}
			phases[name][g.Phase()]++
			twin, what := sfTwin(t, g, rng)
			if twin == nil {
				return
			}
			twins[what]++
			tap := rng.IntN(2) == 0
			pub := g.View(engine.NoSeat)
			screens := map[string]string{}
			for _, sv := range pub.Seats {
				if !sv.InRound {
					continue
				}
				a := restingScreen(t, g, sv.ID, lang, tap)
				b := restingScreen(t, twin, sv.ID, lang, tap)
				if a != b {
					t.Errorf("%s game %d, %s, seat %d, %s: the resting screen changes with the secret; %s",
						name, n, g.Phase(), sv.ID, what, uitest.FirstDifference(a, b))
					return
				}
				v, tv := g.View(sv.ID), twin.View(sv.ID)
				if !slices.Equal(WaitsOn(&v), WaitsOn(&tv)) {
					t.Errorf("%s game %d, %s, seat %d, %s: pass-and-play hands the phone to %v, with the secret changed to %v",
						name, n, g.Phase(), sv.ID, what, WaitsOn(&v), WaitsOn(&tv))
					return
				}
				place := publicPlace(pub, sv.ID, &v)
				mine := withoutOwnMarker(a, &v, lang)
				if other, ok := screens[place]; ok && other != mine {
					t.Errorf("%s game %d, %s: two seats in the same public place see different screens; %s",
						name, n, g.Phase(), uitest.FirstDifference(other, mine))
					return
				}
				screens[place] = mine
			}
		})
	}
	// The walk must reach what it claims to check.
	want := map[string][]spyfall.Phase{
		"classic":         {spyfall.PhaseDealt, spyfall.PhasePlaying, spyfall.PhaseVote, spyfall.PhaseEndAccuse, spyfall.PhaseEndVote},
		"spyfall2":        {spyfall.PhasePlaying, spyfall.PhaseVote, spyfall.PhaseSpyGuess, spyfall.PhaseEndVote},
		"timetravel-2p":   {spyfall.PhasePlaying, spyfall.PhaseVote},
		"timetravel-3p":   {spyfall.PhasePlaying, spyfall.PhaseVote},
		"timetravel-team": {spyfall.PhaseTeamLead, spyfall.PhaseTeamPick, spyfall.PhaseTeamGuess},
	}
	if games >= 200 {
		for setup, ps := range want {
			for _, p := range ps {
				if phases[setup][p] == 0 {
					t.Errorf("%s: no game reached %s (%v)", setup, p, phases[setup])
				}
			}
		}
		for _, w := range []string{"two seats' cards swapped", "a seat's card swapped with the table card", "another location"} {
			if twins[w] == 0 {
				t.Errorf("no twin with %s (%v)", w, twins)
			}
		}
	}
	t.Logf("phases: %v; twins: %v", phases, twins)
}
