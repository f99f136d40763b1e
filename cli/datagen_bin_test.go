// Tests of `datagen -format bin` and `datagen-info`, run in-process with
// tiny node counts: the records decode, a resumed run goes on with new
// games and never leaves a partial record, corrupt files are refused.

package cli

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"brudno/board"
	"brudno/eval"
	"brudno/nnue/data"
	"brudno/search"
)

func datagenBinArgs(out string, games string, extra ...string) []string {
	return append([]string{"-format", "bin", "-games", games, "-nodes", "300", "-threads", "1", "-random-plies", "4", "-out", out}, extra...)
}

// readRecords returns every record of a data file, checking each decodes
// to a position that datagen may record.
func readRecords(t *testing.T, name string) []data.Record {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := data.NewReader(f)
	var recs []data.Record
	for {
		rec, err := r.Read()
		if err == io.EOF {
			return recs
		}
		if err != nil {
			t.Fatal(err)
		}
		pos, score, _, err := data.Decode(rec)
		if err != nil {
			t.Fatalf("record %d: %v", len(recs)+1, err)
		}
		if pos.InCheck() || search.IsMateScore(score) {
			t.Fatalf("record %d: %s score %d: in check or a mate score", len(recs)+1, pos.FEN(), score)
		}
		recs = append(recs, rec)
	}
}

func TestDatagenBinAppend(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "d.bin")
	var stdout, stderr bytes.Buffer
	if rc := cmdDatagen(datagenBinArgs(out, "2"), &stdout, &stderr); rc != 0 {
		t.Fatalf("datagen exit %d: %s", rc, stderr.String())
	}
	first := readRecords(t, out)
	if len(first) < 10 || !strings.Contains(stdout.String(), "2 games") {
		t.Fatalf("2 games gave %d records; summary %q", len(first), stdout.String())
	}
	if next, err := readGameCounter(out + ".games"); err != nil || next != 2 {
		t.Fatalf("game counter %d (%v), want 2", next, err)
	}

	// A partial record at the end (as a kill -9 might leave) is cut off,
	// and the resumed run plays games 2 and 3.
	f, err := os.OpenFile(out, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte{1, 2, 3, 4, 5})
	f.Close()
	stdout.Reset()
	stderr.Reset()
	if rc := cmdDatagen(datagenBinArgs(out, "2", "-append"), &stdout, &stderr); rc != 0 {
		t.Fatalf("datagen -append exit %d: %s", rc, stderr.String())
	}
	if !strings.Contains(stderr.String(), "partial record (5 bytes after") {
		t.Errorf("no warning about the partial record: %q", stderr.String())
	}
	both := readRecords(t, out)
	if next, err := readGameCounter(out + ".games"); err != nil || next != 4 {
		t.Fatalf("game counter %d (%v), want 4", next, err)
	}

	// One run of 4 games on one thread writes the same bytes: the resumed
	// run went on with new games, not the first ones again.
	whole := filepath.Join(dir, "whole.bin")
	if rc := cmdDatagen(datagenBinArgs(whole, "4"), &stdout, &stderr); rc != 0 {
		t.Fatalf("datagen exit %d: %s", rc, stderr.String())
	}
	a, _ := os.ReadFile(out)
	b, _ := os.ReadFile(whole)
	if !bytes.Equal(a, b) || len(both) <= len(first) {
		t.Errorf("2+2 games gave %d bytes, 4 games %d bytes, not the same", len(a), len(b))
	}

	// Without -append the file and the counter start again.
	if rc := cmdDatagen(datagenBinArgs(out, "1"), &stdout, &stderr); rc != 0 {
		t.Fatalf("datagen exit %d: %s", rc, stderr.String())
	}
	if next, _ := readGameCounter(out + ".games"); next != 1 {
		t.Errorf("game counter %d after a fresh 1-game run", next)
	}
	if got := readRecords(t, out); len(got) == 0 || got[0] != first[0] {
		t.Errorf("a fresh run did not start again with game 0")
	}
}

func TestDatagenBinPerGameAndStop(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "d.bin")
	var stdout, stderr bytes.Buffer
	if rc := cmdDatagen(datagenBinArgs(out, "3", "-per-game", "2"), &stdout, &stderr); rc != 0 {
		t.Fatalf("datagen exit %d: %s", rc, stderr.String())
	}
	if n := len(readRecords(t, out)); n < 1 || n > 6 {
		t.Errorf("3 games at -per-game 2 wrote %d records", n)
	}

	// A stop before the first game (as a signal would) writes nothing and
	// exits 0 with the summary.
	stop := make(chan struct{})
	close(stop)
	cfg := datagenConfig{games: 5, threads: 1, hashMB: 1, nodes: 300, randomPlies: 4, skipPlies: 8, maxPlies: 400,
		resignScore: 1000, resignPly: 6, drawScore: 8, drawPly: 12, drawAfter: 80, seed: 1,
		openings: []string{board.StartFEN}, progressEvery: time.Second, stderr: &stderr, bin: true}
	stdout.Reset()
	if rc := runDatagenBin(&cfg, out, true, stop, nil, &stdout, &stderr); rc != 0 || !strings.Contains(stdout.String(), "0 games") {
		t.Errorf("stopped run: exit %d, %q", rc, stdout.String())
	}
	if n, extra, err := data.CountFile(out); err != nil || n == 0 || extra != 0 {
		t.Errorf("after the stopped run: %d records, %d extra bytes, %v", n, extra, err)
	}

	if rc := cmdDatagen([]string{"-format", "csv", "-out", out}, &stdout, &stderr); rc != 2 {
		t.Errorf("-format csv: exit %d", rc)
	}
	if err := os.WriteFile(out+".games", []byte("many\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	stderr.Reset()
	if rc := cmdDatagen(datagenBinArgs(out, "1", "-append"), &stdout, &stderr); rc != 1 || !strings.Contains(stderr.String(), "next game index") {
		t.Errorf("bad counter file: exit %d, %q", rc, stderr.String())
	}
}

func TestDatagenInfo(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.bin")
	records := writeStartRecords(t, good, []int{20, -1500, 0, 1001}, []data.Result{data.WhiteWin, data.Draw, data.BlackWin, data.Draw})
	var stdout, stderr bytes.Buffer
	if rc := cmdDatagenInfo([]string{"-show", "2", good, good}, &stdout, &stderr); rc != 0 {
		t.Fatalf("exit %d: %s", rc, stderr.String())
	}
	for _, want := range []string{
		"good.bin: 4 records (128 bytes)",
		"White won 1 (25.0%), drawn 2 (50.0%), Black won 1 (25.0%)",
		"mean -119.8", "|score| > 1000: 2 (50.00%)",
		board.StartFEN + "  score 20  result 1-0",
		"all 2 files: 8 records",
	} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, stdout.String())
		}
	}

	bad := filepath.Join(dir, "bad.bin")
	raw := append([]byte(nil), records...)
	raw[2*data.RecordSize+31] = 7
	os.WriteFile(bad, raw, 0o644)
	short := filepath.Join(dir, "short.bin")
	os.WriteFile(short, records[:40], 0o644)
	for name, want := range map[string]string{
		bad:                            "record 3: corrupt record: result byte 7",
		short:                          "record 2: truncated record",
		filepath.Join(dir, "none.bin"): "no such file",
		dir:                            "not a regular file",
	} {
		stderr.Reset()
		if rc := cmdDatagenInfo([]string{name}, &stdout, &stderr); rc != 1 || !strings.Contains(stderr.String(), want) {
			t.Errorf("%s: exit %d, %q; want 1 and %q", filepath.Base(name), rc, stderr.String(), want)
		}
	}
	if rc := cmdDatagenInfo(nil, &stdout, &stderr); rc != 2 {
		t.Errorf("no file: exit %d", rc)
	}
}

// -net compares the hand-crafted evaluation and a network with the
// records' search scores by the number of pieces: the start position's
// record lands in the band of 28 or more, with its exact distances.
func TestDatagenInfoNet(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "d.bin")
	writeStartRecords(t, file, []int{250}, []data.Result{data.Draw})
	pos := board.NewPosition()
	netFile := filepath.Join(dir, "n.nnue")
	net, _ := writeRandomNet(t, netFile, 2)
	ev := net.NewEvaluator()
	ev.Reset(pos)
	hce := eval.NewEvaluator().Evaluate(pos)
	want := fmt.Sprintf("| 28+ | 1 | %d | %d |", abs(hce-250), abs(ev.Evaluate(pos)-250))
	// With one record, each scale is the evaluation over the score (the
	// net's clamped to ±1000).
	cl := func(x int) float64 { return float64(max(-1000, min(x, 1000))) }
	wantScale := fmt.Sprintf("| %.2f | %.2f |\n", cl(hce)/250, cl(ev.Evaluate(pos))/250)
	var stdout, stderr bytes.Buffer
	if rc := cmdDatagenInfo([]string{"-show", "0", "-net", netFile, file}, &stdout, &stderr); rc != 0 {
		t.Fatalf("exit %d: %s", rc, stderr.String())
	}
	if !strings.Contains(stdout.String(), want) || !strings.Contains(stdout.String(), wantScale) {
		t.Errorf("output lacks %q or %q:\n%s", want, wantScale, stdout.String())
	}
	stderr.Reset()
	if rc := cmdDatagenInfo([]string{"-net", file, file}, &stdout, &stderr); rc != 2 || !strings.Contains(stderr.String(), "-net") {
		t.Errorf("a data file as the network: exit %d, %q", rc, stderr.String())
	}
}

// writeStartRecords writes to path one record of the start position for
// each score and result, and returns the file's bytes.
func writeStartRecords(t *testing.T, path string, scores []int, results []data.Result) []byte {
	t.Helper()
	var w bytes.Buffer
	dw := data.NewWriter(&w)
	pos := board.NewPosition()
	for i, res := range results {
		dw.Write(data.Encode(pos, scores[i], res))
	}
	dw.Flush()
	if err := os.WriteFile(path, w.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return w.Bytes()
}

// -nnue plays the games with a network: the same seed without it gives
// the same file twice (one thread, node limits), and with it another; a
// missing or corrupt network file is refused before any game.
func TestDatagenNNUE(t *testing.T) {
	dir := t.TempDir()
	netFile := filepath.Join(dir, "n.nnue")
	writeRandomNet(t, netFile, 5)
	var stdout, stderr bytes.Buffer
	run := func(name string, extra ...string) []byte {
		t.Helper()
		out := filepath.Join(dir, name)
		if rc := cmdDatagen(datagenBinArgs(out, "1", extra...), &stdout, &stderr); rc != 0 {
			t.Fatalf("datagen %v exit %d: %s", extra, rc, stderr.String())
		}
		readRecords(t, out)
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	hce1, hce2, nn := run("hce1.bin"), run("hce2.bin"), run("nn.bin", "-nnue", netFile)
	if !bytes.Equal(hce1, hce2) {
		t.Fatal("two runs of the same seed differ: the comparison below would say nothing")
	}
	if len(nn) == 0 || bytes.Equal(hce1, nn) {
		t.Fatalf("-nnue gave %d bytes, the same as the hand-crafted run: %v", len(nn), bytes.Equal(hce1, nn))
	}
	bad := filepath.Join(dir, "bad.nnue")
	os.WriteFile(bad, []byte("BRNN not a net"), 0o644)
	for _, f := range []string{bad, filepath.Join(dir, "missing.nnue")} {
		stderr.Reset()
		out := filepath.Join(dir, "x.bin")
		if rc := cmdDatagen(datagenBinArgs(out, "1", "-nnue", f), &stdout, &stderr); rc != 2 || !strings.Contains(stderr.String(), "-nnue") {
			t.Errorf("%s: exit %d, %q", f, rc, stderr.String())
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%s: an output file was made", f)
		}
	}
}

// -fit-scale finds the K of sigmoid(score/K) that the results follow:
// results drawn in the proportions of sigmoid(score/200) give K = 200,
// and a record counts for the side to move.
func TestScaleFit(t *testing.T) {
	var f scaleFit
	for s := -1000; s <= 1000; s += 10 {
		wins := int(math.Round(1000 / (1 + math.Exp(-float64(s)/200))))
		for i := 0; i < 1000; i++ {
			res := data.BlackWin
			if i < wins {
				res = data.WhiteWin
			}
			f.add(s, board.White, res)
		}
	}
	if k, mse := f.best(); k != 200 || mse >= f.mse(400) || mse >= f.mse(100) {
		t.Errorf("best K %d (mse %.5f; K 100 %.5f, K 400 %.5f), want 200", k, mse, f.mse(100), f.mse(400))
	}
	var w, b scaleFit
	w.add(300, board.White, data.WhiteWin)
	w.add(-50, board.White, data.Draw)
	w.add(9000, board.White, data.BlackWin)
	b.add(300, board.Black, data.BlackWin)
	b.add(-50, board.Black, data.Draw)
	b.add(9000, board.Black, data.WhiteWin)
	if w.n != b.n || w.n[scaleFitMax+300][2] != 1 || w.n[2*scaleFitMax][0] != 1 {
		t.Error("a record's result is not counted for the side to move, or a large score is not clamped")
	}

	dir := t.TempDir()
	file := filepath.Join(dir, "d.bin")
	writeStartRecords(t, file, []int{20, -1500, 0, 1001}, []data.Result{data.WhiteWin, data.Draw, data.BlackWin, data.Draw})
	var stdout, stderr bytes.Buffer
	if rc := cmdDatagenInfo([]string{"-fit-scale", file}, &stdout, &stderr); rc != 0 || !strings.Contains(stdout.String(), "scale fit: sigmoid(score/K) predicts the results best at K = ") {
		t.Errorf("exit %d, output:\n%s%s", rc, stdout.String(), stderr.String())
	}
}

// -soft-nodes ends each search at a whole iteration past its share of the
// soft limit and below the hard one; -syzygy ends a game whose position is
// in the tables with their result, recording nothing of it.
func TestDatagenSoftNodesAndSyzygy(t *testing.T) {
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	searches := 0
	cfg := datagenConfig{games: 2, threads: 1, hashMB: 1, nodes: 4000, softNodes: 800, randomPlies: 4, skipPlies: 8, maxPlies: 60,
		resignScore: 1000, resignPly: 6, drawScore: 8, drawPly: 12, drawAfter: 80, seed: 3,
		openings: []string{board.StartFEN}, progressEvery: time.Minute, stderr: &stderr, bin: true,
		trace: func(pos *board.Position, res search.Result) {
			searches++
			if res.Nodes < 700 || res.Nodes > 4500+64 {
				t.Errorf("%s: %d nodes, outside the soft share 700 and the hard 4,500", pos.FEN(), res.Nodes)
			}
		}}
	if rc := runDatagenBin(&cfg, filepath.Join(dir, "soft.bin"), false, nil, nil, &stdout, &stderr); rc != 0 || searches < 20 {
		t.Fatalf("soft nodes: exit %d after %d searches: %s", rc, searches, stderr.String())
	}
	if m := cfg.meanNodes(); m < 800 || m > 4000 || !strings.Contains(stdout.String(), "searched on average") {
		t.Errorf("mean nodes %.0f; summary %q", m, stdout.String())
	}
	if rc := cmdDatagen(datagenBinArgs(filepath.Join(dir, "x.bin"), "1", "-soft-nodes", "400"), &stdout, &stderr); rc != 2 {
		t.Errorf("-soft-nodes above -nodes: exit %d", rc)
	}

	if _, err := os.Stat(filepath.Join(sharedTables, "KRvKR.rtbw")); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("no tables in CI:", err)
		}
		t.Skip("no tables:", err)
	}
	for _, c := range []struct {
		fen    string
		tb     bool
		result float64
	}{
		{"8/8/8/8/8/2k5/2p5/K7 b - - 0 1", true, 0},      // Black queens
		{"8/8/3k4/3r4/8/8/3R4/3K4 w - - 0 1", true, 0.5}, // KRvKR
		{"8/8/8/8/8/2k5/2p5/K7 b - - 0 1", false, 0},     // played out
	} {
		book := filepath.Join(dir, "book.epd")
		if err := os.WriteFile(book, []byte(c.fen+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, fmt.Sprintf("tb-%v.bin", c.tb))
		args := []string{"-format", "bin", "-games", "1", "-nodes", "2000", "-threads", "1", "-book", book, "-skip-plies", "0", "-out", out}
		if c.tb {
			args = append(args, "-syzygy", sharedTables)
		}
		stdout.Reset()
		if rc := cmdDatagen(args, &stdout, &stderr); rc != 0 {
			t.Fatalf("%s: exit %d: %s", c.fen, rc, stderr.String())
		}
		want := map[float64]string{0: "Black won 1", 0.5: "drawn 1", 1: "White won 1"}[c.result]
		// With the tables the game ends before a search, without them it is
		// played (to a mate, whose scores are not recorded).
		recs, _, _ := data.CountFile(out)
		searched := !strings.Contains(stdout.String(), " 0 searched on average")
		if !strings.Contains(stdout.String(), want) || c.tb == searched || c.tb && recs != 0 {
			t.Errorf("%s, tables %v: %d records, %q; want %s", c.fen, c.tb, recs, stdout.String(), want)
		}
	}
	// A book position without a legal move is refused (it would be drawn
	// again and again).
	book := filepath.Join(dir, "stalemate.epd")
	if err := os.WriteFile(book, []byte("8/8/8/8/8/k7/2q5/K7 w - - 57 80\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	stderr.Reset()
	if rc := cmdDatagen(datagenBinArgs(filepath.Join(dir, "z.bin"), "1", "-book", book), &stdout, &stderr); rc != 1 || !strings.Contains(stderr.String(), "no legal move") {
		t.Errorf("a stalemate book: exit %d, %q", rc, stderr.String())
	}
	if rc := cmdDatagen(datagenBinArgs(filepath.Join(dir, "y.bin"), "1", "-syzygy", dir), &stdout, &stderr); rc != 1 {
		t.Errorf("-syzygy of a folder without tables: exit %d", rc)
	}
}
