package session

// The rule the session's own refusals name on the wire (Refusal.Rule), by its RULES.md ID: a
// device picks the sentence it shows by the refusal's code, reason and rule, so the ID never
// changes once sent. This is the session's one table of rule IDs (each engine and the room
// have their own): code names the rule by its constant, and tests name the ID.
const (
	ruleHostArrangesSeats = "APP-LOBBY-1" // the host's controls over the seats; its own stays first
)
