package engine

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"brudno/search"
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

// No option changes during a search: every setoption is refused with
// ErrSearching while two threads search a position whose captures lead
// into the tables (probes in the tree), and the search, its tables and
// the options in use are left alone; after stop the same values apply.
// make test runs this under -race. The setoptions go on until the search
// has reported a line with tablebase hits, and for 20 rounds at least:
// a fixed time could pass on a loaded machine before the search got
// past depth 1, whose leaves are quiescence nodes, never probed.
func TestSetOptionDuringSearch(t *testing.T) {
	dir := sharedTablesDir(t)
	e := New()
	for _, o := range [][2]string{{"SyzygyPath", dir}, {"Threads", "2"}, {"Hash", "2"}} {
		if err := e.SetOption(o[0], o[1]); err != nil {
			t.Fatal(err)
		}
	}
	if err := e.SetPosition("4k3/8/8/3r4/8/8/3Q3P/4K3 w - - 0 1", nil); err != nil { // Qxd5: KQPvK
		t.Fatal(err)
	}
	before := e.SearchOptions()
	got := make(chan search.Result, 1)
	var probed atomic.Bool
	if err := e.Go(search.Limits{Infinite: true}, Callbacks{
		Info: func(i search.Info) {
			if i.TBHits > 0 {
				probed.Store(true)
			}
		},
		BestMove: func(r search.Result) { got <- r },
	}); err != nil {
		t.Fatal(err)
	}
	changes := [][2]string{{"SyzygyPath", "<empty>"}, {"SyzygyPath", dir}, {"Threads", "3"}, {"Hash", "4"},
		{"Clear Hash", ""}, {"MultiPV", "2"}, {"SyzygyProbeLimit", "0"}, {"Syzygy50MoveRule", "false"}}
	start := time.Now()
	for round := 1; round <= 20 || !probed.Load(); round++ {
		for _, c := range changes {
			if err := e.SetOption(c[0], c[1]); !errors.Is(err, ErrSearching) {
				t.Errorf("setoption %s %q during the search: %v, want ErrSearching", c[0], c[1], err)
			}
		}
		if time.Since(start) > time.Minute {
			t.Errorf("no line with tablebase hits within a minute (%d rounds)", round)
			break
		}
		time.Sleep(2 * time.Millisecond)
	}
	e.Stop()
	r := <-got
	if r.Best.String() != "d2d5" || r.Stats.TBHits == 0 {
		t.Errorf("the search played %v with %d tablebase hits, want d2d5 with some", r.Best, r.Stats.TBHits)
	}
	if o := e.SearchOptions(); o.TB != before.TB || o.Threads != 2 || o.MultiPV != 1 || o.TBProbeLimit != 7 || !o.TB50MoveRule {
		t.Errorf("options changed during the search: %+v", o)
	}
	for _, c := range changes {
		if err := e.SetOption(c[0], c[1]); err != nil {
			t.Errorf("setoption %s %q after the search: %v", c[0], c[1], err)
		}
	}
	if o := e.SearchOptions(); o.TB == nil || o.Threads != 3 || o.MultiPV != 2 || o.TBProbeLimit != 0 || o.TB50MoveRule {
		t.Errorf("options not applied after the search: %+v", o)
	}
}
