//go:build unix

package engine

import "syscall"

// mkfifo makes a FIFO at path for the Debug Log File tests.
func mkfifo(path string) error { return syscall.Mkfifo(path, 0o600) }
