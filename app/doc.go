// Package app is the Safehouse shell: the root go-app component (shell) that holds which screen
// is shown and turns presses into session calls, the route table shared by the browser build
// (wasm/) and the static site generator (wasm/gen), and the pure helpers behind it (invite
// links in the URL fragment, the QR code as SVG, the signaling address). Screens render a view
// model and send intents; the game state lives in the host's session (app/session), never here.
//
// The screens are split by what they are, and a package boundary says what is shared:
//
//   - app/ui is the kit every screen is built from, whichever game: the selector helpers,
//     the round clock, the held secret card, the sheet, the buttons held while the host is
//     away, and the frame (ui.Frame, ui.Setup) in which the shell hands a game's screens
//     what they need. It knows no game's rules and no session.
//   - app/spyfallui and app/spyfestui are each one game's screens and its lobby panel. Each
//     draws its engine's view and sends its engine's actions through the frame the shell
//     fills in; neither imports the other, the session, the room, nor this package.
//   - this package is the shell, which every game shares: home and the invited screen,
//     connecting and waiting to be let in, the lobby (its seat menu serves every game), the
//     host's banner of knocks, the host-away banner, the table screen, pass-and-play, the
//     preferences strip, the early input of the prerendered page, resuming a hosted game and
//     the PWA's update and wake lock. games.go is its side of the games: each game's screens
//     are registered once there (gameUI: take a view, draw the game screen and the lobby's
//     panel, say whom the game waits on); the shell hands each view to the screens of its
//     game (gameview.go) and fills one frame for them from the session (gamescreen.go; the
//     lobby's panels, lobby.go), and knows no game by name. A third game is its package and
//     one line (registerGame; engine/doc.go has the steps).
//
// The shell's files stand in layers, each calling only files below it, so a reader can take
// them from the bottom up: the plain types and the browser's features (models.go, invite.go,
// browser.go, storage.go, preferences.go, games.go...); shell.go, the shell's state and what
// every screen uses; the banners and the game's view (hostaway.go, gameview.go, qrreturn.go,
// takeover.go); reaching a game (connect.go); each screen (home.go, lobby.go, qrplay.go,
// gamescreen.go, pass.go, handoff.go...); and at the top component.go, which mounts the
// shell and renders it. TestShellFilesStandInLayers fails on two files that use each other,
// however far round, and names what ties them.
//
// What only a host runs is in files of its own, left out of the player build (-tags player,
// wasm/doc.go): hosted.go (what a live session hosts, low down), hosting.go (creating a game,
// the next QR seat's code, seating pass-and-play, reading a saved game) and resume.go. In
// that build hosted_player.go and hosting_player.go stand in: nothing is hosted, and each way
// to host waits for the full build with the loader's strip and reloads the tab into it
// (fullbuild.go), where carryon.go does what was pressed. Joining a game with QR codes goes
// the same way (qrjoin.go and qrjoinscreen.go, and their _player.go stand-ins): an invite
// link leads to a game with a server, and the QR codes' reading and writing stay out. An invite link loads the player
// build where the site's config.js says so (config.go, wasm/gen/build.js); once it has
// joined, the service worker fetches the full build in the background.
//
// While the host is away, a guest's tab keeps its seat, its share of the sealed game and the
// last view in sessionStorage (hostaway.go's keepSeatForReload), so a reload goes on as the
// same seat (carryseat.go, near the top): it can still take the game over or agree to another
// device's ask. The player build takes the game over that way: its press reloads it into the
// full build with the seat carried, which asks the table by itself.
//
// Someone who typed the room code instead of following the invite link waits on the
// connecting screen ("Waiting for the host to let you in", connecting.go) until the host lets
// them in or turns them away from the banner above its lobby or game (knocks.go). Whoever
// follows the link is seated at once: go-app runs an event's handler at once but redraws at
// its next frame, so a form's second submit (Enter, then a tap on Join) can reach the shell
// after the first started joining; a submit counts only while its form is on screen.
//
// With no internet (no signaling server), phones on one Wi-Fi or hotspot connect through QR
// codes (qrplay.go; scanning and pasting, qrscan.go; a player's join, qrjoin.go and
// qrjoinscreen.go): the host's lobby shows the next seat's code, a player scans it and shows
// an answer the host scans, and a player who lost the connection scans again to get the
// seat back. A player's page that reloads knows its game from the phone's storage and opens
// the scan at once (qrreturn.go); the host's code over the game closes once nobody is away.
// Scanning is web/qrscan.js (BarcodeDetector, else jsQR), loaded only on a screen
// with a camera view and reporting through a hidden input, so none of it is in app.wasm.
//
// A phone at rest must not tell the spy from anyone else: a screen draws what is
// public and this seat's public place (dealer, whose turn, voter), never what only its secret
// allows. The spy's moves are the button on the face of the held card (app/ui/card.go), and
// every seat's card has one in the same place. Each game's glance_test.go renders every phase
// of random games twice, with the secret changed, and requires the same HTML.
//
// On a first visit the page the site generator prerendered is on screen for seconds before
// the wasm runs. Its inline script (wasm/gen/early.js) keeps the name and code typed there,
// the language and theme chosen and a press on Join or Create; the shell applies them and
// carries the press out as it mounts (early.go, component.go).
//
// The shell is one component, so go-app draws its whole tree again after every update (each
// view from the host). What is large and mostly unchanged stays out of that: each lobby row
// is a component of its own (lobbyRow), drawn again only when its fields change, as is the
// Spyfall settings panel (spyfallui.Panel), and the host's list of locations is drawn only
// while open. The host tab draws its own screen after every intent of every player, so this
// is its share of issue 9's fan-out time.
//
// Screens build their elements with ui.El, ui.ElText and ui.ElVoid from a selector such as
// "button#join.btn.primary[type=submit]", chaining on ui.ElWith and friends only what changes
// from one render to the next (app/ui/el.go). That keeps each element to one call in
// app.wasm, where a chain of go-app's typed builders cost a call per attribute.
package app
