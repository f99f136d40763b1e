// Tests of the built-in suite gamemates: its integrity, its distances
// re-proved, and the depths at which the engine finds its shortest mates.
package testpositions

import (
	"context"
	"fmt"
	"testing"

	"brudno/board"
)

// gamemates reads whole, every position is legal and holds one mate
// distance, dm N or mated N, with an id naming it and its game; no
// position comes twice; and the distances are those the suite was made
// with.
func TestEmbeddedGameMatesIntegrity(t *testing.T) {
	recs := embedded(t, "gamemates", 665)
	seen := map[string]string{}
	counts := map[int]int{}
	var legal board.MoveList
	for _, rec := range recs {
		pos, err := board.ParseFEN(rec.FullFEN())
		if err != nil {
			t.Fatalf("line %d: %v", rec.Line, err)
		}
		if pos.GenerateLegal(&legal); legal.Count == 0 {
			t.Errorf("line %d: no legal move (%s)", rec.Line, rec.FEN)
		}
		them := pos.Clone()
		them.MakeNull()
		if them.InCheck() {
			t.Errorf("line %d: the side not to move is in check (%s)", rec.Line, rec.FEN)
		}
		dm, mated := rec.DirectMate(), rec.Mated()
		want := ""
		switch {
		case dm > 0 && mated == 0:
			want = fmt.Sprintf("mate%d.g", dm)
		case mated > 0 && dm == 0:
			want = fmt.Sprintf("mated%d.g", mated)
		default:
			t.Errorf("line %d: dm %d and mated %d; want exactly one", rec.Line, dm, mated)
		}
		var game int
		if n, err := fmt.Sscanf(rec.ID(), want+"%d", &game); n != 1 || err != nil || fmt.Sprintf("%s%d", want, game) != rec.ID() {
			t.Errorf("line %d: id %q, want %s and the game's index", rec.Line, rec.ID(), want)
		}
		if len(rec.Ops) != 2 || len(rec.BM) != 0 || len(rec.AM) != 0 {
			t.Errorf("line %d: operations %v; want the distance and the id only", rec.Line, rec.Ops)
		}
		if other, ok := seen[rec.FEN]; ok {
			t.Errorf("line %d: the position of %s again", rec.Line, other)
		}
		seen[rec.FEN] = rec.ID()
		counts[rec.WantedMate()]++
	}
	want := map[int]int{1: 104, -1: 104, 2: 109, -2: 96, 3: 114, -3: 77, 4: 61}
	if fmt.Sprint(counts) != fmt.Sprint(want) {
		t.Errorf("positions by distance %v, want %v", counts, want)
	}
}

// Every distance of gamemates is re-proved: the search that skips no move
// finds exactly that mate at its par depth.
// Under -short only the mates of one and two moves, which are the cheap
// ones (the whole suite takes some seconds).
func TestEmbeddedGameMatesProved(t *testing.T) {
	p := NewMateProver()
	for _, rec := range embedded(t, "gamemates", 665) {
		pos, err := board.ParseFEN(rec.FullFEN())
		if err != nil {
			t.Fatal(err)
		}
		n := rec.WantedMate()
		if testing.Short() && (n > 2 || n < -2) {
			continue
		}
		if got, ok := p.ProveMate(pos, Par(n)); !ok || got != n {
			t.Errorf("%s (line %d): proved %d (ok %v) at depth %d, want %d", rec.ID(), rec.Line, got, ok, Par(n), n)
		}
	}
}

// The engine, as it plays (one thread, a new table for each position),
// finds every mate in one of gamemates at depth 1 and reports every mated
// in one by depth 2, the least depth at which a search can see it: a
// quiet check that mates is never pruned at a PV node (PVChecks). Before
// that switch was in play the mated in one took up to depth 6, 68 of the
// 104 by depth 2 (docs/search-strength.md).
func TestGameMatesDepthInOne(t *testing.T) {
	var recs []Record
	for _, rec := range embedded(t, "gamemates", 665) {
		if n := rec.WantedMate(); n == 1 || n == -1 {
			recs = append(recs, rec)
		}
	}
	results, err := newRunner(Limits{Depth: 8}).Run(context.Background(), recs)
	if err != nil {
		t.Fatal(err)
	}
	s := SummariseMates(results, 5)
	if len(s.Tallies) != 2 {
		t.Fatalf("tallies %+v, want mate in 1 and mated in 1", s.Tallies)
	}
	in1, mated1 := s.Tallies[0], s.Tallies[1]
	if in1.Moves != 1 || in1.Positions != 104 || in1.By2 != 104 || in1.Worst != 1 {
		t.Errorf("mate in 1: %+v; want all 104 found at depth 1", in1)
	}
	if mated1.Moves != -1 || mated1.Positions != 104 || mated1.Found != 104 || mated1.By2 != 104 || mated1.Worst > 2 {
		t.Errorf("mated in 1: %+v; want all 104 found by depth 2", mated1)
	}
	t.Logf("mate in 1: %+v\nmated in 1: %+v", in1, mated1)
	for _, r := range results {
		if r.Solved && r.Mate != r.WantMate {
			t.Errorf("%s: solved with mate %d, want %d", r.ID, r.Mate, r.WantMate)
		}
	}
}
