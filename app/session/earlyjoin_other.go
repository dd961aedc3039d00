//go:build !js || !wasm

package session

// takeEarlyJoin finds no join outside the browser: only an invite's page makes one early
// (earlyjoin_js.go).
func takeEarlyJoin(Options, string, string, func(Update)) (*peerSide, *dataChannelConn) {
	return nil, nil
}
