package i18n

// Keys of the table (TV) screen, app/gamescreen.go.
const (
	WatchToggle     Key = "watch.toggle"
	WatchHint       Key = "watch.hint"
	WatchTitle      Key = "watch.title"
	WatchWaiting    Key = "watch.waiting"
	WatchPublicNote Key = "watch.public"
)
