package i18n

// Keys of every UI string. Grouped by screen; the English text is below.
const (
	AppName     Key = "app.name"
	AppTagline  Key = "app.tagline"
	LoadingText Key = "app.loading"

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

var english = map[Key]string{
	AppName:     "Safehouse",
	AppTagline:  "Spy party games for one room. Everyone plays on their own phone.",
	LoadingText: "Opening the safehouse… {progress}%",

	InsecureTitle: "Plain http connection",
	InsecureBody:  "Installing, offline play, keeping the screen awake and the share sheet need a secure (https) page. The game itself plays normally.",

	HomeNameLabel:       "Your name",
	HomeNamePlaceholder: "e.g. Maya",
	HomeCreate:          "Create a game",
	HomeCreateHint:      "You host: the others join from the invite on your screen.",
	HomeJoinHeading:     "Join a game",
	HomeCodeLabel:       "Room code",
	HomeCodePlaceholder: "%[1]d letter or digit|%[1]d letters or digits",
	HomeJoin:            "Join",
	InvitedTitle:        "You're invited",
	InvitedBody:         "Game %[1]s is waiting for you. Tell the others your name, then join.",
	InvitedJoin:         "Join the game",
	InvitedElsewhere:    "Not now: back to the start",
	GettingReady:        "Getting ready…",

	NameMissing:   "Type your name first, so the others know who you are.",
	NameTooLong:   "Names can be at most %[1]d character.|Names can be at most %[1]d characters.",
	NameNotText:   "Names are made of letters, digits, spaces and ordinary signs; remove the odd character.",
	CodeMissing:   "Type the room code from the host's screen.",
	CodeMalformed: "A room code is 6 letters and digits, like K7MPQ2.",

	ConnectCreating:   "Setting up your game…",
	ConnectJoining:    "Joining game %[1]s…",
	ConnectHint:       "Connecting straight to the host's device. This takes a moment.",
	ConnectHostHint:   "Opening a room the players can join. This takes a moment.",
	ConnectReopening:  "Reopening your game %[1]s…",
	ConnectReopenHint: "Your game is coming back on this device; the players reconnect by themselves.",
	ConnectCancel:     "Cancel",

	LobbyRoomCode:        "Room",
	LobbyInviteHeading:   "Invite players",
	LobbyInviteHint:      "Scan the code or open the link to join this game.",
	LobbyInviteLinkLabel: "Invite link",
	LobbyQRLabel:         "QR code of the invite link",
	LobbyCopy:            "Copy link",
	LobbyCopied:          "Link copied.",
	LobbyCopyFailed:      "Couldn't copy: press and hold the link to copy it.",
	LobbyShare:           "Share invite",
	LobbyShareTitle:      "Join my Safehouse game",
	LobbyShareText:       "Join my Safehouse game, room %[1]s:",
	LobbyShareInsecure:   "On plain http the share sheet is unavailable: show the QR code or read out the room code.",
	LobbyPlayers:         "Players (%[1]d)",
	LobbyScreens:         "Table screens (%[1]d)",
	LobbyHostBadge:       "Host",
	LobbyYouBadge:        "You",
	LobbyOnline:          "online",
	LobbyAway:            "away",
	LobbyRenameLabel:     "Your name",
	LobbyRename:          "Rename",
	LobbyWaiting:         "Waiting for everyone to join.",
	LobbyHostNote:        "Keep this tab open: your device hosts the game.",
	LobbyLeave:           "Leave",
	LobbyGuestInvite:     "Bring more friends: show them this code.",
	LobbySendFailed:      "Couldn't reach the host just now. Try again in a moment.",

	StatusConnecting:   "Connecting…",
	StatusOnline:       "Connected",
	StatusReconnecting: "Reconnecting…",
	StatusClosed:       "Disconnected",

	ErrorUnknownRoomTitle: "Game not found",
	ErrorUnknownRoom:      "No game with code %[1]s — check the code or ask the host for a new link.",
	ErrorBadLinkTitle:     "This link doesn't work",
	ErrorBadLink:          "The invite link is incomplete or damaged. Ask the host to share it again, or type the room code.",
	ErrorConnectTitle:     "Couldn't connect",
	ErrorConnect:          "The game server didn't answer. Check that you're on the same network as the host and try again.",
	ErrorClosedTitle:      "The game has ended",
	ErrorClosed:           "The connection to the host closed. Ask the host for a new link to play again.",
	ErrorVersionTitle:     "Update needed",
	ErrorVersion:          "The host's Safehouse is a different version from yours. Reload the page to get the same one.",
	ErrorRoomFullTitle:    "This game is full",
	ErrorRoomFull:         "Every seat at this table is taken. Ask the host to make room.",
	ErrorReload:           "Reload",
	ErrorBackHome:         "Back to home",
	ErrorTryAgain:         "Try again",
}
