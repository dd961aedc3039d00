package signaling

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"safehouse/wire"
)

// Syncing with the room directory (cluster_dir.go): at the start, and each time NATS comes
// back, an instance reads the directory whole and checks the rooms it homes against it.

// errLostDuringSync: NATS went away while the instance synced.
var errLostDuringSync = errors.New("NATS went away during the sync")

// syncDirectory makes sure the bucket exists, reads it whole through a new
// watcher, and checks every room homed here against it; then the instance
// is in sync, unless NATS went away meanwhile (errLostDuringSync).
func (s *Server) syncDirectory(cl *cluster) error {
	s.mu.Lock()
	gen := cl.connGen
	knewRooms := len(cl.dir) > 0 || len(s.rooms) > 0
	s.mu.Unlock()
	ctx, cancel := context.WithTimeout(cl.ctx, 4*clusterTimeout)
	defer cancel()
	kv, err := cl.js.CreateOrUpdateKeyValue(ctx, cl.dirConfig(s.cfg.ClusterReplicas))
	if err != nil {
		return err
	}
	// A directory made just now while rooms existed (NATS restarted without its
	// storage) does not know every room yet: the homes are writing theirs again.
	var youngUntil time.Time
	if st, err := kv.Status(ctx); err == nil && knewRooms {
		if bs, ok := st.(*jetstream.KeyValueBucketStatus); ok && bs.StreamInfo() != nil {
			if age := bs.StreamInfo().TimeStamp.Sub(bs.StreamInfo().Created); age < dirSettle {
				youngUntil = time.Now().Add(dirSettle - age)
			}
		}
	}
	w, err := kv.WatchAll(cl.ctx)
	if err != nil {
		return err
	}
	fresh := make(map[string]dirCached)
	for loaded := false; !loaded; {
		select {
		case u, ok := <-w.Updates():
			if !ok {
				return errors.New("the directory's watcher stopped")
			}
			if u == nil {
				loaded = true
			} else if code, e := readEntry(u); code != "" && e != nil {
				fresh[code] = dirCached{*e, u.Revision()}
			}
		case <-ctx.Done():
			w.Stop()
			return ctx.Err()
		}
	}
	s.mu.Lock()
	cl.kv = kv
	cl.youngUntil = youngUntil
	cl.dir = fresh
	cl.dirGen++
	if cl.watcher != nil {
		cl.watcher.Stop()
	}
	cl.watcher = w
	homed := make([]string, 0, len(s.rooms))
	for code := range s.rooms {
		homed = append(homed, code)
	}
	cl.wg.Add(1)
	go cl.forwardUpdates(w, cl.dirGen)
	s.mu.Unlock()

	// The rooms homed here: each entry is read afresh, as the watcher may not have heard
	// of the last changes yet.
	for _, code := range homed {
		entry, err := kv.Get(ctx, code)
		var cached *dirCached
		switch {
		case errors.Is(err, jetstream.ErrKeyNotFound):
		case err != nil:
			return err
		default:
			if e := decodeEntry(entry.Value()); e != nil {
				cached = &dirCached{*e, entry.Revision()}
			}
		}
		s.mu.Lock()
		s.checkHomedLocked(cl, code, cached)
		s.mu.Unlock()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if cl.connGen != gen || !cl.nc.IsConnected() {
		return errLostDuringSync
	}
	cl.synced = true
	cl.wake()
	return nil
}

// startSyncLocked syncs the instance with the directory in the background,
// trying again while it fails and NATS is up. Called with the mutex held.
func (s *Server) startSyncLocked(cl *cluster) {
	if cl.syncing {
		return
	}
	select {
	case <-cl.done:
		return
	default:
	}
	cl.syncing = true
	cl.wg.Add(1)
	go func() {
		defer cl.wg.Done()
		s.syncUntilDone(cl)
	}()
}

// syncUntilDone syncs with the directory until a sync succeeds, the cluster
// stops, or NATS is down (its return starts the next). It clears cl.syncing.
func (s *Server) syncUntilDone(cl *cluster) {
	defer func() {
		s.mu.Lock()
		cl.syncing = false
		if !cl.synced && cl.nc.IsConnected() && cl.ctx.Err() == nil {
			s.startSyncLocked(cl) // NATS came back as this one gave up
		}
		s.mu.Unlock()
	}()
	for {
		err := s.syncDirectory(cl)
		if err == nil || cl.ctx.Err() != nil || !cl.nc.IsConnected() {
			return
		}
		if !errors.Is(err, errLostDuringSync) {
			s.log.Warn("cannot read the room directory; trying again", "err", err)
		}
		select {
		case <-cl.done:
			return
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// checkHomedLocked compares room code, homed here, with its entry (nil: none):
// the room stays if the entry is its own or gone (then it is written again),
// and goes to the home the entry names otherwise. Called with the mutex held.
func (s *Server) checkHomedLocked(cl *cluster, code string, cached *dirCached) {
	r := s.rooms[code]
	if r == nil {
		return
	}
	switch {
	case cached == nil:
		r.rev = 0 // created again by the writer
		s.dirtyLocked(r)
	case cached.e.Inst == cl.id:
		r.rev = cached.rev
		s.dirtyLocked(r)
	default:
		s.yieldRoomLocked(cl, r, cached.e)
	}
}

// forwardUpdates hands the watcher's updates to the cluster's loop until the
// watcher or the cluster stops.
func (cl *cluster) forwardUpdates(w jetstream.KeyWatcher, gen int) {
	defer cl.wg.Done()
	defer w.Stop()
	for {
		select {
		case <-cl.done:
			return
		case u, ok := <-w.Updates():
			if !ok {
				return
			}
			if u == nil {
				continue
			}
			code, e := readEntry(u)
			if code == "" {
				continue
			}
			select {
			case cl.dirIn <- dirUpdate{gen: gen, code: code, e: e, rev: u.Revision()}:
			case <-cl.done:
				return
			}
		}
	}
}

// readEntry is a watcher's entry: its code, and the entry (nil when deleted
// or expired, or not readable).
func readEntry(u jetstream.KeyValueEntry) (string, *dirEntry) {
	code, ok := wire.CanonicalRoomCode(u.Key())
	if !ok || code != u.Key() {
		return "", nil
	}
	if u.Operation() != jetstream.KeyValuePut {
		return code, nil
	}
	return code, decodeEntry(u.Value())
}

func decodeEntry(b []byte) *dirEntry {
	if len(b) > maxEntrySize {
		return nil
	}
	var e dirEntry
	if json.Unmarshal(b, &e) != nil || e.Inst == "" {
		return nil
	}
	return &e
}
