// Perft: counting the leaf nodes of the legal move tree, the standard test
// and benchmark of move generation. Two modes: bulk counting (the number of
// legal moves at the last ply, without making them) and full (Make and
// Unmake at every node, leaves included).
package board

// Perft returns the number of leaf nodes at depth, counting the last ply
// in bulk.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var list MoveList
	p.GenerateLegal(&list)
	if depth == 1 {
		return uint64(list.Count)
	}
	var n uint64
	for _, m := range list.Moves[:list.Count] {
		p.Make(m)
		n += p.Perft(depth - 1)
		p.Unmake()
	}
	return n
}

// PerftFull returns the same count as Perft, but makes and unmakes every
// move down to the leaves.
func (p *Position) PerftFull(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var list MoveList
	p.GenerateLegal(&list)
	var n uint64
	for _, m := range list.Moves[:list.Count] {
		p.Make(m)
		n += p.PerftFull(depth - 1)
		p.Unmake()
	}
	return n
}

// DivideEntry is one root move and the leaf count below it.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide returns the perft count below each root move.
func (p *Position) Divide(depth int, full bool) []DivideEntry {
	var list MoveList
	p.GenerateLegal(&list)
	out := make([]DivideEntry, 0, list.Count)
	for _, m := range list.Slice() {
		p.Make(m)
		var n uint64
		if full {
			n = p.PerftFull(depth - 1)
		} else {
			n = p.Perft(depth - 1)
		}
		p.Unmake()
		out = append(out, DivideEntry{m, n})
	}
	return out
}
