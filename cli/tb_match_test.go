package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"brudno/board"
	"brudno/nnue/data"
)

// tb positions keeps distinct positions of the piece range, without
// castling rights or check, within the score margin.
func TestTBPositions(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "d.bin")
	keep := []string{
		"8/8/4k3/8/3RP3/8/8/4K2N w - - 0 40",    // KRNPvK, 5
		"8/5k2/8/3r4/8/2B5/5K2/6N1 b - - 3 50",  // KBNvKR, 5
		"8/8/2k5/2p5/8/2KP4/8/1r3R2 w - - 0 60", // KRPvKRP, 6
	}
	drop := []string{
		"8/8/4k3/8/3R4/8/8/4K3 w - - 0 40",         // 4 pieces
		"r3k3/8/8/8/8/8/3P4/4K2R w Kq - 0 30",      // castling rights
		"8/8/4k3/8/4P3/8/3Q4/4K1r1 w - - 0 40",     // White in check
		"8/8/2k5/2p5/2pp4/2KP4/8/1r3R2 w - - 0 60", // 7 pieces
	}
	var buf bytes.Buffer
	w := data.NewWriter(&buf)
	for i, fen := range append(append(keep, drop...), keep[0]) { // keep[0] twice
		pos, err := board.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(data.Encode(pos, 50*(i%3), data.Draw))
	}
	far, _ := board.ParseFEN("8/8/4k3/8/3QP3/8/8/4K3 w - - 0 40") // a score beyond the margin
	w.Write(data.Encode(far, 900, data.WhiteWin))
	w.Flush()
	os.WriteFile(file, buf.Bytes(), 0o644)
	var out, errb bytes.Buffer
	if rc := cmdTBPositions([]string{"-n", "10", file}, &out, &errb); rc != 0 {
		t.Fatalf("rc %d: %s", rc, errb.String())
	}
	got := strings.Split(strings.TrimSpace(out.String()), "\n")
	want := append([]string(nil), keep...)
	sort.Strings(got)
	sort.Strings(want)
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q\nwant %q", got, want)
	}
	if rc := cmdTBPositions([]string{"-n", "1", file}, &out, &errb); rc != 0 {
		t.Errorf("-n 1: rc %d", rc)
	}
	if rc := cmdTBPositions([]string{filepath.Join(dir, "missing.bin")}, &out, &errb); rc != 1 {
		t.Errorf("a missing file: rc %d", rc)
	}
}

// tb games counts, per player, the moves that spoilt a tablebase result.
func TestTBGames(t *testing.T) {
	tables := filepath.Join("..", "..", "shared", "syzygy")
	if _, err := os.Stat(filepath.Join(tables, "KRvK.rtbw")); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("no tables in CI:", err)
		}
		t.Skip("no tablebases in ../shared/syzygy")
	}
	const pgn = `[White "A"]
[Black "B"]
[SetUp "1"]
[FEN "8/1k6/R7/8/8/2K5/8/8 w - - 0 1"]
[Result "1/2-1/2"]

1. Rb6+ {+3.00/5 0.1s} Kxb6 {0.00/5 0.1s} 1/2-1/2

[White "A"]
[Black "B"]
[SetUp "1"]
[FEN "8/1k6/R7/8/8/2K5/8/8 w - - 0 1"]
[Result "*"]

1. Ra1 Kc7 *
`
	file := filepath.Join(t.TempDir(), "g.pgn")
	os.WriteFile(file, []byte(pgn), 0o644)
	var out, errb bytes.Buffer
	if rc := cmdTBGames([]string{"-path", tables, file}, &out, &errb); rc != 0 {
		t.Fatalf("rc %d: %s", rc, errb.String())
	}
	for _, want := range []string{
		"2 games (0 unreadable)",
		"A: 2 moves in the tables (best result: 2 won, 0 drawn, 0 lost); won positions spoilt 1, drawn positions lost 0",
		"B: 2 moves in the tables (best result: 0 won, 1 drawn, 1 lost); won positions spoilt 0, drawn positions lost 0",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}
