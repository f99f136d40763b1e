// Benchmarks of the hot paths: Make+Unmake, legal generation and perft,
// with dragontoothmg's perft beside them for comparison in the same run.
package board

import (
	"flag"
	"testing"

	"github.com/dylhunn/dragontoothmg"
)

const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

func BenchmarkMakeUnmake(b *testing.B) {
	p := mustParse(b, kiwipete)
	var list MoveList
	p.GenerateLegal(&list)
	moves := list.Slice()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m := moves[i%len(moves)]
		p.Make(m)
		p.Unmake()
	}
}

func BenchmarkGenerateLegal(b *testing.B) {
	p := mustParse(b, kiwipete)
	var list MoveList
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p.GenerateLegal(&list)
	}
}

func BenchmarkGenerateNoisy(b *testing.B) {
	p := mustParse(b, kiwipete)
	var list MoveList
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p.GenerateNoisy(&list)
	}
}

func BenchmarkSEE(b *testing.B) {
	p := mustParse(b, kiwipete)
	var list MoveList
	p.GenerateNoisy(&list)
	moves := list.Slice()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p.SEE(moves[i%len(moves)])
	}
}

var perftDepth = flag.Int("perftdepth", 5, "depth of the perft benchmarks")

// The perft benchmarks report leaf nodes per second as "nodes/s".
func benchPerft(b *testing.B, count func() uint64) {
	b.ReportAllocs()
	b.ResetTimer()
	var nodes uint64
	for i := 0; i < b.N; i++ {
		nodes += count()
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkPerftBulk(b *testing.B) {
	p := NewPosition()
	benchPerft(b, func() uint64 { return p.Perft(*perftDepth) })
}

func BenchmarkPerftFull(b *testing.B) {
	p := NewPosition()
	benchPerft(b, func() uint64 { return p.PerftFull(*perftDepth) })
}

func BenchmarkDragontoothPerftBulk(b *testing.B) {
	d := dragontoothmg.ParseFen(StartFEN)
	benchPerft(b, func() uint64 { return uint64(dragontoothmg.Perft(&d, *perftDepth)) })
}

// dragontoothPerftFull applies every move down to the leaves, the
// counterpart of PerftFull.
func dragontoothPerftFull(d *dragontoothmg.Board, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range d.GenerateLegalMoves() {
		undo := d.Apply(m)
		n += dragontoothPerftFull(d, depth-1)
		undo()
	}
	return n
}

func BenchmarkDragontoothPerftFull(b *testing.B) {
	d := dragontoothmg.ParseFen(StartFEN)
	benchPerft(b, func() uint64 { return dragontoothPerftFull(&d, *perftDepth) })
}
