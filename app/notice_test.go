package app

import (
	"testing"

	"safehouse/app/i18n"
	"safehouse/app/session"
	"safehouse/engine/spyfall"
)

// APP-ACT-1 (issue 17): a refusal reaches the player's screen as the catalogue's sentence in
// their language for its code, reason and rule, never as the host's English; an action this
// device refuses before sending it reads the same way.
func TestRefusalsShowTheCatalogueSentence(t *testing.T) {
	cases := []struct {
		u    session.Update
		want string
	}{
		{session.Update{Code: session.CodeRefused, Reason: "not-your-turn", Rule: "SF-END-1a", Notice: "seat 2 accuses now"},
			"Сейчас обвиняет другой игрок."},
		{session.Update{Code: session.CodeRefused, Reason: "stale", Rule: "", Notice: "round 1 is over"},
			"Поздно: этот момент игры уже прошёл."},
		{session.Update{Code: session.CodeRefused, Notice: "the game cannot start: classic plays with 3 to 8 players, not 2"},
			"Игра этого не позволила."},
		{session.Update{Code: session.CodeHostClosed, Notice: "The host ended this game."}, "Ведущий завершил игру."},
		{session.Update{Code: session.CodeBadName, Notice: "Your name was not changed: a name needs at least one character."},
			"Такое имя не подходит: от 1 до 24 обычных символов."},
	}
	s := &shell{lang: i18n.Russian}
	for _, c := range cases {
		if got := s.noticeText(c.u); got != c.want {
			t.Errorf("%+v reads %q, want %q", c.u, got, c.want)
		}
	}
	_, err := spyfall.DecodeAction([]byte(`{"kind":"accuse"}`))
	if err == nil {
		t.Fatal("a malformed action was accepted")
	}
	if got, want := s.localRefusal(err), i18n.T(i18n.Russian, i18n.Refusal("invalid-action")); got != want {
		t.Errorf("a refused local action reads %q, want %q", got, want)
	}
}

// The notices the session makes up itself (the host away, the connection lost, the
// signaling server's news) carry a code like refusals, so a Russian player reads Russian,
// each notice its own sentence, never the session's English nor the catch-all refusal.
func TestSessionNoticesShowTheCatalogueSentence(t *testing.T) {
	s := &shell{lang: i18n.Russian}
	general := i18n.T(i18n.Russian, i18n.Refusal(session.CodeRefused))
	seen := map[string]string{}
	for _, code := range session.NoticeCodes() {
		u := session.Update{Code: code, Notice: "The session's English for " + code + "."}
		got := s.noticeText(u)
		if got != i18n.T(i18n.Russian, i18n.Refusal(code)) || got == general || got == i18n.T(i18n.English, i18n.Refusal(code)) {
			t.Errorf("notice %q reads %q: want its own Russian sentence", code, got)
		}
		if other, dup := seen[got]; dup {
			t.Errorf("notices %q and %q read the same: %q", other, code, got)
		}
		seen[got] = code
	}
}
