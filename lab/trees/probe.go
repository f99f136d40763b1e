package trees

// Stats is what one search of one tree cost.
type Stats struct {
	Value int64 // the minimax value found
	// Leaves is the number of distinct bottom positions evaluated: a leaf
	// evaluated again (only MTD's re-searches do that) counts once.
	Leaves int
	// Evals counts every evaluation, repeats included.
	Evals int
	// Storage is the largest storage held at any one time: OPEN entries
	// for SSS* and DUAL*, OPEN plus BACKUP entries for PS*, table entries
	// for the MTD searches, and for alpha-beta its stack of nodes from
	// the root to a leaf's parent (the depth).
	Storage int
	// Open and Backup are the largest OPEN and BACKUP lists (PS*, SSS*,
	// DUAL*), each at its own peak.
	Open, Backup int
}

// Probe evaluates leaves for a search and keeps its Stats.
type Probe struct {
	t     *Tree
	stats Stats
	// seen, when not nil, holds the leaves evaluated so far, so that
	// repeats are not counted as new leaves.
	seen map[uint64]struct{}
	// record, when set, keeps the keys of the leaves evaluated, in order.
	record bool
	keys   []uint64
}

func newProbe(t *Tree, distinct, record bool) *Probe {
	p := &Probe{t: t, record: record}
	if distinct {
		p.seen = make(map[uint64]struct{})
	}
	return p
}

// eval returns the leaf's value and counts it.
func (p *Probe) eval(n Node) int64 {
	p.stats.Evals++
	if p.seen != nil {
		if _, ok := p.seen[n.Key()]; ok {
			return p.t.Value(n)
		}
		p.seen[n.Key()] = struct{}{}
	}
	p.stats.Leaves++
	if p.record {
		p.keys = append(p.keys, n.Key())
	}
	return p.t.Value(n)
}

// note records the sizes of the lists after a step.
func (p *Probe) note(open, backup int) {
	p.stats.Open = max(p.stats.Open, open)
	p.stats.Backup = max(p.stats.Backup, backup)
	p.stats.Storage = max(p.stats.Storage, open+backup)
}
