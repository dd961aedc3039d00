package main

import (
	"os/exec"
	"syscall"
)

// dieWithParent makes the server end with the bench, even when the bench is killed.
func dieWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
