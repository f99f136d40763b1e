// The two-bound layout of the transposition table, for the laboratory:
// each entry holds a lower and an upper bound on the position's value,
// each with the depth it was searched to, as the tables of the MTD(f)
// papers do (Plaat et al.: a fail low stores f+, a fail high f-, an exact
// value both). The playing table holds one bound per entry, so a fail high
// stored over a fail low of the same position loses the upper bound, which
// MTD(f)'s alternating passes and ETC both need.
//
// The entry has the one-bound entry's size (two 64-bit words, four to a
// 64-byte bucket), so a table of N megabytes holds as many positions in
// either layout. Data word: move 16 | lower 16 | upper 16 | lower depth+1
// 5 | upper depth+1 5 | generation 6. A depth field of 0 marks the bound
// as absent; depths are capped at 30 (a deeper result is stored as 30,
// which only makes it usable less often). The static evaluation is not
// stored: a probe returns Eval -Infinity, and the search computes it.
//
// Probe hands the two bounds packed in a TTHit of Bound kind boundTwo
// (see twoHit); the search's probe (probeLab) converts such a hit to the
// one-bound view for the node's window and depth (view), so that the rest
// of the search reads a plain hit. The layout is the table's:
// SetTwoBound switches it (clearing the table), and a search with
// Options.TwoBoundTT switches the table it is given (Prepare), which
// also chooses the search's probe and store (tableTwo) once.
package search

import "brudno/board"

// boundTwo marks a TTHit from a two-bound entry; the upper bound and its
// depth are packed above it in Bound (upper int16 in bits 8-23, upper
// depth+1 in bits 24-31), the lower bound is Score with its depth Depth
// (-1 when there is none).
const boundTwo = 4

const twoMaxDepth = 30

// SetTwoBound switches the table to entries of two bounds (on) or one,
// clearing it when the layout changes. Not during a search.
func (t *TT) SetTwoBound(on bool) {
	if t.twoBound != on {
		t.twoBound = on
		t.Clear()
	}
}

// TwoBound reports whether the table's entries hold two bounds.
func (t *TT) TwoBound() bool { return t.twoBound }

// Entries returns how many entries the table holds.
func (t *TT) Entries() int { return len(t.entries) }

// twoEntry is the unpacked data of a two-bound entry: the bounds in the
// table's form (scoreToTT), and their depths, -1 when absent.
type twoEntry struct {
	move           board.Move
	lower, upper   int
	lDepth, uDepth int
}

func packTwo(e twoEntry, gen uint8) uint64 {
	return uint64(e.move) | uint64(uint16(int16(e.lower)))<<16 | uint64(uint16(int16(e.upper)))<<32 |
		uint64(e.lDepth+1)<<48 | uint64(e.uDepth+1)<<53 | uint64(gen&63)<<58
}

func unpackTwo(d uint64) twoEntry {
	return twoEntry{
		move:   board.Move(d),
		lower:  int(int16(d >> 16)),
		upper:  int(int16(d >> 32)),
		lDepth: int(d>>48&31) - 1,
		uDepth: int(d>>53&31) - 1,
	}
}

// hit packs the entry into a TTHit of kind boundTwo.
func (e twoEntry) hit() TTHit {
	return TTHit{
		Move:  e.move,
		Score: e.lower,
		Eval:  -Infinity,
		Depth: e.lDepth,
		Bound: boundTwo | int(uint16(int16(e.upper)))<<8 | (e.uDepth+1)<<24,
	}
}

// twoHit unpacks a TTHit of kind boundTwo.
func twoHit(h TTHit) twoEntry {
	return twoEntry{
		move:   h.Move,
		lower:  h.Score,
		upper:  int(int16(uint16(h.Bound >> 8))),
		lDepth: h.Depth,
		uDepth: h.Bound>>24&31 - 1,
	}
}

// view turns a two-bound hit (Bound&boundTwo != 0) into the one-bound hit
// the search tests for a cutoff at a node of depth searched with (alpha,
// beta) at ply: the exact value when both bounds, searched deep enough,
// meet; else the lower bound when it reaches beta, the upper bound when it
// is at most alpha; else no bound (Depth -1), only the move.
func (h TTHit) view(depth, alpha, beta, ply int) TTHit {
	e := twoHit(h)
	out := TTHit{Move: e.move, Eval: -Infinity, Depth: -1, Bound: BoundNone}
	lowOK, upOK := e.lDepth >= depth, e.uDepth >= depth
	switch {
	case lowOK && upOK && e.lower == e.upper:
		out.Score, out.Depth, out.Bound = e.lower, min(e.lDepth, e.uDepth), BoundExact
	case lowOK && scoreFromTT(e.lower, ply) >= beta:
		out.Score, out.Depth, out.Bound = e.lower, e.lDepth, BoundLower
	case upOK && scoreFromTT(e.upper, ply) <= alpha:
		out.Score, out.Depth, out.Bound = e.upper, e.uDepth, BoundUpper
	}
	return out
}

// upperView is the upper bound of a two-bound hit as a one-bound hit (no
// bound when it has none), for enhanced transposition cutoffs.
func (h TTHit) upperView() TTHit {
	e := twoHit(h)
	if e.uDepth < 0 {
		return TTHit{Move: e.move, Eval: -Infinity, Depth: -1, Bound: BoundNone}
	}
	return TTHit{Move: e.move, Score: e.upper, Eval: -Infinity, Depth: e.uDepth, Bound: BoundUpper}
}

func (t *TT) probeTwo(key uint64) (TTHit, bool) {
	b := t.bucket(key)
	for i := range b {
		d := b[i].data.Load()
		if b[i].keyXorData.Load()^d == key && d != 0 {
			return unpackTwo(d).hit(), true
		}
	}
	return TTHit{}, false
}

// storeTwo merges a search result into the position's entry: a fail low
// (BoundUpper) sets the upper bound, a fail high the lower one, an exact
// value both. A bound replaces the stored one of its kind when searched
// deeper; at the same depth the tighter of the two is kept (both hold);
// a shallower one is dropped. Without an entry for the position, the
// bucket's empty entry or the one of least depth and age is replaced.
func (t *TT) storeTwo(key uint64, m board.Move, score, depth, bound int) {
	b := t.bucket(key)
	gen := t.generation
	victim := 0
	worst := 1 << 30
	e := twoEntry{lower: -Infinity, upper: Infinity, lDepth: -1, uDepth: -1}
	for i := range b {
		d := b[i].data.Load()
		if b[i].keyXorData.Load()^d == key || d == 0 {
			if d != 0 {
				e = unpackTwo(d)
			}
			victim = i
			break
		}
		old := unpackTwo(d)
		age := int((gen - dataGen(d)) & 63)
		if v := max(old.lDepth, old.uDepth) - 8*age; v < worst {
			worst, victim = v, i
		}
	}
	depth = min(max(depth, 0), twoMaxDepth)
	if bound&BoundLower != 0 {
		switch {
		case depth > e.lDepth:
			e.lower, e.lDepth = score, depth
		case depth == e.lDepth:
			e.lower = max(e.lower, score)
		}
	}
	if bound&BoundUpper != 0 {
		switch {
		case depth > e.uDepth:
			e.upper, e.uDepth = score, depth
		case depth == e.uDepth:
			e.upper = min(e.upper, score)
		}
	}
	if m != board.NoMove {
		e.move = m
	}
	d := packTwo(e, gen)
	b[victim].data.Store(d)
	b[victim].keyXorData.Store(key ^ d)
}

// probeLab is thread.probe for a search that does not use the one-bound
// table: none with the table off, else the two-bound entry's view.
func (t *thread) probeLab(key uint64, depth, alpha, beta, ply int) (TTHit, bool) {
	if t.s.table == tableOff {
		return TTHit{}, false
	}
	t.stats.TTProbes++
	hit, ok := t.s.tt.probeTwo(key)
	if !ok {
		return TTHit{}, false
	}
	t.stats.TTHits++
	return hit.view(depth, alpha, beta, ply), true
}
