package signaling

import (
	"bufio"
	"net"
	"net/http"
	"sync"

	"github.com/gorilla/websocket"
)

// readBufferSize is each connection's read buffer, held for the connection's
// whole life. Frame headers and small messages are read through it; a larger
// message body is read straight into the message's own slice, so a small
// buffer costs a system call or two per message and saves memory on every
// idle connection.
const readBufferSize = 512

// writeBufferSize is the buffer a connection borrows from its server's pool
// for the length of one write (the frame header is built in it; a message's
// body goes out from the message itself).
const writeBufferSize = 512

// newUpgrader returns the WebSocket upgrader of one server. Origins are
// checked before a connection is admitted (originAllowed), so that refusals
// can be counted and logged with their reason; compression is not offered.
func newUpgrader() websocket.Upgrader {
	return websocket.Upgrader{
		ReadBufferSize:  readBufferSize,
		WriteBufferSize: writeBufferSize,
		WriteBufferPool: &sync.Pool{},
		CheckOrigin:     func(*http.Request) bool { return true },
	}
}

// upgrade upgrades the request to a WebSocket. The response writer may be a
// middleware's wrapper that reaches the connection only through Unwrap, as
// http.ResponseController allows (the upgrader itself looks for Hijack on the
// writer it is given).
func (s *Server) upgrade(w http.ResponseWriter, r *http.Request) (*websocket.Conn, error) {
	return s.upgrader.Upgrade(hijackThrough{w}, r, nil)
}

type hijackThrough struct{ http.ResponseWriter }

func (h hijackThrough) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	return http.NewResponseController(h.ResponseWriter).Hijack()
}
