// Writing Polyglot books: entries are merged (one entry per position and
// move, weights added), weights that do not fit 16 bits are scaled down
// per position (a non-zero weight stays at least 1), and the entries are
// sorted by key, heaviest move first, as readers expect. Files are written
// to a temporary name and renamed, so a failed write never leaves half a
// book behind.
package book

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
)

// Weights accumulates move weights by position key and Polyglot move
// while a book is built. Weights may exceed 16 bits here; Entries scales
// them.
type Weights map[uint64]map[uint16]uint64

// Add adds w to the weight of move (Polyglot encoding) in the position
// with the given key; a zero w still records the move.
func (ws Weights) Add(key uint64, move uint16, w uint64) {
	m := ws[key]
	if m == nil {
		m = map[uint16]uint64{}
		ws[key] = m
	}
	m[move] += w
}

// Entries returns the weights as sorted Polyglot entries. Where the
// heaviest move of a position weighs more than 65535, every weight of that
// position is scaled by the same factor (rounded, and at least 1 if it was
// not 0).
func (ws Weights) Entries() []Entry {
	var out []Entry
	for key, moves := range ws {
		var top uint64
		for _, w := range moves {
			top = max(top, w)
		}
		for mv, w := range moves {
			if top > 0xffff {
				scaled := (w*0xffff + top/2) / top
				if scaled == 0 && w > 0 {
					scaled = 1
				}
				w = scaled
			}
			out = append(out, Entry{Key: key, Move: mv, Weight: uint16(w)})
		}
	}
	SortEntries(out)
	return out
}

// SortEntries sorts entries into book order: by key, then heaviest first,
// then by move.
func SortEntries(es []Entry) {
	sort.Slice(es, func(i, j int) bool {
		a, b := es[i], es[j]
		if a.Key != b.Key {
			return a.Key < b.Key
		}
		if a.Weight != b.Weight {
			return a.Weight > b.Weight
		}
		return a.Move < b.Move
	})
}

// Normalise merges entries with the same key and move (adding weights,
// scaled per position as in Weights.Entries; the first learn value is
// kept) and sorts them.
func Normalise(es []Entry) []Entry {
	ws := Weights{}
	learn := map[[2]uint64]uint32{}
	for _, e := range es {
		ws.Add(e.Key, e.Move, uint64(e.Weight))
		k := [2]uint64{e.Key, uint64(e.Move)}
		if _, seen := learn[k]; !seen {
			learn[k] = e.Learn
		}
	}
	out := ws.Entries()
	for i := range out {
		out[i].Learn = learn[[2]uint64{out[i].Key, uint64(out[i].Move)}]
	}
	return out
}

// Encode returns entries in the Polyglot file format, after Normalise.
func Encode(es []Entry) []byte {
	es = Normalise(es)
	data := make([]byte, len(es)*EntrySize)
	for i, e := range es {
		d := data[i*EntrySize:]
		binary.BigEndian.PutUint64(d[0:8], e.Key)
		binary.BigEndian.PutUint16(d[8:10], e.Move)
		binary.BigEndian.PutUint16(d[10:12], e.Weight)
		binary.BigEndian.PutUint32(d[12:16], e.Learn)
	}
	return data
}

// Write writes entries to w as a Polyglot book (see Encode).
func Write(w io.Writer, es []Entry) error {
	if len(es) == 0 {
		return ErrEmpty
	}
	bw := bufio.NewWriter(w)
	if _, err := bw.Write(Encode(es)); err != nil {
		return err
	}
	return bw.Flush()
}

// WriteFile writes entries to path as a Polyglot book, replacing the file
// only once the whole book is written. It refuses an empty book.
func WriteFile(path string, es []Entry) error {
	if len(es) == 0 {
		return fmt.Errorf("book %s: %w; nothing written", path, ErrEmpty)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".book-*.tmp")
	if err != nil {
		return fmt.Errorf("book %s: %w", path, err)
	}
	defer os.Remove(tmp.Name()) // fails harmlessly after the rename
	if err := Write(tmp, es); err != nil {
		tmp.Close()
		return fmt.Errorf("book %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("book %s: %w", path, err)
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return fmt.Errorf("book %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("book %s: %w", path, err)
	}
	return nil
}
