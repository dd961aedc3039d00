//go:build !wasm

package main

import (
	"fmt"
)

// P-256's generator tables. The generic (not assembly) P-256 of crypto/internal/fips140/nistec,
// which js/wasm builds, takes its 43 tables of multiples of the generator from
// p256PrecomputedEmbed: 88 KB of field elements, which look random to a compressor and were
// 86 KB of each build's brotli, though nothing the browser runs multiplies the generator
// (the app's keys are X25519). An init function points p256GeneratorTables at them, so the
// linker keeps them in every binary that links the package.
//
// The rewrite computes the tables on first use instead, as the package's own test computes
// each entry to check it (p256_table_test.go): successive sums of the table's base point in
// projective coordinates, made affine with one inversion per table (Montgomery's trick), the
// base doubled six times from one table to the next. p256GeneratorTables becomes a function
// that builds them once; its uses, the test's too, become calls. With no init left to read
// it, the embedded table is unreachable, and the linker drops it.
const p256Pkg = "crypto/internal/fips140/nistec"

// p256Edits are the edits to p256Pkg, by file.
var p256Edits = map[string][]textEdit{
	"p256.go": {
		{"\t\"crypto/internal/fips140deps/cpu\"\n", ""},
		{"\t\"unsafe\"\n", ""},
		{p256InitTables, p256LazyTables},
		{"\n\ttable := &p256GeneratorTables[(index+1)/6]\n", "\n\ttable := &p256GeneratorTables()[(index+1)/6]\n"},
		{"\n\t\ttable := &p256GeneratorTables[(index+1)/6]\n", "\n\t\ttable := &p256GeneratorTables()[(index+1)/6]\n"},
	},
	"p256_table_test.go": {
		{"&p256GeneratorTables[i]", "&p256GeneratorTables()[i]"},
	},
}

const p256InitTables = `var p256GeneratorTables *[43]p256AffineTable

func init() {
	p256GeneratorTablesPtr := unsafe.Pointer(&p256PrecomputedEmbed)
	if cpu.BigEndian {
		var newTable [43 * 32 * 2 * 4]uint64
		for i, x := range (*[43 * 32 * 2 * 4][8]byte)(p256GeneratorTablesPtr) {
			newTable[i] = byteorder.LEUint64(x[:])
		}
		p256GeneratorTablesPtr = unsafe.Pointer(&newTable)
	}
	p256GeneratorTables = (*[43]p256AffineTable)(p256GeneratorTablesPtr)
}
`

const p256LazyTables = `//
// tools/stdoverlay in Safehouse: computed on first use, not taken from p256PrecomputedEmbed,
// which an init function kept in every binary (88 KB that do not compress).
func p256GeneratorTables() *[43]p256AffineTable {
	p256GeneratorTablesOnce.Do(func() { p256GeneratorTablesMade = makeP256GeneratorTables() })
	return p256GeneratorTablesMade
}

var (
	p256GeneratorTablesOnce sync.Once
	p256GeneratorTablesMade *[43]p256AffineTable
)

// makeP256GeneratorTables computes the tables: table i holds [1]B to [32]B in affine
// coordinates, where B is [2^(6i)]G. The multiples are summed in projective coordinates, and
// their Z made 1 by multiplying X and Y by 1/Z; the 32 inverses of a table come from one
// inversion of the product of its Zs. No multiple up to [32]B is the point at infinity.
func makeP256GeneratorTables() *[43]p256AffineTable {
	tables := new([43]p256AffineTable)
	base := NewP256Point().SetGenerator()
	var sums [32]P256Point
	var zs [32]fiat.P256Element // zs[j]: the product of the first j+1 Zs
	for i := range tables {
		sum := NewP256Point()
		for j := range sums {
			sum.Add(sum, base)
			sums[j].Set(sum)
			if j == 0 {
				zs[j].Set(&sum.z)
			} else {
				zs[j].Mul(&zs[j-1], &sum.z)
			}
		}
		var inv, zInv fiat.P256Element
		inv.Invert(&zs[31]) // 1 / (Z0 ... Z31)
		for j := 31; j >= 0; j-- {
			if j > 0 {
				zInv.Mul(&inv, &zs[j-1])  // 1 / Zj
				inv.Mul(&inv, &sums[j].z) // 1 / (Z0 ... Zj-1)
			} else {
				zInv.Set(&inv)
			}
			tables[i][j].x.Mul(&sums[j].x, &zInv)
			tables[i][j].y.Mul(&sums[j].y, &zInv)
		}
		for range 6 {
			base.Double(base)
		}
	}
	return tables
}
`

// rewriteP256 applies p256Edits to the files given by name.
func rewriteP256(files map[string][]byte) (map[string][]byte, error) {
	out := map[string][]byte{}
	for name, edits := range p256Edits {
		src, ok := files[name]
		if !ok {
			return nil, fmt.Errorf("%s/%s is missing", p256Pkg, name)
		}
		s, err := applyTextEdits(string(src), p256Pkg, name, "P-256", edits)
		if err != nil {
			return nil, err
		}
		out[name] = []byte(s)
	}
	return out, nil
}
