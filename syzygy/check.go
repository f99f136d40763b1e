// Checking table files without probing: every check of loading, and a
// sample of values decoded from every sub-table (docs/syzygy-format.md,
// "Checking a file").
package syzygy

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// FileReport is what CheckFile found in one file.
type FileReport struct {
	Path   string
	Kind   string // "WDL" or "DTZ"
	Pieces int    // from the name; 0 when the name is unusable
	Size   int64
	Err    error // nil when the file is usable
}

// sampleValues is the number of values decoded from each sub-table by
// CheckFile, spread evenly (the first and the last included).
const sampleValues = 4096

// CheckDir checks every .rtbw and .rtbz file of folder dir, sorted by
// path. The error says that the folder could not be read.
func CheckDir(dir string) ([]FileReport, error) {
	list, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("folder %s cannot be read: %v", dir, bareError(err))
	}
	var out []FileReport
	for _, de := range list {
		name := de.Name()
		if de.IsDir() || !strings.HasSuffix(name, extensions[wdlKind]) && !strings.HasSuffix(name, extensions[dtzKind]) {
			continue
		}
		out = append(out, CheckFile(filepath.Join(dir, name)))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

// CheckFile checks the table file at path: its name, header, the sizes
// and offsets of all its parts, and a sample of values of each sub-table.
// The report's Err, naming the file, says why it cannot be used.
func CheckFile(path string) FileReport {
	r := FileReport{Path: path}
	fail := func(format string, args ...any) FileReport {
		r.Err = fmt.Errorf("%s: %s", path, fmt.Sprintf(format, args...))
		return r
	}
	base := filepath.Base(path)
	kind := -1
	for k, ext := range extensions {
		if strings.HasSuffix(base, ext) {
			kind = k
		}
	}
	if kind < 0 {
		return fail("not a .rtbw or .rtbz file")
	}
	r.Kind = [2]string{"WDL", "DTZ"}[kind]
	st, err := os.Stat(path)
	if err != nil {
		return fail("%v", bareError(err))
	}
	r.Size = st.Size()
	mat, err := parseMaterial(strings.TrimSuffix(base, extensions[kind]))
	if err != nil {
		return fail("%v", err)
	}
	r.Pieces = mat.pieces
	t, err := loadTable(path, mat, kind == dtzKind)
	if err != nil {
		return fail("%v", err)
	}
	defer t.unmap()
	for i := range t.subs {
		if err := t.sample(&t.subs[i]); err != nil {
			return fail("sub-table %d: %v", i, err)
		}
	}
	return r
}

// sample decodes values spread over sub-table sb, and the last value of
// its last block.
func (t *table) sample(sb *sub) error {
	if sb.constant {
		return nil
	}
	step := max(sb.size/sampleValues, 1)
	for idx := uint64(0); idx < sb.size; idx += step {
		if _, err := sb.value(t.data, idx); err != nil {
			return fmt.Errorf("value %d: %v", idx, err)
		}
	}
	if _, err := sb.value(t.data, sb.size-1); err != nil {
		return fmt.Errorf("value %d: %v", sb.size-1, err)
	}
	return nil
}
