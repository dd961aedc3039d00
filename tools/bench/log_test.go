//go:build !wasm

package main

import (
	"log"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The sessions' log lines go to the file and never to the terminal, where they landed in the
// middle of the table; the bench's own progress lines stay on stderr.
func TestSessionLogsLeaveTheTableWhole(t *testing.T) {
	defer func(d *slog.Logger, p string) {
		slog.SetDefault(d)
		log.SetOutput(os.Stderr)
		log.SetPrefix(p)
	}(slog.Default(), log.Prefix())
	path := filepath.Join(t.TempDir(), "build", "sessions.log")
	f, err := logSessionsTo(path)
	if err != nil {
		t.Fatal(err)
	}
	slog.Info("session: a line from a closing peer")
	f.Close()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "a line from a closing peer") {
		t.Errorf("the sessions' log holds %q", data)
	}
	if log.Writer() != os.Stderr || log.Prefix() != "bench: " {
		t.Errorf("the bench's progress lines go to %v with prefix %q, want stderr and %q", log.Writer(), log.Prefix(), "bench: ")
	}
}
