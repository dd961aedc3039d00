package session

import (
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
)

// voteTable is a small game for the reliability tests: every seat holds a secret card only
// it may see, votes once per round on the round it names, and adds numbered tokens to its
// own pile (each token id may land once). It saves itself like a real table (MarshalBinary).
type voteTable struct {
	mu    sync.Mutex // the host calls it under its own lock; tests read it from outside
	state voteState
}

var _ encoding.BinaryMarshaler = (*voteTable)(nil)

type voteState struct {
	Round   int             `json:"round"`
	Cards   map[Seat]string `json:"cards"`
	Votes   map[Seat]string `json:"votes"`   // this round's votes by seat
	Results []int           `json:"results"` // how many voted in each finished round
	Piles   map[Seat][]int  `json:"piles"`   // token ids added, by seat, in order
	Voters  int             `json:"voters"`  // a round ends when this many voted
}

type voteAction struct {
	Vote  string `json:"vote,omitempty"`
	Round int    `json:"round,omitempty"`
	Add   int    `json:"add,omitempty"`
}

type voteView struct {
	Round   int    `json:"round"`
	Card    string `json:"card,omitempty"`
	Voted   int    `json:"voted"`
	Results []int  `json:"results"`
	Pile    int    `json:"pile"`
}

func newVoteTable(voters int, cards map[Seat]string) *voteTable {
	return &voteTable{state: voteState{Round: 1, Cards: cards, Votes: map[Seat]string{}, Piles: map[Seat][]int{}, Voters: voters}}
}

func (t *voteTable) View(seat Seat) json.RawMessage {
	t.mu.Lock()
	defer t.mu.Unlock()
	b, _ := json.Marshal(voteView{Round: t.state.Round, Card: t.state.Cards[seat], Voted: len(t.state.Votes),
		Results: t.state.Results, Pile: len(t.state.Piles[seat])})
	return b
}

func (t *voteTable) Apply(seat Seat, raw json.RawMessage) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	var a voteAction
	if err := decodeStrict(raw, &a); err != nil {
		return err
	}
	switch {
	case a.Add > 0:
		for _, id := range t.state.Piles[seat] {
			if id == a.Add {
				return fmt.Errorf("token %d is already on your pile", id)
			}
		}
		t.state.Piles[seat] = append(t.state.Piles[seat], a.Add)
		return nil
	case a.Vote != "":
		if a.Round != t.state.Round {
			return fmt.Errorf("that vote was for round %d; this is round %d", a.Round, t.state.Round)
		}
		if _, done := t.state.Votes[seat]; done {
			return errors.New("you already voted this round")
		}
		t.state.Votes[seat] = a.Vote
		if len(t.state.Votes) == t.state.Voters {
			t.state.Results = append(t.state.Results, len(t.state.Votes))
			t.state.Votes = map[Seat]string{}
			t.state.Round++
		}
		return nil
	}
	return errors.New("nothing to do")
}

func (t *voteTable) MarshalBinary() ([]byte, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return json.Marshal(t.state)
}

func restoreVoteTable(data []byte) (*voteTable, error) {
	t := &voteTable{}
	if err := json.Unmarshal(data, &t.state); err != nil {
		return nil, err
	}
	return t, nil
}

func (t *voteTable) snapshot() voteState {
	t.mu.Lock()
	defer t.mu.Unlock()
	b, _ := json.Marshal(t.state)
	var s voteState
	_ = json.Unmarshal(b, &s)
	return s
}

func vote(round int) Intent {
	b, _ := json.Marshal(voteAction{Vote: "yes", Round: round})
	return Intent{Kind: KindGame, Game: b}
}

func addToken(id int) Intent {
	b, _ := json.Marshal(voteAction{Add: id})
	return Intent{Kind: KindGame, Game: b}
}

func gameView(v View) voteView {
	var g voteView
	_ = json.Unmarshal(v.Game, &g)
	return g
}
