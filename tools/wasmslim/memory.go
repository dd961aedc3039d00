//go:build !wasm

package main

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sort"
)

// memory is a wasm module's linear memory as its active data segments set it up, read and
// written in place in the module's bytes. Addresses no segment covers read as zero (a
// module's memory starts zeroed, and Go's linker leaves zero runs out of its segments).
type memory struct {
	file            []byte
	segs            []segment // by address
	dataAt, dataEnd uint64    // the data section in the file, from its id byte to its end
}

type segment struct {
	addr uint64 // where the segment goes in memory
	at   uint64 // where its bytes are in the file
	n    uint64
}

// dataMemory reads the data section of a wasm module.
func dataMemory(file []byte) (*memory, error) {
	if len(file) < 8 || string(file[:4]) != "\x00asm" || binary.LittleEndian.Uint32(file[4:8]) != 1 {
		return nil, errors.New("wasmslim: not a wasm module of version 1")
	}
	m := &memory{file: file}
	at := uint64(8)
	for at < uint64(len(file)) {
		id := file[at]
		size, k := binary.Uvarint(file[at+1:])
		if k <= 0 || at+1+uint64(k)+size > uint64(len(file)) {
			return nil, fmt.Errorf("wasmslim: a malformed section at %#x", at)
		}
		body := at + 1 + uint64(k)
		if id == 11 {
			if m.dataEnd != 0 {
				return nil, errors.New("wasmslim: two data sections")
			}
			m.dataAt, m.dataEnd = at, body+size
			if err := m.readData(body, body+size); err != nil {
				return nil, err
			}
		}
		at = body + size
	}
	if len(m.segs) == 0 {
		return nil, errors.New("wasmslim: no data section")
	}
	sort.Slice(m.segs, func(i, j int) bool { return m.segs[i].addr < m.segs[j].addr })
	return m, nil
}

// readData reads the segments of a data section, file[at:end]: each active, of memory 0, at
// a constant address (i32.const N; end), as Go's linker writes them.
func (m *memory) readData(at, end uint64) error {
	count, k := binary.Uvarint(m.file[at:end])
	if k <= 0 {
		return errors.New("wasmslim: a malformed data section")
	}
	at += uint64(k)
	for range count {
		if at+2 > end || m.file[at] != 0 || m.file[at+1] != 0x41 {
			return fmt.Errorf("wasmslim: a data segment at %#x that is not active at a constant address", at)
		}
		// i32.const takes a signed LEB128, which binary.Varint (zig-zag) does not read.
		addr, k := sleb(m.file[at+2 : end])
		if k <= 0 || addr < 0 || at+2+uint64(k) >= end || m.file[at+2+uint64(k)] != 0x0b {
			return fmt.Errorf("wasmslim: a malformed data segment at %#x", at)
		}
		at += 2 + uint64(k) + 1
		n, k2 := binary.Uvarint(m.file[at:end])
		if k2 <= 0 || at+uint64(k2)+n > end {
			return fmt.Errorf("wasmslim: a data segment at %#x runs past its section", at)
		}
		at += uint64(k2)
		m.segs = append(m.segs, segment{addr: uint64(addr), at: at, n: n})
		at += n
	}
	if at != end {
		return errors.New("wasmslim: bytes after the last data segment")
	}
	return nil
}

// sleb reads a signed LEB128 number.
func sleb(b []byte) (int64, int) {
	var v int64
	var shift uint
	for i, c := range b {
		if i == 10 {
			return 0, -1
		}
		v |= int64(c&0x7f) << shift
		shift += 7
		if c < 0x80 {
			if shift < 64 && c&0x40 != 0 {
				v |= -1 << shift
			}
			return v, i + 1
		}
	}
	return 0, 0
}

// segAt is the index of the segment that covers memory address a, or -1 where none does.
func (m *memory) segAt(a uint64) int {
	i := sort.Search(len(m.segs), func(i int) bool { return m.segs[i].addr+m.segs[i].n > a })
	if i == len(m.segs) || m.segs[i].addr > a {
		return -1
	}
	return i
}

// find is the index in the file of memory address a, or -1 where no segment covers it.
func (m *memory) find(a uint64) int64 {
	i := m.segAt(a)
	if i < 0 {
		return -1
	}
	return int64(m.segs[i].at + a - m.segs[i].addr)
}

func (m *memory) byte(a uint64) byte {
	if i := m.find(a); i >= 0 {
		return m.file[i]
	}
	return 0
}

// putByte writes b at a; only a zero may go where no segment covers the address.
func (m *memory) putByte(a uint64, b byte) {
	if i := m.find(a); i >= 0 {
		m.file[i] = b
	} else if b != 0 {
		panic(fmt.Sprintf("wasmslim: writing %#x at %#x, which no data segment covers", b, a))
	}
}

func (m *memory) u32(a uint64) uint32 {
	var b [4]byte
	for i := range b {
		b[i] = m.byte(a + uint64(i))
	}
	return binary.LittleEndian.Uint32(b[:])
}

func (m *memory) u64(a uint64) uint64 {
	return uint64(m.u32(a)) | uint64(m.u32(a+4))<<32
}

func (m *memory) putU32(a uint64, v uint32) {
	var b [4]byte
	binary.LittleEndian.PutUint32(b[:], v)
	for i, c := range b {
		m.putByte(a+uint64(i), c)
	}
}
