package trees

// sssStar is Stockman's SSS* with the OPEN list of states (node, status,
// merit) and the cases of his Γ operator, as the PS* report restates them
// (its Table 1 with one partition). With dual set it is DUAL*: SSS* on the
// dual tree, where every value is negated and MAX and MIN change places,
// so that the root is searched left to right like a MIN node; the value
// is negated back.
func sssStar(t *Tree, p *Probe, dual bool) int64 {
	isMax := func(n Node) bool { return t.IsMax(n) != dual }
	value := func(n Node) int64 {
		if dual {
			return -p.eval(n)
		}
		return p.eval(n)
	}
	open := newOpenList(t)
	open.push(t.Root(), false, Inf)
	for {
		p.note(open.live, 0)
		s, ok := open.pop()
		if !ok {
			panic("trees: SSS* emptied OPEN")
		}
		n := s.node
		switch {
		case s.solved && n.Depth == 0:
			// The root is solved: its merit is the value.
			if dual {
				return -s.h
			}
			return s.h
		case !s.solved && t.IsLeaf(n):
			// Γ case 3: evaluate; the state is solved with the smaller of
			// the value and the merit, in merit order.
			open.push(n, true, min(value(n), s.h))
		case !s.solved && isMax(n):
			// Γ case 1: all successors of a MAX node, with its merit.
			for i := 0; i < t.Width; i++ {
				open.push(t.Child(n, i), false, s.h)
			}
		case !s.solved:
			// Γ case 2: the first successor of a MIN node.
			open.push(t.Child(n, 0), false, s.h)
		case isMax(n):
			// Γ cases 4 and 5: a solved successor of a MIN node gives way
			// to its next brother, or, the last, solves its parent.
			if i := t.Index(n); i < t.Width-1 {
				open.push(t.Child(t.Parent(n), i+1), false, s.h)
			} else {
				open.push(t.Parent(n), true, s.h)
			}
		default:
			// Γ case 6: a solved successor of a MAX node solves its
			// parent; the brothers' states are purged.
			parent := t.Parent(n)
			open.purgeBelow(parent)
			open.push(parent, true, s.h)
		}
	}
}
