package syzygy

import (
	"os"
	"path/filepath"
	"testing"

	"brudno/board"
)

// fuzzTables are the materials FuzzTableFile reads bytes as: pawnless
// with unique pieces, with a pair of like pieces, with pawns on one side
// and on both; each with a legal position to probe.
var fuzzTables = []struct{ name, fen string }{
	{"KRvK", "8/8/8/3k4/8/8/1R6/K7 w - - 0 1"},
	{"KNNvK", "8/8/8/3k4/8/8/1N6/KN6 b - - 0 1"},
	{"KPvK", "8/8/8/3k4/8/8/1P6/K7 w - - 0 1"},
	{"KPvKP", "8/3p4/8/3k4/8/8/1P6/K7 b - - 0 1"},
}

// FuzzTableFile feeds arbitrary bytes to the table reader as one of the
// fuzzTables' WDL or DTZ files; whatever it accepts is decoded at a
// spread of indices and probed. Nothing may panic. The seeds are real
// small tables (when the shared folder exists), damaged copies of them,
// and synthetic headers.
func FuzzTableFile(f *testing.F) {
	for i, ft := range fuzzTables {
		for k, ext := range []string{extWDL, extDTZ} {
			sel := byte(2*i + k)
			magic := magicWDL
			if k == 1 {
				magic = magicDTZ
			}
			f.Add(sel, append(magic[:], 0, 0x10, 0x21, 0, 0, 0x80, 3))
			f.Add(sel, append(magic[:], 3, 0x10, 0x21, 0x10, 0x21, 0, 2, 5, 9, 4, 0x7f))
			data, err := os.ReadFile(filepath.Join(tableDir, ft.name+ext))
			if err != nil {
				continue
			}
			f.Add(sel, data)
			f.Add(sel, data[:len(data)*2/3])
			for _, at := range []int{5, 9, 12, 20, len(data) / 2, len(data) - 9} {
				if at >= 0 && at < len(data) {
					b := append([]byte(nil), data...)
					b[at] ^= 0x5a
					f.Add(sel, b)
				}
			}
		}
	}
	f.Fuzz(fuzzOne)
}

func fuzzOne(t *testing.T, sel byte, data []byte) {
	ft := fuzzTables[int(sel/2)%len(fuzzTables)]
	tb, err := newTable(ft.name, sel%2 == 1)
	if err != nil {
		t.Fatal(err)
	}
	if tb.parse(data) != nil {
		return
	}
	tb.sample(8)
	tb.data, tb.path = data, "fuzz"
	tb.state.Store(stateReady)
	ts := &Tables{wdl: map[uint32]*table{}, dtz: map[uint32]*table{}, maxPieces: tb.pieces}
	m := ts.wdl
	if tb.dtz {
		m = ts.dtz
	}
	m[tb.key], m[tb.key2] = tb, tb
	pos, err := board.ParseFEN(ft.fen)
	if err != nil {
		t.Fatal(err)
	}
	if tb.dtz {
		for wdl := -2; wdl <= 2; wdl++ {
			if wdl != 0 {
				ts.tableDTZ(pos, wdl)
			}
		}
	} else {
		ts.tableWDL(pos)
	}
}
