// Package rulecheck holds the tests that keep the repository's rule IDs where the project's
// policy puts them, and meaningful wherever they are named. A rule ID is a family prefix, a
// group and a number, as RULES.md writes them (the pattern the rule-coverage script uses);
// a section's name is the ID without its number.
//
// The policy: a rule's ID is named in the test that checks the rule, and outside tests only
// in the one table of the rules a package's refusals send on the wire (engine.Refusal.Rule,
// session.Refusal.Rule): the string constants of its refusals.go, one rule's name alone per
// constant, each once. Only the packages that refuse moves keep such a table: each engine
// (engine/...), the room (app/game) and the session (app/session). Code names a rule by the
// table's constant; a comment says the rule in words. Markdown documents (RULES.md, which
// defines the IDs, and the docs that cite them) may name any ID.
//
// TestRuleIDsInCodeOnlyInRefusalTables enforces the policy on every non-test .go file, rule
// IDs and section names alike, and names the file and line of each one out of place.
// TestEveryNamedRuleIDIsDefinedOnce makes sure every ID named in a .go or .md file is
// defined in RULES.md at the repository root (a line "- ID ..."), and that RULES.md defines
// each ID once.
package rulecheck
