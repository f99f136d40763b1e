// Building a book from analysis: starting from a root position, every
// position up to a given ply is analysed (by a multi-PV search that the
// caller supplies, so that this package does not depend on the search),
// the best few moves within a score margin of the best are entered in the
// book, and the positions they lead to are expanded in turn. Positions are
// expanded breadth first, one ply at a time, each only once however it is
// reached, on several workers; the result does not depend on the number of
// workers as long as the analyser is deterministic.
//
// Weights: the best move of a position weighs AnalysisTopWeight, and a
// move's weight halves for every AnalysisHalving centipawns it scores
// below the best (at least 1).
package book

import (
	"errors"
	"math"
	"runtime"
	"sort"

	"brudno/board"
)

// ScoredMove is a move with its score in centipawns from the view of the
// side to move.
type ScoredMove struct {
	Move  board.Move
	Score int
}

// Analyser returns the best moves of pos, best first. It is called for one
// position at a time; each worker has its own.
type Analyser func(pos *board.Position) []ScoredMove

// Weights of analysed moves.
const (
	AnalysisTopWeight = 100
	AnalysisHalving   = 20
)

// AnalysisOptions configure BuildFromAnalysis.
type AnalysisOptions struct {
	Plies   int // positions fewer than this many plies from the root are analysed
	Width   int // at most this many moves per position enter the book
	Margin  int // ... and only those scoring at most this many centipawns below the best
	Workers int // analysers run in parallel (0: the number of CPUs)
	// NewAnalyser returns an analyser for one worker.
	NewAnalyser func() Analyser
	// Progress, if not nil, is called after each analysed position with
	// the ply being expanded, positions done at that ply and their number.
	Progress func(ply, done, total int)
}

// AnalysisStats summarises a build.
type AnalysisStats struct {
	Analysed int // positions analysed
	Entries  int
}

// AnalysisWeight returns the book weight of a move scoring gap centipawns
// below the best move.
func AnalysisWeight(gap int) uint16 {
	w := math.Round(AnalysisTopWeight * math.Exp2(-float64(max(gap, 0))/AnalysisHalving))
	return uint16(max(w, 1))
}

// BuildFromAnalysis expands the tree from root as described above and
// returns the book entries.
func BuildFromAnalysis(root *board.Position, opt AnalysisOptions) ([]Entry, AnalysisStats, error) {
	var st AnalysisStats
	if opt.Plies < 1 || opt.Width < 1 || opt.Margin < 0 || opt.NewAnalyser == nil {
		return nil, st, errors.New("analysis book: plies and width must be at least 1, the margin at least 0, and an analyser is needed")
	}
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	ws := Weights{}
	seen := map[uint64]bool{root.Key(): true}
	frontier := []*board.Position{root.Clone()}
	for ply := 0; ply < opt.Plies && len(frontier) > 0; ply++ {
		results := analyseAll(frontier, workers, opt.NewAnalyser, func(done int) {
			if opt.Progress != nil {
				opt.Progress(ply, done, len(frontier))
			}
		})
		st.Analysed += len(frontier)
		var next []*board.Position
		for i, pos := range frontier {
			moves := results[i]
			if len(moves) == 0 {
				continue
			}
			best := moves[0].Score
			for j, sm := range moves {
				if j >= opt.Width || best-sm.Score > opt.Margin {
					break
				}
				if !pos.IsLegal(sm.Move) {
					continue // never enter an illegal move
				}
				ws.Add(pos.Key(), EncodeMove(sm.Move), uint64(AnalysisWeight(best-sm.Score)))
				child := pos.Clone()
				child.Make(sm.Move)
				if !seen[child.Key()] {
					seen[child.Key()] = true
					next = append(next, child)
				}
			}
		}
		// A fixed order of expansion keeps the output independent of
		// scheduling (and the keys spread the work evenly).
		sort.Slice(next, func(a, b int) bool { return next[a].Key() < next[b].Key() })
		frontier = next
	}
	es := ws.Entries()
	st.Entries = len(es)
	return es, st, nil
}

// analyseAll analyses every position on workers goroutines and returns
// the results in the order of positions; progress is called on the
// caller's goroutine after each position.
func analyseAll(positions []*board.Position, workers int, newAnalyser func() Analyser, progress func(done int)) [][]ScoredMove {
	type result struct {
		i     int
		moves []ScoredMove
	}
	jobs := make(chan int)
	out := make(chan result)
	for w := 0; w < min(workers, len(positions)); w++ {
		go func() {
			analyse := newAnalyser()
			for i := range jobs {
				out <- result{i, analyse(positions[i].Clone())}
			}
		}()
	}
	go func() {
		for i := range positions {
			jobs <- i
		}
		close(jobs)
	}()
	results := make([][]ScoredMove, len(positions))
	for done := 1; done <= len(positions); done++ {
		r := <-out
		results[r.i] = r.moves
		progress(done)
	}
	return results
}
