//go:build unix

package main

import (
	"os"
	"runtime"
	"syscall"
)

// maxRSSKB returns the peak resident memory of an ended process in KB, 0
// where the system does not say. getrusage's ru_maxrss is in KB on Linux
// and the BSDs and in bytes on macOS.
func maxRSSKB(st *os.ProcessState) int {
	ru, ok := st.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0
	}
	if runtime.GOOS == "darwin" || runtime.GOOS == "ios" {
		return int(ru.Maxrss / 1024)
	}
	return int(ru.Maxrss)
}
