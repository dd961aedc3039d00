package i18n

// Keys of the game moving between devices (app/handoff.go, app/takeover.go): the host handing
// its game to another phone, and the table continuing it on one of theirs when the host's
// phone is gone.
const (
	HandoffOpen       Key = "handoff.open"
	HandoffPickTitle  Key = "handoff.pick.title"
	HandoffPickHint   Key = "handoff.pick.hint"
	HandoffPickNone   Key = "handoff.pick.none"
	HandoffPickScreen Key = "handoff.pick.screen"
	HandoffLeave      Key = "handoff.leave"
	HandoffCancel     Key = "handoff.cancel"
	HandoffAsking     Key = "handoff.asking"
	HandoffDeclined   Key = "handoff.declined"
	HandoffFailed     Key = "handoff.failed"
	HandoffGone       Key = "handoff.gone"
	HandoffNoServer   Key = "handoff.no-server"
	HandoffAskTitle   Key = "handoff.ask.title"
	HandoffAskBody    Key = "handoff.ask.body"
	HandoffAccept     Key = "handoff.ask.accept"
	HandoffDecline    Key = "handoff.ask.decline"
	HandoffTaking     Key = "handoff.taking"
	HandoffNowHere    Key = "handoff.now-here"
	HandoffMovedOn    Key = "handoff.moved-on"
	HandoffOK         Key = "handoff.ok"

	TakeoverOffer        Key = "takeover.offer"
	TakeoverOfferBody    Key = "takeover.offer.body"
	TakeoverNeedsHandoff Key = "takeover.needs-handoff"
	TakeoverNoCopy       Key = "takeover.no-copy"
	TakeoverNotPossible  Key = "takeover.not-possible"
	TakeoverAsking       Key = "takeover.asking"
	TakeoverAsked        Key = "takeover.asked"
	TakeoverAskedBody    Key = "takeover.asked.body"
	TakeoverAgree        Key = "takeover.agree"
	TakeoverNotNow       Key = "takeover.not-now"
	TakeoverAgreed       Key = "takeover.agreed"
)
