package signaling

import (
	"context"
	"log/slog"
	"strings"
	"sync"
	"time"
)

// A flood must not turn into a flood of log lines: refusals are logged once
// per client address and window, and whatever else that address was refused
// in the window is summed up in one line when the window ends.

// refusalLogWindow is the window of refusalLog.
const refusalLogWindow = time.Minute

// maxLoggedKeys bounds the addresses refusalLog remembers in one window;
// refusals of further addresses are summed up together.
const maxLoggedKeys = 1024

// maxLoggedValue bounds a client-supplied value (a header) in a log line.
const maxLoggedValue = 200

type refusalLog struct {
	log    *slog.Logger
	window time.Duration

	mu     sync.Mutex
	held   map[string]int // addresses logged in this window, with the refusals not logged since
	others int            // refusals of addresses beyond maxLoggedKeys
	timer  *time.Timer    // ends the window; nil while nothing is held
	closed bool
}

func newRefusalLog(log *slog.Logger) *refusalLog {
	return &refusalLog{log: log, window: refusalLogWindow, held: make(map[string]int)}
}

// note logs a refusal of the address with limit key key, unless that address
// already had one logged in this window; then it is only counted.
func (l *refusalLog) note(key string, level slog.Level, msg string, attrs ...any) {
	l.mu.Lock()
	first := false
	if n, seen := l.held[key]; seen {
		l.held[key] = n + 1
	} else if len(l.held) >= maxLoggedKeys {
		l.others++
	} else {
		l.held[key] = 0
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

// flush ends the window: one line per address with refusals not logged, and
// one for the addresses that did not fit.
func (l *refusalLog) flush() {
	l.mu.Lock()
	held, others := l.held, l.others
	l.held, l.others, l.timer = make(map[string]int), 0, nil
	l.mu.Unlock()
	for key, n := range held {
		if n > 0 {
			l.log.Warn("more refusals in the last window", "addr", key, "count", n, "window", l.window)
		}
	}
	if others > 0 {
		l.log.Warn("more refusals in the last window", "addr", "others", "count", others, "window", l.window)
	}
}

// close stops the window's timer and writes what it held.
func (l *refusalLog) close() {
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
