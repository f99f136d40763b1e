package engine

import (
	"syscall"
	"unsafe"
)

// memoryStatusEx is Windows' MEMORYSTATUSEX.
type memoryStatusEx struct {
	length, memoryLoad           uint32
	totalPhys, availPhys         uint64
	totalPageFile, availPageFile uint64
	totalVirtual, availVirtual   uint64
	availExtendedVirtual         uint64
}

var globalMemoryStatusEx = syscall.NewLazyDLL("kernel32.dll").NewProc("GlobalMemoryStatusEx")

// availableMemoryMB returns the available physical memory that
// GlobalMemoryStatusEx reports; 0 if unknown.
func availableMemoryMB() int {
	if globalMemoryStatusEx.Find() != nil {
		return 0
	}
	m := memoryStatusEx{}
	m.length = uint32(unsafe.Sizeof(m))
	if ok, _, _ := globalMemoryStatusEx.Call(uintptr(unsafe.Pointer(&m))); ok == 0 {
		return 0
	}
	return int(m.availPhys >> 20)
}
