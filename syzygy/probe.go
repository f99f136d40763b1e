// Package syzygy probes Syzygy endgame tablebases (.rtbw win/draw/loss and
// .rtbz distance-to-zeroing files, 3 to 7 pieces, regular chess) in pure
// Go. Files are found by Open, read on first use (memory-mapped where the
// system allows), and probed without allocation by any number of
// goroutines at once.
//
// WDL values are from the side to move's view: -2 loss, -1 loss saved by
// the fifty-move rule ("blessed"), 0 draw, 1 win spoilt by the fifty-move
// rule ("cursed"), 2 win. They hold for the position as if its halfmove
// clock were zero: the caller compares DTZ with the clock (see RankRoot).
package syzygy

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"brudno/board"
)

// Tables is a set of tablebase files. Its methods are safe for concurrent
// use, and a nil *Tables is an empty set.
type Tables struct {
	wdl, dtz  map[uint32]*table // by material key, both colourings
	all       []*table
	maxPieces int
	nWDL      int
	nDTZ      int
}

// Open scans the folders of paths, separated by the system's list
// separator (':' on Unix, ';' on Windows), for .rtbw and .rtbz files. ""
// and "<empty>" name no folder. Tables are read later, on first use; a file
// with an unusable name is skipped. The error lists the folders that could
// not be read and the names skipped; the Tables returned hold what was
// found all the same.
func Open(paths string) (*Tables, error) {
	ts := &Tables{wdl: map[uint32]*table{}, dtz: map[uint32]*table{}}
	if paths == "" || paths == "<empty>" {
		return ts, nil
	}
	var errs []error
	for _, dir := range filepath.SplitList(paths) {
		if dir == "" {
			continue
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		for _, e := range entries {
			if err := ts.add(dir, e); err != nil {
				errs = append(errs, err)
			}
		}
	}
	return ts, errors.Join(errs...)
}

// add registers one folder entry if it is a table file.
func (ts *Tables) add(dir string, e os.DirEntry) error {
	name := e.Name()
	ext := filepath.Ext(name)
	if (ext != extWDL && ext != extDTZ) || e.IsDir() {
		return nil
	}
	t, err := newTable(strings.TrimSuffix(name, ext), ext == extDTZ)
	if err != nil {
		return fmt.Errorf("%s: %w", filepath.Join(dir, name), err)
	}
	t.path = filepath.Join(dir, name)
	m := ts.wdl
	if t.dtz {
		m = ts.dtz
	}
	if _, dup := m[t.key]; dup {
		return nil // the first folder wins
	}
	m[t.key], m[t.key2] = t, t
	ts.all = append(ts.all, t)
	if t.dtz {
		ts.nDTZ++
	} else {
		ts.nWDL++
		ts.maxPieces = max(ts.maxPieces, t.pieces)
	}
	return nil
}

// MaxPieces is the largest number of pieces, kings included, of the WDL
// tables found (0 for none): positions with more pieces need not be probed.
func (ts *Tables) MaxPieces() int {
	if ts == nil {
		return 0
	}
	return ts.maxPieces
}

// Counts returns the number of WDL and of DTZ files found.
func (ts *Tables) Counts() (wdl, dtz int) {
	if ts == nil {
		return 0, 0
	}
	return ts.nWDL, ts.nDTZ
}

// String summarises what was found, e.g. "35 WDL and 35 DTZ tables, up
// to 4 pieces", as an engine's info line would say it.
func (ts *Tables) String() string {
	w, d := ts.Counts()
	return fmt.Sprintf("%d WDL and %d DTZ tables, up to %d pieces", w, d, ts.MaxPieces())
}

// LoadErrors returns the errors of the files that failed to load so far,
// each naming its file, sorted.
func (ts *Tables) LoadErrors() []error {
	if ts == nil {
		return nil
	}
	var errs []error
	for _, t := range ts.all {
		if err := t.loadErr(); err != nil {
			errs = append(errs, err)
		}
	}
	sort.Slice(errs, func(i, j int) bool { return errs[i].Error() < errs[j].Error() })
	return errs
}

// Close unmaps the files. No probe may run during or after Close.
func (ts *Tables) Close() error {
	if ts == nil {
		return nil
	}
	var errs []error
	for _, t := range ts.all {
		t.mu.Lock()
		if t.close != nil {
			errs = append(errs, t.close())
			t.close = nil
		}
		t.data = nil
		t.state.Store(stateFailed)
		t.err = errors.New("closed")
		t.mu.Unlock()
	}
	return errors.Join(errs...)
}

// probeable reports whether pos may be probed: no castling rights and no
// more pieces than the largest table.
func (ts *Tables) probeable(pos *board.Position) bool {
	return ts != nil && pos.CastlingRights() == 0 && pos.Occupied().Count() <= ts.maxPieces
}

// ProbeWDL returns the position's WDL value for the side to move (-2..2,
// see the package comment) and ok=false when it cannot be known: castling
// rights, too many pieces, or a table missing or refused. An en-passant
// capture the position allows is taken into account. pos is changed
// during the probe (moves made and taken back) and restored.
func (ts *Tables) ProbeWDL(pos *board.Position) (int, bool) {
	if !ts.probeable(pos) {
		return 0, false
	}
	v, _, ok := ts.search(pos, false)
	return v, ok
}

// tableWDL reads the WDL table for pos, which tables store without regard
// to captures (see search).
func (ts *Tables) tableWDL(pos *board.Position) (int, bool) {
	if pos.Occupied().Count() == 2 {
		return 0, true // two bare kings
	}
	t := ts.wdl[positionKey(pos)]
	if t == nil {
		return 0, false
	}
	v, _, st := t.lookup(pos)
	if st != lookOK || v > 4 {
		return 0, false
	}
	return v - 2, true
}

// search returns the WDL value of pos. Tables may store any value where
// the side to move has a winning capture (and a loss where it has a
// drawing one), and nothing right for en-passant positions, so every
// capture (with zeroing, every pawn move too) is tried first and the best
// of those and the table is the answer. zeroingBest tells that a capture
// or pawn move is the best move or that no other move exists, where a
// DTZ table's value must not be used.
func (ts *Tables) search(pos *board.Position, zeroing bool) (v int, zeroingBest, ok bool) {
	var list board.MoveList
	pos.GenerateLegal(&list)
	if list.Count == 0 {
		if pos.InCheck() {
			return -2, false, true
		}
		return 0, false, true
	}
	best, tried := -2, 0
	for _, m := range list.Slice() {
		if !pos.IsCapture(m) && (!zeroing || pos.PieceAt(m.From()).Type() != board.Pawn) {
			continue
		}
		tried++
		pos.Make(m)
		v, _, ok := ts.search(pos, false)
		pos.Unmake()
		if !ok {
			return 0, false, false
		}
		if -v > best {
			best = -v
			if best == 2 {
				return 2, true, true
			}
		}
	}
	all := tried == list.Count
	if all {
		v = best
	} else if v, ok = ts.tableWDL(pos); !ok {
		return 0, false, false
	}
	if best >= v {
		return best, best > 0 || all, true
	}
	return v, false, true
}

// ProbeDTZ returns the position's distance to zeroing in plies from the
// side to move's view: positive when it wins, negative when it loses, 0
// for a draw; |DTZ| over 100 marks a cursed win or blessed loss. It is the
// number of plies to the next capture or pawn move (or mate) with best
// play, possibly one too many where the table stores moves. A mated side
// has -1. The conditions of ProbeWDL apply.
func (ts *Tables) ProbeDTZ(pos *board.Position) (int, bool) {
	if !ts.probeable(pos) {
		return 0, false
	}
	return ts.dtzValue(pos)
}

// dtzBeforeZeroing is the DTZ of a position whose best move zeroes the
// clock and leads to a WDL of wdl.
func dtzBeforeZeroing(wdl int) int {
	switch wdl {
	case 2:
		return 1
	case 1:
		return 101
	case -1:
		return -101
	case -2:
		return -1
	}
	return 0
}

func sign(v int) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

func (ts *Tables) dtzValue(pos *board.Position) (int, bool) {
	wdl, zeroingBest, ok := ts.search(pos, true)
	if !ok {
		return 0, false
	}
	if wdl == 0 {
		return 0, true
	}
	if !pos.HasLegalMove() {
		return -1, true // mated
	}
	if zeroingBest {
		return dtzBeforeZeroing(wdl), true
	}
	d, st := ts.tableDTZ(pos, wdl)
	switch st {
	case lookOK:
		return d, true
	case lookFail:
		return 0, false
	}
	return ts.dtzByMoves(pos, wdl)
}

// dtzByMoves finds the DTZ of a position whose table stores the other side
// to move: the best of its moves' DTZ, one ply further.
func (ts *Tables) dtzByMoves(pos *board.Position, wdl int) (int, bool) {
	var list board.MoveList
	pos.GenerateLegal(&list)
	best := 1 << 20
	for _, m := range list.Slice() {
		zeroing := pos.IsCapture(m) || pos.PieceAt(m.From()).Type() == board.Pawn
		pos.Make(m)
		var d int
		ok := true
		if zeroing {
			var w int
			w, _, ok = ts.search(pos, false)
			d = -dtzBeforeZeroing(w)
		} else {
			d, ok = ts.dtzValue(pos)
			d = -d
			if d == 1 && !pos.HasLegalMove() {
				best = 1 // mate
			}
			d += sign(d)
		}
		pos.Unmake()
		if !ok {
			return 0, false
		}
		if d < best && sign(d) == sign(wdl) {
			best = d
		}
	}
	if best == 1<<20 {
		return -1, true
	}
	return best, true
}

// tableDTZ reads the DTZ table for pos, of WDL value wdl (not 0).
func (ts *Tables) tableDTZ(pos *board.Position, wdl int) (int, int) {
	t := ts.dtz[positionKey(pos)]
	if t == nil {
		return 0, lookFail
	}
	v, p, st := t.lookup(pos)
	if st != lookOK {
		return 0, st
	}
	d, ok := t.mapDTZ(p, v, wdl)
	if !ok {
		return 0, lookFail
	}
	return d, lookOK
}

// mapDTZ turns the value v a DTZ sub-table stores for a position of WDL
// wdl into its DTZ: through the class's value map if the sub-table has
// maps, doubled where it counts moves rather than plies (always for
// cursed wins and blessed losses), plus one, plus 100 for a cursed win or
// blessed loss, with the sign of wdl.
func (t *table) mapDTZ(p *pairs, v, wdl int) (int, bool) {
	if p.flags&flagMapped != 0 {
		class := [5]int{1, 3, 0, 2, 0}[wdl+2] // win, loss, cursed win, blessed loss
		if v >= p.mapLen[class] {
			return 0, false
		}
		at := p.mapIdx[class]
		if p.flags&flagWide != 0 {
			w, ok := le16(t.data, uint64(at+2*v))
			if !ok {
				return 0, false
			}
			v = int(w)
		} else {
			if at+v >= len(t.data) {
				return 0, false
			}
			v = int(t.data[at+v])
		}
	}
	cursed := wdl == 1 || wdl == -1
	if (wdl == 2 && p.flags&flagWinPlies == 0) || (wdl == -2 && p.flags&flagLossPly == 0) || cursed {
		v *= 2
	}
	v++
	if cursed {
		v += 100
	}
	return v * sign(wdl), true
}
