//go:build tune

// The experiment build (go build -tags tune) exposes every enhancement
// switch of search.Options as a UCI check option, for on/off matches, and
// every search parameter of search.Params as a UCI spin option with its
// range, for SPSA tuning.
package engine

import (
	"strconv"

	"brudno/search"
)

// experimentBuild says which build this is.
const experimentBuild = true

func tuneOptions() []Option {
	opts := switchOptions()
	for _, p := range search.Params {
		name := p.Name
		opts = append(opts, Option{
			Name: name, Type: Spin, Default: strconv.Itoa(*p.Value), Min: p.Min, Max: p.Max,
			apply: func(e *Engine, v string) error {
				n, _ := strconv.Atoi(v) // the range was checked with the option's
				return search.SetParam(name, n)
			},
		})
	}
	return opts
}
