package main

import (
	"strings"
	"testing"
)

// A game that ends in mate gives its positions before the mate, the
// latest first, up to the plies asked for and the game's length; a game
// that does not end in mate gives none, and one whose last move is
// marked # without mating is an error.
func TestGameCandidates(t *testing.T) {
	const mate = `[Round "7"]
[FEN "6rk/6pp/8/8/8/8/5N2/6K1 w - - 0 1"]

1. Ng4 h6 2. Nh6 {a comment, 3. Qh5} gxh6 3. Kg2 Kh7 4. Kg3 Kg6 5. Kg4 h5+
6. Kf4 Kf6 7. Ke4 Ke6 *`
	if cs, err := gameCandidates(mate, 7); err != nil || cs != nil {
		t.Errorf("a game without mate: %v, %v", cs, err)
	}
	const scholar = `[Round "3"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# {checkmate} 1-0`
	cs, err := gameCandidates(scholar, 5)
	if err != nil || len(cs) != 5 {
		t.Fatalf("%d candidates, error %v", len(cs), err)
	}
	want := []string{
		"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq -", // 1 ply before: Qxf7#
		"r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq -",
		"r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq -",
		"rnbqkbnr/pppp1ppp/8/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR b KQkq -",
		"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -",
	}
	for i, c := range cs {
		if c.plies != i+1 || c.game != "3" || epdFEN(c.pos) != want[i] {
			t.Errorf("candidate %d: %d plies, game %q, %s; want %d plies, game 3, %s", i, c.plies, c.game, epdFEN(c.pos), i+1, want[i])
		}
	}
	if cs, _ := gameCandidates(scholar, 12); len(cs) != 7 {
		t.Errorf("12 plies asked of a 7-ply game: %d candidates", len(cs))
	}
	const falseMate = `1. e4 e5 2. Qh5# 1-0`
	if _, err := gameCandidates(falseMate, 3); err == nil || !strings.Contains(err.Error(), "does not mate") {
		t.Errorf("a false mate: %v", err)
	}
}

// The moves of a movetext without numbers, comments and result.
func TestMovetextSANs(t *testing.T) {
	sans, err := movetextSANs("12... Ra1+ {a note, 13. Kg2} 13. Kh2 Ra2+ 14.Kg1 1/2-1/2")
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(sans, " ")
	if got != "Ra1+ Kh2 Ra2+ Kg1" {
		t.Errorf("got %q", got)
	}
}
