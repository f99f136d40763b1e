package engine

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"brudno/board"
	"brudno/search"
	"brudno/syzygy"
)

// sharedTablesDir is the folder of the 3- and 4-piece tables beside the
// repository. Without them the test is skipped, except under CI=true,
// where they are installed and a skip would hide a failure.
func sharedTablesDir(t *testing.T) string {
	t.Helper()
	dir := filepath.Join("..", "..", "shared", "syzygy")
	if _, err := os.Stat(filepath.Join(dir, "KQvK.rtbw")); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("no tablebases in ../shared/syzygy under CI=true: %v", err)
		}
		t.Skip("no tablebases in ../shared/syzygy")
	}
	return dir
}

// bestMove runs a search of the engine's position to depth and returns
// its move.
func bestMove(t *testing.T, e *Engine, depth int) board.Move {
	t.Helper()
	got := make(chan board.Move, 1)
	if err := e.Go(search.Limits{Depth: depth}, Callbacks{BestMove: func(r search.Result) { got <- r.Best }}); err != nil {
		t.Fatal(err)
	}
	return <-got
}

// A won position whose zeroing move (here the mate) comes just within the
// fifty-move rule is won by the engine, with the tables' longest
// resistance against it: with the clock at c and a DTZ of d, c + d = 99,
// so that the mate may have to come as the hundredth ply. KBNvK at 47 is
// the example of docs/syzygy-format.md: the table's 52 stands for a mate
// 53 plies away, on the hundredth ply; a single move that wastes a ply
// draws. The second KBNvK position is won (44 + 50), but Ng3 has a DTZ
// of 56 (44 + 56 = 100) by a value one ply short: played, it draws. The engine plays white through the UCI facade (SyzygyPath,
// SetPosition with the game's moves), the tables play black.
func TestTablebaseWinConvertedAtBoundary(t *testing.T) {
	dir := sharedTablesDir(t)
	ts, err := syzygy.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer ts.Close()
	for _, c := range []struct {
		fen string
		dtz int
	}{
		{"8/2K5/4B3/3N4/8/3k4/8/8 w - - 47 1", 52}, // KBNvK
		{"6B1/8/7k/7N/8/8/5K2/8 w - - 44 1", 50},   // KBNvK: Ng3, DTZ 56, may be a ply too slow
		{"8/8/8/8/4k3/8/8/K6R w - - 70 1", 29},     // KRvK
		{"8/8/8/4k3/8/8/8/KQ6 w - - 82 1", 17},     // KQvK
	} {
		pos, err := board.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if d, ok := ts.ProbeDTZ(pos); !ok || d != c.dtz {
			t.Fatalf("%s: DTZ %d (%v), want %d", c.fen, d, ok, c.dtz)
		}
		e := New()
		if _, err := e.SetOptionNote("SyzygyPath", dir); err != nil {
			t.Fatal(err)
		}
		var game []string
		for {
			if !pos.HasLegalMove() {
				if !pos.InCheck() || pos.Side() != board.Black {
					t.Errorf("%s: the game ends without black mated: %s", c.fen, strings.Join(game, " "))
				}
				break
			}
			if pos.HalfmoveClock() >= 100 || pos.IsThreefold() || pos.InsufficientMaterial() {
				t.Errorf("%s: drawn at clock %d after %s", c.fen, pos.HalfmoveClock(), strings.Join(game, " "))
				break
			}
			var m board.Move
			if pos.Side() == board.White {
				if err := e.SetPosition(c.fen, game); err != nil {
					t.Fatal(err)
				}
				m = bestMove(t, e, 4)
			} else {
				moves, ok := ts.RankRoot(pos, true)
				if !ok {
					t.Fatalf("%s: RankRoot failed on %s", c.fen, pos.FEN())
				}
				m = moves[0].Move
			}
			if !pos.IsLegal(m) {
				t.Fatalf("%s: %v is not legal in %s", c.fen, m, pos.FEN())
			}
			pos.Make(m)
			game = append(game, m.String())
		}
		t.Logf("%s: the game: %s (%d plies)", c.fen, strings.Join(game, " "), len(game))
	}
}
