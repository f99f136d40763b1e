//go:build !amd64 || purego

package search

// firstMaxFast has no assembly version here: the caller scans the
// scores itself.
func firstMaxFast([]int32) (int, bool) { return 0, false }
