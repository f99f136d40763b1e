//go:build !amd64 || purego

package search

import "unsafe"

// prefetch does nothing where no assembly version exists.
func prefetch(unsafe.Pointer) {}

// prefetch4 does nothing where no assembly version exists.
func prefetch4(a, b, c, d unsafe.Pointer) {}
