//go:build !wasm

package main

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// Go's linker writes the data section as many small segments, starting a new one wherever
// 8 zero bytes or more come in a row (cmd/link's wasm writeDataSec), up to 100,000 of them:
// the raw module is as small as it can be. But a static host sends it compressed, and brotli
// packs a zero run into a byte or two, while a segment's header (its address and length,
// different in every segment) hardly compresses at all. The player build's 100,000 headers
// were 0.12 MB of its brotli; the same data in 26 segments, zero runs included, is not.

// maxZeroRun is the longest zero run kept inside a merged segment: longer ones (the gaps
// between the linker's sections) still end a segment, so the raw module does not carry
// large stretches of zeros.
const maxZeroRun = 4096

// mergeSegments rewrites the data section of a module built by Go so that segments closer
// than maxZeroRun become one, the zeros between them written out. Linear memory starts as
// it did, byte for byte: a gap is an address no segment covered, which reads as zero. It
// returns the new module and how many segments there were before and after; a module it
// cannot read as Go's linker writes it is an error, and nothing is changed.
func mergeSegments(wasm []byte) (out []byte, before, after int, err error) {
	mem, err := dataMemory(wasm)
	if err != nil {
		return nil, 0, 0, err
	}
	if hasSection(wasm, 12) {
		// A data count section (bulk memory's) would have to change with the segments; Go's
		// linker writes none, so one here means a module this tool does not know.
		return nil, 0, 0, errors.New("wasmslim: the module has a data count section")
	}
	for i := 1; i < len(mem.segs); i++ {
		if prev := mem.segs[i-1]; prev.addr+prev.n > mem.segs[i].addr {
			return nil, 0, 0, fmt.Errorf("wasmslim: data segments overlap at %#x", mem.segs[i].addr)
		}
	}
	type run struct{ addr, end uint64 }
	var runs []run
	for _, s := range mem.segs {
		if n := len(runs); n > 0 && s.addr-runs[n-1].end <= maxZeroRun {
			runs[n-1].end = s.addr + s.n
			continue
		}
		runs = append(runs, run{s.addr, s.addr + s.n})
	}
	body := binary.AppendUvarint(nil, uint64(len(runs)))
	for _, r := range runs {
		body = append(body, 0, 0x41) // active, memory 0, at i32.const addr; end
		body = appendSleb(body, int64(r.addr))
		body = append(body, 0x0b)
		body = binary.AppendUvarint(body, r.end-r.addr)
		for a := r.addr; a < r.end; {
			if i := mem.segAt(a); i >= 0 {
				s := mem.segs[i]
				body = append(body, wasm[s.at+a-s.addr:s.at+s.n]...)
				a = s.addr + s.n
			} else {
				body = append(body, 0)
				a++
			}
		}
	}
	start, end := mem.dataAt, mem.dataEnd
	out = append(out, wasm[:start]...)
	out = append(out, 11)
	out = binary.AppendUvarint(out, uint64(len(body)))
	out = append(out, body...)
	out = append(out, wasm[end:]...)
	return out, len(mem.segs), len(runs), nil
}

// hasSection reports whether the module has a section of that id.
func hasSection(wasm []byte, id byte) bool {
	for at := uint64(8); at < uint64(len(wasm)); {
		size, k := binary.Uvarint(wasm[at+1:])
		if k <= 0 {
			return false
		}
		if wasm[at] == id {
			return true
		}
		at += 1 + uint64(k) + size
	}
	return false
}

// appendSleb appends v as a signed LEB128 number, as i32.const takes it.
func appendSleb(b []byte, v int64) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if (v == 0 && c&0x40 == 0) || (v == -1 && c&0x40 != 0) {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}
