// Tests of the book subcommand as a user runs it: `book build` on a PGN
// written here (a bad game skipped with a message) writes a book that
// reads back with the expected moves and weights, `book probe` lists
// them, `book dump` lists every entry, `book analyse` writes a small
// book, and bad arguments or files give clear errors.

package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"brudno/board"
	"brudno/book"
)

func runBookCmd(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = Run(append([]string{"book"}, args...), &out, &errb)
	return code, out.String(), errb.String()
}

const bookTestPGN = `[Event "a"]
[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 1-0

[Event "b"]
[Result "1/2-1/2"]

1. e4 c5 2. Nf3 d6 1/2-1/2

[Event "broken"]
[Result "0-1"]

1. e4 e5 2. Qxf7 0-1

[Event "c"]
[Result "0-1"]

1. d4 d5 0-1
`

func TestBookBuildProbeDump(t *testing.T) {
	dir := t.TempDir()
	pgn, out := filepath.Join(dir, "games.pgn"), filepath.Join(dir, "games.bin")
	if err := os.WriteFile(pgn, []byte(bookTestPGN), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runBookCmd("build", "-pgn", pgn, "-out", out)
	if code != 0 || !strings.HasPrefix(stdout, "3 games used, 1 skipped; 6 positions, 6 entries\nwrote "+out+": 96 bytes") {
		t.Fatalf("build: exit %d\n%s%s", code, stdout, stderr)
	}
	if !strings.Contains(stderr, "games.pgn: game 3 (line 11) skipped: ") || !strings.Contains(stderr, `"Qxf7"`) {
		t.Errorf("no message for the broken game: %q", stderr)
	}
	b, err := book.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	// 1.e4: a win and a draw (3); 1.d4: a loss (0, left out). 1...e5 lost
	// (left out), 1...c5 drew (1); Nf3 after 1...c5 drew (1) and after
	// 1...e5 won (2); 2...d6 drew (1), 2...Nc6 lost (left out).
	want := map[string]map[string]uint32{
		"":               {"e2e4": 3},
		"e2e4":           {"c7c5": 1},
		"e2e4 c7c5":      {"g1f3": 1},
		"e2e4 e7e5":      {"g1f3": 2},
		"e2e4 c7c5 g1f3": {"d7d6": 1},
		"d2d4":           {"d7d5": 2},
		"e2e4 e7e5 g1f3": {},
		"d2d4 d7d5":      {},
	}
	for moves, w := range want {
		p := board.NewPosition()
		for _, s := range strings.Fields(moves) {
			m, err := p.ParseMove(s)
			if err != nil {
				t.Fatal(err)
			}
			p.Make(m)
		}
		got := map[string]uint32{}
		for _, c := range b.Candidates(p) {
			got[c.Move.String()] = c.Weight
		}
		if len(got) != len(w) {
			t.Errorf("after %q: %v, want %v", moves, got, w)
		}
		for m, wt := range w {
			if got[m] != wt {
				t.Errorf("after %q: %v, want %v", moves, got, w)
			}
		}
	}

	code, stdout, _ = runBookCmd("probe", out, "startpos", "moves", "e2e4", "c7c5")
	p := board.NewPosition()
	for _, s := range []string{"e2e4", "c7c5"} {
		m, _ := p.ParseMove(s)
		p.Make(m)
	}
	wantProbe := "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n" +
		fmt.Sprintf("key %016x: 1 book moves\n", p.Key()) +
		"g1f3   weight     1  100.0%\n"
	if code != 0 || stdout != wantProbe {
		t.Errorf("probe: exit %d\n%q\nwant\n%q", code, stdout, wantProbe)
	}
	code, stdout, _ = runBookCmd("probe", out, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "w", "KQkq", "-", "0", "1")
	if code != 0 || !strings.Contains(stdout, ": 1 book moves\ne2e4   weight     3  100.0%\n") {
		t.Errorf("probe FEN: exit %d %q", code, stdout)
	}
	code, stdout, _ = runBookCmd("dump", out)
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if code != 0 || len(lines) != 7 || lines[6] != "6 entries, 6 positions, 96 bytes" ||
		!strings.Contains(stdout, "463b96181691fc9c e2e4  weight     3 learn 0\n") {
		t.Errorf("dump: exit %d\n%s", code, stdout)
	}

	// Errors: usage, a missing PGN, a corrupt book, an illegal probe move.
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"build", "-pgn", pgn}, 2, "usage: brudno book build"},
		{[]string{"build", "-pgn", filepath.Join(dir, "none.pgn"), "-out", out}, 1, "none.pgn: no such file"},
		{[]string{"build", "-pgn", pgn, "-out", out, "-weights", "elo"}, 2, `unknown weighting "elo"`},
		{[]string{"probe", pgn}, 1, "games.pgn: size"},
		{[]string{"probe", out, "startpos", "moves", "e2e5"}, 2, `illegal move "e2e5"`},
		{[]string{"dump"}, 2, "usage: brudno book dump"},
		{[]string{"frobnicate"}, 2, `unknown command "frobnicate"`},
	} {
		code, _, stderr := runBookCmd(c.args...)
		if code != c.code || !strings.Contains(stderr, c.msg) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", c.args, code, stderr, c.code, c.msg)
		}
	}
	// A PGN with no usable game writes nothing.
	empty := filepath.Join(dir, "empty.pgn")
	os.WriteFile(empty, []byte("[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n"), 0o644)
	if code, _, stderr := runBookCmd("build", "-pgn", empty, "-out", filepath.Join(dir, "e.bin")); code != 1 || !strings.Contains(stderr, "no entries") {
		t.Errorf("empty build: exit %d %q", code, stderr)
	}
}

func TestBookAnalyseCommand(t *testing.T) {
	out := filepath.Join(t.TempDir(), "a.bin")
	code, stdout, stderr := runBookCmd("analyse", "-out", out, "-plies", "2", "-width", "2", "-margin", "1000", "-depth", "2", "-jobs", "2", "-hash", "1")
	// Two root moves, two replies to each: 3 positions, 6 entries.
	if code != 0 || !strings.HasPrefix(stdout, "3 positions analysed, 6 entries; wrote "+out+": 96 bytes") {
		t.Fatalf("analyse: exit %d\n%s%s", code, stdout, stderr)
	}
	if !strings.Contains(stderr, "ply 0: 1 positions analysed") || !strings.Contains(stderr, "ply 1: 2 positions analysed") {
		t.Errorf("progress: %q", stderr)
	}
	b, err := book.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	if cands := b.Candidates(board.NewPosition()); len(cands) != 2 || cands[0].Weight != book.AnalysisTopWeight {
		t.Errorf("root: %+v", cands)
	}
	if code, _, stderr := runBookCmd("analyse", "-out", out, "-plies", "0"); code != 2 || !strings.Contains(stderr, "usage") {
		t.Errorf("plies 0: exit %d %q", code, stderr)
	}
}
