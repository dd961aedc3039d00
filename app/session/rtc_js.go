//go:build js && wasm

package session

import (
	"syscall/js"

	"github.com/pion/webrtc/v4"
)

// newPeerConnection builds the browser's RTCPeerConnection through pion's wrapper. The
// browser owns ICE timing and candidate policy, so Loopback and the ICE timeouts of
// Options do not apply here.
func newPeerConnection(o Options) (*webrtc.PeerConnection, error) {
	return webrtc.NewPeerConnection(newRTCConfiguration(o))
}

// webRTCAvailable tells whether this browser has WebRTC at all: a player may have turned it
// off (Firefox's media.peerconnection.enabled, set to false by privacy-minded builds of
// Firefox), and then the relay is the only way to the host.
func webRTCAvailable() bool { return js.Global().Get("RTCPeerConnection").Truthy() }
