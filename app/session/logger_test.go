package session

import (
	"errors"
	"log"
	"strings"
	"testing"
)

func TestConsoleLoggerWritesLevelMessageAndPairs(t *testing.T) {
	var out strings.Builder
	l := consoleLogger{out: log.New(&out, "", 0)}
	l.Debug("session: not shown", "peer", "p1")
	l.Info("session: relay refused", "peer", "p1", "err", errors.New("no such peer"))
	l.Warn("session: signaling server refused", "code", "full", "msg", "")
	l.Error("session: odd", "lonely")
	want := "INFO session: relay refused peer=p1 err=\"no such peer\"\n" +
		"WARN session: signaling server refused code=full msg=\"\"\n" +
		"ERROR session: odd lonely=!BADKEY\n"
	if out.String() != want {
		t.Errorf("logged\n%s\nwant\n%s", out.String(), want)
	}
}
