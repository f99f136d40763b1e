// The tune subcommand: the Texel tuner (eval/tune.go) run over training
// data files (as `brudno datagen` writes them: a FEN and the result for
// White per line). It fits the logistic's scaling constant K, reports the
// error, runs Adam over all weights (or the groups named by -only) with
// progress on stderr, reports the error after, and writes the weights as
// Go source (eval/weights_tuned.go by default), to be built into the
// engine.

package cli

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"

	"brudno/eval"
)

// tuneFlags are the flags of `brudno tune`.
type tuneFlags struct {
	out, start, only string
	epochs, threads  int
	limit, every     int
	lr, fixedK       float64
	holdout          float64
	keepBest         bool
}

func (f *tuneFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.out, "out", "eval/weights_tuned.go", "write the tuned weights as Go source to this `file`")
	fs.StringVar(&f.start, "start", "default", "starting weights: default (the engine's current weights) or initial (the hand-set ones)")
	fs.IntVar(&f.epochs, "epochs", 400, "Adam steps over the whole data set")
	fs.Float64Var(&f.lr, "lr", 1, "Adam step size in centipawns")
	fs.IntVar(&f.threads, "threads", runtime.NumCPU(), "worker goroutines")
	fs.StringVar(&f.only, "only", "", "comma-separated groups or weight-name prefixes to tune (material, pst, mobility, pawns, passed, pieces, threats, king, safety, tempo); default all")
	fs.IntVar(&f.limit, "limit", 0, "use at most this many positions from the data (0: all)")
	fs.Float64Var(&f.fixedK, "k", 0, "use this scaling constant instead of fitting it")
	fs.IntVar(&f.every, "progress", 10, "report the error every this many epochs")
	fs.Float64Var(&f.holdout, "holdout", 0.1, "hold out this fraction of the positions (the end of the data, so mostly other games) to measure the error on positions not fitted")
	fs.BoolVar(&f.keepBest, "keep-best", true, "with -holdout, write the weights of the progress report with the lowest held-out error (early stopping)")
}

func cmdTune(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tune", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var tf tuneFlags
	tf.register(fs)
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	if len(files) == 0 {
		fmt.Fprintln(stderr, "usage: brudno tune [flags] DATAFILE...  (lines of `FEN [result]`, as `brudno datagen` writes)")
		return 2
	}
	t, rc := newTuneTuner(&tf, stderr)
	if t == nil {
		return rc
	}

	began := time.Now()
	samples, err := readTuneSamples(files, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "tune: %v\n", err)
		return 1
	}
	if tf.limit > 0 && len(samples) > tf.limit {
		samples = samples[:tf.limit]
	}
	if tf.holdout < 0 || tf.holdout >= 1 {
		fmt.Fprintf(stderr, "tune: -holdout must be in [0, 1), got %v\n", tf.holdout)
		return 2
	}
	skipped, err := addTuneSamples(t, samples, tf.holdout)
	if err != nil {
		fmt.Fprintf(stderr, "tune: %v\n", err)
		return 1
	}
	samples = nil
	fmt.Fprintf(stderr, "traced %d positions (and %d held out) in %.1fs (left out: %s); %d weights (a middlegame and an endgame value each), largest trace error %.2f cp, %d over 3 cp\n",
		t.Len(), t.ValidationLen(), time.Since(began).Seconds(), orNone(skipped), eval.NumParams, t.MaxTraceError, t.TraceMismatches)
	if t.Len() == 0 {
		fmt.Fprintln(stderr, "tune: no positions to tune on")
		return 1
	}

	r := runTune(t, &tf, stdout, stderr)
	if err := writeWeightsFile(tf.out, t.Weights(), tuneHeader(args, &tf, t, skipped, r)); err != nil {
		fmt.Fprintf(stderr, "tune: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %s\n", tf.out)
	return 0
}

// newTuneTuner returns the tuner of the starting weights and groups tf
// names, or nil and the exit status after saying what is wrong.
func newTuneTuner(tf *tuneFlags, stderr io.Writer) (*eval.Tuner, int) {
	var w *eval.Weights
	switch tf.start {
	case "default":
		w = eval.DefaultWeights()
	case "initial":
		w = eval.InitialWeights()
	default:
		fmt.Fprintf(stderr, "tune: -start must be default or initial, got %q\n", tf.start)
		return nil, 2
	}
	var groups []string
	for _, g := range strings.Split(tf.only, ",") {
		if g = strings.TrimSpace(g); g != "" {
			groups = append(groups, g)
		}
	}
	t, err := eval.NewTuner(w, eval.TuneOptions{Threads: tf.threads, LearningRate: tf.lr, Only: groups})
	if err != nil {
		fmt.Fprintf(stderr, "tune: %v\n", err)
		return nil, 2
	}
	return t, 0
}

// readTuneSamples reads the positions of the data files, saying on
// stderr how many each held.
func readTuneSamples(files []string, stderr io.Writer) ([]eval.Sample, error) {
	var samples []eval.Sample
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		s, err := eval.ReadSamples(f, name)
		f.Close()
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(stderr, "read %d positions from %s\n", len(s), name)
		samples = append(samples, s...)
	}
	return samples, nil
}

// addTuneSamples gives t the samples, the last fraction holdout of them
// held out, and returns what it left out and why ("" for nothing).
func addTuneSamples(t *eval.Tuner, samples []eval.Sample, holdout float64) (string, error) {
	split := len(samples) - int(float64(len(samples))*holdout)
	if err := t.AddSamples(samples[:split]); err != nil {
		return "", err
	}
	if err := t.AddValidation(samples[split:]); err != nil {
		return "", err
	}
	var skipped []string
	for why, n := range t.Skipped {
		skipped = append(skipped, fmt.Sprintf("%d %s", n, why))
	}
	sort.Strings(skipped)
	return strings.Join(skipped, ", "), nil
}

// tuneRun is what a tuning run measured.
type tuneRun struct {
	before, validBefore float64 // the errors before tuning: fitted, held out
	after, validAfter   float64 // and after, with the weights rounded
	bestEpoch           int     // the epoch of the lowest held-out error
	keptBest            bool    // whether its weights were restored
}

// runTune fits or sets K, runs the epochs with progress on stderr,
// restores the weights of the lowest held-out error when asked, and
// prints the summary line.
func runTune(t *eval.Tuner, tf *tuneFlags, stdout, stderr io.Writer) tuneRun {
	var r tuneRun
	if tf.fixedK > 0 {
		t.SetK(tf.fixedK)
	} else {
		t.FitK()
	}
	r.before, r.validBefore = t.Error(), t.ValidationError()
	fmt.Fprintf(stderr, "K = %.4f, error before %.6f (held out %.6f)\n", t.K(), r.before, r.validBefore)
	tuneStart := time.Now()
	best, bestErr := t.Snapshot(), r.validBefore
	for e := 1; e <= tf.epochs; e++ {
		err := t.Epoch()
		if e%max(tf.every, 1) == 0 || e == 1 || e == tf.epochs {
			v := t.ValidationError()
			fmt.Fprintf(stderr, "epoch %d/%d  error %.6f  held out %.6f  %.1fs\n", e, tf.epochs, err, v, time.Since(tuneStart).Seconds())
			if v < bestErr {
				best, r.bestEpoch, bestErr = t.Snapshot(), e, v
			}
		}
	}
	if tf.keepBest && t.ValidationLen() > 0 && r.bestEpoch < tf.epochs {
		fmt.Fprintf(stderr, "keeping the weights of epoch %d, whose held-out error was lowest\n", r.bestEpoch)
		t.Restore(best)
		r.keptBest = true
	}
	r.after, r.validAfter = t.RoundedError()
	fmt.Fprintf(stdout, "positions %d (held out %d), K %.4f, error before %.6f, after %.6f; held out before %.6f, after %.6f; %d epochs in %.1fs\n",
		t.Len(), t.ValidationLen(), t.K(), r.before, r.after, r.validBefore, r.validAfter, tf.epochs, time.Since(tuneStart).Seconds())
	return r
}

// tuneHeader returns the generated file's header lines: the command as
// run, with data files by their base names only (the generated file must
// not name directories of the machine it ran on), the data and the errors.
func tuneHeader(args []string, tf *tuneFlags, t *eval.Tuner, skipped string, r tuneRun) []string {
	shown := make([]string, len(args))
	for i, a := range args {
		shown[i] = a
		if strings.ContainsRune(a, filepath.Separator) && !strings.HasPrefix(a, "-") && a != tf.out {
			shown[i] = filepath.Base(a)
		}
	}
	header := []string{
		"brudno tune " + strings.Join(shown, " "),
		fmt.Sprintf("start: %s weights; positions fitted: %d, held out: %d (left out: %s)", tf.start, t.Len(), t.ValidationLen(), orNone(skipped)),
		fmt.Sprintf("K = %.4f; mean squared error %.6f before, %.6f after %d epochs (held out: %.6f, %.6f)", t.K(), r.before, r.after, tf.epochs, r.validBefore, r.validAfter),
	}
	if tf.epochs == 0 {
		header = append(header, "no epochs were run: these are the "+tf.start+" weights unchanged")
	}
	if r.keptBest {
		header = append(header, fmt.Sprintf("kept the weights after epoch %d, whose held-out error was lowest", r.bestEpoch))
	}
	return header
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// writeWeightsFile writes the generated source through a temporary file,
// so that a failed write never leaves a broken file behind.
func writeWeightsFile(path string, w *eval.Weights, header []string) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".weights-*.go.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := eval.WriteWeights(tmp, w, header); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
