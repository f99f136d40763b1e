// The search's options: the root algorithm and the parallel scheme of
// several threads (LazySMP or YBW), the design's two choices, in every
// build; and, in the experiment build only, a check option for every
// enhancement switch of search.Options, so that a match or a script can
// compare any subset switched off or on without a change of code.
package engine

import (
	"strconv"

	"brudno/search"
)

func searchOptions() []Option {
	opts := []Option{{
		Name: "SearchAlgorithm", Type: Combo, Default: search.PVS.String(), Vars: search.AlgorithmNames(),
		apply: func(e *Engine, v string) error {
			a, err := search.ParseAlgorithm(v)
			e.set.search.Algorithm = a
			return err
		},
	}, {
		Name: "ParallelScheme", Type: Combo, Default: search.LazySMP.String(), Vars: search.ParallelSchemeNames(),
		apply: func(e *Engine, v string) error {
			p, err := search.ParseParallelScheme(v)
			e.set.search.Parallel = p
			return err
		},
	}}
	return opts
}

// switchOptions is a check option for every enhancement switch of
// search.Options, with the switch's default. Only the experiment build
// (tune_on.go) offers them: a player's GUI shows none.
func switchOptions() []Option {
	var opts []Option
	for _, sw := range search.Switches {
		field := sw.Field
		opts = append(opts, Option{
			Name: sw.Name, Type: Check, Default: strconv.FormatBool(sw.Default),
			apply: func(e *Engine, v string) error {
				*field(&e.set.search) = v == "true"
				return nil
			},
		})
	}
	return opts
}
