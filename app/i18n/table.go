package i18n

// Keys of a table that loses its network: a guest that cannot reach the host's device
// (app/hostaway.go), and a device with no network at all on the home screen (app/home.go).
const (
	HostAwayTitle   Key = "host-away.title"
	HostAwayBody    Key = "host-away.body"
	HostAwayUnnamed Key = "host-away.unnamed"
	OfflineTitle    Key = "offline.title"
	OfflineBody     Key = "offline.body"
	PassLobbyReady  Key = "pass.lobby.ready"
)
