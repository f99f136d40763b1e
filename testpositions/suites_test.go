// Re-verification of the embedded suites, independent of the engine's
// playing search: mates are proved with search.Options{} (no pruning, no
// reductions, no table: every move is searched, so depth 2N-1 is
// exhaustive for a mate in N), only-move positions are checked move by
// move at their acd depth, and the perft counts are recounted up to a
// node cap.
package testpositions

import (
	"bytes"
	"testing"

	"brudno/board"
	"brudno/search"
)

// exhaustive searches pos to depth with no enhancement, restricted to
// moves when given, and returns the score for the side to move.
func exhaustive(t *testing.T, pos *board.Position, depth int, moves []board.Move) int {
	t.Helper()
	s := search.NewSearcher(search.NewTT(1))
	return s.Search(pos, search.Limits{Depth: depth, SearchMoves: moves}, search.Options{}, 0, search.Callbacks{}).Score
}

func embedded(t *testing.T, name string, want int) []Record {
	t.Helper()
	recs, probs, err := EmbeddedSuite(name)
	if err != nil || len(probs) != 0 || len(recs) != want {
		t.Fatalf("suite %s: %d records (want %d), problems %v, error %v", name, len(recs), want, probs, err)
	}
	return recs
}

// Every record of mates.epd is a mate in exactly dm moves, and bm holds
// exactly the first moves that mate that fast.
func TestEmbeddedMatesVerified(t *testing.T) {
	perN := map[int]int{}
	for _, rec := range embedded(t, "mates", 13) {
		n := rec.DirectMate()
		perN[n]++
		pos, err := board.ParseFEN(rec.FullFEN())
		if err != nil {
			t.Fatal(err)
		}
		mateIn := search.Mate - (2*n - 1) // the score of a mate delivered at ply 2N-1
		var legal board.MoveList
		pos.GenerateLegal(&legal)
		for _, m := range legal.Slice() {
			got := exhaustive(t, pos, 2*n-1, []board.Move{m})
			inBM := false
			for _, b := range rec.BM {
				inBM = inBM || b == m
			}
			switch {
			case got > mateIn:
				t.Errorf("%s: %v mates faster than in %d (score %d)", rec.ID(), m, n, got)
			case inBM && got != mateIn:
				t.Errorf("%s: bm %v does not mate in %d (score %d)", rec.ID(), m, n, got)
			case !inBM && got == mateIn:
				t.Errorf("%s: %v also mates in %d but is not in bm", rec.ID(), m, n)
			}
		}
	}
	if perN[1] != 5 || perN[2] != 4 || perN[3] != 4 {
		t.Errorf("mates per N: %v, want 5 in 1, 4 in 2, 4 in 3", perN)
	}
}

// In every record of onlymove.epd the bm move wins at least three pawns
// and every other move at most one, searched exhaustively to acd plies.
func TestEmbeddedOnlyMoveVerified(t *testing.T) {
	for _, rec := range embedded(t, "onlymove", 6) {
		pos, err := board.ParseFEN(rec.FullFEN())
		if err != nil {
			t.Fatal(err)
		}
		acd, _ := rec.Operand("acd")
		depth := 0
		for _, c := range acd {
			depth = depth*10 + int(c-'0')
		}
		if len(rec.BM) != 1 || depth < 3 || depth > 5 {
			t.Fatalf("%s: want one bm and acd 3 to 5, got %v and %q", rec.ID(), rec.BM, acd)
		}
		var legal board.MoveList
		pos.GenerateLegal(&legal)
		for _, m := range legal.Slice() {
			got := exhaustive(t, pos, depth, []board.Move{m})
			if search.IsMateScore(got) {
				t.Errorf("%s: %v scores a mate (%d); this suite is for material wins", rec.ID(), m, got)
			}
			if m == rec.BM[0] && got < 300 {
				t.Errorf("%s: bm %v scores %d, want at least 300", rec.ID(), m, got)
			}
			if m != rec.BM[0] && got > 100 {
				t.Errorf("%s: %v scores %d, want at most 100 for a move other than bm", rec.ID(), m, got)
			}
		}
	}
}

// The published perft counts, every count up to 1 M leaves.
func TestEmbeddedPerft(t *testing.T) {
	embedded(t, "perft", 6)
	data, _ := embeddedSuites.ReadFile("suites/perft.epd")
	entries, errs := ReadPerftSuite(bytes.NewReader(data))
	if len(entries) != 6 || len(errs) != 0 {
		t.Fatalf("%d entries, errors %v", len(entries), errs)
	}
	checked, bad := CheckPerftSuite(entries, 9, 1_000_000, func(r PerftResult) {
		if r.Mismatch {
			t.Errorf("line %d depth %d: got %d, want %d", r.Entry.Line, r.Depth, r.Got, r.Want)
		}
	})
	if checked != 22 || bad != 0 {
		t.Errorf("checked %d counts with %d mismatches; want 22 and 0", checked, bad)
	}
}
