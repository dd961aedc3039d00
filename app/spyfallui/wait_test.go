package spyfallui

import (
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

// sfHostScreen renders the host's Spyfall screen with its menu open.
type sfHostScreen struct {
	goapp.Compo
	ui *UI
	v  *spyfall.View
}

func (c *sfHostScreen) Render() goapp.UI {
	return c.ui.Render(c.v, Frame{Lang: i18n.English, Host: true, Act: func(goapp.Context, spyfall.Action) {}})
}

func renderHostMenu(t *testing.T, g *spyfall.Game, seat engine.Seat) string {
	t.Helper()
	v := g.View(seat)
	c := &sfHostScreen{ui: &UI{hostMenu: true}, v: &v}
	return uitest.HTML(t, c)
}

var buttonID = regexp.MustCompile(`<button[^>]*\bid="([^"]+)"`)

// buttonIDs lists the ids of a screen's buttons, sorted.
func buttonIDs(html string) []string {
	var out []string
	for _, m := range buttonID.FindAllStringSubmatch(html, -1) {
		out = append(out, m[1])
	}
	slices.Sort(out)
	return out
}

// SF-END-1a: at a classic time up the seat in turn is offered a pass beside its accusation,
// and the spy in turn and a non-spy in turn see the same buttons; nobody else gets a pass.
func TestSpyfallPassOnTurnLooksTheSame(t *testing.T) {
	g := playingGame(t)
	deadline, _ := g.NextDeadline()
	g.Advance(deadline)
	spy, _ := spyAndLocation(g)
	var spyButtons, innocentButtons []string
	for g.View(engine.NoSeat).Phase == spyfall.PhaseEndAccuse {
		turn := g.View(engine.NoSeat).EndTurn
		buttons := buttonIDs(renderSeat(t, g, turn))
		if !slices.Contains(buttons, "pass-turn") || !slices.Contains(buttons, "accuse-confirm") {
			t.Fatalf("seat %d in turn has the buttons %v", turn, buttons)
		}
		if turn == spy {
			spyButtons = buttons
		} else {
			innocentButtons = buttons
		}
		for _, s := range g.View(engine.NoSeat).Seats {
			if s.ID != turn && strings.Contains(renderSeat(t, g, s.ID), `id="pass-turn"`) {
				t.Fatalf("seat %d is offered a pass on seat %d's turn", s.ID, turn)
			}
		}
		sfMust(t, g.Apply(turn, spyfall.Pass{Round: 1}, deadline))
	}
	if spyButtons == nil || innocentButtons == nil {
		t.Fatal("the spy or a non-spy never had the turn")
	}
	if !slices.Equal(spyButtons, innocentButtons) {
		t.Fatalf("the spy in turn sees %v, a non-spy in turn %v", spyButtons, innocentButtons)
	}
	if res := g.View(engine.NoSeat).LastRound; res == nil || res.Ending != spyfall.EndNoConviction {
		t.Fatalf("every seat passed: %+v", res)
	}
}

// SF-END-1a: wherever the game waits on one seat, the host's menu names it and offers a pass
// for it, and the pass it would send is one the engine takes, moving the game on.
func TestHostMenuPassesForTheSeatWaitedOn(t *testing.T) {
	c := spyfall.Config{Edition: spyfall.Spyfall2, Players: []string{"Maya", "Leo", "Nadia", "Omar", "Iris"}, Seed: 11}
	g, err := spyfall.New(c)
	sfMust(t, err)
	host := engine.Seat(0)
	moments := 0
	for step := 0; g.View(engine.NoSeat).Phase != spyfall.PhaseRoundOver; step++ {
		if step > 60 {
			t.Fatalf("the host's passes do not end the round: phase %s", g.View(engine.NoSeat).Phase)
		}
		v := g.View(host)
		switch v.Phase {
		case spyfall.PhaseLobby:
			sfMust(t, g.Apply(spyfall.Host, spyfall.Deal{Round: 1}, sfStart))
			continue
		case spyfall.PhasePlaying:
			// Nobody is waited on while the clock runs: time runs out.
			if html := renderHostMenu(t, g, host); strings.Contains(html, "host-pass") {
				t.Fatal("the host's menu offers a pass while the clock runs")
			}
			deadline, _ := g.NextDeadline()
			g.Advance(deadline)
			continue
		}
		passes := v.Waits
		if len(passes) == 0 {
			t.Fatalf("phase %s waits on nobody", v.Phase)
		}
		html := renderHostMenu(t, g, host)
		for _, p := range passes {
			if !strings.Contains(html, ">Pass for "+seatName(&v, p.Seat)+"<") {
				t.Fatalf("phase %s: the menu has no pass for %s: %s", v.Phase, seatName(&v, p.Seat), html)
			}
		}
		if !strings.Contains(html, "The game is waiting for "+seatName(&v, passes[0].Seat)) {
			t.Fatalf("phase %s: the menu does not say whom the game waits for", v.Phase)
		}
		moments++
		before, _ := g.MarshalBinary()
		sfMust(t, g.Apply(spyfall.Host, passes[0], sfStart))
		if after, _ := g.MarshalBinary(); string(after) == string(before) {
			t.Fatalf("phase %s: the host's pass changed nothing", v.Phase)
		}
	}
	if moments < 3 {
		t.Fatalf("only %d moments waited on a seat", moments)
	}
}
