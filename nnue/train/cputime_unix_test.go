//go:build unix

package train

import (
	"syscall"
	"time"
)

// userCPU returns the process's user CPU time so far.
func userCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano())
}
