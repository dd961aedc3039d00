//go:build !player

package app

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"safehouse/app/i18n"
	"safehouse/app/session"
)

// readSave runs readHostSave over a save holding data.
func readSave(t *testing.T, data []byte) (save, aside *session.MemoryStore, notice i18n.Key, ok bool) {
	t.Helper()
	save, aside = &session.MemoryStore{}, &session.MemoryStore{}
	_ = save.Save(data)
	_, _, notice, ok = readHostSave(save, aside)
	return save, aside, notice, ok
}

// oldSaves are the previous release's saves (app/game/testdata/oldsave).
func oldSaves(t *testing.T) map[string][]byte {
	t.Helper()
	names, err := filepath.Glob(filepath.Join("game", "testdata", "oldsave", "*.save"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no saves of the previous release: %v", err)
	}
	out := map[string][]byte{}
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(n)] = b
	}
	return out
}

// TestResumeOldSaves: a game saved by the previous release comes back, with no note.
func TestResumeOldSaves(t *testing.T) {
	for name, data := range oldSaves(t) {
		save, aside, notice, ok := readSave(t, data)
		if !ok || notice != "" {
			t.Errorf("%s: resumed %v, note %q", name, ok, notice)
		}
		if kept, _ := save.Load(); !bytes.Equal(kept, data) {
			t.Errorf("%s: the save was changed before the game resumed", name)
		}
		if a, _ := aside.Load(); a != nil {
			t.Errorf("%s: a good save was set aside", name)
		}
	}
}

// TestResumeUnreadableSaves: a save that is damaged, or of a newer version, is never resumed;
// the host is told why, in their language. A damaged one is set aside (not tried again); a
// newer one stays for the updated app.
func TestResumeUnreadableSaves(t *testing.T) {
	var good []byte
	for _, data := range oldSaves(t) {
		good = data
		break
	}
	// withGame is good with its room snapshot changed by edit (the room's JSON, then its
	// engine's JSON).
	withGame := func(edit func(room, engine map[string]any)) []byte {
		var st map[string]any
		_ = json.Unmarshal(good, &st)
		var gameBytes []byte
		_ = json.Unmarshal(mustJSON(t, st["game"]), &gameBytes)
		var room map[string]any
		_ = json.Unmarshal(gameBytes, &room)
		key := "spyfall"
		if room[key] == nil {
			key = "spyfest"
		}
		var engineBytes []byte
		_ = json.Unmarshal(mustJSON(t, room[key]), &engineBytes)
		var eng map[string]any
		_ = json.Unmarshal(engineBytes, &eng)
		edit(room, eng)
		room[key] = mustJSON(t, eng)
		st["game"] = mustJSON(t, room)
		return mustJSON(t, st)
	}
	for _, tc := range []struct {
		name   string
		data   []byte
		notice i18n.Key
	}{
		{"not JSON", []byte("{\"v\":1,\"room\":"), i18n.ResumeSetAside},
		{"cut short", good[:len(good)/2], i18n.ResumeSetAside},
		{"no seats", bytes.Replace(good, []byte(`"seats":[`), []byte(`"seats":[],"x":[`), 1), i18n.ResumeSetAside},
		{"session of a newer version", bytes.Replace(good, []byte(`{"v":1,`), []byte(`{"v":2,"later":true,`), 1), i18n.ResumeNewer},
		{"room of a newer version", withGame(func(room, _ map[string]any) { room["v"] = 9 }), i18n.ResumeNewer},
		{"engine of a newer version", withGame(func(_, eng map[string]any) { eng["v"] = 99 }), i18n.ResumeNewer},
		{"engine damaged", withGame(func(_, eng map[string]any) { eng["phase"] = "nowhere"; eng["rand"] = nil }), i18n.ResumeSetAside},
	} {
		save, aside, notice, ok := readSave(t, tc.data)
		if ok || notice != tc.notice {
			t.Errorf("%s: resumed %v with the note %q, want the note %q", tc.name, ok, notice, tc.notice)
			continue
		}
		kept, _ := save.Load()
		setAside, _ := aside.Load()
		if tc.notice == i18n.ResumeNewer && (!bytes.Equal(kept, tc.data) || setAside != nil) {
			t.Errorf("%s: a newer save was not kept for the updated app", tc.name)
		}
		if tc.notice == i18n.ResumeSetAside && (kept != nil || !bytes.Equal(setAside, tc.data)) {
			t.Errorf("%s: the unreadable save was not set aside", tc.name)
		}
		for _, lang := range []i18n.Lang{"en"} {
			if text := i18n.T(lang, tc.notice); text == "" || text == string(tc.notice) {
				t.Errorf("%s: no %s text for %q", tc.name, lang, tc.notice)
			}
		}
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestResumeSaveOfAGameWithNoServer: a QR host's save (no claim, marked no_server) is read
// back whole, its spent codes with it.
func TestResumeSaveOfAGameWithNoServer(t *testing.T) {
	data, err := session.EncodeHostState(session.HostState{
		Room: "K7MPQ2", Secret: "c2VjcmV0LXNlY3JldC1zZWNy", State: 9, NoServer: true, Spent: []uint32{7, 1 << 31},
		Seats: []session.SavedSeat{{Seat: 0, Name: "Maya", Host: true, Token: "dG9rZW4tdG9rZW4tdG9rZW4tMA"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	save, aside := &session.MemoryStore{}, &session.MemoryStore{}
	_ = save.Save(data)
	st, room, notice, ok := readHostSave(save, aside)
	if !ok || notice != "" || room == nil || !st.NoServer || st.Claim != "" || len(st.Spent) != 2 {
		t.Fatalf("resumed %v, note %q, state %+v", ok, notice, st)
	}
}
