// Search tests with exact expectations: mates found with the right score,
// stalemate and repetition as draws, mate scores kept across the table.
package search

import (
	"testing"

	"brudno/board"
)

func searchFEN(t *testing.T, fen string, lim Limits, opts Options) Result {
	t.Helper()
	p, err := board.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	s := NewSearcher(NewTT(16))
	return s.Search(p, lim, opts, 0, Callbacks{})
}

func TestMates(t *testing.T) {
	cases := []struct {
		fen   string
		moves int
		best  string
	}{
		{"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1, "d1d8"},                               // back-rank mate
		{"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", 1, "h5f7"}, // scholar's mate
		{"2bqkbn1/2pppp2/np2N3/r3P1p1/p2N2B1/5Q2/PPPPPP1P/R3K2R w KQ - 0 1", 2, "f3f7"},
		{"k7/8/1K6/8/8/8/8/2R5 w - - 0 1", 1, "c1c8"},
		{"2k5/8/1K6/8/8/8/8/7R w - - 0 1", 2, ""},
		{"r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", 2, "d5f6"},
		// Mates in 3, verified by plain alpha-beta to depth 5 (exhaustive).
		{"r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1", 3, ""},
		{"r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", 3, ""},
	}
	for _, c := range cases {
		for _, opts := range []Options{DefaultOptions(), {TT: true}} {
			r := searchFEN(t, c.fen, Limits{Mate: c.moves, Depth: 2*c.moves + 4}, opts)
			if !IsMateScore(r.Score) || MateMoves(r.Score) != c.moves {
				t.Errorf("%s (%+v): score %d (mate %d), want mate %d", c.fen, opts, r.Score, MateMoves(r.Score), c.moves)
			}
			if c.best != "" && r.Best.String() != c.best {
				t.Errorf("%s: best %v, want %s", c.fen, r.Best, c.best)
			}
		}
	}
}

func TestNoLegalMove(t *testing.T) {
	for _, fen := range []string{
		"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", // stalemate
		"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", // mate
	} {
		r := searchFEN(t, fen, Limits{Depth: 5}, DefaultOptions())
		if r.Best != board.NoMove {
			t.Errorf("%s: best %v, want none", fen, r.Best)
		}
	}
}

// A repetition reached inside the search scores 0: the position after 1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3 Nf6 4.Ng1 with
// Black to move offers 4...Ng8, a repetition, and the root reports the
// draw score for it when searched alone.
func TestRepetitionScore(t *testing.T) {
	p := board.NewPosition()
	for _, s := range []string{"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"} {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		p.Make(m)
	}
	m, _ := p.ParseMove("f6g8")
	r := NewSearcher(NewTT(1)).Search(p, Limits{Depth: 4, SearchMoves: []board.Move{m}}, DefaultOptions(), 0, Callbacks{})
	if r.Best != m || r.Score != 0 {
		t.Errorf("repetition: best %v score %d, want f6g8 and 0", r.Best, r.Score)
	}
}

func TestMateScoreConversion(t *testing.T) {
	for _, ply := range []int{0, 1, 7, 60} {
		for _, s := range []int{Mate - 3, -Mate + 9, 150, -20, 0} {
			if got := scoreFromTT(scoreToTT(s, ply), ply); got != s {
				t.Errorf("ply %d score %d: round trip %d", ply, s, got)
			}
		}
	}
	// A mate stored at ply 3 as "mate in 2 plies from here" reads back at
	// ply 5 as the same distance from that node.
	stored := scoreToTT(Mate-5, 3) // mate found 5 plies from root, 2 from the node
	if got := scoreFromTT(stored, 5); got != Mate-7 {
		t.Errorf("mate read at ply 5: %d, want %d", got, Mate-7)
	}
}
