//go:build amd64 && !purego

package search

import "unsafe"

// prefetch asks the CPU to bring the cache line at addr closer; it never
// faults and changes nothing the program can see.
//
//go:noescape
func prefetch(addr unsafe.Pointer)

// prefetch4 is prefetch of four lines in one call.
//
//go:noescape
func prefetch4(a, b, c, d unsafe.Pointer)
