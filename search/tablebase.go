// Syzygy tablebases in the search (Options.TB). At the root, a position
// the tables hold (whatever TBProbeLimit) has its moves ranked by DTZ,
// and only the moves that keep the best result are searched, so a won
// position is never spoilt and a drawn one never lost; the tree then
// needs no probes. Elsewhere,
// a node of few enough pieces just after a capture or pawn move (where
// the WDL tables are exact) takes its result from the tables: a cutoff
// when the bound decides, stored in the table.
package search

import (
	"brudno/board"
	"brudno/syzygy"
)

// prepareTB sets the search's tablebase state for root position pos and
// returns the root moves to search: root itself, or, when the tables hold
// pos, the moves of root that keep its best result, best first.
func (s *Searcher) prepareTB(pos *board.Position, root []rootMove) []rootMove {
	s.tbCard, s.tbRoot, s.tbScore = 0, false, 0
	s.tbHits.Store(0)
	ts := s.opts.TB
	if ts == nil || ts.MaxPieces() == 0 || len(root) == 0 {
		return root
	}
	// TBProbeLimit bounds the probes in the tree; the root is ranked
	// whenever the tables hold it, also with the limit at 0.
	s.tbCard = min(ts.MaxPieces(), max(s.opts.TBProbeLimit, 0))
	if pos.Occupied().Count() > ts.MaxPieces() || pos.CastlingRights() != 0 {
		return root
	}
	ranked, ok := ts.RankRoot(pos, s.opts.TB50MoveRule)
	if !ok {
		return root
	}
	keep := tbKeep(ranked, root, pos, s.opts.TB50MoveRule)
	if len(keep) == 0 {
		return root
	}
	s.tbHits.Add(uint64(len(ranked)))
	s.tbRoot, s.tbScore = true, tbRootScore(keep[0])
	s.tbCard = 0 // the ranking has decided: probes below would only hide the search's progress
	out := make([]rootMove, len(keep))
	for i, m := range keep {
		out[i] = rootMove{move: m.Move}
	}
	return out
}

// tbKeep returns the moves of ranked (best first) that are among root and
// keep the best result among them, with the first one's certainty
// (syzygy.KeepBest: a certain win before one whose zeroing move may come
// a ply too late, a loss the fifty-move rule may save before a sure one).
// Of winning moves, those whose zeroing move comes within the fifty-move
// rule's budget, and once the game has repeated a position, only the
// fastest, so that the search, free to choose among wins, still makes
// progress.
func tbKeep(ranked []syzygy.RootMove, root []rootMove, pos *board.Position, rule50 bool) []syzygy.RootMove {
	in := make([]syzygy.RootMove, 0, len(ranked))
	for _, m := range ranked {
		for _, r := range root {
			if r.move == m.Move {
				in = append(in, m)
				break
			}
		}
	}
	if len(in) == 0 {
		return nil
	}
	best := in[0]
	maxDTZ := 1 << 30
	if best.Result == 2 {
		switch {
		case pos.HasRepeated():
			maxDTZ = best.DTZ
		case rule50:
			maxDTZ = max(best.DTZ, 100-pos.HalfmoveClock())
		}
	}
	keep := in[:0]
	for _, m := range in {
		if m.Result == best.Result && m.Certain == best.Certain && (best.Result != 2 || m.DTZ <= maxDTZ) {
			keep = append(keep, m)
		}
	}
	return keep
}

// tbRootScore is the score shown for a root in the tables, from the view
// of its side to move: a win the nearer the zeroing move the higher, a
// result the fifty-move rule spoils as just above or below a draw.
func tbRootScore(m syzygy.RootMove) int {
	d := min(max(m.DTZ, -m.DTZ), MaxPly-1)
	switch m.Result {
	case 2:
		return TBWin - d
	case -2:
		return -TBWin + d
	}
	return m.Result
}

// shownScore is the score reported for a root move's search score: the
// tables' verdict when they hold the root and the search found no mate.
func (s *Searcher) shownScore(score int) int {
	if s.tbRoot && !IsMateScore(score) && score > -Infinity {
		return s.tbScore
	}
	return score
}

// probeTB looks node n up in the tables when it has few enough pieces,
// no castling rights and a zeroed fifty-move counter. It returns the
// score when the tables' bound decides the node, storing it in the
// transposition table.
func (t *thread) probeTB(n *node) (int, bool) {
	s := t.s
	pos := t.pos
	pieces := pos.Occupied().Count()
	if pieces > s.tbCard || pieces == s.tbCard && n.depth < s.opts.TBProbeDepth ||
		pos.HalfmoveClock() != 0 || pos.CastlingRights() != 0 {
		return 0, false
	}
	wdl, ok := s.opts.TB.ProbeWDL(pos)
	if !ok {
		return 0, false
	}
	t.stats.TBHits++
	s.tbHits.Add(1)
	draw := b2i(s.opts.TB50MoveRule) // with the rule, wdl ±1 is a draw
	score, bound := 2*wdl*draw, BoundExact
	switch {
	case wdl < -draw:
		score, bound = -TBWin+n.ply, BoundUpper
	case wdl > draw:
		score, bound = TBWin-n.ply, BoundLower
	}
	if bound == BoundExact || bound == BoundLower && score >= n.beta || bound == BoundUpper && score <= n.alpha {
		t.store(pos.Key(), board.NoMove, scoreToTT(score, n.ply), -Infinity, min(n.depth+6, MaxPly-1), bound, n.ttPv)
		return score, true
	}
	// A bound that does not decide a PV node still bounds its result: a
	// win is its floor (and raises alpha), a loss its ceiling, so that a
	// principal variation through the node keeps the tables' verdict
	// where the search below, whose fifty-move counters are no longer
	// zero, cannot probe again.
	if n.pvNode {
		if bound == BoundLower {
			n.tbFloor, n.alpha = score, max(n.alpha, score)
		} else {
			n.tbCeil = score
		}
	}
	return 0, false
}
