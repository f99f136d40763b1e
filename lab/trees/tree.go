package trees

import (
	"fmt"
	"math"
	"math/bits"
)

// Inf is larger than any leaf value (leaf values lie in [0, 2^31)); the
// algorithms use ±Inf as open bounds.
const Inf int64 = 1 << 40

// ValueRange is one more than the largest leaf value of either generator.
const ValueRange int64 = 1 << 31

// Generator names how leaf values are made.
type Generator int

const (
	// IID leaves are independent and uniform in [0, 2^31).
	IID Generator = iota
	// Campbell leaves are the sum of independent values on the arcs
	// (moves) of their path, after Campbell and Marsland (1983): siblings
	// share everything but their last arcs, so values are correlated.
	Campbell
)

func (g Generator) String() string {
	if g == Campbell {
		return "campbell"
	}
	return "iid"
}

// ParseGenerator reads "iid" or "campbell".
func ParseGenerator(s string) (Generator, error) {
	switch s {
	case "iid", "":
		return IID, nil
	case "campbell":
		return Campbell, nil
	}
	return IID, fmt.Errorf("unknown generator %q (iid or campbell)", s)
}

// Shape is a family of trees: uniform width and depth, the generator, and
// the ordering: at every interior node, with probability Prob, the best
// successor for the side to move is among the first Width/Order (at
// least one) successors; otherwise the successors stay in random order.
// Order 1 is a random tree; Order = Width with Prob 1 is a minimal tree
// for alpha-beta.
type Shape struct {
	Width, Depth int
	Order        int
	Prob         float64
	Gen          Generator
}

func (s Shape) String() string {
	p := ""
	if s.Prob != 1 && s.Order > 1 {
		p = fmt.Sprintf(", p=%.2f", s.Prob)
	}
	return fmt.Sprintf("T(%d,%d) order %d%s, %s", s.Width, s.Depth, s.Order, p, s.Gen)
}

// ordered reports whether trees of this shape need their ordering table.
func (s Shape) ordered() bool { return s.Order > 1 && s.Prob > 0 }

// Limits on the trees: random trees only need the leaf indices to fit in
// 58 bits (node keys take the depth in the low 6 bits); ordered trees are
// built bottom-up once, so their leaves must be few enough to enumerate.
const (
	maxRandomLeaves  = 1 << 58
	maxOrderedLeaves = 1 << 26
)

// Validate checks the shape's parameters.
func (s Shape) Validate() error {
	switch {
	case s.Width < 2 || s.Width > 1<<16:
		return fmt.Errorf("width %d out of range 2..65536", s.Width)
	case s.Depth < 1 || s.Depth > 40:
		return fmt.Errorf("depth %d out of range 1..40", s.Depth)
	case s.Order < 1 || s.Order > s.Width:
		return fmt.Errorf("order %d out of range 1..width (%d)", s.Order, s.Width)
	case s.Prob < 0 || s.Prob > 1 || math.IsNaN(s.Prob):
		return fmt.Errorf("probability %v out of range 0..1", s.Prob)
	}
	n, ok := power(s.Width, s.Depth)
	if !ok || n > maxRandomLeaves {
		return fmt.Errorf("T(%d,%d) has too many leaves (at most 2^58)", s.Width, s.Depth)
	}
	if s.ordered() && n > maxOrderedLeaves {
		return fmt.Errorf("ordered T(%d,%d) has %d leaves; ordered trees are built whole, at most 2^26 leaves", s.Width, s.Depth, n)
	}
	return nil
}

// power returns w^d and whether it fits in 63 bits.
func power(w, d int) (uint64, bool) {
	n := uint64(1)
	for range d {
		hi, lo := bits.Mul64(n, uint64(w))
		if hi != 0 || lo > math.MaxInt64 {
			return 0, false
		}
		n = lo
	}
	return n, true
}

// Node is a node of a tree: its depth (0 at the root), its position Pos
// among the nodes of that depth in the order the searches see them (the
// Dewey path read as a base-w number), and its generated index, which
// fixes its value.
type Node struct {
	Depth int
	Pos   uint64
	gen   uint64
}

// Key identifies a node within its tree (position and depth).
func (n Node) Key() uint64 { return n.Pos<<6 | uint64(n.Depth) }

// swap says that displayed successor a is generated successor b and vice
// versa; a == b is no swap.
type swap struct{ a, b uint16 }

// Tree is one tree of a shape, fixed by its seed.
type Tree struct {
	Shape
	Seed   uint64
	pow    []uint64 // pow[i] = Width^i
	arcMax uint64   // Campbell: arc values lie in [0, arcMax]
	// swaps[t][g] is the reordering at the interior node of depth t and
	// generated index g; nil for random trees.
	swaps [][]swap
	value int64 // the root's minimax value, known for ordered trees
}

// New makes the tree of the given shape and seed. Random trees (order 1
// or probability 0) cost nothing. Ordered trees are built once, bottom up:
// every interior node's minimax value is computed from its successors'
// (generated order), and if the node is to be ordered (probability Prob)
// and its best successor lies outside the first Width/Order, that
// successor is swapped with one drawn uniformly from the first
// Width/Order. Leaf values are untouched: an ordered tree has the same
// leaves as the random tree of the same seed, in another order.
func New(s Shape, seed uint64) (*Tree, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	t := &Tree{Shape: s, Seed: seed}
	t.pow = make([]uint64, s.Depth+1)
	for i := range t.pow {
		t.pow[i], _ = power(s.Width, i)
	}
	t.arcMax = uint64(ValueRange-1) / uint64(s.Depth)
	if s.ordered() {
		t.build()
	}
	return t, nil
}

// build computes the ordering table level by level from the leaves up,
// keeping only one level of minimax values at a time.
func (t *Tree) build() {
	w, d := t.Width, t.Depth
	block := max(1, w/t.Order)
	t.swaps = make([][]swap, d)
	var below []int64 // minimax values of the level below, generated order
	for depth := d - 1; depth >= 0; depth-- {
		n := t.pow[depth]
		vals := make([]int64, n)
		sw := make([]swap, n)
		maxNode := depth%2 == 0
		for g := uint64(0); g < n; g++ {
			// 1. Find the best successor (first of equals) and its value.
			best, bi := int64(0), 0
			for j := 0; j < w; j++ {
				c := g*uint64(w) + uint64(j)
				var v int64
				if depth == d-1 {
					v = t.leafValue(c)
				} else {
					v = below[c]
				}
				if j == 0 || maxNode && v > best || !maxNode && v < best {
					best, bi = v, j
				}
			}
			vals[g] = best
			// 2. Order the node with probability Prob: bring the best
			// successor into the first block if it is not there.
			if bi >= block && t.coin(depth, g) {
				a := t.draw(depth, g, block)
				sw[g] = swap{uint16(a), uint16(bi)}
			}
		}
		t.swaps[depth] = sw
		below = vals
	}
	t.value = below[0]
}

// Hash tags keep the streams of random numbers apart.
const (
	tagLeaf = iota + 1
	tagArc
	tagCoin
	tagDraw
)

// mix64 is the finaliser of SplitMix64.
func mix64(z uint64) uint64 {
	z ^= z >> 30
	z *= 0xbf58476d1ce4e5b9
	z ^= z >> 27
	z *= 0x94d049bb133111eb
	z ^= z >> 31
	return z
}

// hash draws the random number of the given stream at (depth, index).
func (t *Tree) hash(tag, depth int, index uint64) uint64 {
	h := mix64(t.Seed*0x9e3779b97f4a7c15 + uint64(tag)<<56 + uint64(depth)<<48)
	return mix64(h ^ mix64(index+0x632be59bd9b4e019))
}

// coin is true with probability Prob at the node (depth, g).
func (t *Tree) coin(depth int, g uint64) bool {
	if t.Prob >= 1 {
		return true
	}
	return float64(t.hash(tagCoin, depth, g)>>11)/(1<<53) < t.Prob
}

// draw is uniform in [0, n) at the node (depth, g).
func (t *Tree) draw(depth int, g uint64, n int) int {
	hi, _ := bits.Mul64(t.hash(tagDraw, depth, g), uint64(n))
	return int(hi)
}

// leafValue is the value of the leaf of generated index g.
func (t *Tree) leafValue(g uint64) int64 {
	if t.Gen == IID {
		return int64(t.hash(tagLeaf, t.Depth, g) >> 33)
	}
	// Campbell: the sum of the arc values along the path; the arc into
	// the node (depth i, index g / w^(d-i)) is drawn at that node.
	var sum uint64
	for i := 1; i <= t.Depth; i++ {
		hi, _ := bits.Mul64(t.hash(tagArc, i, g/t.pow[t.Depth-i]), t.arcMax+1)
		sum += hi
	}
	return int64(sum)
}

// Root is the root node (a MAX node).
func (t *Tree) Root() Node { return Node{} }

// IsLeaf reports whether n is at the tree's depth.
func (t *Tree) IsLeaf(n Node) bool { return n.Depth == t.Depth }

// IsMax reports whether MAX is to move at n (even depths).
func (t *Tree) IsMax(n Node) bool { return n.Depth%2 == 0 }

// Child is successor i (0-based, in search order) of the interior node n.
func (t *Tree) Child(n Node, i int) Node {
	k := i
	if t.swaps != nil {
		if s := t.swaps[n.Depth][n.gen]; s.a != s.b {
			if i == int(s.a) {
				k = int(s.b)
			} else if i == int(s.b) {
				k = int(s.a)
			}
		}
	}
	w := uint64(t.Width)
	return Node{Depth: n.Depth + 1, Pos: n.Pos*w + uint64(i), gen: n.gen*w + uint64(k)}
}

// Parent is the parent of a non-root node. A generated index is the
// parent's times the width plus the successor's generated number, so the
// parent's is the quotient.
func (t *Tree) Parent(n Node) Node {
	w := uint64(t.Width)
	return Node{Depth: n.Depth - 1, Pos: n.Pos / w, gen: n.gen / w}
}

// Index is n's position among its siblings (0-based).
func (t *Tree) Index(n Node) int { return int(n.Pos % uint64(t.Width)) }

// Value is the value of the leaf n, from MAX's point of view. It does not
// count as an evaluation; searches evaluate through a Probe.
func (t *Tree) Value(n Node) int64 { return t.leafValue(n.gen) }

// left is the position of the leftmost leaf below n: the order in which
// a left-to-right search meets n.
func (t *Tree) left(n Node) uint64 { return n.Pos * t.pow[t.Depth-n.Depth] }

// under reports whether a is a proper descendant of n.
func (t *Tree) under(a, n Node) bool {
	return a.Depth > n.Depth && a.Pos/t.pow[a.Depth-n.Depth] == n.Pos
}

// Minimax is the tree's value by full minimax (every leaf; for tests and
// small trees). For ordered trees the value is already known.
func (t *Tree) Minimax() int64 {
	if t.swaps != nil {
		return t.value
	}
	return t.minimax(t.Root())
}

func (t *Tree) minimax(n Node) int64 {
	if t.IsLeaf(n) {
		return t.Value(n)
	}
	best := t.minimax(t.Child(n, 0))
	for i := 1; i < t.Width; i++ {
		v := t.minimax(t.Child(n, i))
		if t.IsMax(n) && v > best || !t.IsMax(n) && v < best {
			best = v
		}
	}
	return best
}

// FullMinimax computes the value by visiting every leaf through Child,
// whatever the tree; tests use it to check the ordering table.
func (t *Tree) FullMinimax() int64 { return t.minimax(t.Root()) }
