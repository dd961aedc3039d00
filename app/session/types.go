package session

import (
	"encoding/json"
	"time"

	"github.com/pion/transport/v4"
)

// Options configure a host or a joining player.
type Options struct {
	SignalURL  string   // e.g. "ws://192.168.1.5:8080/signal"
	Name       string   // this player's display name (trimmed, 1..24 runes; the host enforces)
	ICEServers []string // STUN/TURN URLs; empty on a LAN
	Loopback   bool     // native tests: allow loopback ICE candidates (FIELD-NOTES)

	// Native only (the browser keeps its own ICE timers): how long ICE waits before it calls a
	// connection disconnected, then failed. Zero keeps pion's defaults (5 s and 25 s); tests
	// shorten them so a dead peer is noticed quickly.
	ICEDisconnectedTimeout time.Duration
	ICEFailedTimeout       time.Duration

	// Token is a resume token from an earlier welcome (Client.Token), sent in hello so the
	// host can give this player the same seat back.
	Token string

	// OnWaiting, for a joining player, is called (on the client's own goroutine, so it must
	// not block) when the host has not seated the player at once: it typed the room code
	// instead of following the invite link, and waits for the host to let it in. Join keeps
	// waiting, bounded by its ctx, and returns once the player is seated or turned away.
	OnWaiting func()

	// Spectator seats this player as a watcher (a table screen): it gets only what every
	// player may see and takes no part in the game.
	Spectator bool

	// Store, for a host, is where it saves its whole state before every broadcast, so that
	// ResumeHost (or ResumeQRHost, for a game with no server) can bring the game back after a
	// reload. Nil keeps nothing. A joining player that may become the host (a handoff or a
	// takeover) saves there from then on.
	Store Store

	// OpenTable, for a joining player, makes the game's Table from a HostState's saved game
	// (nil or empty: a game still in the lobby), running on clock, for when this device
	// becomes the host (a handoff or a takeover). Nil hosts the lobby alone.
	OpenTable func(saved []byte, clock func() time.Time) (Table, error)

	// TakeoverAfter, for a joining player, is how long the host must have been away before
	// this device offers to continue the game on it (Update.Takeover). Zero: 90 s.
	TakeoverAfter time.Duration

	// A joining player's connection care (zero values take the defaults in reconnect.go and
	// paths.go): Heartbeat is how often it pings the host (silence for three means the
	// connection is dead); RetryDelay and RetryMaxDelay bound the waits between reconnect
	// attempts. The encrypted relay through the signaling server is tried alongside the
	// direct path when that has no connected ICE pair after RelayAfter (1.5 s), or its ICE
	// failed, or no direct data channel opened within DirectTimeout (12 s) whatever ICE
	// says; the first of the two to open is used.
	Heartbeat     time.Duration
	RetryDelay    time.Duration
	RetryMaxDelay time.Duration
	RelayAfter    time.Duration
	DirectTimeout time.Duration

	// OnRelay, for a joining player, is called (on the connecting goroutine, so it must not
	// block) when a connection attempt starts trying the relay: the direct path looks
	// blocked. The app says so on its connecting screen.
	OnRelay func()

	// RestartTimeout bounds an ICE restart: when a direct connection goes quiet, the player
	// first restarts ICE on the same PeerConnection (its data channel lives on, no new
	// hello); if the host does not answer a ping within this time, a new connection is made
	// instead. Zero takes the default (8 s).
	RestartTimeout time.Duration

	// iceNet (native tests) is the network pion's ICE listens on, so a test can cut a path.
	iceNet transport.Net

	// noDirect (native tests) gathers no ICE candidates, so only the relay can connect.
	noDirect bool
	// noWebRTC (native tests) joins as a browser without WebRTC does: no PeerConnection, the
	// relay alone.
	noWebRTC bool
	// handoffCut (native tests) is told each step of a handoff this player takes ("state":
	// the whole state arrived; "hosting": the room is taken, "taken" not sent yet, with the
	// new host); true ends the handoff there, as a device that died at that step.
	handoffCut func(step string, h *HostSession) bool
	// handoffYes (native tests) is called on a host when the asked device has said yes, before
	// the state goes out, so a test can act in that gap.
	handoffYes func()
}

// View is what the host sends one seat (t:"view"). Built per seat; never contains another seat's secret.
type View struct {
	State   uint64          `json:"state"`          // increases with every change of the host's state
	Room    string          `json:"room"`           // the room code
	You     Seat            `json:"you"`            // your seat number
	Players []Player        `json:"players"`        // table order
	Game    json.RawMessage `json:"game,omitempty"` // the game's per-seat view, added by later work
	Ack     uint64          `json:"ack,omitempty"`  // the last intent seq the host handled for you
	// Waiting lists the players waiting for the host to let them in (admission.go); only
	// the host's own seat is told.
	Waiting []Knock `json:"waiting,omitempty"`
}

// Player is one seat as everyone may see it.
type Player struct {
	Seat   Seat   `json:"seat"`
	Name   string `json:"name"`
	Online bool   `json:"online"`
	Host   bool   `json:"host"`
	// Spectator seats watch: they get the public view of the game and never a secret.
	Spectator bool `json:"spectator,omitempty"`
	// PlaysOnly: the seat's device said it cannot host (Hello.PlaysOnly).
	PlaysOnly bool `json:"playsOnly,omitempty"`
}

// Intent is what a player asks the host to do (t:"intent"). Identity comes from the connection, never from a field.
type Intent struct {
	Kind string          `json:"kind"`           // KindRename, KindGame, KindKick, KindMove, KindAdmit, KindTurnAway
	Name string          `json:"name,omitempty"` // for "rename"
	Game json.RawMessage `json:"game,omitempty"` // a game action, for kind "game"
	// Target is the seat a host-only lobby control acts on (rename another seat, kick,
	// move), or the Knock ID of a waiting player (admit, turn away); it never says who is
	// asking, which is always the connection's seat.
	Target *int `json:"target,omitempty"`
	To     *int `json:"to,omitempty"` // for "move": the new position in the table order
}

// Intent kinds.
const (
	KindRename = "rename"
	KindGame   = "game"
	KindKick   = "kick" // host only: remove seat Target from the room
	KindMove   = "move" // host only: move seat Target to position To of the table order
)

// Status is the state of a client's connection to its host.
type Status string // "connecting", "online", "reconnecting", "closed"

// Connection statuses carried in Update.Status.
const (
	StatusConnecting   Status = "connecting"
	StatusOnline       Status = "online"
	StatusReconnecting Status = "reconnecting"
	StatusClosed       Status = "closed"
)

// Update is one thing that happened to a client, delivered in order.
type Update struct {
	View   *View  // a new view of the table, when non-nil
	Notice string // a readable message for this player only (a refusal, "host is away"...), when non-empty
	Status Status // the connection status, when non-empty
	Code   string // with a Notice: its stable code, a refusal's (CodeVersion means reload) or a Notice* code
	// Path comes with Status "online" after a welcome: how this player now reaches the host
	// (PathDirect or PathRelay; "" for the host's own player).
	Path Path
	// With a CodeRefused: the game's stable code for why, and the rule behind it (Refusal).
	Reason, Rule string
	// HandOff: the host asks this player's device to take the game over; answer
	// with Client.AnswerHandoff.
	HandOff *HandoffAsk
	// Host: this device is now the host of the game (a handoff or a takeover): play on with
	// Host.Player(); this client ends after this update.
	Host *HostSession
	// Takeover: news of continuing the game without its host: an offer to ask,
	// another device's ask, this device's ask under way, or the end of it all.
	Takeover *Takeover
}
