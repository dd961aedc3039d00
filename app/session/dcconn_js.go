//go:build js && wasm

package session

import (
	"syscall/js"

	"github.com/pion/webrtc/v4"
)

// hookMessages feeds received messages into in straight from the browser's message event.
// pion's own OnMessage starts a goroutine per message, which loses their order; here the
// data is copied synchronously inside the event, in the order the browser delivers it.
func hookMessages(dc *webrtc.DataChannel, in *queue[[]byte]) (release func()) {
	ch := dc.JSValue()
	ch.Set("binaryType", "arraybuffer")
	onMessage := js.FuncOf(func(this js.Value, args []js.Value) any {
		in.push(messageBytes(args[0].Get("data")))
		return nil
	})
	ch.Set("onmessage", onMessage)
	return func() {
		ch.Set("onmessage", js.Null())
		onMessage.Release()
	}
}

// messageBytes is a message's data as the channel delivered it: a string (a text message) or
// an ArrayBuffer.
func messageBytes(data js.Value) []byte {
	if data.Type() == js.TypeString {
		return []byte(data.String())
	}
	bytes := js.Global().Get("Uint8Array").New(data)
	msg := make([]byte, bytes.Get("length").Int())
	js.CopyBytesToGo(msg, bytes)
	return msg
}
