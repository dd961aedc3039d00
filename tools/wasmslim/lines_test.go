//go:build !wasm

package main

import (
	"bytes"
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// goroot is the toolchain's own source, which the wasm builds come from.
func goroot(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(out))
}

// The tool writes _func's pcfile and pcln and reads its pcsp, npcdata and nfuncdata at fixed
// offsets, and the pcHeader's offsets of pctab and pclntable: a Go whose runtime lays them out
// otherwise fails here, before a build ships a module the runtime would misread.
func TestTheRecordsAreTheRuntimes(t *testing.T) {
	root := goroot(t)
	read := func(path string) string {
		b, err := os.ReadFile(filepath.Join(root, "src", path))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	fields := func(src, typ string) []string {
		start := strings.Index(src, "type "+typ+" struct {")
		if start < 0 {
			t.Fatalf("no type %s", typ)
		}
		body := src[start:]
		body = body[strings.Index(body, "{")+1 : strings.Index(body, "\n}")]
		var out []string
		for _, line := range strings.Split(body, "\n") {
			if i := strings.Index(line, "//"); i >= 0 {
				line = line[:i]
			}
			if f := strings.Join(strings.Fields(line), " "); f != "" {
				out = append(out, f)
			}
		}
		return out
	}
	want := []string{
		"sys.NotInHeap",
		"entryOff uint32", "nameOff int32",
		"args int32", "deferreturn uint32",
		"pcsp uint32", "pcfile uint32", "pcln uint32", "npcdata uint32", "cuOffset uint32", "startLine int32",
		"funcID abi.FuncID", "flag abi.FuncFlag", "_ [1]byte", "nfuncdata uint8",
	}
	if got := fields(read("runtime/runtime2.go"), "_func"); strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("runtime2.go's _func is\n\t%s\nthe tool knows\n\t%s", strings.Join(got, "; "), strings.Join(want, "; "))
	}
	header := []string{
		"magic abi.PCLnTabMagic", "pad1, pad2 uint8", "minLC uint8", "ptrSize uint8", "nfunc int", "nfiles uint", "_ uintptr",
		"funcnameOffset uintptr", "cuOffset uintptr", "filetabOffset uintptr", "pctabOffset uintptr", "pclnOffset uintptr",
	}
	if got := fields(read("runtime/symtab.go"), "pcHeader"); strings.Join(got, "; ") != strings.Join(header, "; ") {
		t.Errorf("symtab.go's pcHeader is\n\t%s\nthe tool knows\n\t%s", strings.Join(got, "; "), strings.Join(header, "; "))
	}
	if !regexp.MustCompile(`CurrentPCLnTabMagic\s*=\s*Go120PCLnTabMagic`).MatchString(read("internal/abi/symtab.go")) ||
		!regexp.MustCompile(`Go120PCLnTabMagic\s+PCLnTabMagic\s*=\s*0xfffffff1`).MatchString(read("internal/abi/symtab.go")) {
		t.Error("the runtime's function table is no longer Go 1.20's (abi.CurrentPCLnTabMagic)")
	}
	if !strings.Contains(read("runtime/symtab.go"), "fileno, _ := pcvalue(f, f.pcfile, targetpc, strict)") {
		t.Error("runtime.funcline1 no longer reads pcfile as the tool expects (an offset of 0: no table)")
	}
}

// program exercises what the tables the tool keeps are for: garbage collection while
// goroutines run, stacks that grow and are copied, a recovered panic. It prints what it
// computed, then the frames of the panic as runtime.CallersFrames names them.
const program = `package main

import (
	"fmt"
	"runtime"
	"sync"
)

type node struct {
	next *node
	data [64]byte
}

//go:noinline
func deep(n int) int {
	var pad [256]byte
	pad[n%256] = byte(n)
	if n == 0 {
		return int(pad[0])
	}
	return deep(n-1) + int(pad[n%256])
}

//go:noinline
func crash() {
	var m map[string]int
	m["x"] = 1
}

func frames() (out []string) {
	defer func() {
		recover()
		pcs := make([]uintptr, 32)
		fs := runtime.CallersFrames(pcs[:runtime.Callers(0, pcs)])
		for {
			f, more := fs.Next()
			out = append(out, fmt.Sprintf("%s %s:%d", f.Function, f.File, f.Line))
			if !more {
				return
			}
		}
	}()
	crash()
	return nil
}

func main() {
	var wg sync.WaitGroup
	sums := make([]int, 8)
	for g := range sums {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var head *node
			for i := range 20000 {
				head = &node{next: head}
				head.data[0] = byte(i)
				if i%1000 == 0 {
					head = nil
					runtime.Gosched()
				}
			}
			sums[g] = deep(3000 + g)
		}()
	}
	wg.Wait()
	runtime.GC()
	fmt.Println("sums", sums)
	for _, f := range frames() {
		fmt.Println("frame", f)
	}
}
`

// buildProgram builds program for js/wasm as the Makefile builds the app (stripped).
func buildProgram(t *testing.T) []byte {
	t.Helper()
	dir := t.TempDir()
	for name, text := range map[string]string{"go.mod": "module prog\n\ngo 1.26\n", "main.go": program} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	build := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", "prog.wasm", ".")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the program: %v\n%s", err, out)
	}
	wasm, err := os.ReadFile(filepath.Join(dir, "prog.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	return wasm
}

// runWasm runs a js/wasm module under Node.js with the toolchain's wasm_exec_node.js.
func runWasm(t *testing.T, wasm []byte) string {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("Node.js is needed to run the rewritten program, and it is not here")
		}
		t.Skip("SKIPPED: no Node.js here to run the rewritten program")
	}
	path := filepath.Join(t.TempDir(), "prog.wasm")
	if err := os.WriteFile(path, wasm, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(node, filepath.Join(goroot(t), "lib", "wasm", "wasm_exec_node.js"), path).CombinedOutput()
	if err != nil {
		t.Fatalf("running it: %v\n%s", err, out)
	}
	return string(out)
}

// A rewritten program computes what it computed as built, through garbage collection, stack
// growth and goroutines, and names the same frames; only their files and lines are gone.
func TestARewrittenProgramRunsAsBuilt(t *testing.T) {
	built := buildProgram(t)
	rewritten, st, err := dropLines(built)
	if err != nil {
		t.Fatal(err)
	}
	if st.funcs == 0 || st.lineBytes == 0 || st.fileBytes == 0 {
		t.Fatalf("nothing cleared: %+v", st)
	}
	if len(rewritten) != len(built) {
		t.Fatalf("the module's size changed: %d -> %d bytes", len(built), len(rewritten))
	}
	before, after := runWasm(t, built), runWasm(t, rewritten)
	if !strings.Contains(before, "sums [") || !regexp.MustCompile(`frame main\.crash prog/main\.go:\d+`).MatchString(before) {
		t.Fatalf("the program as built printed:\n%s", before)
	}
	if want := regexp.MustCompile(` \S+:\d+\n`).ReplaceAllString(before, " ?:0\n"); after != want {
		t.Errorf("rewritten, the program printed\n%s\nwant\n%s", after, want)
	}
	again, st2, err := dropLines(rewritten)
	if err != nil || !bytes.Equal(again, rewritten) || st2.lineBytes != 0 || st2.fileBytes != 0 {
		t.Errorf("a second pass changed the module (%+v, %v)", st2, err)
	}
}

// What is not a Go wasm module of the known layout is refused, and nothing is written.
func TestRefusesWhatItCannotRead(t *testing.T) {
	built := buildProgram(t)
	noMagic := append([]byte(nil), built...)
	magic := binary.LittleEndian.AppendUint32(nil, pcHeaderMagic)
	for i := bytes.Index(noMagic, append(magic, 0, 0, 1, 8)); i >= 0; i = bytes.Index(noMagic, append(magic, 0, 0, 1, 8)) {
		noMagic[i] = 0xf0 // Go 1.18's magic
	}
	for name, in := range map[string][]byte{
		"not wasm":               []byte("#!/bin/sh\n"),
		"a module without data":  []byte("\x00asm\x01\x00\x00\x00"),
		"a cut module":           built[:len(built)/2],
		"another function table": noMagic,
	} {
		if out, _, err := dropLines(in); err == nil || out != nil {
			t.Errorf("%s: rewritten (%v)", name, err)
		}
	}
}
