package signaling

import "time"

// The keep-alive is a timer per connection, not a goroutine: every half of
// the idle timeout it queues a ping for the writer, and a client that has not
// answered the previous ping by then (a locked phone, a dropped network) is
// dropped. Pongs are noticed by the reader, which reads all the time anyway.

func (s *Server) pingInterval() time.Duration { return s.cfg.IdleTimeout / 2 }

func (c *client) startKeepAlive() {
	c.conn.SetPongHandler(func(string) error {
		c.awaitingPong.Store(false)
		return nil
	})
	c.mu.Lock()
	c.keepAlive = time.AfterFunc(c.srv.pingInterval(), c.ping)
	c.mu.Unlock()
}

func (c *client) stopKeepAlive() {
	c.mu.Lock()
	c.keepAlive.Stop()
	c.mu.Unlock()
}

// ping runs on the timer's own goroutine, which also does the writing when no
// writer runs, so a ping to an idle connection starts no other goroutine.
func (c *client) ping() {
	if c.awaitingPong.Load() {
		c.srv.log.Debug("client idle, dropping", "addr", c.addr)
		c.drop() // it does not answer, so it would not answer a close frame either
		return
	}
	c.mu.Lock()
	if c.closing {
		c.mu.Unlock()
		return
	}
	c.awaitingPong.Store(true)
	c.pingDue = true
	c.keepAlive.Reset(c.srv.pingInterval())
	write := c.writer == writerIdle
	if write {
		c.writer = writerRunning
		c.writers.Add(1)
	}
	c.mu.Unlock()
	if write {
		c.writeLoop()
	}
}
