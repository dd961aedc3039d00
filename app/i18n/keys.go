package i18n

// Keys of every UI string, grouped by screen; their texts are in the packs (packs/<lang>.json,
// "ui"), English's in packs/en.json.
const (
	AppName     Key = "app.name"
	AppTagline  Key = "app.tagline"
	LoadingText Key = "app.loading"
	// LoadingFullBuild is the loader strip while the player build waits for the full build.
	LoadingFullBuild Key = "app.loading-full"

	InsecureTitle Key = "insecure.title"
	InsecureBody  Key = "insecure.body"

	HomeNameLabel       Key = "home.name.label"
	HomeNamePlaceholder Key = "home.name.placeholder"
	HomeCreate          Key = "home.create"
	HomeCreateHint      Key = "home.create.hint"
	HomeJoinHeading     Key = "home.join.heading"
	HomeCodeLabel       Key = "home.code.label"
	HomeCodePlaceholder Key = "home.code.placeholder"
	HomeJoin            Key = "home.join"
	InvitedTitle        Key = "invited.title"
	InvitedBody         Key = "invited.body"
	InvitedJoin         Key = "invited.join"
	InvitedElsewhere    Key = "invited.elsewhere"
	GettingReady        Key = "home.getting-ready"

	NameMissing   Key = "name.missing"
	NameTooLong   Key = "name.too-long"
	NameNotText   Key = "name.not-text"
	CodeMissing   Key = "code.missing"
	CodeMalformed Key = "code.malformed"

	ConnectCreating Key = "connect.creating"
	ConnectJoining  Key = "connect.joining"
	ConnectHint     Key = "connect.hint"
	// ConnectHostHint and ConnectReopening, ConnectReopenHint: a host's tab setting up a new
	// room, and getting its saved game back.
	ConnectHostHint   Key = "connect.host.hint"
	ConnectReopening  Key = "connect.reopening"
	ConnectReopenHint Key = "connect.reopening.hint"
	ConnectCancel     Key = "connect.cancel"
	// ResumeNewer and ResumeSetAside: the game this tab hosted did not come back, because a
	// newer version saved it (kept for that version), or because it cannot be read (set aside).
	ResumeNewer    Key = "resume.newer"
	ResumeSetAside Key = "resume.set-aside"

	LobbyRoomCode        Key = "lobby.room"
	LobbyInviteHeading   Key = "lobby.invite.heading"
	LobbyInviteHint      Key = "lobby.invite.hint"
	LobbyInviteLinkLabel Key = "lobby.invite.link"
	LobbyQRLabel         Key = "lobby.qr.label"
	LobbyCopy            Key = "lobby.copy"
	LobbyCopied          Key = "lobby.copied"
	LobbyCopyFailed      Key = "lobby.copy.failed"
	LobbyShare           Key = "lobby.share"
	LobbyShareTitle      Key = "lobby.share.title"
	LobbyShareText       Key = "lobby.share.text"
	LobbyShareInsecure   Key = "lobby.share.insecure"
	LobbyPlayers         Key = "lobby.players"
	LobbyScreens         Key = "lobby.screens"
	LobbyHostBadge       Key = "lobby.badge.host"
	LobbyYouBadge        Key = "lobby.badge.you"
	LobbyOnline          Key = "lobby.online"
	LobbyAway            Key = "lobby.away"
	LobbyRenameLabel     Key = "lobby.rename.label"
	LobbyRename          Key = "lobby.rename"
	LobbyWaiting         Key = "lobby.waiting"
	LobbyHostNote        Key = "lobby.host.note"
	LobbyLeave           Key = "lobby.leave"
	LobbyGuestInvite     Key = "lobby.guest.invite"
	LobbySendFailed      Key = "lobby.send.failed"

	StatusConnecting   Key = "status.connecting"
	StatusOnline       Key = "status.online"
	StatusReconnecting Key = "status.reconnecting"
	StatusClosed       Key = "status.closed"

	ErrorUnknownRoomTitle Key = "error.unknown-room.title"
	ErrorUnknownRoom      Key = "error.unknown-room"
	ErrorBadLinkTitle     Key = "error.bad-link.title"
	ErrorBadLink          Key = "error.bad-link"
	ErrorConnectTitle     Key = "error.connect.title"
	ErrorConnect          Key = "error.connect"
	ErrorHostTitle        Key = "error.host.title"
	ErrorHostNoServer     Key = "error.host.no-server"
	ErrorFullBuild        Key = "error.full-build"
	ErrorHostQR           Key = "error.host.qr"
	ErrorClosedTitle      Key = "error.closed.title"
	ErrorClosed           Key = "error.closed"
	ErrorVersionTitle     Key = "error.version.title"
	ErrorVersion          Key = "error.version"
	ErrorRoomFullTitle    Key = "error.room-full.title"
	ErrorRoomFull         Key = "error.room-full"
	ErrorReload           Key = "error.reload"
	ErrorBackHome         Key = "error.back-home"
	ErrorTryAgain         Key = "error.try-again"
)

// PackFailed says a language's pack could not be loaded (%[1]s is the language's own name);
// it is read in English, the pack with the language's words being the one missing.
const PackFailed Key = "app.pack.failed"

// Sentences puts two sentences one after the other (%[1]s, %[2]s): a space in most
// languages, nothing after Japanese and Chinese full stops.
const Sentences Key = "app.sentences"

// ListPair joins two items of a list (%[1]s, %[2]s): "%[1]s, %[2]s" in English, "%[1]s、%[2]s"
// in Japanese and Chinese, "%[1]s، %[2]s" in Arabic and Persian. List joins any number.
const ListPair Key = "app.list"
