// Static evaluation: a tapered (middlegame/endgame) sum of material and
// piece-square terms from the side to move's point of view. Every weight
// lives in the Weights struct so that a tuner can read and write them and
// tests can check symmetry.
package eval

import "brudno/board"

// Weights holds every evaluation parameter, [0] middlegame and [1] endgame.
type Weights struct {
	Material [2][7]int     // by piece type
	PST      [2][7][64]int // by piece type and square, from White's side
	Tempo    int
}

// phaseWeight is each piece type's contribution to the game phase; the
// opening total is maxPhase.
var phaseWeight = [7]int{0, 0, 1, 1, 2, 4, 0}

const maxPhase = 24

// Default holds the weights the engine plays with.
var Default = defaultWeights()

// defaultWeights builds hand-set starting weights: material, and
// piece-square tables from simple shapes (centralisation, pawn advance,
// king shelter in the middlegame and activity in the endgame).
func defaultWeights() *Weights {
	w := &Weights{Tempo: 10}
	w.Material = [2][7]int{
		{0, 100, 320, 330, 480, 950, 0},
		{0, 120, 300, 320, 530, 980, 0},
	}
	for s := board.Square(0); s < 64; s++ {
		f, r := s.File(), s.Rank()
		fc := min(f, 7-f) // 0 at the edge, 3 in the centre
		rc := min(r, 7-r)
		centre := fc + rc // 0..6
		w.PST[0][board.Pawn][s] = pawnShape(f, r)
		w.PST[1][board.Pawn][s] = 8 * max(r-1, 0)
		w.PST[0][board.Knight][s] = 8*centre - 24
		w.PST[1][board.Knight][s] = 6*centre - 18
		w.PST[0][board.Bishop][s] = 4*centre - 10
		w.PST[1][board.Bishop][s] = 3*centre - 9
		w.PST[0][board.Rook][s] = 2*fc - 3 + 10*boolInt(r == 6)
		w.PST[1][board.Rook][s] = 4 * boolInt(r == 6)
		w.PST[0][board.Queen][s] = 2*centre - 6
		w.PST[1][board.Queen][s] = 4*centre - 12
		w.PST[0][board.King][s] = kingShelter(f, r)
		w.PST[1][board.King][s] = 8*centre - 28
	}
	return w
}

func pawnShape(f, r int) int {
	if r == 0 || r == 7 {
		return 0
	}
	v := 3 * (r - 1)
	if f == 3 || f == 4 {
		v += 4 * min(r-1, 3)
	}
	return v
}

func kingShelter(f, r int) int {
	v := -12 * r
	switch f {
	case 0, 1, 6, 7:
		v += 20
	case 2:
		v += 10
	case 3, 4, 5:
		v -= 5
	}
	return v
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Evaluate returns the static evaluation in centipawns from the side to
// move's point of view.
func Evaluate(p *board.Position) int {
	return Default.Evaluate(p)
}

// Evaluate returns the evaluation of p under the weights w.
func (w *Weights) Evaluate(p *board.Position) int {
	t := w.terms(p)
	v := t.taper(t.Material[0]+t.PST[0], t.Material[1]+t.PST[1])
	if p.Side() == board.Black {
		v = -v
	}
	return v + w.Tempo
}

// Terms are the main evaluation terms from White's point of view, each as a
// middlegame and an endgame value, and the game phase (maxPhase = opening).
type Terms struct {
	Material [2]int
	PST      [2]int
	Phase    int
}

func (t *Terms) taper(mg, eg int) int {
	return (mg*t.Phase + eg*(maxPhase-t.Phase)) / maxPhase
}

func (w *Weights) terms(p *board.Position) Terms {
	var t Terms
	for c := board.White; c <= board.Black; c++ {
		sign := 1 - 2*int(c)
		for pt := board.Pawn; pt <= board.King; pt++ {
			for b := p.Pieces(c, pt); b != 0; {
				s := b.PopFirst()
				if c == board.Black {
					s ^= 56 // mirror vertically
				}
				t.Material[0] += sign * w.Material[0][pt]
				t.Material[1] += sign * w.Material[1][pt]
				t.PST[0] += sign * w.PST[0][pt][s]
				t.PST[1] += sign * w.PST[1][pt][s]
				t.Phase += phaseWeight[pt]
			}
		}
	}
	t.Phase = min(t.Phase, maxPhase)
	return t
}

// Breakdown is the evaluation explained for the `eval` command.
type Breakdown struct {
	Terms
	Tempo int
	Total int // from the side to move's point of view, as Evaluate
}

// Explain returns the main terms of the evaluation of p.
func Explain(p *board.Position) Breakdown {
	return Breakdown{Terms: Default.terms(p), Tempo: Default.Tempo, Total: Evaluate(p)}
}

// Taper combines a middlegame and an endgame value by the phase of b.
func (b Breakdown) Taper(v [2]int) int { return b.taper(v[0], v[1]) }
