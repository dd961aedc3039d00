//go:build !js || !wasm

package session

import "context"

// takeEarlyJoin finds no join outside the browser: only an invite's page makes one early
// (earlyjoin_js.go).
func takeEarlyJoin(context.Context, Options, string, string, func(Update)) (*peerSide, *dataChannelConn) {
	return nil, nil
}
