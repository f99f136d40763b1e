// The wdl subcommand: the win/draw/loss model behind UCI_ShowWDL
// (package wdl, engine/wdl.go). `brudno wdl -fit` fits it to the NNUE
// training records of Brudno's self-play games and prints the fit and
// its calibration (package wdl describes the fit); `brudno wdl SCORE
// MATERIAL|MOVE|FEN` evaluates the model in use: W D L per mille for the
// side to move at SCORE centipawns, given the value of the model's
// variable (the material in pawn units, or the move number, whichever
// the model is fitted on) or a position.

package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"brudno/board"
	"brudno/engine"
	"brudno/nnue/data"
	"brudno/wdl"
)

// readWDLData reads the records of the named files; games whose number
// (counted over all files) is holdout-1 modulo holdout are held out.
func readWDLData(names []string, holdout int, stderr io.Writer) (*wdl.Data, error) {
	d := &wdl.Data{Holdout: holdout}
	for _, name := range names {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		d.Files = append(d.Files, filepath.Base(name))
		rd := data.NewReader(f)
		for {
			rec, err := rd.Read()
			if err == io.EOF {
				break
			}
			if errors.Is(err, data.ErrTruncated) {
				// A file still being written: use its whole records.
				fmt.Fprintf(stderr, "wdl: %s: %v; using the records before it\n", name, err)
				break
			}
			if err != nil {
				f.Close()
				return nil, fmt.Errorf("%s: %v", name, err)
			}
			d.Add(&rec)
		}
		f.Close()
	}
	return d, nil
}

// wdlQuery prints W D L of the model in use at score s for the value of
// its variable (material or move number, as the model has it) in rest,
// or for a FEN.
func wdlQuery(s int, rest []string, stdout, stderr io.Writer) int {
	m := engine.CurrentWDLModel()
	v, err := strconv.Atoi(rest[0])
	if len(rest) > 1 || err != nil {
		pos, ferr := board.ParseFEN(strings.Join(rest, " "))
		if ferr != nil {
			fmt.Fprintf(stderr, "wdl: %q is neither a number (the %s) nor a FEN: %v\n", strings.Join(rest, " "), m.Var, ferr)
			return 2
		}
		v = m.Value(pos)
	}
	e := m.PerMille(s, v)
	fmt.Fprintf(stdout, "%d %d %d\n", e.Win, e.Draw, e.Loss)
	return 0
}

// wdlFitFlags are the flags of `brudno wdl -fit`.
type wdlFitFlags struct {
	out, plot string
	vars      []wdl.Variable
	holdout   int
}

func cmdWDL(args []string, stdout, stderr io.Writer) int {
	if len(args) >= 2 {
		if s, err := strconv.Atoi(args[0]); err == nil {
			return wdlQuery(s, args[1:], stdout, stderr)
		}
	}
	fs := flag.NewFlagSet("wdl", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fit := fs.Bool("fit", false, "fit the model to the DATAFILEs")
	var ff wdlFitFlags
	fs.StringVar(&ff.out, "out", "", "write the fitted model as a Go file (engine/wdl_model.go)")
	varName := fs.String("var", "auto", "the variable of a(x) and b(x): material, move, or auto (the better on the held-out games)")
	fs.IntVar(&ff.holdout, "holdout", 10, "hold out every Nth game")
	fs.StringVar(&ff.plot, "plot", "", "draw the fitted curves and the held-out outcomes in an SVG file")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: brudno wdl SCORE MATERIAL|MOVE|FEN\n       brudno wdl -fit [-out FILE] [-var auto|material|move] [-holdout 10] [-plot FILE.svg] DATAFILE...\n")
		fs.PrintDefaults()
	}
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	if !*fit || len(files) == 0 || ff.holdout < 2 && ff.holdout != 0 {
		fs.Usage()
		return 2
	}
	switch *varName {
	case "auto":
		ff.vars = []wdl.Variable{wdl.VarMaterial, wdl.VarMove}
	case string(wdl.VarMaterial), string(wdl.VarMove):
		ff.vars = []wdl.Variable{wdl.Variable(*varName)}
	default:
		fmt.Fprintf(stderr, "wdl: -var %q: want material, move or auto\n", *varName)
		return 2
	}
	if err := wdlFit(files, ff, stdout, stderr); err != nil {
		fmt.Fprintf(stderr, "wdl: %v\n", err)
		return 1
	}
	return 0
}

// wdlFit reads the files, fits the model by each variable of ff and
// prints the fits, the chosen one's curve and calibration, and the files
// ff asks for.
func wdlFit(files []string, ff wdlFitFlags, stdout, stderr io.Writer) error {
	d, err := readWDLData(files, ff.holdout, stderr)
	if err != nil {
		return err
	}
	outs := d.Outcomes()
	fmt.Fprintf(stdout, "%d positions of %d games (%d corrupt records left out); side to move won %d, drew %d, lost %d\n",
		len(d.Samples), d.Games, d.Skipped, outs[wdl.Win], outs[wdl.Draw], outs[wdl.Loss])
	var fits []*wdl.Fit
	for _, v := range ff.vars {
		r, err := wdl.FitVariable(d, v)
		if err != nil {
			return err
		}
		fits = append(fits, r)
		se := r.StdErrors()
		fmt.Fprintf(stdout, "by %s: %d iterations; mean log-likelihood per position: fitted %.5f (score ignored %.5f), held out %.5f (%.5f) over %.0f positions\n  %s\n  standard errors: A %.3g, B %.3g\n",
			v, r.Iters, r.TrainLL, r.TrainBase, r.HeldLL, r.HeldBase, r.HeldN, wdl.Coefficients(&r.Model), se[:4], se[4:])
	}
	best, other := wdl.Choose(fits)
	if other != nil {
		fmt.Fprintf(stdout, "chosen: %s (held-out log-likelihood %.5f against %.5f)\n", best.Model.Var, best.HeldLL, other.HeldLL)
	}
	if best.HeldN > 0 {
		// The model in use on the same held-out games: how much a refit gains.
		cur := engine.CurrentWDLModel()
		ll, n := d.HeldOutLogLik(&cur)
		fmt.Fprintf(stdout, "the model in use (by %s) on the held-out games: mean log-likelihood %.5f, the fit's %.5f\n", cur.Var, ll/n, best.HeldLL)
	}
	wdl.WriteCurveTable(stdout, &best.Model)
	if best.HeldN > 0 {
		wdl.WriteCalibration(stdout, &best.Model, d.Samples)
	}
	if ff.out != "" {
		src, err := wdl.GoFile(best, d, other)
		if err == nil {
			err = os.WriteFile(ff.out, src, 0o644)
		}
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %s\n", ff.out)
	}
	if ff.plot != "" {
		if err := os.WriteFile(ff.plot, wdl.SVG(&best.Model, d.Samples), 0o644); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %s\n", ff.plot)
	}
	return nil
}
