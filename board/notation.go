// UCI long-algebraic move parsing and printing against a position.
package board

import "fmt"

// ParseMove reads a move in UCI long algebraic notation (e2e4, e7e8q) and
// returns it if it is legal here. Castling is accepted both as the king's
// move (e1g1) and as king takes rook (e1h1); where the two could be
// confused (Chess960), the form that matches the position's Chess960
// setting is tried first.
func (p *Position) ParseMove(s string) (Move, error) {
	if len(s) < 4 || len(s) > 5 {
		return NoMove, fmt.Errorf("bad move %q", s)
	}
	var list MoveList
	p.GenerateLegal(&list)
	for _, chess960 := range [2]bool{p.chess960, !p.chess960} {
		for _, m := range list.Slice() {
			if m.UCI(chess960) == s {
				return m, nil
			}
		}
	}
	return NoMove, fmt.Errorf("illegal move %q in %s", s, p.FEN())
}

// MoveString prints m in UCI form using the position's Chess960 setting.
func (p *Position) MoveString(m Move) string { return m.UCI(p.chess960) }
