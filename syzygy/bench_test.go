package syzygy

import (
	"math/rand"
	"testing"

	"brudno/board"
)

// spreadPositions returns n random positions over every shared table.
func spreadPositions(t testing.TB, n int) []*board.Position {
	names := tableNames(t, tableDir)
	r := rand.New(rand.NewSource(5))
	var ps []*board.Position
	for i := 0; i < n; i++ {
		ps = append(ps, randomPosition(r, names[i%len(names)], i/len(names)%2 == 1))
	}
	return ps
}

// TestProbeNoAlloc: once a table is loaded, probes allocate nothing.
func TestProbeNoAlloc(t *testing.T) {
	ts := openShared(t)
	ps := spreadPositions(t, 140)
	for _, p := range ps {
		ts.ProbeDTZ(p) // load the tables
	}
	wdl := testing.AllocsPerRun(5, func() {
		for _, p := range ps {
			ts.ProbeWDL(p)
		}
	})
	dtz := testing.AllocsPerRun(5, func() {
		for _, p := range ps {
			ts.ProbeDTZ(p)
		}
	})
	if wdl != 0 || dtz != 0 {
		t.Errorf("allocations per %d probes: WDL %v, DTZ %v", len(ps), wdl, dtz)
	}
}

func benchProbe(b *testing.B, n int, dtz bool) {
	ts := openShared(b)
	ps := spreadPositions(b, n)
	for _, p := range ps {
		ts.ProbeDTZ(p)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := ps[i%len(ps)]
		var ok bool
		if dtz {
			_, ok = ts.ProbeDTZ(p)
		} else {
			_, ok = ts.ProbeWDL(p)
		}
		if !ok {
			b.Fatal("probe failed:", p.FEN())
		}
	}
}

// Hot: the same 8 positions (4 tables) over and over.
func BenchmarkProbeWDLHot(b *testing.B) { benchProbe(b, 4, false) }
func BenchmarkProbeDTZHot(b *testing.B) { benchProbe(b, 4, true) }

// Spread: 7000 positions over all 35 tables, cycled.
func BenchmarkProbeWDLSpread(b *testing.B) { benchProbe(b, 7000, false) }
func BenchmarkProbeDTZSpread(b *testing.B) { benchProbe(b, 7000, true) }

// BenchmarkFirstProbe is a table's first probe: the file is mapped, its
// header read, then one position probed (the system's file cache is warm).
func BenchmarkFirstProbe(b *testing.B) {
	openShared(b)
	pos := mustFEN(b, "8/8/8/3p4/8/2k5/8/KR6 w - - 0 1")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		ts, err := Open(tableDir)
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if _, ok := ts.ProbeWDL(pos); !ok {
			b.Fatal("probe failed")
		}
		b.StopTimer()
		ts.Close()
		b.StartTimer()
	}
}
