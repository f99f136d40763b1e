// Tests of the book through the protocol: the book options are declared,
// a book move is announced with "info string" and answered by bestmove at
// once (exactly one per go), the engine searches once out of the book, and
// a bad BookFile is reported without losing the book.
package uci

import (
	"path/filepath"
	"strings"
	"testing"

	"brudno/board"
	"brudno/book"
	"brudno/engine"
)

func TestBookOptionLines(t *testing.T) {
	got := map[string]bool{}
	for _, o := range engine.Options() {
		got[FormatOption(o)] = true
	}
	for _, want := range []string{
		"option name OwnBook type check default false",
		"option name BookFile type string default <empty>",
		"option name BookDepth type spin default 100 min 1 max 1000",
		"option name BookBestMove type check default false",
	} {
		if !got[want] {
			t.Errorf("missing %q", want)
		}
	}
}

func TestBookMoveThroughUCI(t *testing.T) {
	// The book: 1.e4 (weight 3); after it 1...e5 (weight 1) and 1...c5 (weight 3).
	start := board.NewPosition()
	e4, _ := start.ParseMove("e2e4")
	after := start.Clone()
	after.Make(e4)
	e5, _ := after.ParseMove("e7e5")
	c5, _ := after.ParseMove("c7c5")
	path := filepath.Join(t.TempDir(), "b.bin")
	if err := book.WriteFile(path, []book.Entry{
		{Key: start.Key(), Move: book.EncodeMove(e4), Weight: 3},
		{Key: after.Key(), Move: book.EncodeMove(e5), Weight: 1},
		{Key: after.Key(), Move: book.EncodeMove(c5), Weight: 3},
	}); err != nil {
		t.Fatal(err)
	}
	e := engine.New()
	out := converse(t, e,
		"setoption name OwnBook value true",
		"setoption name BookFile value "+path,
		"setoption name BookBestMove value true",
		"position startpos",
		"go wtime 600000 btime 600000",
	)
	want := []string{"info string book move e2e4 weight 3/3 candidates 1", "bestmove e2e4 ponder c7c5"}
	if strings.Join(out, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(out, "\n"), strings.Join(want, "\n"))
	}
	out = converse(t, e, "position startpos moves e2e4", "go movetime 60000")
	want = []string{"info string book move c7c5 weight 3/4 candidates 2", "bestmove c7c5"}
	if strings.Join(out, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(out, "\n"), strings.Join(want, "\n"))
	}
	// Out of the book: a search, and no book line.
	out = converse(t, e, "position startpos moves e2e4 c7c5", "go depth 2")
	if containsPrefix(out, "info string book") || !containsPrefix(out, "info depth 2 ") || countPrefix(out, "bestmove ") != 1 {
		t.Errorf("out of book: %q", out)
	}
	// A bad file is reported and the book stays.
	out = converse(t, e,
		"setoption name BookFile value "+filepath.Join(t.TempDir(), "nope.bin"),
		"position startpos", "go movetime 60000")
	if len(out) != 3 || !strings.HasPrefix(out[0], "info string option BookFile: book ") || !strings.HasSuffix(out[0], "keeping the book "+path) ||
		out[2] != "bestmove e2e4 ponder c7c5" {
		t.Errorf("bad BookFile: %q", out)
	}
	// go infinite ignores the book until stop.
	out = converse(t, e, "go infinite", "stop")
	if containsPrefix(out, "info string book") || countPrefix(out, "bestmove ") != 1 {
		t.Errorf("go infinite: %q", out)
	}
}

func countPrefix(lines []string, p string) int {
	n := 0
	for _, l := range lines {
		if strings.HasPrefix(l, p) {
			n++
		}
	}
	return n
}
