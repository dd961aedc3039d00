// Package spyfall is the rules engine of the Spyfall family (Part 1 of the
// repository's RULES.md): Spyfall (classic), Spyfall 2 (spyfall2) and Spyfall: Time
// Travel (timetravel) with its 2-player, 3-player and team variants.
//
// It is a pure, deterministic state machine: no clock reads, no I/O, no
// globals. Time enters only through the now argument of Apply and Advance;
// randomness only through the seeded engine.Rand kept in the state. The same
// Config plus the same sequence of (seat, action, now) gives a byte-identical
// snapshot (MarshalBinary).
//
//	g, err := spyfall.New(spyfall.Config{Edition: spyfall.Classic, Players: names, Seed: seed})
//	err = g.Apply(seat, spyfall.Deal{Round: 1}, now)
//	err = g.Apply(dealer, spyfall.StartClock{Round: 1}, now)
//	err = g.Apply(seat, spyfall.Accuse{Round: 1, Suspect: 3}, now) // errors.Is(err, engine.ErrNotYourTurn)...
//	g.Advance(now)                 // the host, whenever NextDeadline may have passed
//	v := g.View(seat)              // what that seat may see; View(engine.NoSeat) is public
//	snap, _ := g.MarshalBinary()   // g2.UnmarshalBinary(snap) restores it
//
// # Seats
//
// Seat IDs are stable: seat i is the i-th name of Config.Players, and seats
// added later get the next free ID. The table order (left = next) is kept
// apart and may be changed in the lobby (HostMoveSeat). A removed seat keeps
// its ID and its points in the history but leaves the table.
//
// # Phases
//
//	lobby       before round 1; engine.HostRemoveSeat, HostMoveSeat, Deal
//	dealt       cards dealt, dealer (drawn at random first) shown; the dealer sends StartClock
//	playing     the clock runs: Ask (question tracker), Accuse, Guess (spies),
//	            RevealTable (2P/3P); Advance when the clock runs out
//	vote        clock stopped for a mid-round accusation or a table reveal: Vote
//	spy_guess   two spies: the second spy sends Guess
//	end_accuse  time up, classic: the seat in turn sends Accuse or Pass
//	end_vote    time up: Vote on the accused (classic) or on the seat in turn
//	team_lead   team variant: a captain sends Lead to say who acts first
//	team_pick   team variant: the captain in turn sends Pick or StopPicking
//	team_guess  team variant: the spy sends GuessBoth
//	round_over  results shown; engine.HostRemoveSeat, Deal of the next round
//	game_over   winners shown
//
// HostMarkAbsent (any in-round phase) takes a seat out of the rest of the
// round: it no longer votes, accuses or scores that round; an absent spy,
// captain or 2P/3P player voids the round with no points. engine.HostAddSeat works
// in every phase but game_over (a seat added mid-round waits for the next
// deal). HostPass moves the game on when it waits on one seat:
// the dealer, the seat in turn at time up, a voter, the second spy, the
// captain in turn, the team spy. engine.HostEndGame ends the game at any time.
// Rename works in every phase.
//
// # Actions
//
// Actions are plain structs; EncodeAction and DecodeAction put them on the
// wire as JSON objects with a "kind" and every field of the struct, e.g.
// {"kind":"accuse","round":2,"suspect":3} or {"kind":"vote","vote":7,"yes":true}.
// In-round actions name their round, votes name their vote, the question
// tracker names the question number and picks name the pick number, so a late
// or resent action is refused with engine.ErrStale rather than landing on a
// later moment. Kinds: deal, start_clock, ask, accuse, pass, vote, guess,
// reveal_table, lead, pick, stop_picking, guess_both, rename, tick, and the
// host-only host_add_seat, host_remove_seat, host_move_seat,
// host_mark_absent, host_pass, host_end_game (Apply with seat Host; any
// other seat is refused).
//
// Every illegal action returns a *engine.Refusal wrapping one of the engine's
// sentinel errors and leaves the state byte-for-byte unchanged. Apply never
// lets time pass by itself (engine.Game): an action that needs a running
// clock is refused once the deadline is reached, until the host's Advance
// moves the game on.
//
// # Views
//
// View(seat) is built field by field from what that seat may see: its own
// card only (a spy's card holds no location and no role), the other spy
// under old pals, nothing of the table card in 2P/3P until it is revealed, a
// captain's own location only. Spies are named in a view only once revealed
// (the two-spy guess, a picked team spy) or in the results of finished
// rounds.
//
// # Custom packs
//
// Config.CustomPacks adds players' own locations, Config.Exclude removes any
// location. ExportPack and ImportPack read and write the pack file
// format described in FORMAT.md.
//
// # Readings of RULES.md
//
// Where the rules leave room, the engine reads them so:
//   - In the classic time-up round the seat whose turn it is to
//     accuse casts a fixed yes, as in a mid-round accusation.
//   - An absent seat scores nothing in that round; winners are chosen among
//     the seats still at the table.
//   - A host's pass never rewards silence: a voter passed for counts neither
//     yes nor no (as if absent for that vote alone, so it is no veto); a spy
//     passed for names no location; a captain passed for stops picking. A
//     pass is no absence: the seat still counts among the seats present
//     (so with two spies, among the two voters who may say no) and still scores. A vote with no yes at all (every voter
//     passed for or gone) convicts nobody.
//   - Team variant: the spoken questioning is not tracked; picks alternate,
//     starting with the captain sent by Lead. The spy names both locations in
//     one GuessBoth. Captains get a role too. A coin flip decides which
//     location gets the extra agent card. The optional clock follows DefaultRoundLength,
//     capped at 10 minutes above 12 players.
//   - Fair rotation applies to normal and team rounds, not to 2P/3P, where
//     the spy card may lie on the table.
//   - The spy count is set at every deal: the host's pick while it is legal
//     for that deal's seats, else DefaultSpies for them. Time
//     Travel's variant follows the seat count too (2 seats play 2P, 3 play
//     3P). A dealer who left or is absent passes the deal to the left.
//   - The round clock is set for the seats dealt in, and a view
//     shows that length, whoever joined or left since.
//   - 2P/3P: a player may propose revealing the table card any number of
//     times; the clock pauses during that vote.
package spyfall
