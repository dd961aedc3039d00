// Package engine holds what every game engine shares: the contract each game keeps (Game),
// seats and the host's seat, the action codec, refusal errors, a seeded random source that
// can be saved with the state, and a pausable countdown clock driven by instants passed in
// from outside.
//
// The rules themselves live in one package per game family (engine/spyfall,
// engine/spyfest). Nothing here or below reads a clock, touches I/O or the browser: every
// engine is a deterministic state machine that replays exactly from its seed and its
// action log.
//
// # The contract
//
// A game's *Game implements Game. Seats are numbered from 0; NoSeat says "nobody" inside an
// action or a view, and Host is the sender of the host's own moves, whose kinds start with
// "host_" (HostOnly) and whose Go names start with Host: HostAddSeat, HostRemoveSeat,
// HostEndGame, declared once here for every game, and whatever else the game needs. Time
// passes only through Advance: Apply never lets it pass, so the caller advances to now
// before each action (game.Room does) and an action that needs a moment that already ran
// out is refused. Advance reports whether anything changed, NextDeadline says when it next will.
// A refused action returns a *Refusal wrapping one of the sentinel errors and leaves the
// state byte for byte as it was. Every action names the round (or vote, attempt, pick) it
// is meant for, so one that arrives late or twice is refused with ErrStale instead of
// landing on a later moment.
//
// # A third game, step by step
//
//  1. engine/<game>: a Config and New(Config) (*Game, error) that refuses a bad config with
//     ErrBadConfig; the state in one unexported struct saved whole by MarshalBinary and
//     checked by UnmarshalBinary; randomness only from a Rand kept in that state. The state
//     carries a version ("v"); a change of what is saved bumps it and adds an upgrade from
//     the version before (engine/spyfall/snapshot.go), so a host's saved game survives an
//     update, and a newer version is refused with ErrNewerSnapshot. A saved game of the
//     release before goes into app/game/testdata/oldsave, where a test resumes it.
//  2. Its actions: plain structs with a Kind, "host_" kinds for the host's moves; one
//     Codec (NewCodec) behind EncodeAction and DecodeAction; Action = engine.Action and
//     Host = engine.Host, so that its Apply(seat, a, now) is the one of Game.
//  3. Apply, Advance, NextDeadline and Over as the contract above says, with a
//     `var _ engine.Game = (*Game)(nil)` line so the compiler holds the game to it.
//  4. View(seat) built field by field from what that seat may see, View(NoSeat) the public
//     one; the view carries absolute deadlines (Instant) for the screens' countdowns.
//  5. Tests: the rules by their IDs, a seeded property test of random games (every game
//     ends, refusals change nothing, no view shows another seat's secret, snapshots
//     round-trip), a fuzz test of DecodeAction and Apply, and a runnable Example. The
//     helpers shared by engine tests are in engine/enginetest.
//  6. app/game: a Family name, the game's config in Settings, its view in TableView, and
//     one adapter (app/game/spyfall.go, app/game/spyfest.go are the two there are) that
//     implements the room's family interface: how session seats map onto engine seats,
//     which moves a player or the host may send, what a kick does, what the room settles
//     after a change; then an entry in the families table with its check, build and
//     restore. The room itself needs no change.
//  7. The screens, in a package of their own, app/<game>ui, beside app/spyfallui and
//     app/spyfestui: a UI type (what this device remembers that the host does not) with
//     Observe, called as each view arrives, and Render, which draws the view of this seat;
//     a Frame of what the screens need from outside (language, the clock offset to the host,
//     whether this tab hosts, a function that sends an action); and the lobby's settings
//     panel. They build from app/ui (selector helpers, clock, held card, sheet, held
//     buttons) and import nothing of the shell. The shell's side is small: in app/games.go a
//     frame built from the session (sending actions through a game.<Game>Action intent
//     helper), the family's line in observeGame, a branch in shell.renderGame and in
//     shell.renderSpectator, the panel in the lobby; every text and content name goes
//     into each language pack (app/i18n/packs; the engine names its content by id only).
package engine
