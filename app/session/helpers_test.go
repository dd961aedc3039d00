package session

import (
	"slices"
	"sync"
	"testing"
	"time"
)

// patience only stops a hung test; nothing waits for it when things work.
const patience = 60 * time.Second

// watcher records every update of one client, in order.
type watcher struct {
	mu        sync.Mutex
	views     []View
	notices   []Update
	status    []Status
	paths     []Path         // the path each online status came with
	asks      []HandoffAsk   // handoffs the host asked this client to take
	hosts     []*HostSession // the host this client became (a handoff or a takeover)
	takeovers []Takeover     // news of continuing the game without the host
	changed   chan struct{}
	done      chan struct{}
}

func watch(c *Client) *watcher {
	w := &watcher{changed: make(chan struct{}, 1), done: make(chan struct{})}
	go func() {
		defer close(w.done)
		for u := range c.Updates() {
			w.mu.Lock()
			if u.View != nil {
				w.views = append(w.views, *u.View)
			}
			if u.Notice != "" {
				w.notices = append(w.notices, u)
			}
			if u.Status != "" {
				w.status = append(w.status, u.Status)
			}
			if u.Path != "" {
				w.paths = append(w.paths, u.Path)
			}
			if u.HandOff != nil {
				w.asks = append(w.asks, *u.HandOff)
			}
			if u.Host != nil {
				w.hosts = append(w.hosts, u.Host)
			}
			if u.Takeover != nil {
				w.takeovers = append(w.takeovers, *u.Takeover)
			}
			w.mu.Unlock()
			select {
			case w.changed <- struct{}{}:
			default:
			}
		}
	}()
	return w
}

// counts returns how many views and notices arrived so far.
func (w *watcher) counts() (views, notices int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.views), len(w.notices)
}

func (w *watcher) lastView() (View, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.views) == 0 {
		return View{}, false
	}
	return w.views[len(w.views)-1], true
}

// until waits for cond (called with the lock held) to hold.
func (w *watcher) until(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.NewTimer(patience)
	defer deadline.Stop()
	for {
		w.mu.Lock()
		ok := cond()
		w.mu.Unlock()
		if ok {
			return
		}
		select {
		case <-w.changed:
		case <-w.done:
			w.mu.Lock()
			ok := cond()
			w.mu.Unlock()
			if !ok {
				t.Fatalf("updates ended while waiting for %s", what)
			}
			return
		case <-deadline.C:
			t.Fatalf("gave up waiting for %s", what)
		}
	}
}

// waitView waits for a view that satisfies ok and returns it.
func (w *watcher) waitView(t *testing.T, what string, ok func(View) bool) View {
	t.Helper()
	return w.waitViewAfter(t, what, 0, ok)
}

// seen is how many views have arrived so far.
func (w *watcher) seen() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.views)
}

// waitViewAfter is waitView for a view that arrived after the first n.
func (w *watcher) waitViewAfter(t *testing.T, what string, n int, ok func(View) bool) View {
	t.Helper()
	var found View
	w.until(t, what, func() bool {
		if len(w.views) > n && ok(w.views[len(w.views)-1]) {
			found = w.views[len(w.views)-1]
			return true
		}
		return false
	})
	return found
}

// waitNotices waits until n notices arrived and returns the n-th.
func (w *watcher) waitNotices(t *testing.T, n int) Update {
	t.Helper()
	var u Update
	w.until(t, "a notice", func() bool {
		if len(w.notices) >= n {
			u = w.notices[n-1]
			return true
		}
		return false
	})
	return u
}

func names(v View) []string {
	var out []string
	for _, p := range v.Players {
		out = append(out, p.Name)
	}
	return out
}

func sameNames(want []string) func(View) bool {
	return func(v View) bool {
		if len(v.Players) != len(want) {
			return false
		}
		for _, p := range v.Players {
			if !p.Online {
				return false
			}
		}
		return slices.Equal(names(v), want)
	}
}
