package spyfest

import (
	"bytes"
	"encoding/json"
	"fmt"

	"safehouse/engine"
)

// The snapshot versions (state.Version). Each change of the saved form bumps stateVersion and
// adds one upgrade step here, from the version before it, so a host's save of any earlier
// release still resumes after an update (app/game/testdata/oldsave holds real saves):
//
//	1: up to c8f8aa5, saved without "v". Built-in characters and keywords carried their
//	   names (and characters their overviews) in every language; Spycon's Heracles was the
//	   character hercules spelled differently.
//	2: issue 21. Built-in characters and keywords are ids alone (each device names them
//	   from its language pack), Spycon's Heracles is the character heracles; what players
//	   added keeps its typed names.
const stateVersion = 2

// readSnapshot decodes a snapshot of any version up to stateVersion and upgrades it.
func readSnapshot(data []byte) (state, error) {
	var st state
	version, err := engine.ReadSnapshot("spyfest", data, stateVersion, &st)
	switch {
	case err != nil:
		return state{}, err
	case version == 0: // version 1 was saved without "v"
		return upgrade1(data)
	case version != stateVersion:
		return state{}, fmt.Errorf("spyfest: unknown snapshot version %d", version)
	}
	return st, nil
}

// upgrade1 reads a version 1 snapshot. A character or keyword is taken for built-in when
// this build has its id and it was named in English and Russian alone (version 1's built-in
// content); its names go, as New leaves them today. Spycon's Heracles was saved as hercules
// named "Heracles": every mention of that id becomes heracles.
func upgrade1(data []byte) (state, error) {
	var st state
	if err := json.Unmarshal(data, &st); err != nil {
		return state{}, fmt.Errorf("spyfest: restoring a version 1 snapshot: %w", err)
	}
	if i := sheetIndex(st.Sheet, "hercules"); i >= 0 && st.Sheet[i].Name["en"] == "Heracles" {
		// The id is a whole JSON string wherever it stands (lists, the round, the notes'
		// keys); names and overviews are capitalised prose, never that string alone.
		data = bytes.ReplaceAll(data, []byte(`"hercules"`), []byte(`"heracles"`))
		st = state{}
		if err := json.Unmarshal(data, &st); err != nil {
			return state{}, fmt.Errorf("spyfest: restoring a version 1 snapshot: %w", err)
		}
	}
	v1Builtin := func(id string, name engine.Text, builtin func(string) bool) bool {
		return builtin(id) && len(name) == 2 && name["en"] != "" && name["ru"] != ""
	}
	for i, c := range st.Sheet {
		if v1Builtin(c.ID, c.Name, builtinCharacter) {
			st.Sheet[i].Character = Character{ID: c.ID}
		}
	}
	for set, kws := range st.KeywordSets {
		for i, k := range kws {
			if v1Builtin(k.ID, k.Name, builtinKeyword) {
				st.KeywordSets[set][i] = Keyword{ID: k.ID}
			}
		}
	}
	st.Version = stateVersion
	return st, nil
}

func sheetIndex(sheet []SheetCharacter, id string) int {
	for i, c := range sheet {
		if c.ID == id {
			return i
		}
	}
	return -1
}
