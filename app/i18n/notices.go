package i18n

// Notices the session makes up itself (session.NoticeCodes): news about the connection, not
// refusals, but read the same way, RefusalText with their code, so a player never reads the
// session's English.

var noticeEnglish = map[Key]string{
	Refusal("connection-lost"): "The connection to the host was lost.",
	Refusal("host-away"):       "The host's device is away; the game waits for it.",
	Refusal("host-back"):       "The host's device is back.",
	Refusal("host-gone"):       "This game is over: the host's device did not come back in time.",
	Refusal("host-details"):    "Your device could not use the host's connection details: trying again.",
	Refusal("signaling"):       "The server that connects players turned down a request from this device.",
	Refusal("signal-lost"):     "This device lost the server that connects players: trying again. Players still connected play on.",
	Refusal("signal-back"):     "This device reaches the server that connects players again.",
	Refusal("room-lost"):       "The server no longer keeps this game's code for this device: players who drop out cannot come back. Start a new game.",
}

var noticeRussian = map[Key]string{
	Refusal("connection-lost"): "Связь с ведущим потеряна.",
	Refusal("host-away"):       "Устройство ведущего не на связи; игра ждёт его.",
	Refusal("host-back"):       "Устройство ведущего снова на связи.",
	Refusal("host-gone"):       "Игра окончена: устройство ведущего не вернулось вовремя.",
	Refusal("host-details"):    "Ваше устройство не смогло использовать данные для связи с ведущим: пробуем ещё раз.",
	Refusal("signaling"):       "Сервер, который соединяет игроков, отклонил запрос этого устройства.",
	Refusal("signal-lost"):     "Это устройство потеряло связь с сервером, который соединяет игроков: пробуем ещё раз. Кто уже подключён, играет дальше.",
	Refusal("signal-back"):     "Это устройство снова связано с сервером, который соединяет игроков.",
	Refusal("room-lost"):       "Сервер больше не держит код этой игры для этого устройства: выбывшие игроки не смогут вернуться. Начните новую игру.",
}

func init() {
	Register(English, noticeEnglish)
	Register(Russian, noticeRussian)
}
