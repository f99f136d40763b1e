package syzygy

import (
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// copyTable copies a real table into dir under the same name, changed by
// edit; it skips without the shared tables.
func copyTable(t *testing.T, dir, name string, edit func([]byte) []byte) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(tableDir, name))
	if err != nil {
		t.Skip("no tables:", err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, edit(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestBadFiles: truncated, wrong-magic and otherwise damaged files are
// refused with an error naming the file, probes of their material fail,
// and the good tables beside them still work.
func TestBadFiles(t *testing.T) {
	dir := t.TempDir()
	cases := map[string]struct {
		edit func([]byte) []byte
		want string
	}{
		"KQvK.rtbw":  {func(b []byte) []byte { return b[:len(b)/2] }, "truncated"},
		"KRvK.rtbw":  {func(b []byte) []byte { b[0] ^= 0xff; return b }, "bad magic"},
		"KPvK.rtbw":  {func(b []byte) []byte { b[4] &^= 2; return b }, "pawn flag"},
		"KBNvK.rtbw": {func(b []byte) []byte { b[6] = 0x77; return b }, "piece"},
		"KQvK.rtbz":  {func(b []byte) []byte { return b[:3] }, "truncated header"},
		"KRvK.rtbz":  {func(b []byte) []byte { return nil }, "empty"},
	}
	for name, c := range cases {
		copyTable(t, dir, name, c.edit)
	}
	copyTable(t, dir, "KNvK.rtbw", func(b []byte) []byte { return b })
	if err := os.WriteFile(filepath.Join(dir, "KXvK.rtbw"), []byte("junk"), 0o644); err != nil {
		t.Fatal(err)
	}
	ts, err := Open(dir)
	if err == nil || !strings.Contains(err.Error(), "KXvK.rtbw") {
		t.Errorf("Open: the bad name is not reported: %v", err)
	}
	for _, fen := range []string{"8/8/8/8/8/2k5/8/KQ6 w - - 0 1", "8/8/8/8/8/2k5/8/KR6 w - - 0 1",
		"8/8/8/8/8/2k5/P7/K7 w - - 0 1", "8/8/8/8/8/2k5/8/KBN5 w - - 0 1"} {
		if v, ok := ts.ProbeWDL(mustFEN(t, fen)); ok {
			t.Errorf("%s: WDL %d from a damaged table", fen, v)
		}
	}
	if _, ok := ts.ProbeWDL(mustFEN(t, "8/8/8/8/8/3k4/8/KN6 w - - 0 1")); !ok {
		t.Error("the good table KNvK does not probe")
	}
	errs := ts.LoadErrors()
	if len(errs) != 4 {
		t.Errorf("%d load errors, want 4: %v", len(errs), errs)
	}
	reports, err := CheckDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range reports {
		name := filepath.Base(r.Path)
		c, bad := cases[name]
		if name == "KXvK.rtbw" {
			c, bad = struct {
				edit func([]byte) []byte
				want string
			}{nil, "unknown piece"}, true
		}
		switch {
		case !bad && r.Err != nil:
			t.Errorf("%s: refused: %v", name, r.Err)
		case bad && (r.Err == nil || !strings.Contains(r.Err.Error(), c.want) || !strings.Contains(r.Err.Error(), name)):
			t.Errorf("%s: error %v, want one naming the file and saying %q", name, r.Err, c.want)
		}
	}
	if len(reports) != len(cases)+2 {
		t.Errorf("%d reports, want %d", len(reports), len(cases)+2)
	}
}

// TestCheckSharedTables: every shared table passes CheckDir.
func TestCheckSharedTables(t *testing.T) {
	reports, err := CheckDir(tableDir)
	if err != nil {
		t.Skip("no tables:", err)
	}
	if len(reports) != 70 {
		t.Errorf("%d files, want 70", len(reports))
	}
	for _, r := range reports {
		if r.Err != nil || r.Pieces < 3 || r.Size == 0 {
			t.Errorf("%s: %+v", r.Path, r)
		}
	}
}

// TestCorruptBlocks damages the compressed data of a table in many places
// and probes many positions: failures are allowed, panics are not.
func TestCorruptBlocks(t *testing.T) {
	ts := openShared(t)
	dir := t.TempDir()
	for i, name := range []string{"KRvKP.rtbw", "KRvKP.rtbz", "KBNvK.rtbz"} {
		copyTable(t, dir, name, func(b []byte) []byte {
			for j := len(b) / 3; j < len(b); j += 7 + i {
				b[j] ^= byte(j)
			}
			return b
		})
	}
	bad, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer bad.Close()
	r := rand.New(rand.NewSource(3))
	changed := 0
	for i := 0; i < 600; i++ {
		pos := randomPosition(r, [2]string{"KRvKP", "KBNvK"}[i%2], i%4 < 2)
		want, _ := ts.ProbeDTZ(pos)
		if got, ok := bad.ProbeDTZ(pos); !ok || got != want {
			changed++
		}
	}
	if changed == 0 {
		t.Error("the damage changed no probe")
	}
	t.Logf("%d of 600 probes of damaged tables failed or differ", changed)
}
