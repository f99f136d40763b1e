package search

import (
	"testing"
	"unsafe"
)

// A table, on the heap or beside it, starts on a cache line (whole
// buckets per line), is zeroed, holds what is stored in it, and is zeroed
// again after a resize to the same size.
func TestTableEntries(t *testing.T) {
	for _, mb := range []int{1, 4} {
		tt := NewTT(mb)
		if addr := uintptr(unsafe.Pointer(&tt.entries[0])); addr%64 != 0 {
			t.Errorf("%d MB: table at %#x", mb, addr)
		}
		for round := range 2 {
			for i := range tt.entries {
				if tt.entries[i].data.Load() != 0 || tt.entries[i].keyXorData.Load() != 0 {
					t.Fatalf("%d MB, round %d: entry %d not zero", mb, round, i)
				}
			}
			for k := uint64(1); k < 5000; k++ {
				key := k * 0x9E3779B97F4A7C15
				tt.Store(key, 0, int(k%1000), 0, int(k%50)+1, BoundExact)
				if h, ok := tt.Probe(key); !ok || h.Score != int(k%1000) {
					t.Fatalf("%d MB, round %d: key %d stored and lost", mb, round, k)
				}
			}
			tt.Resize(mb)
		}
	}
}
