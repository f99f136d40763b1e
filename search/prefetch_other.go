//go:build !amd64 || purego

package search

import "unsafe"

// prefetch does nothing where no assembly version exists.
func prefetch(unsafe.Pointer) {}
