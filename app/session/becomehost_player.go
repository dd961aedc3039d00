//go:build player

package session

import (
	"context"
	"errors"
)

// ErrPlayerBuild refuses to host on a device running the player build of the app (built with
// -tags player), which leaves out the host's side of the session, the game room and the
// engines' rules: it joins and plays games, and only the full build hosts one.
var ErrPlayerBuild = errors.New("this build of the app plays but cannot host: the full app hosts")

// canHost is false in the player build (becomehost.go); its hellos say so (Hello.PlaysOnly),
// so that no host asks it to take the game.
const canHost = false

// becomeHost, in the player build, refuses every handoff and takeover with ErrPlayerBuild:
// the game stays with its host, or with another device that can host it.
func (c *Client) becomeHost(context.Context, HostState) (*HostSession, error) {
	return nil, ErrPlayerBuild
}
