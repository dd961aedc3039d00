// Package spyfest is the rules engine of Spyfest and Spycon (Part 2 of the
// repository's RULES.md, the SX rules): two teams take turns sending a Spy who describes a secret
// character while hinting at a keyword only the Spy's own team knows. It is a
// pure, deterministic state machine: standard library only, randomness from a
// seeded engine.Rand kept in the state, time only from the instants passed to
// Apply, so a game replays byte for byte from its Config and action log.
//
// # Phases of a round
//
//	spy_choice  the active team picks its Spy (ChooseSpy); the host may add
//	            late joiners (engine.HostAddSeat). A keyword flip has already
//	            happened when the round began.
//	draw        the Spy's team may play "two characters"; the Spy
//	            draws (Draw): keywords out of play, characters, keywords.
//	keep        when several characters were drawn, the Spy keeps one (Keep).
//	describing  the Spy talks; anyone else may Stop, start or cancel the idle
//	            timer (StartIdle, CancelIdle), play cards (Play), mark the team
//	            sheet (Note); the Spy answers (Answer) and crosses quarters
//	            (CrossQuarter). The optional description limit runs here.
//	stopped     an attempt: the intercepting team's window, then the Spy's
//	            team's, each ended by the team's first Guess or by its deadline.
//	over        a team reached Victory (or the VP target), the character deck
//	            ran out, or the host ended the game (engine.HostEndGame).
//
// A round ends on a correct guess, after the last attempt, when the idle
// timer runs out, or when the host kicks the Spy (voided, no points). Time
// passes only through Advance, which makes expired windows and
// timers take effect, each at its own deadline; Apply never lets it pass
// (engine.Game), and refuses every action with engine.ErrStale once a
// deadline has run out unsettled.
//
// # Actions
//
// Every action is a plain struct with a JSON wire form {"kind":...} holding
// every field of the struct (EncodeAction, DecodeAction; a field left out is
// refused): choose_spy, draw, keep, stop, guess, idle_start, idle_cancel,
// play, answer, cross_quarter, note, tick, and the host's host_add_seat,
// host_remove_seat and host_end_game (sent as Host). Every in-round action
// names its round, and a guess its attempt, so a late or resent one is
// refused with engine.ErrStale. A refused action returns an *engine.Refusal and leaves the
// state unchanged.
//
// # Views
//
// View(seat) is built field by field from what that seat may see: the Spy
// sees the character and keywords; the Spy's team the keywords (the character
// instead in a reverse round); the intercepting team and spectators
// neither. Team notes reach only that team's members other than the Spy.
//
// # Readings of RULES.md
//
// Where the rules leave room, the engine reads them so:
//   - The character deck running out is checked at each round end, when no
//     character is left for the next round.
//   - A Spy kicked mid-round voids the round with no points; its character is
//     still revealed and removed, and drawn but unkept characters go back.
//   - While the game is stopped, "ask the Spy" may be played by a
//     team until it has submitted its own guess of this attempt.
//   - "At any time" for crossing a quarter and another keyword
//     starts after the draw; two characters is played
//     between choosing the Spy and the draw, once a round.
//   - The optional description limit pauses while the game is stopped; with
//     the idle timer off, starting it is refused.
//   - A guess may not name a character already out of the game; names with a
//     minus or in a crossed quarter may still be named.
//   - A team with fewer than 2 players cannot choose its Spy until the host
//     adds one; a team left with nobody able to guess spends its guess at once.
//   - A custom replacement takes over its line on the sheet.
//   - With a very small custom keyword set, "keywords out" reveals fewer than three
//     keywords, always leaving one for the Spy.
package spyfest
