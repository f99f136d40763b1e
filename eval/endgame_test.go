// Endgame knowledge tests: draws scored exactly 0 (insufficient material,
// two knights, the wrong rook-pawn bishop), bishop and knight driving the
// king to the right corner, opposite-coloured bishop scaling, and the KPK
// bitbase on known positions (kpk_test.go checks it against the rules and
// against the Syzygy table).
package eval

import (
	"fmt"
	"strings"
	"testing"

	"brudno/board"
)

func TestDrawnMaterialScoresZero(t *testing.T) {
	for _, fen := range []string{
		"8/8/8/3k4/8/8/8/4K3 w - - 0 1",     // K v K
		"8/8/8/3k4/8/8/8/3BK3 w - - 0 1",    // KB v K
		"8/8/8/3k4/8/8/8/3NK3 b - - 0 1",    // KN v K
		"8/8/8/3k4/8/8/8/2NNK3 w - - 0 1",   // KNN v K
		"8/8/8/3k4/8/8/8/2NNK3 b - - 0 1",   // KNN v K
		"7k/8/8/8/8/8/1n6/K1n5 w - - 0 1",   // KNN v K, Black's knights
		"8/8/8/3k4/2b5/8/8/3BK3 w - - 0 1",  // bishops on one colour
		"7k/8/8/4K2P/4B3/8/8/8 w - - 0 1",   // h-pawn, light bishop, king on h8
		"7k/8/8/4K2P/4B3/8/8/8 b - - 0 1",   // the same with Black to move
		"6k1/8/7P/4K2P/4B3/8/8/8 w - - 0 1", // two h-pawns, king next to h8
		"8/8/8/8/2b5/p7/5k2/K7 w - - 0 1",   // Black: a-pawn, light bishop, White king on a1
		"8/8/8/8/8/2k5/8/K1n5 w - - 0 1",    // KN v K with Black's knight
	} {
		if v := evalFEN(t, fen); v != 0 {
			t.Errorf("%s: %d, want 0", fen, v)
		}
	}
}

func TestRightBishopRookPawnWins(t *testing.T) {
	// A dark-squared bishop controls h8: winning. So is the light one when
	// the defending king is far from the corner.
	for _, fen := range []string{
		"7k/8/8/4K2P/3B4/8/8/8 w - - 0 1",
		"8/8/8/4K2P/4B3/8/8/k7 w - - 0 1",
	} {
		if v := evalFEN(t, fen); v < 300 {
			t.Errorf("%s: %d, want a winning score (at least 300)", fen, v)
		}
	}
}

// kbnFEN places White's king on e3, bishop on bishop and knight on g1
// (or the given squares), Black's king on k, side to move w.
func kbnFEN(bishop, k string, side string) string {
	var squares [64]byte
	put := func(s string, c byte) {
		sq, ok := board.ParseSquare(s)
		if !ok {
			panic(s)
		}
		squares[sq] = c
	}
	put("e3", 'K')
	put(bishop, 'B')
	put("g1", 'N')
	put(k, 'k')
	return placement(squares) + " " + side + " - - 0 1"
}

// placement writes the piece-placement field of a FEN.
func placement(squares [64]byte) string {
	var sb strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			c := squares[r*8+f]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteByte(c)
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	return sb.String()
}

func TestKBNDrivesToTheRightCorner(t *testing.T) {
	// A dark-squared bishop (f4) mates in a1 or h8: walking the king along
	// the a-file from a8 (wrong corner) to a1 (right corner) must raise
	// White's score at every step, and every score must be a win.
	prev := -1
	for r := 8; r >= 1; r-- {
		sq := fmt.Sprintf("a%d", r)
		v := evalFEN(t, kbnFEN("f4", sq, "w"))
		if v < 1500 {
			t.Errorf("KBN, Black king on %s: %d, want a win (at least 1500)", sq, v)
		}
		if v <= prev {
			t.Errorf("KBN, Black king on %s: %d, not more than %d one square further from a1", sq, v, prev)
		}
		prev = v
		if b := evalFEN(t, kbnFEN("f4", sq, "b")); b != -v {
			t.Errorf("KBN with Black to move, king on %s: %d, want %d", sq, b, -v)
		}
	}
	// Right corner beats wrong corner beats the centre, for either bishop.
	for _, c := range []struct{ bishop, right, wrong string }{{"f4", "h8", "a8"}, {"f5", "a8", "h8"}} {
		right := evalFEN(t, kbnFEN(c.bishop, c.right, "w"))
		wrong := evalFEN(t, kbnFEN(c.bishop, c.wrong, "w"))
		centre := evalFEN(t, kbnFEN(c.bishop, "d5", "w"))
		if !(right > wrong && wrong > centre && centre >= 1500) {
			t.Errorf("bishop on %s: right corner %d, wrong corner %d, centre %d", c.bishop, right, wrong, centre)
		}
	}
}

func TestOppositeBishopsScaleDown(t *testing.T) {
	// White is a pawn up in both; with opposite-coloured bishops (f7 is
	// light, c1 dark) the advantage shrinks to at most half of the one
	// with bishops of one colour (e7 is dark).
	opposite := evalFEN(t, "4k3/pp3b2/8/8/8/8/PPP5/2B1K3 w - - 0 1")
	same := evalFEN(t, "4k3/pp2b3/8/8/8/8/PPP5/2B1K3 w - - 0 1")
	if !(same > 60 && opposite > 0 && 2*opposite <= same) {
		t.Errorf("a pawn up: opposite bishops %d, same-coloured bishops %d", opposite, same)
	}
}

func TestBareKingIsDrivenToTheEdge(t *testing.T) {
	centre := evalFEN(t, "8/8/8/3k4/8/8/8/R3K3 w - - 0 1")
	edge := evalFEN(t, "3k4/8/8/8/8/8/8/R3K3 w - - 0 1")
	if !(edge > centre && centre > 1000) {
		t.Errorf("KR v K: king in the centre %d, on the edge %d", centre, edge)
	}
}

// TestKPKKnownPositions checks the bitbase on positions whose results are
// known, for both colours and both wings.
func TestKPKKnownPositions(t *testing.T) {
	for _, c := range []struct {
		fen string
		won bool
	}{
		{"k7/8/8/8/8/8/P7/K7 w - - 0 1", false},    // rook pawn, defending king in the corner
		{"8/8/8/P7/8/8/8/K6k w - - 0 1", true},     // the king is outside the pawn's square
		{"8/8/8/4k3/P7/8/8/7K w - - 0 1", false},   // inside the square, rook pawn
		{"4k3/8/4K3/4P3/8/8/8/8 w - - 0 1", true},  // king on the sixth in front of its pawn
		{"4k3/8/4K3/4P3/8/8/8/8 b - - 0 1", true},  // ... whoever moves
		{"4k3/4P3/4K3/8/8/8/8/8 b - - 0 1", false}, // stalemate
		{"4k3/4P3/4K3/8/8/8/8/8 w - - 0 1", true},  // Kd6/Kf6, then Kd7/Kf7
		{"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", true},  // Kd2-e3-e4 reaches a key square first
		{"8/8/8/8/8/1k6/1P6/1K6 b - - 0 1", false}, // Black king in front with the opposition
		{"8/8/2k5/8/1PK5/8/8/8 w - - 0 1", false},  // Black has the opposition
	} {
		for _, fen := range []string{c.fen, mirrorFEN(c.fen), fileMirrorFEN(c.fen)} {
			p := mustParse(t, fen)
			v := Evaluate(p)
			strong := board.White
			if p.Pieces(board.Black, board.Pawn) != 0 {
				strong = board.Black
			}
			if p.Side() != strong {
				v = -v
			}
			if won := v >= kpkWin; won != c.won || (!won && v != 0) {
				t.Errorf("%s: %d for the side with the pawn, want won=%v", fen, v, c.won)
			}
		}
	}
}

// fileMirrorFEN mirrors a FEN's board left to right (castling and en
// passant must be absent).
func fileMirrorFEN(fen string) string {
	f := strings.Fields(fen)
	ranks := strings.Split(f[0], "/")
	for i, r := range ranks {
		var expanded []byte
		for _, c := range []byte(r) {
			if c >= '1' && c <= '8' {
				expanded = append(expanded, strings.Repeat("1", int(c-'0'))...)
			} else {
				expanded = append(expanded, c)
			}
		}
		for a, b := 0, len(expanded)-1; a < b; a, b = a+1, b-1 {
			expanded[a], expanded[b] = expanded[b], expanded[a]
		}
		ranks[i] = compress(string(expanded))
	}
	f[0] = strings.Join(ranks, "/")
	return strings.Join(f, " ")
}

func compress(r string) string {
	var sb strings.Builder
	n := 0
	for _, c := range []byte(r) {
		if c == '1' {
			n++
			continue
		}
		if n > 0 {
			sb.WriteByte(byte('0' + n))
			n = 0
		}
		sb.WriteByte(c)
	}
	if n > 0 {
		sb.WriteByte(byte('0' + n))
	}
	return sb.String()
}
