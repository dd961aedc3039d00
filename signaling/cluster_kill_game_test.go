//go:build !js

package signaling_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"safehouse/app/game"
	"safehouse/app/session"
	"safehouse/engine/spyfall"
)

// The host's instance dies mid-game (its process gone: its NATS connection and its sockets
// with it). The game goes on over the direct channels; the host's session, its signaling
// socket lost, reclaims the room through the balancer, which now sends it to another
// instance; that instance adopts the room, and a player who arrives afterwards through a
// third instance is seated and plays the vote to its end with the others.
func TestSpyfallGoesOnWhenTheHostsInstanceDies(t *testing.T) {
	ns := startNATS(t, -1)
	inst := startCluster(t, ns, 3)
	hostLB := &balancer{backends: inst[:2]} // the host's first choice is instance 1
	hostURL := signalURL(t, hostLB)
	url3 := signalURL(t, &balancer{backends: inst[2:]})
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()

	host, err := session.Host(ctx, options(hostURL, "Hana"))
	if err != nil {
		t.Fatal(err)
	}
	defer host.Close()
	host.SetTable(game.NewRoom(game.Options{}))
	clients := []*session.Client{host.Player()}
	for i := range 3 {
		c, err := session.Join(ctx, options(url3, fmt.Sprintf("Agent %d", i+1)), host.Room(), host.Secret())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		clients = append(clients, c)
	}
	screens := make([]*screen, len(clients))
	for i, c := range clients {
		screens[i] = watch(c)
	}
	if hostLB.count(inst[0]) != 1 {
		t.Fatalf("the host went to instance 1 %d times, want once", hostLB.count(inst[0]))
	}

	spy, spySeat, _ := startClassicRound(t, clients, screens)

	// Instance 1 dies.
	inst[0].nats.Close()
	inst[0].http.CloseClientConnections()
	inst[0].http.Close()
	inst[0].srv.Close()

	// The host comes back to the signaling servers by itself, through instance 2.
	for hostLB.count(inst[1]) == 0 {
		if err := ctx.Err(); err != nil {
			t.Fatalf("the host never came back through instance 2: %v", err)
		}
		host.Check()
		time.Sleep(50 * time.Millisecond)
	}

	// A late player arrives through instance 3 and is seated in the adopted room.
	late, err := session.Join(ctx, options(url3, "Late agent"), host.Room(), host.Secret())
	if err != nil {
		t.Fatalf("joining after the host's instance died: %v", err)
	}
	defer late.Close()
	lateScreen := watch(late)
	lateScreen.spyfall(t, "the late player's view of the game", func(v *spyfall.View) bool { return v.Phase == spyfall.PhasePlaying })

	// The round goes on: an innocent accuses the spy, every other voter says yes.
	accuser := 1
	if accuser == spy {
		accuser = 2
	}
	act(t, clients[accuser], spyfall.Accuse{Round: 1, Suspect: spySeat})
	vote := screens[0].spyfall(t, "the vote open", func(v *spyfall.View) bool { return v.Vote != nil }).Vote
	for i := range clients {
		if i == accuser || i == spy {
			continue
		}
		v := screens[i].spyfall(t, fmt.Sprintf("screen %d to see the vote", i), func(v *spyfall.View) bool { return v.Vote != nil && v.Vote.ID == vote.ID })
		if v.Vote.Mine == "pending" {
			act(t, clients[i], spyfall.Vote{Vote: vote.ID, Yes: true})
		}
	}
	for i, s := range screens {
		v := s.spyfall(t, fmt.Sprintf("screen %d to see the round end", i), func(v *spyfall.View) bool { return v.LastRound != nil })
		if v.LastRound.Ending != spyfall.EndSpyConvicted {
			t.Errorf("screen %d: the round ended %+v, want the spy convicted", i, v.LastRound)
		}
	}
	if st := inst[1].srv.Stats(); st.Rooms != 1 {
		t.Errorf("instance 2 homes %d rooms after the host's reclaim, want the adopted one", st.Rooms)
	}
}
