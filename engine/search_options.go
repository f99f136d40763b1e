// The search laboratory's options: the root algorithm, the parallel
// scheme of several threads (LazySMP or YBW), and a check option for
// every enhancement switch of search.Options, so that a GUI or a script
// can rerun the seed experiments with any subset switched off.
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
	def := search.DefaultOptions()
	for _, sw := range search.Switches {
		field := sw.Field
		opts = append(opts, Option{
			Name: sw.Name, Type: Check, Default: strconv.FormatBool(*field(&def)),
			apply: func(e *Engine, v string) error {
				*field(&e.set.search) = v == "true"
				return nil
			},
		})
	}
	return opts
}
