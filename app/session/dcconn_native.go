//go:build !js

package session

import "github.com/pion/webrtc/v4"

// hookMessages feeds received messages into in. Natively pion calls OnMessage from the
// channel's single read loop, so the order is kept.
func hookMessages(dc *webrtc.DataChannel, in *queue[[]byte]) (release func()) {
	dc.OnMessage(func(m webrtc.DataChannelMessage) { in.push(m.Data) })
	return func() {}
}
