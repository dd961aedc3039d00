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

var tableEnglish = Entries{
	{HostAwayTitle, "The game is waiting for %[1]s's device"},
	{HostAwayBody, "%[1]s hosts this game, and their device can't be reached just now. Everything carries on by itself once it's back; until then, what needs the host is paused."},
	{HostAwayUnnamed, "the host"},
	{OfflineTitle, "No network on this device"},
	{OfflineBody, "Creating or joining a game needs a connection. With none, play on one phone, passed around: everyone's card comes up in turn on this screen."},
	{PassLobbyReady, "Everyone is seated on this phone."},
}

var tableRussian = Entries{
	{HostAwayTitle, "Игра ждёт устройство ведущего: %[1]s"},
	{HostAwayBody, "Устройство ведущего (%[1]s) сейчас недоступно. Когда оно вернётся, игра продолжится сама; до тех пор всё, что требует ведущего, на паузе."},
	{HostAwayUnnamed, "ведущий"},
	{OfflineTitle, "На этом устройстве нет сети"},
	{OfflineBody, "Чтобы создать игру или войти в неё, нужна связь. Без неё играйте на одном телефоне, передавая его по кругу: карточка каждого по очереди появится на этом экране."},
	{PassLobbyReady, "Все игроки уже за столом на этом телефоне."},
}

func init() {
	Register(English, tableEnglish)
	Register(Russian, tableRussian)
}
