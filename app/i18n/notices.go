package i18n

// Notices the session makes up itself (session.NoticeCodes): news about the connection, not
// refusals, but read the same way, RefusalText with their code, so a player never reads the
// session's English.

var noticeEnglish = Entries{
	{Key("refusal.connection-lost"), "The connection to the host was lost."},
	{Key("refusal.host-away"), "The host's device is away; the game waits for it."},
	{Key("refusal.host-back"), "The host's device is back."},
	{Key("refusal.host-gone"), "This game is over: the host's device did not come back in time."},
	{Key("refusal.host-details"), "Your device could not use the host's connection details: trying again."},
	{Key("refusal.signaling"), "The server that connects players turned down a request from this device."},
	{Key("refusal.signal-lost"), "This device lost the server that connects players: trying again. Players still connected play on."},
	{Key("refusal.signal-back"), "This device reaches the server that connects players again."},
	{Key("refusal.room-lost"), "The server no longer keeps this game's code for this device: players who drop out cannot come back. Start a new game."},
}

var noticeRussian = Entries{
	{Key("refusal.connection-lost"), "Связь с ведущим потеряна."},
	{Key("refusal.host-away"), "Устройство ведущего не на связи; игра ждёт его."},
	{Key("refusal.host-back"), "Устройство ведущего снова на связи."},
	{Key("refusal.host-gone"), "Игра окончена: устройство ведущего не вернулось вовремя."},
	{Key("refusal.host-details"), "Ваше устройство не смогло использовать данные для связи с ведущим: пробуем ещё раз."},
	{Key("refusal.signaling"), "Сервер, который соединяет игроков, отклонил запрос этого устройства."},
	{Key("refusal.signal-lost"), "Это устройство потеряло связь с сервером, который соединяет игроков: пробуем ещё раз. Кто уже подключён, играет дальше."},
	{Key("refusal.signal-back"), "Это устройство снова связано с сервером, который соединяет игроков."},
	{Key("refusal.room-lost"), "Сервер больше не держит код этой игры для этого устройства: выбывшие игроки не смогут вернуться. Начните новую игру."},
}

func init() {
	Register(English, noticeEnglish)
	Register(Russian, noticeRussian)
}
