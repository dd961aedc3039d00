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

// A knock button's label (KnockAdmitLabel, KnockTurnAwayLabel) starts with the button's
// visible text (WCAG 2.5.3, label in name), so a voice command saying what it shows finds it.
var admissionEnglish = Entries{
	{WaitTitle, "Waiting for the host to let you in"},
	{WaitHint, "The host sees your name on their screen. Players with the invite link or QR code get in straight away."},
	{KnocksLabel, "Players waiting to join"},
	{KnockAsks, "%[1]s wants to join"},
	{KnockAsksWatch, "%[1]s wants to join as a table screen"},
	{KnockUnnamed, "Someone"},
	{KnockAdmit, "Let in"},
	{KnockTurnAway, "Turn away"},
	{KnockAdmitLabel, "Let in %[1]s"},
	{KnockTurnAwayLabel, "Turn away %[1]s"},
	{ErrorTurnedAwayTitle, "The host didn't let you in"},
	{ErrorTurnedAway, "Ask the host for the invite link or QR code, then try again."},
	{ErrorQueueFullTitle, "Too many people are waiting"},
	{ErrorQueueFull, "Several players are already waiting for the host. Try again in a moment, or ask for the invite link."},
}

var admissionRussian = Entries{
	{WaitTitle, "Ждём, пока ведущий вас впустит"},
	{WaitHint, "Ведущий видит ваше имя у себя на экране. По ссылке-приглашению или QR-коду входят сразу."},
	{KnocksLabel, "Игроки ждут входа"},
	{KnockAsks, "%[1]s хочет войти"},
	{KnockAsksWatch, "%[1]s хочет подключить общий экран"},
	{KnockUnnamed, "Кто-то"},
	{KnockAdmit, "Впустить"},
	{KnockTurnAway, "Отказать"},
	{KnockAdmitLabel, "Впустить: %[1]s"},
	{KnockTurnAwayLabel, "Отказать: %[1]s"},
	{ErrorTurnedAwayTitle, "Ведущий вас не впустил"},
	{ErrorTurnedAway, "Попросите у ведущего ссылку-приглашение или QR-код и попробуйте снова."},
	{ErrorQueueFullTitle, "Слишком многие ждут"},
	{ErrorQueueFull, "Ведущего уже ждут несколько игроков. Попробуйте чуть позже или попросите ссылку-приглашение."},
}

func init() {
	Register(English, admissionEnglish)
	Register(Russian, admissionRussian)
}
