// Package session connects the players of one game to its host: the host tab owns the only
// copy of the state, every player (the host's own included) talks to it over a Conn, and
// the host sends each seat its own view after every change.
//
// # Getting connected
//
// Host registers a room with the signaling server ({"t":"host","room":CODE} -> {"t":"hosted"},
// see signaling/PROTOCOL.md: the host proposes the code and takes the one the server gives),
// keeps the claim token, and seats its own player through an in-memory Pipe. Every signaling
// socket of a room asks for it by its code (/signal?room=CODE, roomURL), so that a proxy in
// front of several servers sends a room's sockets to one of them. Join dials the signaling
// server (in the browser, it takes the socket an invite's page opened to the same address
// while the app downloaded, earlysocket_js.go), joins the room, and then the peer makes
// the WebRTC offer and the one ordered, reliable data channel ("safehouse"); the host
// answers. An invite's page may have done all that before the app ran, up to an open
// channel; the first Join then goes on with the page's socket, PeerConnection and channel
// (earlyjoin_js.go). Offer, answer and trickled ICE candidates travel as signaling `to`/`from` data:
// {"sdp":{...}} or {"candidate":{...}}; a later offer from the same peer is an ICE restart
// (restart.go, hostrestart.go), which the host answers or refuses ({"refused":"why"}). Once the channel is open, the same message flow runs over it
// as over the host's pipe.
//
// # No server: QR codes
//
// With no signaling server at all (a cabin, a plane: phones on one Wi-Fi or hotspot with no
// internet), NewQRHost hosts a room whose code it made up itself, and players come in through
// two QR codes each (internal/qrcodec): the host makes an offer for the next seat
// (QRHost.Offer: here the host makes the offer and the data channel), the player's phone scans
// it and shows its answer (JoinQR, QRJoin.Answer), the host scans that (QRHost.Accept), and the
// channel opens (QRJoin.Wait). From there everything is as above: the hello with its proof of the
// invite secret (which the offer code carries) over both fingerprints, views, the resume
// token. A lost connection does not come back by itself: the client ends, and the same two
// scans with the seat's token bring the seat and card back. A wrong, foreign, damaged, cut or
// replayed code is refused with a *QRError and changes nothing. A QR host with Options.Store
// saves itself like any host (a HostState marked NoServer, with no claim), and ResumeQRHost
// brings it back after a reload with the same room, secret, seats and tokens; each player
// then comes back through two new codes, and answers taken before the reload stay spent.
//
// # Messages
//
// Every message is one JSON envelope, sent as a text message:
//
//	{"v":1,"t":"intent","seq":42,"body":{"kind":"rename","name":"Ann"}}
//
//	v     ProtocolVersion; another value is refused with an error asking to reload
//	t     hello | welcome | waiting | intent | view | error | ping | pong
//	seq   per connection: numbers intents (and pings); errors and pongs echo it
//	body  the message's content, by type
//
// The flow:
//
//	player -> host  hello   {"name":"Ann","token":"..."}   first message; token to resume a seat
//	host -> player  welcome {"room":"K7MPQ2","seat":3,"token":"..."}  the seat is the connection's
//	host -> player  view    {"state":7,"room":..,"you":3,"players":[...],"game":{...}}
//	player -> host  intent  {"kind":"rename","name":"Ann"} or {"kind":"game","game":{...}}
//	host -> player  error   {"code":"bad-name","msg":"..."}  a refusal, to that player only
//	either way      ping / pong {"echo":<ping body>,"now":<unix ms>}
//
// A player who came by link or QR proves the invite secret (a proof in its hello over both
// DTLS fingerprints of the direct channel, or the relay hello's MAC) and is seated at once. A
// player who typed the room code knocks instead: the host answers "waiting", its own view
// lists the knock (View.Waiting), and the host lets it in ({"kind":"admit","target":<id>})
// or turns it away ({"kind":"turn-away",...}, CodeTurnedAway). Join keeps waiting meanwhile
// and tells Options.OnWaiting. Resume tokens need no new approval (admission.go).
//
// Identity comes from the connection, never from a field: an intent that names a seat is
// refused. Each intent carries the next seq of its connection and the host handles a seq at
// most once, so a resent intent applies once. Anything malformed, oversized
// (MaxMessageBytes), of an unknown type or version gets an error to its sender only and
// changes nothing: the state number stays, nobody else receives anything.
//
// # Never losing a game
//
// A remote player's Client notices a dead or degraded connection (heartbeat silence, its
// PeerConnection disconnected or failed, no answer to Check when the page comes back) and
// repairs it by itself: first an ICE restart on the same PeerConnection (a new offer through
// the signaling server; the host answers re-offers of its own links only), which keeps the
// data channel, so no new hello is needed and unacknowledged intents are simply resent; when
// that cannot work (relay, signaling socket gone, host away) or does not bring the host back
// within Options.RestartTimeout, a new connection with backoff, whose resume token brings the
// seat, card and notes back. Either way intents the host had not handled are resent and
// applied once (seqs belong to the seat). A first Join while the host is away waits for it. A host with Options.Store saves its whole state before every broadcast, and
// ResumeHost brings it back in the same room after a reload; a host tab that only lost its
// signaling socket reclaims the room by itself (hostsignal.go). When the direct path looks
// blocked (no connected ICE pair after Options.RelayAfter, ICE failed), the peer also tries
// the signaling server, end-to-end encrypted (internal/relay, relay.go), and uses the first
// path that opens;
// the host takes the path the first message came on and closes the other (paths.go,
// hostpaths.go). A browser without WebRTC (turned off in Firefox) makes no PeerConnection and
// goes straight to the relay. PROTOCOL.md has the details.
//
// # The game outlives its host
//
// HostSession.HandOver hands the game to another seated device: that device's
// player is asked (Update.HandOff, Client.AnswerHandoff), the host freezes and sends its whole
// HostState over their channel, the other device reclaims the room with the claim inside it
// and hosts from then on (Update.Host), and only then does the old host forget its state and
// send every player to the new host (CodeHostMoved). Whatever drops half-way, the signaling
// server's claim decides who hosts: an old host that hears nothing takes its room back with
// a new claim, which spends the one it sent (handoff_host.go, handoff_player.go). The game's
// clock moves with it (HostState.Clock, GameClock). A host whose room another device took
// (a handoff or a takeover) learns it from the server (ErrRoomTaken, HostSession.Displaced)
// and its player comes back as the seat it was.
//
// For an unplanned loss, the host keeps a sealed copy of its state on every other seated
// device and deals the copies' key among them by Shamir's sharing with a majority threshold
// (no device, no smaller group and not the server can read them; seal_host.go, seal_player.go,
// internal/sealed). When the host has been away for Options.TakeoverAfter, each device offers to continue the game (Update.Takeover):
// Client.AskTakeover asks the table over the signaling server's line, Client.AgreeTakeover
// sends this device's share, sealed to the asker; with a majority the asker opens the
// newest copy and hosts the game under the same room code (takeover.go: the offer;
// takeover_line.go: the table's messages; takeover_ask.go, takeover_agree.go; takeline.go). A
// tab that reloads while the host is away keeps what it holds: Client.Carry before the
// reload, JoinCarried after, which goes on as the same seat with its share and copy (carry.go).
//
// # Order and shutdown
//
// Messages on a Conn are handled in the order sent: received messages are queued from the
// channel's message event and read by one loop per connection (pion's browser build would
// otherwise run each OnMessage on its own goroutine). The host applies one message at a
// time under one lock and sends views in state order: each change's views are encoded once
// under the lock (viewencode.go), the host's own player gets its view at once, and the remote
// players theirs right after the lock is released, in the order of the changes (outbox.go).
// Close on a HostSession or a Client stops every goroutine it started.
//
// # Games
//
// A game plugs in as a Table (HostSession.SetTable): the host asks it for each seat's part
// of the view and hands it "game" intents with the sender's seat. A RosterTable is told the
// seats (names, host and spectator flags, table order) before every Apply and every round of
// views; a JoinTable is asked before the host makes a new seat, and a refusal there seats
// nobody (the newcomer gets CodeRoomFull, the host CodeJoinRefused); a KickTable is asked
// before the host removes a seat; a TimedTable is woken at its
// next deadline, and what changed is sent to everyone with no intent (package app/game).
//
// The host alone renames other seats, kicks and moves them ({"kind":"rename","target":2,
// "name":"Bo"}, {"kind":"kick","target":2}, {"kind":"move","target":2,"to":1}); the same
// from anyone else is refused to that player only (CodeNotHost). A hello with
// "spectator":true seats a watcher (a table screen), which gets only public views. Players
// and table screens have caps of their own (MaxSeats, MaxSpectators): a full game can still
// be watched.
//
// LocalHost runs the same host with no signaling and no network: every player of one device
// is seated over an in-memory pipe (pass-and-play).
//
// # Where things are
//
// The three kinds of host are one core and a way in (hostbase.go): hostCore (hostcore.go,
// hostmessages.go, hostgame.go, admission.go, persist.go) serves every connection the same
// way; hostBase adds the host's own player, netHost the invite secret, the saved state, the
// watch for silent connections (hostwatch.go) and the order of Close. HostSession (host.go,
// hostsignal.go, hostblock.go, hostpaths.go, hostrestart.go; its handoff to another device:
// handoff.go, handoff_host.go, handoff_player.go) takes its players through the signaling
// server, QRHost (qrhost.go) through QR codes, LocalHost (local.go) from its own device. The
// sealed copies of a host's state and the table's takeover of a lost host are seal_host.go,
// seal_player.go, takeover*.go, takeline.go and carry.go. A joining player is a Client (client.go) over
// a connection Join (join.go, paths.go, restart.go) or JoinQR (qrjoin.go) made. The
// subsystems that know nothing of connections live in internal/: qrcodec (the QR codes),
// relay (the relay's handshake and sealing), invite (the MAC keyed by the invite secret that
// both use, as a direct channel's proof does) and sealed (sealed copies of the host's state).
// The session's sentinel errors are in errors.go.
package session
