package spyfallui

import (
	"strings"
	"testing"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/ui/uitest"
	"safehouse/engine"
	"safehouse/engine/spyfall"
)

// sfScreenIn renders one seat's Spyfall screen in lang.
type sfScreenIn struct {
	goapp.Compo
	v    *spyfall.View
	lang i18n.Lang
}

func (c *sfScreenIn) Render() goapp.UI {
	return (&UI{}).Render(c.v, Frame{Lang: c.lang, Act: func(goapp.Context, spyfall.Action) {}})
}

func renderSeatIn(t *testing.T, g *spyfall.Game, seat engine.Seat, lang i18n.Lang) string {
	t.Helper()
	v := g.View(seat)
	c := &sfScreenIn{v: &v, lang: lang}
	return uitest.HTML(t, c)
}

// Passes are said on screen: the voter the host passed for in the last vote (its ballot
// counted neither way) and the seat that passed its turn at time up, the same for every
// seat and in each language.
func TestSpyfallPassesAreShown(t *testing.T) {
	g := playingGame(t)
	seats := g.View(engine.NoSeat).Seats
	accuser, suspect := seats[0].ID, seats[1].ID
	sfMust(t, g.Apply(accuser, spyfall.Accuse{Round: 1, Suspect: suspect}, sfStart))
	vote := g.View(accuser).Vote
	silent := engine.NoSeat
	for _, s := range vote.Voters {
		if g.View(s).Vote.Mine != "pending" {
			continue
		}
		if silent == engine.NoSeat {
			silent = s
			sfMust(t, g.Apply(spyfall.Host, spyfall.HostPass{Round: 1, Vote: vote.ID, Seat: s}, sfStart))
			continue
		}
		sfMust(t, g.Apply(s, spyfall.Vote{Vote: vote.ID, Yes: false}, sfStart))
	}
	if silent == engine.NoSeat {
		t.Fatal("no voter left to pass for")
	}
	timeUp(t, g)
	v := g.View(engine.NoSeat)
	if v.Phase != spyfall.PhaseEndAccuse {
		t.Fatalf("phase %s at time up, want end_accuse", v.Phase)
	}
	passer := v.EndTurn
	sfMust(t, g.Apply(passer, spyfall.Pass{Round: 1}, sfStart))
	v = g.View(engine.NoSeat)
	if v.LastVote == nil || len(v.LastVote.PassedFor) != 1 || len(v.Passed) != 1 {
		t.Fatalf("the view holds last vote %+v and passed %v: want one pass of each", v.LastVote, v.Passed)
	}
	for _, lang := range []i18n.Lang{i18n.English, i18n.Russian} {
		want := []string{
			i18n.T(lang, i18n.SFLastVoteFor, seatName(&v, silent)),
			i18n.T(lang, i18n.SFEndPassed, seatName(&v, passer)),
		}
		for _, s := range seats {
			html := renderSeatIn(t, g, s.ID, lang)
			for _, w := range want {
				if n := strings.Count(html, w); n != 1 {
					t.Errorf("%s, seat %d: %q shown %d times, want once", lang, s.ID, w, n)
				}
			}
		}
	}
}
