package engine

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// SyzygyPath says what it found; a folder without tables is refused and
// the tables in use kept; <empty> switches them off; the probe options
// reach the search.
func TestSyzygyOptions(t *testing.T) {
	dir := sharedTablesDir(t)
	e := New()
	note, err := e.SetOptionNote("SyzygyPath", dir)
	if err != nil || !strings.Contains(note, "35 WDL and 35 DTZ tables, up to 4 pieces") {
		t.Fatalf("SyzygyPath %s: %q, %v", dir, note, err)
	}
	if e.SearchOptions().TB == nil {
		t.Fatal("the search has no tables")
	}
	empty := t.TempDir()
	for _, bad := range []string{empty, filepath.Join(empty, "missing")} {
		if _, err := e.SetOptionNote("SyzygyPath", bad); err == nil || !strings.Contains(err.Error(), "keeping "+dir) {
			t.Errorf("SyzygyPath %s: %v", bad, err)
		}
		if e.SearchOptions().TB == nil {
			t.Errorf("SyzygyPath %s dropped the tables in use", bad)
		}
	}
	// Several folders, one of them empty.
	if note, err := e.SetOptionNote("SyzygyPath", empty+string(os.PathListSeparator)+dir); err != nil || !strings.Contains(note, "35 WDL") {
		t.Errorf("two folders: %q, %v", note, err)
	}
	for _, o := range [][2]string{{"SyzygyProbeDepth", "5"}, {"SyzygyProbeLimit", "3"}, {"Syzygy50MoveRule", "false"}} {
		if err := e.SetOption(o[0], o[1]); err != nil {
			t.Fatal(err)
		}
	}
	if o := e.SearchOptions(); o.TBProbeDepth != 5 || o.TBProbeLimit != 3 || o.TB50MoveRule {
		t.Errorf("probe options not applied: %d %d %v", o.TBProbeDepth, o.TBProbeLimit, o.TB50MoveRule)
	}
	if _, err := e.SetOptionNote("SyzygyPath", "<empty>"); err != nil || e.SearchOptions().TB != nil {
		t.Errorf("<empty>: %v, tables %v", err, e.SearchOptions().TB)
	}
	if _, err := e.SetOptionNote("SyzygyPath", empty); err == nil || !strings.Contains(err.Error(), "tablebases stay off") {
		t.Errorf("an empty folder with no tables in use: %v", err)
	}
}
