//go:build !unix

package main

import "os"

// maxRSSKB is 0, unknown: off Unix the report's memory columns stay
// empty.
func maxRSSKB(*os.ProcessState) int { return 0 }
