//go:build linux

package search

import (
	"syscall"
	"unsafe"
)

// hugePage is the size of a transparent huge page on x86-64 and arm64.
const hugePage = 2 << 20

// allocEntries returns n zeroed entries. A table of a huge page or more
// starts on a huge-page boundary of a larger allocation and is advised to
// the kernel as wanting transparent huge pages: the random probes of a
// large table then miss the TLB far less (bench with a 32 MB table: 15%
// less CPU time). The memory stays on the Go heap, so the collector frees
// it as any other; where the kernel ignores the advice the table works
// on small pages.
func allocEntries(n uint64) []ttEntry {
	size := n * uint64(unsafe.Sizeof(ttEntry{}))
	if size < hugePage {
		return make([]ttEntry, n)
	}
	buf := make([]byte, size+hugePage)
	off := (hugePage - uintptr(unsafe.Pointer(&buf[0]))%hugePage) % hugePage
	body := buf[off : off+uintptr(size)]
	_ = syscall.Madvise(body, 14) // MADV_HUGEPAGE
	return unsafe.Slice((*ttEntry)(unsafe.Pointer(&body[0])), n)
}
