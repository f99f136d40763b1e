package search

import (
	"syscall"
	"unsafe"
)

// offHeapMin is the smallest table mapped outside the heap.
const offHeapMin = 2 << 20

// allocEntries returns n zeroed entries and the function that gives
// their memory back. As on Linux (ttmem_linux.go), a table of 2 MB or
// more is mapped from the kernel, outside the Go heap, so that it does
// not count towards the collector's goal and let as much garbage pile up
// as it is large; macOS takes no advice on huge pages. Where the mapping
// fails, the table lives on the heap.
func allocEntries(n uint64) ([]ttEntry, func()) {
	size := n * uint64(unsafe.Sizeof(ttEntry{}))
	if size < offHeapMin {
		return make([]ttEntry, n), nil
	}
	region, err := syscall.Mmap(-1, 0, int(size), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return make([]ttEntry, n), nil
	}
	return unsafe.Slice((*ttEntry)(unsafe.Pointer(&region[0])), n), func() { syscall.Munmap(region) }
}
