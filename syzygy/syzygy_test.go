package syzygy

import (
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"brudno/board"
)

func mustFEN(t testing.TB, fen string) *board.Position {
	t.Helper()
	p, err := board.ParseFEN(fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return p
}

// Values checked with Fathom (DTZ there is unsigned).
var knownPositions = []struct {
	fen      string
	wdl, dtz int
}{
	{"8/8/8/8/8/2k5/2p5/K7 w - - 0 1", -2, -2},
	{"8/8/8/8/8/2k5/2p5/K7 b - - 0 1", 2, 1},
	{"4k3/8/8/8/8/8/8/4K2R b - - 0 1", -2, -28},
	{"8/8/8/8/8/8/3k4/KQ6 w - - 0 1", 2, 9},
	{"8/8/8/8/2pP4/8/6k1/K7 b - d3 0 1", 2, 1}, // only the en-passant capture wins
	{"8/8/8/8/2pP4/8/6k1/K7 b - - 0 1", -2, -1},
	{"8/8/8/1k6/8/8/8/1KNN4 w - - 0 1", 0, 0},
	{"8/8/8/8/8/1k6/2r5/K1R5 w - - 0 1", 0, 0},
	{"8/1p6/8/8/8/4N3/8/K6k w - - 0 1", 0, 0},
	{"2K5/8/8/8/8/8/4k1P1/1r6 w - - 0 1", -2, -4},
	{"8/8/1k6/8/8/8/2K5/3BN3 w - - 0 1", 2, 44},
	{"8/8/8/8/8/8/8/K1k5 w - - 0 1", 0, 0},
	{"7k/5K2/6Q1/8/8/8/8/8 b - - 0 1", 0, 0},  // stalemate
	{"6Qk/5K2/8/8/8/8/8/8 b - - 0 1", -2, -1}, // mate
}

func TestKnownPositions(t *testing.T) {
	ts := openShared(t)
	for _, c := range knownPositions {
		pos := mustFEN(t, c.fen)
		before := pos.FEN()
		wdl, ok1 := ts.ProbeWDL(pos)
		dtz, ok2 := ts.ProbeDTZ(pos)
		if !ok1 || !ok2 || wdl != c.wdl || dtz != c.dtz {
			t.Errorf("%s: WDL %d %v, DTZ %d %v; want %d, %d", c.fen, wdl, ok1, dtz, ok2, c.wdl, c.dtz)
		}
		if pos.FEN() != before {
			t.Errorf("%s: position changed to %s", c.fen, pos.FEN())
		}
	}
}

// mirrored returns the FEN with files mirrored (a<->h) and, when flip,
// with colours swapped and ranks mirrored.
func mirrored(fen string, flip bool) string {
	f := strings.Fields(fen)
	ranks := strings.Split(f[0], "/")
	for i, r := range ranks {
		b := []byte(r)
		for l, h := 0, len(b)-1; l < h; l, h = l+1, h-1 {
			b[l], b[h] = b[h], b[l]
		}
		ranks[i] = string(b)
	}
	if f[3] != "-" {
		f[3] = string('h'-(f[3][0]-'a')) + f[3][1:]
	}
	if flip {
		for l, h := 0, 7; l < h; l, h = l+1, h-1 {
			ranks[l], ranks[h] = ranks[h], ranks[l]
		}
		for i, r := range ranks {
			ranks[i] = strings.Map(func(c rune) rune {
				if c >= 'a' && c <= 'z' {
					return c - 32
				} else if c >= 'A' && c <= 'Z' {
					return c + 32
				}
				return c
			}, r)
		}
		f[1] = map[string]string{"w": "b", "b": "w"}[f[1]]
		if f[3] != "-" {
			f[3] = f[3][:1] + map[byte]string{'3': "6", '6': "3"}[f[3][1]]
		}
	}
	f[0] = strings.Join(ranks, "/")
	return strings.Join(f, " ")
}

// TestSymmetries checks that mirrored and colour-flipped positions have
// the same values, which exercises the other sub-tables and mirrors of
// the index.
func TestSymmetries(t *testing.T) {
	ts := openShared(t)
	r := rand.New(rand.NewSource(7))
	names := tableNames(t, tableDir)
	for i := 0; i < 20*len(names); i++ {
		pos := randomPosition(r, names[i%len(names)], i%3 == 0)
		wdl, _ := ts.ProbeWDL(pos)
		dtz, ok := ts.ProbeDTZ(pos)
		if !ok {
			t.Fatalf("%s: probe failed", pos.FEN())
		}
		for _, flip := range []bool{false, true} {
			q := mustFEN(t, mirrored(pos.FEN(), flip))
			w2, _ := ts.ProbeWDL(q)
			d2, ok := ts.ProbeDTZ(q)
			if !ok || w2 != wdl || d2 != dtz {
				t.Fatalf("%s: WDL %d DTZ %d; mirrored %s: WDL %d DTZ %d %v", pos.FEN(), wdl, dtz, q.FEN(), w2, d2, ok)
			}
		}
	}
}

// TestWDLConsistent checks each position's WDL against the best of its
// moves' (a win needs a winning move, a loss only losing moves), where
// the fifty-move rule cannot blur it (values -2, 0, 2 throughout).
func TestWDLConsistent(t *testing.T) {
	ts := openShared(t)
	r := rand.New(rand.NewSource(11))
	names := tableNames(t, tableDir)
	checked := 0
	for i := 0; i < 10*len(names); i++ {
		pos := randomPosition(r, names[i%len(names)], i%2 == 0)
		wdl, ok := ts.ProbeWDL(pos)
		if !ok || !pos.HasLegalMove() {
			continue
		}
		best := -3
		var list board.MoveList
		pos.GenerateLegal(&list)
		for _, m := range list.Slice() {
			pos.Make(m)
			v, ok := ts.ProbeWDL(pos)
			pos.Unmake()
			if !ok {
				t.Fatalf("%s after %v: probe failed", pos.FEN(), m)
			}
			best = max(best, -v)
		}
		if best%2 == 0 && wdl%2 == 0 {
			checked++
			if best != wdl {
				t.Errorf("%s: WDL %d, best move gives %d", pos.FEN(), wdl, best)
			}
		}
	}
	if checked < 5*len(names) {
		t.Errorf("only %d positions checked", checked)
	}
}

func TestRankRoot(t *testing.T) {
	ts := openShared(t)
	pos := mustFEN(t, "8/8/8/8/8/2k5/2p5/K7 b - - 0 1")
	moves, ok := ts.RankRoot(pos, true)
	if !ok || len(moves) != 10 {
		t.Fatalf("RankRoot: %v %d moves", ok, len(moves))
	}
	best := KeepBest(moves)
	got := map[string]bool{}
	for _, m := range best {
		got[m.Move.String()] = true
		if m.Result != 2 || m.WDL != 2 || m.DTZ <= 0 {
			t.Errorf("%v: %+v", m.Move, m)
		}
	}
	// Fathom: Kd2, Kd3, c1=Q and c1=R win; the rest draw.
	for _, m := range []string{"c3d2", "c3d3", "c2c1q", "c2c1r"} {
		if !got[m] {
			t.Errorf("winning move %s not kept: %+v", m, best)
		}
	}
	if len(best) != 4 || moves[0].Move.String() != "c2c1q" || moves[0].DTZ != 1 {
		t.Errorf("best moves %+v", best)
	}
	for _, m := range moves[4:] {
		if m.Result != 0 || m.DTZ != 0 {
			t.Errorf("%v: %+v, want a draw", m.Move, m)
		}
	}
}

// TestRankRootFiftyMoves: KBNvK needs 44 plies to the next capture here;
// with 60 plies on the clock the win is spoilt, unless the rule is off.
func TestRankRootFiftyMoves(t *testing.T) {
	ts := openShared(t)
	for _, c := range []struct {
		clock  int
		rule50 bool
		want   int
	}{{0, true, 2}, {60, true, 1}, {60, false, 2}} {
		pos := mustFEN(t, "8/8/1k6/8/8/8/2K5/3BN3 w - - "+strconv.Itoa(c.clock)+" 40")
		moves, ok := ts.RankRoot(pos, c.rule50)
		if !ok {
			t.Fatal("RankRoot failed")
		}
		if moves[0].Result != c.want || moves[0].DTZ != 44 {
			t.Errorf("clock %d rule50 %v: best %+v, want result %d DTZ 44", c.clock, c.rule50, moves[0], c.want)
		}
	}
}

func TestNotProbeable(t *testing.T) {
	ts := openShared(t)
	for _, fen := range []string{
		"4k3/8/8/8/8/8/8/4K2R w K - 0 1",                        // castling rights
		"4k3/8/8/8/8/8/8/RN2K2R w - - 0 1",                      // five pieces
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", // far too many
	} {
		pos := mustFEN(t, fen)
		if _, ok := ts.ProbeWDL(pos); ok {
			t.Errorf("%s: ProbeWDL ok", fen)
		}
		if _, ok := ts.ProbeDTZ(pos); ok {
			t.Errorf("%s: ProbeDTZ ok", fen)
		}
		if _, ok := ts.RankRoot(pos, true); ok {
			t.Errorf("%s: RankRoot ok", fen)
		}
	}
	var none *Tables
	if _, ok := none.ProbeWDL(mustFEN(t, knownPositions[0].fen)); ok || none.MaxPieces() != 0 {
		t.Error("a nil Tables probes")
	}
}

func TestOpenPaths(t *testing.T) {
	for _, p := range []string{"", "<empty>"} {
		ts, err := Open(p)
		if w, d := ts.Counts(); err != nil || w != 0 || d != 0 || ts.MaxPieces() != 0 {
			t.Errorf("Open(%q): %d %d %v", p, w, d, err)
		}
	}
	if _, err := os.Stat(tableDir); err != nil {
		t.Skip("no tables")
	}
	missing := filepath.Join(t.TempDir(), "nothing")
	ts, err := Open(missing + string(os.PathListSeparator) + tableDir)
	if err == nil || !strings.Contains(err.Error(), "nothing") {
		t.Errorf("a missing folder gives error %v", err)
	}
	if w, d := ts.Counts(); w != 35 || d != 35 || ts.MaxPieces() != 4 {
		t.Errorf("found %d WDL, %d DTZ, max %d pieces; want 35, 35, 4", w, d, ts.MaxPieces())
	}
	if s := ts.String(); s != "35 WDL and 35 DTZ tables, up to 4 pieces" {
		t.Errorf("String: %q", s)
	}
}

// TestConcurrentProbes: goroutines probing fresh tables at once (so that
// they race to load them) agree with a sequential run.
func TestConcurrentProbes(t *testing.T) {
	ref := openShared(t)
	ps := spreadPositions(t, 280)
	want := make([]int, len(ps))
	for i, p := range ps {
		w, _ := ref.ProbeWDL(p)
		d, _ := ref.ProbeDTZ(p)
		want[i] = 1000*w + d
	}
	ts, err := Open(tableDir)
	if err != nil {
		t.Fatal(err)
	}
	defer ts.Close()
	const workers = 4
	errs := make(chan string, workers)
	for g := 0; g < workers; g++ {
		go func(g int) {
			bad := ""
			for k := range ps {
				i := (k + g*len(ps)/workers) % len(ps)
				p, err := board.ParseFEN(ps[i].FEN()) // each goroutine its own position
				if err != nil {
					bad = err.Error()
					break
				}
				w, ok1 := ts.ProbeWDL(p)
				d, ok2 := ts.ProbeDTZ(p)
				if !ok1 || !ok2 || 1000*w+d != want[i] {
					bad = p.FEN()
				}
			}
			errs <- bad
		}(g)
	}
	for g := 0; g < workers; g++ {
		if bad := <-errs; bad != "" {
			t.Errorf("concurrent probe of %s differs", bad)
		}
	}
}
