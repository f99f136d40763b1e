package syzygy

import (
	"math/rand/v2"
	"testing"

	"brudno/board"
)

// benchPositions returns n random positions spread over the 35
// materials, both colourings and both sides to move, with every file
// they need already loaded.
func benchPositions(b *testing.B, ts *Tables, n int) []*board.Position {
	rng := rand.New(rand.NewPCG(11, 11))
	out := make([]*board.Position, n)
	for i := range out {
		out[i] = randomPosition(rng, smallMaterials[i%len(smallMaterials)], i/len(smallMaterials)%2 == 0, board.Color(rng.IntN(2)))
		if _, ok := ts.RankRoot(out[i], true); !ok {
			b.Fatalf("%s: RankRoot failed", out[i].FEN())
		}
	}
	return out
}

// BenchmarkProbeWDL probes the WDL of 3,500 positions over all the
// materials in turn.
func BenchmarkProbeWDL(b *testing.B) {
	ts := sharedTables(b)
	positions := benchPositions(b, ts, 3500)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		if _, ok := ts.ProbeWDL(positions[i%len(positions)]); !ok {
			b.Fatal("probe failed")
		}
	}
}

// BenchmarkProbeDTZ probes the DTZ of the same positions.
func BenchmarkProbeDTZ(b *testing.B) {
	ts := sharedTables(b)
	positions := benchPositions(b, ts, 3500)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		if _, ok := ts.ProbeDTZ(positions[i%len(positions)]); !ok {
			b.Fatal("probe failed")
		}
	}
}

// BenchmarkRankRoot ranks the moves of 350 of them.
func BenchmarkRankRoot(b *testing.B) {
	ts := sharedTables(b)
	positions := benchPositions(b, ts, 350)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		if _, ok := ts.RankRoot(positions[i%len(positions)], true); !ok {
			b.Fatal("ranking failed")
		}
	}
}

// BenchmarkAppendRankRoot ranks the same 350 into one reused slice.
func BenchmarkAppendRankRoot(b *testing.B) {
	ts := sharedTables(b)
	positions := benchPositions(b, ts, 350)
	var buf []RootMove
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		var ok bool
		if buf, ok = ts.AppendRankRoot(buf[:0], positions[i%len(positions)], true); !ok {
			b.Fatal("ranking failed")
		}
	}
}
