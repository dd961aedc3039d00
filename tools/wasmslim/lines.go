//go:build !wasm

package main

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// The Go linker writes a module's function table (runtime.pclntab: pcHeader, then the
// function names, the compilation units' file lists, the file names, the pc-value tables and
// the _func records) into the wasm's data section. Each _func names its pc-value tables by
// offset into pctab; an offset of 0 means "no table" (runtime.pcvalue returns -1), and
// runtime.funcline1, the only reader of pcfile and pcln, then answers "?", 0.

// pcHeaderMagic is abi.Go120PCLnTabMagic, the format the runtime of Go 1.20 and later reads.
const pcHeaderMagic = 0xfffffff1

// pcHeaderSize is the pcHeader of a 64-bit pointer size: magic, pad, pad, minLC, ptrSize,
// then nfunc, nfiles, an unused word, and the offsets of funcnametab, cutab, filetab, pctab and
// pclntable from the header.
const pcHeaderSize = 8 + 8*8

// funcFixed is the size of _func before its pcdata and funcdata arrays (runtime2.go): entryOff,
// nameOff, args, deferreturn, pcsp, pcfile, pcln, npcdata, cuOffset, startLine (4 bytes each),
// then funcID, flag, a pad byte and nfuncdata.
const funcFixed = 44

// Offsets of _func's fields that the tool reads or writes.
const (
	funcPCSP      = 16
	funcPCFile    = 20
	funcPCLn      = 24
	funcNPCData   = 28
	funcNFuncData = 43
)

// stats says what dropLines did.
type stats struct {
	funcs      int // functions in the module
	lineTables int // pcfile and pcln tables cleared (shared ones once)
	lineBytes  int // their bytes, now zero
	fileBytes  int // bytes of the file names and the units' lists of them, now zero
}

// dropLines clears every function's file and line tables in a wasm module built by Go: the
// _func records name no pcfile or pcln table, and the tables' bytes are zero (the memory's
// layout is unchanged, so nothing that points into it moves). Tables that a pcsp or pcdata
// entry shares are kept. A module it cannot read exactly as described above is an error, and
// nothing is changed.
func dropLines(wasm []byte) ([]byte, stats, error) {
	out := append([]byte(nil), wasm...)
	mem, err := dataMemory(out)
	if err != nil {
		return nil, stats{}, err
	}
	h, err := mem.findHeader()
	if err != nil {
		return nil, stats{}, err
	}
	nfunc := int(mem.u64(h + 8))
	cutab, pctab := h+mem.u64(h+8+4*8), h+mem.u64(h+8+6*8)
	pclntable := h + mem.u64(h+8+7*8)
	if nfunc <= 0 || pctab >= pclntable || cutab >= pctab {
		return nil, stats{}, fmt.Errorf("wasmslim: a function table of %d functions with pctab at %#x and pclntable at %#x", nfunc, pctab, pclntable)
	}
	type table struct{ off, n uint32 }
	kept := map[uint32]bool{}
	lines := map[uint32]bool{}
	var funcs []uint64 // each _func's address
	prevEntry := int64(-1)
	for i := range nfunc {
		entry, foff := mem.u32(pclntable+uint64(8*i)), mem.u32(pclntable+uint64(8*i)+4)
		if int64(entry) < prevEntry {
			return nil, stats{}, fmt.Errorf("wasmslim: function %d's entry %#x comes before the previous one's", i, entry)
		}
		prevEntry = int64(entry)
		f := pclntable + uint64(foff)
		if mem.u32(f) != entry {
			return nil, stats{}, fmt.Errorf("wasmslim: function %d's record does not start with its entry (%#x, want %#x): not the _func this tool knows", i, mem.u32(f), entry)
		}
		funcs = append(funcs, f)
		kept[mem.u32(f+funcPCSP)] = true
		npcdata := mem.u32(f + funcNPCData)
		if npcdata > 16 || mem.byte(f+funcNFuncData) > 16 {
			return nil, stats{}, fmt.Errorf("wasmslim: function %d has %d pcdata and %d funcdata: not the _func this tool knows", i, npcdata, mem.byte(f+funcNFuncData))
		}
		for j := range npcdata {
			kept[mem.u32(f+funcFixed+4*uint64(j))] = true
		}
		lines[mem.u32(f+funcPCFile)] = true
		lines[mem.u32(f+funcPCLn)] = true
	}
	delete(kept, 0)
	delete(lines, 0)
	// The bytes that a kept table uses stay as they are, even where a line table overlaps them.
	keep := map[uint64]bool{}
	for off := range kept {
		n, err := mem.tableLen(pctab + uint64(off))
		if err != nil {
			return nil, stats{}, err
		}
		for k := range uint64(n) {
			keep[pctab+uint64(off)+k] = true
		}
	}
	var clear []table
	for off := range lines {
		n, err := mem.tableLen(pctab + uint64(off))
		if err != nil {
			return nil, stats{}, err
		}
		clear = append(clear, table{off, uint32(n)})
	}
	st := stats{funcs: nfunc}
	for _, f := range funcs {
		mem.putU32(f+funcPCFile, 0)
		mem.putU32(f+funcPCLn, 0)
	}
	for _, t := range clear {
		st.lineTables++
		for k := range uint64(t.n) {
			if a := pctab + uint64(t.off) + k; !keep[a] {
				mem.putByte(a, 0)
				st.lineBytes++
			}
		}
	}
	// The file names (filetab) and each compilation unit's list of them (cutab, just before
	// it) are read only by runtime.funcfile, which funcline1 calls only for a pcfile table
	// that gives a file: with none left, they are never read.
	for a := cutab; a < pctab; a++ {
		if mem.byte(a) != 0 {
			mem.putByte(a, 0)
			st.fileBytes++
		}
	}
	return out, st, nil
}

// tableLen is the length of the pc-value table at a: pairs of a value delta and a pc delta
// (varints), ended by a value delta of 0 after the first pair.
func (m *memory) tableLen(a uint64) (int, error) {
	n := 0
	for first := true; ; first = false {
		v, k, err := m.uvarint(a + uint64(n))
		if err != nil {
			return 0, err
		}
		n += k
		if v == 0 && !first {
			return n, nil
		}
		_, k, err = m.uvarint(a + uint64(n))
		if err != nil {
			return 0, err
		}
		n += k
		if n > 1<<20 {
			return 0, errors.New("wasmslim: a pc-value table without an end")
		}
	}
}

func (m *memory) uvarint(a uint64) (uint64, int, error) {
	var buf [binary.MaxVarintLen32]byte
	for i := range buf {
		buf[i] = m.byte(a + uint64(i))
	}
	v, k := binary.Uvarint(buf[:])
	if k <= 0 {
		return 0, 0, fmt.Errorf("wasmslim: a malformed varint at %#x", a)
	}
	return v, k, nil
}

// findHeader is the address of the one pcHeader in memory.
func (m *memory) findHeader() (uint64, error) {
	var found []uint64
	for _, s := range m.segs {
		for a := (s.addr + 3) &^ 3; a+4 <= s.addr+s.n; a += 4 {
			if m.u32(a) == pcHeaderMagic && m.byte(a+4) == 0 && m.byte(a+5) == 0 && m.byte(a+6) == 1 && m.byte(a+7) == 8 {
				found = append(found, a)
			}
		}
	}
	if len(found) != 1 {
		return 0, fmt.Errorf("wasmslim: %d Go 1.20+ function table headers (magic %#x, 64-bit) in the data, want 1", len(found), pcHeaderMagic)
	}
	return found[0], nil
}
