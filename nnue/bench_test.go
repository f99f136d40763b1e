package nnue

import (
	"fmt"
	"math/rand"
	"testing"

	"brudno/board"
)

// benchModes runs f under the reference kernels and, where available, the
// assembly ones.
func benchModes(b *testing.B, f func(b *testing.B)) {
	defer UseSIMD(UseSIMD(false))
	b.Run("ref", func(b *testing.B) { UseSIMD(false); f(b) })
	if HasSIMD() {
		b.Run("simd", func(b *testing.B) { UseSIMD(true); f(b) })
	}
}

// BenchmarkUpdate measures one capture's accumulator update: two
// removals and one addition in each perspective.
func BenchmarkUpdate(b *testing.B) {
	pos, err := board.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	if err != nil {
		b.Fatal(err)
	}
	m, err := pos.ParseMove("e5f7")
	if err != nil {
		b.Fatal(err)
	}
	d := MoveDelta(pos, m)
	after := pos.Clone()
	after.Make(m)
	for _, h := range []int{256, 512, 1024} {
		n := randomNet(b, rand.New(rand.NewSource(1)), h, 200)
		var src, dst Accumulator
		n.Refresh(&src, pos)
		b.Run(fmt.Sprintf("H=%d", h), func(b *testing.B) {
			benchModes(b, func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					n.Apply(&dst, &src, &d, after)
				}
			})
		})
	}
}

// BenchmarkOutput measures the output layer (both perspectives).
func BenchmarkOutput(b *testing.B) {
	pos := board.NewPosition()
	for _, h := range []int{256, 512, 1024} {
		n := randomNet(b, rand.New(rand.NewSource(2)), h, 200)
		var acc Accumulator
		n.Refresh(&acc, pos)
		b.Run(fmt.Sprintf("H=%d", h), func(b *testing.B) {
			benchModes(b, func(b *testing.B) {
				s := 0
				for i := 0; i < b.N; i++ {
					s += n.Evaluate(&acc, board.Color(i&1), 32)
				}
				_ = s
			})
		})
	}
}

// BenchmarkEvaluatorMove measures Push, Make, Evaluate, Unmake and Pop per
// legal move of a middlegame position, H=256.
func BenchmarkEvaluatorMove(b *testing.B) {
	pos, err := board.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	if err != nil {
		b.Fatal(err)
	}
	var list board.MoveList
	pos.GenerateLegal(&list)
	moves := list.Slice()
	n := randomNet(b, rand.New(rand.NewSource(3)), 256, 200)
	e := n.NewEvaluator()
	benchModes(b, func(b *testing.B) {
		e.Reset(pos)
		for i := 0; i < b.N; i++ {
			m := moves[i%len(moves)]
			e.Push(pos, m)
			pos.Make(m)
			_ = e.Evaluate(pos)
			pos.Unmake()
			e.Pop()
		}
	})
}

// BenchmarkKingMove measures Push, Make, Evaluate, Unmake and Pop of a
// king move: e1f1 keeps the 8-bucket layout's view and so is an
// incremental update; e1d1 mirrors the board and e1e2 changes the bucket,
// so both refresh White's accumulator through the refresh cache (which
// after the first time holds the position's boards but for the king).
func BenchmarkKingMove(b *testing.B) {
	pos, err := board.ParseFEN("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2NB1N2/PPQ2PPP/R3K2R w - - 0 1")
	if err != nil {
		b.Fatal(err)
	}
	for _, h := range []int{256, 1024} {
		n, err := RandomKingNet(h, 8, 8, 200, rand.New(rand.NewSource(4)))
		if err != nil {
			b.Fatal(err)
		}
		e := n.NewEvaluator()
		for _, mv := range []string{"e1f1", "e1d1", "e1e2"} {
			m, err := pos.ParseMove(mv)
			if err != nil {
				b.Fatal(err)
			}
			b.Run(fmt.Sprintf("H=%d/%s", h, mv), func(b *testing.B) {
				benchModes(b, func(b *testing.B) {
					b.ReportAllocs()
					e.Reset(pos)
					for i := 0; i < b.N; i++ {
						e.Push(pos, m)
						pos.Make(m)
						_ = e.Evaluate(pos)
						pos.Unmake()
						e.Pop()
					}
				})
			})
		}
	}
}

// BenchmarkApplyBoth measures the Evaluator's usual step, both
// perspectives of an accumulator updated by one move at once: a quiet move
// (one removal, one addition), a capture (two removals, one addition) and
// castling (two of each).
func BenchmarkApplyBoth(b *testing.B) {
	if !HasSIMD() {
		b.Skip("no SIMD kernels on this CPU or build")
	}
	defer UseSIMD(UseSIMD(true))
	pos, err := board.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	if err != nil {
		b.Fatal(err)
	}
	for _, h := range []int{256, 512, 1024} {
		n := randomNet(b, rand.New(rand.NewSource(5)), h, 200)
		var src, dst Accumulator
		n.Refresh(&src, pos)
		for _, mv := range []string{"a2a3", "e5f7", "e1g1"} {
			m, err := pos.ParseMove(mv)
			if err != nil {
				b.Fatal(err)
			}
			d := MoveDelta(pos, m)
			b.Run(fmt.Sprintf("H=%d/%s", h, mv), func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					n.applyBoth(&dst, &src, [2]kingView{}, &d)
				}
			})
		}
	}
}
