package nnue

import (
	"math/rand"
	"testing"
	"unsafe"

	"brudno/board"
)

// Positions for the random walks: castling both ways, en passant,
// promotions with and without capture, and Chess960 castling.
var walkFENs = []string{
	board.StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
	"4k3/8/8/2pPp3/8/8/5p2/R3K2R w KQ c6 0 1",
	"r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R b KQkq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	// Chess960.
	"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
	"2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
	"b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
	"4k3/8/8/8/8/8/8/r1R1KR1r w FC - 0 1",
	"1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1",
	"rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1",
	"5rkr/8/8/8/8/8/8/5RKR w HFhf - 0 1",
}

type moveStats struct {
	quiet, capture, castle, castle960, enPassant, promo, promoCapture, null, checks int
	kingSameView, kingNewView                                                       int // king moves (castling too) that keep or change the mover's king view
	kingBias                                                                        int // play a king move where there is one with probability 1/kingBias (0: never)
}

// checkEvaluator compares the Evaluator's current accumulator and score
// with a pure Go refresh of pos.
func checkEvaluator(t *testing.T, n *Net, e *Evaluator, pos *board.Position) {
	t.Helper()
	got := e.Evaluate(pos)
	acc := e.Accumulator(pos)
	prev := UseSIMD(false)
	var ref Accumulator
	n.Refresh(&ref, pos)
	want := n.Evaluate(&ref, pos.Side(), pos.Occupied().Count())
	UseSIMD(prev)
	h := n.Hidden()
	for p := board.White; p <= board.Black; p++ {
		for i := 0; i < h; i++ {
			if acc.v[p][i] != ref.v[p][i] {
				t.Fatalf("%s (ply %d): perspective %v lane %d: %d, refresh gives %d",
					pos.FEN(), e.Ply(), p, i, acc.v[p][i], ref.v[p][i])
			}
		}
	}
	if got != want {
		t.Fatalf("%s: Evaluate %d, refresh gives %d", pos.FEN(), got, want)
	}
}

// walk plays a random walk of steps pushes and pops from fen, checking the
// incremental evaluation at random plies (so that several deltas are often
// applied at once).
func walk(t *testing.T, n *Net, e *Evaluator, fen string, rng *rand.Rand, steps int, st *moveStats) {
	pos, err := board.ParseFEN(fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	e.Reset(pos)
	checkEvaluator(t, n, e, pos)
	var nulls []bool // per ply: was it a null move
	var list board.MoveList
	pop := func() {
		if nulls[len(nulls)-1] {
			pos.UnmakeNull()
		} else {
			pos.Unmake()
		}
		e.Pop()
		nulls = nulls[:len(nulls)-1]
	}
	for step := 0; step < steps; step++ {
		depth := len(nulls)
		if depth > 0 && (rng.Intn(4) == 0 || depth >= 80) {
			pop()
		} else if !pos.InCheck() && depth > 0 && !nulls[depth-1] && rng.Intn(12) == 0 {
			e.PushNull()
			pos.MakeNull()
			nulls = append(nulls, true)
			st.null++
		} else {
			pos.GenerateLegal(&list)
			if list.Count == 0 {
				if depth == 0 {
					return
				}
				pop()
				continue
			}
			m := pickMove(pos, list.Slice(), rng)
			if st.kingBias > 0 && rng.Intn(st.kingBias) == 0 {
				m = pickKingMove(pos, list.Slice(), rng, m)
			}
			if pos.PieceAt(m.From()).Type() == board.King {
				to := m.To()
				if m.IsCastling() {
					to, _ = m.CastlingSquares()
				}
				if n.kingView(pos.Side(), m.From()) == n.kingView(pos.Side(), to) {
					st.kingSameView++
				} else {
					st.kingNewView++
				}
			}
			switch {
			case m.IsCastling() && pos.Chess960():
				st.castle960++
			case m.IsCastling():
				st.castle++
			case m.Kind() == board.EnPassant:
				st.enPassant++
			case m.Kind() == board.Promotion && pos.IsCapture(m):
				st.promoCapture++
			case m.Kind() == board.Promotion:
				st.promo++
			case pos.IsCapture(m):
				st.capture++
			default:
				st.quiet++
			}
			e.Push(pos, m)
			pos.Make(m)
			nulls = append(nulls, false)
		}
		if rng.Intn(3) == 0 {
			checkEvaluator(t, n, e, pos)
			st.checks++
		}
	}
	for len(nulls) > 0 {
		pop()
	}
	checkEvaluator(t, n, e, pos)
	if pos.FEN() != fen && len(fen) > 0 {
		p0, _ := board.ParseFEN(fen)
		if pos.FEN() != p0.FEN() {
			t.Fatalf("walk did not return to %s: %s", fen, pos.FEN())
		}
	}
}

// pickKingMove returns a random king move of moves, or m if there is none.
func pickKingMove(pos *board.Position, moves []board.Move, rng *rand.Rand, m board.Move) board.Move {
	var kings [board.MaxMoves]board.Move
	k := 0
	for _, x := range moves {
		if pos.PieceAt(x.From()).Type() == board.King {
			kings[k] = x
			k++
		}
	}
	if k == 0 {
		return m
	}
	return kings[rng.Intn(k)]
}

// pickMove prefers castling, en passant and promotions half of the time,
// and captures a third of the rest, so that the walks meet them often.
func pickMove(pos *board.Position, moves []board.Move, rng *rand.Rand) board.Move {
	var special, captures [board.MaxMoves]board.Move
	ns, nc := 0, 0
	for _, m := range moves {
		if m.Kind() != board.Normal {
			special[ns] = m
			ns++
		} else if pos.IsCapture(m) {
			captures[nc] = m
			nc++
		}
	}
	if ns > 0 && rng.Intn(2) == 0 {
		return special[rng.Intn(ns)]
	}
	if nc > 0 && rng.Intn(3) == 0 {
		return captures[rng.Intn(nc)]
	}
	return moves[rng.Intn(len(moves))]
}

func TestIncrementalMatchesRefresh(t *testing.T) {
	rng := rand.New(rand.NewSource(8))
	defer UseSIMD(UseSIMD(true))
	modes := []bool{false}
	if HasSIMD() {
		modes = append(modes, true)
	}
	steps := 300
	if testing.Short() {
		steps = 100
	}
	for _, simd := range modes {
		UseSIMD(simd)
		// H=80: one 64-lane iteration and one 16-lane tail in the
		// assembly; 8 output buckets, so that captures change the bucket.
		n, err := RandomBucketedNet(80, 8, 200, rng)
		if err != nil {
			t.Fatal(err)
		}
		e := n.NewEvaluator()
		var st moveStats
		for _, fen := range walkFENs {
			for rep := 0; rep < 10; rep++ {
				walk(t, n, e, fen, rng, steps, &st)
			}
		}
		t.Logf("simd=%v: %+v", simd, st)
		if st.quiet == 0 || st.capture == 0 || st.castle == 0 || st.castle960 == 0 ||
			st.enPassant == 0 || st.promo == 0 || st.promoCapture == 0 || st.null == 0 {
			t.Fatalf("simd=%v: a kind of move was never played: %+v", simd, st)
		}
	}
}

func TestMoveDelta(t *testing.T) {
	cases := []struct {
		fen, move      string
		removed, added int
	}{
		{board.StartFEN, "e2e4", 1, 1},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", 2, 2},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", 2, 2},
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "e5f6", 2, 1},
		{"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", "g2g1q", 1, 1},
		{"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", "g2h1n", 2, 1},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "e5f7", 2, 1},
		// Chess960: both pieces move; only the rook moves (the king is
		// already on g1); only the king moves (the rook is already on d1
		// or f1).
		{"rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1", "b1a1", 2, 2},
		{"6k1/8/8/8/8/8/8/R5KR w HA - 0 1", "g1h1", 1, 1},
		{"k7/8/8/8/8/8/8/3RK3 w D - 0 1", "e1d1", 1, 1},
		{"4k3/8/8/8/8/8/8/1K3R2 w F - 0 1", "b1f1", 1, 1},
	}
	n := randomNet(t, rand.New(rand.NewSource(9)), 16, 200)
	for _, c := range cases {
		pos, err := board.ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		m, err := pos.ParseMove(c.move)
		if err != nil {
			t.Fatalf("%s %s: %v", c.fen, c.move, err)
		}
		d := MoveDelta(pos, m)
		if r, a := d.Counts(); r != c.removed || a != c.added {
			t.Errorf("%s %s: %d removed, %d added; want %d, %d", c.fen, c.move, r, a, c.removed, c.added)
		}
		var acc Accumulator
		n.Refresh(&acc, pos)
		pos.Make(m)
		n.Apply(&acc, &acc, &d, pos)
		var ref Accumulator
		n.Refresh(&ref, pos)
		if acc != ref {
			t.Errorf("%s %s: applying the delta differs from a refresh", c.fen, c.move)
		}
	}
}

func TestEvaluatorLimits(t *testing.T) {
	n := randomNet(t, rand.New(rand.NewSource(10)), 16, 200)
	e := n.NewEvaluator()
	pos := board.NewPosition()
	e.Reset(pos)
	mustPanic := func(name string, f func()) {
		t.Helper()
		defer func() {
			if recover() == nil {
				t.Errorf("%s did not panic", name)
			}
		}()
		f()
	}
	mustPanic("Evaluate before Reset", func() { n.NewEvaluator().Evaluate(pos) })
	mustPanic("Pop at the root", e.Pop)
	for i := 0; i < MaxPly; i++ {
		e.PushNull()
	}
	if e.Ply() != MaxPly {
		t.Fatalf("Ply() = %d", e.Ply())
	}
	if got, want := e.Evaluate(pos), n.EvaluatePosition(pos); got != want {
		t.Fatalf("after %d null moves: %d, want %d", MaxPly, got, want)
	}
	mustPanic("PushNull beyond MaxPly", e.PushNull)
	mustPanic("Push beyond MaxPly", func() { e.Push(pos, board.NewMove(12, 28)) })
}

func TestNoAllocation(t *testing.T) {
	n := randomNet(t, rand.New(rand.NewSource(11)), 256, 200)
	e := n.NewEvaluator()
	pos, err := board.ParseFEN(walkFENs[1])
	if err != nil {
		t.Fatal(err)
	}
	var list board.MoveList
	pos.GenerateLegal(&list)
	defer UseSIMD(UseSIMD(true))
	for _, simd := range []bool{false, true} {
		UseSIMD(simd)
		e.Reset(pos)
		allocs := testing.AllocsPerRun(20, func() {
			for _, m := range list.Slice() {
				e.Push(pos, m)
				pos.Make(m)
				_ = e.Evaluate(pos)
				pos.Unmake()
				e.Pop()
			}
			e.PushNull()
			pos.MakeNull()
			_ = e.Evaluate(pos)
			pos.UnmakeNull()
			e.Pop()
			_ = n.EvaluatePosition(pos)
		})
		if allocs != 0 {
			t.Errorf("simd=%v: %v allocations per run", simd, allocs)
		}
	}
}

// TestEvaluatorPadding checks that the Evaluator's fields written at
// every move have a cache line of padding on either side, so that two
// threads' Evaluators allocated side by side share no line.
func TestEvaluatorPadding(t *testing.T) {
	const line = 64
	var e Evaluator
	if first := unsafe.Offsetof(e.net); first < line {
		t.Errorf("Evaluator: its first field at %d, want at least %d", first, line)
	}
	if tail := unsafe.Sizeof(e) - (unsafe.Offsetof(e.plies) + unsafe.Sizeof(e.plies)); tail < line {
		t.Errorf("Evaluator: %d bytes after its last field, want at least %d", tail, line)
	}
}

// TestLayoutSizes checks the sizes the Evaluator's layout counts on: a
// ply's state in 16 bytes (no state across two cache lines), and
// accumulators not a multiple of 4 kB apart (their lanes spread over the
// first-level cache's sets).
func TestLayoutSizes(t *testing.T) {
	if n := unsafe.Sizeof(plyState{}); n != 16 {
		t.Errorf("plyState: %d bytes, want 16", n)
	}
	if n := unsafe.Sizeof(Accumulator{}); n%4096 == 0 || n%64 != 0 {
		t.Errorf("Accumulator: %d bytes, want a whole number of cache lines, not of 4 kB", n)
	}
}
