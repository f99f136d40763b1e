// The datagen-info subcommand: a summary of NNUE training-data files (the
// 32-byte records `brudno datagen -format bin` writes) to check them:
// the number of records, the results, the scores and the first records
// as FENs. Every record is decoded, so a corrupt one is found and named.
// With -net it also measures how far the hand-crafted evaluation and a
// network are from the records' search scores, by the number of pieces;
// with -fit-scale it finds the scale K at which sigmoid(score/K) best
// predicts the games' results (for `brudno train -scale`).

package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"

	"brudno/board"
	"brudno/eval"
	"brudno/nnue"
	"brudno/nnue/data"
)

// dataStats summarises records.
type dataStats struct {
	records  int64
	games    int64    // records marked as a game's first
	results  [3]int64 // by data.Result
	scoreSum int64
	absSum   int64
	big      int64 // |score| > 1000
	min, max int
}

func (st *dataStats) add(score int, res data.Result) {
	if st.records == 0 || score < st.min {
		st.min = score
	}
	if st.records == 0 || score > st.max {
		st.max = score
	}
	st.records++
	st.results[res]++
	st.scoreSum += int64(score)
	st.absSum += int64(abs(score))
	if abs(score) > 1000 {
		st.big++
	}
}

func (st *dataStats) merge(o *dataStats) {
	if o.records == 0 {
		return
	}
	if st.records == 0 || o.min < st.min {
		st.min = o.min
	}
	if st.records == 0 || o.max > st.max {
		st.max = o.max
	}
	st.records += o.records
	st.games += o.games
	for i := range st.results {
		st.results[i] += o.results[i]
	}
	st.scoreSum += o.scoreSum
	st.absSum += o.absSum
	st.big += o.big
}

func (st *dataStats) print(w io.Writer, name string) {
	fmt.Fprintf(w, "%s: %d records (%d bytes), %d games\n", name, st.records, st.records*data.RecordSize, st.games)
	if st.records == 0 {
		return
	}
	n := float64(st.records)
	pct := func(k int64) float64 { return 100 * float64(k) / n }
	fmt.Fprintf(w, "  results: White won %d (%.1f%%), drawn %d (%.1f%%), Black won %d (%.1f%%)\n",
		st.results[data.WhiteWin], pct(st.results[data.WhiteWin]), st.results[data.Draw], pct(st.results[data.Draw]),
		st.results[data.BlackWin], pct(st.results[data.BlackWin]))
	fmt.Fprintf(w, "  scores (side to move, cp): mean %.1f, mean |score| %.1f, min %d, max %d, |score| > 1000: %d (%.2f%%)\n",
		float64(st.scoreSum)/n, float64(st.absSum)/n, st.min, st.max, st.big, pct(st.big))
}

func cmdDatagenInfo(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("datagen-info", flag.ContinueOnError)
	fs.SetOutput(stderr)
	show := fs.Int("show", 5, "print the first `N` records of each file as FENs with score and result")
	netFile := fs.String("net", "", "also compare the hand-crafted evaluation and this network `file` with the records' search scores, by the number of pieces")
	fitScale := fs.Bool("fit-scale", false, "also find the K (50 to 1000) at which sigmoid(score/K) best predicts the results, by least squares (train -scale)")
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	if len(files) == 0 || *show < 0 {
		fmt.Fprintln(stderr, "usage: brudno datagen-info [-show N] [-net NET] [-fit-scale] FILE...  (files of `brudno datagen -format bin`)")
		return 2
	}
	var cmp *evalComparison
	if *netFile != "" {
		net, err := nnue.LoadFile(*netFile)
		if err != nil {
			fmt.Fprintf(stderr, "datagen-info: -net: %v\n", err)
			return 2
		}
		cmp = newEvalComparison(net)
	}
	var fit *scaleFit
	if *fitScale {
		fit = new(scaleFit)
	}
	var total dataStats
	for _, name := range files {
		st, err := dataFileInfo(name, *show, cmp, fit, stdout)
		if err != nil {
			fmt.Fprintf(stderr, "datagen-info: %s: %v\n", name, err)
			return 1
		}
		total.merge(st)
	}
	if len(files) > 1 {
		total.print(stdout, fmt.Sprintf("all %d files", len(files)))
	}
	if cmp != nil {
		cmp.print(stdout, *netFile)
	}
	if fit != nil {
		fit.print(stdout)
	}
	return 0
}

// scaleFitMax is the largest |score| scaleFit tells apart; larger scores
// count as ±scaleFitMax (datagen's files have a few in 100,000).
const scaleFitMax = 4000

// scaleFit counts the records by score and result, to find the K at
// which sigmoid(score/K), the trainer's reading of a score as an expected
// result, is nearest the results in the least-squares sense.
type scaleFit struct {
	n [2*scaleFitMax + 1][3]int64 // by score + scaleFitMax and the side to move's result: 0 lost, 1 drawn, 2 won
}

// add counts a record: its score and the result for the side to move.
func (f *scaleFit) add(score int, stm board.Color, res data.Result) {
	r := int(res) // White's point of view: 0 Black won, 1 draw, 2 White won
	if stm == board.Black {
		r = 2 - r
	}
	f.n[max(-scaleFitMax, min(score, scaleFitMax))+scaleFitMax][r]++
}

// mse is the mean of (sigmoid(score/k) - result)² over the counted
// records, the result 0, 0.5 or 1 for the side to move.
func (f *scaleFit) mse(k float64) float64 {
	var sum, n float64
	for i := range f.n {
		p := 1 / (1 + math.Exp(-float64(i-scaleFitMax)/k))
		for r, c := range f.n[i] {
			if c != 0 {
				d := p - float64(r)/2
				sum += float64(c) * d * d
				n += float64(c)
			}
		}
	}
	return ratio(sum, n)
}

// best returns the K from 50 to 1000, in steps of 5, with the least mse.
func (f *scaleFit) best() (k int, mse float64) {
	for c := 50; c <= 1000; c += 5 {
		if m := f.mse(float64(c)); k == 0 || m < mse {
			k, mse = c, m
		}
	}
	return k, mse
}

func (f *scaleFit) print(w io.Writer) {
	k, m := f.best()
	fmt.Fprintf(w, "scale fit: sigmoid(score/K) predicts the results best at K = %d (mean squared error %.5f; at K = 400, the trainer's default, %.5f)\n", k, m, f.mse(400))
}

// evalComparison gathers how far the hand-crafted evaluation and a
// network are from the records' search scores, in bands of the number
// of pieces on the board (kings included).
type evalComparison struct {
	hce  *eval.Evaluator
	nn   *nnue.Evaluator
	band [5]struct {
		n              float64
		hceAbs, netAbs float64 // sum of |evaluation - score|, centipawns
		hceSig, netSig float64 // sum of (sigmoid(evaluation/400) - sigmoid(score/400))^2
		hceXS, netXS   float64 // sum of evaluation·score, both clamped to ±1000
		ss             float64 // sum of score², clamped likewise
	}
}

func newEvalComparison(net *nnue.Net) *evalComparison {
	return &evalComparison{hce: eval.NewEvaluator(), nn: net.NewEvaluator()}
}

func (c *evalComparison) add(pos *board.Position, score int) {
	c.nn.Reset(pos)
	h, e, s := float64(c.hce.Evaluate(pos)), float64(c.nn.Evaluate(pos)), float64(score)
	sig := func(x float64) float64 { return 1 / (1 + math.Exp(-x/400)) }
	b := &c.band[min(pos.Occupied().Count()/7, len(c.band)-1)]
	b.n++
	b.hceAbs += math.Abs(h - s)
	b.netAbs += math.Abs(e - s)
	b.hceSig += (sig(h) - sig(s)) * (sig(h) - sig(s))
	b.netSig += (sig(e) - sig(s)) * (sig(e) - sig(s))
	cl := func(x float64) float64 { return max(-1000, min(x, 1000)) }
	b.hceXS += cl(h) * cl(s)
	b.netXS += cl(e) * cl(s)
	b.ss += cl(s) * cl(s)
}

func (c *evalComparison) print(w io.Writer, netName string) {
	fmt.Fprintf(w, "evaluations against the search scores (HCE, and the network %s):\n", netName)
	fmt.Fprintf(w, "(scale: the least-squares slope of the evaluation on the score through 0, both clamped to ±1000 cp; 1 is the scores' own scale)\n")
	fmt.Fprintf(w, "| pieces | positions | mean abs HCE - score | mean abs net - score | sigmoid error HCE | sigmoid error net | scale HCE | scale net |\n|---|---:|---:|---:|---:|---:|---:|---:|\n")
	for i, b := range c.band {
		if b.n == 0 {
			continue
		}
		label := fmt.Sprintf("%d-%d", 7*i, 7*i+6)
		if i == len(c.band)-1 {
			label = fmt.Sprintf("%d+", 7*i)
		}
		fmt.Fprintf(w, "| %s | %.0f | %.0f | %.0f | %.5f | %.5f | %.2f | %.2f |\n", label, b.n, b.hceAbs/b.n, b.netAbs/b.n, b.hceSig/b.n, b.netSig/b.n,
			ratio(b.hceXS, b.ss), ratio(b.netXS, b.ss))
	}
}

// dataFileInfo decodes every record of the named file, prints its
// summary and its first show records, adds the records to cmp and fit
// where they are not nil, and returns its statistics.
func dataFileInfo(name string, show int, cmp *evalComparison, fit *scaleFit, stdout io.Writer) (*dataStats, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil {
		return nil, err
	} else if !fi.Mode().IsRegular() {
		return nil, errors.New("not a regular file")
	}
	r := data.NewReader(f)
	var st dataStats
	var first []string
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if errors.Is(err, data.ErrTruncated) {
			return nil, fmt.Errorf("%w (a run killed while writing leaves this; `brudno datagen -format bin -append` on the file cuts it off)", err)
		}
		if err != nil {
			return nil, err
		}
		pos, score, res, err := data.Decode(rec)
		if err != nil {
			return nil, fmt.Errorf("record %d: %w", r.Count(), err)
		}
		st.add(score, res)
		if cmp != nil {
			cmp.add(pos, score)
		}
		if fit != nil {
			fit.add(score, pos.Side(), res)
		}
		if rec.GameStart() {
			st.games++
		}
		if len(first) < show {
			first = append(first, fmt.Sprintf("    %s  score %d  result %v", pos.FEN(), score, res))
		}
	}
	st.print(stdout, name)
	if len(first) > 0 {
		fmt.Fprintf(stdout, "  first %d records:\n", len(first))
		for _, l := range first {
			fmt.Fprintln(stdout, l)
		}
	}
	return &st, nil
}

// ratio returns a/b, or 0 when b is 0.
func ratio(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
}
