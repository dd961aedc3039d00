package app

import (
	"context"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// inBackground runs step, one stage of reaching a game (hosting, joining, resuming, a QR
// hand-over), off the UI goroutine for the attempt current now, and hands its result to done
// on the UI goroutine. A player who moved on meanwhile (a newer attempt: a cancel, another
// code) never sees it: a stale attempt's result is closed and its context cancelled. step
// runs under sctx; done owns cancel: a live session keeps it, a failure calls it.
func inBackground[T interface{ Close() error }](s *shell, sctx context.Context, cancel context.CancelFunc,
	step func(context.Context) (T, error), done func(ctx goapp.Context, v T, err error)) {
	attempt := s.attempt
	s.ui.Async(func() {
		v, err := step(sctx)
		s.ui.Dispatch(func(ctx goapp.Context) {
			if attempt != s.attempt {
				cancel()
				if err == nil {
					_ = v.Close()
				}
				return
			}
			done(ctx, v, err)
		})
	})
}
