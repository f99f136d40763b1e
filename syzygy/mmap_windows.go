//go:build windows

package syzygy

import (
	"fmt"
	"os"
	"syscall"
	"unsafe"
)

// mapFile maps the file at path read-only into memory, as mmap_unix.go
// does elsewhere: a file mapping object over the whole file and one view
// of it. Neither the file's handle nor the mapping's is kept: the view
// holds the file until unmap releases it.
func mapFile(path string) (data []byte, unmap func() error, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	size := st.Size()
	if size == 0 {
		return []byte{}, func() error { return nil }, nil // an empty file cannot be mapped
	}
	if size < 0 || size != int64(int(size)) {
		return nil, nil, fmt.Errorf("%s: %d bytes cannot be mapped", path, size)
	}
	m, err := syscall.CreateFileMapping(syscall.Handle(f.Fd()), nil, syscall.PAGE_READONLY,
		uint32(uint64(size)>>32), uint32(size), nil)
	if err != nil {
		return nil, nil, fmt.Errorf("mapping %s: %v", path, os.NewSyscallError("CreateFileMapping", err))
	}
	defer syscall.CloseHandle(m)
	addr, err := syscall.MapViewOfFile(m, syscall.FILE_MAP_READ, 0, 0, uintptr(size))
	if err != nil {
		return nil, nil, fmt.Errorf("mapping %s: %v", path, os.NewSyscallError("MapViewOfFile", err))
	}
	// The view's address as a pointer, read from the uintptr's own memory:
	// the view is not Go memory and never moves.
	base := *(*unsafe.Pointer)(unsafe.Pointer(&addr))
	data = unsafe.Slice((*byte)(base), int(size))
	return data, func() error { return syscall.UnmapViewOfFile(addr) }, nil
}
