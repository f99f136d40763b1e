//go:build unix

package syzygy

import (
	"errors"
	"os"
	"syscall"
)

// mapFile maps the file read-only into memory; the function it returns
// unmaps it.
func mapFile(path string) ([]byte, func() error, error) {
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
		return nil, nil, errors.New("empty file")
	}
	if size != int64(int(size)) {
		return nil, nil, errors.New("file too large to map")
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, err
	}
	return data, func() error { return syscall.Munmap(data) }, nil
}
