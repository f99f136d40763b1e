package cli

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"brudno/board"
	"brudno/eval"
	"brudno/nnue/data"
	"brudno/search"
	"brudno/testpositions"
)

// fastchessScore writes a score as fastchess does in its comments: pawns
// with two decimals and a sign (none for 0), or mate in plies, +M5 / -M4.
func fastchessScore(score int) string {
	if search.IsMateScore(score) {
		if m := search.MateMoves(score); m > 0 {
			return fmt.Sprintf("+M%d", 2*m-1)
		} else {
			return fmt.Sprintf("-M%d", -2*m)
		}
	}
	sign := ""
	if score > 0 {
		sign = "+"
	} else if score < 0 {
		sign = "-"
	}
	return fmt.Sprintf("%s%.2f", sign, float64(abs(score))/100)
}

// datagenGamePGN plays one datagen game (the code path of `datagen
// -format bin`) and returns it as a PGN game with a fastchess comment on
// every move searched, with the records datagen made of it. The position
// datagen adjudicates on was searched and recorded but its move not
// played; the PGN plays it, so that both record the same positions.
func datagenGamePGN(t testing.TB, cfg *datagenConfig, s *search.Searcher, rng *rand.Rand, cutechess bool) (string, []data.Record) {
	t.Helper()
	w := pgnWriter{width: 80} // fastchess's movetext: a comment after each move, lines of at most 80 characters
	var start string
	first := true
	cfg.trace = func(pos *board.Position, res search.Result) {
		if first {
			start = pos.FEN()
		}
		san := testpositions.EncodeSAN(pos, res.Best)
		switch {
		case pos.Side() == board.White:
			san = fmt.Sprintf("%d. %s", pos.FullmoveNumber(), san)
		case first:
			san = fmt.Sprintf("%d... %s", pos.FullmoveNumber(), san)
		}
		comment := fmt.Sprintf("%s/%d %.3fs", fastchessScore(res.Score), res.Depth, float64(res.Depth)/1000)
		if !cutechess {
			comment += fmt.Sprintf(", n=%d", res.Nodes)
		}
		w.add(san + " {" + comment + "}")
		first = false
	}
	rec := cfg.playGame(s, eval.NewEvaluator(), 0, rng)
	cfg.trace = nil
	result := data.ResultFromScore(rec.result).String()
	w.add(result)
	return fmt.Sprintf("[Event \"datagen\"]\n[FEN \"%s\"]\n[SetUp \"1\"]\n[Result \"%s\"]\n\n%s\n\n", start, result, w.sb.String()), rec.records
}

// datagenPGN plays n datagen games (the last written as cutechess does)
// and returns them as PGN with the records datagen made of them.
func datagenPGN(t testing.TB, n int) (string, []data.Record) {
	cfg := datagenConfig{threads: 1, hashMB: 1, nodes: 300, randomPlies: 4, skipPlies: 8, maxPlies: 400,
		resignScore: 1000, resignPly: 6, drawScore: 8, drawPly: 12, drawAfter: 80, seed: 1,
		openings: []string{board.StartFEN}, progressEvery: time.Second, stderr: os.Stderr, bin: true}
	tt := search.NewTT(1)
	s := search.NewSearcher(tt)
	var pgn strings.Builder
	var want []data.Record
	for g := 0; g < n; g++ {
		tt.Clear()
		s.Clear()
		game, recs := datagenGamePGN(t, &cfg, s, rand.New(rand.NewSource(int64(g)+100)), g == n-1)
		pgn.WriteString(game)
		want = append(want, recs...)
	}
	return pgn.String(), want
}

// Games played by datagen, written as fastchess (and cutechess) write
// them, convert to exactly the records datagen wrote: positions, scores,
// results and game starts.
func TestDatagenPGNRoundTrip(t *testing.T) {
	pgn, want := datagenPGN(t, 4)
	pgn += "[Event \"unfinished\"]\n[Result \"*\"]\n\n1. e4 {+0.30/10 0.100s} e5 {-0.20/10 0.100s} *\n"
	if len(want) < 40 {
		t.Fatalf("4 games gave only %d records: the comparison would say little", len(want))
	}
	dir := t.TempDir()
	in, out := filepath.Join(dir, "games.pgn"), filepath.Join(dir, "games.bin")
	if err := os.WriteFile(in, []byte(pgn), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if rc := cmdDatagenPGN([]string{"-out", out, in}, &stdout, &stderr); rc != 0 {
		t.Fatalf("exit %d: %s", rc, stderr.String())
	}
	if !strings.Contains(stdout.String(), fmt.Sprintf("4 games, %d records", len(want))) || !strings.Contains(stdout.String(), "1 games without a result, 0 ended abnormally, 0 unreadable") {
		t.Errorf("summary %q", stdout.String())
	}
	got := readRecords(t, out)
	if len(got) != len(want) {
		t.Fatalf("%d records from the PGN, datagen wrote %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			g, _ := got[i].FEN()
			w, _ := want[i].FEN()
			t.Fatalf("record %d: %s score %d result %v start %v; datagen wrote %s score %d result %v start %v",
				i, g, got[i].Score(), got[i].Result(), got[i].GameStart(), w, want[i].Score(), want[i].Result(), want[i].GameStart())
		}
	}
}

// A hand-written game with what real files hold: book moves, NAGs,
// variations, comments of both kinds, a mate score, captures; -skip-plies
// 0 records from the first move. And the games that cannot be read are
// named and left out.
func TestDatagenPGNRules(t *testing.T) {
	games := `[Event "rules"]
[Result "1-0"]

1. e4 {+0.30/10 0.100s} e5 {book} 2. Nf3 {-0.25/11 0.100s} $1 (2. Bc4 {+9.99/1 0.1s}
Nc6) Nc6 {+M3/12 0.100s} 3.Bb5 {+0.20/12} a6 ; -0.40/9 0.200s
4. Bxc6 {+0.50/13 0.100s} dxc6 {-0.45/12 0.100s} 1-0

[Event "illegal"]
[Result "0-1"]

1. e4 {+0.30/10 0.1s} e4 {+0.30/10 0.1s} 0-1

[Event "open comment"]
[Result "1/2-1/2"]

1. d4 {+0.10/10 0.1s} d5 {+0.10/10

[Event "bad FEN"]
[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]
[Result "1-0"]

1. e4 1-0

[Event "bad result"]
[Result "2-0"]

1. e4 {+0.10/10 0.1s} 1-0

[Event "crash"]
[Result "0-1"]
[Termination "abandoned"]

1. e4 {+0.30/10 0.1s} 0-1

[Event "from a FEN, Black first"]
[FEN "r3k2r/1P4pp/8/8/8/8/6PP/R3K2R b KQkq - 0 20"]
[SetUp "1"]

20... O-O {-1.00/9 0.1s} 21. bxa8=Q {+5.00/9 0.1s} Rxa8 {-4.00/9 0.1s} 22. 0-0-0 {+4.10/9 0.1s} 0-1
`
	dir := t.TempDir()
	in, out := filepath.Join(dir, "g.pgn"), filepath.Join(dir, "g.bin")
	os.WriteFile(in, []byte(games), 0o644)
	var stdout, stderr bytes.Buffer
	if rc := cmdDatagenPGN([]string{"-skip-plies", "0", "-out", out, in}, &stdout, &stderr); rc != 0 {
		t.Fatalf("exit %d: %s", rc, stderr.String())
	}
	for _, want := range []string{
		"game 2 (line 8) left out: ply 2:",
		"game 3 (line 13) left out: unterminated '{' comment",
		"game 4 (line 18) left out: FEN tag:",
		`game 5 (line 24) left out: result "2-0"`,
	} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr.String())
		}
	}
	if !strings.Contains(stdout.String(), "2 games, 6 records") || !strings.Contains(stdout.String(), "0 games without a result, 1 ended abnormally, 4 unreadable") {
		t.Errorf("summary %q", stdout.String())
	}
	// The records: e4 +30, Nf3 -25, Bb5 +20, a6 -40 (not e5: a book move;
	// not Nc6: a mate score; not the captures), all 1-0; then the last
	// game's O-O -100 and 0-0-0 +410 (not the promotion, not the capture),
	// 0-1 as its termination marker says (it has no Result tag).
	pos := board.NewPosition()
	var want []data.Record
	for _, mv := range []struct {
		uci   string
		score int
	}{{"e2e4", 30}, {"e7e5", 0}, {"g1f3", -25}, {"b8c6", 0}, {"f1b5", 20}, {"a7a6", -40}} {
		m, err := pos.ParseMove(mv.uci)
		if err != nil {
			t.Fatal(err)
		}
		if mv.score != 0 {
			want = append(want, data.Encode(pos, mv.score, data.WhiteWin))
		}
		pos.Make(m)
	}
	want[0].SetGameStart()
	pos, _ = board.ParseFEN("r3k2r/1P4pp/8/8/8/8/6PP/R3K2R b KQkq - 0 20")
	first := data.Encode(pos, -100, data.BlackWin)
	first.SetGameStart()
	want = append(want, first)
	got := readRecords(t, out)
	if len(got) != len(want)+1 {
		t.Fatalf("%d records, want %d", len(got), len(want)+1)
	}
	for i := range want {
		if got[i] != want[i] {
			g, _ := got[i].FEN()
			t.Errorf("record %d: %s score %d", i, g, got[i].Score())
		}
	}
	if last := got[len(got)-1]; last.Score() != 410 || last.GameStart() || last.Result() != data.BlackWin {
		t.Errorf("last record: score %d, game start %v, result %v", last.Score(), last.GameStart(), last.Result())
	}

	for _, args := range [][]string{{in}, {"-out", out}, {"-out", out, "-skip-plies", "-1", in}} {
		if rc := cmdDatagenPGN(args, &stdout, &stderr); rc != 2 {
			t.Errorf("%v: exit %d, want 2", args, rc)
		}
	}
	stderr.Reset()
	if rc := cmdDatagenPGN([]string{"-out", out, filepath.Join(dir, "none.pgn")}, &stdout, &stderr); rc != 1 || !strings.Contains(stderr.String(), "no such file") {
		t.Errorf("a missing file: exit %d, %q", rc, stderr.String())
	}
}

// A game as OpenBench's archive holds it (`/api/pgns/ID/`, unpacked by
// its Scripts/archive2pgns.py): its client rewrites each game before the
// upload, keeping a few tags (no Termination) and adding ScaleFactor,
// writing the moves without move numbers, and cutting each comment to
// `score/depth time, n=, sd=` (VERBOSE), `score/depth` (COMPACT) or
// `unknown`. The first game's text is from a DATAGEN workload run on
// OpenBench's own client (docs/openbench.md), cut short.
func TestDatagenPGNOpenBenchArchive(t *testing.T) {
	games := `[Event "Fastchess Tournament"]
[Site "?"]
[Date "2026.11.28"]
[Round "1"]
[White "Brudno-dev"]
[Black "Brudno-base"]
[Result "0-1"]
[FEN "r1bqkbnr/pppnp1p1/3p1p1p/8/3PP3/PP6/2P2PPP/RNBQKBNR b KQkq - 0 5"]
[TimeControl "-"]
[ScaleFactor "7.4277036841410276"]
[SetUp "1"]
[GameEndTime "2026-11-28T21:50:34 +0000"]

e5 {-0.49/6 0.070s, n=1584, sd=13} Nc3 {+0.53/5} Be7 {unknown} Bc4 {+0.73/5 0.150s, n=1616, sd=14} 0-1

[Event "Fastchess Tournament"]
[Result "1/2-1/2"]

e4 {+0.30/7} e5 {-0.20/7} 1/2-1/2
`
	dir := t.TempDir()
	in, out := filepath.Join(dir, "ob.pgn"), filepath.Join(dir, "ob.bin")
	if err := os.WriteFile(in, []byte(games), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if rc := cmdDatagenPGN([]string{"-skip-plies", "0", "-out", out, in}, &stdout, &stderr); rc != 0 {
		t.Fatalf("exit %d: %s", rc, stderr.String())
	}
	if !strings.Contains(stdout.String(), "2 games, 5 records") || stderr.Len() != 0 {
		t.Errorf("summary %q, stderr %q", stdout.String(), stderr.String())
	}
	// e5 -49, Nc3 +53, Bc4 +73 (not Be7: no score), 0-1; then e4 +30 and
	// e5 -20, drawn.
	var want []data.Record
	for _, g := range []struct {
		fen    string
		result data.Result
		moves  []string
		scores []int
	}{
		{"r1bqkbnr/pppnp1p1/3p1p1p/8/3PP3/PP6/2P2PPP/RNBQKBNR b KQkq - 0 5", data.BlackWin,
			[]string{"e7e5", "b1c3", "f8e7", "f1c4"}, []int{-49, 53, 0, 73}},
		{board.StartFEN, data.Draw, []string{"e2e4", "e7e5"}, []int{30, -20}},
	} {
		pos, err := board.ParseFEN(g.fen)
		if err != nil {
			t.Fatal(err)
		}
		start := len(want)
		for i, uci := range g.moves {
			m, err := pos.ParseMove(uci)
			if err != nil {
				t.Fatal(err)
			}
			if g.scores[i] != 0 {
				want = append(want, data.Encode(pos, g.scores[i], g.result))
			}
			pos.Make(m)
		}
		want[start].SetGameStart()
	}
	got := readRecords(t, out)
	if len(got) != len(want) {
		t.Fatalf("%d records, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			g, _ := got[i].FEN()
			t.Errorf("record %d: %s score %d result %v", i, g, got[i].Score(), got[i].Result())
		}
	}
}

func TestCommentScore(t *testing.T) {
	for _, c := range []struct {
		comment  string
		cp       int
		mate, ok bool
	}{
		{"+0.31/14 0.212s", 31, false, true},
		{"-1.05/9 0.050s, tl=9.950s, n=12345, White wins by adjudication", -105, false, true},
		{"0.00/1 0.001s", 0, false, true},
		{"+12.34/20", 1234, false, true},
		{"+M5/30 0.1s", 0, true, true},
		{"-M4/30 0.1s", 0, true, true},
		{"book", 0, false, false},
		{"/12 0.100s", 0, false, false},
		{"", 0, false, false},
		{"+0.31 0.212s", 0, false, false},
		{"+x/12 0.1s", 0, false, false},
		{"+0.31/deep", 0, false, false},
		{"NaN/12", 0, false, false},
	} {
		cp, mate, ok := commentScore(c.comment)
		if cp != c.cp || mate != c.mate || ok != c.ok {
			t.Errorf("%q: %d %v %v, want %d %v %v", c.comment, cp, mate, ok, c.cp, c.mate, c.ok)
		}
	}
}

func TestDecodePGNMove(t *testing.T) {
	const twoKnights = "r3k2r/1P6/8/3pP3/8/1N3N2/8/R3K2R w KQkq d6 0 1"
	for _, c := range []struct{ fen, san, uci string }{
		{board.StartFEN, "Nf3", "g1f3"},
		{board.StartFEN, "e4!?", "e2e4"},
		{board.StartFEN, "Ng1-f3", "g1f3"},
		{board.StartFEN, "e2e4", "e2e4"},
		{twoKnights, "Nbd2", "b3d2"},
		{twoKnights, "Nfxd2", "f3d2"},
		{twoKnights, "Rad1", "a1d1"},
		{twoKnights, "exd6", "e5d6"},
		{twoKnights, "bxa8=Q+", "b7a8q"},
		{twoKnights, "b8N", "b7b8n"},
		{twoKnights, "O-O", "e1g1"},
		{twoKnights, "0-0-0", "e1c1"},
		{twoKnights, "Nd2", ""}, // either knight
		{twoKnights, "Ke3", ""},
		{twoKnights, "Qd1", ""},
		{twoKnights, "e9", ""},
	} {
		pos, err := board.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		var list board.MoveList
		m, err := decodePGNMove(pos, &list, c.san)
		if c.uci == "" {
			if err == nil {
				t.Errorf("%s: %q read as %v", c.fen, c.san, m)
			}
			continue
		}
		if want, _ := pos.ParseMove(c.uci); err != nil || m != want {
			t.Errorf("%s: %q read as %v (%v), want %s", c.fen, c.san, m, err, c.uci)
		}
	}
}

// BenchmarkDatagenPGN converts 400 games (4 of datagen's, 100 times over)
// and reports the records written a second.
func BenchmarkDatagenPGN(b *testing.B) {
	pgn, want := datagenPGN(b, 4)
	dir := b.TempDir()
	in, out := filepath.Join(dir, "games.pgn"), filepath.Join(dir, "games.bin")
	if err := os.WriteFile(in, []byte(strings.Repeat(pgn, 100)), 0o644); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		var stdout, stderr bytes.Buffer
		if rc := cmdDatagenPGN([]string{"-out", out, in}, &stdout, &stderr); rc != 0 {
			b.Fatalf("exit %d: %s", rc, stderr.String())
		}
	}
	b.ReportMetric(float64(100*len(want)*b.N)/b.Elapsed().Seconds(), "records/s")
}

// Whatever a game's text, datagen-pgn reads it or says why, and every
// record it makes decodes.
func FuzzPGNGameRecords(f *testing.F) {
	f.Add("[Result \"1-0\"]\n\n1. e4 {+0.30/10 0.1s} e5 {book} 2. Nf3 {-0.25/11} (2. Bc4) Nc6 {+M3/12} 1-0\n")
	f.Add("[FEN \"r3k2r/1P4pp/8/8/8/8/6PP/R3K2R b KQkq - 0 20\"]\n\n20... O-O {-1.00/9 0.1s} 21. bxa8=Q {+5.00/9} Rxa8 22. 0-0-0 {+4.10/9} 0-1\n")
	f.Add("1. d4 {+0.10/10 0.1s} d5 {+0.10/10 ; (( 1/2-1/2")
	f.Add("+0.30/10 0.1s} e5 {book} 2. Nf3 (2.") // a stray '}' once looped for ever
	f.Fuzz(func(t *testing.T, text string) {
		var list board.MoveList
		recs, err := pgnGameRecords(text, 0, &list)
		if err != nil && err.Error() == "" {
			t.Fatal("an error without a message")
		}
		for i, r := range recs {
			if _, _, _, err := data.Decode(r); err != nil {
				t.Fatalf("record %d does not decode: %v", i, err)
			}
		}
	})
}
