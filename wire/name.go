package wire

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxNameRunes is the longest display name, in characters.
const MaxNameRunes = 24

// The reasons CleanName refuses a name; its errors match them with errors.Is. Their texts
// are sentences for the player (the host sends them with its refusal).
var (
	ErrNameMissing = errors.New("a name needs at least one character")
	ErrNameTooLong = fmt.Errorf("a name can have at most %d characters", MaxNameRunes)
	ErrNameNotText = errors.New("a name must be readable text, without control or invisible characters")
)

// nameTooLong says how long the refused name was, and is ErrNameTooLong.
type nameTooLong struct{ runes int }

func (e nameTooLong) Error() string {
	return fmt.Sprintf("a name can have at most %d characters, this one has %d", MaxNameRunes, e.runes)
}

func (e nameTooLong) Is(target error) bool { return target == ErrNameTooLong }

// CleanName is the one display-name rule, applied alike by the page (to warn early), the
// host's session (the rule that counts) and the game engines: surrounding space trimmed,
// runs of spaces inside made one, then 1..MaxNameRunes characters of valid UTF-8 with no
// control or invisible formatting characters (the zero-width joiner of emoji excepted).
func CleanName(s string) (string, error) {
	if !utf8.ValidString(s) {
		return "", ErrNameNotText
	}
	var b strings.Builder
	space := false
	for _, r := range strings.TrimSpace(s) {
		switch {
		case unicode.IsControl(r) || unicode.Is(unicode.Cf, r) && r != '\u200d':
			return "", ErrNameNotText
		case unicode.IsSpace(r):
			space = true
			continue
		case space:
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	name := b.String()
	switch n := utf8.RuneCountInString(name); {
	case n == 0:
		return "", ErrNameMissing
	case n > MaxNameRunes:
		return "", nameTooLong{runes: n}
	}
	return name, nil
}
