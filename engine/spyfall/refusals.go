package spyfall

// The rules this engine's refusals name on the wire (engine.Refusal.Rule), by their RULES.md
// IDs: a device picks the sentence it shows by the refusal's code and rule, so an ID never
// changes once sent. This is the engine's one table of rule IDs: code names a rule by its
// constant, comments say the rule in words, and tests name the IDs they check.
const (
	// The room's rules, as this engine applies them.
	ruleActionChecked      = "APP-ACT-1"   // the host checks every action and its sender
	ruleHostArrangesSeats  = "APP-LOBBY-1" // renames, seat order; late joiners wait a round
	ruleSeatsBetweenRounds = "APP-LOBBY-2" // seats come and go between rounds; else absent

	// Setting up.
	ruleEditionAndPacks    = "SF-ED-1"  // one edition, any packs, the edition's table sizes
	ruleOwnLocations       = "SF-ED-4"  // the players' own locations, and left-out ones
	ruleRounds             = "SF-SET-1" // how many rounds
	ruleRoundLength        = "SF-SET-2" // 1 to 30 minutes
	ruleSpyCount           = "SF-SET-3" // one or two spies, by the table's size
	ruleOldPals            = "SF-DEAL-4"
	ruleThreePlayerVariant = "SF-3P-1"

	// A round.
	ruleDeal              = "SF-DEAL-1" // rounds are dealt one after another, between rounds
	ruleDealerStartsClock = "SF-PLAY-1"
	ruleQuestionTracker   = "SF-PLAY-2"
	ruleAccuseOnce        = "SF-ACC-1" // one accusation per seat and round, while the clock runs
	ruleAccusationVote    = "SF-ACC-2" // everyone but the accused votes; the accuser's yes is fixed
	ruleSpyNamesLocation  = "SF-SPY-1"
	ruleSecondSpyNames    = "SF-SPY-3"
	ruleTimeUpTurns       = "SF-END-1a" // classic time up: the seats accuse in turn, or pass
	ruleGameOver          = "SF-END-4"

	// The 2- and 3-player variants.
	ruleSpyCannotAccuse = "SF-2P-3"
	ruleTableCard       = "SF-2P-4" // turning up the card on the table

	// The team variant.
	ruleTeamVariant    = "SF-TEAM-1" // a Time Travel variant
	ruleCaptainsPick   = "SF-TEAM-3" // who leads, then picks in turn
	ruleSpyGuessesBoth = "SF-TEAM-5"
	ruleCaptaincy      = "SF-TEAM-7" // every seat captains once or twice, then the game ends
)
