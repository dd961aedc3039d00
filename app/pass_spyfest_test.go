//go:build !player

package app

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"safehouse/app/game"
	"safehouse/app/i18n"
	"safehouse/app/spyfestui"
	"safehouse/app/ui/uitest"
	"safehouse/engine"
	"safehouse/engine/spyfest"
)

// APP-PASS-1, APP-HID-4: Spyfest played on one phone passed around. The host chooses
// Spyfest and deals the teams on the phone; at each hand-over the phone goes to a player the
// game waits on by public facts alone (the active team choosing its Spy, the Spy drawing,
// the team whose guess it is), and the hand-over screen names only them; no player's
// resting screen shows the character or the keywords: it is the same when they change.
func TestPassAndPlaySpyfest(t *testing.T) {
	pt := newPassTable(t, "Maya\nLeo\nNadia\nOmar")
	s := pt.s
	set := s.setup(game.Spyfest)
	set.Change(pt.d.ctx, s.currentSettings().Config(game.Spyfest))
	pt.until("Spyfest chosen", func() bool { return s.game.View.Family == game.Spyfest })
	for i, p := range s.lobby.Players {
		s.setup(game.Spyfest).AssignTeam(pt.d.ctx, int(p.Seat), i%2)
	}
	pt.until("two teams of two", func() bool { return len(s.game.View.Teams[0]) == 2 && len(s.game.View.Teams[1]) == 2 })
	if html := pt.html(); !strings.Contains(html, `id="fest-start"`) {
		t.Fatal("the pass-and-play lobby shows no Spyfest Start")
	}
	s.sendGame(pt.d.ctx, game.Start())
	pt.until("the game", s.gameStarted)

	fest := func() *spyfest.View { return game.EngineView[spyfest.View](pt.view()) }
	act := func(a engine.Action) {
		t.Helper()
		before := fest()
		s.frame().Act(pt.d.ctx, a)
		pt.until(a.Kind(), func() bool {
			v := fest()
			return v.Phase != before.Phase || v.Spy != before.Spy || v.Attempt != before.Attempt || v.Guessing != before.Guessing
		})
	}
	// pass hands the phone on and checks whom it went to, and what the screens show.
	pass := func(why string) {
		t.Helper()
		public := fest() // teams, the Spy, the guess window: every seat's view shows them alike
		var waiting []engine.Seat
		switch public.Phase {
		case spyfest.PhaseSpyChoice:
			waiting = public.Teams[public.ActiveTeam].Members
		case spyfest.PhaseDraw, spyfest.PhaseKeep:
			waiting = []engine.Seat{public.Spy}
		case spyfest.PhaseStopped:
			waiting = public.Teams[public.Guessing].Members
		}
		screen, next := pt.handOver()
		took := pt.holder()
		// The new holder's latest view may still be on its way from the host.
		pt.until("the holder's view of the moment", func() bool {
			v := fest()
			return v.Phase == public.Phase && v.Spy == public.Spy && v.Attempt == public.Attempt && v.Guessing == public.Guessing
		})
		if waiting != nil && !slices.Contains(waiting, took.engineSeat()) {
			t.Errorf("%s: the phone went to %s (seat %d), the game waits on %v", why, took.name, took.engineSeat(), waiting)
		}
		if !strings.Contains(screen, i18n.T(i18n.English, i18n.SFPassTo, took.name)) || next != s.pass.current {
			t.Errorf("%s: the hand-over screen does not name %s", why, took.name)
		}
		pt.checkResting(why, screen)
	}

	pass("the active team chooses its Spy")
	v := fest()
	if v.Team != v.ActiveTeam {
		t.Fatalf("the phone is with team %d while team %d chooses", v.Team, v.ActiveTeam)
	}
	act(spyfest.ChooseSpy{Round: v.Round, Spy: v.Seat})
	pass("the Spy draws")
	if v = fest(); v.Role != spyfest.RoleSpy {
		t.Fatalf("the phone is with a %s while the Spy draws", v.Role)
	}
	act(spyfest.Draw{Round: v.Round})
	if v = fest(); v.Phase == spyfest.PhaseKeep {
		act(spyfest.Keep{Round: v.Round, Character: v.Candidates[0]})
	}
	for range s.pass.seats {
		pass("the Spy describes")
	}
	for v = fest(); v.Role == spyfest.RoleSpy; v = fest() {
		pass("to a player who may stop the game")
	}
	act(spyfest.Stop{Round: v.Round})
	pass("a team's guess")
	v = fest()
	if v.Team != v.Guessing {
		t.Fatalf("the phone is with team %d while team %d guesses", v.Team, v.Guessing)
	}
}

// checkResting checks that the hand-over screen and the resting screen of the player holding
// the phone show no secret: no card face, and the same screen when the character and the
// keywords are others (a twin of the view). The Spy keeping one of the drawn characters is
// shown them, as with drawn cards, and is compared in the other phases.
func (pt *passTable) checkResting(why, handOver string) {
	pt.t.Helper()
	v := game.EngineView[spyfest.View](pt.view())
	secrets := []string{}
	if v.Character != "" {
		secrets = append(secrets, i18n.CharacterName(i18n.English, v.Character))
	}
	for _, k := range v.MyKeywords {
		secrets = append(secrets, i18n.KeywordName(i18n.English, k))
	}
	for _, secret := range secrets {
		if strings.Contains(handOver, secret) {
			pt.t.Errorf("%s: the hand-over screen shows %q", why, secret)
		}
	}
	if html := pt.html(); strings.Contains(html, `card-face`) {
		pt.t.Errorf("%s: the resting screen shows the card's face", why)
	}
	if v.Phase == spyfest.PhaseKeep && v.Role == spyfest.RoleSpy {
		return
	}
	twin := *v
	if twin.Character != "" {
		for _, c := range v.Sheet {
			if c.ID != v.Character && !c.Out && !slices.Contains(v.KeywordsOut, c.ID) {
				twin.Character = c.ID
				break
			}
		}
	}
	twin.MyKeywords = nil
	for _, k := range v.Keywords {
		if len(twin.MyKeywords) < len(v.MyKeywords) && !slices.Contains(v.MyKeywords, k.ID) && !slices.Contains(v.KeywordsOut, k.ID) {
			twin.MyKeywords = append(twin.MyKeywords, k.ID)
		}
	}
	uitest.PinClock(pt.t, engine.At(time.Now())) // the same countdown on both screens
	a, b := pt.restingWith(v), pt.restingWith(&twin)
	if a != b {
		pt.t.Errorf("%s: %s's resting screen changes with the character or keywords: %s", why, pt.holder().name, uitest.FirstDifference(a, b))
	}
}

// restingWith is the screen of the player holding the phone drawn by fresh Spyfest screens
// that have seen v.
func (pt *passTable) restingWith(v *spyfest.View) string {
	pt.t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		pt.t.Fatal(err)
	}
	games := &pt.holder().games
	kept := (*games)[game.Spyfest]
	defer func() { (*games)[game.Spyfest] = kept }()
	fresh := new(spyfestui.UI)
	if err := fresh.See(raw); err != nil {
		pt.t.Fatal(err)
	}
	(*games)[game.Spyfest] = fresh
	return pt.html()
}
