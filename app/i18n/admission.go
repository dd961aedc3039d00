package i18n

// Keys of admission: a player who typed the room code waits for the host (app/connecting.go),
// and the host lets them in or turns them away (app/knocks.go).
const (
	WaitTitle            Key = "wait.title"
	WaitHint             Key = "wait.hint"
	KnocksLabel          Key = "knocks.label"
	KnockAsks            Key = "knock.asks"
	KnockAsksWatch       Key = "knock.asks-watch"
	KnockUnnamed         Key = "knock.unnamed"
	KnockAdmit           Key = "knock.admit"
	KnockTurnAway        Key = "knock.turn-away"
	KnockAdmitLabel      Key = "knock.admit-label"
	KnockTurnAwayLabel   Key = "knock.turn-away-label"
	ErrorTurnedAwayTitle Key = "error.turned-away.title"
	ErrorTurnedAway      Key = "error.turned-away"
	ErrorQueueFullTitle  Key = "error.too-many-waiting.title"
	ErrorQueueFull       Key = "error.too-many-waiting"
)
