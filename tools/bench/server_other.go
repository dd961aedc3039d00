//go:build !linux && !wasm

package main

import "os/exec"

// dieWithParent: only Linux can tie a child's life to its parent's; elsewhere the bench
// stops its servers itself.
func dieWithParent(*exec.Cmd) {}
