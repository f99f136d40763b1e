//go:build !tune

package engine

// tuneOptions is empty in the play build: the search parameters are
// options only in a tune build (tune_on.go).
func tuneOptions() []Option { return nil }
