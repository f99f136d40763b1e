package trees

// backup is an entry of PS*'s BACKUP list: a partially expanded MAX node,
// the partitions of its successors opened so far, and the current bounds
// on its value.
type backup struct {
	node    Node
	opened  int   // partitions opened so far
	low, hi int64 // lower bound (from above and from solved successors), upper bound (merit)
	gone    bool  // removed from BACKUP
}

// psSearch holds the lists of one PS*(k) search.
type psSearch struct {
	t      *Tree
	p      *Probe
	k      int // partitions
	size   int // PSIZE = width / k
	open   *openList
	backup map[uint64]*backup // BACKUP by node
	order  []*backup          // BACKUP in order of insertion
}

// psStar is Srimani and Marsland's phased search PS*(k): SSS* in which
// the successors of every MAX node are split into k partitions of w/k,
// searched one partition (phase) at a time. OPEN holds the states as in
// SSS*; BACKUP the partially expanded MAX nodes with their bounds. A MAX
// node's lower bound starts from its grandparent's (the nearest MAX
// ancestor) and follows it, which lets PS* cut MIN nodes as alpha-beta
// does. k must divide the width; PS*(1) is SSS*, PS*(w) is alpha-beta.
// The cases of the report's Γ (its Table 1) are marked; the package
// documentation says where the report left us to choose.
func psStar(t *Tree, p *Probe, k int) int64 {
	ps := &psSearch{t: t, p: p, k: k, size: t.Width / k, open: newOpenList(t), backup: make(map[uint64]*backup)}
	// Step 2: the root in OPEN and in BACKUP.
	root := t.Root()
	ps.open.push(root, false, Inf)
	ps.add(&backup{node: root, low: -Inf, hi: Inf})
	for {
		// Steps 3 to 6: take the first state, stop at the solved root,
		// else apply Γ.
		p.note(ps.open.live, len(ps.backup))
		s, ok := ps.open.pop()
		if !ok {
			panic("trees: PS* emptied OPEN")
		}
		if s.solved && s.node.Depth == 0 {
			return s.h
		}
		ps.gamma(s)
	}
}

// add puts b in BACKUP.
func (ps *psSearch) add(b *backup) {
	ps.backup[b.node.Key()] = b
	ps.order = append(ps.order, b)
}

// lowAbove is the lower bound of the MAX node two plies above n.
func (ps *psSearch) lowAbove(n Node) int64 {
	return ps.backup[ps.t.Parent(ps.t.Parent(n)).Key()].low
}

// gamma applies the Γ operator to the state s taken from OPEN.
func (ps *psSearch) gamma(s state) {
	t, n := ps.t, s.node
	switch {
	case !s.solved && t.IsLeaf(n):
		ps.leaf(s)
	case !s.solved && t.IsMax(n):
		// Case 1: open the first partition; the node goes to BACKUP with
		// its grandparent's lower bound (-Inf at the root) and its merit
		// as upper bound.
		b := ps.backup[n.Key()]
		if n.Depth > 0 {
			b = &backup{node: n, low: ps.lowAbove(n), hi: s.h}
			ps.add(b)
		}
		ps.openPartition(b)
	case !s.solved:
		// Case 2: the first successor of a MIN node.
		ps.open.push(t.Child(n, 0), false, s.h)
	case t.IsMax(n):
		// Cases 4 and 5: n, a successor of the MIN node i, is solved.
		// (The report purges the BACKUP entries below i here; ours went
		// when n was solved.)
		i := t.Parent(n)
		switch {
		case t.Index(n) == t.Width-1:
			ps.minDone(i, s.h) // 5: the last one solves i
		case s.h > ps.lowAbove(n):
			ps.open.push(t.Child(i, t.Index(n)+1), false, s.h) // 4a
		default:
			ps.minDone(i, s.h) // 4b: i cannot exceed the bound above
		}
	default:
		ps.minSolved(s)
	}
}

// leaf is case 3: a LIVE leaf n is evaluated.
func (ps *psSearch) leaf(s state) {
	t, n := ps.t, s.node
	score := min(ps.p.eval(n), s.h)
	switch {
	case !t.IsMax(n):
		ps.minDone(n, score) // 3a, a successor of a MAX node
	case score > ps.lowAbove(n):
		ps.open.push(n, true, score) // 3a
	default:
		// 3c: the MIN parent is no better than the bound of the MAX node
		// above it and is solved (cut off) at once.
		ps.minDone(t.Parent(n), score)
	}
}

// minDone puts the solved MIN node n into OPEN. Its merit is at least
// the lower bound of its MAX parent: the parent is worth that much
// whatever n is. This is the report's case 3b, which does so for the
// last node of a partition, made general: without it a partition whose
// successors all fall below the parent's bound would stay in OPEN behind
// the rest of the tree, and the parent's value, its lower bound, would
// be represented by no state of OPEN.
func (ps *psSearch) minDone(n Node, h int64) {
	ps.open.push(n, true, max(h, ps.backup[ps.t.Parent(n).Key()].low))
}

// minSolved is case 6: n, a successor of the MAX node i, comes off OPEN
// solved with merit h, the highest in OPEN, so no state left below i can
// lead above max(low(i), h): the current partition is done. Its value
// raises i's lower bound, which the MAX nodes below i take over at once
// (they cut against it), and all states below i are purged. What the
// purged states cannot account for are the partitions not yet opened of
// the MAX nodes below i that are still in BACKUP; the first such node
// gets its next partition (6b), and only when none is left does i get its
// own next partition, or, with none, is solved with its lower bound.
func (ps *psSearch) minSolved(s state) {
	t := ps.t
	i := t.Parent(s.node)
	b := ps.backup[i.Key()]
	b.low = max(b.low, s.h)
	for _, e := range ps.order {
		if !e.gone && t.under(e.node, i) {
			e.low = max(e.low, b.low)
		}
	}
	ps.open.purgeBelow(i)
	switch {
	case b.low >= b.hi:
		ps.solve(i, b.hi) // 6a: i reaches its upper bound
	case ps.openBelow(i):
		// 6b: a partially expanded MAX node below i was given its next
		// partition.
	case b.opened < ps.k:
		ps.openPartition(b) // 6b: the next partition of i
	default:
		ps.solve(i, b.low) // all partitions done
	}
}

// solve puts (i, SOLVED, v) in OPEN and purges all states and BACKUP
// entries below i, and i's own entry.
func (ps *psSearch) solve(i Node, v int64) {
	ps.open.purgeBelow(i)
	ps.purgeBackupBelow(i)
	ps.open.push(i, true, v)
}

// openBelow opens the next partition of the first node in BACKUP (in
// order of insertion) that is below i and has partitions left, and
// reports whether there was one.
func (ps *psSearch) openBelow(i Node) bool {
	for _, b := range ps.order {
		if b.opened < ps.k && !b.gone && ps.t.under(b.node, i) {
			ps.openPartition(b)
			return true
		}
	}
	return false
}

// openPartition puts the next partition of b's successors into OPEN, each
// with b's upper bound as merit.
func (ps *psSearch) openPartition(b *backup) {
	first := b.opened * ps.size
	for j := first; j < first+ps.size; j++ {
		ps.open.push(ps.t.Child(b.node, j), false, b.hi)
	}
	b.opened++
}

// purgeBackupBelow removes i's BACKUP entry and those of the nodes below
// it, and compacts the list.
func (ps *psSearch) purgeBackupBelow(i Node) {
	kept := ps.order[:0]
	for _, b := range ps.order {
		if b.node.Key() == i.Key() || ps.t.under(b.node, i) {
			b.gone = true
			delete(ps.backup, b.node.Key())
			continue
		}
		kept = append(kept, b)
	}
	clear(ps.order[len(kept):])
	ps.order = kept
}
