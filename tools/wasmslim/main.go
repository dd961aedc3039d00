//go:build !wasm

// Command wasmslim makes Go wasm modules smaller to download, in place:
//
//	go run ./tools/wasmslim web/app.wasm web/app-player.wasm
//
// It makes two changes, each leaving the module's linear memory as the program sees it at
// start the same byte for byte, except for the tables the first clears.
//
// The file and line tables (lines.go). A Go module carries, for every function, a table from
// each instruction to its source line and one to its source file (runtime.pclntab's pcln and
// pcfile). Only runtime.funcline1 reads them, to print a panic's trace and to answer
// runtime.Caller, runtime.CallersFrames and (*runtime.Func).FileLine; nothing that runs the
// game does. They were 11 % of each build's brotli (app.wasm 1.89 MB, the player build
// 1.63 MB: 0.1 MB each), and a phone on its first visit downloads them for nothing. Every
// function's pcfile and pcln become 0 ("no table"), and the tables' bytes become zeros, which
// compress to almost nothing; no address in the module moves. Tables that a function's pcsp
// or pcdata (stack frames, stack maps, inlining, unsafe points) shares with a line table are
// kept whole: the garbage collector and the stack's growth read those. A trace then names
// every function and says "?:0" where it said file:line; go-app's errors and logs (which ask
// runtime.Caller for their line) say "?:0" too. With no pcfile table left, the file names
// and the compilation units' lists of them are never read, and become zeros too.
//
// The data segments (segments.go). The linker writes the data as up to 100,000 segments,
// cut at every run of 8 zeros or more; each segment's header hardly compresses. They are
// merged across zero runs of up to 4 KB, the zeros written out: the raw module grows by
// about 1 MB of zeros, and its brotli shrinks by 0.12 MB (the player build 1.52 -> 1.40 MB,
// app.wasm 1.77 -> 1.65 MB).
//
// The tool reads the function table of Go 1.20 and later (pcHeader's magic 0xfffffff1, 64-bit)
// and the _func record of runtime2.go, and data segments as Go's linker writes them (active,
// at constant addresses, no data count section); anything else is an error and the file is
// left as it was. Its tests check that runtime2.go's _func is still the record it knows, and
// run a rewritten program under Node.js (garbage collection, goroutines, stack growth, a
// recovered panic) against the same program as built.
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
		out, before, after, err := mergeSegments(out)
		if err != nil {
			log.Fatalf("%s: %v", path, err)
		}
		if st.lineBytes == 0 && st.fileBytes == 0 && before == after {
			fmt.Printf("wasmslim: %s: %d functions, no line tables left, data in %d segment(s) (done before)\n", path, st.funcs, after)
			continue
		}
		if err := replace(path, out); err != nil {
			log.Fatal(err)
		}
		fmt.Printf("wasmslim: %s: %d functions, %d line and file tables cleared (%d bytes), file names cleared (%d bytes); %d data segments merged into %d\n", path, st.funcs, st.lineTables, st.lineBytes, st.fileBytes, before, after)
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
