package game

import (
	"bytes"
	"crypto/rand"
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

// Room is the host's table for one room: the lobby's settings and, once started, one game.
// It implements session.Table, RosterTable, JoinTable, KickTable and TimedTable, and is saved whole by
// MarshalBinary. Like every Table it is called under the host's lock, one call at a time.
type Room struct {
	now    func() time.Time
	seed   func() uint64
	roster []session.Player
	s      roomState
	g      Play // the game once started
	// unshown: the game's time passed before an action that was then refused, and no
	// view shows it yet (Advance reports it).
	unshown bool
}

var (
	_ session.RosterTable = (*Room)(nil)
	_ session.JoinTable   = (*Room)(nil)
	_ session.KickTable   = (*Room)(nil)
	_ session.TimedTable  = (*Room)(nil)
)

// roomState is what the room keeps apart from its game.
type roomState struct {
	Settings Settings `json:"settings"`
	// Teams are the lobby's team picks, by session seat (a game of teams).
	Teams   [2][]session.Seat `json:"teams"`
	Started bool              `json:"started"`
	// Seats maps engine seats to session seats (-1: the seat left the room).
	Seats []session.Seat `json:"seats"`
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
	r.s.Teams = [2][]session.Seat{{}, {}}
	return r
}

func cryptoSeed() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails on supported platforms
	return binary.LittleEndian.Uint64(b[:])
}

func (r *Room) instant() engine.Instant { return engine.At(r.now()) }

// rules are the rules of the family the settings choose (setSettings admits no other).
func (r *Room) rules() Rules {
	f, _ := rulesOf(r.s.Settings.Family)
	return f
}

// SetRoster records the seats in table order (session.RosterTable) and passes renames on
// to the game (a late joiner was seated by Join already).
func (r *Room) SetRoster(players []session.Player) {
	r.roster = slices.Clone(players)
	if r.g == nil || r.g.Over() {
		return
	}
	now := r.instant()
	for _, p := range players {
		if e := r.engineSeat(p.Seat, p.Spectator); e != engine.NoSeat {
			r.g.Rename(e, p.Name, now)
		}
	}
}

// Join takes a player joining the room into the game before the session seats them
// (session.JoinTable). In a game without teams a late joiner gets an engine seat now and
// waits for the next round; in a game of teams they are seated when they pick a team. A
// refusal (a table already as large as the game allows) leaves the game unchanged, and the
// session then gives the player no seat.
func (r *Room) Join(p session.Player) error {
	if r.g == nil || p.Spectator || r.over() || r.rules().Teams() || slices.Contains(r.s.Seats, p.Seat) {
		return nil
	}
	return refused(r.seatLate(p.Seat, engine.HostAddSeat{Seat: engine.Seat(len(r.s.Seats)), Name: p.Name}))
}

// seatLate seats session seat seat in the game by add, which names the engine seat: a new
// one at the end of the seat map, or the one the seat already has.
func (r *Room) seatLate(seat session.Seat, add engine.HostAddSeat) error {
	if err := r.play(engine.Host, add); err != nil {
		return err
	}
	if int(add.Seat) == len(r.s.Seats) {
		r.s.Seats = append(r.s.Seats, seat)
	}
	return nil
}

// engineSeat is the engine seat session seat plays, engine.NoSeat for a watcher or a seat
// not in the game.
func (r *Room) engineSeat(seat session.Seat, spectator bool) engine.Seat {
	if spectator {
		return engine.NoSeat
	}
	return engine.Seat(slices.Index(r.s.Seats, seat))
}

// gone lists the engine seats whose players left the room.
func (r *Room) gone() []engine.Seat {
	var out []engine.Seat
	for e, s := range r.s.Seats {
		if s < 0 {
			out = append(out, engine.Seat(e))
		}
	}
	return out
}

// player returns the roster entry of a session seat.
func (r *Room) player(seat session.Seat) (session.Player, bool) {
	i := slices.IndexFunc(r.roster, func(p session.Player) bool { return p.Seat == seat })
	if i < 0 {
		return session.Player{}, false
	}
	return r.roster[i], true
}

// playing lists the session seats that take part (not spectators), in table order.
func (r *Room) playing() []session.Player {
	return slices.DeleteFunc(slices.Clone(r.roster), func(p session.Player) bool { return p.Spectator })
}

// View builds seat's TableView (session.Table): its own engine view only, the
// public one for a spectator or a seat not in the game.
func (r *Room) View(seat session.Seat) json.RawMessage {
	p, _ := r.player(seat)
	v := TableView{
		Family: r.s.Settings.Family, Settings: r.s.Settings.public(), Started: r.s.Started,
		Host: p.Host, Spectator: p.Spectator, Now: r.now().UnixMilli(),
		Seats: slices.Clone(r.s.Seats), Teams: [2][]session.Seat{slices.Clone(r.s.Teams[0]), slices.Clone(r.s.Teams[1])},
	}
	if v.Seats == nil {
		v.Seats = []session.Seat{}
	}
	for t := range v.Teams {
		if v.Teams[t] == nil {
			v.Teams[t] = []session.Seat{}
		}
	}
	if p.Host {
		v.CannotStart = r.cannotStart()
	}
	if c := r.s.Settings.Config(r.s.Settings.Family); c != nil {
		v.Warnings = r.rules().Warnings(c)
	}
	if r.g != nil {
		v.Game, _ = json.Marshal(r.g.SeatView(r.engineSeat(seat, p.Spectator))) // engine views are plain data
	}
	// Not json.Marshal(v): that would run MarshalJSON and then scan and copy its whole output
	// again, for every seat on every change, where MarshalJSON already writes compact JSON.
	out, err := v.MarshalJSON()
	if err != nil {
		return nil // plain data: this cannot fail
	}
	return out
}

// Apply performs one game intent of seat (session.Table). Every refusal leaves the room as it
// was and is an *engine.Refusal, which names its stable code for the sender's screen.
func (r *Room) Apply(seat session.Seat, raw json.RawMessage) error {
	return refused(r.apply(seat, raw))
}

func (r *Room) apply(seat session.Seat, raw json.RawMessage) error {
	p, ok := r.player(seat)
	if !ok {
		return refusal(engine.ErrNoSuchSeat, "", "seat %d is not in this room", seat)
	}
	var op Op
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&op); err != nil {
		return refusal(engine.ErrInvalidAction, ruleActionChecked, "the game could not read that request: %v", err)
	}
	if dec.More() {
		return refusal(engine.ErrInvalidAction, ruleActionChecked, "the game could not read that request: extra data after it")
	}
	switch op.Op {
	case OpSettings, OpStart, OpEnd, OpLobby, OpAssign, OpBalance, OpShuffle, OpHost:
		if !p.Host {
			return refusal(engine.ErrNotHost, ruleHostArrangesSeats, "only the host can do that")
		}
	case OpAction, OpTeam:
		if p.Spectator {
			return refusal(engine.ErrSpectator, "", "spectators watch the game and cannot take part")
		}
	default:
		return refusal(engine.ErrInvalidAction, ruleActionChecked, "unknown request %q", op.Op)
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
		return r.assign(session.Seat(*op.Target), *op.Team)
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
				return refusal(engine.ErrInvalidAction, ruleActionChecked, "%q does not take %q", op.Op, field)
			}
			return refusal(engine.ErrInvalidAction, ruleActionChecked, "%q needs %q", op.Op, field)
		}
	}
	return nil
}

func (r *Room) inLobby(what string) error {
	if r.s.Started {
		return refusal(engine.ErrWrongPhase, ruleHostArrangesSeats, "%s only in the lobby, before the game starts", what)
	}
	return nil
}
