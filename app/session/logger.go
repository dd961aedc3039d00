package session

// logger is what the session reports its troubles through. Natively it is a *slog.Logger
// (slog.Default); in the browser a console logger, so log/slog (about 20 KB of app.wasm
// after brotli) stays out of the wasm. Call sites pass a message and key/value pairs, as to
// slog.
type logger interface {
	Debug(msg string, args ...any)
	Info(msg string, args ...any)
	Warn(msg string, args ...any)
	Error(msg string, args ...any)
}
