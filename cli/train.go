// The train subcommand: trains the NNUE network (package nnue/train) on
// files of 32-byte records from `brudno datagen -format bin` and writes
// the quantised net. It holds out whole games for validation, reports the
// losses every epoch on stderr, writes a checkpoint and the net after
// every epoch, and on SIGINT or SIGTERM finishes the batch in progress,
// writes both and exits 0; -resume goes on from a checkpoint.

package cli

import (
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"runtime/pprof"
	"syscall"
	"time"

	"brudno/nnue"
	"brudno/nnue/data"
	"brudno/nnue/train"
)

const trainUsage = "usage: brudno train -out NET [-checkpoint FILE] [-resume FILE] [-hidden 256] [-buckets 1] [-king-buckets 1] [-epochs 20] [-batch 16384] [-lr 0.001] [-lr-drop 15] [-lr-gamma 0.1] [-wd 0.01] [-lambda 1] [-scale 400] [-power 2] [-val 0.05] [-threads N] [-seed 1] [-mirror] [-best FILE] [-progress 1m] [-cpuprofile FILE] DATAFILE...  (files of `brudno datagen -format bin`)"

func cmdTrain(args []string, stdout, stderr io.Writer) int {
	stop := make(chan struct{})
	sig := make(chan os.Signal, 1)
	finished := make(chan struct{})
	defer close(finished)
	started := func() {
		// Installed once the data are loaded: until then a signal ends
		// the process at once, as there is nothing to save.
		signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
		go func() {
			select {
			case s := <-sig:
				signal.Stop(sig) // a second signal kills the process
				fmt.Fprintf(stderr, "train: %v: stopping after this batch (signal again to kill)\n", s)
				close(stop)
			case <-finished:
			}
		}()
	}
	defer signal.Stop(sig)
	return runTrain(args, stop, started, stdout, stderr)
}

// runTrain is cmdTrain without the signal handling: closing stop has the
// effect of a signal. started (if not nil) is called when training
// begins.
func runTrain(args []string, stop <-chan struct{}, started func(), stdout, stderr io.Writer) int {
	def := train.DefaultOptions()
	fs := flag.NewFlagSet("train", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, trainUsage)
		fs.PrintDefaults()
	}
	out := fs.String("out", "", "write the quantised net to this `file` (after every epoch and at the end)")
	best := fs.String("best", "", "also write the net of the epoch with the lowest validation loss of the run to this `file`")
	ckpt := fs.String("checkpoint", "", "write the training state to this `file` after every epoch and when stopped (default NET.ckpt)")
	resume := fs.String("resume", "", "go on from this checkpoint `file` (its hidden layer size, buckets and seed; the other settings from the flags; -epochs counts the epochs already done)")
	hidden := fs.Int("hidden", def.Hidden, "hidden neurons per perspective: a multiple of 16 from 16 to 1024")
	buckets := fs.Int("buckets", def.Buckets, "output buckets by the number of pieces on the board, 1 to 8")
	kingBuckets := fs.Int("king-buckets", def.KingBuckets, "king input buckets: 1 (none), 4, 8 or 16, each a layout by the own king's square with the board mirrored to put the king on files e-h (docs/nnue.md)")
	epochs := fs.Int("epochs", def.Epochs, "train until this many epochs (passes over the training positions) are done")
	batch := fs.Int("batch", def.Batch, "positions per optimiser step")
	lr := fs.Float64("lr", def.LR, "AdamW learning rate")
	lrDrop := fs.Int("lr-drop", def.LRDrop, "multiply the learning rate by -lr-gamma every this many `epochs` (0: never)")
	lrGamma := fs.Float64("lr-gamma", def.LRGamma, "learning rate factor of -lr-drop")
	wd := fs.Float64("wd", def.WD, "AdamW weight decay of the weights (not the biases)")
	lambda := fs.Float64("lambda", def.Lambda, "target = lambda*sigmoid(score/scale) + (1-lambda)*result")
	scale := fs.Int("scale", def.Scale, fmt.Sprintf("the K of sigmoid(score/K) in the target, and the net's centipawns per unit of output (%d to %d)", nnue.MinScale, nnue.MaxScale))
	power := fs.Float64("power", def.Power, "loss = mean |sigmoid(output) - target|^power")
	val := fs.Float64("val", 0.05, "hold out this fraction of the games (0 to 0.5) to measure the validation loss")
	threads := fs.Int("threads", runtime.NumCPU(), "worker goroutines (results are reproducible for a given seed and number of threads)")
	seed := fs.Uint64("seed", def.Seed, "seed of the initialisation, the validation split and the shuffles")
	mirror := fs.Bool("mirror", def.Mirror, "train positions without castling rights mirrored left to right in about every other epoch")
	progress := fs.Duration("progress", time.Minute, "report the training loss within an epoch at this interval (0: only at the end of epochs)")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the training (after the data are loaded) to `file` (go tool pprof)")
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	if len(files) == 0 || *out == "" {
		fmt.Fprintln(stderr, trainUsage)
		return 2
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if *ckpt == "" {
		*ckpt = *out + ".ckpt"
	}
	opt := train.Options{Hidden: *hidden, Buckets: *buckets, KingBuckets: *kingBuckets, Epochs: *epochs, Batch: *batch, LR: *lr, LRDrop: *lrDrop, LRGamma: *lrGamma,
		WD: *wd, Lambda: *lambda, Scale: *scale, Power: *power, Threads: *threads, Seed: *seed, Mirror: *mirror,
		Checkpoint: *ckpt, Out: *out, Best: *best, Progress: stderr, ProgressEvery: *progress}
	if err := opt.Check(); err != nil {
		fmt.Fprintf(stderr, "train: %v\n", err)
		return 2
	}
	if *val < 0 || *val > 0.5 {
		fmt.Fprintf(stderr, "train: -val %g: want 0 to 0.5\n", *val)
		return 2
	}
	var prof *os.File // opened before the data are loaded, so that a bad path fails at once
	if *cpuProfile != "" {
		if prof, err = os.Create(*cpuProfile); err != nil {
			fmt.Fprintf(stderr, "train: %v\n", err)
			return 2
		}
		defer prof.Close()
	}
	tr, opt, rc := startTrainer(opt, *resume, set, stderr)
	if tr == nil {
		return rc
	}

	began := time.Now()
	ds, err := train.Load(files, *val, opt.Seed)
	if err != nil {
		fmt.Fprintf(stderr, "train: %v\n", err)
		return 1
	}
	if ds.NoGameMarks {
		fmt.Fprintln(stderr, "train: warning: no record marks the start of a game (data written before datagen marked them): blocks of 64 records are held out instead of games")
	}
	n := len(ds.Train) + len(ds.Val)
	fmt.Fprintf(stderr, "train: %d positions from %d files loaded in %.1fs (%.1f MB in memory): %d for training (%d games), %d for validation (%d games)\n",
		n, len(files), time.Since(began).Seconds(), float64(int64(n)*data.RecordSize+int64(len(ds.Train))*4)/(1<<20),
		len(ds.Train), ds.TrainGames, len(ds.Val), ds.ValGames)
	sched := "constant"
	if opt.LRDrop > 0 {
		sched = fmt.Sprintf("x%g every %d epochs", opt.LRGamma, opt.LRDrop)
	}
	from := "new net"
	if *resume != "" {
		from = fmt.Sprintf("resuming %s after %d epochs", *resume, tr.Epoch())
	}
	fmt.Fprintf(stderr, "train: %s, hidden %d, %d output buckets, %d king buckets, %d threads, batch %d, lr %g (%s), wd %g, lambda %g, scale %d, power %g, seed %d, %d epochs\n",
		from, opt.Hidden, opt.Buckets, max(opt.KingBuckets, 1), opt.Threads, opt.Batch, opt.LR, sched, opt.WD, opt.Lambda, opt.Scale, opt.Power, opt.Seed, opt.Epochs)
	if prof != nil {
		if err := pprof.StartCPUProfile(prof); err != nil {
			fmt.Fprintf(stderr, "train: %v\n", err)
			return 2
		}
		defer pprof.StopCPUProfile()
	}
	if started != nil {
		started()
	}
	stopped, err := tr.Run(ds, stop)
	if err != nil {
		fmt.Fprintf(stderr, "train: %v\n", err)
		return 1
	}
	state := "done"
	if stopped {
		state = "stopped"
	}
	fmt.Fprintf(stdout, "%s after %d of %d epochs in %.1fs: net %s, checkpoint %s\n", state, tr.Epoch(), opt.Epochs, time.Since(began).Seconds(), *out, *ckpt)
	return 0
}

// startTrainer returns a new trainer of the options opt, or with resume
// the trainer of that checkpoint (refusing a flag set, as set says, that
// contradicts it), and the options it runs with; or nil and an exit code.
func startTrainer(opt train.Options, resume string, set map[string]bool, stderr io.Writer) (*train.Trainer, train.Options, int) {
	if resume == "" {
		if err := train.CheckHidden(opt.Hidden); err != nil {
			fmt.Fprintf(stderr, "train: -hidden: %v\n", err)
			return nil, opt, 2
		}
		if err := train.CheckBuckets(opt.Buckets); err != nil {
			fmt.Fprintf(stderr, "train: -buckets: %v\n", err)
			return nil, opt, 2
		}
		if _, err := nnue.KingLayoutFor(opt.KingBuckets); err != nil {
			fmt.Fprintf(stderr, "train: -king-buckets: %v\n", err)
			return nil, opt, 2
		}
		tr, err := train.NewTrainer(opt)
		if err != nil {
			fmt.Fprintf(stderr, "train: %v\n", err)
			return nil, opt, 1
		}
		return tr, opt, 0
	}
	tr, err := train.LoadCheckpoint(resume, opt)
	if err != nil {
		fmt.Fprintf(stderr, "train: %v\n", err)
		return nil, opt, 1
	}
	got := tr.Options()
	for _, c := range []struct {
		flag, what string
		want, have int
	}{
		{"hidden", "hidden neurons", opt.Hidden, got.Hidden},
		{"buckets", "output buckets", opt.Buckets, got.Buckets},
		{"king-buckets", "king buckets", opt.KingBuckets, got.KingBuckets},
	} {
		if set[c.flag] && c.want != c.have {
			fmt.Fprintf(stderr, "train: -%s %d, but the checkpoint %s has %d %s\n", c.flag, c.want, resume, c.have, c.what)
			return nil, opt, 2
		}
	}
	if set["seed"] && got.Seed != opt.Seed {
		fmt.Fprintf(stderr, "train: warning: -seed %d ignored: the checkpoint's run has seed %d\n", opt.Seed, got.Seed)
	}
	return tr, got, 0
}
