//go:build !(js && wasm)

package session

import "log/slog"

func defaultLogger() logger { return slog.Default() }
