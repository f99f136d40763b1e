package board

import (
	"math/rand"
	"testing"
)

// Every reversible move of a piece other than a pawn, on an empty board,
// is in the cuckoo table at one of its two slots, and nothing else is.
func TestCuckooTable(t *testing.T) {
	want := 0
	for c := White; c <= Black; c++ {
		for pt := Knight; pt <= King; pt++ {
			pc := MakePiece(c, pt)
			for s1 := Square(0); s1 < 64; s1++ {
				for s2 := Square(0); s2 < 64; s2++ {
					if !pieceAttacksEmpty(pt, s1).Has(s2) {
						continue
					}
					if s1 < s2 {
						want++
					}
					key := pieceKeys[pc][s1] ^ pieceKeys[pc][s2] ^ sideKey
					j := cuckooH1(key)
					if cuckooKeys[j] != key {
						j = cuckooH2(key)
					}
					m := cuckooMoves[j]
					if cuckooKeys[j] != key || min(m.From(), m.To()) != min(s1, s2) || max(m.From(), m.To()) != max(s1, s2) {
						t.Fatalf("%v %v-%v: not in the table", pc, s1, s2)
					}
				}
			}
		}
	}
	got := 0
	for _, m := range cuckooMoves {
		if m != NoMove {
			got++
		}
	}
	if got != want || want != 3668 {
		t.Errorf("%d moves in the table, %d reversible moves", got, want)
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
