package session

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// ProtocolVersion is the version of the data-channel message format spoken by this build.
// Every envelope carries it in `v`; a side that receives another version answers with an
// error asking the player to reload, and changes nothing.
const ProtocolVersion = 1

// MaxMessageBytes caps one data-channel message in either direction. It stays below the
// 64 KiB that SCTP stacks accept by default, so an oversized message reaches the receiver
// and is refused there with a clear error instead of failing somewhere in between.
const MaxMessageBytes = 32 << 10

// Envelope is every message on a data channel (and inside relayed signaling data later).
// {"v":1,"t":"intent","seq":42,"body":{...}}   t: "hello","welcome","waiting","intent","view","error","ping","pong"
type Envelope struct {
	V    int             `json:"v"`
	T    string          `json:"t"`
	Seq  uint64          `json:"seq,omitempty"`
	Body json.RawMessage `json:"body,omitempty"`
}

// Envelope types (the `t` field).
const (
	TypeHello   = "hello"   // client -> host, first message: name and resume token
	TypeWelcome = "welcome" // host -> client: room, seat, resume token
	TypeIntent  = "intent"  // client -> host: something the player asks for, with a seq
	TypeView    = "view"    // host -> client: the table as that seat may see it
	TypeError   = "error"   // either way: a refusal for the receiver only
	TypePing    = "ping"    // either way: answered by a pong with the same seq and body
	TypePong    = "pong"
)

// Hello is the body of a client's first message.
type Hello struct {
	Name  string `json:"name"`
	Token string `json:"token,omitempty"` // the resume token a previous welcome gave, if any
	// Spectator asks for a watcher's seat (a table screen): public views only.
	Spectator bool `json:"spectator,omitempty"`
	// Proof shows, on a direct data channel, that the player holds the invite secret
	// (channelProof in admission.go); without it (or a resume token) the player waits for
	// the host to let it in.
	Proof string `json:"proof,omitempty"`
	// PlaysOnly says the device runs the player build, which plays and cannot host: the host
	// does not hand the game to it (canHost).
	PlaysOnly bool `json:"playsOnly,omitempty"`
}

// Welcome is the host's answer to a hello: the seat the connection now speaks for.
type Welcome struct {
	Room  string `json:"room"`
	Seat  int    `json:"seat"`
	Token string `json:"token"` // keep it to get this seat back after a reconnect
	// Seq is the last intent seq the host handled for this seat: a resuming client resends
	// only what came after it and numbers its next intents from there.
	Seq uint64 `json:"seq,omitempty"`
}

// Refusal is the body of an error envelope. Seq (in the envelope) names the refused
// message when it had one. A device shows a sentence of its own language for Code, or for
// Reason when the game refused (CodeRefused); Msg is the sender's English, a detail for
// logs and for old clients.
type Refusal struct {
	Code string `json:"code"`
	Msg  string `json:"msg"`
	// Reason is the game's stable code for a CodeRefused (engine.Code, game.Code), or for a
	// CodeRoomFull or CodeJoinRefused the game gave (JoinTable); Rule the RULES.md ID behind
	// it; both empty when the game named none.
	Reason string `json:"reason,omitempty"`
	Rule   string `json:"rule,omitempty"`
}

// Pong is the body of a pong: the ping's body echoed, and the sender's clock, so a peer
// can estimate its offset from the host's clock.
type Pong struct {
	Echo json.RawMessage `json:"echo,omitempty"`
	Now  int64           `json:"now"` // the answering side's clock, Unix milliseconds
}

// Error codes carried in Refusal.Code. They are stable so that clients can act on them.
const (
	CodeBadMessage  = "bad-message"   // not an envelope: garbage, not JSON, missing fields
	CodeTooLarge    = "too-large"     // over MaxMessageBytes
	CodeVersion     = "version"       // another protocol version: reload
	CodeUnknownType = "unknown-type"  // a `t` this side does not take
	CodeNoHello     = "no-hello"      // an intent before hello
	CodeAgain       = "already-hello" // a second hello on one connection
	CodeBadIntent   = "bad-intent"    // malformed intent, unknown kind, missing seq
	CodeForged      = "forged"        // an intent that names a seat: identity is the connection
	CodeBadName     = "bad-name"      // a name outside the rules
	CodeNoGame      = "no-game"       // a game intent while no game is running
	CodeRefused     = "refused"       // the game refused the action
	CodeRoomFull    = "room-full"     // no seat left
	CodeMoved       = "moved"         // this seat is now spoken for by a newer connection
	CodeHostClosed  = "host-closed"   // the host ended the session
	CodeUnknownSeat = "unknown-seat"  // a resume token this game never issued
	// CodeJoinRefused tells the host that a newcomer found no seat: the game refused them
	// one (JoinTable; they were told CodeRoomFull), or the host let a waiting player in at a
	// full table (they keep waiting). The host's page never reads it as its own refusal.
	CodeJoinRefused = "join-refused"
)

// ErrorCodes lists every code an error envelope may carry, and the session's own Reason
// codes: a device must be able to say each in its player's language.
func ErrorCodes() []string {
	return []string{
		CodeBadMessage, CodeTooLarge, CodeVersion, CodeUnknownType, CodeNoHello, CodeAgain,
		CodeBadIntent, CodeForged, CodeBadName, CodeNoGame, CodeRefused, CodeRoomFull, CodeMoved,
		CodeHostClosed, CodeUnknownSeat, CodeNotHost, CodeKicked, CodeWaiting, CodeTurnedAway,
		CodeTooManyWaiting, CodeNotWaiting, ReasonHostSeat, CodeJoinRefused, CodeHostMoved, CodeNoHandoff,
	}
}

// envelopeError is a decoding failure with the code and sentence to send back.
type envelopeError struct {
	code string
	msg  string
	seq  uint64 // the seq of the refused message, when it could be read
}

func (e *envelopeError) Error() string { return e.code + ": " + e.msg }
func (e *envelopeError) Unwrap() error { return errBadEnvelope }

// viewPrefix is how the host's envelope of a view begins (appendEnvelope).
var viewPrefix = []byte(`{"v":` + strconv.Itoa(ProtocolVersion) + `,"t":"` + TypeView + `",`)

// decodeView reads a view from the host in one pass, envelope and body together: a view
// comes after every change, and reading the envelope first and its body again was half a
// phone's work on it. ok is false for anything else, a view written otherwise or one that
// does not read, which decodeEnvelope then reads or refuses as any message.
func decodeView(raw []byte) (v View, ok bool) {
	if len(raw) > MaxMessageBytes || !bytes.HasPrefix(raw, viewPrefix) || !utf8.Valid(raw) {
		return View{}, false
	}
	var env struct {
		V    int    `json:"v"`
		T    string `json:"t"`
		Body *View  `json:"body"`
	}
	if err := json.Unmarshal(raw, &env); err != nil || env.V != ProtocolVersion || env.T != TypeView || env.Body == nil {
		return View{}, false
	}
	return *env.Body, true
}

// decodeEnvelope checks size, JSON, version and type of one received message. It never
// panics on any input; every failure is an *envelopeError ready to be sent back.
func decodeEnvelope(raw []byte) (Envelope, error) {
	if len(raw) > MaxMessageBytes {
		return Envelope{}, &envelopeError{code: CodeTooLarge,
			msg: fmt.Sprintf("message of %d bytes refused: the limit is %d", len(raw), MaxMessageBytes)}
	}
	if !utf8.Valid(raw) {
		return Envelope{}, &envelopeError{code: CodeBadMessage, msg: "message is not text: expected a JSON envelope"}
	}
	trimmed := bytes.TrimSpace(raw)
	if len(trimmed) == 0 || trimmed[0] != '{' {
		return Envelope{}, &envelopeError{code: CodeBadMessage, msg: "message is not a JSON object: expected an envelope"}
	}
	var env Envelope
	if err := json.Unmarshal(trimmed, &env); err != nil {
		return Envelope{}, &envelopeError{code: CodeBadMessage, msg: "message is not a valid envelope: " + err.Error()}
	}
	if env.V != ProtocolVersion {
		return Envelope{}, &envelopeError{code: CodeVersion, seq: env.Seq,
			msg: fmt.Sprintf("message speaks protocol version %d but this side speaks %d: please reload the page", env.V, ProtocolVersion)}
	}
	if env.T == "" {
		return Envelope{}, &envelopeError{code: CodeBadMessage, seq: env.Seq, msg: `envelope has no type "t"`}
	}
	return env, nil
}

// encodeEnvelope builds one message. Bodies are this package's own types, so a marshalling
// failure is a programming error and is returned rather than hidden. The body is marshalled
// once and wrapped as it is (appendEnvelope).
func encodeEnvelope(t string, seq uint64, body any) ([]byte, error) {
	var b []byte
	if body != nil {
		var err error
		if b, err = json.Marshal(body); err != nil {
			return nil, fmt.Errorf("session: encoding %s body: %w", t, err)
		}
	}
	return appendEnvelope(nil, t, seq, b), nil
}

// decodeStrict unmarshals a body, refusing fields the type does not have.
func decodeStrict(body json.RawMessage, v any) error {
	if len(body) == 0 {
		return errors.New("missing body")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("trailing data after body")
	}
	return nil
}
