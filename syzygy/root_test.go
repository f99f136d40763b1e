package syzygy

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// keptMoves writes the moves KeepBest keeps, and the first one's result.
func keptMoves(moves []RootMove) (string, int, bool) {
	kept := KeepBest(moves)
	var names []string
	for _, m := range kept {
		names = append(names, m.Move.String())
	}
	return strings.Join(names, " "), kept[0].Result, kept[0].Certain
}

// The boundary example of docs/syzygy-format.md ("The fifty-move rule at
// the root"): KBNvK, whose DTZ is stored in moves, so that the value of
// Kd3 and of white's best replies may be one ply short. With the clock
// at c, black's best loss is certain at c + 53 = 99, uncertain at 100
// (the true mate would be the 101st ply) and saved at 101; after Kd3
// white's win is certain at c + 52 = 99, uncertain at 100 and spoilt at
// 101. A second KBNvK position has a certain win beside an uncertain one:
// only the certain ones are kept.
func TestRankRootBoundary(t *testing.T) {
	ts := sharedTables(t)
	for _, c := range []struct {
		fen     string
		kept    string
		result  int
		certain bool
	}{
		{"8/2K5/4B3/3N4/8/8/4k3/8 b - - 46 1", "e2d3 e2d1 e2e1 e2f1 e2d2 e2f2 e2f3", -2, true},
		{"8/2K5/4B3/3N4/8/8/4k3/8 b - - 47 1", "e2d3", -2, false},
		{"8/2K5/4B3/3N4/8/8/4k3/8 b - - 48 1", "e2d3", -1, true},
		{"8/2K5/4B3/3N4/8/3k4/8/8 w - - 47 1", "c7d6 e6f5", 2, true},
		{"8/2K5/4B3/3N4/8/3k4/8/8 w - - 48 1", "c7d6 e6f5", 2, false},
		{"6B1/8/7k/7N/8/8/5K2/8 w - - 44 1", "g8f7 h5f4", 2, true}, // not h5g3: 44 + 56 = 100, rounded
	} {
		pos := mustFEN(t, c.fen)
		moves, ok := ts.RankRoot(pos, true)
		if !ok {
			t.Fatalf("%s: RankRoot failed", c.fen)
		}
		if kept, result, certain := keptMoves(moves); kept != c.kept || result != c.result || certain != c.certain {
			t.Errorf("%s: keeps %s (result %d, certain %v), want %s (%d, %v)", c.fen, kept, result, certain, c.kept, c.result, c.certain)
		}
	}
	// At 49 every winning move of white is spoilt: all are kept, none
	// certain of more than a draw.
	pos := mustFEN(t, "8/2K5/4B3/3N4/8/3k4/8/8 w - - 49 1")
	moves, _ := ts.RankRoot(pos, true)
	for _, m := range moves {
		if want := map[bool]int{true: 1, false: 0}[m.WDL == 2]; m.Result != want || !m.Certain {
			t.Errorf("clock 49: %v has result %d (certain %v), want %d", m.Move, m.Result, m.Certain, want)
		}
	}
	if kept := KeepBest(moves); len(kept) != 20 || kept[0].Move.String() != "c7d6" {
		t.Errorf("clock 49: %d moves kept, first %v; want the 20 spoilt wins, c7d6 first", len(kept), kept[0].Move)
	}
	// Without the rule the clock does not matter.
	moves, _ = ts.RankRoot(mustFEN(t, "8/2K5/4B3/3N4/8/3k4/8/8 w - - 49 1"), false)
	if kept, result, certain := keptMoves(moves); result != 2 || !certain || len(strings.Fields(kept)) != 20 {
		t.Errorf("rule50 off: keeps %s (%d, %v)", kept, result, certain)
	}
}

// The KBNvK boundary checked against Fathom: its header (its WDL word
// comes from its DTZ and the clock, so it says "Loss" at 47 too), and the
// line it plays out from the position with the clock as given, which
// ends in mate at 46 but in a draw by the fifty-move rule at 47 and 48:
// the DTZ of 53 is one ply short, the mate comes on the 54th ply. By the
// rule of RootMove, Kd3 is a certain loss at 46, an uncertain one at 47
// (kept alone: it may be saved) and a loss the rule saves at 48.
func TestKBNvKBoundaryFathom(t *testing.T) {
	ts := sharedTables(t)
	fathom := needFathom(t)
	for _, c := range []struct {
		clock   int
		word    string
		line    string // the end of Fathom's line
		kept    string
		result  int
		certain bool
	}{
		{46, "Loss", "28. Nf1# 1-0", "e2d3 e2d1 e2e1 e2f1 e2d2 e2f2 e2f3", -2, true},
		{47, "Loss", "27. Bg2+ Kh2 1/2-1/2", "e2d3", -2, false},
		{48, "BlessedLoss", "27. Bg2+ 1/2-1/2", "e2d3", -1, true},
	} {
		fen := fmt.Sprintf("8/2K5/4B3/3N4/8/8/4k3/8 b - - %d 1", c.clock)
		out, err := exec.Command(fathom, "--path="+tableDir, fen).Output()
		if err != nil {
			t.Fatalf("fathom %s: %v", fen, err)
		}
		text := string(out)
		if !strings.Contains(text, `[WDL "`+c.word+`"]`) || !strings.Contains(text, `[DTZ "53"]`) {
			t.Errorf("%s: Fathom's header is not %s, DTZ 53:\n%s", fen, c.word, text)
		}
		lineEnd := ""
		for _, l := range strings.Split(text, "\n") {
			if strings.HasPrefix(l, "1... Kd3 ") {
				lineEnd = l
			}
		}
		if !strings.HasSuffix(lineEnd, " "+c.line) {
			t.Errorf("%s: Fathom's line %q does not end with %q", fen, lineEnd, c.line)
		}
		moves, ok := ts.RankRoot(mustFEN(t, fen), true)
		if !ok {
			t.Fatalf("%s: RankRoot failed", fen)
		}
		if moves[0].DTZ != -53 || moves[0].Exact {
			t.Errorf("%s: the best move %+v, want Kd3 with a DTZ of -53, not exact", fen, moves[0])
		}
		if kept, result, certain := keptMoves(moves); kept != c.kept || result != c.result || certain != c.certain {
			t.Errorf("%s: keeps %s (result %d, certain %v), want %s (%d, %v)", fen, kept, result, certain, c.kept, c.result, c.certain)
		}
	}
}

// Each kind of root move: a mate (a win even on the hundredth ply), a
// zeroing move (by the WDL after it, DTZ 1), a move that lets the
// fifty-move draw be claimed, and the others by DTZ; the order is the
// ranking's and the values are those the DTZ table implies.
func TestRankRootMoves(t *testing.T) {
	ts := sharedTables(t)
	// Rh8 mates; every other move reaches the hundredth ply.
	moves, ok := ts.RankRoot(mustFEN(t, "1k6/8/1K6/8/8/8/8/7R w - - 99 1"), true)
	if !ok || moves[0].Move.String() != "h1h8" || moves[0] != (RootMove{Move: moves[0].Move, WDL: 2, DTZ: 1, Exact: true, Result: 2, Certain: true, Rank: moves[0].Rank}) {
		t.Fatalf("mate at 99: %+v", moves)
	}
	for _, m := range moves[1:] {
		if m.WDL != 0 || m.DTZ != 0 || m.Result != 0 || !m.Certain {
			t.Errorf("clock 99: %v is %+v, want a draw", m.Move, m)
		}
	}
	// Promotions: to a queen or rook wins at once (zeroing), to a knight
	// or bishop draws; the king moves draw.
	moves, _ = ts.RankRoot(mustFEN(t, "8/5P1k/1K6/8/8/8/8/8 w - - 0 1"), true)
	if kept, _, _ := keptMoves(moves); kept != "f7f8q f7f8r" || moves[0].DTZ != 1 || !moves[0].Exact {
		t.Errorf("promotion: keeps %s, %+v", kept, moves[0])
	}
	// A lost position: the loser's moves by the longest distance first.
	moves, _ = ts.RankRoot(mustFEN(t, "8/8/8/3k4/8/8/8/1Q2K3 b - - 0 1"), true)
	for i, m := range moves {
		if m.WDL != -2 || m.Result != -2 || m.DTZ > -2 || i > 0 && -m.DTZ > -moves[i-1].DTZ {
			t.Errorf("KQvK, black: %+v out of order or not a loss", m)
		}
	}
	if moves[0].DTZ != -18 {
		t.Errorf("KQvK, black: the longest loss is %d plies, the DTZ of the position is -18", moves[0].DTZ)
	}
	// The best move's DTZ is the position's, one further from zero.
	for _, fen := range []string{"8/8/8/3k4/8/8/8/1Q2K3 w - - 0 1", "8/8/8/8/3K4/8/5r2/6k1 b - - 0 1", "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1"} {
		pos := mustFEN(t, fen)
		d, _ := ts.ProbeDTZ(pos)
		moves, _ := ts.RankRoot(pos, true)
		if moves[0].DTZ != d {
			t.Errorf("%s: best move's DTZ %d, the position's %d", fen, moves[0].DTZ, d)
		}
	}
}

// A move that brings a position on the board for the third time is a
// draw; one that brings it for the second time is ranked by the tables.
func TestRankRootRepetition(t *testing.T) {
	ts := sharedTables(t)
	pos := mustFEN(t, "8/8/8/3k4/8/8/8/1Q2K3 w - - 0 1")
	play := func(moves ...string) {
		for _, s := range moves {
			m, err := pos.ParseMove(s)
			if err != nil {
				t.Fatal(err)
			}
			pos.Make(m)
		}
	}
	resultOf := func(move string) RootMove {
		moves, ok := ts.RankRoot(pos, true)
		if !ok {
			t.Fatal("RankRoot failed")
		}
		for _, m := range moves {
			if m.Move.String() == move {
				return m
			}
		}
		t.Fatalf("no move %s", move)
		return RootMove{}
	}
	play("e1e2", "d5d6", "e2e1", "d6d5") // the root again; e1e2 would reach its position a second time
	if m := resultOf("e1e2"); m.Result != 2 || m.WDL != 2 || m.DTZ < 2 {
		t.Errorf("a second occurrence: %+v, want a win", m)
	}
	play("e1e2", "d5d6", "e2e1", "d6d5") // e1e2 now reaches its position a third time
	if m := resultOf("e1e2"); m.Result != 0 || m.WDL != 0 || m.DTZ != 0 || !m.Certain {
		t.Errorf("a third occurrence: %+v, want a draw", m)
	}
	if m := resultOf("b1b7"); m.Result != 2 {
		t.Errorf("a move that repeats nothing: %+v, want a win", m)
	}
}

// RankRoot fails where a probe cannot answer, and leaves the position
// as it was.
func TestRankRootRefusals(t *testing.T) {
	ts := sharedTables(t)
	for _, fen := range []string{
		"4k3/8/8/8/8/8/8/4K2R w K - 0 1",   // castling rights
		"4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1", // five pieces
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	} {
		pos := mustFEN(t, fen)
		if moves, ok := ts.RankRoot(pos, true); ok || moves != nil {
			t.Errorf("%s: RankRoot %v %v", fen, ok, moves)
		}
		if pos.FEN() != fen {
			t.Errorf("%s changed to %s", fen, pos.FEN())
		}
	}
	var none *Tables
	if _, ok := none.RankRoot(mustFEN(t, "8/8/8/3k4/8/8/8/1Q2K3 w - - 0 1"), true); ok {
		t.Error("a nil Tables ranked a position")
	}
	if got := KeepBest(nil); len(got) != 0 {
		t.Errorf("KeepBest(nil) = %v", got)
	}
}

// AppendRankRoot appends RankRoot's moves after what dst holds, and
// returns dst as it was when a probe fails part of the way through.
func TestAppendRankRoot(t *testing.T) {
	ts := sharedTables(t)
	fen := "8/3k4/8/5r2/8/8/K4Q2/8 b - - 0 1"
	want, ok := ts.RankRoot(mustFEN(t, fen), true)
	if !ok || len(want) < 2 {
		t.Fatalf("RankRoot: %v %v", ok, want)
	}
	mark := RootMove{Rank: -1}
	got, ok := ts.AppendRankRoot([]RootMove{mark}, mustFEN(t, fen), true)
	if !ok || len(got) != len(want)+1 || got[0] != mark || !slices.Equal(got[1:], want) {
		t.Errorf("AppendRankRoot: %v %v, want the mark and %v", ok, got, want)
	}

	// Without the KRvK tables, Rxa2 of KRvKR cannot be ranked.
	dir := t.TempDir()
	for _, name := range []string{"KRvKR.rtbw", "KRvKR.rtbz"} {
		os.WriteFile(filepath.Join(dir, name), readShared(t, name), 0o644)
	}
	few, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer few.Close()
	pos := mustFEN(t, "8/8/8/3k4/8/8/r7/R3K3 w - - 0 1")
	dst := make([]RootMove, 1, 8)
	got, ok = few.AppendRankRoot(dst, pos, true)
	if ok || len(got) != 1 || &got[0] != &dst[0] {
		t.Errorf("without KRvK: %v, %d moves", ok, len(got))
	}
	if pos.FEN() != "8/8/8/3k4/8/8/r7/R3K3 w - - 0 1" {
		t.Errorf("the position changed to %s", pos.FEN())
	}
}
