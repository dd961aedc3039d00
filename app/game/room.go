package game

import (
	"bytes"
	"crypto/rand"
	"encoding"
	"encoding/binary"
	"encoding/json"
	"slices"
	"time"

	"safehouse/app/session"
	"safehouse/engine"
)

// Options configure a Room. Zero values use the real clock and crypto/rand seeds.
type Options struct {
	// Now is the host's clock; tests inject a fixed or stepped one.
	Now func() time.Time
	// Seed gives each new game (and each team shuffle) its random seed.
	Seed func() uint64
}

// Room is the host's table for one room: the lobby's settings and, once started, one engine.
// It implements session.Table, RosterTable, JoinTable, KickTable and TimedTable, and is saved whole by
// MarshalBinary. Like every Table it is called under the host's lock, one call at a time.
type Room struct {
	now    func() time.Time
	seed   func() uint64
	roster []session.Player
	s      roomState
	g      family // the game once started
	// unshown: the game's time passed before an action that was then refused, and no
	// view shows it yet (Advance reports it).
	unshown bool
}

// The host finds the optional seams by type assertion (and a refusal's code by errors.As):
// these fail the build when a method's signature drifts from the session's interface, where
// the assertion would fail silently.
var (
	_ session.RosterTable      = (*Room)(nil)
	_ session.JoinTable        = (*Room)(nil)
	_ session.KickTable        = (*Room)(nil)
	_ session.TimedTable       = (*Room)(nil)
	_ encoding.BinaryMarshaler = (*Room)(nil) // the host's save (session.HostState.Game)
	_ session.CodedRefusal     = (*Refusal)(nil)
)

// roomState is what the room keeps apart from its engine.
type roomState struct {
	Settings Settings `json:"settings"`
	// Teams are the Spyfest team picks of the lobby, by session seat.
	Teams   [2][]int `json:"teams"`
	Started bool     `json:"started"`
	// Seats maps engine seats to session seats (-1: the seat left the room).
	Seats []int `json:"seats"`
	// Names are the names last given to the Spyfall engine, by engine seat.
	Names []string `json:"names"`
	// Leaving are Spyfall engine seats kicked mid-round, removed once the round is over.
	Leaving []int `json:"leaving,omitempty"`
}

// NewRoom returns a room in the lobby with the default settings.
func NewRoom(o Options) *Room {
	r := &Room{now: o.Now, seed: o.Seed, s: roomState{Settings: DefaultSettings()}}
	if r.now == nil {
		r.now = time.Now
	}
	if r.seed == nil {
		r.seed = cryptoSeed
	}
	r.s.Teams = [2][]int{{}, {}}
	return r
}

func cryptoSeed() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails on supported platforms
	return binary.LittleEndian.Uint64(b[:])
}

func (r *Room) instant() engine.Instant { return engine.At(r.now()) }

// SetRoster records the seats in table order (session.RosterTable) and passes renames on
// to the game (Spyfall's engine keeps names; Join seated any late joiner already).
func (r *Room) SetRoster(players []session.Player) {
	r.roster = slices.Clone(players)
	if r.g != nil {
		r.g.follow(r, players)
	}
}

// Join takes a player joining the room into the game before the session seats them
// (session.JoinTable): mid-game a Spyfall late joiner gets an engine seat and
// waits for the next deal, a Spyfest one is seated when they pick a team. A refusal (a
// Spyfall table already at its edition's largest size) leaves the game unchanged, and the
// session then gives the player no seat.
func (r *Room) Join(p session.Player) error {
	if r.g == nil || p.Spectator || r.over() {
		return nil
	}
	return refused(r.g.arrive(r, p))
}

// engineSeat is the engine seat session seat plays, engine.NoSeat for a watcher or a seat
// not in the game.
func (r *Room) engineSeat(seat int, spectator bool) engine.Seat {
	if spectator {
		return engine.NoSeat
	}
	return engine.Seat(slices.Index(r.s.Seats, seat))
}

// player returns the roster entry of a session seat.
func (r *Room) player(seat int) (session.Player, bool) {
	for _, p := range r.roster {
		if p.Seat == seat {
			return p, true
		}
	}
	return session.Player{}, false
}

// playing lists the session seats that take part (not spectators), in table order.
func (r *Room) playing() []session.Player {
	var out []session.Player
	for _, p := range r.roster {
		if !p.Spectator {
			out = append(out, p)
		}
	}
	return out
}

// View builds seat's TableView (session.Table): its own engine view only (APP-HID-1), the
// public one for a spectator or a seat not in the game.
func (r *Room) View(seat int) json.RawMessage {
	p, _ := r.player(seat)
	v := TableView{
		Family: r.s.Settings.Family, Settings: r.s.Settings.public(), Started: r.s.Started,
		Host: p.Host, Spectator: p.Spectator, Now: r.now().UnixMilli(),
		Seats: slices.Clone(r.s.Seats), Teams: [2][]int{slices.Clone(r.s.Teams[0]), slices.Clone(r.s.Teams[1])},
	}
	if v.Seats == nil {
		v.Seats = []int{}
	}
	for t := range v.Teams {
		if v.Teams[t] == nil {
			v.Teams[t] = []int{}
		}
	}
	if p.Host {
		v.CannotStart = r.cannotStart()
	}
	if r.s.Settings.Family == Spyfest && r.s.Settings.Spyfest != nil {
		v.Warnings = r.s.Settings.Spyfest.Warnings()
	}
	if r.g != nil {
		r.g.view(r.engineSeat(seat, p.Spectator), &v)
	}
	out, err := json.Marshal(v)
	if err != nil {
		return nil // engine views are plain data; this cannot fail
	}
	return out
}

// public is the settings as every seat may see them: no seed, no names, no teams.
func (s Settings) public() Settings {
	out := Settings{Family: s.Family}
	if s.Spyfall != nil {
		c := *s.Spyfall
		c.Players, c.Seats, c.Seed = nil, 0, 0
		out.Spyfall = &c
	}
	if s.Spyfest != nil {
		c := *s.Spyfest
		c.Teams, c.Seed = [2][]engine.Seat{}, 0
		out.Spyfest = &c
	}
	return out
}

// Apply performs one game intent of seat (session.Table). Every refusal leaves the room as it
// was and is a *Refusal, which names its stable code for the sender's screen.
func (r *Room) Apply(seat int, raw json.RawMessage) error {
	return refused(r.apply(seat, raw))
}

func (r *Room) apply(seat int, raw json.RawMessage) error {
	p, ok := r.player(seat)
	if !ok {
		return refusal(engine.ErrNoSuchSeat, "", "seat %d is not in this room", seat)
	}
	var op Op
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&op); err != nil {
		return refusal(engine.ErrInvalidAction, "APP-ACT-1", "the game could not read that request: %v", err)
	}
	if dec.More() {
		return refusal(engine.ErrInvalidAction, "APP-ACT-1", "the game could not read that request: extra data after it")
	}
	switch op.Op {
	case OpSettings, OpStart, OpEnd, OpLobby, OpAssign, OpBalance, OpShuffle, OpHost:
		if !p.Host {
			return refusal(ErrNotHost, "APP-LOBBY-1", "only the host can do that")
		}
	case OpAction, OpTeam:
		if p.Spectator {
			return refusal(ErrSpectator, "", "spectators watch the game and cannot take part")
		}
	default:
		return refusal(engine.ErrInvalidAction, "APP-ACT-1", "unknown request %q", op.Op)
	}
	if err := op.checkFields(); err != nil {
		return err
	}
	switch op.Op {
	case OpSettings:
		return r.setSettings(*op.Settings)
	case OpStart:
		return r.start()
	case OpEnd:
		return r.end()
	case OpLobby:
		return r.backToLobby()
	case OpAction:
		return r.action(seat, op.Action)
	case OpHost:
		return r.hostAction(op.Action)
	case OpTeam:
		return r.pickTeam(seat, *op.Team)
	case OpAssign:
		return r.assign(*op.Target, *op.Team)
	case OpBalance:
		return r.balance()
	default: // OpShuffle
		return r.shuffle()
	}
}

// checkFields refuses an op missing what it needs or carrying what it does not take.
func (op Op) checkFields() error {
	need := map[string][]string{
		OpSettings: {"settings"}, OpAction: {"action"}, OpHost: {"action"}, OpTeam: {"team"}, OpAssign: {"target", "team"},
	}[op.Op]
	has := map[string]bool{
		"settings": op.Settings != nil, "action": op.Action != nil, "team": op.Team != nil, "target": op.Target != nil,
	}
	for field, present := range has {
		if present != slices.Contains(need, field) {
			if present {
				return refusal(engine.ErrInvalidAction, "APP-ACT-1", "%q does not take %q", op.Op, field)
			}
			return refusal(engine.ErrInvalidAction, "APP-ACT-1", "%q needs %q", op.Op, field)
		}
	}
	return nil
}

func (r *Room) inLobby(what string) error {
	if r.s.Started {
		return refusal(engine.ErrWrongPhase, "APP-LOBBY-1", "%s only in the lobby, before the game starts", what)
	}
	return nil
}
