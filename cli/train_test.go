// Tests of `train`, run in-process on a small file of positions from
// random games: a run writes the net and its checkpoint, a resumed run
// goes on, a stopped run saves and exits 3, bad flags and bad data give
// clean errors.

package cli

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"brudno/board"
	"brudno/nnue"
	"brudno/nnue/data"
	"brudno/nnue/train"
)

// randomGameData writes the positions of games of random moves, scored
// by material, to a data file.
func randomGameData(t *testing.T, name string, games int) {
	t.Helper()
	values := [7]int{0, 100, 300, 300, 500, 900, 0}
	rng := rand.New(rand.NewPCG(1, 2))
	var buf bytes.Buffer
	var list board.MoveList
	for range games {
		pos := board.NewPosition()
		for ply := 0; ply < 50; ply++ {
			pos.GenerateLegal(&list)
			if list.Count == 0 {
				break
			}
			score := 0
			for s := board.Square(0); s < 64; s++ {
				if pc := pos.PieceAt(s); pc != board.NoPiece {
					if pc.Color() == pos.Side() {
						score += values[pc.Type()]
					} else {
						score -= values[pc.Type()]
					}
				}
			}
			r := data.Encode(pos, score, data.Result(rng.IntN(3)))
			if ply == 0 {
				r.SetGameStart()
			}
			buf.Write(r[:])
			pos.Make(list.Moves[rng.IntN(list.Count)])
		}
	}
	if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestTrainCommand(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "d.bin")
	randomGameData(t, in, 40)
	out := filepath.Join(dir, "net.nnue")
	args := func(extra ...string) []string {
		return append([]string{"-out", out, "-hidden", "32", "-batch", "256", "-threads", "2", "-lr", "0.01", "-val", "0.1", in}, extra...)
	}
	var stdout, stderr bytes.Buffer
	prof := filepath.Join(dir, "train.prof")
	if rc := cmdTrain(args("-epochs", "2", "-cpuprofile", prof), &stdout, &stderr); rc != 0 {
		t.Fatalf("exit %d: %s", rc, stderr.String())
	}
	if fi, err := os.Stat(prof); err != nil || fi.Size() == 0 {
		t.Errorf("-cpuprofile: %v, %v", fi, err)
	}
	t.Logf("stdout: %s\nstderr: %s", stdout.String(), stderr.String())
	if !strings.Contains(stderr.String(), "epoch 2/2  train ") || !strings.Contains(stdout.String(), "done after 2 of 2 epochs") {
		t.Errorf("output:\n%s%s", stdout.String(), stderr.String())
	}
	fi, err := os.Stat(out)
	if err != nil || fi.Size() != train.FileSize(32, 1) {
		t.Fatalf("net file: %v, %v", fi, err)
	}
	if _, err := os.Stat(out + ".ckpt"); err != nil {
		t.Fatal(err)
	}

	// Resumed for one more epoch.
	stdout.Reset()
	stderr.Reset()
	if rc := cmdTrain(args("-epochs", "3", "-resume", out+".ckpt"), &stdout, &stderr); rc != 0 {
		t.Fatalf("resume: exit %d: %s", rc, stderr.String())
	}
	if s := stderr.String(); !strings.Contains(s, "resuming") || !strings.Contains(s, "epoch 3/3") || strings.Contains(s, "epoch 2/3") {
		t.Errorf("resumed run:\n%s", s)
	}
	// A resumed run of another size is refused.
	if rc := cmdTrain(append(args("-epochs", "4", "-resume", out+".ckpt"), "-hidden", "64"), &stdout, &stderr); rc != 2 {
		t.Errorf("resume with another -hidden: exit %d", rc)
	}
	if rc := cmdTrain(append(args("-epochs", "4", "-resume", out+".ckpt"), "-buckets", "8"), &stdout, &stderr); rc != 2 {
		t.Errorf("resume with another -buckets: exit %d", rc)
	}

	// A new run from the net's weights: its shape, whatever the flags
	// say unless they contradict it.
	stderr.Reset()
	fine := filepath.Join(dir, "fine.nnue")
	if rc := cmdTrain([]string{"-out", fine, "-init", out, "-epochs", "1", "-batch", "256", "-threads", "2", "-lr", "0.0001", in}, &stdout, &stderr); rc != 0 {
		t.Fatalf("-init: exit %d: %s", rc, stderr.String())
	}
	if s := stderr.String(); !strings.Contains(s, "new run from the net "+out+", hidden 32") || !strings.Contains(s, "epoch 1/1") {
		t.Errorf("-init:\n%s", s)
	}
	if fi, err := os.Stat(fine); err != nil || fi.Size() != train.FileSize(32, 1) {
		t.Fatalf("-init: net file %v, %v", fi, err)
	}
	// A larger -hidden widens the net (a smaller one is refused below).
	stderr.Reset()
	wide := filepath.Join(dir, "wide.nnue")
	if rc := cmdTrain([]string{"-out", wide, "-init", out, "-hidden", "64", "-epochs", "1", "-batch", "256", "-threads", "2", in}, &stdout, &stderr); rc != 0 {
		t.Fatalf("-init -hidden 64: exit %d: %s", rc, stderr.String())
	}
	if s := stderr.String(); !strings.Contains(s, "the net's 32 hidden neurons grow to 64") || !strings.Contains(s, "new run from the net "+out+", hidden 64") {
		t.Errorf("-init -hidden 64:\n%s", s)
	}
	if net, err := nnue.LoadFile(wide); err != nil || net.Hidden() != 64 {
		t.Fatalf("-init -hidden 64: %v", err)
	}
	// A net without king buckets grows them, with a factor or without;
	// one with king buckets keeps its number.
	grown := filepath.Join(dir, "grown.nnue")
	for _, extra := range [][]string{{"-king-buckets", "4", "-factor"}, {"-king-buckets", "8"}} {
		stderr.Reset()
		if rc := cmdTrain(append([]string{"-out", grown, "-init", out, "-epochs", "1", "-batch", "256", "-threads", "2", in}, extra...), &stdout, &stderr); rc != 0 {
			t.Fatalf("-init with %v: exit %d: %s", extra, rc, stderr.String())
		}
		if net, err := nnue.LoadFile(grown); err != nil || net.KingBuckets() != map[string]int{"4": 4, "8": 8}[extra[1]] || net.Hidden() != 32 {
			t.Fatalf("-init with %v: %v", extra, err)
		}
	}
	for _, bad := range [][]string{{"-king-buckets", "4"}, {"-king-buckets", "1"}, {"-mirror"}} {
		stderr.Reset()
		if rc := cmdTrain(append([]string{"-out", fine, "-init", grown, "-epochs", "1", in}, bad...), &stdout, &stderr); rc != 2 {
			t.Errorf("-init of a net with 8 king buckets with %v: exit %d: %s", bad, rc, stderr.String())
		}
	}
	for _, bad := range [][]string{{"-hidden", "16"}, {"-hidden", "40"}, {"-buckets", "4"}, {"-scale", "300"}, {"-resume", out + ".ckpt"}, {"-factor"}} {
		stderr.Reset()
		if rc := cmdTrain(append([]string{"-out", fine, "-init", out, "-epochs", "1", in}, bad...), &stdout, &stderr); rc != 2 {
			t.Errorf("-init with %v: exit %d: %s", bad, rc, stderr.String())
		}
	}

	// With 8 output buckets: a net file the engine loads with them.
	bucketed := filepath.Join(dir, "b8.nnue")
	stderr.Reset()
	if rc := cmdTrain([]string{"-out", bucketed, "-hidden", "32", "-buckets", "8", "-epochs", "1", "-batch", "256", "-threads", "2", in}, &stdout, &stderr); rc != 0 {
		t.Fatalf("-buckets 8: exit %d: %s", rc, stderr.String())
	}
	if !strings.Contains(stderr.String(), "8 output buckets") {
		t.Errorf("-buckets 8: %s", stderr.String())
	}
	if net, err := nnue.LoadFile(bucketed); err != nil || net.Buckets() != 8 || net.Hidden() != 32 {
		t.Fatalf("-buckets 8: %v", err)
	}

	// With 8 king buckets: a version 2 file the engine loads with them;
	// a resumed run keeps them.
	kings := filepath.Join(dir, "k8.nnue")
	stderr.Reset()
	if rc := cmdTrain([]string{"-out", kings, "-hidden", "32", "-king-buckets", "8", "-epochs", "1", "-batch", "256", "-threads", "2", in}, &stdout, &stderr); rc != 0 {
		t.Fatalf("-king-buckets 8: exit %d: %s", rc, stderr.String())
	}
	if !strings.Contains(stderr.String(), "8 king buckets") {
		t.Errorf("-king-buckets 8: %s", stderr.String())
	}
	if net, err := nnue.LoadFile(kings); err != nil || net.KingBuckets() != 8 || net.Hidden() != 32 {
		t.Fatalf("-king-buckets 8: %v", err)
	}
	if rc := cmdTrain([]string{"-out", kings, "-resume", kings + ".ckpt", "-king-buckets", "4", "-epochs", "2", in}, &stdout, &stderr); rc != 2 {
		t.Errorf("resume with another -king-buckets: exit %d", rc)
	}
	// With a factor: the file is a king-bucket file like any other; a
	// resumed run keeps the factor and refuses -factor=false.
	factor := filepath.Join(dir, "k4f.nnue")
	stderr.Reset()
	if rc := cmdTrain([]string{"-out", factor, "-hidden", "32", "-king-buckets", "4", "-factor", "-epochs", "1", "-batch", "256", "-threads", "2", in}, &stdout, &stderr); rc != 0 {
		t.Fatalf("-factor: exit %d: %s", rc, stderr.String())
	}
	if !strings.Contains(stderr.String(), "4 king buckets with a factor") {
		t.Errorf("-factor: %s", stderr.String())
	}
	if net, err := nnue.LoadFile(factor); err != nil || net.KingBuckets() != 4 {
		t.Fatalf("-factor: %v", err)
	}
	if rc := cmdTrain([]string{"-out", factor, "-resume", factor + ".ckpt", "-factor=false", "-epochs", "2", in}, &stdout, &stderr); rc != 2 {
		t.Errorf("resume with -factor=false: exit %d", rc)
	}
	stderr.Reset()
	if rc := cmdTrain([]string{"-out", factor, "-resume", factor + ".ckpt", "-epochs", "2", in}, &stdout, &stderr); rc != 0 || !strings.Contains(stderr.String(), "with a factor") {
		t.Errorf("resume: exit %d: %s", rc, stderr.String())
	}
	stderr.Reset()
	if rc := cmdTrain([]string{"-out", factor, "-resume", factor + ".ckpt", "-factor", "-epochs", "3", in}, &stdout, &stderr); rc != 0 {
		t.Errorf("resume with -factor: exit %d: %s", rc, stderr.String())
	}
	if rc := cmdTrain([]string{"-out", kings, "-resume", kings + ".ckpt", "-factor", "-epochs", "2", in}, &stdout, &stderr); rc != 2 {
		t.Errorf("resume of a run without a factor with -factor: exit %d", rc)
	}
	for _, bad := range [][]string{{"-king-buckets", "5"}, {"-king-buckets", "0"}, {"-king-buckets", "32"}, {"-king-buckets", "4", "-mirror"}, {"-factor"}} {
		stderr.Reset()
		if rc := cmdTrain(append([]string{"-out", kings, "-epochs", "1", in}, bad...), &stdout, &stderr); rc != 2 || !strings.Contains(stderr.String(), "king") {
			t.Errorf("%v: exit %d: %s", bad, rc, stderr.String())
		}
	}

	// Stopped (as by a signal): it saves and exits 3, not 0, as the run
	// did not finish.
	stop := make(chan struct{})
	close(stop)
	stdout.Reset()
	stderr.Reset()
	os.Remove(out)
	if rc := runTrain(args("-epochs", "5", "-checkpoint", filepath.Join(dir, "s.ckpt")), stop, nil, &stdout, &stderr); rc != trainStopped || trainStopped != 3 {
		t.Fatalf("stopped run: exit %d, want 3: %s", rc, stderr.String())
	}
	if !strings.Contains(stdout.String(), "stopped after 0 of 5 epochs") {
		t.Errorf("stopped run: %s", stdout.String())
	}
	for _, f := range []string{out, filepath.Join(dir, "s.ckpt")} {
		if _, err := os.Stat(f); err != nil {
			t.Errorf("stopped run: %v", err)
		}
	}
}

func TestTrainCommandErrors(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "d.bin")
	randomGameData(t, in, 3)
	b, _ := os.ReadFile(in)
	short := filepath.Join(dir, "short.bin")
	os.WriteFile(short, b[:len(b)-3], 0o644)
	corrupt := filepath.Join(dir, "corrupt.bin")
	bad := bytes.Clone(b)
	bad[5*32+29] |= 0x80 // reserved flag bit of record 6
	os.WriteFile(corrupt, bad, 0o644)
	garbage := filepath.Join(dir, "garbage.ckpt")
	os.WriteFile(garbage, []byte("not a checkpoint"), 0o644)
	out := filepath.Join(dir, "net.nnue")
	for _, c := range []struct {
		args []string
		rc   int
		msg  string
	}{
		{nil, 2, "usage"},
		{[]string{in}, 2, "usage"},
		{[]string{"-out", out}, 2, "usage"},
		{[]string{"-out", out, "-bogus", in}, 2, "bogus"},
		{[]string{"-out", out, "-hidden", "100", in}, 2, "multiple of 16"},
		{[]string{"-out", out, "-hidden", "2048", in}, 2, "multiple of 16"},
		{[]string{"-out", out, "-buckets", "0", in}, 2, "buckets"},
		{[]string{"-out", out, "-buckets", "9", in}, 2, "buckets"},
		{[]string{"-out", out, "-lr", "-1", in}, 2, "learning rate"},
		{[]string{"-out", out, "-val", "0.9", in}, 2, "-val"},
		{[]string{"-out", out, "-threads", "0", in}, 2, "threads"},
		{[]string{"-out", out, "-cpuprofile", filepath.Join(dir, "no", "such", "dir", "p"), in}, 2, "no such file"},
		{[]string{"-out", out, filepath.Join(dir, "missing.bin")}, 1, "missing.bin"},
		{[]string{"-out", out, in, short}, 1, "truncated record"},
		{[]string{"-out", out, corrupt}, 1, "record 6: corrupt record"},
		{[]string{"-out", out, "-resume", garbage, in}, 1, "not a valid checkpoint"},
		{[]string{"-out", out, "-resume", filepath.Join(dir, "none.ckpt"), in}, 1, "none.ckpt"},
		{[]string{"-out", out, "-init", garbage, in}, 1, "-init: " + garbage},
		{[]string{"-out", out, "-init", filepath.Join(dir, "none.nnue"), in}, 1, "none.nnue"},
	} {
		var stdout, stderr bytes.Buffer
		rc := cmdTrain(c.args, &stdout, &stderr)
		if rc != c.rc || !strings.Contains(stderr.String(), c.msg) {
			t.Errorf("train %q: exit %d, want %d; stderr %q, want it to mention %q", c.args, rc, c.rc, stderr.String(), c.msg)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a failed run wrote a net")
	}
}
