//go:build !wasm

// Command wasmslim takes the file and line numbers out of Go wasm modules, in place:
//
//	go run ./tools/wasmslim web/app.wasm web/app-player.wasm
//
// Why: a Go module carries, for every function, a table from each instruction to its source
// line and one to its source file (runtime.pclntab's pcln and pcfile). Only
// runtime.funcline1 reads them, to print a panic's trace and to answer runtime.Caller,
// runtime.CallersFrames and (*runtime.Func).FileLine; nothing that runs the game does.
// They were 11 % of each build's brotli (app.wasm 1.89 MB, the player build 1.63 MB: 0.1 MB
// each), and a phone on its first visit downloads them for nothing.
//
// What changes: every function's pcfile and pcln become 0 ("no table"), and the tables' bytes
// become zeros, which compress to almost nothing. The memory's layout is the same byte for
// byte, so no address in the module moves. Tables that a function's pcsp or pcdata (stack
// frames, stack maps, inlining, unsafe points) shares with a line table are kept whole: the
// garbage collector and the stack's growth read those. A trace then names every function and
// says "?:0" where it said file:line; the names, the function table and the stack maps are as
// the linker wrote them. go-app's errors and logs (which ask runtime.Caller for their line)
// say "?:0" too.
//
// The tool reads the function table of Go 1.20 and later (pcHeader's magic 0xfffffff1, 64-bit)
// and the _func record of runtime2.go; anything else is an error and the file is left as it
// was. Its test checks that runtime2.go's _func is still the record it knows, and runs a
// rewritten program under Node.js (garbage collection, goroutines, stack growth, a recovered
// panic) against the same program as built.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
)

func main() {
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "usage: wasmslim FILE.wasm ...   (rewrites each file in place)")
	}
	flag.Parse()
	log.SetFlags(0)
	if flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	for _, path := range flag.Args() {
		in, err := os.ReadFile(path)
		if err != nil {
			log.Fatal(err)
		}
		out, st, err := dropLines(in)
		if err != nil {
			log.Fatalf("%s: %v", path, err)
		}
		if st.lineBytes == 0 {
			fmt.Printf("wasmslim: %s: %d functions, no line tables left (cleared before)\n", path, st.funcs)
			continue
		}
		if err := replace(path, out); err != nil {
			log.Fatal(err)
		}
		fmt.Printf("wasmslim: %s: %d functions, %d line and file tables cleared (%d bytes)\n", path, st.funcs, st.lineTables, st.lineBytes)
	}
}

// replace writes data to path through a file beside it, renamed over it, so an interrupted
// run never leaves a cut module that go build would take as up to date (its build ID is
// intact).
func replace(path string, data []byte) error {
	info, err := os.Stat(path)
	if err != nil {
		return err
	}
	tmp := path + ".wasmslim"
	if err := os.WriteFile(tmp, data, info.Mode().Perm()); err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, path)
}
