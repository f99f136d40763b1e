// Draw detection: repetition from the key history (scanning back only to
// the last irreversible move), the fifty-move rule and insufficient
// material.
package board

// IsRepetition reports whether the current position occurred before since
// the last irreversible move (captures, pawn moves and null moves end the
// scan; so does the start of the recorded history).
func (p *Position) IsRepetition() bool {
	return p.repetitions(1)
}

// IsThreefold reports whether the current position has occurred at least
// twice before, so that it stands on the board for the third time.
func (p *Position) IsThreefold() bool {
	return p.repetitions(2)
}

func (p *Position) repetitions(want int) bool {
	n := len(p.history)
	limit := min(p.halfmove, n)
	found := 0
	for i := 1; i <= limit; i++ {
		u := &p.history[n-i]
		if u.move == NoMove { // a null move: positions before it do not count
			break
		}
		if i >= 4 && i%2 == 0 && u.key == p.key {
			found++
			if found >= want {
				return true
			}
		}
	}
	return false
}

// IsFiftyMoveDraw reports whether fifty moves by each side have passed
// without capture or pawn move. (A mate on the hundredth ply takes
// precedence; callers that care test for mate first.)
func (p *Position) IsFiftyMoveDraw() bool { return p.halfmove >= 100 }

// InsufficientMaterial reports whether neither side can mate by any series
// of legal moves: king against king with at most one minor piece, or only
// bishops all on squares of one colour.
func (p *Position) InsufficientMaterial() bool {
	if p.byType[Pawn]|p.byType[Rook]|p.byType[Queen] != 0 {
		return false
	}
	minors := p.byType[Knight] | p.byType[Bishop]
	if !minors.More() {
		return true
	}
	if p.byType[Knight] != 0 {
		return false
	}
	const light Bitboard = 0x55AA55AA55AA55AA
	return p.byType[Bishop]&light == 0 || p.byType[Bishop]&^light == 0
}

// HasRepeated reports whether any position since the last irreversible
// move (or the start of the recorded history) has occurred twice: the
// game has begun to go round.
func (p *Position) HasRepeated() bool {
	n := len(p.history)
	limit := min(p.halfmove, n)
	for i := 0; i <= limit; i++ {
		key := p.key // the position i plies back
		if i > 0 {
			u := &p.history[n-i]
			if u.move == NoMove {
				break
			}
			key = u.key
		}
		for j := i + 4; j <= limit; j += 2 {
			if u := &p.history[n-j]; u.move == NoMove {
				break
			} else if u.key == key {
				return true
			}
		}
	}
	return false
}
