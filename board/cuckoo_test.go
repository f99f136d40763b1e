package board

import (
	"math/rand"
	"slices"
	"strings"
	"testing"
)

// Every reversible move of a piece other than a pawn, listed here from the
// geometry of the moves (not from the attack tables), is found by the
// detector's probe with its own two squares, and the table holds nothing
// else: 3,668 moves, each stored once.
func TestCuckooTable(t *testing.T) {
	abs := func(x int) int { return max(x, -x) }
	reaches := func(pt PieceType, a, b Square) bool {
		df, dr := abs(a.File()-b.File()), abs(a.Rank()-b.Rank())
		straight, diagonal := df == 0 || dr == 0, df == dr
		switch pt {
		case Knight:
			return df*dr == 2
		case Bishop:
			return diagonal
		case Rook:
			return straight
		case Queen:
			return straight || diagonal
		case King:
			return max(df, dr) == 1
		}
		return false
	}
	moves := 0
	seen := map[uint64]bool{}
	for _, c := range [2]Color{White, Black} {
		for pt := Knight; pt <= King; pt++ {
			piece := MakePiece(c, pt)
			for a := Square(0); a < 64; a++ {
				for b := a + 1; b < 64; b++ {
					if !reaches(pt, a, b) {
						continue
					}
					moves++
					diff := pieceKeys[piece][a] ^ pieceKeys[piece][b] ^ sideKey
					if m, ok := cuckooLookup(diff); !ok || m != NewMove(a, b) {
						t.Fatalf("%v %v-%v: the probe finds %v, %v", piece, a, b, m, ok)
					}
					seen[diff] = true
				}
			}
		}
	}
	stored := 0
	for _, e := range cuckooTable {
		if e.move == NoMove {
			continue
		}
		stored++
		if !seen[e.diff] {
			t.Errorf("%v stored with a difference that is no reversible move's", e.move)
		}
	}
	if moves != 3668 || stored != moves || len(seen) != moves {
		t.Errorf("%d reversible moves (%d distinct differences), %d stored; want 3,668 of each", moves, len(seen), stored)
	}
	// A difference that is no move's is not found, nor is the empty
	// slot's zero.
	for _, diff := range []uint64{0, sideKey, pieceKeys[MakePiece(White, Pawn)][12] ^ pieceKeys[MakePiece(White, Pawn)][20] ^ sideKey} {
		if m, ok := cuckooLookup(diff); ok {
			t.Errorf("%#x: the probe finds %v", diff, m)
		}
	}
}

// HasUpcomingRepetition finds a move to a repeated position exactly when
// one of the legal moves leads to a position that IsRepetition calls a
// repetition; it may also name a move that is not legal (a pinned piece,
// a king left in check), which is all it may add. Random games that
// prefer quiet moves of pieces, from an opening, a middlegame and two
// endgames, with null moves now and then.
func TestUpcomingRepetition(t *testing.T) {
	fens := []string{
		StartFEN,
		"r1bq1rk1/ppp1bppp/2np1n2/4p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7",
		"4k3/8/3r4/8/8/2N5/8/R3K3 w Q - 0 1",
		"6k1/5pp1/4b2p/8/8/2B3P1/5PKP/8 w - - 0 1",
	}
	rng := rand.New(rand.NewSource(11))
	found, illegal, checked := 0, 0, 0
	for _, fen := range fens {
		for game := 0; game < 6; game++ {
			p, err := ParseFEN(fen)
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < 300; ply++ {
				var list MoveList
				p.GenerateLegal(&list)
				if list.Count == 0 {
					break
				}
				moves := list.Moves[:list.Count]
				brute := false
				for _, m := range moves {
					p.Make(m)
					brute = brute || p.IsRepetition()
					p.Unmake()
				}
				cu := p.upcomingRepetition()
				checked++
				switch {
				case brute && cu == NoMove:
					t.Fatalf("%s after %d plies: a legal move repeats, none found", p.FEN(), ply)
				case !brute && cu != NoMove:
					for _, m := range moves {
						if m.From() == cu.From() && m.To() == cu.To() && m.Kind() == Normal {
							t.Fatalf("%s after %d plies: %v is legal but repeats nothing", p.FEN(), ply, cu)
						}
					}
					illegal++
				case brute:
					found++
				}
				// The next move: a null move now and then, else a quiet
				// move of a piece nine times in ten where there is one.
				if !p.InCheck() && rng.Intn(40) == 0 {
					p.MakeNull()
					continue
				}
				var quiet []Move
				for _, m := range moves {
					if !p.IsCapture(m) && p.PieceAt(m.From()).Type() != Pawn && m.Kind() == Normal {
						quiet = append(quiet, m)
					}
				}
				if len(quiet) > 0 && rng.Intn(10) != 0 {
					p.Make(quiet[rng.Intn(len(quiet))])
				} else {
					p.Make(moves[rng.Intn(len(moves))])
				}
			}
		}
	}
	if found < 100 {
		t.Errorf("only %d of %d positions had a move to a repetition", found, checked)
	}
	t.Logf("%d positions, %d with a move to a repetition, %d more where the move found is not legal", checked, found, illegal)
}

// The detector along lines that end in a repetition in master play: at
// every ply it finds a move exactly when a legal move repeats a position
// (and then the move it finds is one), and it first finds one where the
// line's repetition begins.
func TestUpcomingRepetitionInGames(t *testing.T) {
	for _, g := range []struct {
		name  string
		moves string
		first int    // the first ply after which a repeating move exists
		move  string // that move
	}{
		{
			// The Zaitsev Ruy Lopez's repetition, 11.Ng5 Rf8 12.Nf3 Re8,
			// a drawing line of many master games. After 11...Rf8, Nf3
			// returns to the position after 10.d4, whose en-passant
			// square is not in the key (no pawn can take).
			"Zaitsev",
			"e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 c2c3 e8g8 h2h3 c8b7 d2d4 f8e8 " +
				"f3g5 e8f8 g5f3 f8e8 f3g5 e8f8 g5f3",
			22, "g5f3",
		},
		{
			// The double bongcloud, drawn by repetition (Carlsen-Nakamura,
			// 2021). The kings' first steps lose the castling rights, so
			// 3.Ke1 and 3...Ke8 repeat nothing; 4...Ke7 is the first
			// repeating move.
			"bongcloud",
			"e2e4 e7e5 e1e2 e8e7 e2e1 e7e8 e1e2 e8e7 e2e1 e7e8 e1e2 e8e7",
			7, "e8e7",
		},
		{
			// Hamppe-Meitner, Vienna 1872, "the immortal draw": after
			// 16.Kxc6 Bb7+ 17.Kb5 Ba6+ 18.Kc6, Bb7+ repeats.
			"immortal draw",
			"e2e4 e7e5 b1c3 f8c5 c3a4 c5f2 e1f2 d8h4 f2e3 h4f4 e3d3 d7d5 d3c3 f4e4 c3b3 b8a6 a2a3 e4a4 " +
				"b3a4 a6c5 a4b4 a7a5 b4c5 g8e7 f1b5 e8d8 b5c6 b7b6 c5b5 e7c6 b5c6 c8b7 c6b5 b7a6 b5c6 a6b7",
			35, "a6b7",
		},
	} {
		p, err := ParseFEN(StartFEN)
		if err != nil {
			t.Fatal(err)
		}
		moves := strings.Fields(g.moves)
		for ply := 0; ply <= len(moves); ply++ {
			var list MoveList
			p.GenerateLegal(&list)
			var repeating []Move
			for _, m := range list.Slice() {
				p.Make(m)
				if p.IsRepetition() {
					repeating = append(repeating, m)
				}
				p.Unmake()
			}
			cu := p.upcomingRepetition()
			switch {
			case ply < g.first && (cu != NoMove || len(repeating) > 0):
				t.Errorf("%s, ply %d: found %v, repeating %v, before the repetition begins", g.name, ply, cu, repeating)
			case ply >= g.first && (cu == NoMove || !slices.Contains(repeating, cu)):
				t.Errorf("%s, ply %d: found %v, repeating %v", g.name, ply, cu, repeating)
			case ply == g.first && cu.String() != g.move:
				t.Errorf("%s, ply %d: found %v, want %s", g.name, ply, cu, g.move)
			}
			if ply == len(moves) {
				break
			}
			m, err := p.ParseMove(moves[ply])
			if err != nil {
				t.Fatalf("%s: %v", g.name, err)
			}
			p.Make(m)
		}
	}
}
