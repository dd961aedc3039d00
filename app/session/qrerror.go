package session

import "safehouse/app/session/internal/qrcodec"

// QRError is what a QR code's reader says of a code it will not use: Code is stable (the app
// shows a sentence of the player's language for it), Msg is English for logs and tests. A
// refused code changes nothing. The codes are read and written by internal/qrcodec.
type QRError = qrcodec.Error

// Codes of QRError.
const (
	QRNotACode   = qrcodec.NotACode     // not a Safehouse code at all
	QRVersion    = qrcodec.OtherVersion // made by another version of the app
	QRWrongKind  = qrcodec.WrongKind    // an offer where an answer belongs, or the other way
	QRTruncated  = qrcodec.Truncated    // cut short
	QRDamaged    = qrcodec.Damaged      // its mac does not match: damaged, or not from this game
	QROtherGame  = qrcodec.OtherGame    // an answer to another game's offer
	QRUsed       = qrcodec.Used         // an answer to an offer already taken
	QRNotOffered = qrcodec.NotOffered   // an answer to an offer this host does not have
	QRUnusable   = qrcodec.Unusable     // a description with nothing a data channel can use
)

func qrErr(code, msg string) error { return &QRError{Code: code, Msg: msg} }
