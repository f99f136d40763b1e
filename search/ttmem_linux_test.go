//go:build linux

package search

import (
	"testing"
	"unsafe"
)

// On Linux a table of a huge page or more starts on a huge-page
// boundary (TestTableEntries checks the rest).
func TestTableHugePageAligned(t *testing.T) {
	tt := NewTT(4)
	if addr := uintptr(unsafe.Pointer(&tt.entries[0])); addr%hugePage != 0 {
		t.Errorf("4 MB: table at %#x", addr)
	}
}
