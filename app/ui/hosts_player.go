//go:build player

package ui

// Hosts is false in the player build, which never hosts a game (hosts.go).
const Hosts = false
