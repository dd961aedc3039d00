//go:build js && wasm

// Command wasm is the Safehouse client, built to web/app.wasm and run by the browser. It
// only registers the routes and hands over to go-app; the server side (site generation,
// serving) lives in wasm/gen and signaling, kept out of this build to halve its size.
//
// # The player build
//
// Built with -tags player, the same source makes the app of a device that joins games and
// never hosts one. The files only a host needs carry //go:build !player (app/hosted.go,
// app/hosting.go and app/resume.go: what a live session hosts, creating a game with a server,
// with QR codes or pass-and-play, resuming a hosting tab; app/session/becomehost.go: a player
// taking a game over; the Spyfall and Spyfest settings panels' host options), each with a file
// tagged player that stands in for it (app/hosted_player.go, app/hosting_player.go...); and
// app/ui.Hosts is false, so a host's control on a screen both builds share (the seat menu,
// the knocks, handing the game over) returns before drawing. With no way left to make a host,
// the linker leaves out the session's host side, the game room and the engines' rules and
// dealing, while the client session, the screens, the engines' view types and content and
// the catalogue stay.
// In that build Create, QR hosting and pass-and-play wait for the full build, which the
// service worker fetches, then reload the tab into it to carry on (app/fullbuild.go,
// app/carryon.go); a handoff offered to it is refused (session.ErrPlayerBuild), and it does
// not offer to take over a game whose host has gone, so the game stays with a device that can
// host it. `go test -tags player ./app` runs the shell's tests in that build.
//
//	GOOS=js GOARCH=wasm go build -tags player ./wasm
//
// `make size` builds both and shows their sizes and the difference by package
// (tools/wasmsize -diff); tools/wasmsize's TestPlayerBuildLeavesOutTheHost keeps the player
// build compiling and checks what it leaves out. `make wasm` builds both into web/, and the
// site ships both: an invite link loads the player build unless the site's config.js sets
// inviteBuild "full" or the browser's worker keeps the full build already (wasm/gen/build.js;
// README "What an invitee downloads").
package main
