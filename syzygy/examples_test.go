package syzygy

import "testing"

// The worked examples of docs/syzygy-format.md: each position's index in
// its WDL (and DTZ) file, and its WDL and DTZ.
func TestWorkedExamples(t *testing.T) {
	ts := sharedTables(t)
	for _, c := range []struct {
		fen                string
		wdlIndex, dtzIndex int64 // -1: not checked
		wdl, dtz           int
	}{
		{"8/8/8/3k4/8/8/8/1Q2K3 w - - 0 1", 30147, 30147, 2, 15},
		{"8/8/8/3k4/8/8/8/1Q2K3 b - - 0 1", 30147, -1, -2, -18},
		{"8/8/8/8/3K4/8/5r2/6k1 w - - 0 1", 28966, -1, -2, -32},
		{"8/2K5/4B3/3N4/8/8/4k3/8 b - - 0 1", 1114093, 788230, -2, -53},
		{"4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", 816985, -1, 2, 28},
		{"8/8/8/8/8/2k5/r7/4K2R b - - 0 1", 1486461, 1653106, 2, 3},
		{"8/8/8/8/4k3/8/6r1/Q3K3 w - - 0 1", 507178, 1770467, 2, 3},
		{"8/3k4/8/5r2/8/8/K4Q2/8 b - - 0 1", 908566, -1, 2, 1},
		{"8/8/8/8/8/3k4/3P4/3K4 w - - 0 1", 1074, -1, 0, 0},
		{"3k4/3p4/3K4/8/8/8/8/8 b - - 0 1", 1074, -1, 0, 0},
		{"8/3p4/8/8/8/8/k7/2K5 b - - 0 1", 3575, 3575, 2, 5},
		{"8/8/8/8/8/1k6/5PP1/4K3 w - - 0 1", 88167, -1, 2, 1},
		{"Q7/8/8/8/8/1K6/2p5/3k4 w - - 0 1", 12781, 73726, 2, 5},
		{"8/2K3k1/8/4pP2/8/8/8/8 w - e6 0 1", 884601, -1, 2, 1},
		{"8/2K3k1/8/4pP2/8/8/8/8 w - - 0 1", 884601, -1, -2, -3},
		{"2k5/8/8/1Pp5/8/8/8/7K w - c6 0 1", 695089, -1, 0, 0},
		{"2k5/8/8/1Pp5/8/8/8/7K w - - 0 1", 695089, -1, -2, -5},
		{"k7/1Q6/1K6/8/8/8/8/8 b - - 0 1", -1, -1, -2, -1},
		{"k7/8/1Q6/2K5/8/8/8/8 b - - 0 1", -1, -1, 0, 0},
	} {
		pos := mustFEN(t, c.fen)
		for kind, want := range []int64{c.wdlIndex, c.dtzIndex} {
			if want < 0 {
				continue
			}
			e, swapped, _ := ts.lookup(pos)
			tb := ts.file(e, kind)
			if tb == nil {
				t.Fatalf("%s: no file of kind %d", c.fen, kind)
			}
			_, idx, _, ok := tb.locate(pos, swapped)
			if !ok || int64(idx) != want {
				t.Errorf("%s: index %d in the %s file, want %d", c.fen, idx, extensions[kind], want)
			}
		}
		before := pos.FEN()
		if w, ok := ts.ProbeWDL(pos); !ok || w != c.wdl {
			t.Errorf("%s: WDL %d %v, want %d", c.fen, w, ok, c.wdl)
		}
		if d, ok := ts.ProbeDTZ(pos); !ok || d != c.dtz {
			t.Errorf("%s: DTZ %d %v, want %d", c.fen, d, ok, c.dtz)
		}
		if pos.FEN() != before {
			t.Errorf("%s: the probes left %s", c.fen, pos.FEN())
		}
	}
}
