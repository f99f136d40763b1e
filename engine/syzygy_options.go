// The tablebase options, named as every engine names them: SyzygyPath
// (folders of .rtbw/.rtbz files, separated by ':' on Unix and ';' on
// Windows; <empty> switches the tables off), SyzygyProbeDepth,
// SyzygyProbeLimit and Syzygy50MoveRule. The search uses the tables
// through search.Options (search/tablebase.go).
package engine

import (
	"fmt"
	"strconv"
	"strings"

	"brudno/syzygy"
)

// tbState is the open tablebases and what opening them found.
type tbState struct {
	tables   *syzygy.Tables
	path     string
	found    string          // the note for the GUI
	reported map[string]bool // the load errors already told
}

func syzygyOptions() []Option {
	return []Option{
		{Name: "SyzygyPath", Type: String, Default: "", apply: setSyzygyPath, note: func(e *Engine) string { return e.tb.found }},
		{Name: "SyzygyProbeDepth", Type: Spin, Default: "1", Min: 1, Max: 100, apply: func(e *Engine, v string) error {
			e.set.search.TBProbeDepth, _ = strconv.Atoi(v)
			return nil
		}},
		{Name: "SyzygyProbeLimit", Type: Spin, Default: "7", Min: 0, Max: 7, apply: func(e *Engine, v string) error {
			e.set.search.TBProbeLimit, _ = strconv.Atoi(v)
			return nil
		}},
		{Name: "Syzygy50MoveRule", Type: Check, Default: "true", apply: func(e *Engine, v string) error {
			e.set.search.TB50MoveRule = v == "true"
			return nil
		}},
	}
}

// setSyzygyPath opens the tablebases in the folders of v ("" or
// "<empty>": none). Folders with no table at all are refused and the
// tables in use kept; a folder that cannot be read or a file with an
// unusable name beside usable tables is reported in the note.
func setSyzygyPath(e *Engine, v string) error {
	v = strings.TrimSpace(v)
	if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
		v = v[1 : len(v)-1]
	}
	if v == "" || v == "<empty>" {
		e.tb.replace(nil, "")
		e.set.search.TB = nil
		e.tb.found = "SyzygyPath: tablebases off"
		return nil
	}
	ts, err := syzygy.Open(v)
	wdl, dtz := ts.Counts()
	if wdl+dtz == 0 {
		ts.Close()
		why := "no .rtbw or .rtbz file there"
		if err != nil {
			why = err.Error()
		}
		return fmt.Errorf("option SyzygyPath: %s: %s; %s", v, why, e.tb.keeping())
	}
	e.tb.replace(ts, v)
	e.set.search.TB = ts
	e.tb.found = fmt.Sprintf("SyzygyPath: %d WDL and %d DTZ tables, up to %d pieces", wdl, dtz, ts.MaxPieces())
	if err != nil {
		e.tb.found += "; skipped: " + strings.ReplaceAll(err.Error(), "\n", "; ")
	}
	return nil
}

// replace closes the tables in use (no search runs while an option is
// set) and takes ts from path.
func (s *tbState) replace(ts *syzygy.Tables, path string) {
	if s.tables != nil {
		s.tables.Close()
	}
	s.tables, s.path, s.reported = ts, path, nil
}

// newErrors returns, once each, the errors of the tables of ts that
// failed to load when a search first needed them (a truncated or
// corrupt file): the search went on without them. It runs on the
// search's goroutine after the search, when no option can change.
func (s *tbState) newErrors(ts *syzygy.Tables) []string {
	var out []string
	for _, err := range ts.LoadErrors() {
		msg := err.Error()
		if s.reported[msg] {
			continue
		}
		if s.reported == nil {
			s.reported = map[string]bool{}
		}
		s.reported[msg] = true
		out = append(out, "tablebase refused, the search goes on without it: "+msg)
	}
	return out
}

// keeping says what stays in use after a refused SyzygyPath.
func (s *tbState) keeping() string {
	if s.tables == nil {
		return "tablebases stay off"
	}
	return "keeping " + s.path
}
