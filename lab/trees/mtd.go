package trees

// bounds is a table entry: what is known of an interior node's value.
type bounds struct{ lower, upper int64 }

// mt is Plaat et al.'s memory-enhanced test: a fail-soft null-window
// alpha-beta search that asks whether the value is at least gamma, and
// keeps the bounds it proves for every interior node in a table keyed by
// the node (its path). Leaves are not stored: a leaf met again is
// evaluated again (Probe counts it once as a leaf, again as an
// evaluation).
type mt struct {
	t     *Tree
	p     *Probe
	table map[uint64]bounds
}

func (m *mt) search(n Node, gamma int64) int64 {
	t := m.t
	if t.IsLeaf(n) {
		return m.p.eval(n)
	}
	// 1. A stored bound may answer the test at once.
	b, ok := m.table[n.Key()]
	if !ok {
		b = bounds{-Inf, Inf}
	}
	if b.lower >= gamma {
		return b.lower
	}
	if b.upper < gamma {
		return b.upper
	}
	// 2. Search the successors left to right until the test is decided.
	var g int64
	if t.IsMax(n) {
		g = -Inf
		for i := 0; i < t.Width && g < gamma; i++ {
			g = max(g, m.search(t.Child(n, i), gamma))
		}
	} else {
		g = Inf
		for i := 0; i < t.Width && g >= gamma; i++ {
			g = min(g, m.search(t.Child(n, i), gamma))
		}
	}
	// 3. Store the bound: an upper bound if the test failed, else a lower.
	if g < gamma {
		b.upper = g
	} else {
		b.lower = g
	}
	m.table[n.Key()] = b
	return g
}

// mtdf is MTD(f) as in Kopec, Marsland and Cox's Figure 12 (after Plaat
// et al.): null-window tests zooming in on the value from the first guess
// f. With f = +Inf it is MT-SSS* (SSS* as MTD(+∞)), with f = -Inf
// MT-DUAL* (DUAL* as MTD(-∞)).
func mtdf(t *Tree, p *Probe, f int64) int64 {
	m := &mt{t: t, p: p, table: make(map[uint64]bounds)}
	g, lower, upper := f, -Inf, Inf
	for lower < upper {
		beta := g
		if g == lower {
			beta = g + 1
		}
		g = m.search(t.Root(), beta)
		if g < beta {
			upper = g
		} else {
			lower = g
		}
	}
	p.note(len(m.table), 0)
	return g
}
