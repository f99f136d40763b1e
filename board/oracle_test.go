// Differential tests: along random games, the legal move set at every ply
// must equal dragontoothmg's GenerateLegalMoves and notnil/chess's valid
// moves. dragontoothmg's one known defect (a pawn pinned on a diagonal
// never captures en passant, even along the pin line) is the only
// difference allowed, and it is checked to be exactly that.
package board

import (
	"math/rand"
	"sort"
	"testing"

	"github.com/dylhunn/dragontoothmg"
	"github.com/notnil/chess"
)

func sortedStrings(s []string) []string { sort.Strings(s); return s }

func ourMoves(legal []Move) []string {
	out := make([]string, len(legal))
	for i, m := range legal {
		out[i] = m.UCI(false)
	}
	return sortedStrings(out)
}

func dragontoothMoves(fen string) []string {
	d := dragontoothmg.ParseFen(fen)
	var out []string
	for _, m := range d.GenerateLegalMoves() {
		out = append(out, m.String())
	}
	return sortedStrings(out)
}

func notnilMoves(t *testing.T, fen string) []string {
	opt, err := chess.FEN(fen)
	if err != nil {
		t.Fatalf("notnil/chess rejects %s: %v", fen, err)
	}
	var out []string
	for _, m := range chess.NewGame(opt).ValidMoves() {
		out = append(out, m.String())
	}
	return sortedStrings(out)
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// dragontoothDefect reports whether m is an en-passant capture by a pawn
// pinned along a diagonal, which dragontoothmg wrongly never generates.
func dragontoothDefect(p *Position, m Move) bool {
	if m.Kind() != EnPassant || !p.Pinned(p.side).Has(m.From()) {
		return false
	}
	ksq := p.KingSquare(p.side)
	return ksq.File() != m.From().File() && ksq.Rank() != m.From().Rank()
}

func checkAgainstDragontooth(t *testing.T, p *Position, legal []Move) (defects int) {
	t.Helper()
	fen := p.FEN()
	want := dragontoothMoves(fen)
	var adjusted []Move
	for _, m := range legal {
		if dragontoothDefect(p, m) {
			defects++
			continue
		}
		adjusted = append(adjusted, m)
	}
	if got := ourMoves(adjusted); !equalStrings(got, want) {
		t.Fatalf("%s:\n ours %v\n dragontoothmg %v", fen, got, want)
	}
	return defects
}

func TestLegalMovesAgainstOracles(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	positions := 0
	games := 150
	if testing.Short() {
		games = 60
	}
	for g := 0; g < games; g++ {
		p := mustParse(t, randomGameStarts[g%len(randomGameStarts)])
		playRandom(t, p, rng, 200, func(p *Position, legal []Move) {
			positions++
			checkAgainstDragontooth(t, p, legal)
			if got, want := ourMoves(legal), notnilMoves(t, p.FEN()); !equalStrings(got, want) {
				t.Fatalf("%s:\n ours %v\n notnil %v", p.FEN(), got, want)
			}
		})
	}
	if positions < 10000 && !testing.Short() {
		t.Errorf("only %d positions compared", positions)
	}
	t.Logf("%d positions compared", positions)
}

// The defect position itself: e5f6 is the only legal move, found by us and
// notnil/chess, missed by dragontoothmg.
func TestDragontoothDefectHandled(t *testing.T) {
	fen := "7b/8/8/4Pp2/8/8/2q5/K6k w - f6 0 2"
	p := mustParse(t, fen)
	var list MoveList
	p.GenerateLegal(&list)
	if n := checkAgainstDragontooth(t, p, list.Slice()); n != 1 {
		t.Errorf("%d defect moves, want 1", n)
	}
	if got, want := ourMoves(list.Slice()), notnilMoves(t, fen); !equalStrings(got, want) {
		t.Errorf("ours %v, notnil %v", got, want)
	}
}
