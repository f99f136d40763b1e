package board

import (
	"math/rand"
	"testing"
)

// IsLegal agrees with the generator on every ordinary move (all 4096
// from-to pairs) and on the special moves of other positions, the
// attack-set GivesCheck and GivesCheckWith agree with making the move,
// and SEENonNegative with SEE.
func TestMoveQueries(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	starts := append([]string{}, randomGameStarts...)
	for _, c := range chess960Perft {
		starts = append(starts, c.fen)
	}
	var pool []Move // special moves met so far, tried in later positions
	positions, checks := 0, 0
	for g := 0; g < 60; g++ {
		p := mustParse(t, starts[g%len(starts)])
		playRandom(t, p, rng, 200, func(p *Position, legal []Move) {
			positions++
			var isLegal [1 << 16]bool
			var ci Checks
			p.InitChecks(&ci)
			for _, m := range legal {
				isLegal[m] = true
				if m.Kind() != Normal && len(pool) < 2000 {
					pool = append(pool, m)
				}
				p.Make(m)
				want := p.InCheck()
				p.Unmake()
				if got := p.GivesCheck(m); got != want {
					t.Fatalf("%s: GivesCheck(%v) = %v, want %v", p.FEN(), m, got, want)
				}
				if got := p.GivesCheckWith(&ci, m); got != want {
					t.Fatalf("%s: GivesCheckWith(%v) = %v, want %v", p.FEN(), m, got, want)
				}
				if want {
					checks++
				}
				if got, want := p.SEENonNegative(m), p.SEE(m) >= 0; got != want {
					t.Fatalf("%s: SEENonNegative(%v) = %v, SEE %d", p.FEN(), m, got, p.SEE(m))
				}
			}
			for from := Square(0); from < 64; from++ {
				for to := Square(0); to < 64; to++ {
					m := NewMove(from, to)
					if got := p.IsLegal(m); got != isLegal[m] {
						t.Fatalf("%s: IsLegal(%v) = %v, want %v", p.FEN(), m, got, isLegal[m])
					}
				}
			}
			for _, m := range pool {
				if got := p.IsLegal(m); got != isLegal[m] {
					t.Fatalf("%s: IsLegal(%v) = %v, want %v", p.FEN(), m, got, isLegal[m])
				}
			}
			if p.IsLegal(NoMove) {
				t.Fatalf("%s: NoMove is legal", p.FEN())
			}
		})
	}
	if positions < 5000 || checks < 500 {
		t.Fatalf("only %d positions and %d checking moves tested", positions, checks)
	}
}
