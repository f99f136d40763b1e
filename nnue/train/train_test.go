package train

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"brudno/board"
	"brudno/nnue"
	"brudno/nnue/data"
)

var pieceValue = [7]int{0, 100, 300, 300, 500, 900, 0}

// material returns the material balance of pos from the side to move's
// view.
func material(pos *board.Position) int {
	bal := 0
	for s := board.Square(0); s < 64; s++ {
		pc := pos.PieceAt(s)
		if pc == board.NoPiece {
			continue
		}
		v := pieceValue[pc.Type()]
		if pc.Color() != pos.Side() {
			v = -v
		}
		bal += v
	}
	return bal
}

// randomGames plays games of random legal moves and records every
// position after the fourth ply with its material balance as the score
// and, as the result, who is ahead in material at the end.
func randomGames(games, plies int, seed uint64) []data.Record {
	rng := rand.New(rand.NewPCG(seed, 1))
	var recs []data.Record
	var list board.MoveList
	for range games {
		pos := board.NewPosition()
		var game []data.Record
		for ply := 0; ply < plies; ply++ {
			pos.GenerateLegal(&list)
			if list.Count == 0 || pos.HalfmoveClock() >= 100 {
				break
			}
			if ply >= 4 {
				game = append(game, data.Encode(pos, material(pos)+rng.IntN(21)-10, data.Draw))
			}
			pos.Make(list.Moves[rng.IntN(list.Count)])
		}
		white := material(pos)
		if pos.Side() == board.Black {
			white = -white
		}
		res := data.Draw
		if white > 150 {
			res = data.WhiteWin
		} else if white < -150 {
			res = data.BlackWin
		}
		for i := range game {
			game[i].SetResult(res)
		}
		if len(game) > 0 {
			game[0].SetGameStart()
		}
		recs = append(recs, game...)
	}
	return recs
}

func writeRecords(t *testing.T, name string, recs []data.Record) {
	t.Helper()
	var b bytes.Buffer
	for _, r := range recs {
		b.Write(r[:])
	}
	if err := os.WriteFile(name, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestFeatures(t *testing.T) {
	recs := randomGames(5, 80, 7)
	recs = append(recs, data.Encode(board.NewPosition(), 0, data.Draw))
	for _, r := range recs {
		if err := checkRecord(&r); err != nil {
			t.Fatal(err)
		}
		pos, _, _, err := data.Decode(r)
		if err != nil {
			t.Fatal(err)
		}
		var want [2][]int
		for s := board.Square(0); s < 64; s++ {
			pc := pos.PieceAt(s)
			if pc == board.NoPiece {
				continue
			}
			c, tp := pc.Color(), int(pc.Type())
			iw := (tp-1)*64 + int(s)
			if c != board.White {
				iw += 384
			}
			ib := (tp-1)*64 + int(s^56)
			if c != board.Black {
				ib += 384
			}
			want[0] = append(want[0], iw)
			want[1] = append(want[1], ib)
		}
		var fw, fb [maxPieces]uint16
		n := features(&r, &fw, &fb)
		for p, got := range [2][]uint16{fw[:n], fb[:n]} {
			g := make([]int, n)
			for i, f := range got {
				g[i] = int(f)
			}
			if !slices.Equal(g, want[p]) {
				t.Fatalf("%s perspective %d: features %v, want %v", pos.FEN(), p, g, want[p])
			}
		}
		if blackToMove(&r) != (pos.Side() == board.Black) {
			t.Fatalf("%s: side to move", pos.FEN())
		}
	}
	// Spot checks in the start position: the e2 pawn and the e8 king.
	r := data.Encode(board.NewPosition(), 0, data.Draw)
	var fw, fb [maxPieces]uint16
	n := features(&r, &fw, &fb)
	if !slices.Contains(fw[:n], 12) || !slices.Contains(fb[:n], 384+52) ||
		!slices.Contains(fw[:n], 384+5*64+60) || !slices.Contains(fb[:n], 5*64+4) {
		t.Fatalf("start position features %v / %v", fw[:n], fb[:n])
	}
}

// refLoss is an independent float64 implementation of the mean loss of
// the net with parameters p on recs.
func refLoss(p []float64, h, buckets int, recs []data.Record, lambda, power float64) float64 {
	return refKingLoss(p, h, buckets, nil, recs, lambda, power)
}

// refKingLoss is refLoss for a net with the king buckets of layout (nil:
// none): a perspective's features are those of its king's bucket, the
// board mirrored left to right where its king is on files a-d.
func refKingLoss(p []float64, h, buckets int, layout *nnue.KingLayout, recs []data.Record, lambda, power float64) float64 {
	nf := 768
	if layout != nil {
		nf *= layout.Buckets()
	}
	sum := 0.0
	for i := range recs {
		r := &recs[i]
		pos, score, res, err := data.Decode(*r)
		if err != nil {
			panic(err)
		}
		var acc [2][]float64 // by colour
		for c := range acc {
			acc[c] = slices.Clone(p[nf*h : (nf+1)*h])
		}
		for s := board.Square(0); s < 64; s++ {
			pc := pos.PieceAt(s)
			if pc == board.NoPiece {
				continue
			}
			for persp := board.White; persp <= board.Black; persp++ {
				sq, side := int(s), 0
				if persp == board.Black {
					sq ^= 56
				}
				if pc.Color() != persp {
					side = 384
				}
				if layout != nil {
					king := int(pos.KingSquare(persp))
					if persp == board.Black {
						king ^= 56
					}
					if king%8 < 4 {
						sq ^= 7
					}
					side += 768 * int(layout[king])
				}
				f := side + (int(pc.Type())-1)*64 + sq
				for j := 0; j < h; j++ {
					acc[persp][j] += p[f*h+j]
				}
			}
		}
		// The output bucket: the pieces, 2..32, in equal parts.
		b := (pos.Occupied().Count() - 2) * buckets / 31
		y := p[(nf+1)*h+2*buckets*h+b]
		for half, c := range []board.Color{pos.Side(), pos.Side().Other()} {
			for j := 0; j < h; j++ {
				s := math.Min(math.Max(acc[c][j], 0), 1)
				y += s * s * p[(nf+1)*h+2*b*h+half*h+j]
			}
		}
		result := float64(res) / 2
		if pos.Side() == board.Black {
			result = 1 - result
		}
		target := lambda/(1+math.Exp(-float64(score)/400)) + (1-lambda)*result
		sum += math.Pow(math.Abs(1/(1+math.Exp(-y))-target), power)
	}
	return sum / float64(len(recs))
}

// kingViewsOf returns the king views (bucket, mirrored) of the
// perspectives of recs under layout (none for nil).
func kingViewsOf(recs []data.Record, layout *nnue.KingLayout) map[[2]int]bool {
	views := map[[2]int]bool{}
	for _, r := range recs {
		if layout == nil {
			break
		}
		pos, _, _, _ := data.Decode(r)
		for persp := board.White; persp <= board.Black; persp++ {
			k := int(pos.KingSquare(persp)) ^ 56*int(persp)
			views[[2]int{int(layout[k]), k % 8 / 4}] = true
		}
	}
	return views
}

func TestGradient(t *testing.T) {
	const h = 16
	recs := randomGames(3, 40, 11)
	rng := rand.New(rand.NewPCG(3, 4))
	recs = []data.Record{recs[2], recs[17], recs[30], recs[41], recs[55], recs[70]}
	for _, c := range []struct {
		buckets int
		power   float64
		kings   int
	}{{1, 2, 1}, {1, 2.5, 1}, {8, 2, 1}, {1, 2, 4}, {8, 2, 8}, {8, 2, 16}} {
		buckets, power := c.buckets, c.power
		layout, err := nnue.KingLayoutFor(c.kings)
		if err != nil {
			t.Fatal(err)
		}
		if c.kings == 1 {
			layout = nil
		}
		nf := 768 * c.kings
		if views := kingViewsOf(recs, layout); c.kings > 1 && len(views) < 3 {
			t.Fatalf("%d king buckets: the positions have only the king views %v", c.kings, views)
		}
		used := map[int]bool{}
		for _, r := range recs {
			var fw, fb [maxPieces]uint16
			used[nnue.Bucket(features(&r, &fw, &fb), buckets)] = true
		}
		if buckets > 1 && len(used) < 2 {
			t.Fatalf("%d buckets: the positions use only %v", buckets, used)
		}
		net := &Net{Hidden: h, Buckets: buckets, Params: make([]float32, numKingParams(h, buckets, c.kings))}
		for i := range net.Params {
			net.Params[i] = float32(rng.Float64()*0.5 - 0.2)
		}
		const lambda = 0.7
		w := newKingWorker(h, buckets, layout)
		idx := []uint32{0, 1, 2, 3, 4, 5}
		w.run(net.Params, recs, idx, 1/float64(len(recs)), lambda, power, 0, true)
		p := make([]float64, len(net.Params))
		for i, x := range net.Params {
			p[i] = float64(x)
		}
		if got, want := w.loss/float64(len(recs)), refKingLoss(p, h, buckets, layout, recs, lambda, power); math.Abs(got-want) > 1e-6 {
			t.Fatalf("power %g, %d king buckets: loss %g, reference %g", power, c.kings, got, want)
		}
		// The rows of the features of the positions, and all the rest.
		active := map[int]bool{}
		for _, r := range recs {
			var fw, fb [maxPieces]uint16
			n := kingFeatures(&r, &fw, &fb, layout)
			for _, f := range append(fw[:n], fb[:n]...) {
				active[int(f)] = true
			}
		}
		fd := func(i int, eps float64) float64 {
			old := p[i]
			p[i] = old + eps
			up := refKingLoss(p, h, buckets, layout, recs, lambda, power)
			p[i] = old - eps
			down := refKingLoss(p, h, buckets, layout, recs, lambda, power)
			p[i] = old
			return (up - down) / (2 * eps)
		}
		checked, skipped, zero := 0, 0, 0
		for i := range p {
			if i < nf*h && !active[i/h] {
				if w.grad[i] != 0 {
					t.Fatalf("gradient %g of weight %d of inactive feature %d", w.grad[i], i%h, i/h)
				}
				zero++
				continue
			}
			if i < nf*h && rng.IntN(4) != 0 {
				continue // a sample of the active rows' weights keeps the test fast
			}
			n1, n2 := fd(i, 1e-4), fd(i, 1e-5)
			if math.Abs(n1-n2) > 1e-6+1e-2*math.Abs(n1) {
				skipped++ // a kink of the activation within eps
				continue
			}
			got := float64(w.grad[i])
			if math.Abs(got-n2) > 1e-6+1e-3*math.Abs(n2) {
				t.Fatalf("%d buckets, %d king buckets, power %g: parameter %d: gradient %g, finite difference %g", buckets, c.kings, power, i, got, n2)
			}
			checked++
		}
		if skipped > checked/20 || checked < 300 {
			t.Fatalf("%d buckets, power %g: %d gradients checked, %d skipped", buckets, power, checked, skipped)
		}
		t.Logf("%d buckets, %d king buckets, power %g: %d gradients match finite differences (%d skipped at kinks), %d inactive weights have none", buckets, c.kings, power, checked, skipped, zero)
	}
}

func testOptions(dir string) Options {
	o := DefaultOptions()
	o.Hidden = 32
	o.Epochs = 6
	o.Batch = 256
	o.LR = 0.01
	o.LRDrop = 4
	o.LRGamma = 0.3
	o.Lambda = 0.9
	o.Threads = 2
	o.Checkpoint = filepath.Join(dir, "ckpt")
	o.Out = filepath.Join(dir, "net.nnue")
	return o
}

// testData writes a synthetic data file and loads it.
func testData(t *testing.T, dir string) *Dataset {
	t.Helper()
	name := filepath.Join(dir, "data.bin")
	writeRecords(t, name, randomGames(250, 60, 1))
	ds, err := Load([]string{name}, 0.1, 1)
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

func TestTrainReducesLoss(t *testing.T) {
	dir := t.TempDir()
	ds := testData(t, dir)
	opt := testOptions(dir)
	tr, err := NewTrainer(opt)
	if err != nil {
		t.Fatal(err)
	}
	val0 := tr.Loss(ds.Val)
	train0 := tr.Loss(ds.Train)
	if _, err := tr.Run(ds, nil); err != nil {
		t.Fatal(err)
	}
	for _, st := range tr.History {
		t.Logf("epoch %d train %.5f val %.5f lr %.3g", st.Epoch, st.TrainLoss, st.ValLoss, st.LR)
	}
	last := tr.History[len(tr.History)-1]
	trainEnd := tr.Loss(ds.Train)
	t.Logf("%d training positions (%d games), %d validation (%d games); loss before: train %.5f val %.5f; after: train %.5f val %.5f",
		len(ds.Train), ds.TrainGames, len(ds.Val), ds.ValGames, train0, val0, trainEnd, last.ValLoss)
	if !(trainEnd < train0/3 && last.ValLoss < val0/3) {
		t.Fatalf("losses did not fall markedly: train %.5f -> %.5f, val %.5f -> %.5f", train0, trainEnd, val0, last.ValLoss)
	}
	if got, want := tr.History[4].LR, opt.LR*opt.LRGamma; math.Abs(got-want) > 1e-12 {
		t.Errorf("epoch 5 learning rate %g, want %g", got, want)
	}

	// The quantised net evaluates as the float net, and exactly as the
	// float net with the quantised weights would up to the integer
	// divisions.
	q := tr.Net.Quantise()
	deq := &Net{Hidden: q.Hidden, Buckets: q.Buckets, Params: make([]float32, len(tr.Net.Params))}
	for i, v := range q.FeatureWeights {
		deq.Params[i] = float32(v) / QA
	}
	for i, v := range q.FeatureBias {
		deq.FeatureBias()[i] = float32(v) / QA
	}
	for i, v := range q.OutputWeights {
		deq.OutputWeights()[i] = float32(v) / QB
	}
	for i, v := range q.OutputBias {
		deq.OutputBiases()[i] = float32(float64(v) / (QA * QB))
	}
	// The rounding of the output weights to 1/64 shifts all evaluations by
	// about the same amount (a few centipawns); beyond that shift the
	// quantised evaluations follow the float net's closely.
	diffs := make([]float64, len(ds.Val))
	var mean, maxDeq float64
	for i := range ds.Val {
		r := &ds.Val[i]
		qe := float64(q.Eval(r))
		diffs[i] = qe - tr.Net.Eval(r)
		mean += diffs[i] / float64(len(diffs))
		maxDeq = max(maxDeq, math.Abs(qe-deq.Eval(r)))
	}
	var absDiff, spread, maxSpread float64
	for _, d := range diffs {
		absDiff += math.Abs(d) / float64(len(diffs))
		spread += math.Abs(d-mean) / float64(len(diffs))
		maxSpread = max(maxSpread, math.Abs(d-mean))
	}
	t.Logf("quantised minus float eval on %d positions: mean %.2f cp, mean |diff| %.2f, mean |diff - mean| %.2f, max %.2f; quantised minus dequantised float: max %.2f cp",
		len(ds.Val), mean, absDiff, spread, maxSpread, maxDeq)
	if maxDeq > 1.5 {
		t.Errorf("quantised eval differs from the dequantised float net's by up to %.2f cp", maxDeq)
	}
	if math.Abs(mean) > 15 || spread > 5 || maxSpread > 20 {
		t.Errorf("quantised eval differs from the float net's by %.2f cp on average, %.2f cp around that, up to %.2f", mean, spread, maxSpread)
	}
	if tr.Net.Eval(r0(ds)) == 0 {
		t.Error("zero evaluation")
	}
}

func r0(ds *Dataset) *data.Record { return &ds.Val[0] }

// parseNet reads a net file by the format's offsets, checking every
// header field and the checksum.
func parseNet(t *testing.T, b []byte, h, buckets int) *QuantNet {
	t.Helper()
	le := binary.LittleEndian
	if int64(len(b)) != FileSize(h, buckets) || len(b) != 32+2*768*h+2*h+buckets*(4*h+4)+4 {
		t.Fatalf("net file of %d bytes, want %d", len(b), FileSize(h, buckets))
	}
	if string(b[:4]) != "BRNN" {
		t.Fatalf("magic %q", b[:4])
	}
	for i, want := range []uint32{1, 768, uint32(h), uint32(buckets), 255, 64, 400} {
		if got := le.Uint32(b[4+4*i:]); got != want {
			t.Fatalf("header field %d: %d, want %d", i, got, want)
		}
	}
	if got, want := le.Uint32(b[len(b)-4:]), crc32.ChecksumIEEE(b[:len(b)-4]); got != want {
		t.Fatalf("checksum %08x, want %08x", got, want)
	}
	q := &QuantNet{Hidden: h, Buckets: buckets}
	off := 32
	read := func(n int) []int16 {
		s := make([]int16, n)
		for i := range s {
			s[i] = int16(le.Uint16(b[off:]))
			off += 2
		}
		return s
	}
	q.FeatureWeights = read(768 * h)
	q.FeatureBias = read(h)
	q.OutputWeights = read(buckets * 2 * h)
	for range buckets {
		q.OutputBias = append(q.OutputBias, int32(le.Uint32(b[off:])))
		off += 4
	}
	return q
}

func TestNetFile(t *testing.T) {
	dir := t.TempDir()
	ds := testData(t, dir)
	opt := testOptions(dir)
	opt.Epochs = 2
	opt.Buckets = 4
	tr, err := NewTrainer(opt)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Run(ds, nil); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(opt.Out)
	if err != nil {
		t.Fatal(err)
	}
	got := parseNet(t, b, opt.Hidden, opt.Buckets)
	want := tr.Net.Quantise()
	if !slices.Equal(got.FeatureWeights, want.FeatureWeights) || !slices.Equal(got.FeatureBias, want.FeatureBias) ||
		!slices.Equal(got.OutputWeights, want.OutputWeights) || !slices.Equal(got.OutputBias, want.OutputBias) {
		t.Fatal("the file's parameters differ from the net's")
	}
	for i, x := range tr.Net.FeatureWeights() {
		if want := int16(math.Round(float64(x) * 255)); got.FeatureWeights[i] != want {
			t.Fatalf("feature weight %d: %d, want round(%g*255) = %d", i, got.FeatureWeights[i], x, want)
		}
	}
	for i, x := range tr.Net.OutputWeights() {
		if math.Abs(float64(x)) > ClipLimit || got.OutputWeights[i] != int16(math.Round(float64(x)*64)) {
			t.Fatalf("output weight %d: %g quantised to %d", i, x, got.OutputWeights[i])
		}
	}
	// The engine reads the file and evaluates as the trainer's quantised
	// net does, output buckets included.
	engineNet, err := nnue.LoadFile(opt.Out)
	if err != nil {
		t.Fatal(err)
	}
	buckets := map[int]bool{}
	for i := range ds.Val[:200] {
		r := &ds.Val[i]
		a, b := got.Eval(r), want.Eval(r)
		if a != b {
			t.Fatalf("eval %d from the file, %d from the net", a, b)
		}
		pos, _, _, err := data.Decode(*r)
		if err != nil {
			t.Fatal(err)
		}
		if e := engineNet.EvaluatePosition(pos); e != a {
			t.Fatalf("%s: the engine evaluates %d, the trainer %d", pos.FEN(), e, a)
		}
		buckets[nnue.Bucket(pos.Occupied().Count(), opt.Buckets)] = true
	}
	if len(buckets) < 2 {
		t.Fatalf("the positions use only the buckets %v", buckets)
	}
}

// trainTwoEpochs trains a new net on ds for two epochs with the test
// options (files in dir) and returns the net and checkpoint files.
func trainTwoEpochs(t *testing.T, dir string, ds *Dataset) (net, ckpt []byte) {
	t.Helper()
	opt := testOptions(dir)
	opt.Epochs = 2
	tr, err := NewTrainer(opt)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Run(ds, nil); err != nil {
		t.Fatal(err)
	}
	net, _ = os.ReadFile(opt.Out)
	ckpt, _ = os.ReadFile(opt.Checkpoint)
	return net, ckpt
}

func TestDeterministic(t *testing.T) {
	dir := t.TempDir()
	ds := testData(t, dir)
	var nets, ckpts [2][]byte
	for i := range 2 {
		nets[i], ckpts[i] = trainTwoEpochs(t, dir, ds)
	}
	if !bytes.Equal(nets[0], nets[1]) || !bytes.Equal(ckpts[0], ckpts[1]) {
		t.Fatal("two runs with the same seed and threads wrote different files")
	}
}

func TestResume(t *testing.T) {
	dir := t.TempDir()
	ds := testData(t, dir)
	run := func(sub string, epochs int, resume bool, stopNow bool) ([]byte, []byte, bool) {
		opt := testOptions(filepath.Join(dir, sub))
		os.MkdirAll(filepath.Join(dir, sub), 0o755)
		opt.Epochs = epochs
		opt.Threads = 1
		opt.Buckets = 2
		var tr *Trainer
		var err error
		if resume {
			tr, err = LoadCheckpoint(opt.Checkpoint, opt)
		} else {
			tr, err = NewTrainer(opt)
		}
		if err != nil {
			t.Fatal(err)
		}
		var stop chan struct{}
		if stopNow {
			stop = make(chan struct{})
			close(stop)
		}
		stopped, err := tr.Run(ds, stop)
		if err != nil {
			t.Fatal(err)
		}
		net, err := os.ReadFile(opt.Out)
		if err != nil {
			t.Fatal(err)
		}
		ckpt, err := os.ReadFile(opt.Checkpoint)
		if err != nil {
			t.Fatal(err)
		}
		return net, ckpt, stopped
	}
	wantNet, wantCkpt, _ := run("straight", 3, false, false)

	// Stopped at the end of an epoch, and resumed.
	run("epochs", 1, false, false)
	gotNet, gotCkpt, _ := run("epochs", 3, true, false)
	if !bytes.Equal(gotNet, wantNet) || !bytes.Equal(gotCkpt, wantCkpt) {
		t.Error("a run resumed after its first epoch ends with another net than a run not stopped")
	}

	// Stopped after its first batch, twice, and resumed.
	if _, _, stopped := run("batch", 3, false, true); !stopped {
		t.Fatal("Run was not stopped")
	}
	ckpt, err := LoadCheckpoint(filepath.Join(dir, "batch", "ckpt"), testOptions(dir))
	if err != nil {
		t.Fatal(err)
	}
	if ckpt.epoch != 0 || ckpt.offset != 256 || ckpt.step != 1 {
		t.Fatalf("checkpoint after one batch: epoch %d, offset %d, step %d", ckpt.epoch, ckpt.offset, ckpt.step)
	}
	run("batch", 3, true, true)
	gotNet, gotCkpt, stopped := run("batch", 3, true, false)
	if stopped {
		t.Fatal("Run stopped without a signal")
	}
	if !bytes.Equal(gotNet, wantNet) || !bytes.Equal(gotCkpt, wantCkpt) {
		t.Error("a run resumed after stopping in the middle of an epoch ends with another net than a run not stopped")
	}
}

func TestCheckpointDamaged(t *testing.T) {
	dir := t.TempDir()
	tr, err := NewTrainer(testOptions(dir))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := tr.WriteCheckpoint(&b); err != nil {
		t.Fatal(err)
	}
	good := b.Bytes()
	if _, err := ReadCheckpoint(good, testOptions(dir)); err != nil {
		t.Fatal(err)
	}
	bad := slices.Clone(good)
	bad[len(bad)/2] ^= 1
	nine := slices.Clone(good)
	binary.LittleEndian.PutUint32(nine[12:], 9) // buckets
	binary.LittleEndian.PutUint32(nine[len(nine)-4:], crc32.ChecksumIEEE(nine[:len(nine)-4]))
	for _, c := range [][]byte{bad, good[:len(good)-1], good[:10], []byte("BRNN"), nine} {
		if _, err := ReadCheckpoint(c, testOptions(dir)); !errors.Is(err, ErrBadCheckpoint) {
			t.Errorf("damaged checkpoint (%d bytes): %v", len(c), err)
		}
	}

	// A version 1 checkpoint (no buckets field: one bucket) still reads:
	// the same file without the field.
	v1 := append(slices.Clone(good[:12]), good[16:len(good)-4]...)
	binary.LittleEndian.PutUint32(v1[4:], 1)
	v1 = binary.LittleEndian.AppendUint32(v1, crc32.ChecksumIEEE(v1))
	old, err := ReadCheckpoint(v1, testOptions(dir))
	if err != nil {
		t.Fatal(err)
	}
	if old.Net.Buckets != 1 || !slices.Equal(old.Net.Params, tr.Net.Params) || old.opt.Seed != tr.opt.Seed {
		t.Error("a version 1 checkpoint reads differently")
	}

	// Buckets survive a checkpoint.
	opt := testOptions(dir)
	opt.Buckets = 3
	if tr, err = NewTrainer(opt); err != nil {
		t.Fatal(err)
	}
	b.Reset()
	if err := tr.WriteCheckpoint(&b); err != nil {
		t.Fatal(err)
	}
	back, err := ReadCheckpoint(b.Bytes(), testOptions(dir))
	if err != nil || back.Net.Buckets != 3 || back.Options().Buckets != 3 || !slices.Equal(back.Net.Params, tr.Net.Params) {
		t.Fatalf("3 buckets through a checkpoint: %v", err)
	}
}

func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	recs := randomGames(3, 30, 5)
	good := filepath.Join(dir, "good.bin")
	writeRecords(t, good, recs)

	short := filepath.Join(dir, "short.bin")
	b, _ := os.ReadFile(good)
	os.WriteFile(short, b[:len(b)-5], 0o644)
	if _, err := Load([]string{good, short}, 0.05, 1); !errors.Is(err, data.ErrTruncated) || !strings.Contains(err.Error(), "short.bin") {
		t.Errorf("truncated file: %v", err)
	}

	corrupt := filepath.Join(dir, "corrupt.bin")
	bad := slices.Clone(b)
	bad[7*32+31] = 3 // record 8's result
	os.WriteFile(corrupt, bad, 0o644)
	if _, err := Load([]string{corrupt}, 0.05, 1); !errors.Is(err, data.ErrCorrupt) || !strings.Contains(err.Error(), "record 8") {
		t.Errorf("corrupt record: %v", err)
	}
	// No single bit flipped in a record makes the trainer panic: either
	// the record is refused or its features are valid.
	net, _ := NewNet(16, 1, 1)
	for i := range 32 * 8 * len(recs[:10]) {
		r := recs[i/256]
		r[i/8%32] ^= 1 << (i % 8)
		if checkRecord(&r) != nil {
			continue
		}
		var fw, fb [maxPieces]uint16
		n := features(&r, &fw, &fb)
		for _, f := range append(fw[:n], fb[:n]...) {
			if f >= Inputs {
				t.Fatalf("feature %d", f)
			}
		}
		net.Output(&r)
	}

	empty := filepath.Join(dir, "empty.bin")
	os.WriteFile(empty, nil, 0o644)
	if _, err := Load([]string{empty}, 0.05, 1); err == nil {
		t.Error("no error for an empty file")
	}
	if _, err := Load([]string{filepath.Join(dir, "missing.bin")}, 0.05, 1); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}

func TestSplit(t *testing.T) {
	recs := randomGames(200, 20, 9)
	games := 0
	for _, r := range recs {
		if r.GameStart() {
			games++
		}
	}
	all := slices.Clone(recs)
	ds := Split(recs, []int{0}, 0, 0.2, 3)
	if ds.TrainGames+ds.ValGames != games || len(ds.Train)+len(ds.Val) != len(all) {
		t.Fatalf("%d+%d games of %d, %d+%d positions of %d", ds.TrainGames, ds.ValGames, games, len(ds.Train), len(ds.Val), len(all))
	}
	if ds.ValGames < 20 || ds.ValGames > 60 {
		t.Errorf("%d of %d games held out at 0.2", ds.ValGames, games)
	}
	// Every game is wholly on one side: the validation records are whole
	// games, in order.
	starts := 0
	for _, r := range ds.Val {
		if r.GameStart() {
			starts++
		}
	}
	if starts != ds.ValGames || !ds.Val[0].GameStart() || !ds.Train[0].GameStart() {
		t.Errorf("validation set of %d games has %d game starts", ds.ValGames, starts)
	}
	// A different seed holds out other games.
	ds2 := Split(slices.Clone(all), []int{0}, 0, 0.2, 4)
	if slices.Equal(ds2.Val, ds.Val) {
		t.Error("the seed does not change the split")
	}
	// At least one game is held out from a few.
	few := Split(slices.Clone(all[:60]), []int{0}, 0, 0.01, 3)
	if few.ValGames != 1 || len(few.Train) == 0 {
		t.Errorf("%d games held out of %d", few.ValGames, few.ValGames+few.TrainGames)
	}
	// Without game marks, blocks of records are games.
	unmarked := slices.Clone(all)
	for i := range unmarked {
		unmarked[i][offFlags] &^= 1 << 5
	}
	um := Split(unmarked, []int{0}, 0, 0.2, 3)
	if !um.NoGameMarks || um.ValGames+um.TrainGames != (len(all)+pseudoGame-1)/pseudoGame {
		t.Errorf("unmarked data: %d+%d games", um.TrainGames, um.ValGames)
	}
}

// BenchmarkTrainBatch measures training batches of 4096 positions of
// random games with 256 hidden neurons and one thread: positions per
// second, and per second of CPU time where the system reports it.
func BenchmarkTrainBatch(b *testing.B) {
	recs := randomGames(100, 60, 2)
	opt := DefaultOptions()
	opt.Threads = 1
	tr, err := NewTrainer(opt)
	if err != nil {
		b.Fatal(err)
	}
	idx := make([]uint32, 4096)
	for i := range idx {
		idx[i] = uint32(i % len(recs))
	}
	cpu0 := userCPU()
	b.ResetTimer()
	for range b.N {
		tr.trainBatch(recs, idx, 0.001)
	}
	b.StopTimer()
	cpu := userCPU() - cpu0
	b.ReportMetric(float64(b.N*len(idx))/b.Elapsed().Seconds(), "pos/s")
	if cpu > 0 {
		b.ReportMetric(float64(b.N*len(idx))/cpu.Seconds(), "pos/cpu-s")
	}
}

// mirrorFEN returns fen's position mirrored left to right (files a-h
// swapped); fen has no castling rights or en-passant square.
func mirrorFEN(t *testing.T, fen string) string {
	f := strings.Fields(fen)
	ranks := strings.Split(f[0], "/")
	for i, r := range ranks {
		b := []byte(r)
		slices.Reverse(b)
		ranks[i] = string(b)
	}
	f[0] = strings.Join(ranks, "/")
	return strings.Join(f, " ")
}

// With a mirror salt, a position without castling rights that mirrored
// picks is trained as its mirror image: the same loss and gradient as
// the mirrored position's record. Positions with castling rights are
// never mirrored; of the others, about half are in an epoch.
func TestMirror(t *testing.T) {
	fens := []string{
		"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 0 1",
		"2kr3r/pp3ppp/8/3q4/8/2N5/PPP2PPP/R2Q1RK1 w - - 3 15",
	}
	net, err := NewNet(32, 1, 5)
	if err != nil {
		t.Fatal(err)
	}
	// A salt that mirrors a position of index 0.
	salt := uint64(1)
	for !mirrored(&data.Record{}, 0, salt) {
		salt += 2
	}
	for _, fen := range fens {
		pos, err := board.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		mpos, err := board.ParseFEN(mirrorFEN(t, fen))
		if err != nil {
			t.Fatal(err)
		}
		rec := []data.Record{data.Encode(pos, 37, data.Draw)}
		mrec := []data.Record{data.Encode(mpos, 37, data.Draw)}
		a, b := newWorker(32, 1), newWorker(32, 1)
		a.run(net.Params, rec, nil, 1, 0.7, 2, salt, true)
		b.run(net.Params, mrec, nil, 1, 0.7, 2, 0, true)
		// Equal but for the order of the float sums (the features come
		// in another order).
		if math.Abs(a.loss-b.loss) > 1e-5*b.loss+1e-9 {
			t.Errorf("%s: mirrored in training: loss %g, the mirrored record's %g", fen, a.loss, b.loss)
		}
		for i := range a.grad {
			if d := math.Abs(float64(a.grad[i] - b.grad[i])); d > 1e-4*math.Abs(float64(b.grad[i]))+1e-9 {
				t.Fatalf("%s: mirrored in training: gradient %d is %g, the mirrored record's %g", fen, i, a.grad[i], b.grad[i])
			}
		}
		b.run(net.Params, rec, nil, 1, 0.7, 2, 0, true)
		if a.loss == b.loss {
			t.Errorf("%s: the mirror changed nothing (loss %g)", fen, a.loss)
		}
	}
	castling, err := board.ParseFEN(board.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	withRights := data.Encode(castling, 0, data.Draw)
	plain := data.Encode(castling, 0, data.Draw)
	plain[offFlags] &^= 15
	n := 0
	for i := uint32(0); i < 10000; i++ {
		if mirrored(&withRights, i, salt) {
			t.Fatalf("a position with castling rights mirrored (index %d)", i)
		}
		if mirrored(&plain, i, salt) {
			n++
		}
		if mirrored(&plain, i, 0) {
			t.Fatalf("salt 0 mirrored index %d", i)
		}
	}
	if n < 4700 || n > 5300 {
		t.Errorf("%d of 10000 positions mirrored, want about half", n)
	}
}

// keepBest writes the net when the validation loss is the lowest of the
// run so far, and leaves the file alone otherwise.
func TestKeepBest(t *testing.T) {
	dir := t.TempDir()
	best := filepath.Join(dir, "best.nnue")
	opt := DefaultOptions()
	opt.Hidden, opt.Best = 16, best
	tr, err := NewTrainer(opt)
	if err != nil {
		t.Fatal(err)
	}
	read := func() []byte {
		b, err := os.ReadFile(best)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	if err := tr.keepBest(math.NaN()); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(best); err == nil {
		t.Fatal("written without a validation loss")
	}
	if err := tr.keepBest(0.5); err != nil {
		t.Fatal(err)
	}
	first := read()
	for i := range tr.Net.Params {
		tr.Net.Params[i] *= -0.5
	}
	if err := tr.keepBest(0.6); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(read(), first) {
		t.Fatal("a worse epoch replaced the best net")
	}
	if err := tr.keepBest(0.4); err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(read(), first) {
		t.Fatal("a better epoch did not replace the best net")
	}
}

// With Scale K the target reads the score as sigmoid(score/K), the float
// net evaluates to K times its output, and the net file carries K.
func TestScaleOption(t *testing.T) {
	dir := t.TempDir()
	ds := testData(t, dir)
	o := testOptions(dir)
	o.Epochs, o.Lambda, o.Scale = 1, 1, 120
	tr, err := NewTrainer(o)
	if err != nil {
		t.Fatal(err)
	}
	want := 0.0
	for i := range ds.Val {
		r := &ds.Val[i]
		d := sigmoid(tr.Net.Output(r)) - sigmoid(float64(r.Score())/120)
		want += d * d
	}
	want /= float64(len(ds.Val))
	if got := tr.Loss(ds.Val); math.Abs(got-want) > 1e-9*max(1, want) {
		t.Fatalf("loss at scale 120: %.12f, want %.12f", got, want)
	}
	if _, err := tr.Run(ds, nil); err != nil {
		t.Fatal(err)
	}
	r := &ds.Val[0]
	if got, want := tr.Net.Eval(r), 120*tr.Net.Output(r); math.Abs(got-want) > 1e-9 {
		t.Fatalf("float eval %g, want %g", got, want)
	}
	net, err := nnue.LoadFile(o.Out)
	if err != nil {
		t.Fatal(err)
	}
	if net.Scale() != 120 {
		t.Fatalf("net file scale %d, want 120", net.Scale())
	}
	if q := tr.Net.Quantise(); q.Scale != 120 {
		t.Fatalf("quantised scale %d, want 120", q.Scale)
	}
	o.Scale = nnue.MaxScale + 1
	if _, err := NewTrainer(o); err == nil || !strings.Contains(err.Error(), "scale") {
		t.Fatalf("scale %d: %v, want an error naming the scale", o.Scale, err)
	}
}
