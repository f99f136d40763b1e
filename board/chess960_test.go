// Chess960: perft counts published for Chess960 start and middlegame
// positions, castling move forms and castling-field notations.
package board

import "testing"

var chess960Perft = []perftCase{
	{"960 #1", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", []uint64{21, 528, 12189, 326672, 8146062}},
	{"960 #2", "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", []uint64{21, 807, 18002, 667366}},
	{"960 #3", "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", []uint64{0, 0, 0, 273318}},
	{"960 #4", "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9", []uint64{22, 593, 13440, 382958}},
	{"960 #6", "b1qr1krb/pp1ppppp/n2n4/8/2p5/2P3P1/PP1PPP1P/BNQRNKRB w GDgd - 0 1", []uint64{28, 707, 19721, 549506}},
	{"960 #7", "nrnbqkbr/2pp2pp/4pp2/pp6/8/1P3P2/P1PPPBPP/NRNBQ1KR w hb - 0 1", []uint64{25, 656, 16951, 466493}},
	// The castling rooks shield the king from the enemy rooks on the edges.
	{"960 rook shield", "4k3/8/8/8/8/8/8/r1R1KR1r w FC - 0 1", []uint64{0, 0, 0, 64786}},
	{"960 #5", "1nbbnrkr/p1p1ppp1/3p4/1p3P1p/3Pq2P/8/PPP1P1P1/QNBBNRKR w HFhf - 0 9", []uint64{28, 1120, 31058, 1171749}},
}

func TestPerftChess960(t *testing.T) { runPerft(t, chess960Perft) }

func TestChess960CastlingForms(t *testing.T) {
	// King b1 and rook a1: the king's destination c1 is also a plain king
	// move, so the king-takes-rook form is the only unambiguous one.
	p := mustParse(t, "4k3/8/8/8/8/8/8/RK6 w A - 0 1")
	if !p.Chess960() {
		t.Fatal("Shredder castling field did not select Chess960")
	}
	m, err := p.ParseMove("b1a1")
	if err != nil || !m.IsCastling() {
		t.Fatalf("b1a1 = %v, %v; want castling", m, err)
	}
	if got := m.UCI(true); got != "b1a1" {
		t.Errorf("960 form %q, want b1a1", got)
	}
	if got := m.UCI(false); got != "b1c1" {
		t.Errorf("standard form %q, want b1c1", got)
	}
	if m2, err := p.ParseMove("b1c1"); err != nil || m2.IsCastling() {
		t.Errorf("b1c1 in Chess960 mode = %v, %v; want the plain king move", m2, err)
	}
	p.Make(m)
	if got := p.FEN(); got != "4k3/8/8/8/8/8/8/2KR4 b - - 1 1" {
		t.Errorf("after castling: %s", got)
	}

	// Standard chess accepts both forms of castling.
	p = mustParse(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	for _, s := range []string{"e1g1", "e1h1", "e1c1", "e1a1"} {
		if m, err := p.ParseMove(s); err != nil || !m.IsCastling() {
			t.Errorf("%s = %v, %v; want castling", s, m, err)
		}
	}
	if p.Chess960() {
		t.Error("KQkq with standard squares selected Chess960")
	}
}

func TestCastlingFieldNotations(t *testing.T) {
	for _, c := range []struct{ fen, rights string }{
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "KQkq"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", "HAha"},     // Shredder
		{"1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1", "GBgb"}, // X-FEN outermost rooks, printed as Shredder
		{"4k3/8/8/8/8/8/8/4KR1R w F - 0 1", "F"},             // inner rook: X-FEN needs the file letter
	} {
		p := mustParse(t, c.fen)
		p.SetChess960(c.rights != "KQkq")
		if got := p.castlingString(); got != c.rights {
			t.Errorf("%s: castling printed %q, want %q", c.fen, got, c.rights)
		}
		if q := mustParse(t, p.FEN()); q.Key() != p.Key() || q.castling != p.castling || q.castleRook != p.castleRook {
			t.Errorf("%s: FEN round trip changed castling", c.fen)
		}
	}
	// An inner rook given by file letter castles with that rook.
	p := mustParse(t, "4k3/8/8/8/8/8/8/4KR1R w F - 0 1")
	if m, err := p.ParseMove("e1f1"); err != nil || !m.IsCastling() {
		t.Errorf("e1f1 = %v, %v; want castling with the f1 rook", m, err)
	}
}
