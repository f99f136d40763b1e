package search

import (
	"os"
	"path/filepath"
	"testing"

	"brudno/board"
	"brudno/syzygy"
)

// sharedTables opens the 3- and 4-piece tables of ../shared/syzygy, or
// skips the test when they are absent (a user's clone has none), except
// under CI=true, where they are installed and a skip would hide a
// failure.
func sharedTables(t *testing.T) *syzygy.Tables {
	t.Helper()
	dir := filepath.Join("..", "..", "shared", "syzygy")
	if _, err := os.Stat(filepath.Join(dir, "KQvK.rtbw")); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("no tablebases in ../shared/syzygy under CI=true: %v", err)
		}
		t.Skip("no tablebases in ../shared/syzygy")
	}
	ts, err := syzygy.Open(dir)
	if err != nil || ts.MaxPieces() < 4 {
		t.Fatalf("opening %s: %v, %d pieces", dir, err, ts.MaxPieces())
	}
	t.Cleanup(func() { ts.Close() })
	return ts
}

// With the root in the tables, the move played keeps the tables' best
// result, and the score shown is the tables' verdict (a win in the
// tablebase band, shown as centipawns, not as a mate), whatever the
// search's depth; searchmoves and MultiPV choose among the moves kept.
func TestTablebaseRoot(t *testing.T) {
	ts := sharedTables(t)
	for _, c := range []struct {
		fen    string
		result int // the best result, side to move's view
	}{
		{"8/8/8/4k3/8/8/8/KQ6 w - - 0 1", 2},
		{"8/5P1k/1K6/8/8/8/8/8 w - - 0 1", 2},  // only promoting wins (10 of 12 moves draw)
		{"8/1k6/R7/8/8/2K5/8/8 w - - 0 1", 2},  // 12 of 22 moves lose the rook
		{"8/k1p5/8/2K5/8/8/8/8 w - - 0 1", 0},  // 3 of 6 king moves lose
		{"8/8/8/8/8/3k4/8/R3K3 w - - 90 1", 1}, // too late for the fifty-move rule: cursed
		{"8/8/8/4k3/8/2n5/8/KQ6 b - - 0 1", 0}, // the knight must take the queen
		{"8/8/8/3k4/8/8/2K5/2Q5 b - - 0 1", -2},
	} {
		pos, err := board.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		ranked, ok := ts.RankRoot(pos, true)
		if !ok || ranked[0].Result != c.result {
			t.Fatalf("%s: the tables rank %v, %v", c.fen, ok, ranked)
		}
		resultOf := map[board.Move]int{}
		for _, m := range ranked {
			resultOf[m.Move] = m.Result
		}
		for _, depth := range []int{1, 6} {
			opts := DefaultOptions()
			opts.TB = ts
			r := NewSearcher(NewTT(4)).Search(pos, Limits{Depth: depth}, opts, 0, Callbacks{})
			if resultOf[r.Best] != c.result {
				t.Errorf("%s depth %d: plays %v, whose result is %d, not %d", c.fen, depth, r.Best, resultOf[r.Best], c.result)
			}
			want := c.result
			if c.result == 2 {
				want = TBWin - ranked[0].DTZ
			} else if c.result == -2 {
				want = -TBWin - ranked[0].DTZ // DTZ is negative for a loss
			}
			if !IsMateScore(r.Score) && r.Score != want {
				t.Errorf("%s depth %d: score %d, want %d", c.fen, depth, r.Score, want)
			}
		}
	}
	// searchmoves: the best result among the moves allowed.
	pos, _ := board.ParseFEN("8/8/8/4k3/8/2n5/8/KQ6 b - - 0 1")
	opts := DefaultOptions()
	opts.TB = ts
	blunder, _ := pos.ParseMove("c3e2")
	if r := NewSearcher(NewTT(4)).Search(pos, Limits{Depth: 4, SearchMoves: []board.Move{blunder}}, opts, 0, Callbacks{}); r.Best != blunder {
		t.Errorf("searchmoves c3e2: plays %v", r.Best)
	}
	// MultiPV: only the moves kept (one here) are lines.
	opts.MultiPV = 3
	var lines int
	NewSearcher(NewTT(4)).Search(pos, Limits{Depth: 3}, opts, 0, Callbacks{Info: func(i Info) {
		if i.Bound == BoundExact {
			lines = max(lines, i.MultiPV)
		}
	}})
	if lines != 1 {
		t.Errorf("MultiPV 3 with one saving move: %d lines", lines)
	}
}

// Inside the tree, a capture into the tables gives the exact result: a
// five-piece position, beyond the tables at the root, whose free capture
// leads into a four-piece win shows a tablebase win with tbhits counted;
// with the probe limit at 0 the tables are not probed.
func TestTablebaseProbesInTree(t *testing.T) {
	ts := sharedTables(t)
	const fen = "4k3/8/8/3r4/8/8/3Q3P/4K3 w - - 0 1" // Qxd5 takes a free rook: KQPvK
	pos, _ := board.ParseFEN(fen)
	opts := DefaultOptions()
	opts.TB = ts
	var hits uint64
	r := NewSearcher(NewTT(4)).Search(pos, Limits{Depth: 6}, opts, 0, Callbacks{Info: func(i Info) { hits = i.TBHits }})
	if r.Best.String() != "d2d5" || r.Score < TBWinBound || IsMateScore(r.Score) || hits == 0 || r.Stats.TBHits == 0 {
		t.Errorf("%s: best %v score %d, %d tbhits (%d counted)", fen, r.Best, r.Score, hits, r.Stats.TBHits)
	}
	opts.TBProbeLimit = 0
	r = NewSearcher(NewTT(4)).Search(pos, Limits{Depth: 6}, opts, 0, Callbacks{})
	if r.Stats.TBHits != 0 || r.Score >= TBWinBound {
		t.Errorf("probe limit 0: %d tbhits, score %d", r.Stats.TBHits, r.Score)
	}
}

// At the fifty-move boundary the root keeps the wins that are certain:
// with the clock at 44, Nh5-g3 reaches its zeroing move 56 plies on by
// a DTZ that may be one ply short (44 + 56 = 100), Bf7 and Nf4 sooner.
func TestTablebaseRootCertainWins(t *testing.T) {
	ts := sharedTables(t)
	pos, err := board.ParseFEN("6B1/8/7k/7N/8/8/5K2/8 w - - 44 1")
	if err != nil {
		t.Fatal(err)
	}
	ranked, ok := ts.RankRoot(pos, true)
	if !ok {
		t.Fatal("RankRoot failed")
	}
	var root []rootMove
	for _, m := range ranked {
		root = append(root, rootMove{move: m.Move})
	}
	got := ""
	for _, m := range tbKeep(ranked, root, pos, true) {
		got += m.Move.String() + " "
	}
	if got != "g8f7 h5f4 " {
		t.Errorf("kept %q, want g8f7 h5f4", got)
	}
}

// SyzygyProbeLimit bounds the probes in the tree only: with the limit at
// 0, or below the root's pieces, the root is ranked all the same (the
// moves that lose the rook are not searched and the score is the tables'
// win), and the tree is not probed.
func TestTablebaseRootProbeLimit(t *testing.T) {
	ts := sharedTables(t)
	const fen = "8/1k6/R7/8/8/2K5/8/8 w - - 0 1" // KRvK: 12 of 22 moves lose the rook
	pos, _ := board.ParseFEN(fen)
	ranked, ok := ts.RankRoot(pos, true)
	if !ok {
		t.Fatal("RankRoot failed")
	}
	wins := len(syzygy.KeepBest(ranked))
	for _, limit := range []int{0, 3} {
		opts := DefaultOptions()
		opts.TB, opts.TBProbeLimit, opts.MultiPV = ts, limit, len(ranked)
		lines := 0
		r := NewSearcher(NewTT(4)).Search(pos, Limits{Depth: 4}, opts, 0, Callbacks{Info: func(i Info) {
			if i.Bound == BoundExact {
				lines = max(lines, i.MultiPV)
			}
		}})
		if lines != wins || r.Score != TBWin-ranked[0].DTZ || r.Stats.TBHits != 0 {
			t.Errorf("probe limit %d: %d lines (want the %d winning moves), score %d (want %d), %d probes in the tree",
				limit, lines, wins, r.Score, TBWin-ranked[0].DTZ, r.Stats.TBHits)
		}
	}
}

// A position that has stood on the board once before is no draw: in a
// lost position where one move goes back to a position of the game, the
// root keeps every losing move, not the repeating one alone, and the
// score shown is the tables' loss, not 0.
func TestTablebaseRootRepetitionLost(t *testing.T) {
	ts := sharedTables(t)
	pos, _ := board.ParseFEN("8/8/8/3k4/8/8/8/1Q2K3 b - - 0 1") // KQvK, black loses
	for _, s := range []string{"d5d6", "e1e2", "d6d5", "e2e1"} {
		m, err := pos.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		pos.Make(m)
	}
	back, _ := pos.ParseMove("d5d6") // to the position after black's first move, a second time
	ranked, ok := ts.RankRoot(pos, true)
	if !ok {
		t.Fatal("RankRoot failed")
	}
	var root []rootMove
	for _, m := range ranked {
		root = append(root, rootMove{move: m.Move})
	}
	kept := tbKeep(ranked, root, pos, true)
	repeats := false
	for _, m := range kept {
		repeats = repeats || m.Move == back
		if m.Result != -2 {
			t.Errorf("kept %v of result %d, want losses", m.Move, m.Result)
		}
	}
	if len(kept) != len(ranked) || !repeats {
		t.Errorf("%d of %d moves kept (d5d6 among them: %v), want all", len(kept), len(ranked), repeats)
	}
	opts := DefaultOptions()
	opts.TB = ts
	var shown []int
	r := NewSearcher(NewTT(4)).Search(pos, Limits{Depth: 6}, opts, 0, Callbacks{Info: func(i Info) { shown = append(shown, i.Score) }})
	want := -TBWin - ranked[0].DTZ
	if r.Score != want && !IsMateScore(r.Score) {
		t.Errorf("score %d, want the tables' loss %d", r.Score, want)
	}
	for _, s := range shown {
		if s == 0 {
			t.Errorf("a line shown with score 0: %v", shown)
			break
		}
	}
}

// Whatever the search chooses among the moves the root keeps, a win at
// the fifty-move boundary is won: from positions whose clock and DTZ
// make 99 (the first KBNvK's mate then comes on the hundredth ply), or
// where one winning move's DTZ makes 100 by a value one ply short (Ng3 in
// the second: played, it draws), white plays the last move kept (the
// farthest zeroing move) or the first, black the tables' longest
// resistance, and black is mated before the rule draws. The engine's own
// play from these positions is in the engine package.
func TestTablebaseBoundaryKeptMovesWin(t *testing.T) {
	ts := sharedTables(t)
	for _, fen := range []string{
		"8/2K5/4B3/3N4/8/3k4/8/8 w - - 47 1", // KBNvK, DTZ 52
		"6B1/8/7k/7N/8/8/5K2/8 w - - 44 1",   // KBNvK, Bf7 and Nf4 certain, Ng3 not (44 + 56 = 100)
		"8/8/8/8/4k3/8/8/K6R w - - 70 1",     // KRvK, DTZ 29
		"8/8/8/4k3/8/8/8/KQ6 w - - 82 1",     // KQvK, DTZ 17
	} {
		for _, last := range []bool{true, false} {
			pos, _ := board.ParseFEN(fen)
			plies := 0
			for pos.HasLegalMove() && pos.HalfmoveClock() < 100 && !pos.IsThreefold() {
				ranked, ok := ts.RankRoot(pos, true)
				if !ok {
					t.Fatalf("%s: RankRoot failed on %s", fen, pos.FEN())
				}
				m := ranked[0]
				if pos.Side() == board.White {
					root := make([]rootMove, len(ranked))
					for i, r := range ranked {
						root[i] = rootMove{move: r.Move}
					}
					kept := tbKeep(ranked, root, pos, true)
					if m = kept[0]; last {
						m = kept[len(kept)-1]
					}
					if m.Result != 2 || !m.Certain {
						t.Errorf("%s: at %s white keeps %+v, not a certain win", fen, pos.FEN(), m)
					}
				}
				pos.Make(m.Move)
				plies++
			}
			if pos.HasLegalMove() || !pos.InCheck() || pos.Side() != board.Black {
				t.Errorf("%s (the last move kept: %v): no mate after %d plies, at %s", fen, last, plies, pos.FEN())
			}
		}
	}
}
