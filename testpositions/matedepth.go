// Depth to the mate: for a suite whose positions carry a proved mate
// distance (dm N, or mated N), at which depth the search first reports
// that distance and keeps it, totalled by distance.
package testpositions

import (
	"slices"
)

// MateTally totals the positions of one mate distance.
type MateTally struct {
	Moves     int // > 0: mate in Moves; < 0: mated in -Moves
	Positions int
	Found     int // solved within the run's depth
	ByPar     int // found by depth Par(Moves)
	ByPar2    int // found by depth Par(Moves)+2
	By2, By4  int // found by depth 2, by depth 4
	Worst     int // the deepest depth to the mate of those found (0: none found)
}

// MateSummary totals the depths to the mate of a run.
type MateSummary struct {
	Tallies []MateTally // by distance: mate in 1, mated in 1, mate in 2, ...
	Total   MateTally   // every distance (Moves 0, Worst unused)
	// Worst lists the results found latest against Par+2, or not found,
	// the worst first (not found before found, then by depth beyond
	// Par+2, then in run order).
	Worst []Result
}

// Par is the depth of the search tree in which a mate of that distance
// falls: 2N-1 plies for mate in N, 2N for mated in N. A search without
// extensions needs at least that depth to see the mate; one that prunes
// or reduces may need more.
func Par(moves int) int {
	if moves < 0 {
		return -2 * moves
	}
	return 2*moves - 1
}

// WantedMate returns the record's mate distance: the dm operand, or minus
// the mated operand, or 0 when it has neither.
func (rec *Record) WantedMate() int {
	if n := rec.DirectMate(); n > 0 {
		return n
	}
	return -rec.Mated()
}

// lateness orders results for MateSummary.Worst: how far beyond Par+2 a
// result was found, with every unsolved one after any solved one.
func lateness(r Result) int {
	if !r.Solved {
		return 1 << 20
	}
	return r.SolveDepth - (Par(r.WantMate) + 2)
}

// SummariseMates totals the results with a mate distance (WantMate not
// 0), leaving out interrupted ones; Worst holds at most worst results,
// those found after depth Par+2 or not at all.
func SummariseMates(results []Result, worst int) MateSummary {
	var s MateSummary
	index := map[int]int{}
	for _, r := range results {
		if r.Interrupted || r.WantMate == 0 {
			continue
		}
		i, ok := index[r.WantMate]
		if !ok {
			i = len(s.Tallies)
			index[r.WantMate] = i
			s.Tallies = append(s.Tallies, MateTally{Moves: r.WantMate})
		}
		for _, t := range []*MateTally{&s.Tallies[i], &s.Total} {
			t.Positions++
			if !r.Solved {
				continue
			}
			d := r.SolveDepth
			t.Found++
			t.Worst = max(t.Worst, d)
			if d <= Par(r.WantMate) {
				t.ByPar++
			}
			if d <= Par(r.WantMate)+2 {
				t.ByPar2++
			}
			if d <= 2 {
				t.By2++
			}
			if d <= 4 {
				t.By4++
			}
		}
		if lateness(r) > 0 {
			s.Worst = append(s.Worst, r)
		}
	}
	slices.SortFunc(s.Tallies, func(a, b MateTally) int {
		if a.Moves != b.Moves && a.Moves != -b.Moves {
			return max(a.Moves, -a.Moves) - max(b.Moves, -b.Moves)
		}
		return b.Moves - a.Moves // mate in N before mated in N
	})
	slices.SortStableFunc(s.Worst, func(a, b Result) int { return lateness(b) - lateness(a) })
	if len(s.Worst) > worst {
		s.Worst = s.Worst[:worst]
	}
	return s
}
