// The analyser behind `brudno book analyse`: a fixed-depth multi-PV
// search, one thread, with its own table cleared before every position,
// so that the moves and scores it reports depend only on the position
// (and a book built from it does not depend on the number of workers).
package engine

import (
	"sort"

	"brudno/board"
	"brudno/book"
	"brudno/search"
)

// BookAnalyser returns a factory of book analysers that search to depth
// and report the best width moves (MultiPV) with their scores, using a
// table of hashMB megabytes each.
func BookAnalyser(depth, width, hashMB int) func() book.Analyser {
	return func() book.Analyser {
		tt := search.NewTT(hashMB)
		s := search.NewSearcher(tt)
		opts := search.DefaultOptions()
		opts.Threads, opts.MultiPV = 1, width
		return func(pos *board.Position) []book.ScoredMove {
			tt.Clear()
			s.Clear()
			lines := map[int]search.Info{} // the last exact line per MultiPV index
			res := s.Search(pos, search.Limits{Depth: depth}, opts, 0, search.Callbacks{Info: func(i search.Info) {
				if i.Bound == search.BoundExact && len(i.PV) > 0 {
					lines[i.MultiPV] = i
				}
			}})
			if res.Best == board.NoMove {
				return nil
			}
			var out []book.ScoredMove
			for _, l := range lines {
				if l.Depth == res.Depth {
					out = append(out, book.ScoredMove{Move: l.PV[0], Score: l.Score})
				}
			}
			if len(out) == 0 {
				out = append(out, book.ScoredMove{Move: res.Best, Score: res.Score})
			}
			sort.SliceStable(out, func(a, b int) bool {
				if out[a].Score != out[b].Score {
					return out[a].Score > out[b].Score
				}
				return out[a].Move < out[b].Move
			})
			return out
		}
	}
}
