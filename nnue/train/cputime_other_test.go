//go:build !unix

package train

import "time"

// userCPU returns 0, unknown: the CPU time is read only on Unix systems.
func userCPU() time.Duration { return 0 }
