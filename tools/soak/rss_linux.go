package main

import (
	"os"
	"syscall"
)

// maxRSSKB returns the peak resident set of the finished process st in KB
// (Linux's ru_maxrss).
func maxRSSKB(st *os.ProcessState) int {
	if ru, ok := st.SysUsage().(*syscall.Rusage); ok {
		return int(ru.Maxrss)
	}
	return 0
}
