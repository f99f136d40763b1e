//go:build !linux

package main

import "os"

// maxRSSKB returns 0, unknown: the peak resident set is read only on
// Linux, where ru_maxrss is in KB.
func maxRSSKB(*os.ProcessState) int { return 0 }
