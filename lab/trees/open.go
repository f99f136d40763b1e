package trees

// state is an entry of OPEN: Stockman's triple (node, status, merit),
// with the order of its insertion.
type state struct {
	node   Node
	solved bool
	h      int64  // merit: an upper bound (SSS*, PS*)
	left   uint64 // the node's leftmost leaf, for ties
	seq    uint64 // when it was inserted
}

// stateHeap orders states by merit, highest first; equal merits go to the
// state leftmost in the tree (and an ancestor before its descendants),
// which is the PS* report's rule for ties. For SSS* this order and
// Stockman's "insert at the front" agree: what SSS* puts in front has the
// highest merit and lies left of the other states of that merit. PS*
// uses the same order.
type stateHeap []state

func (s stateHeap) less(i, j int) bool {
	a, b := &s[i], &s[j]
	if a.h != b.h {
		return a.h > b.h
	}
	if a.left != b.left {
		return a.left < b.left
	}
	return a.node.Depth < b.node.Depth
}

// push and pop keep the binary heap (written out: container/heap would
// box every state).
func (s *stateHeap) push(x state) {
	*s = append(*s, x)
	h := *s
	for i := len(h) - 1; i > 0; {
		p := (i - 1) / 2
		if !h.less(i, p) {
			break
		}
		h[i], h[p] = h[p], h[i]
		i = p
	}
}

func (s *stateHeap) pop() state {
	h := *s
	top := h[0]
	last := len(h) - 1
	h[0] = h[last]
	h = h[:last]
	for i := 0; ; {
		c := 2*i + 1
		if c >= len(h) {
			break
		}
		if c+1 < len(h) && h.less(c+1, c) {
			c++
		}
		if !h.less(c, i) {
			break
		}
		h[i], h[c] = h[c], h[i]
		i = c
	}
	*s = h
	return top
}

// openList is OPEN, ordered by merit, with the purge of a subtree.
// Purging is lazy: purgeBelow(n) notes when n's descendants were purged,
// and a state inserted before that, below n, is dropped when it comes to
// the top. The count of live states (the storage) is exact: each node
// with live states below it knows how many.
type openList struct {
	t        *Tree
	heap     stateHeap
	live     int
	seq      uint64
	below    *nodeTable // live states strictly below an interior node
	purgedAt *nodeTable // seq of the last purge below an interior node
	purges   int
}

func newOpenList(t *Tree) *openList {
	return &openList{t: t, below: newNodeTable(t), purgedAt: newNodeTable(t)}
}

// push inserts the state (n, solved, h) and returns its number.
func (o *openList) push(n Node, solved bool, h int64) uint64 {
	return o.insert(state{node: n, solved: solved, h: h})
}

func (o *openList) insert(s state) uint64 {
	o.seq++
	s.left, s.seq = o.t.left(s.node), o.seq
	o.heap.push(s)
	o.live++
	o.count(s.node, 1)
	return o.seq
}

// count adds c to the live count of every proper ancestor of n.
func (o *openList) count(n Node, c int) {
	for a := n; a.Depth > 0; {
		a = o.t.Parent(a)
		o.below.add(a, int64(c))
	}
}

// pop removes and returns the first live state; ok is false when OPEN is
// empty.
func (o *openList) pop() (s state, ok bool) {
	for len(o.heap) > 0 {
		s = o.heap.pop()
		if o.dead(s) {
			continue
		}
		o.live--
		o.count(s.node, -1)
		return s, true
	}
	return state{}, false
}

// dead reports whether s lies below a node purged after s was inserted.
func (o *openList) dead(s state) bool {
	if o.purges == 0 {
		return false
	}
	for a := s.node; a.Depth > 0; {
		a = o.t.Parent(a)
		if uint64(o.purgedAt.get(a)) >= s.seq {
			return true
		}
	}
	return false
}

// purgeBelow removes every state strictly below n.
func (o *openList) purgeBelow(n Node) {
	c := int(o.below.get(n))
	if c == 0 {
		return
	}
	o.live -= c
	o.count(n, -c)
	o.below.set(n, 0)
	o.purgedAt.set(n, int64(o.seq))
	o.purges++
}

// nodeTable maps the interior nodes of a tree to numbers, zero by
// default: an array indexed by depth and position when the tree's
// interior is small, else a map.
type nodeTable struct {
	off []uint64 // off[d]: index of the first node of depth d
	arr []int64
	m   map[uint64]int64
}

// maxArrayNodes bounds the interior nodes kept in an array.
const maxArrayNodes = 1 << 21

func newNodeTable(t *Tree) *nodeTable {
	nt := &nodeTable{off: make([]uint64, t.Depth+1)}
	for d := 1; d <= t.Depth; d++ {
		nt.off[d] = nt.off[d-1] + t.pow[d-1]
	}
	if nt.off[t.Depth] <= maxArrayNodes {
		nt.arr = make([]int64, nt.off[t.Depth])
	} else {
		nt.m = make(map[uint64]int64)
	}
	return nt
}

func (nt *nodeTable) get(n Node) int64 {
	if nt.arr != nil {
		return nt.arr[nt.off[n.Depth]+n.Pos]
	}
	return nt.m[n.Key()]
}

func (nt *nodeTable) set(n Node, v int64) {
	if nt.arr != nil {
		nt.arr[nt.off[n.Depth]+n.Pos] = v
	} else if v == 0 {
		delete(nt.m, n.Key())
	} else {
		nt.m[n.Key()] = v
	}
}

func (nt *nodeTable) add(n Node, v int64) { nt.set(n, nt.get(n)+v) }
