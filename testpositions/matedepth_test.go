// Tests of the mate proofs, the judging of mated N and the totals of
// depth to the mate.
package testpositions

import (
	"fmt"
	"testing"

	"brudno/board"
	"brudno/search"
)

// ProveMate gives the exact distance of every embedded mate at its par
// depth, nothing a ply short of it, and the distance of the side that is
// mated once the mating side has played its first move.
func TestProveMate(t *testing.T) {
	p := NewMateProver()
	for _, rec := range embedded(t, "mates", 13) {
		n := rec.DirectMate()
		pos, err := board.ParseFEN(rec.FullFEN())
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := p.ProveMate(pos, Par(n)); !ok || got != n {
			t.Errorf("%s: proved %d (ok %v) at depth %d, want mate in %d", rec.ID(), got, ok, Par(n), n)
		}
		if got, ok := p.ProveMate(pos, Par(n)-1); ok {
			t.Errorf("%s: proved %d a ply short of the mate in %d", rec.ID(), got, n)
		}
		if n < 2 || len(rec.BM) != 1 {
			continue
		}
		pos.Make(rec.BM[0])
		if got, ok := p.ProveMate(pos, Par(1-n)); !ok || got != 1-n {
			t.Errorf("%s after %v: proved %d (ok %v), want mated in %d", rec.ID(), rec.BM[0], got, ok, n-1)
		}
	}
	// No mate at all: a bare draw and the start position.
	for _, fen := range []string{"8/8/4k3/8/8/4K3/8/8 w - - 0 1", board.StartFEN} {
		pos, _ := board.ParseFEN(fen)
		if got, ok := p.ProveMate(pos, 4); ok {
			t.Errorf("%s: proved %d", fen, got)
		}
	}
}

// mated N is solved by a score of exactly mated in N that is not a lower
// bound; a longer or shorter defence, a mate for the side to move or a
// lower bound is not.
func TestJudgeMated(t *testing.T) {
	rec, err := ParseRecord("k7/2K5/8/8/8/8/8/1R6 b - - mated 1; id m;")
	if err != nil {
		t.Fatal(err)
	}
	if !rec.Solvable() || rec.Mated() != 1 || rec.WantedMate() != -1 || rec.Expected() != "mated 1" {
		t.Fatalf("solvable %v mated %d wanted %d expected %q", rec.Solvable(), rec.Mated(), rec.WantedMate(), rec.Expected())
	}
	pos, _ := board.ParseFEN(rec.FullFEN())
	var legal board.MoveList
	pos.GenerateLegal(&legal)
	m := legal.Moves[0]
	mated := func(n int) int { return -(search.Mate - 2*n) }
	cases := []struct {
		score, bound int
		want         bool
	}{
		{mated(1), search.BoundExact, true},
		{mated(1), search.BoundUpper, true},
		{mated(1), search.BoundLower, false},
		{mated(2), search.BoundExact, false},
		{-500, search.BoundExact, false},
		{search.Mate - 1, search.BoundExact, false},
	}
	for _, c := range cases {
		if got := rec.Judge(m, c.score, c.bound); got != c.want {
			t.Errorf("score %d bound %d: judged %v, want %v", c.score, c.bound, got, c.want)
		}
	}
	if _, err := ParseRecord("k7/2K5/8/8/8/8/8/1R6 b - - mated 0;"); err == nil {
		t.Error("mated 0 read without an error")
	}
}

// SummariseMates counts by distance against par, par+2, depth 2 and 4,
// and lists the late and the unfound, the worst first.
func TestSummariseMates(t *testing.T) {
	res := func(id string, want, depth int) Result {
		return Result{ID: id, WantMate: want, Solved: depth > 0, SolveDepth: depth}
	}
	results := []Result{
		res("a", 1, 1), res("b", 1, 3), res("c", -1, 2), res("d", -1, 5),
		res("e", 2, 6), res("f", 2, 0), res("g", 3, 5), {ID: "h", WantMate: 0, Solved: true, SolveDepth: 9},
		{ID: "i", WantMate: 1, Interrupted: true},
	}
	s := SummariseMates(results, 10)
	want := []MateTally{
		{Moves: 1, Positions: 2, Found: 2, ByPar: 1, ByPar2: 2, By2: 1, By4: 2, Worst: 3},
		{Moves: -1, Positions: 2, Found: 2, ByPar: 1, ByPar2: 1, By2: 1, By4: 1, Worst: 5},
		{Moves: 2, Positions: 2, Found: 1, ByPar: 0, ByPar2: 0, By2: 0, By4: 0, Worst: 6},
		{Moves: 3, Positions: 1, Found: 1, ByPar: 1, ByPar2: 1, By2: 0, By4: 0, Worst: 5},
	}
	if fmt.Sprint(s.Tallies) != fmt.Sprint(want) {
		t.Errorf("tallies %+v\nwant %+v", s.Tallies, want)
	}
	if s.Total.Positions != 7 || s.Total.Found != 6 || s.Total.ByPar2 != 4 || s.Total.By2 != 2 || s.Total.By4 != 3 {
		t.Errorf("total %+v", s.Total)
	}
	var ids []string
	for _, r := range s.Worst {
		ids = append(ids, r.ID)
	}
	if fmt.Sprint(ids) != "[f d e]" {
		t.Errorf("worst %v, want [f d e] (the unfound, then the two found a ply beyond par+2 in run order)", ids)
	}
	if s := SummariseMates(results, 1); len(s.Worst) != 1 || s.Worst[0].ID != "f" {
		t.Errorf("worst cut to one: %v", s.Worst)
	}
}
