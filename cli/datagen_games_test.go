// Tests of `datagen -pgn`: the games as PGN, read back and replayed.

package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"brudno/board"
	"brudno/book"
	"brudno/testpositions"
)

// From a mate in one for either side the game is that move, marked # and
// closed by the rule and the result; the FEN tag holds the start.
func TestDatagenPGNMate(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ fen, want string }{
		{"6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1", "1. Nf7# {checkmate} 1-0\n"},
		{"r7/8/8/8/8/6k1/8/7K b - - 0 1", "1... Ra1# {checkmate} 0-1\n"}, // the book's clocks are 0 1
	} {
		bookFile, pgn := filepath.Join(dir, "book.epd"), filepath.Join(dir, "g.pgn")
		if err := os.WriteFile(bookFile, []byte(c.fen+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		args := []string{"-out", filepath.Join(dir, "x.txt"), "-pgn", pgn, "-book", bookFile, "-games", "1", "-nodes", "500", "-threads", "1"}
		if rc := cmdDatagen(args, &stdout, &stderr); rc != 0 {
			t.Fatalf("datagen exit %d: %s", rc, stderr.String())
		}
		got, _ := os.ReadFile(pgn)
		for _, want := range []string{"[Round \"0\"]\n", "[FEN \"" + c.fen + "\"]\n", "[Termination \"normal\"]\n", "\n\n" + c.want} {
			if !strings.Contains(string(got), want) {
				t.Errorf("%s: PGN lacks %q:\n%s", c.fen, want, got)
			}
		}
	}
}

// The move numbers go on from the start's, Black's first move numbered
// with "...", and a long game wraps below 80 columns.
func TestGamePGNMoveNumbers(t *testing.T) {
	sans := []string{"Ra1+", "Kh2", "Ra2+"}
	for i := 0; i < 30; i++ {
		sans = append(sans, "Kg1", "Kg3")
	}
	got := gamePGN(0, "r7/8/8/8/8/6k1/8/7K b - - 3 12", sans, 0.5, "ply limit adjudication")
	if !strings.Contains(got, "\n\n12... Ra1+ 13. Kh2 Ra2+ 14. Kg1 Kg3 15. Kg1") || !strings.Contains(got, "[Termination \"adjudication\"]") ||
		!strings.HasSuffix(got, "{ply limit adjudication} 1/2-1/2\n\n") {
		t.Errorf("PGN:\n%s", got)
	}
	for _, line := range strings.Split(got, "\n") {
		if len(line) > 79 && !strings.HasPrefix(line, "[") {
			t.Errorf("a line of %d characters: %q", len(line), line)
		}
	}
}

// Every game of a run reads back: its moves replay legally from the FEN
// tag, the Round tags count the games, and the ending agrees with the
// final position and the Result tag.
func TestDatagenPGNReplay(t *testing.T) {
	dir := t.TempDir()
	pgn := filepath.Join(dir, "g.pgn")
	var stdout, stderr bytes.Buffer
	args := []string{"-out", filepath.Join(dir, "x.txt"), "-pgn", pgn, "-games", "3", "-nodes", "300", "-threads", "2", "-max-plies", "90", "-seed", "5"}
	if rc := cmdDatagen(args, &stdout, &stderr); rc != 0 {
		t.Fatalf("datagen exit %d: %s", rc, stderr.String())
	}
	f, err := os.Open(pgn)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rounds := map[string]bool{}
	games := 0
	err = book.SplitPGN(f, func(number, line int, text string) {
		games++
		tags, movetext, err := book.GameTags(text)
		if err != nil {
			t.Fatalf("game %d: %v", number, err)
		}
		rounds[tags["round"]] = true
		pos, err := board.ParseFEN(tags["fen"])
		if err != nil {
			t.Fatalf("game %d: FEN %q: %v", number, tags["fen"], err)
		}
		open := strings.Index(movetext, "{")
		closing := strings.Index(movetext, "}")
		if open < 0 || closing < open || strings.TrimSpace(movetext[closing+1:]) != tags["result"] {
			t.Fatalf("game %d: movetext does not end in {ending} %s: %q", number, tags["result"], movetext)
		}
		ending := movetext[open+1 : closing]
		var last string
		for _, w := range strings.Fields(movetext[:open]) {
			if i := strings.LastIndex(w, "."); i >= 0 {
				w = w[i+1:]
			}
			if w == "" {
				continue
			}
			m, err := testpositions.DecodeSAN(pos, w)
			if err != nil {
				t.Fatalf("game %d: %s: %v", number, w, err)
			}
			pos.Make(m)
			last = w
		}
		var legal board.MoveList
		pos.GenerateLegal(&legal)
		mated := legal.Count == 0 && pos.InCheck()
		if mated != (ending == "checkmate") || mated != strings.HasSuffix(last, "#") {
			t.Errorf("game %d: ending %q, last move %s, mated %v", number, ending, last, mated)
		}
		wantResult := map[bool]string{true: "1-0", false: "0-1"}[pos.Side() == board.Black]
		if mated && tags["result"] != wantResult {
			t.Errorf("game %d: mate with result %s", number, tags["result"])
		}
		if adjudicated := strings.Contains(ending, "adjudication"); adjudicated != (tags["termination"] == "adjudication") {
			t.Errorf("game %d: ending %q with Termination %q", number, ending, tags["termination"])
		}
	})
	if err != nil || games != 3 || !rounds["0"] || !rounds["1"] || !rounds["2"] {
		t.Errorf("%d games, rounds %v, error %v", games, rounds, err)
	}
}
