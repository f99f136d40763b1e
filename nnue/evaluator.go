package nnue

import "brudno/board"

// MaxPly is the number of moves an Evaluator can stack above its root:
// plies 0..MaxPly have accumulators.
const MaxPly = 130

// Evaluator is one search thread's incremental evaluation: a stack of
// accumulators indexed by ply, updated lazily. The search calls Reset at
// the root, Push (or PushNull) before making each move, Pop after taking
// it back, and Evaluate where it needs a score. Push only records the
// move's feature changes; Evaluate brings each perspective's accumulator
// from its last computed ancestor up to the current ply, so moves whose
// positions are never evaluated cost no vector work. It never allocates
// after NewEvaluator.
//
// With king buckets, a perspective whose king moved to another view
// (bucket or mirrored half) since that ancestor is refreshed instead,
// through the refresh cache: per perspective and view, an accumulator and
// the piece boards it was computed for, so that a refresh applies only
// the difference between those boards and the current ones.
//
// An Evaluator is not safe for concurrent use; give each thread its own.
// Its fields, written at every move, are padded off the cache lines of
// whatever the allocator puts beside it (another thread's Evaluator,
// say): a line shared by two threads' data moves between their cores at
// every write (false sharing).
type Evaluator struct {
	_     [64]byte
	net   *Net
	accs  []Accumulator // MaxPly+1, allocated once
	cache []cacheEntry  // by perspective and king view; nil without king buckets
	ply   int
	plies [MaxPly + 1]plyState
	_     [64]byte
}

// plyState is what an Evaluator knows of the position at one ply besides
// its accumulator, in 16 bytes: the move that led to it from the ply
// before, each perspective's king view, and which perspectives of the
// accumulator are up to date (bit p for perspective p: one byte, so that
// the tests of both are one comparison).
type plyState struct {
	delta    Delta
	views    [2]kingView
	computed uint8
	_        uint8 // 16 bytes: a state never straddles two cache lines
}

// computedBoth is plyState.computed with both perspectives up to date.
const computedBoth = 1<<board.White | 1<<board.Black

// cacheEntry is a refresh cache entry: acc is the bias plus the features
// of the pieces on the boards pieces (by colour and type, pawn first).
type cacheEntry struct {
	acc    []int16
	pieces [2][6]board.Bitboard
}

// NewEvaluator returns an Evaluator for n (about 0.5 MB, and with king
// buckets 8·K·H bytes more for the refresh cache). Call Reset before use.
func (n *Net) NewEvaluator() *Evaluator {
	e := &Evaluator{net: n, accs: make([]Accumulator, MaxPly+1)}
	if n.kingBuckets > 1 {
		views := 2 * n.kingBuckets
		e.cache = make([]cacheEntry, 2*views)
		store := make([]int16, 2*views*n.hidden)
		for i := range e.cache {
			e.cache[i].acc = store[i*n.hidden : (i+1)*n.hidden : (i+1)*n.hidden]
			copy(e.cache[i].acc, n.featureBias)
		}
	}
	return e
}

// Net returns the network the Evaluator uses.
func (e *Evaluator) Net() *Net { return e.net }

// Ply returns the number of moves pushed since Reset (and not popped).
func (e *Evaluator) Ply() int { return e.ply }

// Reset makes pos the root (ply 0) and refreshes its accumulator.
func (e *Evaluator) Reset(pos *board.Position) {
	e.ply = 0
	for p := board.White; p <= board.Black; p++ {
		e.plies[0].views[p] = e.net.kingView(p, pos.KingSquare(p))
	}
	e.net.Refresh(&e.accs[0], pos)
	e.plies[0].computed = computedBoth
}

// Push records the legal move m, to be called before pos.Make(m). It
// panics beyond MaxPly.
func (e *Evaluator) Push(pos *board.Position, m board.Move) {
	if e.ply >= MaxPly {
		panic("nnue: Evaluator.Push beyond MaxPly")
	}
	prev := &e.plies[e.ply]
	e.ply++
	s := &e.plies[e.ply]
	s.delta.set(pos, m)
	s.views = prev.views
	if d := &s.delta; d.king != board.NoSquare {
		s.views[d.mover&1] = e.net.kingView(d.mover, d.king)
	}
	s.computed = 0
}

// PushNull records a null move (pos.MakeNull): the next ply's
// accumulator is the current one. It panics beyond MaxPly.
func (e *Evaluator) PushNull() {
	if e.ply >= MaxPly {
		panic("nnue: Evaluator.PushNull beyond MaxPly")
	}
	e.ply++
	e.plies[e.ply] = plyState{views: e.plies[e.ply-1].views}
}

// Pop takes back the last Push or PushNull, to be called with Unmake or
// UnmakeNull. It panics at the root.
func (e *Evaluator) Pop() {
	if e.ply == 0 {
		panic("nnue: Evaluator.Pop at the root")
	}
	e.ply--
}

// update brings the current ply's accumulator up to date for pos, the
// current position.
func (e *Evaluator) update(pos *board.Position) *Accumulator {
	i := e.ply
	s := &e.plies[i]
	if s.computed == computedBoth {
		return &e.accs[i]
	}
	if e.plies[0].computed&(1<<board.White) == 0 {
		panic("nnue: Evaluator used before Reset")
	}
	// The usual case: the moves since the last ply with both perspectives
	// up to date kept both king views, so each step updates both at once.
	if useSIMD {
		plies := e.plies[:i+1]
		j := i
		for j > 0 && plies[j].computed == 0 && plies[j].views == plies[j-1].views {
			j--
		}
		if plies[j].computed == computedBoth {
			accs := e.accs[:len(plies)]
			for j++; j < len(plies); j++ {
				e.net.applyBoth(&accs[j], &accs[j-1], plies[j].views, &plies[j].delta)
				plies[j].computed = computedBoth
			}
			return &accs[i]
		}
	}
	e.updatePersp(board.White, pos)
	e.updatePersp(board.Black, pos)
	return &e.accs[i]
}

// updatePersp brings perspective p of the current ply's accumulator up to
// date: it applies the recorded deltas in order from the last computed
// ancestor, or refreshes it from pos where p's king view changed on the
// way.
func (e *Evaluator) updatePersp(p board.Color, pos *board.Position) {
	p &= 1
	plies := e.plies[:e.ply+1]
	i := len(plies) - 1
	for plies[i].computed&(1<<p) == 0 {
		if plies[i].views[p] != plies[i-1].views[p] {
			e.refresh(p, pos)
			return
		}
		i--
	}
	accs := e.accs[:len(plies)]
	h := e.net.hidden
	for i++; i < len(plies); i++ {
		s := &plies[i]
		e.net.applyPersp(accs[i].v[p][:h], accs[i-1].v[p][:h], p, s.views[p], &s.delta)
		s.computed |= 1 << p
	}
}

// refresh computes perspective p of the current ply's accumulator for
// pos from the refresh cache's entry of p's king view, bringing the entry
// up to date with pos's boards first.
func (e *Evaluator) refresh(p board.Color, pos *board.Position) {
	n := e.net
	v := e.plies[e.ply].views[p]
	c := &e.cache[int(p)*2*n.kingBuckets+int(v)]
	var added, removed [32]int
	na, nr := 0, 0
	for col := board.White; col <= board.Black; col++ {
		for t := board.Pawn; t <= board.King; t++ {
			now, was := pos.Pieces(col, t), c.pieces[col][t-board.Pawn]
			pc := board.MakePiece(col, t)
			for b := now &^ was; b != 0 && na < len(added); na++ {
				added[na] = viewIndex(v, p, pc, b.PopFirst())
			}
			for b := was &^ now; b != 0 && nr < len(removed); nr++ {
				removed[nr] = viewIndex(v, p, pc, b.PopFirst())
			}
			c.pieces[col][t-board.Pawn] = now
		}
	}
	acc := c.acc
	k := 0
	for ; k < na && k < nr; k++ {
		addSub(acc, acc, n.column(added[k]), n.column(removed[k]))
	}
	for i := k; i < na; i++ {
		addVec(acc, acc, n.column(added[i]))
	}
	for i := k; i < nr; i++ {
		subVec(acc, acc, n.column(removed[i]))
	}
	copy(e.accs[e.ply].v[p][:n.hidden], acc)
	e.plies[e.ply].computed |= 1 << p
}

// Evaluate returns the network's score of pos, the position reached from
// the root by the pushed moves, in centipawns from the side to move's
// point of view.
func (e *Evaluator) Evaluate(pos *board.Position) int {
	return e.net.Evaluate(e.update(pos), pos.Side(), pos.Occupied().Count())
}

// Accumulator returns the accumulator of pos, the current ply's position,
// brought up to date (for tests and tools; the Evaluator keeps ownership).
func (e *Evaluator) Accumulator(pos *board.Position) *Accumulator { return e.update(pos) }
