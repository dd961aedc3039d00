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

// The keys are written out (Key("refusal."+code)) rather than made by Refusal: keys made by
// calls are computed at start by code for every entry, about 30 KB of wasm here.
var refusalEnglish = Entries{
	// The session's codes.
	{Key("refusal.bad-message"), "A message between your device and the host's could not be read."},
	{Key("refusal.too-large"), "That was too large to send to the host."},
	{Key("refusal.version"), "This page is older or newer than the host's: reload it."},
	{Key("refusal.unknown-type"), "Your device and the host's do not understand each other: reload the page."},
	{Key("refusal.no-hello"), "The connection to the host is not ready yet: try again."},
	{Key("refusal.already-hello"), "This connection to the host is already set up."},
	{Key("refusal.bad-intent"), "The host could not read that request."},
	{Key("refusal.forged"), "You can only act for your own seat."},
	{Key("refusal.bad-name"), "That name cannot be used: use 1 to 24 ordinary characters."},
	{Key("refusal.no-game"), "No game is running yet."},
	{Key("refusal.refused"), "The game did not allow that."},
	{Key("refusal.room-full"), "This game has no free seat left."},
	{Key("refusal.moved"), "Your seat is now open on another tab or device."},
	{Key("refusal.host-closed"), "The host ended the game."},
	{Key("refusal.unknown-seat"), "The host's game does not know this seat any more."},
	{Key("refusal.not-host"), "Only the host can do that."},
	{Key("refusal.kicked"), "The host removed you from this game."},
	{Key("refusal.waiting"), "Wait until the host lets you in."},
	{Key("refusal.turned-away"), "The host did not let you in."},
	{Key("refusal.too-many-waiting"), "Too many players are already waiting for the host: try again in a moment."},
	{Key("refusal.not-waiting"), "Nobody is waiting with that knock any more."},
	{Key("refusal.host-seat"), "The host's seat stays first and in the game."},
	{Key("refusal.join-refused"), "Someone tried to join, but the game has no seat for another player."},

	// The engines' sentinels and the room's own.
	{Key("refusal.no-such-seat"), "That seat is not in this game."},
	{Key("refusal.wrong-phase"), "That is not possible at this point of the game."},
	{Key("refusal.not-your-turn"), "It is not your turn."},
	{Key("refusal.already-done"), "That has already been done."},
	{Key("refusal.forbidden"), "The rules do not allow that."},
	{Key("refusal.invalid-action"), "The game could not make sense of that."},
	{Key("refusal.bad-config"), "These settings do not make a game."},
	{Key("refusal.game-over"), "The game is over."},
	{Key("refusal.stale"), "Too late: that moment of the game is over."},
	{Key("refusal.spectator"), "You are watching this game and cannot take part."},
	{Key("refusal.no-team"), "Every player needs a team before the game starts."},
	{Key("refusal.game-too-large"), "These settings make the game too large to send to the players: use fewer or shorter entries of your own."},
	{Key("refusal.table-size"), "This edition cannot be played with this many players."},
	{StartTableSize, "This edition plays with %[1]d to %[2]d players."},

	// Rules whose refusal says more than its code.
	{Key("refusal.not-your-turn.SF-PLAY-1"), "The dealer starts the clock."},
	{Key("refusal.not-your-turn.SF-PLAY-2"), "Another player asks now."},
	{Key("refusal.not-your-turn.SF-END-1a"), "Another player accuses now."},
	{Key("refusal.not-your-turn.SF-SPY-3"), "The second spy names a location now."},
	{Key("refusal.not-your-turn.SF-TEAM-3"), "The other captain picks now."},
	{Key("refusal.already-done.SF-ACC-1"), "You have already stopped the clock to accuse this round."},
	{Key("refusal.already-done.SF-ACC-2"), "Your vote is already in."},
	{Key("refusal.forbidden.SF-ACC-2"), "You have no vote in this one."},
	{Key("refusal.forbidden.SF-SPY-1"), "Only a spy may name the location."},
	{Key("refusal.forbidden.SF-2P-3"), "The spy may not accuse: propose to reveal the table card instead."},
	{Key("refusal.forbidden.SF-ED-1"), "The table has too few or too many players for this edition."},
	{Key("refusal.bad-config.SF-ED-1"), "The table has too few or too many players for this edition."},
	{Key("refusal.bad-config.SX-SET-1"), "Each team needs at least two players."},
	{Key("refusal.bad-config.SF-SET-3"), "Two spies need at least 6 players, and 12 players need two spies: change the number of spies."},
	{Key("refusal.not-your-turn.SX-GUESS-2"), "The intercepting team guesses first."},
	{Key("refusal.forbidden.SX-GUESS-7"), "That character is already out of the game."},
	{Key("refusal.not-your-turn.SX-RND-1"), "The active team chooses its own Spy."},
}

var refusalRussian = Entries{
	{Key("refusal.bad-message"), "Не удалось прочитать сообщение между вашим устройством и устройством ведущего."},
	{Key("refusal.too-large"), "Это слишком много, чтобы отправить ведущему."},
	{Key("refusal.version"), "Эта страница старее или новее, чем у ведущего: перезагрузите её."},
	{Key("refusal.unknown-type"), "Ваше устройство и устройство ведущего не понимают друг друга: перезагрузите страницу."},
	{Key("refusal.no-hello"), "Связь с ведущим ещё не готова: попробуйте ещё раз."},
	{Key("refusal.already-hello"), "Связь с ведущим уже установлена."},
	{Key("refusal.bad-intent"), "Ведущий не смог прочитать этот запрос."},
	{Key("refusal.forged"), "Действовать можно только за своё место."},
	{Key("refusal.bad-name"), "Такое имя не подходит: от 1 до 24 обычных символов."},
	{Key("refusal.no-game"), "Игра ещё не началась."},
	{Key("refusal.refused"), "Игра этого не позволила."},
	{Key("refusal.room-full"), "Свободных мест в этой игре нет."},
	{Key("refusal.moved"), "Ваше место теперь открыто в другой вкладке или на другом устройстве."},
	{Key("refusal.host-closed"), "Ведущий завершил игру."},
	{Key("refusal.unknown-seat"), "В игре ведущего больше нет этого места."},
	{Key("refusal.not-host"), "Это может только ведущий."},
	{Key("refusal.kicked"), "Ведущий убрал вас из этой игры."},
	{Key("refusal.waiting"), "Подождите, пока ведущий вас впустит."},
	{Key("refusal.turned-away"), "Ведущий вас не впустил."},
	{Key("refusal.too-many-waiting"), "Ведущего уже ждут слишком многие: попробуйте чуть позже."},
	{Key("refusal.not-waiting"), "С этим стуком уже никто не ждёт."},
	{Key("refusal.host-seat"), "Место ведущего остаётся первым и в игре."},
	{Key("refusal.join-refused"), "Кто-то хотел присоединиться, но в игре нет места ещё для одного игрока."},

	{Key("refusal.no-such-seat"), "Такого места в этой игре нет."},
	{Key("refusal.wrong-phase"), "Сейчас в игре это невозможно."},
	{Key("refusal.not-your-turn"), "Сейчас не ваш ход."},
	{Key("refusal.already-done"), "Это уже сделано."},
	{Key("refusal.forbidden"), "Правила этого не позволяют."},
	{Key("refusal.invalid-action"), "Игра не поняла этот запрос."},
	{Key("refusal.bad-config"), "С такими настройками игра не сложится."},
	{Key("refusal.game-over"), "Игра окончена."},
	{Key("refusal.stale"), "Поздно: этот момент игры уже прошёл."},
	{Key("refusal.spectator"), "Вы смотрите эту игру и не участвуете в ней."},
	{Key("refusal.no-team"), "До начала игры каждому игроку нужна команда."},
	{Key("refusal.game-too-large"), "С такими настройками игра слишком велика, чтобы отправить её игрокам: своих записей нужно меньше или короче."},
	{Key("refusal.table-size"), "В этом издании нельзя играть таким числом игроков."},
	{StartTableSize, "В этом издании играют от %[1]d до %[2]d игроков."},

	{Key("refusal.not-your-turn.SF-PLAY-1"), "Часы запускает сдающий."},
	{Key("refusal.not-your-turn.SF-PLAY-2"), "Сейчас спрашивает другой игрок."},
	{Key("refusal.not-your-turn.SF-END-1a"), "Сейчас обвиняет другой игрок."},
	{Key("refusal.not-your-turn.SF-SPY-3"), "Сейчас локацию называет второй шпион."},
	{Key("refusal.not-your-turn.SF-TEAM-3"), "Сейчас выбирает другой капитан."},
	{Key("refusal.already-done.SF-ACC-1"), "Вы уже останавливали часы для обвинения в этом раунде."},
	{Key("refusal.already-done.SF-ACC-2"), "Ваш голос уже учтён."},
	{Key("refusal.forbidden.SF-ACC-2"), "В этом голосовании у вас нет голоса."},
	{Key("refusal.forbidden.SF-SPY-1"), "Назвать локацию может только шпион."},
	{Key("refusal.forbidden.SF-2P-3"), "Шпион не обвиняет: предложите открыть карту стола."},
	{Key("refusal.forbidden.SF-ED-1"), "Для этого издания за столом слишком мало или слишком много игроков."},
	{Key("refusal.bad-config.SF-ED-1"), "Для этого издания за столом слишком мало или слишком много игроков."},
	{Key("refusal.bad-config.SX-SET-1"), "В каждой команде нужно хотя бы два игрока."},
	{Key("refusal.bad-config.SF-SET-3"), "Двум шпионам нужно не меньше 6 игроков, а 12 игрокам — два шпиона: измените число шпионов."},
	{Key("refusal.not-your-turn.SX-GUESS-2"), "Первой угадывает перехватывающая команда."},
	{Key("refusal.forbidden.SX-GUESS-7"), "Этот персонаж уже выбыл из игры."},
	{Key("refusal.not-your-turn.SX-RND-1"), "Активная команда сама выбирает своего Шпиона."},
}

func init() {
	Register(English, refusalEnglish)
	Register(Russian, refusalRussian)
}
