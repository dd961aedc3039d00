// Package game is the host-side table of one room: it holds the lobby's settings of every
// game family, starts the chosen family's game from the seats in table order, hands every
// seat its own engine view, forwards the players' actions with the host's clock, and moves
// the game on when a timer runs out. It plugs into the host as a session.Table.
//
// # On the host
//
//	room := game.NewRoom(game.Options{})  // Now and Seed are injectable for tests
//	host.SetTable(room)                   // a session.HostSession or session.LocalHost
//	err := room.UnmarshalBinary(saved)    // after a reload: HostState.Game, before ResumeHost
//
// A save of an earlier release resumes too: each engine upgrades its older snapshots, and
// testdata/oldsave holds real saves of the previous release that oldsave_test.go resumes (a
// change of what is saved adds its release's saves there). A save of a newer build is
// refused with engine.ErrNewerSnapshot, so the host tab can ask for the update.
//
// The room follows the session's roster (SetRoster): spectators never get a seat in the
// engine; in a game without teams a player who arrives during the game is seated by the room
// before the session seats them (Join, engine.HostAddSeat) and waits for the next round, or,
// at a table already as large as the game allows, is refused, and the session seats nobody;
// in a game of teams they pick a team, which the engine takes between rounds. The session
// asks the room before a kick (Kick) and wakes it at the engine's next deadline
// (NextDeadline, Advance). Engines never let time pass in Apply (engine.Game), so the room
// lets it pass to its clock before every action: a host timer that wakes late (a hidden
// tab's) never makes a player's action land on a moment that ran out.
//
// # The families
//
// The room knows each game family only through its Rules, registered once (family.go):
// its name, its default config and how to read and check one, whether the lobby deals the
// players into teams, and how to start or restore its game, a Play: the engine contract
// (engine.Game, with each seat's view) and what the room asks around it (a seat's action,
// the host's moves, a rename, a seat that leaves, what to settle after a change). Spyfall
// (spyfall.go) and Spyfest (spyfest.go) are registered here; another game registers its own
// Rules with Register, in one line, and the room, the settings and the views take it in.
//
// # What every seat receives
//
// The Game field of every session.View is one JSON TableView, built for that seat only
// (no message carries a secret its seat may not see): the engine's View of that seat, never
// another seat's, and the public view (engine.NoSeat) for a spectator or a host that is a
// table screen.
//
//	{"family":"spyfall"|"spyfest"|...,
//	 "settings":{"family":...,"spyfall":{spyfall.Config},"spyfest":{spyfest.Config},...},
//	 "started":bool, "host":bool, "spectator":bool,
//	 "now":<host clock when the view was built, Unix ms>,
//	 "seats":[session seat of engine seat 0, of engine seat 1, ...],
//	 "teams":[[session seats in team 0],[in team 1]],   a game of teams, lobby: the picks so far
//	 "warnings":["..."],                                 legal but unwise settings
//	 "cannotStart":{"code":"table-size","rule":<rule ID>}, host, lobby: why start would be
//	                                                     refused now (absent: it would start)
//	 "<family>":<the engine's view of this seat>}        once the game has started
//
// Decode it with DecodeView, and the engine's view with GameView (or EngineView) into the
// family's own View type. Engine views name seats by engine seat, in every family the same
// way: engine seats count from 0 in table order at the start (spectators left out), then late
// joiners, and "seats" maps them to session seats (session.Player.Seat) for names and
// presence (SessionSeat, EngineSeat); -1 once that seat left the room. Settings hold a config
// for every registered family, never a seed, player names or teams (the room fills those in
// at start).
//
// Timers: engine views carry absolute deadlines (Unix ms). A client renders a countdown as
// deadline - (its own clock + offset), where offset = now - its own clock when the view
// arrived (refine it with session pings). The host calls Advance at the engine's next
// deadline, so the game moves on when a clock runs out without anyone sending anything.
//
// # What a seat may ask
//
// A game intent is session.Intent{Kind: "game", Game: <op JSON>}; build them with the helpers
// of this package (SetSettings, Start, End, BackToLobby, Action, PickTeam, AssignTeam,
// BalanceTeams, ShuffleTeams), which compile for the browser too.
//
//	{"op":"settings","settings":{...}}   host, before start: the whole Settings
//	{"op":"start"}                       host: a new engine from the seats in table order
//	{"op":"end"}                         host: end the game now (a round in play is voided)
//	{"op":"lobby"}                       host, after the game: back to the lobby, same settings
//	{"op":"action","action":{...}}       a playing seat: one engine action, e.g.
//	                                     {"kind":"accuse","round":2,"suspect":3}
//	{"op":"host","action":{...}}         host: one of the game's own host moves (Spyfall's
//	                                     host_pass for the seat the game waits on, or
//	                                     host_mark_absent)
//	{"op":"team","team":0|1}             a game of teams: this seat picks a team (in the lobby,
//	                                     or a late joiner between rounds)
//	{"op":"assign","target":S,"team":T}  host, lobby of a game of teams: put session seat S in
//	                                     team T (-1 takes it out)
//	{"op":"balance"} {"op":"shuffle"}    host, lobby of a game of teams: even out or deal the
//	                                     teams
//
// Renaming another seat, kicking and reordering seats are session intents (RenameSeat,
// Kick, MoveSeat build them); the session asks the room before a kick so a seat kicked
// mid-round is taken out of the engine (absent, or the round voided when it cannot go on without the seat).
//
// Host-only ops from any other seat, engine host actions sent as "action" (and any but
// those two as "host"), unknown ops or fields, and anything the engine refuses are refused
// with a readable message to the sender alone, and change nothing. Settings
// whose views would not fit in one session message (huge custom content) are refused as
// well.
//
// Every refusal is an *engine.Refusal naming a stable code (engine.Code: the engines'
// sentinels and the room's own, engine.ErrNotHost, ErrSpectator, ErrNoTeam, ErrGameTooLarge,
// all in engine's one table) and its rule; the session sends both, and a device shows its
// catalogue's sentence for them, never the English of the refusal, which stays for logs and
// tests.
package game
