//go:build !linux

package search

// allocEntries returns n zeroed entries.
func allocEntries(n uint64) []ttEntry { return make([]ttEntry, n) }
