package i18n

// Keys of the connection's path: straight to the host's device, or through the server,
// sealed end to end, when no direct path opens (app/connecting.go, the lobby's status).
const (
	ConnectRelayHint   Key = "connect.relay-hint"
	StatusOnlineDirect Key = "status.online.direct"
	StatusOnlineRelay  Key = "status.online.relay"
)

var pathsEnglish = Entries{
	{ConnectRelayHint, "No direct route to the host's device yet, so we're also trying through the server. It stays encrypted: the server can't read your game."},
	{StatusOnlineDirect, "Connected directly"},
	{StatusOnlineRelay, "Connected through the server, encrypted"},
}

var pathsRussian = Entries{
	{ConnectRelayHint, "Напрямую до устройства ведущего пока не достучаться, поэтому пробуем и через сервер. Всё зашифровано: сервер не видит вашу игру."},
	{StatusOnlineDirect, "Подключено напрямую"},
	{StatusOnlineRelay, "Подключено через сервер, с шифрованием"},
}

func init() {
	Register(English, pathsEnglish)
	Register(Russian, pathsRussian)
}
