package session

import "errors"

// The session's sentinel errors, in one place. The exported ones are for callers to test with
// errors.Is; the others name a cause the session itself tells apart (or a test checks). The
// internal packages keep their own (a QR code's refusals are *QRError values of
// internal/qrcodec, a relay's refused handshake is relay.ErrAuth).

// Errors a caller of the session may meet.
var (
	// ErrClosed is returned by a Conn or Client used after it closed.
	ErrClosed = errors.New("session: connection closed")
	// ErrUnknownRoom is wrapped by the errors of Join and Host for a bad or expired room code.
	ErrUnknownRoom = errors.New("unknown or expired room code")
	// ErrOutboxFull is returned by Send when too many intents wait for an unreachable host.
	ErrOutboxFull = errors.New("session: too many actions are waiting for the host to come back")
	// ErrNewerSave refuses a save written by a newer version of the app than this one: the
	// host is asked to update rather than told the save is damaged.
	ErrNewerSave = errors.New("session: the game was saved by a newer version")
)

// Connections and messages.
var (
	// errFlooded closes a connection whose sender outran its reader by maxQueued messages.
	errFlooded       = errors.New("session: too many unread messages, connection closed")
	errChannelClosed = errors.New("session: data channel closed by the other side")
	errBadEnvelope   = errors.New("bad envelope")
)

// A joining player's connection and its repair.
var (
	// errHostAway ends a connection attempt made while the host is away (a reloading host
	// tab); the client tries again after its backoff.
	errHostAway = errors.New("session: the host is away; trying again shortly")
	// errRescan is a QR player's redial: with no server, a lost connection comes back only
	// through new codes (JoinQR again with the seat's token).
	errRescan       = errors.New("session: the connection to the host ended: scan the host's code again")
	errRelayStopped = errors.New("session: the relay was not needed")
	errRelayed      = errors.New("session: a relayed connection has no ICE to restart")
	errSignalGone   = errors.New("session: the signaling socket is gone; no ICE restart")
)

// The host's side of the signaling server.
var (
	// errBadClaim is the server's answer to a reclaim with a spent or wrong claim: another
	// host tab took the room over with it.
	errBadClaim        = errors.New("session: the signaling server refused the room's claim")
	errNoLinkToRestart = errors.New("no open data channel on this link to restart")
	errNewIdentity     = errors.New("a restart offer must keep the connection's DTLS fingerprint")
)

// The game outlives its host (handoff.go). Each of HandOver's errors leaves the host hosting,
// as it was.
var (
	// ErrNoHandoffAsked is returned by AnswerHandoff when no handoff with that id is waiting
	// for this player's answer.
	ErrNoHandoffAsked = errors.New("session: the host is not asking this device to take the game")
	// ErrHandoffSeat: the seat asked is not a seated, present device other than the host's.
	ErrHandoffSeat = errors.New("session: that seat cannot take the game: it is not at the table now")
	// ErrHandoffDeclined: the asked player said no, or did not answer in time.
	ErrHandoffDeclined = errors.New("session: the other device did not take the game")
	// ErrHandoffBusy: a handoff is already under way.
	ErrHandoffBusy = errors.New("session: the game is already being handed over")
	// ErrHandoffFailed: the state went over but the other device did not take the room; the
	// game stays on this device, which took its room back.
	ErrHandoffFailed = errors.New("session: the other device could not take the game; it stays here")
	// ErrRoomTaken: the signaling server gave this host's room to another device (a handoff or
	// a takeover moved the game on), or another tab took it with the claim. The
	// host's own seat can come back as an ordinary player with its token.
	ErrRoomTaken = errors.New("session: another device holds this game's room now")
)

// A QR host's refusal of an answer to an offer it took already.
var errQRUsed error = &QRError{Code: QRUsed, Msg: "this answer was used already: the player scans the host's new code"}
