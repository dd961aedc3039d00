package i18n

// Refusals: what a player reads when the host (or its game) says no. The wire carries a
// stable code (session.ErrorCodes, game.Codes) and, for a game's refusal, the rule behind it;
// each has a sentence here, so a player never reads the host's English. A code+rule pair may
// have a sentence of its own when the code alone says too little.

// Refusal is the key of a refusal code's sentence: "refusal." + code, or + code + "." +
// rule for a rule's own sentence.
func Refusal(code string) Key { return Key("refusal." + code) }

// StartTableSize is why a lobby cannot start a game of the Spyfall family: its edition's
// range of players (a refusal with code "table-size").
const StartTableSize Key = "start.table-size"

// refusedCode is the session's code for "the game refused", whose reason names the why.
const refusedCode = "refused"

// RefusalText is the sentence in lang for a refusal: code is the error's code; reason and
// rule name a game's refusal (code "refused"). A code or reason no catalogue knows (a newer
// host) reads as the general "refused" sentence, never as the host's own text.
func RefusalText(lang Lang, code, reason, rule string) string {
	if code == refusedCode && reason != "" {
		code = reason
	}
	if rule != "" {
		if _, ok := english[Refusal(code+"."+rule)]; ok {
			return T(lang, Refusal(code+"."+rule))
		}
	}
	if _, ok := english[Refusal(code)]; ok {
		return T(lang, Refusal(code))
	}
	return T(lang, Refusal(refusedCode))
}

var refusalEnglish = map[Key]string{
	// The session's codes.
	Refusal("bad-message"):      "A message between your device and the host's could not be read.",
	Refusal("too-large"):        "That was too large to send to the host.",
	Refusal("version"):          "This page is older or newer than the host's: reload it.",
	Refusal("unknown-type"):     "Your device and the host's do not understand each other: reload the page.",
	Refusal("no-hello"):         "The connection to the host is not ready yet: try again.",
	Refusal("already-hello"):    "This connection to the host is already set up.",
	Refusal("bad-intent"):       "The host could not read that request.",
	Refusal("forged"):           "You can only act for your own seat.",
	Refusal("bad-name"):         "That name cannot be used: use 1 to 24 ordinary characters.",
	Refusal("no-game"):          "No game is running yet.",
	Refusal("refused"):          "The game did not allow that.",
	Refusal("room-full"):        "This game has no free seat left.",
	Refusal("moved"):            "Your seat is now open on another tab or device.",
	Refusal("host-closed"):      "The host ended the game.",
	Refusal("unknown-seat"):     "The host's game does not know this seat any more.",
	Refusal("not-host"):         "Only the host can do that.",
	Refusal("kicked"):           "The host removed you from this game.",
	Refusal("waiting"):          "Wait until the host lets you in.",
	Refusal("turned-away"):      "The host did not let you in.",
	Refusal("too-many-waiting"): "Too many players are already waiting for the host: try again in a moment.",
	Refusal("not-waiting"):      "Nobody is waiting with that knock any more.",
	Refusal("host-seat"):        "The host's seat stays first and in the game.",

	// The engines' sentinels and the room's own.
	Refusal("no-such-seat"):   "That seat is not in this game.",
	Refusal("wrong-phase"):    "That is not possible at this point of the game.",
	Refusal("not-your-turn"):  "It is not your turn.",
	Refusal("already-done"):   "That has already been done.",
	Refusal("forbidden"):      "The rules do not allow that.",
	Refusal("invalid-action"): "The game could not make sense of that.",
	Refusal("bad-config"):     "These settings do not make a game.",
	Refusal("game-over"):      "The game is over.",
	Refusal("stale"):          "Too late: that moment of the game is over.",
	Refusal("spectator"):      "You are watching this game and cannot take part.",
	Refusal("no-team"):        "Every player needs a team before the game starts.",
	Refusal("game-too-large"): "These settings make the game too large to send to the players: use fewer or shorter entries of your own.",
	Refusal("table-size"):     "This edition cannot be played with this many players.",
	StartTableSize:            "This edition plays with %[1]d to %[2]d players.",

	// Rules whose refusal says more than its code.
	Refusal("not-your-turn.SF-PLAY-1"):  "The dealer starts the clock.",
	Refusal("not-your-turn.SF-PLAY-2"):  "Another player asks now.",
	Refusal("not-your-turn.SF-END-1a"):  "Another player accuses now.",
	Refusal("not-your-turn.SF-SPY-3"):   "The second spy names a location now.",
	Refusal("not-your-turn.SF-TEAM-3"):  "The other captain picks now.",
	Refusal("already-done.SF-ACC-1"):    "You have already stopped the clock to accuse this round.",
	Refusal("already-done.SF-ACC-2"):    "Your vote is already in.",
	Refusal("forbidden.SF-ACC-2"):       "You have no vote in this one.",
	Refusal("forbidden.SF-SPY-1"):       "Only a spy may name the location.",
	Refusal("forbidden.SF-2P-3"):        "The spy may not accuse: propose to reveal the table card instead.",
	Refusal("forbidden.SF-ED-1"):        "The table has too few or too many players for this edition.",
	Refusal("bad-config.SF-ED-1"):       "The table has too few or too many players for this edition.",
	Refusal("bad-config.SX-SET-1"):      "Each team needs at least two players.",
	Refusal("bad-config.SF-SET-3"):      "Two spies need at least 6 players, and 12 players need two spies: change the number of spies.",
	Refusal("not-your-turn.SX-GUESS-2"): "The intercepting team guesses first.",
	Refusal("forbidden.SX-GUESS-7"):     "That character is already out of the game.",
	Refusal("not-your-turn.SX-RND-1"):   "The active team chooses its own Spy.",
}

var refusalRussian = map[Key]string{
	Refusal("bad-message"):      "Не удалось прочитать сообщение между вашим устройством и устройством ведущего.",
	Refusal("too-large"):        "Это слишком много, чтобы отправить ведущему.",
	Refusal("version"):          "Эта страница старее или новее, чем у ведущего: перезагрузите её.",
	Refusal("unknown-type"):     "Ваше устройство и устройство ведущего не понимают друг друга: перезагрузите страницу.",
	Refusal("no-hello"):         "Связь с ведущим ещё не готова: попробуйте ещё раз.",
	Refusal("already-hello"):    "Связь с ведущим уже установлена.",
	Refusal("bad-intent"):       "Ведущий не смог прочитать этот запрос.",
	Refusal("forged"):           "Действовать можно только за своё место.",
	Refusal("bad-name"):         "Такое имя не подходит: от 1 до 24 обычных символов.",
	Refusal("no-game"):          "Игра ещё не началась.",
	Refusal("refused"):          "Игра этого не позволила.",
	Refusal("room-full"):        "Свободных мест в этой игре нет.",
	Refusal("moved"):            "Ваше место теперь открыто в другой вкладке или на другом устройстве.",
	Refusal("host-closed"):      "Ведущий завершил игру.",
	Refusal("unknown-seat"):     "В игре ведущего больше нет этого места.",
	Refusal("not-host"):         "Это может только ведущий.",
	Refusal("kicked"):           "Ведущий убрал вас из этой игры.",
	Refusal("waiting"):          "Подождите, пока ведущий вас впустит.",
	Refusal("turned-away"):      "Ведущий вас не впустил.",
	Refusal("too-many-waiting"): "Ведущего уже ждут слишком многие: попробуйте чуть позже.",
	Refusal("not-waiting"):      "С этим стуком уже никто не ждёт.",
	Refusal("host-seat"):        "Место ведущего остаётся первым и в игре.",

	Refusal("no-such-seat"):   "Такого места в этой игре нет.",
	Refusal("wrong-phase"):    "Сейчас в игре это невозможно.",
	Refusal("not-your-turn"):  "Сейчас не ваш ход.",
	Refusal("already-done"):   "Это уже сделано.",
	Refusal("forbidden"):      "Правила этого не позволяют.",
	Refusal("invalid-action"): "Игра не поняла этот запрос.",
	Refusal("bad-config"):     "С такими настройками игра не сложится.",
	Refusal("game-over"):      "Игра окончена.",
	Refusal("stale"):          "Поздно: этот момент игры уже прошёл.",
	Refusal("spectator"):      "Вы смотрите эту игру и не участвуете в ней.",
	Refusal("no-team"):        "До начала игры каждому игроку нужна команда.",
	Refusal("game-too-large"): "С такими настройками игра слишком велика, чтобы отправить её игрокам: своих записей нужно меньше или короче.",
	Refusal("table-size"):     "В этом издании нельзя играть таким числом игроков.",
	StartTableSize:            "В этом издании играют от %[1]d до %[2]d игроков.",

	Refusal("not-your-turn.SF-PLAY-1"):  "Часы запускает сдающий.",
	Refusal("not-your-turn.SF-PLAY-2"):  "Сейчас спрашивает другой игрок.",
	Refusal("not-your-turn.SF-END-1a"):  "Сейчас обвиняет другой игрок.",
	Refusal("not-your-turn.SF-SPY-3"):   "Сейчас локацию называет второй шпион.",
	Refusal("not-your-turn.SF-TEAM-3"):  "Сейчас выбирает другой капитан.",
	Refusal("already-done.SF-ACC-1"):    "Вы уже останавливали часы для обвинения в этом раунде.",
	Refusal("already-done.SF-ACC-2"):    "Ваш голос уже учтён.",
	Refusal("forbidden.SF-ACC-2"):       "В этом голосовании у вас нет голоса.",
	Refusal("forbidden.SF-SPY-1"):       "Назвать локацию может только шпион.",
	Refusal("forbidden.SF-2P-3"):        "Шпион не обвиняет: предложите открыть карту стола.",
	Refusal("forbidden.SF-ED-1"):        "Для этого издания за столом слишком мало или слишком много игроков.",
	Refusal("bad-config.SF-ED-1"):       "Для этого издания за столом слишком мало или слишком много игроков.",
	Refusal("bad-config.SX-SET-1"):      "В каждой команде нужно хотя бы два игрока.",
	Refusal("bad-config.SF-SET-3"):      "Двум шпионам нужно не меньше 6 игроков, а 12 игрокам — два шпиона: измените число шпионов.",
	Refusal("not-your-turn.SX-GUESS-2"): "Первой угадывает перехватывающая команда.",
	Refusal("forbidden.SX-GUESS-7"):     "Этот персонаж уже выбыл из игры.",
	Refusal("not-your-turn.SX-RND-1"):   "Активная команда сама выбирает своего Шпиона.",
}

func init() {
	Register(English, refusalEnglish)
	Register(Russian, refusalRussian)
}
