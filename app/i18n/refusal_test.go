package i18n_test

import (
	"strings"
	"testing"

	"safehouse/app/i18n"
	"safehouse/app/session"
	"safehouse/engine"
)

// APP-ACT-1 (issue 17): every code a refusal can carry to a device (the session's error
// codes, every engine sentinel's code and the room's own) has its own sentence in every UI
// language, so no refusal falls back to the catch-all sentence or to the host's English.
func TestEveryRefusalCodeIsTranslated(t *testing.T) {
	codes := append(append(session.ErrorCodes(), session.NoticeCodes()...), engine.Codes()...)
	if len(engine.Codes()) < 9 || len(codes) < 30 {
		t.Fatalf("only %d codes to check", len(codes))
	}
	for _, lang := range i18n.Available() {
		for _, code := range codes {
			if !i18n.Has(lang, i18n.Refusal(code)) {
				t.Errorf("%s: no sentence for refusal code %q", lang, code)
				continue
			}
			text := i18n.RefusalText(lang, code, "", "")
			// As the reason of a game's refusal, the code reads the same.
			if got := i18n.RefusalText(lang, session.CodeRefused, code, "SOME-RULE-9"); got != text {
				t.Errorf("%s: code %q reads %q as a game's reason, %q alone", lang, code, got, text)
			}
			if strings.TrimSpace(text) == "" || strings.Contains(text, "refusal.") {
				t.Errorf("%s: code %q reads %q", lang, code, text)
			}
		}
	}
	// A code from a newer host, unknown here, still reads as a sentence of the catalogue.
	for _, lang := range i18n.Available() {
		want := i18n.T(lang, i18n.Refusal(session.CodeRefused))
		if got := i18n.RefusalText(lang, "from-the-future", "", ""); got != want {
			t.Errorf("%s: an unknown code reads %q, want %q", lang, got, want)
		}
		if got := i18n.RefusalText(lang, session.CodeRefused, "from-the-future", ""); got != want {
			t.Errorf("%s: an unknown reason reads %q, want %q", lang, got, want)
		}
	}
	// A rule with a sentence of its own says more than its code alone.
	if i18n.RefusalText(i18n.English, session.CodeRefused, "not-your-turn", "SF-PLAY-1") ==
		i18n.RefusalText(i18n.English, session.CodeRefused, "not-your-turn", "") {
		t.Error("the dealer's clock reads as a bare not-your-turn")
	}
}
