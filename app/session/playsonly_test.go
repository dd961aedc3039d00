package session

import (
	"errors"
	"testing"
)

// A device running the player build says so in its hello: the players' list marks its seat,
// and the host does not ask it to take the game, which it would have to refuse. The same seat
// back from the full build (a reload: a new connection whose hello says nothing of the kind)
// can be asked.
func TestAPlayerBuildSeatIsNotAskedToTakeTheGame(t *testing.T) {
	h := newTestCore(t)
	mustSeat(t, h, "Hana", "", true)
	fern, fw, err := seatHello(t, h, Hello{Name: "Fern", PlaysOnly: true}, false)
	if err != nil {
		t.Fatal(err)
	}
	fw.waitView(t, "Fern's seat marked as the player build's", func(v View) bool {
		return len(v.Players) == 2 && v.Players[1].Name == "Fern" && v.Players[1].PlaysOnly && !v.Players[0].PlaysOnly
	})
	if _, err := h.askHandoff(1); !errors.Is(err, ErrHandoffSeat) {
		t.Fatalf("asking the player build's seat to take the game: %v, want %v", err, ErrHandoffSeat)
	}

	token := fern.Token()
	fern.Close()
	<-fw.done
	_, again := mustSeat(t, h, "Fern", token, false)
	again.waitView(t, "Fern back from the full build, unmarked", func(v View) bool {
		return len(v.Players) == 2 && v.Players[1].Online && !v.Players[1].PlaysOnly
	})
	ho, err := h.askHandoff(1)
	if err != nil {
		t.Fatalf("asking the full build's seat to take the game: %v", err)
	}
	h.endHandoff(ho, "")
}
