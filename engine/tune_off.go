//go:build !tune

package engine

// tuneOptions is empty in the play build: the enhancement switches and
// the search parameters are options only in the experiment build
// (tune_on.go).
func tuneOptions() []Option { return nil }

// experimentBuild says which build this is.
const experimentBuild = false
