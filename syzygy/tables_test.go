package syzygy

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"brudno/board"
)

// Open finds the tables of several folders, skips what it cannot use and
// says so, and counts what it found.
func TestOpen(t *testing.T) {
	if _, err := os.Stat(filepath.Join(tableDir, "KQvK.rtbw")); err != nil {
		missing(t, "no tablebases in %s", tableDir)
	}
	dir := t.TempDir()
	for _, name := range []string{"KRvKQ.rtbw", "KvK.rtbw", "KQKvK.rtbz", "KQvK.txt", "KQRBNPPvK.rtbw"} {
		os.WriteFile(filepath.Join(dir, name), []byte("x"), 0o644)
	}
	os.Mkdir(filepath.Join(dir, "KRvK.rtbw"), 0o755) // a folder is no table
	gone := filepath.Join(dir, "missing")
	sep := string(os.PathListSeparator)
	ts, err := Open(strings.Join([]string{"", dir, "<empty>", gone, tableDir}, sep))
	if ts == nil {
		t.Fatal("Open returned no Tables")
	}
	defer ts.Close()
	if err == nil {
		t.Fatal("no error for a missing folder and unusable names")
	}
	for _, want := range []string{gone, "KRvKQ.rtbw", "KvK.rtbw", "KQKvK.rtbz", "KQRBNPPvK.rtbw"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error does not name %s: %v", want, err)
		}
	}
	if strings.Contains(err.Error(), "KQvK.txt") {
		t.Errorf("the error names a file that is no table: %v", err)
	}
	if wdl, dtz := ts.Counts(); wdl != 35 || dtz != 35 || ts.MaxPieces() != 4 {
		t.Errorf("found %d WDL, %d DTZ, up to %d pieces", wdl, dtz, ts.MaxPieces())
	}
	if s := ts.String(); s != "35 WDL and 35 DTZ tables, up to 4 pieces" {
		t.Errorf("String: %q", s)
	}
	if w, ok := ts.ProbeWDL(mustFEN(t, "8/8/8/3k4/8/8/8/1Q2K3 w - - 0 1")); !ok || w != 2 {
		t.Errorf("KQvK: %d %v", w, ok)
	}

	for _, paths := range []string{"", "<empty>", sep} {
		ts, err := Open(paths)
		if err != nil || ts.MaxPieces() != 0 || ts.String() != "0 WDL and 0 DTZ tables, up to 0 pieces" {
			t.Errorf("Open(%q): %v, %v", paths, err, ts)
		}
	}
}

// A nil *Tables is an empty set: every method answers.
func TestNilTables(t *testing.T) {
	var ts *Tables
	pos := mustFEN(t, "8/8/8/3k4/8/8/8/1Q2K3 w - - 0 1")
	if _, ok := ts.ProbeWDL(pos); ok {
		t.Error("ProbeWDL answered")
	}
	if _, ok := ts.ProbeDTZ(pos); ok {
		t.Error("ProbeDTZ answered")
	}
	if w, d := ts.Counts(); w != 0 || d != 0 || ts.MaxPieces() != 0 || ts.LoadErrors() != nil || ts.Close() != nil {
		t.Error("a nil Tables is not empty")
	}
	if ts.String() != "0 WDL and 0 DTZ tables, up to 0 pieces" {
		t.Errorf("String: %q", ts.String())
	}
}

// Positions the tables cannot hold are refused: castling rights, more
// pieces than any table, a table missing; two bare kings are a draw.
func TestProbeRefusals(t *testing.T) {
	ts := sharedTables(t)
	for _, fen := range []string{
		"4k3/8/8/8/8/8/8/4K2R w K - 0 1",
		"4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1",
	} {
		pos := mustFEN(t, fen)
		if _, ok := ts.ProbeWDL(pos); ok {
			t.Errorf("%s: ProbeWDL answered", fen)
		}
		if _, ok := ts.ProbeDTZ(pos); ok {
			t.Errorf("%s: ProbeDTZ answered", fen)
		}
	}
	pos := mustFEN(t, "8/8/3k4/8/8/3K4/8/8 w - - 0 1")
	if w, ok := ts.ProbeWDL(pos); !ok || w != 0 {
		t.Errorf("KvK: %d %v", w, ok)
	}
	// Without the KRvK tables, KRvKR cannot be probed where a capture
	// leads to KRvK, nor can KRvK itself.
	dir := t.TempDir()
	for _, name := range []string{"KRvKR.rtbw", "KRvKR.rtbz"} {
		data, err := os.ReadFile(filepath.Join(tableDir, name))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, name), data, 0o644)
	}
	few, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer few.Close()
	if _, ok := few.ProbeWDL(mustFEN(t, "8/8/8/3k4/8/8/r7/R3K3 w - - 0 1")); ok {
		t.Error("KRvKR with Rxa2 probed without KRvK")
	}
	if _, ok := few.ProbeWDL(mustFEN(t, "8/8/8/3k4/8/8/8/R3K3 w - - 0 1")); ok {
		t.Error("KRvK probed without its table")
	}
	if errs := few.LoadErrors(); len(errs) != 0 {
		t.Errorf("missing tables are no load errors: %v", errs)
	}
}

// Mirroring a position (colours swapped, board turned top to bottom, the
// other side to move) or reflecting a pawnless one left to right changes
// neither WDL nor DTZ.
func TestSymmetry(t *testing.T) {
	ts := sharedTables(t)
	rng := rand.New(rand.NewPCG(3, 3))
	for i := range 700 {
		name := smallMaterials[i%len(smallMaterials)]
		pos := randomPosition(rng, name, rng.IntN(2) == 0, board.Color(rng.IntN(2)))
		w, ok1 := ts.ProbeWDL(pos)
		d, ok2 := ts.ProbeDTZ(pos)
		if !ok1 || !ok2 {
			t.Fatalf("%s: probes failed", pos.FEN())
		}
		images := []string{flipColours(pos.FEN())}
		if !strings.Contains(name, "P") {
			images = append(images, mirrorFiles(pos.FEN()))
		}
		for _, fen := range images {
			img := mustFEN(t, fen)
			w2, _ := ts.ProbeWDL(img)
			d2, _ := ts.ProbeDTZ(img)
			if w2 != w || d2 != d {
				t.Errorf("%s: WDL %d DTZ %d; %s: %d %d", pos.FEN(), w, d, fen, w2, d2)
			}
		}
	}
}

// flipColours turns a FEN's board top to bottom and swaps the colours
// and the side to move.
func flipColours(fen string) string {
	f := strings.Fields(fen)
	ranks := strings.Split(f[0], "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	swap := func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z':
			return r - 'a' + 'A'
		case r >= 'A' && r <= 'Z':
			return r - 'A' + 'a'
		}
		return r
	}
	f[0] = strings.Map(swap, strings.Join(ranks, "/"))
	f[1] = map[string]string{"w": "b", "b": "w"}[f[1]]
	if f[3] != "-" {
		f[3] = string(f[3][0]) + map[byte]string{'3': "6", '6': "3"}[f[3][1]]
	}
	return strings.Join(f, " ")
}

// mirrorFiles reflects a FEN's board left to right.
func mirrorFiles(fen string) string {
	f := strings.Fields(fen)
	ranks := strings.Split(f[0], "/")
	for i, r := range ranks {
		b := []byte(r)
		for x, y := 0, len(b)-1; x < y; x, y = x+1, y-1 {
			b[x], b[y] = b[y], b[x]
		}
		ranks[i] = string(b)
	}
	f[0] = strings.Join(ranks, "/")
	return strings.Join(f, " ")
}

// Many goroutines probing at once while the files load (run with -race):
// every answer equals the one of a single goroutine.
func TestConcurrentProbes(t *testing.T) {
	ref := sharedTables(t)
	rng := rand.New(rand.NewPCG(5, 5))
	type probe struct {
		fen    string
		w, d   int
		ranked int
	}
	var probes []probe
	for i := range 140 {
		pos := randomPosition(rng, smallMaterials[i%len(smallMaterials)], i%2 == 0, board.Color(rng.IntN(2)))
		w, _ := ref.ProbeWDL(pos)
		d, _ := ref.ProbeDTZ(pos)
		moves, _ := ref.RankRoot(pos, true)
		probes = append(probes, probe{pos.FEN(), w, d, moves[0].Rank})
	}
	ts, err := Open(tableDir) // fresh: every file loads during the test
	if err != nil {
		t.Fatal(err)
	}
	defer ts.Close()
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range probes {
				p := probes[(i+17*g)%len(probes)]
				pos, _ := board.ParseFEN(p.fen)
				w, ok1 := ts.ProbeWDL(pos)
				d, ok2 := ts.ProbeDTZ(pos)
				moves, ok3 := ts.RankRoot(pos, true)
				if !ok1 || !ok2 || !ok3 || w != p.w || d != p.d || moves[0].Rank != p.ranked {
					t.Errorf("%s: %d %d %v %v %v, want %d %d", p.fen, w, d, ok1, ok2, ok3, p.w, p.d)
				}
			}
		}()
	}
	wg.Wait()
	if errs := ts.LoadErrors(); len(errs) != 0 {
		t.Errorf("load errors: %v", errs)
	}
}

// Probes, and root rankings into a slice with room, allocate nothing
// once the files are loaded.
func TestProbesDoNotAllocate(t *testing.T) {
	ts := sharedTables(t)
	var positions []*board.Position
	for _, fen := range []string{
		"8/8/8/3k4/8/8/8/1Q2K3 b - - 0 1",
		"8/2K5/4B3/3N4/8/3k4/8/8 w - - 0 1",
		"8/3k4/8/5r2/8/8/K4Q2/8 b - - 0 1",
		"8/2K3k1/8/4pP2/8/8/8/8 w - e6 0 1",
		"8/8/8/8/8/1k6/5PP1/4K3 w - - 0 1",
		"8/8/8/8/8/2k5/r7/4K2R b - - 0 1",
	} {
		positions = append(positions, mustFEN(t, fen))
	}
	for _, pos := range positions { // load the files
		ts.ProbeDTZ(pos)
	}
	if n := testing.AllocsPerRun(20, func() {
		for _, pos := range positions {
			ts.ProbeWDL(pos)
		}
	}); n != 0 {
		t.Errorf("ProbeWDL: %v allocations", n)
	}
	if n := testing.AllocsPerRun(20, func() {
		for _, pos := range positions {
			ts.ProbeDTZ(pos)
		}
	}); n != 0 {
		t.Errorf("ProbeDTZ: %v allocations", n)
	}
	buf := make([]RootMove, 0, board.MaxMoves)
	if n := testing.AllocsPerRun(20, func() {
		for _, pos := range positions {
			buf, _ = ts.AppendRankRoot(buf[:0], pos, true)
		}
	}); n != 0 {
		t.Errorf("AppendRankRoot: %v allocations", n)
	}
}
