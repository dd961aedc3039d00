package i18n

// Keys of the table (TV) screen, app/spectator.go.
const (
	WatchToggle     Key = "watch.toggle"
	WatchHint       Key = "watch.hint"
	WatchTitle      Key = "watch.title"
	WatchBadge      Key = "watch.badge"
	WatchWaiting    Key = "watch.waiting"
	WatchPublicNote Key = "watch.public"
)

var spectatorEnglish = Entries{
	{WatchToggle, "Join as a table screen (TV)"},
	{WatchHint, "A shared screen shows the clock, the track and the scores, never anyone's card."},
	{WatchTitle, "Table screen · room %[1]s"},
	{WatchBadge, "table screen"},
	{WatchWaiting, "The game starts soon. This screen follows it without taking part."},
	{WatchPublicNote, "Everyone can see this screen: it shows no secrets."},
}

var spectatorRussian = Entries{
	{WatchToggle, "Подключить как общий экран (ТВ)"},
	{WatchHint, "Общий экран показывает часы, дорожку и очки, но ничьих карт."},
	{WatchTitle, "Общий экран · комната %[1]s"},
	{WatchBadge, "общий экран"},
	{WatchWaiting, "Игра скоро начнётся. Этот экран следит за ней, не участвуя."},
	{WatchPublicNote, "Этот экран видят все: на нём нет секретов."},
}

func init() {
	Register(English, spectatorEnglish)
	Register(Russian, spectatorRussian)
}
