package session

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxNameRunes is the longest display name, in characters.
const MaxNameRunes = 24

// CleanName trims a display name and checks it: 1..MaxNameRunes characters, valid UTF-8,
// no control or invisible formatting characters. The error is a sentence for the player.
func CleanName(s string) (string, error) {
	if !utf8.ValidString(s) {
		return "", errors.New("a name must be readable text")
	}
	name := strings.TrimSpace(s)
	if name == "" {
		return "", errors.New("a name needs at least one character")
	}
	if n := utf8.RuneCountInString(name); n > MaxNameRunes {
		return "", fmt.Errorf("a name can have at most %d characters, this one has %d", MaxNameRunes, n)
	}
	for _, r := range name {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) && r != '\u200d' {
			return "", errors.New("a name cannot contain control or invisible characters")
		}
	}
	return name, nil
}
