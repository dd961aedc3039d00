package i18n

import "testing"

func TestRegisterAddsEntriesAndRefusesDuplicates(t *testing.T) {
	const lang Lang = "zz-test"
	defer delete(catalogs, lang)
	Register(lang, Entries{{HomeJoin, "Zjoin"}})
	if got := T(lang, HomeJoin); got != "Zjoin" {
		t.Fatalf("T after Register = %q, want Zjoin", got)
	}
	if got := T(lang, HomeCreate); got != "Create a game" {
		t.Fatalf("unregistered key did not fall back to English: %q", got)
	}
	defer func() {
		if recover() == nil {
			t.Fatal("registering a key twice did not panic")
		}
	}()
	Register(lang, Entries{{HomeJoin, "again"}})
}
