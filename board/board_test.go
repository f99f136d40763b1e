// Tests of keys, FEN validation, make/unmake consistency, move-generation
// partitions, SEE and draw detection.
package board

import (
	"math/rand"
	"strings"
	"testing"
)

// The test vectors of the Polyglot book format description.
func TestPolyglotKeys(t *testing.T) {
	cases := []struct {
		moves string
		key   uint64
	}{
		{"", 0x463b96181691fc9c},
		{"e2e4", 0x823c9b50fd114196},
		{"e2e4 d7d5", 0x0756b94461c50fb0},
		{"e2e4 d7d5 e4e5", 0x662fafb965db29d4},
		{"e2e4 d7d5 e4e5 f7f5", 0x22a48b5a8e47ff78},
		{"e2e4 d7d5 e4e5 f7f5 e1e2", 0x652a607ca3f242c1},
		{"e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", 0x00fdd303c946bdd9},
		{"a2a4 b7b5 h2h4 b5b4 c2c4", 0x3c8123ea7b067637},
		{"a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", 0x5c3f9b829b279560},
	}
	for _, c := range cases {
		p := NewPosition()
		for _, s := range strings.Fields(c.moves) {
			m, err := p.ParseMove(s)
			if err != nil {
				t.Fatal(err)
			}
			p.Make(m)
		}
		if p.Key() != c.key {
			t.Errorf("after %q: key %016x, want %016x", c.moves, p.Key(), c.key)
		}
		if q := mustParse(t, p.FEN()); q.Key() != c.key {
			t.Errorf("after %q: key from FEN %016x, want %016x", c.moves, q.Key(), c.key)
		}
	}
	// The en-passant file counts only when a pawn can capture: after 1.e4
	// no black pawn stands beside e4, so the FEN's e3 adds nothing.
	a := mustParse(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
	b := mustParse(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	if a.Key() != b.Key() || a.Key() != 0x823c9b50fd114196 {
		t.Errorf("e3 changed the key: %016x vs %016x", a.Key(), b.Key())
	}
}

func TestFENErrors(t *testing.T) {
	bad := map[string]string{
		"": "field",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0":         "field",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra": "field",
		"rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1":         "8 ranks",
		"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1":        "squares",
		"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1":       "unknown piece",
		"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1":      "more than 8",
		"rnbqkbnx/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1":       "unknown piece",
		"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1":       "exactly one king",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w KQkq - 0 1":       "exactly one king",
		"rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQkq - 0 1":       "pawns",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1":       "side to move",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqX - 0 1":      "castling",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1":       "without a rook",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1":       "exactly one king",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w - - 0 1":          "exactly one king",
		"rnbqkbnr/pppppppp/8/8/8/5K2/PPPPPPPP/RNBQ1BNR w KQkq - 0 1":     "king on its first rank",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1":       "twice",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1":      "impossible en-passant",
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e6 0 1":    "impossible en-passant",
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq d3 0 1":    "no pawn",
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq z9 0 1":    "bad en-passant",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1":      "halfmove",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x":       "fullmove",
		"4k3/8/8/8/8/8/8/4K2R b - - 0 1":                                 "",
		"4k3/4R3/8/8/8/8/8/4K3 w - - 0 1":                                "not to move is in check",
		"QQQQQQQQ/QQQQQQQQ/8/8/8/8/8/k3K3 w - - 0 1":                     "promotions",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0":     "field",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1":     "8 ranks",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\x00":   "fullmove",
		"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 ":                          "",
	}
	for fen, want := range bad {
		_, err := ParseFEN(fen)
		if want == "" {
			if err != nil {
				t.Errorf("ParseFEN(%q) rejected a valid FEN: %v", fen, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("ParseFEN(%q) accepted, want error containing %q", fen, want)
		} else if !strings.Contains(err.Error(), want) {
			t.Errorf("ParseFEN(%q) = %q, want error containing %q", fen, err, want)
		}
	}
	// Four fields, as in EPD: clocks default to 0 and 1.
	p := mustParse(t, "4k3/8/8/8/8/8/8/4K2R w K -")
	if got := p.FEN(); got != "4k3/8/8/8/8/8/8/4K2R w K - 0 1" {
		t.Errorf("4-field FEN printed as %q", got)
	}
}

// playRandom plays a random game from fen, calling check at every position
// reached; the moves are made and then all unmade again.
func playRandom(t *testing.T, p *Position, rng *rand.Rand, plies int, check func(p *Position, legal []Move)) {
	t.Helper()
	fen0, key0 := p.FEN(), p.Key()
	made := 0
	var list MoveList
	for ; made < plies; made++ {
		p.GenerateLegal(&list)
		check(p, list.Slice())
		if list.Count == 0 || p.halfmove >= 100 || p.InsufficientMaterial() {
			break
		}
		p.Make(list.Moves[rng.Intn(list.Count)])
	}
	for ; made > 0; made-- {
		p.Unmake()
	}
	if p.FEN() != fen0 || p.Key() != key0 {
		t.Fatalf("position not restored after unmaking: %s", p.FEN())
	}
}

var randomGameStarts = []string{
	StartFEN,
	kiwipete,
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
}

// Every make and unmake keeps the incremental keys equal to a recomputation,
// the mailbox equal to the bitboards, and Unmake restores the position;
// KeyAfter foretells the key of every legal move.
func TestMakeUnmakeConsistency(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	starts := append([]string{}, randomGameStarts...)
	for _, c := range chess960Perft {
		starts = append(starts, c.fen)
	}
	for g := 0; g < 400; g++ {
		p := mustParse(t, starts[g%len(starts)])
		playRandom(t, p, rng, 300, func(p *Position, legal []Move) {
			key, pawnKey, nonPawnKey := p.computeKeys()
			if key != p.key || pawnKey != p.pawnKey || nonPawnKey != p.nonPawnKey {
				t.Fatalf("%s: incremental keys differ from recomputed ones", p.FEN())
			}
			for s := Square(0); s < 64; s++ {
				pc := p.squares[s]
				if pc == NoPiece && p.byType[0].Has(s) || pc != NoPiece && !p.Pieces(pc.Color(), pc.Type()).Has(s) {
					t.Fatalf("%s: mailbox and bitboards disagree on %v", p.FEN(), s)
				}
			}
			if q := mustParse(t, p.FEN()); q.Key() != p.Key() {
				t.Fatalf("%s: FEN round trip changed the key", p.FEN())
			}
			// The checkers kept by Make, MakeNull and their undoing are
			// those attacking the king.
			checkers := func() Bitboard { return p.AttackersTo(p.kingSq[p.side], p.byType[0]) & p.byColor[p.side^1] }
			if want := checkers(); p.Checkers() != want || p.InCheck() != (want != 0) {
				t.Fatalf("%s: checkers %#x, want %#x", p.FEN(), uint64(p.Checkers()), uint64(want))
			}
			for _, m := range legal {
				fen, before, after := p.FEN(), p.Checkers(), p.KeyAfter(m)
				p.Make(m)
				if want := checkers(); p.Checkers() != want {
					t.Fatalf("%s after %v: checkers %#x, want %#x", fen, m, uint64(p.Checkers()), uint64(want))
				}
				if p.Key() != after {
					t.Fatalf("%s: KeyAfter(%v) = %#x, Make gives %#x", fen, m, after, p.Key())
				}
				p.Unmake()
				if p.FEN() != fen || p.Checkers() != before {
					t.Fatalf("%s: %v not undone: %s", fen, m, p.FEN())
				}
			}
			if !p.InCheck() {
				p.MakeNull()
				if key, _, _ := p.computeKeys(); key != p.key {
					t.Fatalf("%s: null move key wrong", p.FEN())
				}
				if want := checkers(); p.Checkers() != want {
					t.Fatalf("%s after a null move: checkers %#x, want %#x", p.FEN(), uint64(p.Checkers()), uint64(want))
				}
				p.UnmakeNull()
				if p.Checkers() != 0 {
					t.Fatalf("%s: null move not undone: checkers %#x", p.FEN(), uint64(p.Checkers()))
				}
			}
		})
	}
}

// Noisy and quiet moves partition the legal moves; evasions equal the legal
// moves in check.
func TestGenerationPartitions(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	var noisy, quiet MoveList
	for g := 0; g < 200; g++ {
		p := mustParse(t, randomGameStarts[g%len(randomGameStarts)])
		playRandom(t, p, rng, 200, func(p *Position, legal []Move) {
			p.GenerateNoisy(&noisy)
			p.GenerateQuiet(&quiet)
			if noisy.Count+quiet.Count != len(legal) {
				t.Fatalf("%s: %d noisy + %d quiet != %d legal", p.FEN(), noisy.Count, quiet.Count, len(legal))
			}
			for _, m := range noisy.Slice() {
				if !p.IsCapture(m) && m.Promo() == NoPieceType {
					t.Fatalf("%s: noisy move %v neither captures nor promotes", p.FEN(), m)
				}
			}
			for _, m := range quiet.Slice() {
				if p.IsCapture(m) || m.Promo() != NoPieceType || quiet.Contains(m) && noisy.Contains(m) {
					t.Fatalf("%s: quiet move %v is noisy", p.FEN(), m)
				}
			}
			for _, m := range legal {
				if !noisy.Contains(m) && !quiet.Contains(m) {
					t.Fatalf("%s: %v missing from noisy and quiet", p.FEN(), m)
				}
			}
			if p.InCheck() {
				p.GenerateEvasions(&noisy)
				if noisy.Count != len(legal) {
					t.Fatalf("%s: %d evasions, %d legal", p.FEN(), noisy.Count, len(legal))
				}
			}
		})
	}
}

func TestPinnedEnPassant(t *testing.T) {
	p := mustParse(t, "7b/8/8/4Pp2/8/8/2q5/K6k w - f6 0 2")
	var list MoveList
	p.GenerateLegal(&list)
	if list.Count != 1 || list.Moves[0].UCI(false) != "e5f6" || list.Moves[0].Kind() != EnPassant {
		t.Errorf("legal moves %v, want only e5f6 en passant", list.Slice())
	}
	if !p.Pinned(White).Has(SquareAt(4, 4)) {
		t.Error("e5 pawn not reported pinned")
	}
}

func TestAttackQueries(t *testing.T) {
	// Double check: knight f3 and rook e8 check the king on e1.
	p := mustParse(t, "4r2k/8/8/8/8/5n2/8/4K3 w - - 0 1")
	if c := p.Checkers(); c.Count() != 2 || !c.Has(SquareAt(5, 2)) || !c.Has(SquareAt(4, 7)) {
		t.Errorf("checkers %x, want f3 and e8", uint64(c))
	}
	var list MoveList
	p.GenerateLegal(&list)
	for _, m := range list.Slice() {
		if m.From() != p.KingSquare(White) {
			t.Errorf("double check: non-king move %v", m)
		}
	}
	if list.Count != 3 { // d1, f1, f2 (e2 attacked by the rook, d2 by the knight)
		t.Errorf("double check: %d moves %v, want 3", list.Count, list.Slice())
	}
	if !p.InCheck() || !p.Attacked(SquareAt(4, 1), Black) || p.Attacked(SquareAt(7, 0), Black) {
		t.Error("attack queries wrong")
	}
}

func TestSEE(t *testing.T) {
	cases := []struct {
		fen, move string
		want      int
	}{
		{"1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5", 100},
		{"4k3/8/3p4/4p3/8/8/8/4RK2 w - - 0 1", "e1e5", -400},
		{"4k3/8/3p4/4p3/3P4/8/8/4K3 w - - 0 1", "d4e5", 0},
		{"4k3/8/4p3/3n4/8/8/8/3QK3 w - - 0 1", "d1d5", 320 - 900},
		{"3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 100},
		{"3rk3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 100 - 500},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", 800},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 100},
		{"4k3/8/4p3/8/8/8/8/3QK3 w - - 0 1", "d1d5", -900},
		{"4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "d1d5", 0},
		{"4k3/8/8/8/8/8/3q4/3rK3 w - - 0 1", "e1d2", 900 - 20000},
	}
	for _, c := range cases {
		p := mustParse(t, c.fen)
		m, err := p.ParseMove(c.move)
		if err != nil { // SEE also rates pseudo-legal captures
			from, _ := ParseSquare(c.move[:2])
			to, _ := ParseSquare(c.move[2:4])
			m = NewMove(from, to)
		}
		if got := p.SEE(m); got != c.want {
			t.Errorf("%s %s: SEE %d, want %d", c.fen, c.move, got, c.want)
		}
	}
}

// SEEGE(m, t) agrees with SEE(m) >= t for every legal move of random
// games, at thresholds around SEE's value, the first capture's bounds and
// across the range of piece values.
func TestSEEGE(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	checked, exchanged := 0, 0
	for g := 0; g < 60; g++ {
		p := mustParse(t, randomGameStarts[g%len(randomGameStarts)])
		playRandom(t, p, rng, 200, func(p *Position, legal []Move) {
			for _, m := range legal {
				see := p.SEE(m)
				taken, moved := SEEValue[p.squares[m.To()].Type()], SEEValue[p.squares[m.From()].Type()]
				thresholds := []int{see - 1, see, see + 1, taken, taken + 1, taken - moved, taken - moved + 1, 0, 1, -20000}
				for th := -1200; th <= 1200; th += 75 {
					thresholds = append(thresholds, th)
				}
				for _, th := range thresholds {
					if got := p.SEEGE(m, th); got != (see >= th) {
						t.Fatalf("%s %v: SEEGE(%d) = %v, SEE %d", p.FEN(), m, th, got, see)
					}
					if th < taken && th > taken-moved {
						exchanged++ // not settled by the first capture
					}
					checked++
				}
				if p.SEENonNegative(m) != (see >= 0) {
					t.Fatalf("%s %v: SEENonNegative disagrees with SEE %d", p.FEN(), m, see)
				}
			}
		})
	}
	if checked < 100000 || exchanged == 0 {
		t.Fatalf("only %d comparisons (%d worked out by the exchange)", checked, exchanged)
	}
}

func play(t *testing.T, p *Position, moves string) {
	t.Helper()
	for _, s := range strings.Fields(moves) {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		p.Make(m)
	}
}

func TestDraws(t *testing.T) {
	p := NewPosition()
	play(t, p, "g1f3 g8f6 f3g1")
	if p.IsRepetition() {
		t.Error("repetition reported after 3 plies")
	}
	play(t, p, "f6g8")
	if !p.IsRepetition() || p.IsThreefold() {
		t.Error("second occurrence: want repetition, not threefold")
	}
	play(t, p, "g1f3 g8f6 f3g1 f6g8")
	if !p.IsThreefold() {
		t.Error("third occurrence not threefold")
	}
	play(t, p, "e2e4 e7e5 g1f3 g8f6 f3g1")
	if p.IsRepetition() {
		t.Error("repetition reported across a pawn move")
	}
	play(t, p, "f6g8")
	if !p.IsRepetition() || p.IsThreefold() {
		t.Error("position after 2.e5 not found again once")
	}
	// Positions before a null move do not count.
	p = NewPosition()
	play(t, p, "g1f3")
	p.MakeNull()
	play(t, p, "f3g1")
	p.MakeNull()
	if p.IsRepetition() {
		t.Error("repetition found across null moves")
	}
	p.UnmakeNull()
	play(t, p, "g8f6 g1f3 f6g8")
	if !p.IsRepetition() {
		t.Error("repetition after a null move not found")
	}

	if !mustParse(t, "4k3/8/8/8/8/8/8/4K2R w - - 100 80").IsFiftyMoveDraw() ||
		mustParse(t, "4k3/8/8/8/8/8/8/4K2R w - - 99 80").IsFiftyMoveDraw() {
		t.Error("fifty-move rule")
	}
	for fen, want := range map[string]bool{
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1":    true,
		"4k3/8/8/8/8/8/8/4KN2 w - - 0 1":   true,
		"4k3/8/8/8/8/8/8/4KB2 w - - 0 1":   true,
		"4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1": true,  // bishops on dark squares
		"4kb2/8/8/8/8/8/8/3BK3 w - - 0 1":  false, // opposite colours
		"4k3/8/8/8/8/8/8/3NKN2 w - - 0 1":  false,
		"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1":  false,
		"4k3/8/8/8/8/8/8/4K2R w - - 0 1":   false,
		"4kn2/8/8/8/8/8/8/3BK3 w - - 0 1":  false,
	} {
		if got := mustParse(t, fen).InsufficientMaterial(); got != want {
			t.Errorf("%s: insufficient material %v, want %v", fen, got, want)
		}
	}
}

// AttacksBy holds exactly the squares Attacked says a colour attacks.
func TestAttacksBy(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for g := 0; g < 50; g++ {
		p := mustParse(t, randomGameStarts[g%len(randomGameStarts)])
		playRandom(t, p, rng, 120, func(p *Position, _ []Move) {
			for c := White; c <= Black; c++ {
				a := p.AttacksBy(c)
				for s := Square(0); s < 64; s++ {
					if a.Has(s) != p.Attacked(s, c) {
						t.Fatalf("%s: AttacksBy(%v) has %v: %v, Attacked says %v", p.FEN(), c, s, a.Has(s), p.Attacked(s, c))
					}
				}
			}
		})
	}
}

// AttacksUpTo's three sets hold exactly the squares that a pawn, a pawn
// or minor piece, and a pawn, minor piece or rook of the colour attacks,
// each found by AttackersTo.
func TestAttacksUpTo(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for g := 0; g < 30; g++ {
		p := mustParse(t, randomGameStarts[g%len(randomGameStarts)])
		playRandom(t, p, rng, 120, func(p *Position, _ []Move) {
			occ := p.Occupied()
			for c := White; c <= Black; c++ {
				pawns, minors, rooks := p.AttacksUpTo(c)
				pw := p.Pieces(c, Pawn)
				mn := pw | p.Pieces(c, Knight) | p.Pieces(c, Bishop)
				rk := mn | p.Pieces(c, Rook)
				for s := Square(0); s < 64; s++ {
					by := p.AttackersTo(s, occ)
					for _, k := range []struct {
						name string
						set  Bitboard
						who  Bitboard
					}{{"pawns", pawns, pw}, {"minors", minors, mn}, {"rooks", rooks, rk}} {
						if want := by&k.who != 0; k.set.Has(s) != want {
							t.Fatalf("%s: AttacksUpTo(%v) %s has %v: %v, want %v", p.FEN(), c, k.name, s, k.set.Has(s), want)
						}
					}
				}
			}
		})
	}
}

// HasRepeated sees a position occur twice anywhere since the last
// irreversible move, not only the current one.
func TestHasRepeated(t *testing.T) {
	p, _ := ParseFEN("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
	play := func(moves ...string) {
		for _, s := range moves {
			m, err := p.ParseMove(s)
			if err != nil {
				t.Fatal(err)
			}
			p.Make(m)
		}
	}
	play("e1d1", "e8d8", "d1e1", "d8e8") // back to the start: repeated
	if !p.HasRepeated() {
		t.Error("the start position occurred twice")
	}
	play("e1f1") // the current position is new, the repetition stays
	if !p.HasRepeated() || p.IsRepetition() {
		t.Errorf("after one more move: repeated %v, current repeats %v", p.HasRepeated(), p.IsRepetition())
	}
	play("e8f8", "e2e3") // a pawn move: nothing before it counts
	if p.HasRepeated() {
		t.Error("a repetition before a pawn move counted")
	}
	q, _ := ParseFEN("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
	if q.HasRepeated() {
		t.Error("a fresh position has repeated")
	}
}
