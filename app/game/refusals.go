package game

// The rules the room's own refusals name on the wire (engine.Refusal.Rule), by their RULES.md
// IDs: a device picks the sentence it shows by the refusal's code and rule, so an ID never
// changes once sent. This is the room's one table of rule IDs (each engine has its own): code
// names a rule by its constant, comments say the rule in words, and tests name the IDs.
const (
	ruleActionChecked     = "APP-ACT-1"   // the host checks every action and its sender
	ruleHostArrangesSeats = "APP-LOBBY-1" // the host's controls: settings, seats, ending the game
	ruleTwoTeams          = "SX-SET-1"    // Spyfest's two teams, which the lobby forms
	ruleTimeUpTurns       = "SF-END-1a"   // Spyfall's time up, where the host may pass for a seat
)
