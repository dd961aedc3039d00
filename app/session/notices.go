package session

// Notices the session makes up itself, not refusals from the host: each carries its code in
// Update.Code, so a device shows the sentence of its player's language (app/i18n, Refusal)
// and Update.Notice stays an English detail for logs. They are stable like the error codes.
const (
	NoticeConnectionLost = "connection-lost" // the connection to the host ended for good
	NoticeHostAway       = "host-away"       // the signaling server lost the host: the game waits
	NoticeHostBack       = "host-back"       // the host reclaimed its room
	NoticeHostGone       = "host-gone"       // the host did not come back before its room expired
	NoticeHostDetails    = "host-details"    // the host's connection details could not be used
	NoticeSignaling      = "signaling"       // the signaling server refused something of this player's
	NoticeSignalLost     = "signal-lost"     // the host lost its signaling socket and tries again
	NoticeSignalBack     = "signal-back"     // the host has its room on the signaling server again
	NoticeRoomLost       = "room-lost"       // the host cannot get its room back: it expired or another tab has it
)

// NoticeCodes lists every code of a notice the session makes up itself.
func NoticeCodes() []string {
	return []string{
		NoticeConnectionLost, NoticeHostAway, NoticeHostBack, NoticeHostGone, NoticeHostDetails,
		NoticeSignaling, NoticeSignalLost, NoticeSignalBack, NoticeRoomLost,
		NoticeHandoffCancelled, NoticeHandoffFailed,
		NoticeShareOtherGame, NoticeShareStale, NoticeShareForged, NoticeCopyDamaged, NoticeCopyRefused,
		NoticeTakeoverFailed, NoticeTakeoverLost,
	}
}
