//go:build !wasm

package main

import (
	"fmt"
	"go/format"
	"regexp"
	"strings"
)

// encoding/gob (imported by pion/dtls, whose State.MarshalBinary encodes with it) set itself
// up at start: its package-level values registered the basic types (bootstrapType), built the
// wire types (mustGetTypeInfo), filled the table of ops that skip ignored values, and its
// init functions checked the ids, registered the basic types by name and set the decoder's
// ops for int and uint. All that kept the package's type builder, its encoders and decoders
// and the helpers they reach (68 KB of code) in every binary, though nothing in the browser
// encodes with gob. gobPkg's rewrite does the same work, in the same order, on first use: a
// function setup, under a sync.Once, that every way in (Register, RegisterName, NewEncoder,
// NewDecoder, Encoder.EncodeValue, Decoder.DecodeValue: Encode and Decode call the last two)
// calls first. Register and RegisterName become setup and then the original, renamed
// register and registerName, which the setup's own registration of the basic types calls
// (it runs inside the sync.Once, so it cannot call setup again).
const gobPkg = "encoding/gob"

// gobSetupNote is the comment the rewritten places carry.
const gobSetupNote = "// tools/stdoverlay in Safehouse: gob sets itself up on first use (setup), not at start.\n"

// gobEdits are the edits by file; type.go's var block of bootstrapType calls is rewritten
// apart (gobBootstrap), as its names are read from it.
var gobEdits = map[string][]textEdit{
	"type.go": {
		{"var tWireType = mustGetTypeInfo(wireTypeType).id\n", gobSetupNote + "var tWireType typeId\n"},
		{"func init() {\n\t// Some magic numbers to make sure there are no surprises.\n", gobSetupNote + "func initTypes() {\n\t// Some magic numbers to make sure there are no surprises.\n"},
		{"func init() {\n\ttypeInfoMap.Store(typeInfoMapInit)\n", gobSetupNote + "func initTypeInfoMap() {\n\ttypeInfoMap.Store(typeInfoMapInit)\n"},
		{"func RegisterName(name string, value any) {\n", "func RegisterName(name string, value any) {\n\tsetup()\n\tregisterName(name, value)\n}\n\n" +
			gobSetupNote + "// registerName is RegisterName without the setup, which calls it.\nfunc registerName(name string, value any) {\n"},
		{"func Register(value any) {\n", "func Register(value any) {\n\tsetup()\n\tregister(value)\n}\n\n" +
			gobSetupNote + "// register is Register without the setup, which calls it.\nfunc register(value any) {\n"},
		{"\tRegisterName(name, value)\n}\n", "\tregisterName(name, value)\n}\n"},
	},
	"decode.go": {
		{"var decIgnoreOpMap = map[typeId]decOp{\n", gobSetupNote + "var decIgnoreOpMap map[typeId]decOp\n\nfunc initDecIgnoreOps() {\n\tdecIgnoreOpMap = map[typeId]decOp{\n"},
		{"\ttComplex: ignoreTwoUints,\n}\n", "\ttComplex: ignoreTwoUints,\n}\n}\n"},
		{"func init() {\n\tvar iop, uop decOp\n", gobSetupNote + "func initDecOps() {\n\tvar iop, uop decOp\n"},
	},
	"decoder.go": {
		{"func NewDecoder(r io.Reader) *Decoder {\n", "func NewDecoder(r io.Reader) *Decoder {\n\tsetup()\n"},
		{"func (dec *Decoder) DecodeValue(v reflect.Value) error {\n", "func (dec *Decoder) DecodeValue(v reflect.Value) error {\n\tsetup()\n"},
	},
	"encoder.go": {
		{"func NewEncoder(w io.Writer) *Encoder {\n", "func NewEncoder(w io.Writer) *Encoder {\n\tsetup()\n"},
		{"func (enc *Encoder) EncodeValue(value reflect.Value) error {\n", "func (enc *Encoder) EncodeValue(value reflect.Value) error {\n\tsetup()\n"},
	},
}

// gobSetup is appended to type.go: the package's initialisation in its original order (the
// bootstrap types, then decIgnoreOpMap, which is keyed by them, then tWireType, then the
// init functions in the order of their files: decode.go's, then type.go's two).
const gobSetup = `

var setupOnce sync.Once

` + gobSetupNote + `// Every way into the package calls it first. What the package's initialisation did at start
// kept its code in every binary that imports it.
func setup() {
	setupOnce.Do(func() {
		bootstrapTypes()
		initDecIgnoreOps()
		tWireType = mustGetTypeInfo(wireTypeType).id
		initDecOps()
		initTypes()
		initTypeInfoMap()
	})
}
`

var (
	// gobBootstrapBlock is type.go's var block of bootstrapType calls.
	gobBootstrapBlock = regexp.MustCompile(`(?m)^var \(\n((?:\t//.*\n|\t\w+ += bootstrapType\(.*\)\n)+)\)\n`)
	gobBootstrapName  = regexp.MustCompile(`(?m)^\t(\w+) += bootstrapType\(`)
	// gobBasics is registerBasics, whose Register calls become register calls.
	gobBasics = regexp.MustCompile(`(?m)^func registerBasics\(\) \{\n(\tRegister\(.*\)\n)+\}\n`)
)

// rewriteGob returns gobPkg's files rewritten (see gobPkg), by name, from the originals by name.
func rewriteGob(files map[string][]byte) (map[string][]byte, error) {
	out := map[string][]byte{}
	for name, edits := range gobEdits {
		orig, ok := files[name]
		if !ok {
			return nil, fmt.Errorf("%s has no %s: this Go's encoding/gob changed", gobPkg, name)
		}
		src, err := applyTextEdits(string(orig), gobPkg, name, "encoding/gob", edits)
		if err != nil {
			return nil, err
		}
		if name == "type.go" {
			var err error
			if src, err = gobTypeGo(src); err != nil {
				return nil, err
			}
		}
		formatted, err := format.Source([]byte(src))
		if err != nil {
			return nil, fmt.Errorf("%s/%s rewritten does not parse: %w", gobPkg, name, err)
		}
		if strings.Contains(string(formatted), "\nfunc init() {") {
			return nil, fmt.Errorf("%s/%s rewritten still has an init function: this Go's encoding/gob changed", gobPkg, name)
		}
		out[name] = formatted
	}
	return out, nil
}

// gobTypeGo makes type.go's var block of bootstrapType calls the function bootstrapTypes
// (the variables declared without a value), registerBasics call register, and appends setup.
func gobTypeGo(src string) (string, error) {
	blocks := gobBootstrapBlock.FindAllStringSubmatchIndex(src, -1)
	if len(blocks) != 1 {
		return "", fmt.Errorf("%s/type.go has %d var blocks of bootstrapType calls, want one: this Go's encoding/gob changed", gobPkg, len(blocks))
	}
	b := blocks[0]
	body := src[b[2]:b[3]]
	var names []string
	for _, m := range gobBootstrapName.FindAllStringSubmatch(body, -1) {
		names = append(names, m[1])
	}
	src = src[:b[0]] + gobSetupNote + "var " + strings.Join(names, ", ") + " typeId\n\nfunc bootstrapTypes() {\n" + body + "}\n" + src[b[1]:]
	basics := gobBasics.FindAllStringIndex(src, -1)
	if len(basics) != 1 {
		return "", fmt.Errorf("%s/type.go has %d registerBasics of Register calls only, want one: this Go's encoding/gob changed", gobPkg, len(basics))
	}
	fn := src[basics[0][0]:basics[0][1]]
	src = src[:basics[0][0]] + strings.ReplaceAll(fn, "\tRegister(", "\tregister(") + src[basics[0][1]:]
	return src + gobSetup, nil
}
