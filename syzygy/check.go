package syzygy

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// FileReport is what CheckDir found about one file.
type FileReport struct {
	Path   string
	Kind   string // "WDL" or "DTZ"
	Pieces int
	Size   int64
	Err    error // nil when the table is usable
}

// CheckDir reads every .rtbw and .rtbz file of a folder, checks its name,
// header and the sizes and offsets of all its parts, and decodes a sample
// of its values. The reports are sorted by path.
func CheckDir(dir string) ([]FileReport, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var reports []FileReport
	for _, e := range entries {
		ext := filepath.Ext(e.Name())
		if e.IsDir() || (ext != extWDL && ext != extDTZ) {
			continue
		}
		reports = append(reports, CheckFile(filepath.Join(dir, e.Name())))
	}
	sort.Slice(reports, func(i, j int) bool { return reports[i].Path < reports[j].Path })
	return reports, nil
}

// CheckFile checks one table file as CheckDir does.
func CheckFile(path string) FileReport {
	r := FileReport{Path: path, Kind: "WDL"}
	ext := filepath.Ext(path)
	if ext == extDTZ {
		r.Kind = "DTZ"
	} else if ext != extWDL {
		r.Err = fmt.Errorf("%s: not a %s or %s file", path, extWDL, extDTZ)
		return r
	}
	if st, err := os.Stat(path); err == nil {
		r.Size = st.Size()
	}
	t, err := newTable(strings.TrimSuffix(filepath.Base(path), ext), ext == extDTZ)
	if err != nil {
		r.Err = fmt.Errorf("%s: %w", path, err)
		return r
	}
	r.Pieces = t.pieces
	t.path = path
	if !t.ready() {
		r.Err = t.loadErr()
		return r
	}
	defer t.release()
	if err := t.sample(257); err != nil {
		r.Err = fmt.Errorf("%s: %w", path, err)
	}
	return r
}

// sample decodes the first, the last and n spread indices of every
// sub-table, so that a damaged index or block shows.
func (t *table) sample(n uint64) error {
	for f := 0; f < t.files(); f++ {
		for i := 0; i < t.sides(); i++ {
			p := &t.parts[i][f]
			if p.size == 0 {
				continue
			}
			step := max(p.size/n, 1)
			for idx := uint64(0); idx < p.size; idx += step {
				if err := t.checkValue(p, idx); err != nil {
					return err
				}
			}
			if err := t.checkValue(p, p.size-1); err != nil {
				return err
			}
		}
	}
	return nil
}

func (t *table) checkValue(p *pairs, idx uint64) error {
	v, ok := p.value(idx)
	switch {
	case !ok:
		return fmt.Errorf("index %d of %d cannot be decoded", idx, p.size)
	case !t.dtz && v > 4:
		return fmt.Errorf("index %d holds WDL class %d", idx, v)
	case t.dtz && p.flags&flagMapped != 0 && v >= max(p.mapLen[0], p.mapLen[1], p.mapLen[2], p.mapLen[3]):
		return fmt.Errorf("index %d holds DTZ %d, past the value maps", idx, v)
	}
	return nil
}
