//go:build js && wasm

package session

import "log"

func defaultLogger() logger { return consoleLogger{out: log.Default()} }
