// Scores: mates and tablebase wins, each in a band above every evaluation.
package search

// Score bounds. A mate delivered at ply p scores Mate-p; being mated at
// ply p scores -(Mate-p).
const (
	MaxPly    = 128
	Infinity  = 32000
	Mate      = 31000
	MateBound = Mate - MaxPly // scores beyond this are mates
	// A win the tablebases prove, at ply p, scores TBWin-p: below every
	// mate, above every evaluation. GUIs see it as centipawns.
	TBWin      = MateBound - 1
	TBWinBound = TBWin - MaxPly // scores beyond this are tablebase wins or mates
)

// IsMateScore reports whether score announces a mate for either side.
func IsMateScore(score int) bool { return score >= MateBound || score <= -MateBound }

// MateMoves converts a mate score to moves: positive when the side to move
// mates, negative when it is mated.
func MateMoves(score int) int {
	if score > 0 {
		return (Mate - score + 1) / 2
	}
	return -(Mate + score) / 2
}
