// Package engine holds the little that the game engines really share: seats,
// refusal errors, a seeded random source that can be saved with the state, and
// a pausable countdown clock driven by instants passed in from outside.
//
// The rules themselves live in one package per game family (engine/spyfall,
// engine/spyfest). Nothing here or below reads a clock, touches I/O or the
// browser: every engine is a deterministic state machine that replays exactly
// from its seed and its action log.
package engine
