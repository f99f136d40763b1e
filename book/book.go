// Package book reads, chooses from and writes Polyglot opening books.
//
// A Polyglot .bin file is a sequence of 16-byte big-endian entries sorted
// by position key: key (8 bytes, the Polyglot Zobrist key, which is what
// board.Position.Key returns), move (2), weight (2) and learn (4). This file
// holds the in-memory book: loading with validation (a truncated, unsorted
// or otherwise corrupt file is an error at load time), lookup of a
// position's entries by binary search, and the choice of a move by weight.
// Every move is checked for legality in the position before it is
// returned; an entry that is not legal there is skipped.
package book

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"sort"

	"brudno/board"
)

// EntrySize is the size of one Polyglot entry in bytes.
const EntrySize = 16

// Entry is one raw Polyglot entry. Move is in the Polyglot encoding (see
// EncodeMove); Learn is carried through but not interpreted.
type Entry struct {
	Key    uint64
	Move   uint16
	Weight uint16
	Learn  uint32
}

// Book is a validated Polyglot book held in memory. It is read-only after
// loading and safe for concurrent use.
type Book struct {
	data []byte // len(data) is a positive multiple of EntrySize; keys ascend
}

// Candidate is a legal book move for a position, with the weights of all
// the entries for that move added up.
type Candidate struct {
	Move   board.Move
	Weight uint32
	Learn  uint32 // of the first entry for the move
}

// ErrEmpty is returned for a book without entries.
var ErrEmpty = errors.New("the book has no entries")

// Parse validates data as a Polyglot book and returns it. The book keeps
// data (it does not copy it), so the caller must not change it afterwards.
func Parse(data []byte) (*Book, error) {
	if len(data) == 0 {
		return nil, ErrEmpty
	}
	if len(data)%EntrySize != 0 {
		return nil, fmt.Errorf("size %d bytes is not a multiple of %d: the file is truncated or not a Polyglot book", len(data), EntrySize)
	}
	b := &Book{data: data}
	var prev uint64
	for i := 0; i < b.Len(); i++ {
		e := b.Entry(i)
		if i > 0 && e.Key < prev {
			return nil, fmt.Errorf("entry %d has key %016x, below the key %016x of entry %d: the entries are not sorted by key, so this is not a valid Polyglot book", i, e.Key, prev, i-1)
		}
		prev = e.Key
		if err := checkMoveField(e.Move); err != nil {
			return nil, fmt.Errorf("entry %d (key %016x): %v: the file is corrupt or not a Polyglot book", i, e.Key, err)
		}
	}
	return b, nil
}

// Load reads the Polyglot book at path once into memory and validates it.
func Load(path string) (*Book, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("book %s: %w", path, err)
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("book %s: not a regular file", path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("book %s: %w", path, err)
	}
	b, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("book %s: %w", path, err)
	}
	return b, nil
}

// Len returns the number of entries.
func (b *Book) Len() int { return len(b.data) / EntrySize }

// Size returns the size of the book in bytes.
func (b *Book) Size() int { return len(b.data) }

// Entry returns entry i (0 <= i < Len()).
func (b *Book) Entry(i int) Entry {
	d := b.data[i*EntrySize : (i+1)*EntrySize]
	return Entry{
		Key:    binary.BigEndian.Uint64(d[0:8]),
		Move:   binary.BigEndian.Uint16(d[8:10]),
		Weight: binary.BigEndian.Uint16(d[10:12]),
		Learn:  binary.BigEndian.Uint32(d[12:16]),
	}
}

func (b *Book) key(i int) uint64 { return binary.BigEndian.Uint64(b.data[i*EntrySize:]) }

// Positions returns the number of distinct keys in the book.
func (b *Book) Positions() int {
	n := 0
	for i := 0; i < b.Len(); i++ {
		if i == 0 || b.key(i) != b.key(i-1) {
			n++
		}
	}
	return n
}

// Lookup returns the raw entries for key in file order, found by binary
// search.
func (b *Book) Lookup(key uint64) []Entry {
	n := b.Len()
	i := sort.Search(n, func(i int) bool { return b.key(i) >= key })
	var out []Entry
	for ; i < n && b.key(i) == key; i++ {
		out = append(out, b.Entry(i))
	}
	return out
}

// Candidates returns the legal book moves for pos, heaviest first (ties
// in the order of the file). Entries whose move is not legal in pos are
// skipped; several entries for one move are merged by adding their weights.
// Moves of weight 0 are included: Choose never plays them.
func (b *Book) Candidates(pos *board.Position) []Candidate {
	entries := b.Lookup(pos.Key())
	if len(entries) == 0 {
		return nil
	}
	var legal board.MoveList
	pos.GenerateLegal(&legal)
	var out []Candidate
next:
	for _, e := range entries {
		m, ok := decodeLegal(pos, &legal, e.Move)
		if !ok {
			continue
		}
		for i := range out {
			if out[i].Move == m {
				out[i].Weight += uint32(e.Weight)
				continue next
			}
		}
		out = append(out, Candidate{Move: m, Weight: uint32(e.Weight), Learn: e.Learn})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Weight > out[j].Weight })
	return out
}

// Choose picks a book move for pos from its Candidates (see Pick). The
// last result is false when pos has no playable book move.
func (b *Book) Choose(pos *board.Position, rng *rand.Rand, bestOnly bool) (c Candidate, total uint64, ok bool) {
	return Pick(b.Candidates(pos), rng, bestOnly)
}

// Pick chooses from candidates (heaviest first, as Candidates returns
// them). With bestOnly it returns the heaviest move (the first among
// equals); otherwise a move is drawn at random with probability
// proportional to its weight, using rng (which must not be nil then).
// Moves of weight 0 are never chosen. total is the sum of the weights;
// ok is false when no candidate has a positive weight.
func Pick(cands []Candidate, rng *rand.Rand, bestOnly bool) (c Candidate, total uint64, ok bool) {
	for _, x := range cands {
		total += uint64(x.Weight)
	}
	if total == 0 {
		return Candidate{}, 0, false
	}
	if bestOnly {
		best := cands[0]
		for _, x := range cands[1:] {
			if x.Weight > best.Weight {
				best = x
			}
		}
		return best, total, true
	}
	r := rng.Uint64N(total)
	for _, x := range cands {
		if r < uint64(x.Weight) {
			c = x
			break
		}
		r -= uint64(x.Weight)
	}
	return c, total, true
}
