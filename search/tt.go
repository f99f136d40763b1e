// The transposition table, shared by all search threads without locks.
// Each entry is two 64-bit words, the key XORed with the data and the data
// itself, read and written with sync/atomic: a torn write shows up as a key
// mismatch and is treated as a miss, and the race detector stays quiet.
package search

import (
	"math/bits"
	"runtime"
	"sync/atomic"
	"unsafe"

	"brudno/board"
)

// Bound kinds stored with a score.
const (
	BoundNone  = 0
	BoundUpper = 1 // the score is at most this (fail low, ALL node)
	BoundLower = 2 // the score is at least this (fail high, CUT node)
	BoundExact = 3
)

const bucketSize = 4 // entries per bucket: 4 x 16 bytes, one cache line

type ttEntry struct {
	keyXorData atomic.Uint64
	data       atomic.Uint64
}

// TT is a transposition table. Its methods are safe for concurrent use,
// except Resize and Clear, which must not run during a search.
type TT struct {
	entries    []ttEntry
	buckets    uint64
	generation uint8  // 6 bits, advanced once per search
	twoBound   bool   // entries hold a lower and an upper bound (the laboratory's layout, tt_twobound.go)
	release    func() // gives the entries' memory back (nil: the collector does)
}

// How a search uses the table, chosen once per search (Searcher.table):
// the one-bound layout (the playing search's), the table off, or the
// laboratory's two-bound layout. A node's probe and store test it once,
// the playing search's first, in place of the TT option and the layout.
const (
	tableOne = iota
	tableOff
	tableTwo
)

// TTHit is what a probe found.
type TTHit struct {
	Move  board.Move
	Score int
	Eval  int
	Depth int
	Bound int
	PV    bool // the position was on a principal variation when stored (TTPv)
}

// data layout: move 16 | score 16 | eval 16 | depth 7 | pv 1 | bound 2 | generation 6
func pack(m board.Move, score, eval, depth, bound int, pv bool, gen uint8) uint64 {
	return uint64(m) | uint64(uint16(int16(score)))<<16 | uint64(uint16(int16(eval)))<<32 |
		uint64(min(depth, 127))<<48 | uint64(b2i(pv))<<55 | uint64(bound)<<56 | uint64(gen&63)<<58
}

func unpack(d uint64) TTHit {
	return TTHit{
		Move:  board.Move(d),
		Score: int(int16(d >> 16)),
		Eval:  int(int16(d >> 32)),
		Depth: int(d >> 48 & 127),
		Bound: int(d >> 56 & 3),
		PV:    d>>55&1 != 0,
	}
}

func dataGen(d uint64) uint8 { return uint8(d >> 58) }

// NewTT returns a table of about mb megabytes (at least one bucket).
func NewTT(mb int) *TT {
	t := &TT{}
	t.Resize(mb)
	runtime.SetFinalizer(t, (*TT).free)
	return t
}

// Resize reallocates the table to about mb megabytes, emptying it. The
// old table goes before the new one is made, so that the process never
// holds both. No search may run meanwhile.
func (t *TT) Resize(mb int) {
	n := uint64(mb) << 20 / (16 * bucketSize)
	t.buckets = max(n, 1)
	t.free()
	t.entries, t.release = allocEntries(t.buckets * bucketSize)
	t.generation = 0
}

// free gives the table's memory back.
func (t *TT) free() {
	t.entries = nil
	if t.release != nil {
		t.release()
		t.release = nil
	}
}

// Clear empties the table.
func (t *TT) Clear() {
	clear(t.entries) // no search runs, so no atomic access is needed
	t.generation = 0
}

// NewSearch advances the generation, so that entries of earlier searches
// age and are replaced first.
func (t *TT) NewSearch() { t.generation = (t.generation + 1) & 63 }

func (t *TT) bucket(key uint64) []ttEntry {
	hi, _ := bits.Mul64(key, t.buckets)
	return t.entries[hi*bucketSize : hi*bucketSize+bucketSize]
}

// Prefetch starts loading key's bucket into the cache, so that the probe
// of the position, a little later, finds it there.
func (t *TT) Prefetch(key uint64) {
	hi, _ := bits.Mul64(key, t.buckets)
	prefetch(unsafe.Pointer(&t.entries[hi*bucketSize]))
}

// Probe looks key up. Scores are returned as stored, relative to the node;
// callers convert mate scores with scoreFromTT. In the two-bound layout
// the hit is of kind boundTwo (tt_twobound.go).
func (t *TT) Probe(key uint64) (TTHit, bool) {
	if t.twoBound {
		return t.probeTwo(key)
	}
	return t.probeOne(key)
}

// probeOne is Probe in the one-bound layout.
func (t *TT) probeOne(key uint64) (TTHit, bool) {
	if d, ok := t.probeData(key); ok {
		return unpack(d), true
	}
	return TTHit{}, false
}

// probeData returns the data of key's entry in the one-bound layout, for
// the caller to unpack: small enough to be inlined into the search's
// probe, which then builds no TTHit on a miss.
func (t *TT) probeData(key uint64) (uint64, bool) {
	b := t.bucket(key)
	for i := range b {
		d := b[i].data.Load()
		if b[i].keyXorData.Load()^d == key && d != 0 {
			return d, true
		}
	}
	return 0, false
}

// Store saves a search result of a position off the principal variation
// (StorePV).
func (t *TT) Store(key uint64, m board.Move, score, eval, depth, bound int) {
	t.StorePV(key, m, score, eval, depth, bound, false)
}

// StorePV saves a search result, with pv saying whether the position is
// or was on a principal variation (in the two-bound layout, storeTwo).
func (t *TT) StorePV(key uint64, m board.Move, score, eval, depth, bound int, pv bool) {
	kind := tableOne
	if t.twoBound {
		kind = tableTwo
	}
	t.store(kind, key, m, score, eval, depth, bound, pv)
}

// store is StorePV for a search that uses the table as kind says
// (Searcher.table), the one-bound layout tested first. In the bucket it
// replaces the entry of the same position, else the one of least depth
// and age. A move already stored for the position is kept when the new
// result has none. Depths above 127 are stored as 127.
func (t *TT) store(kind int, key uint64, m board.Move, score, eval, depth, bound int, pv bool) {
	if kind != tableOne {
		if kind == tableTwo {
			t.storeTwo(key, m, score, depth, bound)
		}
		return
	}
	b := t.bucket(key)
	gen := t.generation
	victim := 0
	worst := 1 << 30
	for i := range b {
		d := b[i].data.Load()
		if b[i].keyXorData.Load()^d == key || d == 0 {
			if d != 0 {
				old := unpack(d)
				if m == board.NoMove {
					m = old.Move
				}
				// Keep a deeper exact result of this search unless the new one is exact.
				if bound != BoundExact && dataGen(d) == gen && old.Depth > depth+2 {
					return
				}
			}
			victim = i
			break
		}
		age := int((gen - dataGen(d)) & 63)
		if v := int(unpack(d).Depth) - 8*age; v < worst {
			worst, victim = v, i
		}
	}
	d := pack(m, score, eval, max(depth, 0), bound, pv, gen)
	b[victim].data.Store(d)
	b[victim].keyXorData.Store(key ^ d)
}

// Hashfull returns the permille of sampled entries written by this search.
func (t *TT) Hashfull() int {
	n := min(len(t.entries), 1000)
	used := 0
	for i := 0; i < n; i++ {
		d := t.entries[i].data.Load()
		if d != 0 && dataGen(d) == t.generation {
			used++
		}
	}
	return used * 1000 / max(n, 1)
}
