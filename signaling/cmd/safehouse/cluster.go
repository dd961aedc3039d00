package main

import (
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go"
)

// connectNATS connects to the cluster's NATS servers (comma-separated URLs).
// An unreachable NATS at start is an error, never a silent fallback to
// running alone: an instance that shares no rooms behind a load balancer
// would split parties in two. Once connected, the client reconnects for ever;
// meanwhile /readyz fails and new rooms and joins are refused.
func connectNATS(urls, creds string, logger *slog.Logger) (*nats.Conn, error) {
	opts := []nats.Option{
		nats.Name("safehouse"),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(500 * time.Millisecond),
		nats.Timeout(5 * time.Second),
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) {
			logger.Warn("NATS disconnected: not ready, new rooms and joins refused", "err", err)
		}),
		nats.ReconnectHandler(func(nc *nats.Conn) {
			logger.Info("NATS reconnected", "server", nc.ConnectedUrlRedacted())
		}),
	}
	if creds != "" {
		opts = append(opts, nats.UserCredentials(creds))
	}
	nc, err := nats.Connect(urls, opts...)
	if err != nil {
		return nil, fmt.Errorf("-nats: cannot reach NATS at %s: %w\n(rooms are shared between instances through NATS; start it first, or leave -nats out to run a single server)", redact(urls), err)
	}
	logger.Info("connected to NATS", "server", nc.ConnectedUrlRedacted())
	return nc, nil
}

// redact hides passwords in NATS URLs for an error message.
func redact(urls string) string {
	out := []byte{}
	for i := 0; i < len(urls); i++ {
		out = append(out, urls[i])
		if urls[i] == '/' && i > 0 && urls[i-1] == '/' {
			end := i + 1
			for end < len(urls) && urls[end] != ',' && urls[end] != '/' && urls[end] != '@' {
				end++
			}
			if end < len(urls) && urls[end] == '@' {
				out = append(out, "***"...)
				i = end - 1
			}
		}
	}
	return string(out)
}
