// Hand-set starting weights: round values from simple shapes (centralise
// the pieces, advance the pawns, shelter the king in the middlegame and
// activate it in the endgame) that play sensibly before any tuning. The
// Texel tuner (`brudno tune -start initial`) starts from these and writes
// its result to weights_tuned.go, which is what the engine plays with.
package eval

import "brudno/board"

// InitialWeights returns the hand-set starting weights.
func InitialWeights() *Weights {
	w := &Weights{}
	w.Material = [7]Score{0, S(90, 115), S(330, 310), S(345, 330), S(470, 540), S(1000, 990), 0}

	for s := board.Square(0); s < 64; s++ {
		f, r := s.File(), s.Rank()
		fc := min(f, 7-f) // 0 at the edge, 3 in the centre
		rc := min(r, 7-r)
		centre := fc + rc // 0..6
		if r > 0 && r < 7 {
			mg := 3 * (r - 1)
			if f == 3 || f == 4 {
				mg += 5 * min(r-1, 3)
			}
			w.PST[board.Pawn][s] = S(mg, 6*(r-1))
		}
		w.PST[board.Knight][s] = S(8*centre-24, 6*centre-18)
		w.PST[board.Bishop][s] = S(4*centre-12, 3*centre-9)
		seventh := boolInt(r == 6)
		w.PST[board.Rook][s] = S(2*fc-3+8*seventh, 4*seventh)
		w.PST[board.Queen][s] = S(2*centre-6, 4*centre-12)
		shelter := -12 * r
		switch f {
		case 0, 1, 6, 7:
			shelter += 20
		case 2:
			shelter += 10
		default:
			shelter -= 5
		}
		w.PST[board.King][s] = S(shelter, 8*centre-28)
	}

	mobility := func(table []Score, mg, eg, centre int) {
		for i := range table {
			d := i - centre
			table[i] = S(mg*d, eg*d)
		}
	}
	mobility(w.KnightMobility[:], 6, 6, 4)
	mobility(w.BishopMobility[:], 5, 5, 6)
	mobility(w.RookMobility[:], 3, 5, 6)
	mobility(w.QueenMobility[:], 2, 3, 12)

	w.PawnDoubled = S(-10, -20)
	w.PawnIsolated = S(-10, -12)
	w.PawnBackward = S(-8, -8)
	for r := 1; r < 7; r++ {
		w.PawnSupported[r] = S(4+2*r, 4+2*r)
		w.PawnPhalanx[r] = S(3+2*r, 2+r)
	}
	passedMG := [8]int{0, 0, 5, 10, 20, 35, 60, 0}
	passedEG := [8]int{0, 10, 15, 30, 55, 90, 140, 0}
	for r := 1; r < 7; r++ {
		w.PassedRank[r] = S(passedMG[r], passedEG[r])
		w.PassedFreeStop[r] = S(0, 2*r)
		w.PassedSafeStop[r] = S(r, 4*r)
		w.PassedOwnKing[r] = S(0, -r)
		w.PassedEnemyKing[r] = S(0, 2*r)
	}
	w.PassedUnstoppable = S(0, 400)

	w.BishopPair = S(30, 50)
	w.KnightOutpost = S(25, 10)
	w.BishopOutpost = S(15, 5)
	w.RookOpenFile = S(35, 10)
	w.RookSemiOpenFile = S(15, 8)
	w.RookSeventh = S(15, 25)

	w.ThreatByPawn = [7]Score{0, 0, S(50, 40), S(50, 40), S(70, 50), S(70, 50), 0}
	w.ThreatByMinor = [7]Score{0, S(5, 20), S(25, 30), S(25, 30), S(45, 50), S(45, 50), 0}
	w.ThreatByRook = [7]Score{0, S(5, 20), S(20, 25), S(20, 25), S(0, 15), S(40, 40), 0}
	w.Hanging = S(30, 15)

	for fi := 0; fi < 4; fi++ {
		w.KingShelter[fi] = [8]Score{S(-30, 0), S(15, 0), S(10, 0), S(-5, 0), S(-15, 0), S(-20, 0), S(-25, 0), 0}
	}
	w.KingStorm = [8]Score{0, 0, S(-30, 0), S(-25, 0), S(-12, 0), S(-4, 0), 0, 0}
	w.KingOpenFile = S(-25, 0)
	w.KingSemiOpenFile = S(-12, 0)

	w.Safety.Attacker = [7]Score{0, 0, S(16, 0), S(14, 0), S(20, 0), S(26, 0), 0}
	w.Safety.ZoneAttacks = S(6, 2)
	w.Safety.WeakSquares = S(10, 2)
	w.Safety.SafeCheck = [7]Score{0, 0, S(35, 4), S(25, 4), S(40, 4), S(30, 4), 0}
	w.Safety.NoQueen = S(-60, -10)
	w.Safety.Bias = S(-20, 0)

	w.Tempo = S(15, 5)
	return w
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
