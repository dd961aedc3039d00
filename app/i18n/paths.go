package i18n

// Keys of the connection's path: straight to the host's device, or through the server,
// sealed end to end, when no direct path opens (app/connecting.go, the lobby's status).
const (
	ConnectRelayHint   Key = "connect.relay-hint"
	StatusOnlineDirect Key = "status.online.direct"
	StatusOnlineRelay  Key = "status.online.relay"
)
