// Package rulecheck holds one test, which keeps the rule IDs of the repository resolvable
// in it: every rule ID (a family prefix, a group and a number, as RULES.md writes them)
// named in a .go or .md file must be defined in RULES.md at the repository root (a line
// "- ID ..."), and RULES.md must define each ID once. The ID pattern is the one the
// rule-coverage script uses.
//
// The project's policy is that a rule's ID is named in the test that checks the rule and
// nowhere else in the code; this test does not enforce that part, it only makes sure that
// every ID named anywhere means something.
package rulecheck
