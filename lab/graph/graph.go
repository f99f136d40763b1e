// Package graph measures the minimal graph of a fixed-depth search, for
// the laboratory (`brudno lab -minimal`, docs/search-lab.md): the
// left-first minimal graph (LFMG) of Ebeling's procedure as Plaat,
// Schaeffer, Pijls and de Bruin describe it ("Exploiting Graph Properties
// of Game Trees"), and their ARMG(d), which takes the cheapest cutoff
// instead of the left-most in the last d plies.
//
// The tree is the laboratory's: every legal move to the nominal depth,
// then Brudno's quiescence (stand pat, captures and queen promotions, all
// evasions in check), with the selective techniques off, so its minimax
// value is the value every lab configuration computes (PlainOptions); it
// is walked with the search's own evaluation and move order
// (search.Walker). The graph proves that value. Its nodes, in negamax
// form, are proofs of bounds: a node that must be shown to be at least b
// (a CUT node) needs one move whose child is at most -b, or in quiescence
// a stand pat of at least b; a node that must be shown to be at most a
// (an ALL node) needs every move, each child at least -a; a node of exact
// value v (a PV node) needs both: every child at least -v, and one of
// them exactly -v. The LFMG takes at each CUT node the first move in
// Brudno's static order (the alpha-beta column's: captures by MVV-LVA,
// then quiet moves in generation order, then losing captures) whose child
// refutes; ARMG(d) takes, at the CUT nodes of depth 1 to d (and in
// quiescence with armgQS), the refuting move whose proof is smallest, by
// a tree-size estimate (proofSize). A node is a position with the depth
// left to search (0 for quiescence), counted once however often the graph
// reaches it (transpositions); a node needed with two bounds is one node
// with the children of both proofs.
//
// Which move refutes is decided by null-window searches of the child, with
// a table of bounds for exactly the depth asked (never a deeper result, so
// that the values are those of the fixed-depth tree); they, and the search
// for the root's value before the walk, are not part of the graph. The
// table is keyed by position and depth and ignores the path, so a value
// that depends on a repetition within the search (graph history
// interaction) can be taken for another path's; the walk counts a CUT node
// where no move then refutes as inconsistent, and the lab prints the count.
package graph

import (
	"math/bits"
	"slices"

	"brudno/board"
	"brudno/search"
)

// Size is the size of a proof graph: its distinct nodes, all and at
// depth above zero (the root included; the others are quiescence nodes).
type Size struct {
	Nodes, Interior uint64
	Inconsistent    uint64 // CUT nodes where no move refuted (see the package comment)
}

// Result is what Measure found for one position and depth.
type Result struct {
	Value     int    // the minimax value of the position at the depth
	LFMG      Size   // the left-first minimal graph
	ARMG      Size   // ARMG(d), when asked for
	TestNodes uint64 // nodes of the searches that decided the graphs (not part of them)
}

// Prover measures minimal graphs; its table is allocated once and
// emptied for each measurement.
type Prover struct{ p *prover }

// NewProver returns a prover whose deciding searches use a table of
// about mb megabytes.
func NewProver(mb int) *Prover {
	n := max(uint64(mb)<<20/16/2, 1) * 2
	return &Prover{&prover{memo: make([]proofEntry, n)}}
}

// Measure computes the value of pos at depth and the size of its
// left-first minimal graph and, when armg > 0, of ARMG(armg), with the
// cheapest cutoffs in quiescence too when armgQS is set. pos is not
// modified.
func (g *Prover) Measure(pos *board.Position, depth, armg int, armgQS bool) Result {
	p := g.p
	p.reset(pos)
	p.armgQS = armgQS
	var r Result
	r.Value = p.value(depth)
	r.LFMG = p.walk(depth, r.Value, 0)
	if armg > 0 {
		r.ARMG = p.walk(depth, r.Value, armg)
	}
	r.TestNodes = p.nodes
	return r
}

// prover searches and walks one position.
type prover struct {
	w     *search.Walker
	memo  []proofEntry // two-way buckets
	nodes uint64       // of the deciding searches

	// Per walk.
	armg   int
	armgQS bool // the cheapest cutoff in quiescence too
	seen   map[graphKey]provenBounds
	size   Size
	cost   map[costKey]costValue
}

type graphKey struct {
	key   uint64
	depth int8
}

// provenBounds are the bounds a node of the graph has been shown to hold,
// in the table's form (search.ScoreToTT); -Infinity and Infinity when none.
type provenBounds struct{ lo, hi int16 }

type costKey struct {
	key    uint64
	depth  int8
	lo, hi int16
}

// costValue is the size of a proof, or a lower bound on it when the
// proof's search was abandoned over a cap.
type costValue struct {
	size  uint64
	exact bool
}

// proofEntry holds the bounds of a position at one depth, in the
// table's form, and the best move found.
type proofEntry struct {
	key          uint64
	depth        int8 // -1: empty
	lower, upper int16
	move         board.Move
}

// decides returns the entry's value at ply when its bounds settle the
// window (alpha, beta): a lower bound at or above beta, an upper bound at
// or below alpha, or equal bounds.
func (e proofEntry) decides(ply, alpha, beta int) (int, bool) {
	lo, hi := search.ScoreFromTT(int(e.lower), ply), search.ScoreFromTT(int(e.upper), ply)
	switch {
	case e.lower >= -search.Infinity+1 && lo >= beta:
		return lo, true
	case e.upper <= search.Infinity-1 && hi <= alpha:
		return hi, true
	case e.lower == e.upper:
		return lo, true
	}
	return 0, false
}

// reset empties the table and sets the prover up on pos.
func (p *prover) reset(pos *board.Position) {
	p.w, p.nodes = search.NewWalker(pos), 0
	for i := range p.memo {
		p.memo[i] = proofEntry{depth: -1}
	}
}

func (p *prover) bucket(key uint64, depth int) []proofEntry {
	hi, _ := bits.Mul64(key^uint64(depth)*0x9e3779b97f4a7c15, uint64(len(p.memo)/2))
	return p.memo[hi*2 : hi*2+2]
}

func (p *prover) get(key uint64, depth int) (proofEntry, bool) {
	for _, e := range p.bucket(key, depth) {
		if e.key == key && int(e.depth) == depth {
			return e, true
		}
	}
	return proofEntry{}, false
}

// put tightens the stored bounds of (key, depth) by a fail-soft result
// best of the window (alpha, beta) at ply.
func (p *prover) put(key uint64, depth, best, alpha, beta, ply int, m board.Move) {
	b := p.bucket(key, depth)
	i := 1
	switch {
	case b[0].key == key && int(b[0].depth) == depth:
		i = 0
	case b[1].key == key && int(b[1].depth) == depth:
	case b[0].depth < b[1].depth:
		i = 0
		b[0] = proofEntry{key: key, depth: int8(depth), lower: -search.Infinity, upper: search.Infinity}
	default:
		b[1] = proofEntry{key: key, depth: int8(depth), lower: -search.Infinity, upper: search.Infinity}
	}
	e := &b[i]
	v := int16(search.ScoreToTT(best, ply))
	if best < beta {
		e.upper = min(e.upper, v)
	}
	if best > alpha {
		e.lower = max(e.lower, v)
	}
	if m != board.NoMove {
		e.move = m
	}
}

// value finds the minimax value at depth by MTD(f) over iterative
// deepening.
func (p *prover) value(depth int) int {
	g := 0
	for d := 1; d <= depth; d++ {
		lower, upper := -search.Infinity, search.Infinity
		for lower < upper {
			beta := g
			if g == lower {
				beta = g + 1
			}
			g = p.search(d, beta-1, beta, 0)
			if g < beta {
				upper = g
			} else {
				lower = g
			}
		}
	}
	return g
}

// refutes reports whether the child just made, at depth and ply, is at
// most bound (so that the parent is at least -bound).
func (p *prover) refutes(depth, ply, bound int) bool {
	return p.search(depth, bound, bound+1, ply) <= bound
}

// search is fail-soft alpha-beta over the laboratory's tree: the rules of
// the search's node search and quiescence with PlainOptions (draws,
// mates, stand pat, the moves searched), the table's move first, no other
// ordering.
func (p *prover) search(depth, alpha, beta, ply int) int {
	if depth <= 0 {
		return p.qsearch(alpha, beta, ply)
	}
	p.nodes++
	w := p.w
	pos := w.Position()
	inCheck := pos.InCheck()
	if ply > 0 && (pos.IsRepetition() || pos.InsufficientMaterial() || pos.HalfmoveClock() >= 100 && (!inCheck || pos.HasLegalMove())) {
		return 0 // the root is searched whatever it is, as rootSearch does
	}
	if ply >= search.MaxPly {
		return w.Evaluate()
	}
	key := pos.Key()
	hashMove := board.NoMove
	if e, ok := p.get(key, depth); ok {
		if v, ok := e.decides(ply, alpha, beta); ok {
			return v
		}
		hashMove = e.move
	}
	var mp search.MoveOrder
	mp.Init(w, ply, hashMove, false)
	best, a, bestMove, count := -search.Infinity, alpha, board.NoMove, 0
	for {
		m, ok := mp.Next()
		if !ok {
			break
		}
		count++
		w.Make(m)
		score := -p.search(depth-1, -beta, -a, ply+1)
		w.Unmake()
		if score > best {
			best = score
			if score > a {
				a, bestMove = score, m
				if score >= beta {
					break
				}
			}
		}
	}
	if count == 0 {
		if inCheck {
			return -search.Mate + ply
		}
		return 0
	}
	p.put(key, depth, best, alpha, beta, ply, bestMove)
	return best
}

func (p *prover) qsearch(alpha, beta, ply int) int {
	p.nodes++
	w := p.w
	pos := w.Position()
	inCheck := pos.InCheck()
	if pos.HalfmoveClock() >= 100 && (!inCheck || pos.HasLegalMove()) {
		return 0
	}
	if ply >= search.MaxPly {
		if inCheck {
			return 0
		}
		return w.Evaluate()
	}
	key := pos.Key()
	hashMove := board.NoMove
	if e, ok := p.get(key, 0); ok {
		if v, ok := e.decides(ply, alpha, beta); ok {
			return v
		}
		hashMove = e.move
	}
	best, a := -search.Infinity, alpha
	if !inCheck {
		best = p.standPat()
		if best >= beta {
			return best
		}
		a = max(a, best)
	}
	var mp search.MoveOrder
	mp.Init(w, ply, hashMove, !inCheck)
	searched, bestMove := 0, board.NoMove
	for {
		m, ok := mp.Next()
		if !ok {
			break
		}
		if !inCheck && m.Promo() != board.NoPieceType && m.Promo() != board.Queen {
			continue
		}
		searched++
		w.Make(m)
		score := -p.qsearch(-beta, -a, ply+1)
		w.Unmake()
		if score > best {
			best = score
			if score > a {
				a, bestMove = score, m
				if score >= beta {
					break
				}
			}
		}
	}
	if searched == 0 && inCheck {
		return -search.Mate + ply
	}
	p.put(key, 0, best, alpha, beta, ply, bestMove)
	return best
}

// standPat is quiescence's stand pat: the static evaluation as
// the search's quiescence bounds it.
func (p *prover) standPat() int {
	return max(-search.MateBound+1, min(p.w.Evaluate(), search.MateBound-1))
}

// children lists the moves of the node at depth (quiescence's at depth 0)
// in Brudno's static order. leaf is set when the node has no move to
// search: a draw, the ply limit, or no move (mate, stalemate, or a quiet
// quiescence node).
func (p *prover) children(depth, ply int, list *board.MoveList) (inCheck, leaf bool) {
	w := p.w
	pos := w.Position()
	inCheck = pos.InCheck()
	list.Count = 0
	if ply > 0 && (depth > 0 && (pos.IsRepetition() || pos.InsufficientMaterial()) ||
		pos.HalfmoveClock() >= 100 && (!inCheck || pos.HasLegalMove())) || ply >= search.MaxPly {
		return inCheck, true
	}
	var mp search.MoveOrder
	mp.Init(w, ply, board.NoMove, depth <= 0 && !inCheck)
	for {
		m, ok := mp.Next()
		if !ok {
			break
		}
		if depth <= 0 && !inCheck && m.Promo() != board.NoPieceType && m.Promo() != board.Queen {
			continue
		}
		list.Moves[list.Count] = m
		list.Count++
	}
	return inCheck, list.Count == 0
}

// walk counts the graph that proves value at depth from the root, taking
// the cheapest cutoff at the CUT nodes of depth armg or less (none: 0).
func (p *prover) walk(depth, value, armg int) Size {
	p.armg = armg
	p.seen = map[graphKey]provenBounds{}
	p.cost = map[costKey]costValue{}
	p.size = Size{}
	p.prove(depth, 0, value, value)
	p.seen, p.cost = nil, nil
	return p.size
}

// prove adds to the graph the node at depth and ply (the walker's
// position) with the proof that its value is at least lo and at most hi
// (-Infinity, Infinity: no such bound to prove).
func (p *prover) prove(depth, ply, lo, hi int) {
	depth = max(depth, 0)
	pos := p.w.Position()
	k := graphKey{pos.Key(), int8(depth)}
	rec, ok := p.seen[k]
	if !ok {
		rec = provenBounds{-search.Infinity, search.Infinity}
		p.size.Nodes++
		if depth > 0 {
			p.size.Interior++
		}
	}
	needLo := lo > -search.Infinity && (rec.lo == -search.Infinity || search.ScoreFromTT(int(rec.lo), ply) < lo)
	needHi := hi < search.Infinity && (rec.hi == search.Infinity || search.ScoreFromTT(int(rec.hi), ply) > hi)
	if needLo {
		rec.lo = int16(search.ScoreToTT(lo, ply))
	}
	if needHi {
		rec.hi = int16(search.ScoreToTT(hi, ply))
	}
	p.seen[k] = rec
	if !needLo && !needHi {
		return
	}
	var list board.MoveList
	inCheck, leaf := p.children(depth, ply, &list)
	if leaf {
		return
	}
	moves := list.Moves[:list.Count]
	// The move whose child proves the lower bound: none needed, stand pat,
	// the first that refutes, or (ARMG) the one of the smallest proof.
	cut := -1
	found := !needLo || depth == 0 && !inCheck && p.standPat() >= lo
	if !found {
		if !needHi && p.cheapestAt(depth) {
			cut = p.cheapest(moves, depth, ply, lo, ^uint64(0))
		} else {
			cut = p.firstRefuting(moves, depth, ply, lo)
		}
		if cut < 0 {
			p.size.Inconsistent++
		}
	}
	for i, m := range moves {
		cLo, cHi := -search.Infinity, search.Infinity
		if needHi {
			cLo = -hi
		}
		if i == cut {
			cHi = -lo
		}
		if cLo == -search.Infinity && cHi == search.Infinity {
			continue
		}
		p.w.Make(m)
		p.prove(depth-1, ply+1, cLo, cHi)
		p.w.Unmake()
	}
}

// cheapestAt reports whether ARMG takes the cheapest cutoff at a CUT node
// of depth.
func (p *prover) cheapestAt(depth int) bool {
	return p.armg > 0 && depth <= p.armg && (depth > 0 || p.armgQS)
}

// firstRefuting returns the index of the first move among moves whose
// child refutes (is at most -lo), or -1.
func (p *prover) firstRefuting(moves []board.Move, depth, ply, lo int) int {
	for i, m := range moves {
		p.w.Make(m)
		r := p.refutes(depth-1, ply+1, -lo)
		p.w.Unmake()
		if r {
			return i
		}
	}
	return -1
}

// cheapest returns the index of the move among moves whose child refutes
// (is at most -lo) with the smallest proof, the first of them on a tie, or
// -1 when none refutes or every proof exceeds limit. The refuting moves
// are sized in the order of their children's numbers of moves, a guess at
// the sizes, so that a small proof caps the sizing of the others early.
func (p *prover) cheapest(moves []board.Move, depth, ply, lo int, limit uint64) int {
	type candidate struct{ i, width int }
	var cands []candidate
	var list board.MoveList
	for i, m := range moves {
		p.w.Make(m)
		if p.refutes(depth-1, ply+1, -lo) {
			p.w.Position().GenerateLegal(&list)
			cands = append(cands, candidate{i, list.Count})
		}
		p.w.Unmake()
	}
	slices.SortStableFunc(cands, func(a, b candidate) int { return a.width - b.width })
	best, bestSize := -1, limit
	for _, c := range cands {
		p.w.Make(moves[c.i])
		size := p.proofSize(depth-1, ply+1, -search.Infinity, -lo, bestSize)
		p.w.Unmake()
		if size.exact && (best < 0 || size.size < bestSize || size.size == bestSize && c.i < best) {
			best, bestSize = c.i, size.size
		}
	}
	return best
}

// proofSize is the number of nodes of the proof, below and at the node,
// that its value is at least lo and at most hi, with ARMG's cheapest
// cutoffs, counting a node once per path to it (a tree size, the estimate
// ARMG chooses by); inexact when the count passed limit and was abandoned.
func (p *prover) proofSize(depth, ply, lo, hi int, limit uint64) costValue {
	depth = max(depth, 0)
	pos := p.w.Position()
	k := costKey{pos.Key(), int8(depth), int16(search.ScoreToTT(lo, ply)), int16(search.ScoreToTT(hi, ply))}
	if c, ok := p.cost[k]; ok && (c.exact || c.size > limit) {
		return c
	}
	size := uint64(1)
	var list board.MoveList
	inCheck, leaf := p.children(depth, ply, &list)
	moves := list.Moves[:list.Count]
	needLo, needHi := lo > -search.Infinity, hi < search.Infinity
	if !leaf {
		if needLo && !(depth == 0 && !inCheck && p.standPat() >= lo) {
			// A CUT node: ARMG's cheapest cutoff (the left-most in
			// quiescence unless armgQS).
			if needHi {
				return p.exactProofSize(k, moves, depth, ply, lo, hi, limit)
			}
			if limit <= size {
				return costValue{size, false}
			}
			var i int
			if p.cheapestAt(depth) {
				i = p.cheapest(moves, depth, ply, lo, limit-size)
			} else {
				i = p.firstRefuting(moves, depth, ply, lo)
			}
			if i < 0 {
				c := costValue{limit + 1, false}
				p.cost[k] = c
				return c
			}
			p.w.Make(moves[i])
			c := p.proofSize(depth-1, ply+1, -search.Infinity, -lo, limit-size)
			p.w.Unmake()
			size += c.size
		} else if needHi {
			for _, m := range moves {
				p.w.Make(m)
				c := p.proofSize(depth-1, ply+1, -hi, search.Infinity, limit-min(size, limit))
				p.w.Unmake()
				size += c.size
				if !c.exact || size > limit {
					c := costValue{size, false}
					p.cost[k] = c
					return c
				}
			}
		}
	}
	c := costValue{size, size <= limit}
	p.cost[k] = c
	return c
}

// exactProofSize sizes a node of two bounds inside the last armg plies
// (rare: a PV node): every child at least -hi, and the first that
// refutes also at most -lo.
func (p *prover) exactProofSize(k costKey, moves []board.Move, depth, ply, lo, hi int, limit uint64) costValue {
	size := uint64(1)
	found := false
	for _, m := range moves {
		p.w.Make(m)
		cHi := search.Infinity
		if !found && p.refutes(depth-1, ply+1, -lo) {
			cHi, found = -lo, true
		}
		c := p.proofSize(depth-1, ply+1, -hi, cHi, ^uint64(0))
		p.w.Unmake()
		size += c.size
	}
	c := costValue{size, size <= limit}
	p.cost[k] = c
	return c
}
