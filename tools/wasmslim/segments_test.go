//go:build !wasm

package main

import (
	"bytes"
	"encoding/binary"
	"testing"
)

// image is the module's linear memory as its data segments set it up, from the lowest
// address a segment covers to the highest.
func image(t *testing.T, wasm []byte) (lo uint64, mem []byte) {
	t.Helper()
	m, err := dataMemory(wasm)
	if err != nil {
		t.Fatal(err)
	}
	lo = m.segs[0].addr
	last := m.segs[len(m.segs)-1]
	mem = make([]byte, last.addr+last.n-lo)
	for _, s := range m.segs {
		copy(mem[s.addr-lo:], m.file[s.at:s.at+s.n])
	}
	return lo, mem
}

// Merged, a program's memory starts as it did byte for byte, in far fewer segments, and the
// program computes and names what it did; a second pass changes nothing.
func TestMergedSegmentsRunAsBuilt(t *testing.T) {
	built, _, err := dropLines(buildProgram(t))
	if err != nil {
		t.Fatal(err)
	}
	merged, before, after, err := mergeSegments(built)
	if err != nil {
		t.Fatal(err)
	}
	if before < 1000 || after*100 > before {
		t.Errorf("%d segments merged into %d: want the linker's many in a few", before, after)
	}
	lo1, mem1 := image(t, built)
	lo2, mem2 := image(t, merged)
	if lo1 != lo2 || !bytes.Equal(mem1, mem2) {
		t.Errorf("the memory the segments set up changed: %d bytes at %#x, then %d at %#x", len(mem1), lo1, len(mem2), lo2)
	}
	if a, b := runWasm(t, built), runWasm(t, merged); a != b {
		t.Errorf("merged, the program printed\n%s\nwant\n%s", b, a)
	}
	again, b2, a2, err := mergeSegments(merged)
	if err != nil || !bytes.Equal(again, merged) || b2 != after || a2 != after {
		t.Errorf("a second pass changed the module (%d -> %d segments, %v)", b2, a2, err)
	}
}

// Segments closer than maxZeroRun become one, and farther ones stay apart. A module whose
// data this pass would have to understand better than Go's linker writes it is refused: one
// with a data count section, or with segments that overlap.
func TestMergeRefusesWhatItDoesNotKnow(t *testing.T) {
	section := func(id byte, body []byte) []byte {
		return append(binary.AppendUvarint([]byte{id}, uint64(len(body))), body...)
	}
	segment := func(addr int64, data string) []byte {
		b := appendSleb([]byte{0, 0x41}, addr)
		b = append(b, 0x0b)
		return append(binary.AppendUvarint(b, uint64(len(data))), data...)
	}
	module := func(sections ...[]byte) []byte {
		return bytes.Join(append([][]byte{[]byte("\x00asm\x01\x00\x00\x00")}, sections...), nil)
	}
	data := func(segs ...[]byte) []byte {
		return section(11, bytes.Join(append([][]byte{{byte(len(segs))}}, segs...), nil))
	}
	ok := module(data(segment(4096, "abc"), segment(4200, "def")))
	if out, before, after, err := mergeSegments(ok); err != nil || before != 2 || after != 1 {
		t.Fatalf("two segments 97 zeros apart: %d -> %d (%v)", before, after, err)
	} else if _, mem := image(t, out); string(mem) != "abc"+string(make([]byte, 101))+"def" {
		t.Fatalf("merged into %q", mem)
	}
	apart := module(data(segment(4096, "abc"), segment(4099+maxZeroRun+1, "def")))
	if out, before, after, err := mergeSegments(apart); err != nil || before != 2 || after != 2 || len(out) != len(apart) {
		t.Errorf("two segments %d zeros apart: %d -> %d, %d -> %d bytes (%v)", maxZeroRun+1, before, after, len(apart), len(out), err)
	}
	for name, in := range map[string][]byte{
		"a data count section":                module(section(12, []byte{2}), data(segment(4096, "abc"), segment(4200, "def"))),
		"overlapping segments":                module(data(segment(4096, "abcdef"), segment(4099, "xyz"))),
		"two data sections":                   module(data(segment(4096, "abc")), data(segment(8192, "def"))),
		"an empty data section, then another": module(data(), data(segment(8192, "def"))),
		"a segment past its end":              module(section(11, append([]byte{1}, segment(4096, "abc")[:6]...))),
	} {
		if out, _, _, err := mergeSegments(in); err == nil || out != nil {
			t.Errorf("%s: rewritten (%v)", name, err)
		}
	}
}

// i32.const's address is a signed LEB128: a value whose last group has bit 6 set takes one
// group more, or it would read back negative.
func TestAddressesReadBackAsWritten(t *testing.T) {
	for _, v := range []int64{0, 1, 63, 64, 127, 128, 8191, 8192, 1<<31 - 1, -1, -64, -65} {
		b := appendSleb(nil, v)
		if got, n := sleb(b); got != v || n != len(b) {
			t.Errorf("%d written as % x reads back as %d (%d bytes)", v, b, got, n)
		}
	}
}
