//go:build !player

package ui

// Hosts says this build of the app can host a game. It is false in the player build (-tags
// player, wasm/doc.go), which never hosts: a control only a host sees returns nothing there
// before drawing anything, so the compiler drops the rest and the linker leaves its code out.
const Hosts = true
