package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"brudno/board"
	"brudno/search"
)

// genfensLines runs the command form OpenBench uses and returns the FENs
// of its output, failing unless every line is an `info string genfens`
// line.
func genfensLines(t *testing.T, cmd string) []string {
	t.Helper()
	var out, errOut bytes.Buffer
	if rc := Run([]string{cmd, "quit"}, &out, &errOut); rc != 0 {
		t.Fatalf("%q: exit %d: %s", cmd, rc, errOut.String())
	}
	var fens []string
	for _, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
		fen, ok := strings.CutPrefix(line, "info string genfens ")
		if !ok {
			t.Fatalf("%q: line %q is no genfens line", cmd, line)
		}
		fens = append(fens, fen)
	}
	return fens
}

// checkOpenings checks that fens are n distinct legal positions of six
// fields (OpenBench makes EPD of them with the last two) with a move to
// play, and returns them parsed.
func checkOpenings(t *testing.T, fens []string, n int) []*board.Position {
	t.Helper()
	if len(fens) != n {
		t.Fatalf("%d positions, want %d", len(fens), n)
	}
	seen := map[uint64]string{}
	var ps []*board.Position
	for _, fen := range fens {
		p, err := board.ParseFEN(fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		if len(strings.Fields(fen)) != 6 || !p.HasLegalMove() || p.FEN() != fen {
			t.Errorf("%s: not six fields, no legal move or not in Brudno's form", fen)
		}
		if prev, dup := seen[p.Key()]; dup {
			t.Errorf("the same position twice: %s and %s", prev, fen)
		}
		seen[p.Key()] = fen
		ps = append(ps, p)
	}
	return ps
}

func TestGenfensNoBook(t *testing.T) {
	a := genfensLines(t, "genfens 12 seed 12345 book None ") // OpenBench adds a space when EXTRA is empty
	ps := checkOpenings(t, a, 12)
	if b := genfensLines(t, "genfens 12 seed 12345 book None"); strings.Join(a, "\n") != strings.Join(b, "\n") {
		t.Errorf("the same seed gave other positions:\n%v\n%v", a, b)
	}
	c := genfensLines(t, "genfens 12 seed 12346 book None")
	same := 0
	for i := range c {
		if c[i] == a[i] {
			same++
		}
	}
	if same > 1 {
		t.Errorf("seeds 12345 and 12346 share %d of 12 positions", same)
	}
	// 8 or 9 random plies from the start: the move counters say so, and
	// the verification search scores each within the margin (the search
	// is repeated exactly: one thread, a node limit, a cleared table).
	opts := search.DefaultOptions()
	opts.Threads = 1
	if err := chooseEvaluation(&opts, "", false); err != nil {
		t.Fatal(err)
	}
	tt := search.NewTT(1)
	s := search.NewSearcher(tt)
	for i, p := range ps {
		if ply := 2*(p.FullmoveNumber()-1) + int(p.Side()); ply < 8 || ply > 9 {
			t.Errorf("%s: %d plies from the start, want 8 or 9", a[i], ply)
		}
		tt.Clear()
		s.Clear()
		if r := s.Search(p, search.Limits{Nodes: 5000}, opts, 0, search.Callbacks{}); r.Score > 400 || r.Score < -400 {
			t.Errorf("%s: score %d, beyond the margin", a[i], r.Score)
		}
	}
	// The options: exactly 2 plies.
	for _, fen := range genfensLines(t, "genfens 3 seed 5 book None plies 2 nodes 1000 margin 30") {
		if f := strings.Fields(fen); f[1] != "w" || f[5] != "2" {
			t.Errorf("plies 2: %s is not White to move at move 2", fen)
		}
	}
}

func TestGenfensBook(t *testing.T) {
	dir := t.TempDir()
	book := filepath.Join(dir, "book.epd")
	lines := []string{
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - hmvc 0; fmvn 1;",
		"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - c0 \"x\"; hmvc 2; fmvn 3;",
		"# a comment",
		"rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2",
	}
	// The book's positions as genfens gives them, with their move counters.
	want := map[string]bool{
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1":       true,
		"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3": true,
		"rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2":     true,
	}
	if err := os.WriteFile(book, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	a := genfensLines(t, "genfens 10 seed 9 book "+book)
	checkOpenings(t, a, 10)
	if b := genfensLines(t, "genfens 10 seed 9 book "+book); strings.Join(a, "\n") != strings.Join(b, "\n") {
		t.Error("the same seed gave other positions")
	}
	if c := genfensLines(t, "genfens 10 seed 10 book "+book); strings.Join(a, "\n") == strings.Join(c, "\n") {
		t.Error("another seed gave the same positions")
	}
	// With no random plies the positions are the book's, each once; a
	// fourth cannot be found, and genfens says so instead of looping.
	got := genfensLines(t, "genfens 3 seed 1 book "+book+" plies 0")
	checkOpenings(t, got, 3)
	for _, fen := range got {
		if !want[fen] {
			t.Errorf("plies 0: %s is not a book position", fen)
		}
	}
	var out, errOut bytes.Buffer
	if rc := Run([]string{"genfens 4 seed 1 book " + book + " plies 0", "quit"}, &out, &errOut); rc != 1 ||
		!strings.Contains(errOut.String(), "3 positions found") || strings.Count(out.String(), "\n") != 3 {
		t.Errorf("a fourth position from a 3-line book: exit %d, %q, %d lines", rc, errOut.String(), strings.Count(out.String(), "\n"))
	}
}

// Bad requests end with a message and a non-zero exit, before any output.
func TestGenfensErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.epd")
	os.WriteFile(bad, []byte("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq -\n"), 0o644)
	empty := filepath.Join(dir, "empty.epd")
	os.WriteFile(empty, nil, 0o644)
	for _, c := range []struct {
		cmd  string
		rc   int
		want string
	}{
		{"genfens seed 1 book None", 2, "want N seed S book"},
		{"genfens x seed 1 book None", 2, `bad count "x"`},
		{"genfens 0 seed 1 book None", 2, `bad count "0"`},
		{"genfens 5 seed abc book None", 2, `bad seed "abc"`},
		{"genfens 5 seed 1 book", 2, "want N seed S book"},
		{"genfens 5 sed 1 book None", 2, "want N seed S book"},
		{"genfens 5 seed 1 book None plies", 2, `option "plies" has no value`},
		{"genfens 5 seed 1 book None plies 9-3", 2, `bad plies "9-3"`},
		{"genfens 5 seed 1 book None depth 5", 2, `unknown option "depth"`},
		{"genfens 5 seed 1 book None nodes 0", 2, `bad nodes "0"`},
		{"genfens 5 seed 1 book " + filepath.Join(dir, "missing.epd"), 1, "no such file"},
		{"genfens 5 seed 1 book " + bad, 1, "position 1"},
		{"genfens 5 seed 1 book " + empty, 1, "holds no positions"},
		{"genfens 5 seed 1 book " + filepath.Join(dir, "Pohl.pgn"), 1, "PGN books are not supported"},
	} {
		var out, errOut bytes.Buffer
		rc := Run([]string{c.cmd, "quit"}, &out, &errOut)
		if rc != c.rc || !strings.Contains(errOut.String(), c.want) || out.Len() != 0 {
			t.Errorf("%q: exit %d, stderr %q, stdout %q; want exit %d and %q", c.cmd, rc, errOut.String(), out.String(), c.rc, c.want)
		}
	}
}

// The command form: each argument a command, up to "quit"; the usual
// form, one subcommand and its arguments, is unchanged.
func TestRunEach(t *testing.T) {
	var out, errOut bytes.Buffer
	if rc := Run([]string{"genfens 2 seed 3 book None", "quit", "genfens 5 seed 3 book None"}, &out, &errOut); rc != 0 || strings.Count(out.String(), "\n") != 2 {
		t.Errorf("commands after quit ran, or the first failed: exit %d, %q %q", rc, out.String(), errOut.String())
	}
	var sep bytes.Buffer
	if rc := Run([]string{"genfens", "2", "seed", "3", "book", "None"}, &sep, &errOut); rc != 0 || sep.String() != out.String() {
		t.Errorf("genfens as a subcommand: exit %d, %q, want %q", rc, sep.String(), out.String())
	}
	out.Reset()
	if rc := Run([]string{"version extra", "genfens 1 seed 1 book None"}, &out, &errOut); rc != 0 || !strings.Contains(out.String(), "info string genfens") {
		t.Errorf("two commands: exit %d, %q", rc, out.String())
	}
	errOut.Reset()
	if rc := Run([]string{"frobnicate now", "quit"}, &out, &errOut); rc != 2 || !strings.Contains(errOut.String(), `unknown command "frobnicate"`) {
		t.Errorf("an unknown command: exit %d, %q", rc, errOut.String())
	}
	out.Reset()
	if rc := Run([]string{"version"}, &out, &errOut); rc != 0 || !strings.HasPrefix(out.String(), "Brudno") {
		t.Errorf("version: exit %d, %q", rc, out.String())
	}
}
