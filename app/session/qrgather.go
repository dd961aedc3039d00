package session

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/pion/webrtc/v4"
)

// qrGatherTimeout bounds ICE gathering for a code: a code carries every candidate at once.
const qrGatherTimeout = 5 * time.Second

// gatherLocal sets sd as pc's local description and waits until ICE gathering is complete
// (a code carries every candidate at once: nothing trickles), bounded by qrGatherTimeout.
func gatherLocal(ctx context.Context, pc *webrtc.PeerConnection, sd webrtc.SessionDescription) (webrtc.SessionDescription, error) {
	done := make(chan struct{})
	var once sync.Once
	pc.OnICECandidate(func(c *webrtc.ICECandidate) {
		if c == nil {
			once.Do(func() { close(done) })
		}
	})
	if err := pc.SetLocalDescription(sd); err != nil {
		return sd, err
	}
	if pc.ICEGatheringState() == webrtc.ICEGatheringStateComplete {
		once.Do(func() { close(done) })
	}
	timer := time.NewTimer(qrGatherTimeout)
	defer timer.Stop()
	select {
	case <-done:
	case <-timer.C: // use what was gathered
	case <-ctx.Done():
		return sd, ctx.Err()
	}
	if l := pc.LocalDescription(); l != nil {
		return *l, nil
	}
	return sd, fmt.Errorf("session: no local description")
}
