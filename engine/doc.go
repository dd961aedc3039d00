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
// What a game beside Spyfall and Spyfest needs, and no more: app/toygame is one (guess the
// number, for tests), and each step below names its file there.
//
//  1. The rules (toygame/game.go, engine/<game> for a game players see): a Config and a New
//     that refuses a bad one with ErrBadConfig; the state in one unexported struct, saved
//     whole by MarshalBinary with a version ("v") and read back by UnmarshalBinary, which
//     refuses a newer version with ErrNewerSnapshot (ReadSnapshot reads the version, refuses
//     a newer one and hands an older one to the game's upgrade); randomness only from a Rand
//     seeded by the Config. The actions are plain structs with a Kind, the host's own
//     starting with "host_"; one Codec (NewCodec) knows them and SeatMoves. A Game implements Game, as
//     `var _ engine.Game = (*Game)(nil)` holds it to: Apply takes its own actions and the
//     seat moves (HostAddSeat, HostRemoveSeat, HostEndGame), refusing with a *Refusal that
//     changes nothing; Advance and NextDeadline its clocks (none: false); Over; and
//     SeatView, what one seat may see (NoSeat: the public view), absolute deadlines as
//     Instants.
//  2. The room's side (toygame/rules.go): a game.Rules, which names the family and gives its
//     DefaultConfig, reads one strictly (ReadConfig), strips what the room fills in at start
//     (PublicConfig), warns (Warnings), says whether the lobby deals teams (Teams), checks a
//     config for a table (Check) and starts or restores the game (Start, Restore); the game
//     it makes is a game.Play: the Game, plus how a seat's action and the host's own moves
//     are read (PlayerAction, HostMove), and what a rename, a seat leaving the room and any
//     change mean to it (Rename, Remove, Settle).
//  3. The screens (toygame/screens.go, app/<game>ui for a game players see): one type per
//     device that takes each view of its seat as it arrives (See) and draws the game screen
//     in the frame the shell fills (Screen, ui.Frame: the language, the clock's skew, the
//     names, how to send an action), the lobby's panel from the room's settings (Settings,
//     ui.Setup: the config, the players, how to change it and Start), why a start is refused
//     where its code says too little (StartWhy), whom the game waits on by public facts when
//     one phone is passed around (Waiting), and what to close when it changes hands (PutDown).
//  4. One line (app/toygame_test.go; app/games.go for a game players see):
//     registerGame(rules, func() gameUI { return new(UI) }) adds the family to every room and
//     its screens to the shell. Nothing else of the room, the session or the shell changes.
//
// A game that players see needs besides: its words in every language pack (app/i18n/packs,
// content named by id), the rule IDs its refusals send in one table (engine/<game>/refusals.go,
// the only non-test file to name them: tools/rulecheck), tests of its rules by their IDs with
// a seeded property test of random games (engine/enginetest), a fuzz test of its codec and Apply, and a saved game of
// each release in app/game/testdata/oldsave once its save changes.
package engine
