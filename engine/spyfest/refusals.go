package spyfest

// The rules this engine's refusals name on the wire (engine.Refusal.Rule), by their RULES.md
// IDs: a device picks the sentence it shows by the refusal's code and rule, so an ID never
// changes once sent. This is the engine's one table of rule IDs: code names a rule by its
// constant, comments say the rule in words, and tests name the IDs they check.
const (
	// The room's rules, as this engine applies them.
	ruleHostArrangesSeats  = "APP-LOBBY-1" // the host's controls; late joiners join a team
	ruleSeatsBetweenRounds = "APP-LOBBY-2" // seats come and go between rounds

	// Setting up.
	ruleTwoTeams      = "SX-SET-1" // two teams of at least two
	ruleDeckAndSet    = "SX-SET-2" // a character deck and a keyword set
	ruleRedCarpet     = "SX-SET-3"
	ruleNoCarpet      = "SX-SET-4" // the variant without a carpet: first to the target VP
	ruleActionCards   = "SX-SET-6"
	ruleTimers        = "SX-SET-7"
	ruleEditions      = "SX-CNT-1"
	ruleKeywordSets   = "SX-CNT-4"
	ruleOwnCharacters = "SX-CNT-5" // added, replaced and left-out characters

	// A round.
	ruleTeamPicksSpy     = "SX-RND-1"
	ruleSpyDraws         = "SX-RND-3"
	ruleTeamNotes        = "SX-RND-6"
	ruleWholeListsShown  = "SX-RND-7" // everyone sees the deck's characters and the set's keywords
	ruleKeepOneCharacter = "SX-RC-5"
	ruleReverseRound     = "SX-RC-8"
	ruleStopForAttempt   = "SX-GUESS-1" // anyone but the Spy stops the game
	ruleGuessWindows     = "SX-GUESS-2" // the intercepting team first, one submission a team
	ruleIdleTimer        = "SX-GUESS-6" // and the limit on the whole description
	ruleCharacterLeaves  = "SX-GUESS-7" // a round's character leaves the game

	// Action cards.
	rulePlayActionCards = "SX-ACT" // their section: each card once a game, by its own team
	ruleAskTheSpy       = "SX-ACT-1"
	ruleTwoGuesses      = "SX-ACT-2"
	ruleCrossOutQuarter = "SX-ACT-3"
	ruleTwoCharacters   = "SX-ACT-4"
	ruleAnotherKeyword  = "SX-ACT-5"
)
