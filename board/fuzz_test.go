// Fuzz tests of the parsers of outside input: FEN and UCI moves. Neither may
// panic; an accepted FEN must print back to an equivalent position, and an
// accepted move must be legal and print back to itself (or to the other
// castling form).
package board

import "testing"

func FuzzParseFEN(f *testing.F) {
	for _, c := range append(append([]perftCase{}, standardPerft...), chess960Perft...) {
		f.Add(c.fen)
	}
	f.Add("4k3/8/8/8/8/8/8/4K2R w K -")
	f.Add("7b/8/8/4Pp2/8/8/2q5/K6k w - f6 0 2")
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := ParseFEN(fen)
		if err != nil {
			return
		}
		q, err := ParseFEN(p.FEN())
		if err != nil {
			t.Fatalf("printed FEN %q of %q rejected: %v", p.FEN(), fen, err)
		}
		if q.FEN() != p.FEN() || q.Key() != p.Key() || q.castleRook != p.castleRook && p.castling != 0 {
			t.Fatalf("round trip of %q: %q then %q", fen, p.FEN(), q.FEN())
		}
		var list MoveList
		p.GenerateLegal(&list)
		for _, m := range list.Slice() {
			p.Make(m)
			p.Unmake()
		}
		if p.FEN() != q.FEN() {
			t.Fatalf("make/unmake changed %q", fen)
		}
	})
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"e2e4", "e1g1", "e1h1", "a7a8q", "0000", "e2e4e", "h7h8n", "zz99"} {
		f.Add(kiwipete, s)
		f.Add("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", s)
	}
	f.Fuzz(func(t *testing.T, fen, s string) {
		p, err := ParseFEN(fen)
		if err != nil {
			return
		}
		m, err := p.ParseMove(s)
		if err != nil {
			return
		}
		var list MoveList
		p.GenerateLegal(&list)
		if !list.Contains(m) {
			t.Fatalf("%s: accepted illegal %q as %v", fen, s, m)
		}
		if m.UCI(false) != s && m.UCI(true) != s {
			t.Fatalf("%s: %q parsed as %v", fen, s, m)
		}
	})
}
