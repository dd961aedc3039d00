//go:build !js

package session

import (
	"context"
	"fmt"
	"testing"
)

// nameOf is the name of seat no in v ("" when v has no such seat).
func nameOf(v View, no Seat) string {
	for _, p := range v.Players {
		if p.Seat == no {
			return p.Name
		}
	}
	return ""
}

// A seat the host renamed keeps that name when its player comes back with its resume token,
// although the hello repeats the name the player joined with.
func TestReturningSeatKeepsTheRoomsName(t *testing.T) {
	h := newTestCore(t)
	host, hw := mustSeat(t, h, "Hana", "", true)
	ann, aw := mustSeat(t, h, "Ann", "", false)
	seat := int(ann.Seat())
	if err := host.Send(Intent{Kind: KindRename, Target: &seat, Name: "Annie"}); err != nil {
		t.Fatal(err)
	}
	hw.waitView(t, "Ann renamed", func(v View) bool { return len(v.Players) == 2 && v.Players[1].Name == "Annie" })
	token := ann.Token()
	ann.Close()
	<-aw.done

	again, aw2 := mustSeat(t, h, "Ann", token, false)
	aw2.waitView(t, "Ann back", func(v View) bool { return len(v.Players) == 2 && v.Players[1].Online })
	if got := h.players()[1].Name; got != "Annie" || int(again.Seat()) != seat {
		t.Errorf("back as seat %d named %q, want seat %d named %q", again.Seat(), got, seat, "Annie")
	}
	// A returning hello with a name the rules refuse is no rename either, so nothing to refuse.
	again.Close()
	<-aw2.done
	_, aw3 := mustSeat(t, h, "bell\x07", token, false)
	aw3.waitView(t, "Ann back again", func(v View) bool { return len(v.Players) == 2 && v.Players[1].Online })
	if got := h.players()[1].Name; got != "Annie" {
		t.Errorf("name %q after a hello with a bad name, want %q", got, "Annie")
	}
	if _, notices := aw3.counts(); notices != 0 {
		t.Errorf("%d notices for a returning hello, want none", notices)
	}
}

// Over real connections: the host renames one player, whose connection then dies; another
// renames itself while its connection is dead. Both come back by themselves with the names
// the room has now.
func TestRenamesSurviveReconnects(t *testing.T) {
	url, _ := startSignaling(t)
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	host, err := Host(ctx, chaosOptions(url, "Hana"))
	if err != nil {
		t.Fatal(err)
	}
	defer host.Close()
	peers := make([]*Client, 2)
	watchers := make([]*watcher, 2)
	for i := range peers {
		if peers[i], err = Join(ctx, chaosOptions(url, fmt.Sprintf("P%d", i+1)), host.Room(), host.Secret()); err != nil {
			t.Fatal(err)
		}
		defer peers[i].Close()
		watchers[i] = watch(peers[i])
	}
	hw := watch(host.Player())
	hw.waitView(t, "three seats", allOnline(3))
	first := peers[0].Seat()
	target := int(first)
	if err := host.Player().Send(Intent{Kind: KindRename, Target: &target, Name: "Captain"}); err != nil {
		t.Fatal(err)
	}
	hw.waitView(t, "P1 renamed", func(v View) bool { return nameOf(v, first) == "Captain" })

	for _, c := range peers {
		kill(c)
	}
	if err := peers[1].Send(Intent{Kind: KindRename, Name: "Blue"}); err != nil {
		t.Fatalf("a rename while away: %v", err)
	}
	for _, w := range watchers {
		w.until(t, "a second welcome", func() bool { return onlines(w) >= 2 })
	}
	v := hw.waitView(t, "both back with the room's names", func(v View) bool {
		return allOnline(3)(v) && nameOf(v, peers[1].Seat()) == "Blue"
	})
	if got := nameOf(v, first); got != "Captain" {
		t.Errorf("P1 came back named %q, want %q", got, "Captain")
	}
}
