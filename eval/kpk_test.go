// Tests of the KPK bitbase against two references that share nothing with
// its solver: the rules of chess as the board implements them (a
// position's value agrees with its successors'), and the Syzygy KPvK
// table, for every legal position.
package eval

import (
	"os"
	"path/filepath"
	"testing"

	"brudno/board"
	"brudno/syzygy"
)

// kpkPosition is one king-and-pawn-against-king position: the pawn's
// side, its king and pawn, the other king, and the side to move.
type kpkPosition struct {
	strong         board.Color
	sk, pawn, weak board.Square
	side           board.Color
}

// legalKPK lists every legal position: the pawn of either colour on any
// square of the second to seventh ranks, the kings apart, either side to
// move, the side not to move not in check.
func legalKPK() []kpkPosition {
	var list []kpkPosition
	for strong := board.White; strong <= board.Black; strong++ {
		for pawn := board.Square(8); pawn < 56; pawn++ {
			checks := board.PawnAttacks(strong, pawn)
			for sk := board.Square(0); sk < 64; sk++ {
				for weak := board.Square(0); weak < 64; weak++ {
					if sk == pawn || weak == pawn || sk == weak || board.KingAttacks(sk).Has(weak) {
						continue
					}
					list = append(list, kpkPosition{strong, sk, pawn, weak, strong.Other()})
					if !checks.Has(weak) { // else the pawn's side, to move, would be giving check
						list = append(list, kpkPosition{strong, sk, pawn, weak, strong})
					}
				}
			}
		}
	}
	return list
}

func (k kpkPosition) won() bool {
	return kpkWon(k.strong, k.sk, k.pawn, k.weak, k.side)
}

func (k kpkPosition) parse(t testing.TB) *board.Position {
	var squares [64]byte
	pieces := [2]string{"KP", "kp"}[k.strong]
	squares[k.sk], squares[k.pawn] = pieces[0], pieces[1]
	squares[k.weak] = "kK"[k.strong]
	return mustParse(t, placement(squares)+" "+"wb"[k.side:k.side+1]+" - - 0 1")
}

// TestKPKAgreesWithTheRules checks the bitbase, on every seventh legal
// position, against its successors by the board's own move generation:
// with the pawn's side to move a position is won when some move leads to
// a won position; with the other side to move, when every move does (and
// when it is mated). A successor with the pawn still on the board is
// valued by the bitbase; after a promotion, it is won when the defender
// is mated, or has moves and none of them takes the new piece, which
// leaves a queen or rook against a bare king (a win, whoever moves); a new
// bishop or knight cannot win.
func TestKPKAgreesWithTheRules(t *testing.T) {
	var list, replies board.MoveList
	positions := legalKPK()
	checked, won := 0, 0
	for i := 0; i < len(positions); i += 7 {
		k := positions[i]
		p := k.parse(t)
		w := k.won()
		p.GenerateLegal(&list)
		anyWon, allWon := false, true
		for _, m := range list.Slice() {
			p.Make(m)
			var succ bool
			if pawns := p.Pieces(k.strong, board.Pawn); pawns != 0 {
				succ = kpkWon(k.strong, p.KingSquare(k.strong), pawns.First(), p.KingSquare(k.strong.Other()), p.Side())
			} else if p.Pieces(k.strong, board.Queen)|p.Pieces(k.strong, board.Rook) != 0 {
				p.GenerateLegal(&replies)
				succ = replies.Count == 0 && p.InCheck()
				if replies.Count > 0 {
					succ = true
					for _, r := range replies.Slice() {
						succ = succ && !p.IsCapture(r)
					}
				}
			}
			p.Unmake()
			anyWon = anyWon || succ
			allWon = allWon && succ
		}
		want := anyWon
		if k.side != k.strong {
			want = list.Count > 0 && allWon || list.Count == 0 && p.InCheck()
		}
		if w != want {
			t.Fatalf("%s: the bitbase says won=%v, the successors say %v", p.FEN(), w, want)
		}
		checked++
		if w {
			won++
		}
	}
	if checked < 90000 || won < checked/4 || won > checked*9/10 {
		t.Fatalf("checked %d positions, %d won: too few, or implausible", checked, won)
	}
	t.Logf("checked %d of %d legal positions, %d won", checked, len(positions), won)
}

// syzygyDir is the folder of the 3- and 4-piece Syzygy tables beside the
// repository.
var syzygyDir = filepath.Join("..", "..", "shared", "syzygy")

// TestKPKMatchesSyzygy compares the bitbase with the Syzygy KPvK table on
// every legal position, either colour with the pawn, either side to move:
// won exactly where the table gives the pawn's side a win or a win that
// the fifty-move rule would spoil. Without the tables the test is skipped,
// except under CI=true, where it fails.
func TestKPKMatchesSyzygy(t *testing.T) {
	if _, err := os.Stat(filepath.Join(syzygyDir, "KPvK.rtbw")); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("the Syzygy KPvK table is needed under CI: %v", err)
		}
		t.Skipf("no Syzygy KPvK table in %s", syzygyDir)
	}
	ts, err := syzygy.Open(syzygyDir)
	if err != nil {
		t.Fatal(err)
	}
	defer ts.Close()
	compared, won, wrong := 0, 0, 0
	for _, k := range legalKPK() {
		p := k.parse(t)
		v, ok := ts.ProbeWDL(p)
		if !ok {
			t.Fatalf("%s: the table cannot be probed", p.FEN())
		}
		if k.side != k.strong {
			v = -v
		}
		if w := k.won(); w != (v > 0) {
			t.Errorf("%s: the bitbase says won=%v, the table %d for the pawn's side", p.FEN(), w, v)
			if wrong++; wrong == 20 {
				t.FailNow()
			}
		}
		compared++
		if v > 0 {
			won++
		}
	}
	if compared < 300000 || won < compared/4 {
		t.Fatalf("compared %d positions, %d won: too few", compared, won)
	}
	t.Logf("compared %d positions, %d won for the pawn's side", compared, won)
}

// BenchmarkKPKSolve times the start-up solve.
func BenchmarkKPKSolve(b *testing.B) {
	for i := 0; i < b.N; i++ {
		solveKPK()
	}
}
