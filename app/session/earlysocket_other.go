//go:build !js || !wasm

package session

import "context"

// takeEarlySocket finds no socket outside the browser: only an invite's page opens one early
// (earlysocket_js.go).
func takeEarlySocket(context.Context, string) signalConn { return nil }
