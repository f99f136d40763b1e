// Mate proofs for the mate suites: a search that skips no move and
// reduces none, so that a mate it reports inside its horizon is the
// shortest there is, for either side.
package testpositions

import (
	"brudno/board"
	"brudno/search"
)

// proofOptions is PVS with the transposition table and the move-ordering
// heuristics (killers, history) but no pruning, reduction or extension:
// every move is searched to the full depth, so the value is the plain
// minimax value of the depth-limited tree, found faster than by plain
// alpha-beta. Mate-distance pruning is exact and stays on.
func proofOptions() search.Options {
	o := search.PlainOptions()
	o.Algorithm = search.PVS
	o.TT = true
	o.Killers = true
	o.History = true
	o.MateDistance = true
	return o
}

// MateProver proves mates with a searcher and table of its own, cleared
// before each proof, so that one proof says the same whatever came before.
type MateProver struct {
	tt *search.TT
	s  *search.Searcher
}

// NewMateProver returns a prover with a 4 MB table.
func NewMateProver() *MateProver {
	tt := search.NewTT(4)
	return &MateProver{tt: tt, s: search.NewSearcher(tt)}
}

// ProveMate searches pos to plies plies with every move searched and
// returns the exact mate distance in moves when the side to move mates
// (positive) or is mated (negative) within those plies, as UCI's score
// mate counts: mate in n is delivered at ply 2n-1, mated in n at ply 2n.
// ok is false when no mate falls within the horizon (there may be a
// longer one). A mate in n needs plies >= 2n-1, a mated in n plies >= 2n.
func (p *MateProver) ProveMate(pos *board.Position, plies int) (moves int, ok bool) {
	p.tt.Clear()
	p.s.Clear()
	res := p.s.Search(pos, search.Limits{Depth: plies}, proofOptions(), 0, search.Callbacks{})
	if !search.IsMateScore(res.Score) {
		return 0, false
	}
	n := search.MateMoves(res.Score)
	ply := 2*n - 1
	if n < 0 {
		ply = -2 * n
	}
	if ply > plies { // found by quiescence beyond the horizon: not exact
		return 0, false
	}
	return n, true
}
