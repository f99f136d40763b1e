//go:build amd64 && !purego

package search

import "unsafe"

// prefetch asks the CPU to bring the cache line at addr closer; it never
// faults and changes nothing the program can see.
//
//go:noescape
func prefetch(addr unsafe.Pointer)
