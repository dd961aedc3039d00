//go:build !wasm

package main

import (
	"strings"
	"testing"
	"time"
)

// The steps of a join run from the wasm's start to the seat and add up to the whole; a step
// the page never reached is an error, not a zero.
func TestJoinPhasesAddUpToTheJoin(t *testing.T) {
	ms := func(v float64) time.Duration { return time.Duration(v * float64(time.Millisecond)) }
	marks := map[string]float64{"socket": 8526, "answer": 8591, "ice": 8898, "dtls": 9370, "channel": 9675}
	got, err := joinPhasesOf(marks, ms(8370), ms(9834))
	if err != nil {
		t.Fatal(err)
	}
	want := joinPhases{ms(156), ms(65), ms(307), ms(472), ms(305), ms(159)}
	var sum time.Duration
	for i := range want {
		sum += got[i]
		if d := got[i] - want[i]; d > time.Microsecond || d < -time.Microsecond {
			t.Errorf("step %d: %v, want %v", i, got[i], want[i])
		}
	}
	if d := sum - ms(9834-8370); d > time.Microsecond || d < -time.Microsecond {
		t.Errorf("the steps add up to %v, the join took %v", sum, ms(9834-8370))
	}
	if row := joinPhasesRow([]joinPhases{got}); row != "156 / 65 / 307 / 472 / 305 / 159 ms" {
		t.Errorf("row %q", row)
	}
	delete(marks, "ice")
	if _, err := joinPhasesOf(marks, ms(8370), ms(9834)); err == nil || !strings.Contains(err.Error(), "ice") {
		t.Errorf("a join without ICE connected: %v", err)
	}
}
