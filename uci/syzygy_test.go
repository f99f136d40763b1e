package uci

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"brudno/engine"
)

// A tablebase file found corrupt when the search first needs it is named
// in an info string, once; the search goes on without it and plays a
// legal move. SyzygyPath's own answer says what it found.
func TestCorruptTablebaseReported(t *testing.T) {
	shared := filepath.Join("..", "..", "shared", "syzygy")
	data, err := os.ReadFile(filepath.Join(shared, "KQvK.rtbw"))
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("no tablebases in ../shared/syzygy under CI=true: %v", err)
		}
		t.Skip("no tablebases in ../shared/syzygy")
	}
	dir := t.TempDir()
	for _, name := range []string{"KQvK.rtbz", "KRvK.rtbw", "KRvK.rtbz"} {
		b, err := os.ReadFile(filepath.Join(shared, name))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, name), b, 0o644)
	}
	os.WriteFile(filepath.Join(dir, "KQvK.rtbw"), data[:len(data)/3], 0o644) // truncated
	e := engine.New()
	out := converse(t, e,
		"setoption name SyzygyPath value "+dir,
		"position fen 8/8/8/4k3/8/8/8/KQ6 w - - 0 1",
		"go depth 4",
	)
	out = append(out, converse(t, e, "go depth 4")...)
	if !contains(out, "info string SyzygyPath: 2 WDL and 2 DTZ tables, up to 3 pieces") {
		t.Errorf("SyzygyPath's answer: %q", out)
	}
	var refused, best int
	for _, l := range out {
		if strings.HasPrefix(l, "info string tablebase refused") && strings.Contains(l, "KQvK.rtbw") {
			refused++
		}
		if strings.HasPrefix(l, "bestmove ") && l != "bestmove 0000" {
			best++
		}
	}
	if refused != 1 || best != 2 {
		t.Errorf("%d reports of the truncated KQvK.rtbw (want 1), %d best moves (want 2): %q", refused, best, out)
	}
}
