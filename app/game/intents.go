package game

import (
	"encoding/json"

	"safehouse/app/session"
	"safehouse/engine"
)

// Op is one game intent's body, {"op":...}.
type Op struct {
	Op       string          `json:"op"`
	Settings *Settings       `json:"settings,omitempty"`
	Action   json.RawMessage `json:"action,omitempty"`
	Team     *int            `json:"team,omitempty"`
	Target   *int            `json:"target,omitempty"`
}

// The ops.
const (
	OpSettings = "settings"
	OpStart    = "start"
	OpEnd      = "end"
	OpLobby    = "lobby"
	OpAction   = "action"
	OpHost     = "host"
	OpTeam     = "team"
	OpAssign   = "assign"
	OpBalance  = "balance"
	OpShuffle  = "shuffle"
)

func intent(op Op) session.Intent {
	body, _ := json.Marshal(op) // an Op of plain fields always marshals
	return session.Intent{Kind: session.KindGame, Game: body}
}

// SetSettings asks to change the lobby's settings (host only, before start).
func SetSettings(s Settings) session.Intent { return intent(Op{Op: OpSettings, Settings: &s}) }

// Start asks to start the game (host only).
func Start() session.Intent { return intent(Op{Op: OpStart}) }

// End asks to end the game now (host only).
func End() session.Intent { return intent(Op{Op: OpEnd}) }

// BackToLobby asks to leave a finished game for the lobby (host only).
func BackToLobby() session.Intent { return intent(Op{Op: OpLobby}) }

// Action wraps one engine action of any family: a player's as the action op, the host's
// own moves (engine.HostOnly: Spyfall's passes for a silent seat) as the host op, which only
// the host may send.
func Action(a engine.Action) (session.Intent, error) {
	body, err := engine.EncodeAction(a)
	if err != nil {
		return session.Intent{}, err
	}
	op := OpAction
	if engine.HostOnly(a) {
		op = OpHost
	}
	return intent(Op{Op: op, Action: body}), nil
}

// PickTeam asks to put the sender in team 0 or 1 (a game of teams).
func PickTeam(team int) session.Intent { return intent(Op{Op: OpTeam, Team: &team}) }

// AssignTeam asks to put session seat target in team (0, 1, or -1 for none; host only).
func AssignTeam(target session.Seat, team int) session.Intent {
	t := int(target)
	return intent(Op{Op: OpAssign, Target: &t, Team: &team})
}

// BalanceTeams asks to even out the teams' sizes (host only, the lobby of a game of teams).
func BalanceTeams() session.Intent { return intent(Op{Op: OpBalance}) }

// ShuffleTeams asks to deal the seats into two teams at random (host only, the lobby of a game of teams).
func ShuffleTeams() session.Intent { return intent(Op{Op: OpShuffle}) }

// RenameSeat asks the host to rename session seat target (host only; a player renames
// themselves with a plain rename intent).
func RenameSeat(target session.Seat, name string) session.Intent {
	t := int(target)
	return session.Intent{Kind: session.KindRename, Name: name, Target: &t}
}

// Kick asks to remove session seat target from the room (host only).
func Kick(target session.Seat) session.Intent {
	t := int(target)
	return session.Intent{Kind: session.KindKick, Target: &t}
}

// MoveSeat asks to move session seat target to position to of the table order (host only).
func MoveSeat(target session.Seat, to int) session.Intent {
	t := int(target)
	return session.Intent{Kind: session.KindMove, Target: &t, To: &to}
}
