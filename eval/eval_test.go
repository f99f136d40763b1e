// Evaluation tests: colour symmetry and basic material orderings.
package eval

import (
	"strings"
	"testing"

	"brudno/board"
)

// mirrorFEN swaps the colours and flips the board vertically.
func mirrorFEN(fen string) string {
	f := strings.Fields(fen)
	ranks := strings.Split(f[0], "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	swap := func(s string) string {
		return strings.Map(func(r rune) rune {
			switch {
			case r >= 'a' && r <= 'z':
				return r - 'a' + 'A'
			case r >= 'A' && r <= 'Z':
				return r - 'A' + 'a'
			}
			return r
		}, s)
	}
	f[0] = swap(strings.Join(ranks, "/"))
	f[1] = map[string]string{"w": "b", "b": "w"}[f[1]]
	if f[2] != "-" {
		f[2] = swap(f[2])
	}
	if f[3] != "-" {
		f[3] = string(f[3][0]) + map[byte]string{'3': "6", '6': "3"}[f[3][1]]
	}
	return strings.Join(f, " ")
}

var symmetryFENs = []string{
	board.StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	"8/8/1p1k4/p2p4/P2P4/1P2K3/8/8 w - - 0 1",
}

func TestSymmetry(t *testing.T) {
	for _, fen := range symmetryFENs {
		p, err := board.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := board.ParseFEN(mirrorFEN(fen))
		if err != nil {
			t.Fatalf("mirror of %s: %v", fen, err)
		}
		if a, b := Evaluate(p), Evaluate(m); a != b {
			t.Errorf("%s: %d, mirrored %d", fen, a, b)
		}
	}
}

func TestMaterialOrdering(t *testing.T) {
	ev := func(fen string) int {
		p, err := board.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		return Evaluate(p)
	}
	queenUp := ev("4k3/8/8/8/8/8/8/3QK3 w - - 0 1")
	rookUp := ev("4k3/8/8/8/8/8/8/3RK3 w - - 0 1")
	pawnUp := ev("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
	equal := ev("4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1")
	if !(queenUp > rookUp && rookUp > pawnUp && pawnUp > equal) {
		t.Errorf("orderings: Q %d, R %d, P %d, equal %d", queenUp, rookUp, pawnUp, equal)
	}
	if ev("4k3/8/8/8/8/8/8/3QK3 b - - 0 1") >= 0 {
		t.Error("side to move's view: Black to move a queen down must be negative")
	}
}

func BenchmarkEvaluate(b *testing.B) {
	p, _ := board.ParseFEN(symmetryFENs[1])
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Evaluate(p)
	}
}
