//go:build !wasm

package main

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// module is what the report needs of a WebAssembly binary: the size of each function body,
// by function index, and the names the linker left in the "name" section.
type module struct {
	imported int            // imported functions come first in the index space
	bodies   [][]byte       // the defined functions' bodies, in index order after the imports
	names    map[int]string // function index -> name
	sections map[string]int // section name -> size in bytes, for the totals
}

var errTruncated = errors.New("wasm: truncated")

type reader struct {
	b   []byte
	off int
}

func (r *reader) byte() (byte, error) {
	if r.off >= len(r.b) {
		return 0, errTruncated
	}
	r.off++
	return r.b[r.off-1], nil
}

func (r *reader) uleb() (int, error) {
	v, n := binary.Uvarint(r.b[r.off:])
	if n <= 0 || v > 1<<31 {
		return 0, errTruncated
	}
	r.off += n
	return int(v), nil
}

func (r *reader) bytes(n int) ([]byte, error) {
	if n < 0 || r.off+n > len(r.b) {
		return nil, errTruncated
	}
	r.off += n
	return r.b[r.off-n : r.off], nil
}

func (r *reader) name() (string, error) {
	n, err := r.uleb()
	if err != nil {
		return "", err
	}
	b, err := r.bytes(n)
	return string(b), err
}

var sectionNames = map[byte]string{1: "type", 2: "import", 3: "function", 4: "table", 5: "memory",
	6: "global", 7: "export", 8: "start", 9: "element", 10: "code", 11: "data", 12: "data count"}

func parse(b []byte) (*module, error) {
	if len(b) < 8 || string(b[:4]) != "\x00asm" {
		return nil, errors.New("not a WebAssembly binary")
	}
	m := &module{names: map[int]string{}, sections: map[string]int{}}
	r := &reader{b: b, off: 8}
	for r.off < len(b) {
		id, err := r.byte()
		if err != nil {
			return nil, err
		}
		size, err := r.uleb()
		if err != nil {
			return nil, err
		}
		body, err := r.bytes(size)
		if err != nil {
			return nil, err
		}
		s := &reader{b: body}
		switch id {
		case 0:
			name, err := s.name()
			if err != nil {
				return nil, err
			}
			m.sections["custom "+name] += size
			if name == "name" {
				if err := m.readNames(s); err != nil {
					return nil, fmt.Errorf("name section: %w", err)
				}
			}
			continue
		case 2:
			if err := m.readImports(s); err != nil {
				return nil, fmt.Errorf("import section: %w", err)
			}
		case 10:
			if err := m.readCode(s); err != nil {
				return nil, fmt.Errorf("code section: %w", err)
			}
		}
		m.sections[sectionNames[id]] += size
	}
	return m, nil
}

func (m *module) readImports(r *reader) error {
	n, err := r.uleb()
	if err != nil {
		return err
	}
	for range n {
		if _, err := r.name(); err != nil {
			return err
		}
		if _, err := r.name(); err != nil {
			return err
		}
		kind, err := r.byte()
		if err != nil {
			return err
		}
		switch kind {
		case 0: // function: its type index
			m.imported++
			_, err = r.uleb()
		case 1: // table: element type and limits
			if _, err = r.byte(); err == nil {
				err = r.limits()
			}
		case 2: // memory
			err = r.limits()
		case 3: // global: value type and mutability
			if _, err = r.byte(); err == nil {
				_, err = r.byte()
			}
		default:
			return fmt.Errorf("import kind %d", kind)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func (r *reader) limits() error {
	flags, err := r.byte()
	if err != nil {
		return err
	}
	if _, err := r.uleb(); err != nil {
		return err
	}
	if flags&1 != 0 {
		_, err = r.uleb()
	}
	return err
}

func (m *module) readCode(r *reader) error {
	n, err := r.uleb()
	if err != nil {
		return err
	}
	for range n {
		size, err := r.uleb()
		if err != nil {
			return err
		}
		body, err := r.bytes(size)
		if err != nil {
			return err
		}
		m.bodies = append(m.bodies, body)
	}
	return nil
}

// readNames reads subsection 1 (function names) of the name section and skips the others.
func (m *module) readNames(r *reader) error {
	for r.off < len(r.b) {
		id, err := r.byte()
		if err != nil {
			return err
		}
		size, err := r.uleb()
		if err != nil {
			return err
		}
		sub, err := r.bytes(size)
		if err != nil {
			return err
		}
		if id != 1 {
			continue
		}
		s := &reader{b: sub}
		n, err := s.uleb()
		if err != nil {
			return err
		}
		for range n {
			idx, err := s.uleb()
			if err != nil {
				return err
			}
			name, err := s.name()
			if err != nil {
				return err
			}
			m.names[idx] = name
		}
	}
	return nil
}
