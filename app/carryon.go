package app

import goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

// carryOn does, in the full build, what the player pressed in the player build before this
// tab switched to the full build (fullbuild.go): create a game, host one with QR codes, join
// one with QR codes (as a table screen if that was ticked), or seat the pass-and-play table
// with the names as typed. The continuation is read once.
func (s *shell) carryOn(ctx goapp.Context) {
	var then continuation
	err := ctx.SessionStorage().Get(continueKey, &then)
	ctx.SessionStorage().Del(continueKey)
	if err == nil && then.Do == continueToTakeover {
		s.carryOnTakingOver()
		return
	}
	if err != nil || s.screen != screenHome || s.live != nil {
		return
	}
	switch then.Do {
	case continueToCreate:
		s.create(ctx)
	case continueToQRHost:
		s.onQRHost(ctx, goapp.Event{})
	case continueToQRJoin:
		s.watching = then.Watch
		s.onQRJoin(ctx, goapp.Event{})
	case continueToPass:
		s.pass = &passPlay{names: then.Names}
		s.screen = screenPass
		s.onPassStart(ctx, goapp.Event{})
	}
}
