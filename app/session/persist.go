package session

import (
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"safehouse/wire"
)

// Store keeps one host's saved state across a reload of the host tab: the browser's
// localStorage in the app (NewBrowserStore), memory in native tests (MemoryStore). The host
// calls Save before every broadcast, with its lock held, so Save must not call back into the
// session.
type Store interface {
	Save(data []byte) error
	// Load returns what was saved last, or nil (and no error) when nothing is saved.
	Load() ([]byte, error)
	// Clear forgets the saved state: the host ended its game on purpose.
	Clear() error
}

// HostState is everything a host needs to come back after a reload: the room and its claim,
// the invite secret, every seat with its resume token and the last intent it handled, the
// state number, and the game table's own snapshot.
type HostState struct {
	Version int         `json:"v"`
	Room    string      `json:"room"`
	Claim   string      `json:"claim"`
	Secret  string      `json:"secret"`
	State   uint64      `json:"state"`
	Seats   []SavedSeat `json:"seats"`
	// NextSeat is the lowest seat number never given out, so a kicked seat's number stays
	// unused after a reload too.
	NextSeat int    `json:"next_seat,omitempty"`
	Game     []byte `json:"game,omitempty"` // the Table's MarshalBinary, when it has one
	// NoServer marks a game with no signaling server (QRHost, resumed by ResumeQRHost): it
	// has no claim. Spent lists the offer ids whose answer its host took, so an answer code
	// used before a reload is still refused as used after it.
	NoServer bool     `json:"no_server,omitempty"`
	Spent    []uint32 `json:"spent,omitempty"`
	// Clock is how far the game's clock runs ahead of this device's, in milliseconds: a game
	// handed over or taken over keeps the old host's time (GameClock), so every deadline stays
	// where it was.
	Clock int64 `json:"clock,omitempty"`
}

// SavedSeat is one seat in a HostState.
type SavedSeat struct {
	Seat    int    `json:"seat"`
	Name    string `json:"name"`
	Host    bool   `json:"host"`
	Token   string `json:"token"`
	LastSeq uint64 `json:"last_seq"`
	// Spectator marks a watcher's seat.
	Spectator bool `json:"spectator,omitempty"`
}

// hostStateVersion is bumped when HostState changes incompatibly (and DecodeHostState then
// learns to read the version before). A newer save is refused with ErrNewerSave.
const hostStateVersion = 1

// maxHostStateBytes bounds what DecodeHostState reads (a big game snapshot is tens of KiB).
const maxHostStateBytes = 4 << 20

// EncodeHostState is the stored form of st.
func EncodeHostState(st HostState) ([]byte, error) {
	st.Version = hostStateVersion
	return json.Marshal(st)
}

// DecodeHostState reads a stored HostState and checks it is whole: a damaged save is refused
// with an error rather than resumed into a broken game.
func DecodeHostState(data []byte) (HostState, error) {
	if len(data) > maxHostStateBytes {
		return HostState{}, fmt.Errorf("session: saved game of %d bytes is over the %d-byte limit", len(data), maxHostStateBytes)
	}
	var head struct {
		Version int `json:"v"`
	}
	if json.Unmarshal(data, &head) == nil && head.Version > hostStateVersion {
		return HostState{}, fmt.Errorf("%w (version %d, this build reads %d)", ErrNewerSave, head.Version, hostStateVersion)
	}
	var st HostState
	if err := decodeStrict(data, &st); err != nil {
		return HostState{}, fmt.Errorf("session: saved game cannot be read: %w", err)
	}
	if err := st.check(); err != nil {
		return HostState{}, fmt.Errorf("session: saved game is damaged: %w", err)
	}
	return st, nil
}

func (st HostState) check() error {
	if st.Version != hostStateVersion {
		return fmt.Errorf("version %d, this build reads %d", st.Version, hostStateVersion)
	}
	if code, ok := wire.CanonicalRoomCode(st.Room); !ok || code != st.Room {
		return fmt.Errorf("room %q is not a room code", st.Room)
	}
	if (st.Claim == "" && !st.NoServer) || st.Secret == "" {
		return errors.New("claim or invite secret missing")
	}
	if len(st.Spent) > maxSpentOffers {
		return fmt.Errorf("%d spent offers, at most %d are kept", len(st.Spent), maxSpentOffers)
	}
	if len(st.Seats) == 0 {
		return errors.New("no seats, want at least the host's")
	}
	tokens, numbers := map[string]bool{}, map[int]bool{}
	players, spectators := 0, 0
	for i, s := range st.Seats {
		if s.Spectator {
			spectators++
		} else {
			players++
		}
		if players > MaxSeats || spectators > MaxSpectators {
			return fmt.Errorf("more than %d players or %d table screens", MaxSeats, MaxSpectators)
		}
		if s.Seat < 0 || numbers[s.Seat] {
			return fmt.Errorf("seat number %d is negative or repeated", s.Seat)
		}
		numbers[s.Seat] = true
		if s.Host != (i == 0) {
			return errors.New("the host's seat must come first, and only it")
		}
		if clean, err := wire.CleanName(s.Name); err != nil || clean != s.Name {
			return fmt.Errorf("seat %d has the name %q", i, s.Name)
		}
		if len(s.Token) < 22 || tokens[s.Token] {
			return fmt.Errorf("seat %d has a short or repeated token", i)
		}
		tokens[s.Token] = true
	}
	return nil
}

// hostStore is where a hostCore saves itself, with what only the HostSession or QRHost knows.
type hostStore struct {
	store  Store
	claim  string
	secret string
	// spent, for a QRHost, lists its spent offer ids; it is called with the core's lock held.
	spent func() []uint32
	clock int64 // HostState.Clock
}

// saveLocked stores the whole state. A failure is logged: the game goes on, it only could not
// be brought back after a reload.
func (h *hostCore) saveLocked() {
	if h.store == nil || h.store.store == nil {
		return
	}
	st, err := h.stateLocked()
	var data []byte
	if err == nil {
		data, err = EncodeHostState(st)
	}
	if err == nil {
		err = h.store.store.Save(data)
	}
	if err != nil {
		h.log.Error("session: the host's state could not be saved", "err", err)
	}
}

// stateLocked is the whole state as a HostState (h.store must be set).
func (h *hostCore) stateLocked() (HostState, error) {
	st := HostState{
		Room:     h.room,
		Claim:    h.store.claim,
		Secret:   h.store.secret,
		State:    h.state,
		Seats:    make([]SavedSeat, len(h.seats)),
		NextSeat: h.nextSeat,
		Clock:    h.store.clock,
	}
	if h.store.spent != nil {
		st.NoServer, st.Spent = true, h.store.spent()
	}
	for i, s := range h.seats {
		st.Seats[i] = SavedSeat{Seat: s.no, Name: s.name, Host: s.host, Spectator: s.spectator, Token: s.token, LastSeq: s.lastSeq}
	}
	if m, ok := h.table.(encoding.BinaryMarshaler); ok {
		game, err := m.MarshalBinary()
		if err != nil {
			return HostState{}, fmt.Errorf("the game could not be saved: %w", err)
		}
		st.Game = game
	}
	return st, nil
}

// restore seats everyone of st, offline, with their tokens, and continues its state number.
// Only a fresh core (before any connection) is restored.
func (h *hostCore) restore(st HostState) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.state = st.State
	h.nextSeat = max(st.NextSeat, 0)
	for _, saved := range st.Seats {
		s := &seat{no: saved.Seat, name: saved.Name, host: saved.Host, spectator: saved.Spectator, token: saved.Token, lastSeq: saved.LastSeq}
		h.seats = append(h.seats, s)
		h.byToken[s.token] = s
	}
}

// MemoryStore is a Store in memory, for native hosts and tests.
type MemoryStore struct {
	mu    sync.Mutex
	data  []byte
	saves int
}

// Save keeps a copy of data.
func (m *MemoryStore) Save(data []byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.data = append([]byte(nil), data...)
	m.saves++
	return nil
}

// Load returns a copy of the last save, or nil.
func (m *MemoryStore) Load() ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.data == nil {
		return nil, nil
	}
	return append([]byte(nil), m.data...), nil
}

// Clear forgets the save.
func (m *MemoryStore) Clear() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.data = nil
	return nil
}

// Saves counts the saves so far.
func (m *MemoryStore) Saves() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.saves
}
