package sealed

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/binary"
	"fmt"
)

// Copy is one sealed copy of the host's state: AES-256-GCM under the deal's K, with the game,
// the deal's epoch and the state number bound in as additional data.
type Copy struct {
	Game  string `json:"game"`
	Epoch uint64 `json:"epoch"`
	State uint64 `json:"state"`
	Nonce []byte `json:"nonce"`
	Box   []byte `json:"box"`
}

// Seal makes a copy of plain, the host's state numbered state, for the deal of epoch.
func Seal(k Key, game string, epoch, state uint64, plain []byte) (Copy, error) {
	aead, err := newAEAD(k)
	if err != nil {
		return Copy{}, err
	}
	c := Copy{Game: game, Epoch: epoch, State: state, Nonce: make([]byte, aead.NonceSize())}
	rand.Read(c.Nonce) // never fails: crypto/rand crashes the program rather than return an error
	c.Box = aead.Seal(nil, c.Nonce, plain, c.label())
	return c, nil
}

// Open returns the state sealed in c, or ErrDamaged when k is not its key (too few or wrong
// shares) or the copy was changed, its game, epoch or state number included.
func (c Copy) Open(k Key) ([]byte, error) {
	aead, err := newAEAD(k)
	if err != nil {
		return nil, err
	}
	if len(c.Nonce) != aead.NonceSize() {
		return nil, ErrDamaged
	}
	plain, err := aead.Open(nil, c.Nonce, c.Box, c.label())
	if err != nil {
		return nil, ErrDamaged
	}
	return plain, nil
}

// Of checks that c was sealed for the deal d before anyone tries to open it.
func (c Copy) Of(d Deal) error {
	switch {
	case c.Game != d.Game:
		return ErrOtherGame
	case c.Epoch != d.Epoch:
		return ErrOtherDeal
	}
	return nil
}

func (c Copy) label() []byte {
	b := append([]byte("safehouse/sealed/v1\x00"), c.Game...)
	b = append(b, 0)
	b = binary.BigEndian.AppendUint64(b, c.Epoch)
	return binary.BigEndian.AppendUint64(b, c.State)
}

func newAEAD(k Key) (cipher.AEAD, error) {
	block, err := aes.NewCipher(k[:])
	if err != nil {
		return nil, fmt.Errorf("sealed: %w", err)
	}
	return cipher.NewGCM(block)
}
