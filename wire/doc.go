// Package wire holds what the signaling server, the session and the page must agree on: the
// room code (alphabet, length, how a typed code is read, and NewRoomCode, the one generator of
// fresh codes), the signaling message and its type and error codes, and the display-name rule.
// It imports only the standard library, so the server can use it without pulling in the UI
// and the wasm without pulling in the server.
package wire
