package uci

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"brudno/engine"
)

// Debug Log File appends every line in and out with a timestamp; a file
// that cannot be opened is answered with info string and the old log
// kept; <empty> switches logging off.
func TestDebugLogFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "brudno.log")
	e := engine.New()
	out := converse(t, e,
		"setoption name Debug Log File value "+path,
		"isready",
		"position startpos moves e2e4",
		"go depth 2",
	)
	out = append(out, converse(t, e,
		"setoption name Debug Log File value "+filepath.Join(dir, "no-such-dir", "x.log"),
		"isready",
		"setoption name Debug Log File value <empty>",
		"isready",
	)...)
	if !containsPrefix(out, "info string option Debug Log File: ") {
		t.Errorf("an unopenable log file was not reported: %q", out)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	stamp := regexp.MustCompile(`^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} (>>|<<) `)
	for _, l := range lines {
		if !stamp.MatchString(l) {
			t.Errorf("log line without time and direction: %q", l)
		}
	}
	log := strings.Join(lines, "\n")
	for _, want := range []string{">> isready", "<< readyok", ">> position startpos moves e2e4", ">> go depth 2", "<< info depth 2 ", "<< bestmove ",
		"<< info string option Debug Log File: "} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
	// The failed setting kept the log: its own error message is logged;
	// after <empty>, the last isready is not.
	if n := strings.Count(log, ">> isready"); n != 2 {
		t.Errorf("log has %d isready lines, want 2 (logging off after <empty>):\n%s", n, log)
	}
	if _, err := os.Stat(filepath.Join(dir, "no-such-dir")); err == nil {
		t.Error("the bad path was created")
	}
}
