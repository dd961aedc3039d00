package signaling

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Writing the room directory (cluster_dir.go): the home's own entries and take-overs.
// A new room's entry is made in cluster_newroom.go.

// refreshDirectory renews the entries of the rooms homed here.
func (s *Server) refreshDirectory(cl *cluster) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return
	}
	for _, r := range s.rooms {
		s.dirtyLocked(r)
	}
}

// dirWritesAtOnce bounds the directory's writes under way at once.
const dirWritesAtOnce = 64

// A write of the directory by its writer.
type dirWrite struct {
	room   *room // nil for a delete
	code   string
	value  []byte
	expect uint64 // the revision written last; 0 creates the entry
	ttl    time.Duration
	delete bool
	err    error
	rev    uint64
}

// dirWriteGap is the least time between two rounds of the directory writer.
// A room's entry changes with every join and every leave; written at once,
// each change was a JetStream write delivered to every instance, which made
// joins through a cluster cost half again as much as on one instance. Within
// the gap a room's changes are written together, once. An entry is then at
// most this much behind its room, which matters only if the home dies in
// that time: a peer that joined meanwhile is not in the entry, and joins the
// adopted room again (adoptRoomLocked).
const dirWriteGap = 50 * time.Millisecond

// directoryWriter writes the entries of the rooms homed here as they change,
// all pending ones at once, one write per room at a time, and starts a round
// no sooner than dirWriteGap after the last.
func (s *Server) directoryWriter(cl *cluster) {
	defer cl.wg.Done()
	var last time.Time
	for {
		select {
		case <-cl.done:
			return
		case <-cl.kick:
		}
		if wait := dirWriteGap - time.Since(last); wait > 0 {
			select {
			case <-cl.done:
				return
			case <-time.After(wait):
			}
		}
		last = time.Now()
		if retry := s.writeDirectory(cl); retry {
			select {
			case <-cl.done:
				return
			case <-time.After(200 * time.Millisecond):
				cl.wake()
			}
		}
	}
}

// writeDirectory writes what is pending and says whether some write should be
// tried again.
func (s *Server) writeDirectory(cl *cluster) (retry bool) {
	s.mu.Lock()
	if !cl.synced || cl.kv == nil {
		s.mu.Unlock()
		return false // the sync wakes the writer when it is done
	}
	var writes []*dirWrite
	for code := range cl.dirty {
		r := s.rooms[code]
		if r == nil {
			delete(cl.dirty, code)
			continue
		}
		if r.writing {
			retry = true // after the write under way
			continue
		}
		delete(cl.dirty, code)
		value, _ := json.Marshal(s.entryLocked(r))
		r.writing = true
		writes = append(writes, &dirWrite{room: r, code: code, value: value, expect: r.rev, ttl: s.entryTTL(r.hadPeer)})
	}
	for code, rev := range cl.deletes {
		delete(cl.deletes, code)
		if s.rooms[code] == nil {
			writes = append(writes, &dirWrite{code: code, expect: rev, delete: true})
		}
	}
	kv := cl.kv
	s.mu.Unlock()
	if len(writes) == 0 {
		return retry
	}

	ctx, cancel := context.WithTimeout(cl.ctx, clusterTimeout)
	defer cancel()
	// Concurrent requests rather than JetStream's asynchronous publisher: that
	// one watches the connection, which stays the caller's, until it closes,
	// and a close racing its first write left the watcher running for good.
	var wg sync.WaitGroup
	turns := make(chan struct{}, dirWritesAtOnce)
	for _, w := range writes {
		turns <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-turns; wg.Done() }()
			switch {
			case w.delete:
				w.err = kv.Delete(ctx, w.code, jetstream.LastRevision(w.expect))
			case w.expect == 0:
				w.rev, w.err = kv.Create(ctx, w.code, w.value, jetstream.KeyTTL(w.ttl))
			default:
				msg := &nats.Msg{Subject: "$KV." + dirBucket + "." + w.code, Data: w.value}
				var ack *jetstream.PubAck
				ack, w.err = cl.js.PublishMsg(ctx, msg, jetstream.WithExpectLastSequencePerSubject(w.expect), jetstream.WithMsgTTL(w.ttl))
				if w.err == nil {
					w.rev = ack.Sequence
				}
			}
		}()
	}
	wg.Wait()

	var lost []string
	s.mu.Lock()
	for _, w := range writes {
		if w.delete {
			continue // a delete that fails leaves the entry to its TTL
		}
		r := w.room
		r.writing = false
		if s.rooms[w.code] != r {
			continue // moved or ended meanwhile
		}
		switch {
		case w.err == nil:
			r.rev = w.rev
		case wrongRevision(w.err):
			lost = append(lost, w.code) // someone else wrote the entry: read it
		default:
			cl.dirty[w.code] = struct{}{}
			retry = true
		}
	}
	s.mu.Unlock()
	for _, code := range lost {
		s.recheckHomed(cl, kv, code)
	}
	return retry
}

// recheckHomed reads the entry of room code, homed here, whose write was
// refused, and keeps or yields the room accordingly.
func (s *Server) recheckHomed(cl *cluster, kv jetstream.KeyValue, code string) {
	ctx, cancel := context.WithTimeout(cl.ctx, clusterTimeout)
	defer cancel()
	entry, err := kv.Get(ctx, code)
	var cached *dirCached
	switch {
	case errors.Is(err, jetstream.ErrKeyNotFound):
	case err != nil:
		s.mu.Lock()
		if r := s.rooms[code]; r != nil {
			cl.dirty[code] = struct{}{}
		}
		s.mu.Unlock()
		return
	default:
		if e := decodeEntry(entry.Value()); e != nil {
			cached = &dirCached{*e, entry.Revision()}
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.checkHomedLocked(cl, code, cached)
}

// wrongRevision says whether err is JetStream's refusal of a write against a
// revision that is no longer the entry's last (or of a create of an entry
// that exists).
func wrongRevision(err error) bool {
	var apiErr *jetstream.APIError
	if !errors.As(err, &apiErr) {
		return errors.Is(err, jetstream.ErrKeyExists)
	}
	return apiErr.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequence ||
		apiErr.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequenceConstant
}

// Errors of a take-over of a room's entry.
var (
	errEntryGone  = errors.New("the room's entry is gone")
	errEntryTaken = errors.New("another instance took the room")
)

// takeOver writes e (a room this instance is taking over) as the entry of
// code, in place of pred, the entry of its previous home, read at revision
// rev. Another write of that home may have landed since: the entry is read
// again and the take-over tried anew, as long as it is pred's home's, of
// pred's epoch. It returns the new revision. Called without the mutex.
func (s *Server) takeOver(cl *cluster, kv jetstream.KeyValue, code string, pred dirEntry, rev uint64, e dirEntry) (uint64, error) {
	ctx, cancel := context.WithTimeout(cl.ctx, clusterTimeout)
	defer cancel()
	value, _ := json.Marshal(e)
	ttl := s.entryTTL(e.HadPeer)
	for range 4 {
		ack, err := cl.js.PublishMsg(ctx, &nats.Msg{Subject: "$KV." + dirBucket + "." + code, Data: value},
			jetstream.WithExpectLastSequencePerSubject(rev), jetstream.WithMsgTTL(ttl))
		if err == nil {
			return ack.Sequence, nil
		}
		if !wrongRevision(err) {
			return 0, err
		}
		entry, err := kv.Get(ctx, code)
		if errors.Is(err, jetstream.ErrKeyNotFound) {
			return 0, errEntryGone
		}
		if err != nil {
			return 0, err
		}
		now := decodeEntry(entry.Value())
		if now == nil || now.Inst != pred.Inst || now.Epoch != pred.Epoch {
			return 0, errEntryTaken
		}
		rev = entry.Revision()
	}
	return 0, errEntryTaken
}

// lookupEntry reads code's entry from the directory itself (not the cache):
// nil when there is none.
func (s *Server) lookupEntry(cl *cluster, kv jetstream.KeyValue, code string) (*dirCached, error) {
	ctx, cancel := context.WithTimeout(cl.ctx, clusterTimeout)
	defer cancel()
	entry, err := kv.Get(ctx, code)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	e := decodeEntry(entry.Value())
	if e == nil {
		return nil, nil
	}
	return &dirCached{*e, entry.Revision()}, nil
}

// createWith makes code's entry e, if it has none. Called without the mutex.
func (s *Server) createWith(cl *cluster, kv jetstream.KeyValue, code string, e dirEntry) (uint64, error) {
	ctx, cancel := context.WithTimeout(cl.ctx, clusterTimeout)
	defer cancel()
	value, _ := json.Marshal(e)
	return kv.Create(ctx, code, value, jetstream.KeyTTL(s.entryTTL(e.HadPeer)))
}
