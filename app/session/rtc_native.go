//go:build !js

package session

import (
	"net"
	"time"

	"github.com/pion/ice/v4"
	"github.com/pion/webrtc/v4"
)

// pion's defaults, used when Options leave a timeout at zero.
const (
	defaultICEDisconnectedTimeout = 5 * time.Second
	defaultICEFailedTimeout       = 25 * time.Second
	defaultICEKeepAlive           = 2 * time.Second
	sctpRTOMax                    = 3 * time.Second
)

// webRTCAvailable is always true natively: pion is built in.
func webRTCAvailable() bool { return true }

// newPeerConnection builds a PeerConnection with the native stack's settings.
func newPeerConnection(o Options) (*webrtc.PeerConnection, error) {
	var se webrtc.SettingEngine
	if o.Loopback {
		// On a machine with no network but loopback (tests, CI): gather only 127.0.0.1 host
		// candidates, accept peer-reflexive ones at once (browsers hide their addresses
		// behind mDNS names), and send no traffic to any other address.
		se.SetIncludeLoopbackCandidate(true)
		se.SetPrflxAcceptanceMinWait(0)
		se.SetNetworkTypes([]webrtc.NetworkType{webrtc.NetworkTypeUDP4})
		se.SetIPFilter(func(ip net.IP) bool { return ip.IsLoopback() })
		se.SetICEMulticastDNSMode(ice.MulticastDNSModeDisabled)
	}
	if o.noDirect {
		// Tests of the relay: no address is usable, so no candidate pair can ever form.
		se.SetIPFilter(func(net.IP) bool { return false })
		se.SetICEMulticastDNSMode(ice.MulticastDNSModeDisabled)
	}
	if o.ICEDisconnectedTimeout > 0 || o.ICEFailedTimeout > 0 {
		disconnected, failed := o.ICEDisconnectedTimeout, o.ICEFailedTimeout
		if disconnected <= 0 {
			disconnected = defaultICEDisconnectedTimeout
		}
		if failed <= 0 {
			failed = defaultICEFailedTimeout
		}
		keepAlive := min(defaultICEKeepAlive, disconnected/2)
		se.SetICETimeouts(disconnected, failed, keepAlive)
	}
	// A data channel's retransmissions back off up to 60 s by default, so after an outage
	// the channel could stay silent long after ICE found a new path; WebRTC's own SCTP
	// (dcsctp) caps the backoff at 3 s for that reason.
	se.SetSCTPRTOMax(sctpRTOMax)
	if o.iceNet != nil {
		se.SetNet(o.iceNet)
	}
	api := webrtc.NewAPI(webrtc.WithSettingEngine(se))
	return api.NewPeerConnection(newRTCConfiguration(o))
}
