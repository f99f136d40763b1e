// Comparison with Debian's polyglot: a book that `polyglot make-book`
// builds from a PGN written here must read back with exactly the moves and
// weights expected from its documented rule (2 per win, 1 per draw) and
// with exactly the moves and percentages that `polyglot dump-book` reports
// for every position on its lines; and BuildFromPGN must produce the same
// entries from the same games. Skipped when the polyglot binary is absent.
package book

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/notnil/chess"

	"brudno/board"
)

// comparisonPGN covers castling on both sides, a promotion, en passant,
// transpositions of results and moves that only lost (left out).
const comparisonPGN = `[Event "1"]
[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0

[Event "2"]
[Result "0-1"]

1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 0-1

[Event "3"]
[Result "1/2-1/2"]

1. d4 d5 2. c4 e6 3. Nc3 Nf6 1/2-1/2

[Event "4"]
[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. d3 O-O 1-0

[Event "5"]
[Result "1-0"]

1. e4 d5 2. exd5 c6 3. dxc6 Nf6 4. cxb7 Nbd7 5. bxa8=Q 1-0

[Event "6"]
[Result "1/2-1/2"]

1. d4 d5 2. Nc3 Nc6 3. Bf4 Bf5 4. Qd2 Qd7 5. O-O-O O-O-O 1/2-1/2

[Event "7"]
[Result "0-1"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 0-1

[Event "8"]
[Result "1-0"]

1. e4 Nf6 2. e5 d5 3. exd6 cxd6 1-0

[Event "9"]
[Result "1-0"]

1. d4 d5 2. c4 e6 1-0

[Event "10"]
[Result "0-1"]

1. d4 Nf6 2. c4 e6 0-1
`

// polyglotBinary finds Debian's polyglot or skips the test.
func polyglotBinary(t *testing.T) string {
	if p, err := exec.LookPath("polyglot"); err == nil {
		return p
	}
	if _, err := os.Stat("/usr/games/polyglot"); err == nil {
		return "/usr/games/polyglot"
	}
	t.Skip("polyglot not found in PATH or /usr/games (Debian package polyglot): comparison with polyglot make-book skipped")
	return ""
}

func runPolyglot(t *testing.T, bin, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("polyglot %v: %v\n%s", args, err, out)
	}
}

func TestReadsPolyglotMakeBook(t *testing.T) {
	bin := polyglotBinary(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "games.pgn"), []byte(comparisonPGN), 0o644); err != nil {
		t.Fatal(err)
	}
	runPolyglot(t, bin, dir, "make-book", "-pgn", "games.pgn", "-bin", "poly.bin", "-min-game", "1")
	b, err := Load(filepath.Join(dir, "poly.bin"))
	if err != nil {
		t.Fatal(err)
	}
	if b.Len() != 38 {
		t.Errorf("polyglot's book has %d entries, want 38", b.Len())
	}

	// Exact moves and weights, from the rule 2*wins + draws of the mover.
	cases := []struct {
		moves string
		want  map[string]uint32 // UCI with castling as king takes rook
	}{
		{"", map[string]uint32{"e2e4": 8, "d2d4": 4}},
		{"e2e4", map[string]uint32{"e7e5": 2, "c7c5": 2}}, // d5 and Nf6 only lost
		{"e2e4 e7e5 g1f3 b8c6", map[string]uint32{"f1b5": 2, "f1c4": 2}},
		{"e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6", map[string]uint32{"e1h1": 2}},
		{"e2e4 d7d5 e4d5 c7c6 d5c6 g8f6 c6b7 b8d7", map[string]uint32{"b7a8q": 2}},
		{"e2e4 g8f6 e4e5 d7d5", map[string]uint32{"e5d6": 2}}, // en passant
		{"d2d4 d7d5 b1c3 b8c6 c1f4 c8f5 d1d2 d8d7 e1a1", map[string]uint32{"e8a8": 1}},
		{"d2d4", map[string]uint32{"d7d5": 2, "g8f6": 2}},
		{"d2d4 d7d5", map[string]uint32{"c2c4": 3, "b1c3": 1}},
		{"d2d4 d7d5 c2c4", map[string]uint32{"e7e6": 1}}, // a draw and a loss
	}
	for _, c := range cases {
		p := board.NewPosition()
		p.SetChess960(true) // print castling as king takes rook
		for _, s := range strings.Fields(c.moves) {
			p.Make(mustMove(t, p, s))
		}
		got := map[string]uint32{}
		for _, cand := range b.Candidates(p) {
			got[cand.Move.UCI(true)] = cand.Weight
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("after %q: book moves %v, want %v", c.moves, got, c.want)
		}
	}

	// Every position on polyglot's own dump lines: the same moves with the
	// same percentages.
	checked := 0
	for _, color := range []string{"white", "black"} {
		out := color + ".txt"
		runPolyglot(t, bin, dir, "dump-book", "-bin", "poly.bin", "-color", color, "-out", out)
		text, err := os.ReadFile(filepath.Join(dir, out))
		if err != nil {
			t.Fatal(err)
		}
		reported := parseDump(t, string(text))
		if len(reported) < 8 {
			t.Fatalf("only %d positions in polyglot's %s dump:\n%s", len(reported), color, text)
		}
		for fen, moves := range reported {
			p, err := board.ParseFEN(fen)
			if err != nil {
				t.Fatal(err)
			}
			cands := b.Candidates(p)
			var total uint64
			for _, c := range cands {
				total += uint64(c.Weight)
			}
			got := map[string]string{}
			for _, c := range cands {
				got[c.Move.UCI(false)] = fmt.Sprintf("%.0f%%", 100*float64(c.Weight)/float64(total))
			}
			if !reflect.DeepEqual(got, moves) {
				t.Errorf("%s: Brudno reads %v, polyglot reports %v", fen, got, moves)
			}
			checked++
		}
	}
	// Every position of this book lies on a dump line.
	if checked != b.Positions() || checked != 33 {
		t.Errorf("%d positions compared with polyglot's dumps, want all 33 of the book (%d)", checked, b.Positions())
	}

	// Brudno's builder makes the same entries from the same games (the
	// order of equal weights within a position may differ).
	es, st, err := BuildFromPGN(strings.NewReader(comparisonPGN), PGNOptions{MaxPly: 1000, MinGames: 1})
	if err != nil || st.Games != 10 || st.Skipped != 0 {
		t.Fatalf("BuildFromPGN: %+v %v", st, err)
	}
	var theirs []Entry
	for i := 0; i < b.Len(); i++ {
		theirs = append(theirs, b.Entry(i))
	}
	if !reflect.DeepEqual(entrySet(es), entrySet(theirs)) {
		t.Errorf("BuildFromPGN differs from polyglot make-book:\nours   %v\ntheirs %v", entrySet(es), entrySet(theirs))
	}
}

func entrySet(es []Entry) map[Entry]int {
	m := map[Entry]int{}
	for _, e := range es {
		m[e]++
	}
	return m
}

// parseDump reads polyglot dump-book lines ("1: 1. e4{67%} e5 2. Nf3{100%}
// ...") into the book moves and percentages it shows per position (FEN).
func parseDump(t *testing.T, text string) map[string]map[string]string {
	t.Helper()
	out := map[string]map[string]string{}
	for _, line := range strings.Split(text, "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 || !strings.HasSuffix(fields[0], ":") {
			continue
		}
		game := chess.NewGame()
		pos := board.NewPosition()
		for _, tok := range fields[1:] {
			if strings.HasSuffix(tok, ".") {
				continue // a move number
			}
			san, pct, marked := strings.Cut(tok, "{")
			if err := game.MoveStr(san); err != nil {
				t.Fatalf("dump line %q: %v", line, err)
			}
			moves := game.Moves()
			m := mustMove(t, pos, moves[len(moves)-1].String())
			if marked {
				fen := pos.FEN()
				if out[fen] == nil {
					out[fen] = map[string]string{}
				}
				out[fen][m.UCI(false)] = strings.TrimSuffix(pct, "}")
			}
			pos.Make(m)
		}
	}
	return out
}
