// The train subcommand: trains the NNUE network (package nnue/train) on
// files of 32-byte records from `brudno datagen -format bin` and writes
// the quantised net. It holds out whole games for validation, reports the
// losses every epoch on stderr, writes a checkpoint and the net after
// every epoch, and on SIGINT or SIGTERM finishes the batch in progress,
// writes both and exits with status 3 (trainStopped), so that a script
// does not take the unfinished net for a finished one; -resume goes on
// from a checkpoint, and -init starts a new run from the weights of a
// net file.

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

const trainUsage = "usage: brudno train -out NET [-checkpoint FILE] [-resume FILE] [-init NET] [-hidden 256] [-buckets 1] [-king-buckets 1] [-factor] [-epochs 20] [-batch 16384] [-lr 0.001] [-lr-drop 15] [-lr-gamma 0.1] [-wd 0.01] [-lambda 1] [-scale 400] [-power 2] [-val 0.05] [-threads N] [-seed 1] [-mirror] [-best FILE] [-progress 1m] [-cpuprofile FILE] DATAFILE...  (files of `brudno datagen -format bin`)"

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

// trainFlags are the flags of `brudno train` that are not fields of
// train.Options.
type trainFlags struct {
	resume, init, cpuProfile string
	val                      float64
}

// registerTrainFlags registers the flags of `brudno train`, those of
// train.Options straight into opt.
func registerTrainFlags(fs *flag.FlagSet, opt *train.Options, tf *trainFlags) {
	def := train.DefaultOptions()
	fs.StringVar(&opt.Out, "out", "", "write the quantised net to this `file` (after every epoch and at the end)")
	fs.StringVar(&opt.Best, "best", "", "also write the net of the epoch with the lowest validation loss of the run to this `file`")
	fs.StringVar(&opt.Checkpoint, "checkpoint", "", "write the training state to this `file` after every epoch and when stopped (default NET.ckpt)")
	fs.StringVar(&tf.resume, "resume", "", "go on from this checkpoint `file` (its hidden layer size, buckets and seed; the other settings from the flags; -epochs counts the epochs already done)")
	fs.StringVar(&tf.init, "init", "", "start a new run from the weights of this net `file` (its hidden layer size, buckets, king buckets and scale; a larger -hidden adds neurons, and a net without king buckets grows those of -king-buckets) instead of random ones")
	fs.IntVar(&opt.Hidden, "hidden", def.Hidden, "hidden neurons per perspective: a multiple of 16 from 16 to 1024 (with -init: the net's, or more to add neurons)")
	fs.IntVar(&opt.Buckets, "buckets", def.Buckets, "output buckets by the number of pieces on the board, 1 to 8")
	fs.IntVar(&opt.KingBuckets, "king-buckets", def.KingBuckets, "king input buckets: 1 (none), 4, 8 or 16, each a layout by the own king's square with the board mirrored to put the king on files e-h (docs/nnue.md)")
	fs.BoolVar(&opt.Factor, "factor", def.Factor, "train the king buckets with a factor: feature rows that all the buckets share, merged into each bucket's weights in the net file (docs/nnue.md)")
	fs.IntVar(&opt.Epochs, "epochs", def.Epochs, "train until this many epochs (passes over the training positions) are done")
	fs.IntVar(&opt.Batch, "batch", def.Batch, "positions per optimiser step")
	fs.Float64Var(&opt.LR, "lr", def.LR, "AdamW learning rate")
	fs.IntVar(&opt.LRDrop, "lr-drop", def.LRDrop, "multiply the learning rate by -lr-gamma every this many `epochs` (0: never)")
	fs.Float64Var(&opt.LRGamma, "lr-gamma", def.LRGamma, "learning rate factor of -lr-drop")
	fs.Float64Var(&opt.WD, "wd", def.WD, "AdamW weight decay of the weights (not the biases)")
	fs.Float64Var(&opt.Lambda, "lambda", def.Lambda, "target = lambda*sigmoid(score/scale) + (1-lambda)*result")
	fs.IntVar(&opt.Scale, "scale", def.Scale, fmt.Sprintf("the K of sigmoid(score/K) in the target, and the net's centipawns per unit of output (%d to %d)", nnue.MinScale, nnue.MaxScale))
	fs.Float64Var(&opt.Power, "power", def.Power, "loss = mean |sigmoid(output) - target|^power")
	fs.Float64Var(&tf.val, "val", 0.05, "hold out this fraction of the games (0 to 0.5) to measure the validation loss")
	fs.IntVar(&opt.Threads, "threads", runtime.NumCPU(), "worker goroutines (results are reproducible for a given seed and number of threads)")
	fs.Uint64Var(&opt.Seed, "seed", def.Seed, "seed of the initialisation, the validation split and the shuffles")
	fs.BoolVar(&opt.Mirror, "mirror", def.Mirror, "train positions without castling rights mirrored left to right in about every other epoch")
	fs.DurationVar(&opt.ProgressEvery, "progress", time.Minute, "report the training loss within an epoch at this interval (0: only at the end of epochs)")
	fs.StringVar(&tf.cpuProfile, "cpuprofile", "", "write a CPU profile of the training (after the data are loaded) to `file` (go tool pprof)")
}

// runTrain is cmdTrain without the signal handling: closing stop has the
// effect of a signal. started (if not nil) is called when training
// begins.
func runTrain(args []string, stop <-chan struct{}, started func(), stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("train", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, trainUsage)
		fs.PrintDefaults()
	}
	var opt train.Options
	var tf trainFlags
	registerTrainFlags(fs, &opt, &tf)
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	if len(files) == 0 || opt.Out == "" {
		fmt.Fprintln(stderr, trainUsage)
		return 2
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if opt.Checkpoint == "" {
		opt.Checkpoint = opt.Out + ".ckpt"
	}
	opt.Progress = stderr
	if tf.resume != "" && tf.init != "" {
		fmt.Fprintln(stderr, "train: -resume and -init: a resumed run has its checkpoint's weights")
		return 2
	}
	early := opt
	if tf.resume != "" || tf.init != "" {
		early.Factor = false // the checkpoint's or the net's king buckets decide, once it is read (startTrainer)
	}
	if err := early.Check(); err != nil {
		fmt.Fprintf(stderr, "train: %v\n", err)
		return 2
	}
	if tf.val < 0 || tf.val > 0.5 {
		fmt.Fprintf(stderr, "train: -val %g: want 0 to 0.5\n", tf.val)
		return 2
	}
	var prof *os.File // opened before the data are loaded, so that a bad path fails at once
	if tf.cpuProfile != "" {
		if prof, err = os.Create(tf.cpuProfile); err != nil {
			fmt.Fprintf(stderr, "train: %v\n", err)
			return 2
		}
		defer prof.Close()
	}
	out, ckpt := opt.Out, opt.Checkpoint // as the flags give them
	tr, opt, rc := startTrainer(opt, tf, set, stderr)
	if tr == nil {
		return rc
	}

	began := time.Now()
	ds, err := train.Load(files, tf.val, opt.Seed)
	if err != nil {
		fmt.Fprintf(stderr, "train: %v\n", err)
		return 1
	}
	reportTrainStart(stderr, ds, len(files), began, opt, tf, tr)
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
	fmt.Fprintf(stdout, "%s after %d of %d epochs in %.1fs: net %s, checkpoint %s\n", state, tr.Epoch(), opt.Epochs, time.Since(began).Seconds(), out, ckpt)
	if stopped {
		return trainStopped
	}
	return 0
}

// trainStopped is the exit status of a run stopped by a signal before its
// last epoch: the net and the checkpoint are written, the run unfinished.
const trainStopped = 3

// reportTrainStart says on w what was loaded from how many files since
// began and how the trainer tr (new, from the net tf.init, or resumed
// from the checkpoint tf.resume) will train with opt.
func reportTrainStart(w io.Writer, ds *train.Dataset, files int, began time.Time, opt train.Options, tf trainFlags, tr *train.Trainer) {
	if ds.NoGameMarks {
		fmt.Fprintln(w, "train: warning: no record marks the start of a game (data written before datagen marked them): blocks of 64 records are held out instead of games")
	}
	n := len(ds.Train) + len(ds.Val)
	fmt.Fprintf(w, "train: %d positions from %d files loaded in %.1fs (%.1f MB in memory): %d for training (%d games), %d for validation (%d games)\n",
		n, files, time.Since(began).Seconds(), float64(int64(n)*data.RecordSize+int64(len(ds.Train))*4)/(1<<20),
		len(ds.Train), ds.TrainGames, len(ds.Val), ds.ValGames)
	sched := "constant"
	if opt.LRDrop > 0 {
		sched = fmt.Sprintf("x%g every %d epochs", opt.LRGamma, opt.LRDrop)
	}
	from := "new net"
	switch {
	case tf.resume != "":
		from = fmt.Sprintf("resuming %s after %d epochs", tf.resume, tr.Epoch())
	case tf.init != "":
		from = fmt.Sprintf("new run from the net %s", tf.init)
	}
	kings := fmt.Sprintf("%d king buckets", max(opt.KingBuckets, 1))
	if opt.Factor {
		kings += " with a factor"
	}
	fmt.Fprintf(w, "train: %s, hidden %d, %d output buckets, %s, %d threads, batch %d, lr %g (%s), wd %g, lambda %g, scale %d, power %g, seed %d, %d epochs\n",
		from, opt.Hidden, opt.Buckets, kings, opt.Threads, opt.Batch, opt.LR, sched, opt.WD, opt.Lambda, opt.Scale, opt.Power, opt.Seed, opt.Epochs)
}

// startTrainer returns a new trainer of the options opt, with tf.init
// one that starts from that net, or with tf.resume the trainer of that
// checkpoint (refusing a flag set, as set says, that contradicts the net
// or the checkpoint), and the options it runs with; or nil and an exit
// code.
func startTrainer(opt train.Options, tf trainFlags, set map[string]bool, stderr io.Writer) (*train.Trainer, train.Options, int) {
	if tf.init != "" {
		return initTrainer(opt, tf.init, set, stderr)
	}
	resume := tf.resume
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
	if set["factor"] && opt.Factor != got.Factor {
		fmt.Fprintf(stderr, "train: -factor=%v, but the checkpoint %s was trained with -factor=%v\n", opt.Factor, resume, got.Factor)
		return nil, opt, 2
	}
	if set["seed"] && got.Seed != opt.Seed {
		fmt.Fprintf(stderr, "train: warning: -seed %d ignored: the checkpoint's run has seed %d\n", opt.Seed, got.Seed)
	}
	return tr, got, 0
}

// initTrainer is startTrainer for a run that starts from the weights of
// the net file name.
func initTrainer(opt train.Options, name string, set map[string]bool, stderr io.Writer) (*train.Trainer, train.Options, int) {
	q, err := nnue.LoadFile(name)
	if err != nil {
		fmt.Fprintf(stderr, "train: -init: %v\n", err)
		return nil, opt, 1
	}
	switch {
	case !set["hidden"]:
		opt.Hidden = q.Hidden() // not the default's
	case opt.Hidden < q.Hidden():
		fmt.Fprintf(stderr, "train: -hidden %d, but the net %s has %d hidden neurons: a run from a net keeps them all (a larger -hidden adds neurons)\n", opt.Hidden, name, q.Hidden())
		return nil, opt, 2
	case opt.Hidden > q.Hidden():
		if err := train.CheckHidden(opt.Hidden); err != nil {
			fmt.Fprintf(stderr, "train: -hidden: %v\n", err)
			return nil, opt, 2
		}
		fmt.Fprintf(stderr, "train: the net's %d hidden neurons grow to %d: the new ones start with output weights 0, so the run starts with the net's evaluation\n", q.Hidden(), opt.Hidden)
	}
	for _, c := range []struct {
		flag, what string
		want, have int
	}{
		{"buckets", "output buckets", opt.Buckets, q.Buckets()},
		{"king-buckets", "king buckets", opt.KingBuckets, q.KingBuckets()},
		{"scale", "as its scale", opt.Scale, q.Scale()},
	} {
		grows := c.flag == "king-buckets" && c.have == 1 && c.want > 1 // a net without king buckets grows them
		if set[c.flag] && c.want != c.have && !grows {
			fmt.Fprintf(stderr, "train: -%s %d, but the net %s has %d %s\n", c.flag, c.want, name, c.have, c.what)
			return nil, opt, 2
		}
	}
	if opt.Factor && q.KingBuckets() == 1 && opt.KingBuckets <= 1 {
		fmt.Fprintf(stderr, "train: -factor: the net %s has no king buckets; -king-buckets K grows them\n", name)
		return nil, opt, 2
	}
	tr, err := train.NewTrainerFrom(train.FromNet(q), opt)
	if err != nil {
		fmt.Fprintf(stderr, "train: -init %s: %v\n", name, err)
		return nil, opt, 2
	}
	return tr, tr.Options(), 0
}
