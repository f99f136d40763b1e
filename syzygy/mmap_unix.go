//go:build unix

package syzygy

import (
	"fmt"
	"os"
	"syscall"
)

// mapFile maps the file at path read-only into memory; unmap releases it.
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
		return []byte{}, func() error { return nil }, nil
	}
	if size < 0 || size != int64(int(size)) {
		return nil, nil, fmt.Errorf("%s: %d bytes cannot be mapped", path, size)
	}
	data, err = syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, fmt.Errorf("mapping %s: %v", path, err)
	}
	return data, func() error { return syscall.Munmap(data) }, nil
}
