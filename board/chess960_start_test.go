package board

import (
	"strings"
	"testing"
)

// The 960 start positions are distinct, parse, have the bishops on
// squares of both colours and the king between the rooks, and number 518
// is the usual start position.
func TestChess960FEN(t *testing.T) {
	seen := map[string]bool{}
	for n := 0; n < 960; n++ {
		fen, err := Chess960FEN(n)
		if err != nil {
			t.Fatal(err)
		}
		if seen[fen] {
			t.Fatalf("position %d repeats %s", n, fen)
		}
		seen[fen] = true
		if _, err := ParseFEN(fen); err != nil {
			t.Fatalf("position %d: %s: %v", n, fen, err)
		}
		back := strings.Split(strings.Fields(fen)[0], "/")[7]
		if b1, b2 := strings.Index(back, "B"), strings.LastIndex(back, "B"); (b1+b2)%2 == 0 {
			t.Errorf("position %d: %s: both bishops on squares of one colour", n, back)
		}
		if r1, k, r2 := strings.Index(back, "R"), strings.Index(back, "K"), strings.LastIndex(back, "R"); !(r1 < k && k < r2) {
			t.Errorf("position %d: %s: the king is not between the rooks", n, back)
		}
	}
	p518, _ := Chess960FEN(518)
	if !strings.HasPrefix(p518, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha") {
		t.Errorf("position 518 is %s, want the usual start", p518)
	}
	for _, n := range []int{-1, 960} {
		if _, err := Chess960FEN(n); err == nil {
			t.Errorf("position %d accepted", n)
		}
	}
}
