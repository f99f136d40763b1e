//go:build !linux && !windows && !darwin

package engine

// availableMemoryMB is 0, unknown: every Hash size is allowed.
func availableMemoryMB() int { return 0 }
