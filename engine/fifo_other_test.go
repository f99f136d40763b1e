//go:build !unix

package engine

import "errors"

// mkfifo fails: FIFOs are made only on Unix systems.
func mkfifo(string) error { return errors.New("no FIFOs on this system") }
