package spyfall

import "testing"

// Russian names that a table found wrong (issue 17): a cathedral is «Собор», «Церковь» is
// any church. Each entry is the name a Russian player expects on the card.
func TestRussianLocationNamesAsPlayersSayThem(t *testing.T) {
	want := map[string]string{"cathedral": "Собор"}
	found := 0
	for _, p := range BuiltinPacks() {
		for _, l := range p.Locations {
			if name, ok := want[l.ID]; ok {
				found++
				if l.Name["ru"] != name {
					t.Errorf("%s/%s is «%s» in Russian, want «%s»", p.ID, l.ID, l.Name["ru"], name)
				}
			}
		}
	}
	if found == 0 {
		t.Fatal("no built-in location checked")
	}
}
