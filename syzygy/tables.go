// Package syzygy probes Syzygy endgame tablebases (.rtbw win/draw/loss
// and .rtbz distance-to-zeroing files of regular chess, 3 to 7 pieces).
// The format and the tables are Ronald de Man's; this package was
// written from Brudno's own description of the format,
// docs/syzygy-format.md. It depends on brudno/board only.
//
// Open scans folders for table files; a file is mapped and checked on
// the first probe that needs it. A *Tables is safe for any number of
// goroutines probing at once, each with its own *board.Position, and a
// nil *Tables is an empty set.
package syzygy

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
)

// MaxPieces is the largest number of pieces, kings included, of a table.
const MaxPieces = 7

// The two kinds of file.
const (
	wdlKind = 0
	dtzKind = 1
)

var extensions = [2]string{".rtbw", ".rtbz"}

// Tables is a set of table files found by Open.
type Tables struct {
	byKey     map[matKey]*entry
	entries   []*entry // by name
	counts    [2]int   // WDL and DTZ files found
	maxPieces int      // the most pieces among the WDL files found

	mu     sync.Mutex // serialises loading; guards errs and closed
	errs   []error
	closed bool
}

// entry is one material and its two files.
type entry struct {
	mat   material
	files [2]slot
}

// slot is one file of a material: its path, and the loaded table once a
// probe has needed it (refusedTable when it could not be loaded).
type slot struct {
	path string
	tab  atomic.Pointer[table]
}

// refusedTable stands in a slot whose file could not be loaded.
var refusedTable = func() *table {
	t := &table{}
	t.broken.Store(true)
	return t
}()

// Open scans the folders of paths, separated by os.PathListSeparator, for
// .rtbw and .rtbz files; "" and "<empty>" name no folder. Files are read
// on first use. The error, when not nil, lists the folders that could not
// be read and the files skipped for an unusable name; the Tables returned
// hold what was found all the same.
func Open(paths string) (*Tables, error) {
	ts := &Tables{byKey: map[matKey]*entry{}}
	var problems []error
	for _, dir := range strings.Split(paths, string(os.PathListSeparator)) {
		if dir == "" || dir == "<empty>" {
			continue
		}
		list, err := os.ReadDir(dir)
		if err != nil {
			problems = append(problems, fmt.Errorf("folder %s cannot be read: %v", dir, bareError(err)))
		}
		for _, de := range list {
			name := de.Name()
			kind := -1
			for k, ext := range extensions {
				if strings.HasSuffix(name, ext) {
					kind = k
				}
			}
			if kind < 0 || de.IsDir() {
				continue
			}
			mat, err := parseMaterial(strings.TrimSuffix(name, extensions[kind]))
			if err != nil {
				problems = append(problems, fmt.Errorf("%s skipped: %v", filepath.Join(dir, name), err))
				continue
			}
			e := ts.byKey[mat.key()]
			if e == nil {
				e = &entry{mat: mat}
				ts.byKey[mat.key()] = e
				ts.entries = append(ts.entries, e)
			}
			if e.files[kind].path == "" { // the first folder that has it
				e.files[kind].path = filepath.Join(dir, name)
				ts.counts[kind]++
				if kind == wdlKind {
					ts.maxPieces = max(ts.maxPieces, mat.pieces)
				}
			}
		}
	}
	sort.Slice(ts.entries, func(i, j int) bool { return ts.entries[i].mat.name < ts.entries[j].mat.name })
	return ts, errors.Join(problems...)
}

// Counts returns the number of WDL and DTZ files found.
func (ts *Tables) Counts() (wdl, dtz int) {
	if ts == nil {
		return 0, 0
	}
	return ts.counts[wdlKind], ts.counts[dtzKind]
}

// MaxPieces returns the largest number of pieces, kings included, of the
// WDL files found, 0 when there is none.
func (ts *Tables) MaxPieces() int {
	if ts == nil {
		return 0
	}
	return ts.maxPieces
}

// String says what was found, as "35 WDL and 35 DTZ tables, up to 4
// pieces".
func (ts *Tables) String() string {
	wdl, dtz := ts.Counts()
	return fmt.Sprintf("%d WDL and %d DTZ tables, up to %d pieces", wdl, dtz, ts.MaxPieces())
}

// LoadErrors returns the errors of the files that failed to load so far
// (or were found corrupt by a probe), each naming its file, sorted.
func (ts *Tables) LoadErrors() []error {
	if ts == nil {
		return nil
	}
	ts.mu.Lock()
	out := append([]error(nil), ts.errs...)
	ts.mu.Unlock()
	sort.Slice(out, func(i, j int) bool { return out[i].Error() < out[j].Error() })
	return out
}

// Close unmaps the files loaded. No probe may run during or after it.
func (ts *Tables) Close() error {
	if ts == nil {
		return nil
	}
	ts.mu.Lock()
	defer ts.mu.Unlock()
	ts.closed = true
	var errs []error
	for _, e := range ts.entries {
		for k := range e.files {
			t := e.files[k].tab.Swap(nil)
			if t != nil && t.unmap != nil {
				if err := t.unmap(); err != nil {
					errs = append(errs, fmt.Errorf("%s: %v", t.path, err))
				}
			}
		}
	}
	return errors.Join(errs...)
}

// file returns the loaded file of kind of material e, loading it on first
// use, or nil when there is none or it was refused.
func (ts *Tables) file(e *entry, kind int) *table {
	s := &e.files[kind]
	t := s.tab.Load()
	if t == nil {
		if s.path == "" {
			return nil
		}
		t = ts.load(s, e.mat, kind)
	}
	if t.broken.Load() {
		return nil
	}
	return t
}

// load maps and checks the file of slot s, once.
func (ts *Tables) load(s *slot, mat material, kind int) *table {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if t := s.tab.Load(); t != nil {
		return t
	}
	if ts.closed {
		return refusedTable
	}
	t, err := loadTable(s.path, mat, kind == dtzKind)
	if err != nil {
		ts.errs = append(ts.errs, fmt.Errorf("%s: %v", s.path, err))
		t = refusedTable
	}
	s.tab.Store(t)
	return t
}

// refuse marks a loaded file unusable after a probe found its data
// inconsistent, and records why. The mapping stays until Close: other
// probes may still be reading it.
func (ts *Tables) refuse(t *table, err error) {
	if t.broken.Swap(true) {
		return
	}
	ts.mu.Lock()
	ts.errs = append(ts.errs, fmt.Errorf("%s: %v", t.path, err))
	ts.mu.Unlock()
}

// loadTable maps the file at path and checks it.
func loadTable(path string, mat material, dtz bool) (*table, error) {
	data, unmap, err := mapFile(path)
	if err != nil {
		return nil, bareError(err)
	}
	t, err := parseTable(data, mat, dtz)
	if err != nil {
		unmap()
		return nil, err
	}
	t.path, t.unmap = path, unmap
	return t, nil
}

// bareError drops the path from an error of the os package, which the
// caller names itself.
func bareError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
