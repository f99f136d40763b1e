package search

import (
	"syscall"
	"unsafe"
)

// offHeapMin is the smallest table allocated outside the heap.
const offHeapMin = 2 << 20

var (
	kernel32     = syscall.NewLazyDLL("kernel32.dll")
	virtualAlloc = kernel32.NewProc("VirtualAlloc")
	virtualFree  = kernel32.NewProc("VirtualFree")
)

// VirtualAlloc's and VirtualFree's flags.
const (
	memCommit     = 0x1000
	memReserve    = 0x2000
	memRelease    = 0x8000
	pageReadWrite = 0x04
)

// allocEntries returns n zeroed entries and the function that gives
// their memory back. As on Linux (ttmem_linux.go), a table of 2 MB or
// more is allocated from the system (VirtualAlloc, zeroed), outside the
// Go heap, so that it does not count towards the collector's goal and
// let as much garbage pile up as it is large. Where the allocation
// fails, the table lives on the heap.
func allocEntries(n uint64) ([]ttEntry, func()) {
	size := n * uint64(unsafe.Sizeof(ttEntry{}))
	if size < offHeapMin || virtualAlloc.Find() != nil || virtualFree.Find() != nil {
		return make([]ttEntry, n), nil
	}
	addr, _, _ := virtualAlloc.Call(0, uintptr(size), memReserve|memCommit, pageReadWrite)
	if addr == 0 {
		return make([]ttEntry, n), nil
	}
	// The memory is outside Go's heap; the pointer is read through addr's
	// address to say so to vet.
	p := *(*unsafe.Pointer)(unsafe.Pointer(&addr))
	return unsafe.Slice((*ttEntry)(p), n), func() { virtualFree.Call(addr, 0, memRelease) }
}
