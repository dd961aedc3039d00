//go:build js && wasm

package session

import "github.com/pion/webrtc/v4"

// newPeerConnection builds the browser's RTCPeerConnection through pion's wrapper. The
// browser owns ICE timing and candidate policy, so Loopback and the ICE timeouts of
// Options do not apply here.
func newPeerConnection(o Options) (*webrtc.PeerConnection, error) {
	return webrtc.NewPeerConnection(newRTCConfiguration(o))
}
