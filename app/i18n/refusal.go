package i18n

// Refusals: what a player reads when the host (or its game) says no. The wire carries a
// stable code (session.ErrorCodes, game.Codes) and, for a game's refusal, the rule behind it;
// each has a sentence in the packs ("refusal.<code>"), so a player never reads the host's
// English. Notices the session makes up itself (session.NoticeCodes), news about the
// connection rather than refusals, are read the same way, RefusalText with their code. A
// code+rule pair may have a sentence of its own when the code alone says too little.

// Refusal is the key of a refusal code's sentence: "refusal." + code, or + code + "." +
// rule for a rule's own sentence.
func Refusal(code string) Key { return Key("refusal." + code) }

// StartTableSize is why a lobby cannot start a game of the Spyfall family: its edition's
// range of players (a refusal with code "table-size").
const StartTableSize Key = "start.table-size"

// refusedCode is the session's code for "the game refused", whose reason names the why.
const refusedCode = "refused"

// RefusalText is the sentence in lang for a refusal: code is the error's code; reason and
// rule name a game's refusal (code "refused"). A code or reason no catalogue knows (a newer
// host) reads as the general "refused" sentence, never as the host's own text.
func RefusalText(lang Lang, code, reason, rule string) string {
	if code == refusedCode && reason != "" {
		code = reason
	}
	if rule != "" {
		if _, ok := english().ui[Refusal(code+"."+rule)]; ok {
			return T(lang, Refusal(code+"."+rule))
		}
	}
	if _, ok := english().ui[Refusal(code)]; ok {
		return T(lang, Refusal(code))
	}
	return T(lang, Refusal(refusedCode))
}
