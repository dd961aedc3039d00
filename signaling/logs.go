package signaling

import (
	"context"
	"log/slog"
	"strings"
	"sync"
	"time"
)

// A flood must not turn into a flood of log lines. Every line a client can
// cause (a refusal, and as much a room created, reclaimed, left by its host or
// expired, or a connection too slow to keep) goes through limitedLog: each
// kind of line is logged once per client address and window, and whatever
// more of that kind the address caused in the window is summed up in one
// line when the window ends. A host reclaiming its room in a loop wrote 6,136
// lines a second before.

// limitedLogWindow is the window of limitedLog.
const limitedLogWindow = time.Minute

// maxLoggedKeys bounds the address and kind pairs limitedLog remembers in
// one window; lines of further pairs are summed up together.
const maxLoggedKeys = 1024

// maxLoggedValue bounds a client-supplied value (a header) in a log line.
const maxLoggedValue = 200

type limitedLog struct {
	log    *slog.Logger
	window time.Duration

	mu     sync.Mutex
	held   map[loggedKind]int // logged in this window, with the lines not logged since
	others int                // lines of pairs beyond maxLoggedKeys
	timer  *time.Timer        // ends the window; nil while nothing is held
	closed bool
}

// loggedKind is one address's kind of line.
type loggedKind struct{ addr, msg string }

func newLimitedLog(log *slog.Logger) *limitedLog {
	return &limitedLog{log: log, window: limitedLogWindow, held: make(map[loggedKind]int)}
}

// note logs msg for the client with limit key key, unless a line of that
// kind was logged for that address in this window; then it is only counted.
func (l *limitedLog) note(key string, level slog.Level, msg string, attrs ...any) {
	kind := loggedKind{key, msg}
	l.mu.Lock()
	first := false
	if n, seen := l.held[kind]; seen {
		l.held[kind] = n + 1
	} else if len(l.held) >= maxLoggedKeys {
		l.others++
	} else {
		l.held[kind] = 0
		first = true
	}
	if l.timer == nil && !l.closed {
		l.timer = time.AfterFunc(l.window, l.flush)
	}
	l.mu.Unlock()
	if first {
		l.log.Log(context.Background(), level, msg, attrs...)
	}
}

// flush ends the window: one line per address and kind with lines not
// logged, and one for the pairs that did not fit.
func (l *limitedLog) flush() {
	l.mu.Lock()
	held, others := l.held, l.others
	l.held, l.others, l.timer = make(map[loggedKind]int), 0, nil
	l.mu.Unlock()
	for kind, n := range held {
		if n > 0 {
			l.log.Warn("more of the same in the last window", "addr", kind.addr, "event", kind.msg, "count", n, "window", l.window)
		}
	}
	if others > 0 {
		l.log.Warn("more of the same in the last window", "addr", "others", "count", others, "window", l.window)
	}
}

// close stops the window's timer and writes what it held.
func (l *limitedLog) close() {
	l.mu.Lock()
	l.closed = true
	if l.timer != nil {
		l.timer.Stop()
	}
	l.mu.Unlock()
	l.flush()
}

// clip cuts a client-supplied value for a log line: a 900 KB Origin header
// must not become a 900 KB line.
func clip(s string) string {
	if len(s) <= maxLoggedValue {
		return s
	}
	return strings.ToValidUTF8(s[:maxLoggedValue], "") + "…"
}
