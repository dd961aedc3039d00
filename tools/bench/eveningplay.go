//go:build !wasm

package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"time"

	"safehouse/app/game"
	"safehouse/app/session"
	"safehouse/engine"
	"safehouse/engine/spyfall"
)

// eveningPeer is one native player of the evening: its client and the latest engine view its
// host sent it (nil in the lobby).
type eveningPeer struct {
	c    *session.Client
	mu   sync.Mutex
	view *spyfall.View
}

func (p *eveningPeer) follow(v *session.View) {
	tv, err := game.DecodeView(v.Game)
	if err != nil {
		return
	}
	var sv *spyfall.View
	if tv != nil && tv.Started {
		sv = game.EngineView[spyfall.View](tv)
	}
	p.mu.Lock()
	p.view = sv
	p.mu.Unlock()
}

func (p *eveningPeer) latest() *spyfall.View {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.view
}

func (p *eveningPeer) act(a spyfall.Action) error {
	in, err := game.Action(a)
	if err != nil {
		return err
	}
	if err := p.c.Send(in); err != nil {
		return fmt.Errorf("sending %s: %w", a.Kind(), err)
	}
	return nil
}

// table is the evening's game as its players play it: the host tab and the player tab by
// their buttons, the native players by the session's intents.
type table struct {
	host    *hostTab
	player  *tab
	natives []*eveningPeer
}

// until waits until every native player's view satisfies ok (nil views never do, unless ok
// is lobby), at most a minute.
func (t *table) until(what string, ok func(v *spyfall.View) bool) error {
	deadline := time.Now().Add(time.Minute)
	for {
		all := true
		for _, p := range t.natives {
			if !ok(p.latest()) {
				all = false
				break
			}
		}
		if all {
			return nil
		}
		if time.Now().After(deadline) {
			v := t.natives[0].latest()
			if v == nil {
				return fmt.Errorf("waited a minute for %s; the first native player is in the lobby", what)
			}
			return fmt.Errorf("waited a minute for %s; the first native player sees round %d, phase %s", what, v.Round, v.Phase)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

func inPhase(round int, phases ...spyfall.Phase) func(v *spyfall.View) bool {
	return func(v *spyfall.View) bool { return v != nil && v.Round == round && slices.Contains(phases, v.Phase) }
}

func inLobby(v *spyfall.View) bool { return v == nil }

// native is the native player holding engine seat s, or nil for a browser tab's seat.
func (t *table) native(s engine.Seat) *eveningPeer {
	for _, p := range t.natives {
		if v := p.latest(); v != nil && v.Seat == s {
			return p
		}
	}
	return nil
}

// tabOf is the browser tab playing engine seat s (found by the names they joined with).
func (t *table) tabOf(v *spyfall.View, s engine.Seat) (*tab, error) {
	for _, st := range v.Seats {
		if st.ID != s {
			continue
		}
		switch st.Name {
		case hostName:
			return t.host.tab, nil
		case playerName:
			return t.player, nil
		}
	}
	return nil, fmt.Errorf("seat %d is neither a native player nor a tab", s)
}

// press clicks the button with id in tb once it is there.
func press(tb *tab, id string) error {
	key, _ := json.Marshal(id)
	el := fmt.Sprintf(`document.getElementById(%s)`, key)
	if err := tb.waitFor(el+` && !`+el+`.disabled`, time.Minute); err != nil {
		return err
	}
	_, err := eval[bool](tb, el+`.click(), true`)
	return err
}

// startGame has the host tab start a game from the lobby (with the evening's settings the
// first time) and waits for its first deal.
func (t *table) startGame(first bool) error {
	if first {
		for _, step := range []struct{ click, pressed string }{
			{`#set-edition button[data-value='spyfall2']`, `#set-edition button[data-value='spyfall2'][aria-pressed=true]`},
			{`#set-tracker`, `#set-tracker:checked`},
		} {
			if err := t.host.waitFor(fmt.Sprintf(`document.querySelector(%q)`, step.click), time.Minute); err != nil {
				return err
			}
			if _, err := eval[bool](t.host.tab, fmt.Sprintf(`document.querySelector(%q).click(), true`, step.click)); err != nil {
				return err
			}
			if err := t.host.waitFor(fmt.Sprintf(`document.querySelector(%q)`, step.pressed), time.Minute); err != nil {
				return fmt.Errorf("the host's setting: %w", err)
			}
		}
	}
	if err := press(t.host.tab, "start-game"); err != nil {
		return fmt.Errorf("the host's Start: %w", err)
	}
	return t.until("the first deal", inPhase(1, spyfall.PhaseDealt))
}

// playRound plays round r of the game under way, from its deal to its result, as its players
// would: the deal (asked by a native player from round 2 on), the dealer starting the clock,
// up to three questions on the tracker while a native player asks, then the midpoint (where
// the evening weighs the tabs at a checkpoint), an accusation of a native agent by another,
// every other seat voting yes (the tabs by their buttons), and the result. It returns
// whether the game ended with it.
func (t *table) playRound(r int, midpoint func() error) (over bool, err error) {
	if r > 1 {
		if err := t.natives[0].act(spyfall.Deal{Round: r}); err != nil {
			return false, err
		}
		if err := t.until(fmt.Sprintf("the deal of round %d", r), inPhase(r, spyfall.PhaseDealt)); err != nil {
			return false, err
		}
	}
	v := t.natives[0].latest()
	if p := t.native(v.Dealer); p != nil {
		err = p.act(spyfall.StartClock{Round: r})
	} else if tb, terr := t.tabOf(v, v.Dealer); terr != nil {
		err = terr
	} else {
		err = press(tb, "start-clock")
	}
	if err != nil {
		return false, fmt.Errorf("starting the clock: %w", err)
	}
	if err := t.until(fmt.Sprintf("round %d's clock", r), inPhase(r, spyfall.PhasePlaying)); err != nil {
		return false, err
	}
	for range 3 {
		v := t.natives[0].latest()
		asker := t.native(v.Asker)
		if asker == nil {
			break // a tab asks now; its question is spoken, not tracked here
		}
		target := t.pick(v, func(s engine.Seat) bool { return s != v.Asker && s != v.AskedBy })
		if target == nil {
			break
		}
		if err := asker.act(spyfall.Ask{Round: r, Question: v.Question, Target: target.latest().Seat}); err != nil {
			return false, err
		}
		q := v.Question
		if err := t.until("a question", func(v *spyfall.View) bool { return v != nil && v.Question > q }); err != nil {
			return false, err
		}
	}
	if midpoint != nil {
		if err := midpoint(); err != nil {
			return false, err
		}
	}
	return t.accuse(r)
}

// pick is a native agent (holding no spy card) whose seat passes ok, or nil.
func (t *table) pick(v *spyfall.View, ok func(engine.Seat) bool) *eveningPeer {
	for _, p := range t.natives {
		pv := p.latest()
		if pv != nil && pv.Card != nil && !pv.Card.Spy && ok(pv.Seat) && inRound(v, pv.Seat) {
			return p
		}
	}
	return nil
}

func inRound(v *spyfall.View, s engine.Seat) bool {
	for _, st := range v.Seats {
		if st.ID == s {
			return st.InRound && !st.Absent
		}
	}
	return false
}

// accuse has one native agent accuse another and every voter say yes: an agent convicted,
// the spies win the round.
func (t *table) accuse(r int) (bool, error) {
	v := t.natives[0].latest()
	accuser := t.pick(v, func(engine.Seat) bool { return true })
	if accuser == nil {
		return false, fmt.Errorf("round %d: no native agent to accuse", r)
	}
	from := accuser.latest().Seat
	suspect := t.pick(v, func(s engine.Seat) bool { return s != from })
	if suspect == nil {
		return false, fmt.Errorf("round %d: no native agent to be accused", r)
	}
	if err := accuser.act(spyfall.Accuse{Round: r, Suspect: suspect.latest().Seat}); err != nil {
		return false, err
	}
	if err := t.until("the vote", inPhase(r, spyfall.PhaseVote)); err != nil {
		return false, err
	}
	v = t.natives[0].latest()
	for _, voter := range v.Vote.Voters {
		if slices.Contains(v.Vote.Voted, voter) {
			continue
		}
		if p := t.native(voter); p != nil {
			err := p.act(spyfall.Vote{Vote: v.Vote.ID, Yes: true})
			if err != nil {
				return false, err
			}
			continue
		}
		tb, err := t.tabOf(v, voter)
		if err == nil {
			err = press(tb, "vote-yes")
		}
		if err != nil {
			return false, fmt.Errorf("round %d's vote: %w", r, err)
		}
	}
	if err := t.until(fmt.Sprintf("round %d's result", r), inPhase(r, spyfall.PhaseRoundOver, spyfall.PhaseGameOver)); err != nil {
		return false, err
	}
	return t.natives[0].latest().Phase == spyfall.PhaseGameOver, nil
}

// backToLobby has the host tab leave a finished game for the lobby.
func (t *table) backToLobby() error {
	if err := press(t.host.tab, "back-to-lobby"); err != nil {
		return fmt.Errorf("the host's back to the lobby: %w", err)
	}
	return t.until("the lobby", inLobby)
}
