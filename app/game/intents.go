package game

import (
	"encoding/json"
	"strings"

	"safehouse/app/session"
	"safehouse/engine/spyfall"
	"safehouse/engine/spyfest"
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

// SpyfallAction wraps a Spyfall engine action; the host's own (spyfall.HostPass,
// spyfall.HostMarkAbsent) go as the host op, which only the host may send.
func SpyfallAction(a spyfall.Action) (session.Intent, error) {
	body, err := spyfall.EncodeAction(a)
	if err != nil {
		return session.Intent{}, err
	}
	op := OpAction
	if strings.HasPrefix(a.Kind(), "host_") {
		op = OpHost
	}
	return intent(Op{Op: op, Action: body}), nil
}

// SpyfestAction wraps a Spyfest engine action.
func SpyfestAction(a spyfest.Action) (session.Intent, error) {
	body, err := spyfest.EncodeAction(a)
	if err != nil {
		return session.Intent{}, err
	}
	return intent(Op{Op: OpAction, Action: body}), nil
}

// PickTeam asks to put the sender in team 0 or 1 (Spyfest).
func PickTeam(team int) session.Intent { return intent(Op{Op: OpTeam, Team: &team}) }

// AssignTeam asks to put session seat target in team (0, 1, or -1 for none; host only).
func AssignTeam(target, team int) session.Intent {
	return intent(Op{Op: OpAssign, Target: &target, Team: &team})
}

// BalanceTeams asks to even out the teams' sizes (host only, Spyfest lobby).
func BalanceTeams() session.Intent { return intent(Op{Op: OpBalance}) }

// ShuffleTeams asks to deal the seats into two teams at random (host only, Spyfest lobby).
func ShuffleTeams() session.Intent { return intent(Op{Op: OpShuffle}) }

// RenameSeat asks the host to rename session seat target (host only; a player renames
// themselves with a plain rename intent).
func RenameSeat(target int, name string) session.Intent {
	return session.Intent{Kind: session.KindRename, Name: name, Target: &target}
}

// Kick asks to remove session seat target from the room (host only).
func Kick(target int) session.Intent { return session.Intent{Kind: session.KindKick, Target: &target} }

// MoveSeat asks to move session seat target to position to of the table order (host only).
func MoveSeat(target, to int) session.Intent {
	return session.Intent{Kind: session.KindMove, Target: &target, To: &to}
}
