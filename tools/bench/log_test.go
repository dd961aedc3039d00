//go:build !wasm

package main

import (
	"io"
	"log"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// captureStd swaps os.Stdout and os.Stderr for pipes until the returned function, which
// restores them and returns what each received.
func captureStd(t *testing.T) func() (stdout, stderr string) {
	t.Helper()
	read := func(f *os.File) <-chan string {
		got := make(chan string, 1)
		go func() {
			b, _ := io.ReadAll(f)
			got <- string(b)
		}()
		return got
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	oldOut, oldErr := os.Stdout, os.Stderr
	os.Stdout, os.Stderr = outW, errW
	out, errs := read(outR), read(errR)
	return func() (string, string) {
		os.Stdout, os.Stderr = oldOut, oldErr
		outW.Close()
		errW.Close()
		return <-out, <-errs
	}
}

// A session's log line (natively the session logs through slog.Default, as
// app/session/logger_native.go says) lands in the sessions' log file and on neither of the
// terminal's streams, where it came in the middle of the table: the table on stdout stays
// whole, and the bench's own progress lines stay on stderr.
func TestSessionLogsLeaveTheTableWhole(t *testing.T) {
	defer func(d *slog.Logger, w io.Writer, p string, f int) {
		slog.SetDefault(d)
		log.SetOutput(w)
		log.SetPrefix(p)
		log.SetFlags(f)
	}(slog.Default(), log.Writer(), log.Prefix(), log.Flags())
	path := filepath.Join(t.TempDir(), "build", "sessions.log")
	restore := captureStd(t)
	f, err := logSessionsTo(path)
	if err != nil {
		restore()
		t.Fatal(err)
	}
	log.Printf("playing an evening...")
	slog.Info("session: a line from a closing peer", "room", "K7MPQ2")
	printTable(os.Stdout, []row{info("evening", "a figure", "a value")})
	slog.Warn("session: another, while the table prints")
	stdout, stderr := restore()
	f.Close()

	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"a line from a closing peer", "another, while the table prints"} {
		if !strings.Contains(string(data), line) {
			t.Errorf("the sessions' log lacks %q; it holds %q", line, data)
		}
	}
	if strings.Contains(stdout, "session:") || strings.Contains(stderr, "session:") {
		t.Errorf("a session's line reached the terminal: stdout %q, stderr %q", stdout, stderr)
	}
	if !strings.Contains(stdout, "a figure") || !strings.Contains(stdout, "0 of 0 targets met") {
		t.Errorf("the table is not whole on stdout: %q", stdout)
	}
	if stderr != "bench: playing an evening...\n" {
		t.Errorf("the bench's progress lines: stderr holds %q, want %q", stderr, "bench: playing an evening...\n")
	}
}
