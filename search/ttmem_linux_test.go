//go:build linux

package search

import (
	"testing"
	"unsafe"
)

// A table of a huge page or more starts on a huge-page boundary, is
// zeroed, and holds what is stored in it; a smaller one still starts on
// a cache line (whole buckets per line).
func TestTableMemory(t *testing.T) {
	for _, mb := range []int{1, 4} {
		tt := NewTT(mb)
		addr := uintptr(unsafe.Pointer(&tt.entries[0]))
		if mb >= 2 && addr%hugePage != 0 || addr%64 != 0 {
			t.Errorf("%d MB: table at %#x", mb, addr)
		}
		for i := range tt.entries {
			if tt.entries[i].data.Load() != 0 || tt.entries[i].keyXorData.Load() != 0 {
				t.Fatalf("%d MB: entry %d not zero", mb, i)
			}
		}
		for k := uint64(1); k < 5000; k++ {
			key := k * 0x9E3779B97F4A7C15
			tt.Store(key, 0, int(k%1000), 0, int(k%50)+1, BoundExact)
			if h, ok := tt.Probe(key); !ok || h.Score != int(k%1000) {
				t.Fatalf("%d MB: key %d stored and lost", mb, k)
			}
		}
	}
}
