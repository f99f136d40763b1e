//go:build !unix && !windows

package syzygy

import "os"

// mapFile reads the file at path whole (where memory mapping is not
// provided); unmap lets the memory go.
func mapFile(path string) (data []byte, unmap func() error, err error) {
	data, err = os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	return data, func() error { return nil }, nil
}
