//go:build !player

package session

import (
	"context"
	"fmt"
)

// canHost says this build of the app can host a game. It is false in the player build
// (becomehost_player.go), where code only a host runs returns before it starts, so the
// compiler drops it and the linker leaves out what it alone reaches.
const canHost = true

// becomeHost takes the room st names with its claim and hosts it on this device (a handoff
// or a takeover), with the game the app's OpenTable makes from st.
func (c *Client) becomeHost(ctx context.Context, st HostState) (*HostSession, error) {
	c.mu.Lock()
	o := c.opts
	c.mu.Unlock()
	var table Table
	if o.OpenTable != nil {
		var err error
		if table, err = o.OpenTable(st.Game, st.GameClock()); err != nil {
			return nil, fmt.Errorf("the game in the state cannot be read: %w", err)
		}
	}
	o.Name = "" // the seat keeps its name
	return ResumeHost(ctx, o, st, table)
}
