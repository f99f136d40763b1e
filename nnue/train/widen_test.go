package train

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"brudno/board"
	"brudno/nnue"
	"brudno/nnue/data"
)

// widenNets returns two trained nets of 32 hidden neurons and 4 output
// buckets, as files in dir read back by the engine: one without king
// buckets and one with 4.
func widenNets(t *testing.T, dir string, ds *Dataset) (plain, kings *nnue.Net) {
	t.Helper()
	for _, k := range []int{1, 4} {
		sub := filepath.Join(dir, map[int]string{1: "plain", 4: "kings"}[k])
		if err := os.MkdirAll(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		opt := testOptions(sub)
		opt.Epochs, opt.Buckets, opt.KingBuckets = 1, 4, k
		trainedNet(t, opt, ds)
		if k == 1 {
			plain = mustLoad(t, opt.Out)
		} else {
			kings = mustLoad(t, opt.Out)
		}
	}
	return plain, kings
}

// widenData returns the test data, cut to a size that trains in a
// fraction of a second.
func widenData(t *testing.T, dir string) *Dataset {
	t.Helper()
	ds := testData(t, dir)
	ds.Train, ds.Val = ds.Train[:4096], ds.Val[:1024]
	return ds
}

// A net widened from 32 to 64 hidden neurons keeps the old neurons'
// parameters, starts the new ones with output weights and biases 0 and
// feature weights drawn as a new net's, and evaluates exactly as the net
// did: the float net (output and loss bit for bit, since the new neurons
// add exact zeros and the old ones are summed as before) and the net
// file it writes, which the engine loads and evaluates as the old file.
// With king buckets grown at the same time, each bucket (or the factor)
// starts as the widened rows, and a position with both kings on files
// e-h evaluates as before.
func TestWidenKeepsOutput(t *testing.T) {
	dir := t.TempDir()
	ds := widenData(t, dir)
	plain, kings := widenNets(t, dir, ds)
	var positions []*board.Position
	var east []bool // both kings on files e-h: a grown king bucket sees the net's features
	for i := range ds.Val {
		pos, _, _, err := data.Decode(ds.Val[i])
		if err != nil {
			t.Fatal(err)
		}
		positions = append(positions, pos)
		east = append(east, pos.KingSquare(board.White)&7 >= 4 && pos.KingSquare(board.Black)&7 >= 4)
	}
	const old, h = 32, 64
	for _, c := range []struct {
		name   string
		q      *nnue.Net
		kings  int // -king-buckets
		factor bool
	}{
		{"plain", plain, 1, false},
		{"kings", kings, 4, false},
		{"kings with a factor", kings, 4, true},
		{"grown kings", plain, 4, false},
		{"grown kings with a factor", plain, 4, true},
	} {
		opt := testOptions(dir)
		opt.Hidden, opt.KingBuckets, opt.Factor = h, c.kings, c.factor
		src := FromNet(c.q)
		tr, err := NewTrainerFrom(FromNet(c.q), opt)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		n := tr.Net
		if n.Hidden != h || tr.Options().Hidden != h || n.kingBuckets() != c.kings || n.Factor != c.factor || n.Buckets != 4 ||
			len(n.Params) != numFactorParams(h, 4, c.kings, c.factor) {
			t.Fatalf("%s: hidden %d, K %d, factor %v, %d buckets, %d parameters", c.name, n.Hidden, n.kingBuckets(), n.Factor, n.Buckets, len(n.Params))
		}

		// The parameters: the net's in the first 32 places of each row
		// and half, the new neurons' as documented.
		grownKings := c.q.KingBuckets() == 1 && c.kings > 1
		rowsOf := func(fw []float32) [][]float32 { // the rows of the merged feature weights of the net file
			var rows [][]float32
			for r := 0; r+h <= len(fw); r += h {
				rows = append(rows, fw[r:r+h])
			}
			return rows
		}
		srcW := src.FeatureWeights()
		newWeights := map[float32]bool{}
		for r, row := range rowsOf(n.MergedFeatureWeights()) {
			f := r
			if grownKings {
				f = r % Inputs // every bucket starts as the net's rows
			}
			if !slices.Equal(row[:old], srcW[f*old:(f+1)*old]) {
				t.Fatalf("%s: row %d's old neurons changed", c.name, r)
			}
			for _, x := range row[old:] {
				if x < -0.1 || x > 0.1 {
					t.Fatalf("%s: row %d: a new neuron's feature weight %g", c.name, r, x)
				}
				newWeights[x] = true
			}
		}
		if len(newWeights) < Inputs*(h-old)/2 { // not all alike
			t.Fatalf("%s: %d distinct weights of the new neurons", c.name, len(newWeights))
		}
		if c.factor { // the net's rows are where the factor starts from: the factor itself, or the buckets
			if grownKings && slices.ContainsFunc(n.FeatureWeights(), func(x float32) bool { return x != 0 }) {
				t.Fatalf("%s: grown buckets that do not start at 0 beside the factor", c.name)
			}
			if !grownKings && slices.ContainsFunc(n.FactorWeights(), func(x float32) bool { return x != 0 }) {
				t.Fatalf("%s: a new factor that does not start at 0", c.name)
			}
		}
		fb, ob := n.FeatureBias(), n.OutputBiases()
		if !slices.Equal(fb[:old], src.FeatureBias()) || slices.ContainsFunc(fb[old:], func(x float32) bool { return x != 0 }) {
			t.Fatalf("%s: feature biases %v", c.name, fb)
		}
		if !slices.Equal(ob, src.OutputBiases()) {
			t.Fatalf("%s: output biases %v, the net's %v", c.name, ob, src.OutputBiases())
		}
		for half := range 2 * n.Buckets {
			ow, want := n.OutputWeights()[half*h:(half+1)*h], src.OutputWeights()[half*old:(half+1)*old]
			if !slices.Equal(ow[:old], want) || slices.ContainsFunc(ow[old:], func(x float32) bool { return x != 0 }) {
				t.Fatalf("%s: bucket %d's half %d of output weights %v, the net's %v", c.name, half/2, half%2, ow, want)
			}
		}

		// The float net's output, exactly.
		same := 0
		for i := range ds.Val {
			if grownKings && !east[i] {
				continue
			}
			r := &ds.Val[i]
			if got, want := n.Output(r), src.Output(r); got != want {
				t.Fatalf("%s: position %d: output %g, the net's %g", c.name, i, got, want)
			}
			same++
		}
		if same < 20 {
			t.Fatalf("%s: %d positions compared", c.name, same)
		}
		if !grownKings {
			if got, want := tr.Loss(ds.Val), lossOfNet(src, opt, ds); got != want {
				t.Fatalf("%s: loss %g, the net's %g", c.name, got, want)
			}
		}

		// The net file: the old integers, 0 for the new output weights,
		// and the engine's evaluation of the old file.
		name := filepath.Join(dir, "widened.nnue")
		if err := WriteNetFile(name, n.Quantise()); err != nil {
			t.Fatal(err)
		}
		e := mustLoad(t, name)
		if e.Hidden() != h || e.Buckets() != 4 || e.KingBuckets() != c.kings {
			t.Fatalf("%s: the engine reads hidden %d, %d buckets, K %d", c.name, e.Hidden(), e.Buckets(), e.KingBuckets())
		}
		_, qfb, qow, qob := c.q.Params()
		_, efb, eow, eob := e.Params()
		if !slices.Equal(efb[:old], qfb) || !slices.Equal(eob, qob) {
			t.Fatalf("%s: the quantised biases changed", c.name)
		}
		for half := range 2 * n.Buckets {
			got := eow[half*h : (half+1)*h]
			if !slices.Equal(got[:old], qow[half*old:(half+1)*old]) || slices.ContainsFunc(got[old:], func(x int16) bool { return x != 0 }) {
				t.Fatalf("%s: quantised output weights %v", c.name, got)
			}
		}
		differ := 0
		for i, pos := range positions {
			got, want := e.EvaluatePosition(pos), c.q.EvaluatePosition(pos)
			if grownKings && !east[i] {
				if got != want {
					differ++
				}
				continue
			}
			if got != want {
				t.Fatalf("%s: %s: the engine evaluates %d, the net %d", c.name, pos.FEN(), got, want)
			}
		}
		if grownKings && differ == 0 {
			t.Fatalf("%s: every position with a king on files a-d evaluates as before", c.name)
		}
	}
}

// The new neurons learn: after a few steps (16 batches, without weight
// decay, so that only the gradient moves a parameter) every new neuron
// has output weights, a bias and feature weights that moved from where
// they started (the output weights of every bucket that the positions
// use). New neurons whose feature weights start at 0 instead
// would stay dead (their accumulators 0, so both gradients 0), which is
// why widen draws them; that is checked too. The run's checkpoint holds
// the widened net.
func TestWidenLearns(t *testing.T) {
	dir := t.TempDir()
	ds := widenData(t, dir)
	plain, _ := widenNets(t, dir, ds)
	const old, h = 32, 48
	used := map[int]bool{} // the output buckets of the training positions
	for i := range ds.Train {
		var fw, fb [maxPieces]uint16
		used[nnue.Bucket(kingFeatures(&ds.Train[i], &fw, &fb, nil), 4)] = true
	}
	if len(used) < 2 {
		t.Fatalf("the training positions use the output buckets %v", used)
	}
	for _, dead := range []bool{false, true} {
		opt := testOptions(dir)
		opt.Hidden, opt.Epochs, opt.WD, opt.LR = h, 1, 0, 0.001
		tr, err := NewTrainerFrom(FromNet(plain), opt)
		if err != nil {
			t.Fatal(err)
		}
		n := tr.Net
		if dead {
			fw := n.FeatureWeights()
			for r := 0; r < len(fw); r += h {
				clear(fw[r+old : r+h])
			}
		}
		start := slices.Clone(n.Params)
		if _, err := tr.Run(ds, nil); err != nil {
			t.Fatal(err)
		}
		if steps := tr.step; steps != 16 {
			t.Fatalf("%d steps", steps)
		}
		// moved returns how many of the parameters of neuron i (its
		// feature weights, its bias, its output weights) differ from
		// where they started.
		moved := func(i int) (fw, bias, ow int) {
			for r := 0; r < n.inputs(); r++ {
				if j := r*h + i; n.Params[j] != start[j] {
					fw++
				}
			}
			if j := n.inputs()*h + i; n.Params[j] != start[j] {
				bias++
			}
			for half := range 2 * n.Buckets {
				if j := (n.inputs()+1+half)*h + i; n.Params[j] != start[j] {
					ow++
				}
			}
			return fw, bias, ow
		}
		for i := old; i < h; i++ {
			fw, bias, ow := moved(i)
			switch {
			case dead:
				if fw != 0 || bias != 0 || ow != 0 {
					t.Fatalf("new neuron %d with feature weights 0: %d feature weights, %d biases, %d output weights moved", i, fw, bias, ow)
				}
			case fw < 100 || bias != 1 || ow != 2*len(used):
				t.Fatalf("new neuron %d: %d feature weights, %d biases, %d output weights moved", i, fw, bias, ow)
			}
		}
		if dead {
			continue
		}
		back, err := LoadCheckpoint(opt.Checkpoint, opt)
		if err != nil {
			t.Fatal(err)
		}
		if back.Net.Hidden != h || !slices.Equal(back.Net.Params, n.Params) {
			t.Fatalf("the checkpoint: hidden %d", back.Net.Hidden)
		}
	}
}

// A smaller hidden layer than the net's is refused, as is a size that is
// no hidden layer size at all, and the net is left as it was; the net's
// own size, or 0, keeps it.
func TestWidenRefused(t *testing.T) {
	dir := t.TempDir()
	ds := widenData(t, dir)
	plain, _ := widenNets(t, dir, ds)
	opt := testOptions(dir)
	for _, c := range []struct {
		hidden int
		want   string
	}{
		{16, "hidden layer size 16: the net has 32 neurons, and a run from a net keeps them all"},
		{40, "hidden layer size 40: want a multiple of 16"},
		{2048, "hidden layer size 2048: want a multiple of 16 from 16 to 1024"},
	} {
		net := FromNet(plain)
		params := slices.Clone(net.Params)
		opt.Hidden = c.hidden
		tr, err := NewTrainerFrom(net, opt)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Fatalf("hidden %d: %v, %v; want %q", c.hidden, tr, err, c.want)
		}
		if net.Hidden != 32 || !slices.Equal(net.Params, params) {
			t.Fatalf("hidden %d: the net changed", c.hidden)
		}
		if err := net.widen(c.hidden, 1); err == nil || net.Hidden != 32 || !slices.Equal(net.Params, params) {
			t.Fatalf("widen(%d): %v, hidden %d", c.hidden, err, net.Hidden)
		}
	}
	for _, h := range []int{0, 32} {
		opt.Hidden = h
		tr, err := NewTrainerFrom(FromNet(plain), opt)
		if err != nil || tr.Net.Hidden != 32 || tr.Options().Hidden != 32 {
			t.Fatalf("hidden %d: %v", h, err)
		}
	}
}
