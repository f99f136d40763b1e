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

func cmdTune(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tune", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "eval/weights_tuned.go", "write the tuned weights as Go source to this `file`")
	start := fs.String("start", "default", "starting weights: default (the engine's current weights) or initial (the hand-set ones)")
	epochs := fs.Int("epochs", 400, "Adam steps over the whole data set")
	lr := fs.Float64("lr", 1, "Adam step size in centipawns")
	threads := fs.Int("threads", runtime.NumCPU(), "worker goroutines")
	only := fs.String("only", "", "comma-separated groups or weight-name prefixes to tune (material, pst, mobility, pawns, passed, pieces, threats, king, safety, tempo); default all")
	limit := fs.Int("limit", 0, "use at most this many positions from the data (0: all)")
	fixedK := fs.Float64("k", 0, "use this scaling constant instead of fitting it")
	every := fs.Int("progress", 10, "report the error every this many epochs")
	holdout := fs.Float64("holdout", 0.1, "hold out this fraction of the positions (the end of the data, so mostly other games) to measure the error on positions not fitted")
	keepBest := fs.Bool("keep-best", true, "with -holdout, write the weights of the progress report with the lowest held-out error (early stopping)")
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	if len(files) == 0 {
		fmt.Fprintln(stderr, "usage: brudno tune [flags] DATAFILE...  (lines of `FEN [result]`, as `brudno datagen` writes)")
		return 2
	}
	var w *eval.Weights
	switch *start {
	case "default":
		w = eval.DefaultWeights()
	case "initial":
		w = eval.InitialWeights()
	default:
		fmt.Fprintf(stderr, "tune: -start must be default or initial, got %q\n", *start)
		return 2
	}
	var groups []string
	for _, g := range strings.Split(*only, ",") {
		if g = strings.TrimSpace(g); g != "" {
			groups = append(groups, g)
		}
	}
	t, err := eval.NewTuner(w, eval.TuneOptions{Threads: *threads, LearningRate: *lr, Only: groups})
	if err != nil {
		fmt.Fprintf(stderr, "tune: %v\n", err)
		return 2
	}

	began := time.Now()
	var samples []eval.Sample
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintf(stderr, "tune: %v\n", err)
			return 1
		}
		s, err := eval.ReadSamples(f, name)
		f.Close()
		if err != nil {
			fmt.Fprintf(stderr, "tune: %v\n", err)
			return 1
		}
		fmt.Fprintf(stderr, "read %d positions from %s\n", len(s), name)
		samples = append(samples, s...)
	}
	if *limit > 0 && len(samples) > *limit {
		samples = samples[:*limit]
	}
	if *holdout < 0 || *holdout >= 1 {
		fmt.Fprintf(stderr, "tune: -holdout must be in [0, 1), got %v\n", *holdout)
		return 2
	}
	split := len(samples) - int(float64(len(samples))**holdout)
	if err := t.AddSamples(samples[:split]); err != nil {
		fmt.Fprintf(stderr, "tune: %v\n", err)
		return 1
	}
	if err := t.AddValidation(samples[split:]); err != nil {
		fmt.Fprintf(stderr, "tune: %v\n", err)
		return 1
	}
	samples = nil
	var skipped []string
	for why, n := range t.Skipped {
		skipped = append(skipped, fmt.Sprintf("%d %s", n, why))
	}
	sort.Strings(skipped)
	fmt.Fprintf(stderr, "traced %d positions (and %d held out) in %.1fs (left out: %s); %d weights (a middlegame and an endgame value each), largest trace error %.2f cp, %d over 3 cp\n",
		t.Len(), t.ValidationLen(), time.Since(began).Seconds(), orNone(strings.Join(skipped, ", ")), eval.NumParams, t.MaxTraceError, t.TraceMismatches)
	if t.Len() == 0 {
		fmt.Fprintln(stderr, "tune: no positions to tune on")
		return 1
	}

	if *fixedK > 0 {
		t.SetK(*fixedK)
	} else {
		t.FitK()
	}
	before, validBefore := t.Error(), t.ValidationError()
	fmt.Fprintf(stderr, "K = %.4f, error before %.6f (held out %.6f)\n", t.K(), before, validBefore)
	tuneStart := time.Now()
	best, bestEpoch, bestErr := t.Snapshot(), 0, validBefore
	for e := 1; e <= *epochs; e++ {
		err := t.Epoch()
		if e%max(*every, 1) == 0 || e == 1 || e == *epochs {
			v := t.ValidationError()
			fmt.Fprintf(stderr, "epoch %d/%d  error %.6f  held out %.6f  %.1fs\n", e, *epochs, err, v, time.Since(tuneStart).Seconds())
			if v < bestErr {
				best, bestEpoch, bestErr = t.Snapshot(), e, v
			}
		}
	}
	if *keepBest && t.ValidationLen() > 0 && bestEpoch < *epochs {
		fmt.Fprintf(stderr, "keeping the weights of epoch %d, whose held-out error was lowest\n", bestEpoch)
		t.Restore(best)
	}
	after, validAfter := t.RoundedError()
	fmt.Fprintf(stdout, "positions %d (held out %d), K %.4f, error before %.6f, after %.6f; held out before %.6f, after %.6f; %d epochs in %.1fs\n",
		t.Len(), t.ValidationLen(), t.K(), before, after, validBefore, validAfter, *epochs, time.Since(tuneStart).Seconds())

	// The command as run, with data files by their base names only: the
	// generated file must not name directories of the machine it ran on.
	shown := make([]string, len(args))
	for i, a := range args {
		shown[i] = a
		if strings.ContainsRune(a, filepath.Separator) && !strings.HasPrefix(a, "-") && a != *out {
			shown[i] = filepath.Base(a)
		}
	}
	header := []string{
		"brudno tune " + strings.Join(shown, " "),
		fmt.Sprintf("start: %s weights; positions fitted: %d, held out: %d (left out: %s)", *start, t.Len(), t.ValidationLen(), orNone(strings.Join(skipped, ", "))),
		fmt.Sprintf("K = %.4f; mean squared error %.6f before, %.6f after %d epochs (held out: %.6f, %.6f)", t.K(), before, after, *epochs, validBefore, validAfter),
	}
	if *epochs == 0 {
		header = append(header, "no epochs were run: these are the "+*start+" weights unchanged")
	}
	if *keepBest && t.ValidationLen() > 0 && bestEpoch < *epochs {
		header = append(header, fmt.Sprintf("kept the weights after epoch %d, whose held-out error was lowest", bestEpoch))
	}
	if err := writeWeightsFile(*out, t.Weights(), header); err != nil {
		fmt.Fprintf(stderr, "tune: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %s\n", *out)
	return 0
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
