package app

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"safehouse/wire"
)

// minSecretLen is 128 bits in unpadded base64url (22 characters); maxSecretLen bounds what we
// accept from a pasted link.
const (
	minSecretLen = 22
	maxSecretLen = 128
)

var (
	// errBadInvite: an invite fragment names a room but is damaged (bad code or secret).
	errBadInvite = errors.New("invite link damaged")
)

// invite is what an invite link carries in its URL fragment: #join=ROOMCODE&k=SECRET.
// Secret is empty for a code typed by hand.
type invite struct {
	Room   string
	Secret string
}

// Fragment renders the invite as a URL fragment without the leading '#'.
func (i invite) Fragment() string {
	f := "join=" + url.QueryEscape(i.Room)
	if i.Secret != "" {
		f += "&k=" + url.QueryEscape(i.Secret)
	}
	return f
}

// URL is the invite link: the page's address (without its own fragment or query) with the
// invite in the fragment, which browsers never send to a server.
func (i invite) URL(page *url.URL) string {
	u := *page
	u.RawQuery = ""
	u.Fragment = ""
	u.RawFragment = ""
	return u.String() + "#" + i.Fragment()
}

// parseInvite reads an invite from a URL fragment (with or without its leading '#').
// found is false when the fragment carries no invite at all (e.g. empty): not an error.
// A fragment that names a room but is damaged returns an error wrapping errBadInvite.
func parseInvite(fragment string) (inv invite, found bool, err error) {
	fragment = strings.TrimPrefix(fragment, "#")
	if fragment == "" {
		return invite{}, false, nil
	}
	values, err := url.ParseQuery(fragment)
	if err != nil {
		return invite{}, true, fmt.Errorf("%w: %v", errBadInvite, err)
	}
	if !values.Has("join") {
		return invite{}, false, nil
	}
	room, err := wire.NormalizeRoomCode(values.Get("join"))
	if err != nil {
		return invite{}, true, fmt.Errorf("%w: %v", errBadInvite, err)
	}
	secret := values.Get("k")
	if values.Has("k") && !validSecret(secret) {
		return invite{Room: room}, true, fmt.Errorf("%w: secret is not %d..%d base64url characters",
			errBadInvite, minSecretLen, maxSecretLen)
	}
	return invite{Room: room, Secret: secret}, true, nil
}

func validSecret(s string) bool {
	if len(s) < minSecretLen || len(s) > maxSecretLen {
		return false
	}
	for _, r := range s {
		ok := r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_'
		if !ok {
			return false
		}
	}
	return true
}

// signalURL is the WebSocket address of the signaling server. configured is the build-time
// setting (Handler.Env SIGNAL_URL); empty means the page's own origin: ws(s)://host/<prefix>/signal,
// where prefix is the site's root prefix (go-app's GOAPP_ROOT_PREFIX) or, without one, the
// directory of the page's path, so a site served under a subpath finds its server there too.
func signalURL(configured string, page *url.URL, rootPrefix string) string {
	if configured != "" {
		return configured
	}
	scheme := "ws"
	if page.Scheme == "https" {
		scheme = "wss"
	}
	prefix := strings.TrimSuffix(rootPrefix, "/")
	if prefix == "" {
		dir := page.Path
		if i := strings.LastIndex(dir, "/"); i >= 0 {
			dir = dir[:i]
		}
		prefix = dir
	}
	return scheme + "://" + page.Host + prefix + "/signal"
}
