//go:build js && wasm

package session

import (
	"fmt"
	"log"
	"strconv"
	"strings"
)

func defaultLogger() logger { return consoleLogger{} }

// consoleLogger writes lines as slog's default logger does (through package log, which the
// browser prints to the console): "LEVEL msg key=value ...", Debug dropped.
type consoleLogger struct{}

func (consoleLogger) Debug(string, ...any)          {}
func (consoleLogger) Info(msg string, args ...any)  { logLine("INFO", msg, args) }
func (consoleLogger) Warn(msg string, args ...any)  { logLine("WARN", msg, args) }
func (consoleLogger) Error(msg string, args ...any) { logLine("ERROR", msg, args) }

func logLine(level, msg string, args []any) {
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
	log.Print(b.String())
}

// quoteIfNeeded quotes values that would otherwise run into the next pair, as slog's text
// output does.
func quoteIfNeeded(v string) string {
	if v == "" || strings.ContainsAny(v, " =\"\t\n") {
		return strconv.Quote(v)
	}
	return v
}
