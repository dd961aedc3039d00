package engine

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
)

// Codec writes and reads the actions of one game in their wire form: the action's fields
// plus "kind", {"kind":"vote","vote":3,"yes":true}. Reading is strict: every field of the
// action's struct must be there, and no other, so a message missing its round or its seat
// is refused rather than read as round 0 or seat 0.
type Codec struct {
	game  string
	kinds map[string]reflect.Type
}

// NewCodec knows the given actions (each a zero value of a struct type) by their kinds;
// game names the game in error messages.
func NewCodec(game string, actions ...Action) Codec {
	c := Codec{game: game, kinds: make(map[string]reflect.Type, len(actions))}
	for _, a := range actions {
		c.kinds[a.Kind()] = reflect.TypeOf(a)
	}
	return c
}

// EncodeAction writes any game's action for the wire, as its game's codec would: only
// reading an action needs to know the game's kinds.
func EncodeAction(a Action) ([]byte, error) { return Codec{game: "game"}.Encode(a) }

// Encode writes a for the wire.
func (c Codec) Encode(a Action) ([]byte, error) {
	if a == nil {
		return nil, Refuse(ErrInvalidAction, "", "%s: no action to encode", c.game)
	}
	body, err := json.Marshal(a)
	if err != nil {
		return nil, err
	}
	kind, _ := json.Marshal(a.Kind())
	if string(body) == "{}" {
		return []byte(`{"kind":` + string(kind) + `}`), nil
	}
	return append([]byte(`{"kind":`+string(kind)+`,`), body[1:]...), nil
}

// Decode reads an action written by Encode. Anything else (malformed JSON, an unknown
// kind, a field missing, null, unknown or of the wrong type, an array of the wrong length)
// is refused with ErrInvalidAction.
func (c Codec) Decode(data []byte) (Action, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil || fields == nil {
		return nil, Refuse(ErrInvalidAction, "", "malformed action")
	}
	var kind string
	if err := json.Unmarshal(fields["kind"], &kind); err != nil {
		return nil, Refuse(ErrInvalidAction, "", "action without a kind")
	}
	t, ok := c.kinds[kind]
	if !ok {
		return nil, Refuse(ErrInvalidAction, "", "unknown %s action %q", c.game, kind)
	}
	delete(fields, "kind")
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name := strings.Split(f.Tag.Get("json"), ",")[0]
		raw, ok := fields[name]
		if !ok || bytes.Equal(raw, []byte("null")) {
			return nil, Refuse(ErrInvalidAction, "", "%s: missing %q", kind, name)
		}
		if f.Type.Kind() == reflect.Array {
			// A JSON array fills a Go array silently, short or long: check its length.
			var l []json.RawMessage
			if err := json.Unmarshal(raw, &l); err != nil || len(l) != f.Type.Len() {
				return nil, Refuse(ErrInvalidAction, "", "%s: %q must hold exactly %d entries", kind, name, f.Type.Len())
			}
		}
	}
	if len(fields) != t.NumField() {
		return nil, Refuse(ErrInvalidAction, "", "%s: unexpected fields", kind)
	}
	p := reflect.New(t)
	if t.NumField() > 0 {
		body, _ := json.Marshal(fields)
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.DisallowUnknownFields()
		if err := dec.Decode(p.Interface()); err != nil {
			return nil, Refuse(ErrInvalidAction, "", "%s: %v", kind, err)
		}
	}
	return p.Elem().Interface().(Action), nil
}

// Kinds lists the kinds the codec knows, in no particular order.
func (c Codec) Kinds() []string {
	out := make([]string, 0, len(c.kinds))
	for k := range c.kinds {
		out = append(out, k)
	}
	return out
}
