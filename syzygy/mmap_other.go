//go:build !unix

package syzygy

import (
	"errors"
	"os"
)

// mapFile reads the whole file where memory mapping is not available.
func mapFile(path string) ([]byte, func() error, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	if len(data) == 0 {
		return nil, nil, errors.New("empty file")
	}
	return data, nil, nil
}
