package trees

// alphaBeta is fail-soft alpha-beta (Fishburn's form, as in Marsland's
// ABSearch), depth first and left to right, with MAX and MIN nodes
// written out rather than negamax. The root is searched with the window
// (-Inf, +Inf); with that window fail-soft and fail-hard visit the same
// leaves.
func alphaBeta(t *Tree, p *Probe, n Node, alpha, beta int64) int64 {
	if t.IsLeaf(n) {
		return p.eval(n)
	}
	if t.IsMax(n) {
		best := -Inf
		for i := 0; i < t.Width; i++ {
			v := alphaBeta(t, p, t.Child(n, i), max(alpha, best), beta)
			if v > best {
				best = v
				if best >= beta {
					break // cut-off
				}
			}
		}
		return best
	}
	best := Inf
	for i := 0; i < t.Width; i++ {
		v := alphaBeta(t, p, t.Child(n, i), alpha, min(beta, best))
		if v < best {
			best = v
			if best <= alpha {
				break
			}
		}
	}
	return best
}
