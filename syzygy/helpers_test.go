package syzygy

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"brudno/board"
)

// tableDir is the folder of the 3- and 4-piece tables beside the
// repository.
var tableDir = filepath.Join("..", "..", "shared", "syzygy")

// debianFathom is where Debian's fathom package installs the oracle
// prober, outside the usual PATH.
const debianFathom = "/usr/games/fathom"

// missing skips the test for want of something outside the repository,
// or fails it in CI (CI=true), where everything is present and a skip
// would hide a failure.
func missing(t testing.TB, format string, args ...any) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf("CI=true: "+format, args...)
	}
	t.Skipf(format, args...)
}

// sharedTables opens the tables of tableDir.
func sharedTables(t testing.TB) *Tables {
	t.Helper()
	if _, err := os.Stat(filepath.Join(tableDir, "KQvK.rtbw")); err != nil {
		missing(t, "no tablebases in %s", tableDir)
	}
	ts, err := Open(tableDir)
	if err != nil || ts.MaxPieces() < 4 {
		t.Fatalf("Open(%s): %v, %v", tableDir, err, ts)
	}
	t.Cleanup(func() { ts.Close() })
	return ts
}

// needFathom returns the oracle's path: $FATHOM, else fathom on the
// PATH, else Debian's.
func needFathom(t testing.TB) string {
	t.Helper()
	name := os.Getenv("FATHOM")
	if name == "" {
		name = "fathom"
		if _, err := exec.LookPath(name); err != nil {
			name = debianFathom
		}
	}
	path, err := exec.LookPath(name)
	if err != nil {
		missing(t, "no Fathom (%s): %v", name, err)
	}
	return path
}

func mustFEN(t testing.TB, fen string) *board.Position {
	t.Helper()
	pos, err := board.ParseFEN(fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return pos
}
