package session

import (
	"fmt"
	"log"
	"strconv"
	"strings"
)

// logger is what the session reports its troubles through. Natively it is a *slog.Logger
// (slog.Default, logger_native.go); in the browser a consoleLogger (logger_js.go), so
// log/slog (about 28 KB of app.wasm after brotli) stays out of the wasm. Call sites pass a
// message and key/value pairs, as to slog.
type logger interface {
	Debug(msg string, args ...any)
	Info(msg string, args ...any)
	Warn(msg string, args ...any)
	Error(msg string, args ...any)
}

// consoleLogger writes lines as slog's default logger does, through a *log.Logger (the
// browser prints package log's output to the console): "LEVEL msg key=value ...", Debug
// dropped.
type consoleLogger struct{ out *log.Logger }

func (consoleLogger) Debug(string, ...any)            {}
func (l consoleLogger) Info(msg string, args ...any)  { l.line("INFO", msg, args) }
func (l consoleLogger) Warn(msg string, args ...any)  { l.line("WARN", msg, args) }
func (l consoleLogger) Error(msg string, args ...any) { l.line("ERROR", msg, args) }

func (l consoleLogger) line(level, msg string, args []any) {
	var b strings.Builder
	b.WriteString(level)
	b.WriteString(" ")
	b.WriteString(msg)
	for i := 0; i < len(args); i += 2 {
		b.WriteString(" ")
		b.WriteString(fmt.Sprint(args[i]))
		b.WriteString("=")
		if i+1 < len(args) {
			b.WriteString(quoteIfNeeded(fmt.Sprint(args[i+1])))
		} else {
			b.WriteString("!BADKEY")
		}
	}
	l.out.Print(b.String())
}

// quoteIfNeeded quotes values that would otherwise run into the next pair, as slog's text
// output does.
func quoteIfNeeded(v string) string {
	if v == "" || strings.ContainsAny(v, " =\"\t\n") {
		return strconv.Quote(v)
	}
	return v
}
