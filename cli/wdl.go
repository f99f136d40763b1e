// The wdl subcommand: the win/draw/loss model behind UCI_ShowWDL
// (engine/wdl.go). `brudno wdl -fit` fits it to the NNUE training records
// of Brudno's self-play games (docs/nnue-data.md: each record holds the
// position, the search score from the side to move's view and the game's
// result); `brudno wdl SCORE MATERIAL|MOVE|FEN` evaluates the model in
// use: W D L per mille for the side to move at SCORE centipawns, given
// the value of the model's variable (the material in pawn units, or the
// move number, whichever the model is fitted on) or a position.
//
// The fit: every record gives a score s, the model's variable v (the
// material, or the move number) and the outcome for the side to move
// (win, draw or loss: White's result turned round when Black is to move).
// Records are grouped in cells of equal (s, v), scores clamped to
// ±wdlScoreClamp, and the eight coefficients of a(x) and b(x) maximise
// the multinomial log-likelihood
//
//	sum over records of log P(outcome | s, v)
//
// by Fisher scoring (Newton's method with the expected Hessian, which is
// positive definite) with step halving, from a(x) = 150, b(x) = 100.
// Whole games are held out (every -holdout'th game, by the records'
// game-start flags) to compare the two variables and to check the
// calibration; the variable with the higher held-out likelihood is kept
// unless -var names one.

package cli

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"go/format"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"brudno/board"
	"brudno/engine"
	"brudno/nnue/data"
)

// wdlScoreClamp bounds the scores the fit sees: beyond it the outcome is
// all but certain, and a rare upset at 5,000 centipawns would only pull
// the curves about.
const wdlScoreClamp = 2000

// Outcomes for the side to move.
const (
	wdlWin = iota
	wdlDraw
	wdlLoss
)

// The model templates: the variable, its clamp range and scale.
var wdlTemplates = map[engine.WDLVariable]engine.WDLModel{
	engine.WDLMaterial: {Var: engine.WDLMaterial, Min: 10, Max: 78, Scale: 58},
	engine.WDLMove:     {Var: engine.WDLMove, Min: 5, Max: 100, Scale: 64},
}

// wdlSample is one record as the fit sees it.
type wdlSample struct {
	score int32
	mat   int16
	move  int32
	out   int8 // wdlWin, wdlDraw or wdlLoss for the side to move
	held  bool // from a held-out game
}

func (s *wdlSample) value(v engine.WDLVariable) int {
	if v == engine.WDLMove {
		return int(s.move)
	}
	return int(s.mat)
}

// wdlData is what the fit reads.
type wdlData struct {
	samples []wdlSample
	games   int
	skipped int // corrupt records left out
	files   []string
}

// recordMaterial returns the non-king material of a record's position in
// pawn units, read from its piece codes (docs/nnue-data.md).
func recordMaterial(r *data.Record) int {
	m := 0
	for i := 0; i < r.Occupied().Count() && i < 32; i++ {
		code := r[8+i/2] >> (4 * (i & 1)) & 15
		m += engine.PieceUnits(board.PieceType(code & 7))
	}
	return m
}

// readWDLData reads the records of the named files; games whose number
// (counted over all files) is holdout-1 modulo holdout are held out.
func readWDLData(names []string, holdout int, stderr io.Writer) (*wdlData, error) {
	d := &wdlData{}
	game := -1
	for _, name := range names {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		d.files = append(d.files, filepath.Base(name))
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
			if rec.GameStart() || game < 0 {
				game++
			}
			if _, err := rec.FEN(); err != nil {
				d.skipped++
				continue
			}
			// The result is White's (checked by FEN); turned round when
			// Black is to move (bit 4 of the flags byte).
			out := [3]int8{data.WhiteWin: wdlWin, data.Draw: wdlDraw, data.BlackWin: wdlLoss}[rec.Result()]
			if rec[29]&(1<<4) != 0 {
				out = wdlWin + wdlLoss - out
			}
			d.samples = append(d.samples, wdlSample{
				score: int32(rec.Score()),
				mat:   int16(recordMaterial(&rec)),
				move:  int32(uint16(rec[26]) | uint16(rec[27])<<8),
				out:   out,
				held:  holdout > 0 && game%holdout == holdout-1,
			})
		}
		f.Close()
	}
	d.games = game + 1
	return d, nil
}

// wdlCell is the records of one (score, clamped variable) pair.
type wdlCell struct {
	s float64
	v int
	n [3]float64 // by outcome
}

// wdlCells groups the training (held false) or held-out samples for the
// model template m.
func wdlCells(samples []wdlSample, m *engine.WDLModel, held bool) []wdlCell {
	type key struct{ s, v int32 }
	idx := map[key]int{}
	var cells []wdlCell
	for i := range samples {
		sm := &samples[i]
		if sm.held != held {
			continue
		}
		k := key{min(max(sm.score, -wdlScoreClamp), wdlScoreClamp), int32(min(max(sm.value(m.Var), m.Min), m.Max))}
		j, ok := idx[k]
		if !ok {
			j = len(cells)
			idx[k] = j
			cells = append(cells, wdlCell{s: float64(k.s), v: int(k.v)})
		}
		cells[j].n[sm.out]++
	}
	return cells
}

const wdlParams = 8 // A[0..3], B[0..3]

func wdlParamsOf(m *engine.WDLModel) (p [wdlParams]float64) {
	copy(p[:4], m.A[:])
	copy(p[4:], m.B[:])
	return p
}

func wdlSetParams(m *engine.WDLModel, p [wdlParams]float64) {
	copy(m.A[:], p[:4])
	copy(m.B[:], p[4:])
}

// wdlCellProbs returns the outcome probabilities of a cell with their
// derivatives by a and b, computed so that a small draw probability
// keeps its precision; ok is false when a or b is not positive there.
func wdlCellProbs(m *engine.WDLModel, c *wdlCell) (p [3]float64, da, db [3]float64, x float64, ok bool) {
	x = m.X(c.v)
	a, b := m.AB(c.v)
	if !(a > 0 && b > 0) {
		return p, da, db, x, false
	}
	sig := func(z float64) float64 { return 1 / (1 + math.Exp(-z)) }
	zw, zl := (c.s-a)/b, (-c.s-a)/b
	pw, qw := sig(zw), sig(-zw) // qw = 1 - pw
	pl, ql := sig(zl), sig(-zl)
	pd := qw - pl
	if c.s < 0 {
		pd = ql - pw
	}
	p = [3]float64{pw, pd, pl}
	// dσ(z)/dz = σ(z)σ(-z); z = (±s - a)/b.
	gw, gl := pw*qw, pl*ql
	da[wdlWin], db[wdlWin] = -gw/b, -gw*zw/b
	da[wdlLoss], db[wdlLoss] = -gl/b, -gl*zl/b
	da[wdlDraw], db[wdlDraw] = -(da[wdlWin] + da[wdlLoss]), -(db[wdlWin] + db[wdlLoss])
	return p, da, db, x, true
}

// wdlLogLik returns the log-likelihood of cells under m and the number of
// records; -Inf when m is not a valid model on them. With grad and fisher
// not nil it also returns the gradient and the Fisher information by the
// eight coefficients.
func wdlLogLik(m *engine.WDLModel, cells []wdlCell, grad *[wdlParams]float64, fisher *[wdlParams][wdlParams]float64) (ll, n float64) {
	for ci := range cells {
		c := &cells[ci]
		p, da, db, x, ok := wdlCellProbs(m, c)
		if !ok {
			return math.Inf(-1), 0
		}
		total := c.n[0] + c.n[1] + c.n[2]
		n += total
		for k := range 3 {
			if c.n[k] > 0 {
				if p[k] <= 0 {
					return math.Inf(-1), 0
				}
				ll += c.n[k] * math.Log(p[k])
			}
		}
		if grad == nil {
			continue
		}
		xp := [4]float64{1, x, x * x, x * x * x}
		for k := range 3 {
			if p[k] < 1e-300 {
				continue
			}
			var d [wdlParams]float64
			for j := range 4 {
				d[j], d[4+j] = da[k]*xp[j], db[k]*xp[j]
			}
			gk, fk := c.n[k]/p[k], total/p[k]
			for i := range wdlParams {
				grad[i] += gk * d[i]
				for j := i; j < wdlParams; j++ {
					fisher[i][j] += fk * d[i] * d[j]
				}
			}
		}
	}
	if fisher != nil {
		for i := range wdlParams {
			for j := 0; j < i; j++ {
				fisher[i][j] = fisher[j][i]
			}
		}
	}
	return ll, n
}

// solve solves A x = b by Gaussian elimination with partial pivoting.
func solve(a [wdlParams][wdlParams]float64, b [wdlParams]float64) ([wdlParams]float64, bool) {
	const n = wdlParams
	for col := range n {
		piv := col
		for r := col + 1; r < n; r++ {
			if math.Abs(a[r][col]) > math.Abs(a[piv][col]) {
				piv = r
			}
		}
		if a[piv][col] == 0 {
			return b, false
		}
		a[col], a[piv] = a[piv], a[col]
		b[col], b[piv] = b[piv], b[col]
		for r := col + 1; r < n; r++ {
			f := a[r][col] / a[col][col]
			for k := col; k < n; k++ {
				a[r][k] -= f * a[col][k]
			}
			b[r] -= f * b[col]
		}
	}
	var x [n]float64
	for r := n - 1; r >= 0; r-- {
		s := b[r]
		for k := r + 1; k < n; k++ {
			s -= a[r][k] * x[k]
		}
		x[r] = s / a[r][r]
	}
	return x, true
}

// fitWDL fits the coefficients of the template m to cells by Fisher
// scoring. It returns the model and the number of iterations.
func fitWDL(m engine.WDLModel, cells []wdlCell) (engine.WDLModel, int, error) {
	if len(cells) == 0 {
		return m, 0, errors.New("no data to fit")
	}
	m.A, m.B = [4]float64{150}, [4]float64{100}
	var grad [wdlParams]float64
	var fisher [wdlParams][wdlParams]float64
	ll, n := wdlLogLik(&m, cells, &grad, &fisher)
	if math.IsInf(ll, -1) {
		return m, 0, errors.New("the starting model does not fit the data")
	}
	const maxIter = 200
	for it := 1; it <= maxIter; it++ {
		for i := range wdlParams {
			fisher[i][i] *= 1 + 1e-9 // a touch of ridge against a singular matrix
		}
		step, ok := solve(fisher, grad)
		if !ok {
			return m, it, errors.New("singular information matrix (too little data?)")
		}
		p0 := wdlParamsOf(&m)
		improved := false
		for t := 1.0; t > 1e-6; t /= 2 {
			trial := m
			var p [wdlParams]float64
			for i := range p {
				p[i] = p0[i] + t*step[i]
			}
			wdlSetParams(&trial, p)
			if l, _ := wdlLogLik(&trial, cells, nil, nil); l > ll {
				gain := (l - ll) / n
				m, ll, improved = trial, l, true
				if gain < 1e-12 {
					return m, it, nil
				}
				break
			}
		}
		if !improved {
			return m, it, nil // no step along the direction gains: converged
		}
		grad, fisher = [wdlParams]float64{}, [wdlParams][wdlParams]float64{}
		ll, _ = wdlLogLik(&m, cells, &grad, &fisher)
	}
	return m, maxIter, nil
}

// wdlStdErrors returns the standard errors of the coefficients of m
// fitted to cells: the square roots of the diagonal of the inverse Fisher
// information (NaN where it is singular).
func wdlStdErrors(m *engine.WDLModel, cells []wdlCell) (se [wdlParams]float64) {
	var grad [wdlParams]float64
	var fisher [wdlParams][wdlParams]float64
	wdlLogLik(m, cells, &grad, &fisher)
	for i := range wdlParams {
		var e [wdlParams]float64
		e[i] = 1
		x, ok := solve(fisher, e)
		se[i] = math.NaN()
		if ok && x[i] > 0 {
			se[i] = math.Sqrt(x[i])
		}
	}
	return se
}

// wdlBaseline returns the log-likelihood of cells under constant outcome
// rates (those of fit), the score ignored.
func wdlBaseline(fit, cells []wdlCell) float64 {
	var rate [3]float64
	for _, c := range fit {
		for k := range 3 {
			rate[k] += c.n[k]
		}
	}
	tot := rate[0] + rate[1] + rate[2]
	ll := 0.0
	for _, c := range cells {
		for k := range 3 {
			if c.n[k] > 0 {
				ll += c.n[k] * math.Log(rate[k]/tot)
			}
		}
	}
	return ll
}

// wdlFitResult is the fit of one variable.
type wdlFitResult struct {
	model               engine.WDLModel
	iters               int
	train, held         []wdlCell
	trainLL, heldLL     float64 // mean per position
	trainN, heldN       float64
	heldBase, trainBase float64 // mean per position, score ignored
}

func fitWDLVariable(d *wdlData, v engine.WDLVariable) (*wdlFitResult, error) {
	tpl := wdlTemplates[v]
	r := &wdlFitResult{train: wdlCells(d.samples, &tpl, false), held: wdlCells(d.samples, &tpl, true)}
	var err error
	if r.model, r.iters, err = fitWDL(tpl, r.train); err != nil {
		return nil, fmt.Errorf("fit by %s: %v", v, err)
	}
	var ll float64
	ll, r.trainN = wdlLogLik(&r.model, r.train, nil, nil)
	r.trainLL = ll / r.trainN
	r.trainBase = wdlBaseline(r.train, r.train) / r.trainN
	if len(r.held) > 0 {
		ll, r.heldN = wdlLogLik(&r.model, r.held, nil, nil)
		r.heldLL = ll / r.heldN
		r.heldBase = wdlBaseline(r.train, r.held) / r.heldN
	}
	return r, nil
}

// wdlBin accumulates observed and predicted outcomes.
type wdlBin struct {
	label     string
	n         float64
	obs, pred [3]float64
}

func (b *wdlBin) add(m *engine.WDLModel, sm *wdlSample) {
	s := min(max(sm.score, -wdlScoreClamp), wdlScoreClamp)
	w, d, l := m.Probs(float64(s), sm.value(m.Var))
	b.n++
	b.obs[sm.out]++
	b.pred[wdlWin] += w
	b.pred[wdlDraw] += d
	b.pred[wdlLoss] += l
}

func (b *wdlBin) row(w io.Writer) {
	if b.n == 0 {
		fmt.Fprintf(w, "  %-14s %8d\n", b.label, 0)
		return
	}
	pct := func(x float64) float64 { return 100 * x / b.n }
	fmt.Fprintf(w, "  %-14s %8.0f   %5.1f %5.1f %5.1f   %5.1f %5.1f %5.1f\n", b.label, b.n,
		pct(b.obs[0]), pct(b.obs[1]), pct(b.obs[2]), pct(b.pred[0]), pct(b.pred[1]), pct(b.pred[2]))
}

var wdlScoreEdges = []int{-500, -300, -200, -100, -50, -20, 20, 50, 100, 200, 300, 500}

// wdlCalibration prints the held-out samples' observed and predicted
// outcome rates by score bin and by bins of the variable.
func wdlCalibration(w io.Writer, m *engine.WDLModel, samples []wdlSample) {
	edges := wdlScoreEdges
	bins := make([]wdlBin, len(edges)+1)
	for i := range bins {
		switch {
		case i == 0:
			bins[i].label = fmt.Sprintf("< %d", edges[0])
		case i == len(edges):
			bins[i].label = fmt.Sprintf(">= %d", edges[i-1])
		default:
			bins[i].label = fmt.Sprintf("%d..%d", edges[i-1], edges[i]-1)
		}
	}
	var vbins []wdlBin
	vstep := 10
	if m.Var == engine.WDLMove {
		vstep = 15
	}
	for lo := m.Min; lo <= m.Max; lo += vstep {
		vbins = append(vbins, wdlBin{label: fmt.Sprintf("%d..%d", lo, min(lo+vstep-1, m.Max))})
	}
	for i := range samples {
		sm := &samples[i]
		if !sm.held {
			continue
		}
		bins[sort.SearchInts(edges, int(sm.score)+1)].add(m, sm)
		v := min(max(sm.value(m.Var), m.Min), m.Max)
		vbins[(v-m.Min)/vstep].add(m, sm)
	}
	head := "              positions   observed W/D/L %    predicted W/D/L %\n"
	fmt.Fprintf(w, "calibration on the held-out games, by score (cp, side to move):\n  score%s", head[7:])
	for i := range bins {
		bins[i].row(w)
	}
	fmt.Fprintf(w, "by %s (all scores):\n  %-8s%s", m.Var, m.Var, head[10:])
	for i := range vbins {
		vbins[i].row(w)
	}
}

// wdlCurveValues are the variable's values the curve table and the plot show.
func wdlCurveValues(v engine.WDLVariable) []int {
	if v == engine.WDLMove {
		return []int{10, 30, 60, 100}
	}
	return []int{20, 40, 60, 78}
}

func wdlCurveTable(w io.Writer, m *engine.WDLModel) {
	vals := wdlCurveValues(m.Var)
	fmt.Fprintf(w, "the fitted curve, W D L per mille at %s:\n  %6s", m.Var, "score")
	for _, v := range vals {
		fmt.Fprintf(w, " %16d", v)
	}
	fmt.Fprintln(w)
	for _, s := range []int{-300, -200, -100, -50, 0, 50, 100, 200, 300, 500} {
		fmt.Fprintf(w, "  %6d", s)
		for _, v := range vals {
			e := m.PerMille(s, v)
			fmt.Fprintf(w, " %16s", fmt.Sprintf("%d %d %d", e.Win, e.Draw, e.Loss))
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "  a(x), b(x):")
	for _, v := range vals {
		a, b := m.AB(v)
		fmt.Fprintf(w, "  %d: %.1f, %.1f", v, a, b)
	}
	fmt.Fprintln(w)
}

func wdlCoefficients(m *engine.WDLModel) string {
	f := func(c [4]float64) string {
		s := make([]string, 4)
		for i, x := range c {
			s[i] = strconv.FormatFloat(x, 'g', 8, 64)
		}
		return "{" + strings.Join(s, ", ") + "}"
	}
	return fmt.Sprintf("A = %s, B = %s (x = clamp(%s, %d, %d) / %g)", f(m.A), f(m.B), m.Var, m.Min, m.Max, m.Scale)
}

// wdlGoFile returns the generated Go file declaring the engine's model.
func wdlGoFile(r *wdlFitResult, d *wdlData, other *wdlFitResult) ([]byte, error) {
	var b bytes.Buffer
	m := r.model
	fmt.Fprintf(&b, "// Code generated by `brudno wdl -fit`; DO NOT EDIT.\n//\n")
	fmt.Fprintf(&b, "// The win/draw/loss model of UCI_ShowWDL (wdl.go), fitted by maximum\n")
	fmt.Fprintf(&b, "// likelihood to %d positions of %d self-play games (%s):\n", len(d.samples), d.games, strings.Join(d.files, ", "))
	fmt.Fprintf(&b, "// %.0f fitted, %.0f of held-out games. Held-out mean log-likelihood per\n", r.trainN, r.heldN)
	fmt.Fprintf(&b, "// position %.5f (%.5f with the score ignored)", r.heldLL, r.heldBase)
	if other != nil {
		fmt.Fprintf(&b, "; by %s instead: %.5f", other.model.Var, other.heldLL)
	}
	fmt.Fprintf(&b, ".\n\npackage engine\n\n")
	fmt.Fprintf(&b, "var wdlModel = WDLModel{\n\tVar: %s,\n\tMin: %d,\n\tMax: %d,\n\tScale: %s,\n",
		map[engine.WDLVariable]string{engine.WDLMaterial: "WDLMaterial", engine.WDLMove: "WDLMove"}[m.Var],
		m.Min, m.Max, strconv.FormatFloat(m.Scale, 'g', -1, 64))
	for _, c := range []struct {
		name string
		v    [4]float64
	}{{"A", m.A}, {"B", m.B}} {
		fmt.Fprintf(&b, "\t%s: [4]float64{", c.name)
		for i, x := range c.v {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(strconv.FormatFloat(x, 'g', 10, 64))
		}
		b.WriteString("},\n")
	}
	b.WriteString("}\n")
	return format.Source(b.Bytes())
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

func cmdWDL(args []string, stdout, stderr io.Writer) int {
	if len(args) >= 2 {
		if s, err := strconv.Atoi(args[0]); err == nil {
			return wdlQuery(s, args[1:], stdout, stderr)
		}
	}
	fs := flag.NewFlagSet("wdl", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fit := fs.Bool("fit", false, "fit the model to the DATAFILEs")
	out := fs.String("out", "", "write the fitted model as a Go file (engine/wdl_model.go)")
	varName := fs.String("var", "auto", "the variable of a(x) and b(x): material, move, or auto (the better on the held-out games)")
	holdout := fs.Int("holdout", 10, "hold out every Nth game")
	plot := fs.String("plot", "", "draw the fitted curves and the held-out outcomes in an SVG file")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: brudno wdl SCORE MATERIAL|MOVE|FEN\n       brudno wdl -fit [-out FILE] [-var auto|material|move] [-holdout 10] [-plot FILE.svg] DATAFILE...\n")
		fs.PrintDefaults()
	}
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	if !*fit || len(files) == 0 || *holdout < 2 && *holdout != 0 {
		fs.Usage()
		return 2
	}
	var vars []engine.WDLVariable
	switch *varName {
	case "auto":
		vars = []engine.WDLVariable{engine.WDLMaterial, engine.WDLMove}
	case string(engine.WDLMaterial), string(engine.WDLMove):
		vars = []engine.WDLVariable{engine.WDLVariable(*varName)}
	default:
		fmt.Fprintf(stderr, "wdl: -var %q: want material, move or auto\n", *varName)
		return 2
	}
	d, err := readWDLData(files, *holdout, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "wdl: %v\n", err)
		return 1
	}
	var outs [3]int
	for _, s := range d.samples {
		outs[s.out]++
	}
	fmt.Fprintf(stdout, "%d positions of %d games (%d corrupt records left out); side to move won %d, drew %d, lost %d\n",
		len(d.samples), d.games, d.skipped, outs[wdlWin], outs[wdlDraw], outs[wdlLoss])
	var fits []*wdlFitResult
	for _, v := range vars {
		r, err := fitWDLVariable(d, v)
		if err != nil {
			fmt.Fprintf(stderr, "wdl: %v\n", err)
			return 1
		}
		fits = append(fits, r)
		se := wdlStdErrors(&r.model, r.train)
		fmt.Fprintf(stdout, "by %s: %d iterations; mean log-likelihood per position: fitted %.5f (score ignored %.5f), held out %.5f (%.5f) over %.0f positions\n  %s\n  standard errors: A %.3g, B %.3g\n",
			v, r.iters, r.trainLL, r.trainBase, r.heldLL, r.heldBase, r.heldN, wdlCoefficients(&r.model), se[:4], se[4:])
	}
	best, other := fits[0], (*wdlFitResult)(nil)
	if len(fits) == 2 {
		other = fits[1]
		if other.heldN > 0 && other.heldLL > best.heldLL {
			best, other = other, best
		}
		fmt.Fprintf(stdout, "chosen: %s (held-out log-likelihood %.5f against %.5f)\n", best.model.Var, best.heldLL, other.heldLL)
	}
	if best.heldN > 0 {
		// The model in use on the same held-out games: how much a refit gains.
		cur := engine.CurrentWDLModel()
		ll, n := wdlLogLik(&cur, wdlCells(d.samples, &cur, true), nil, nil)
		fmt.Fprintf(stdout, "the model in use (by %s) on the held-out games: mean log-likelihood %.5f, the fit's %.5f\n", cur.Var, ll/n, best.heldLL)
	}
	wdlCurveTable(stdout, &best.model)
	if best.heldN > 0 {
		wdlCalibration(stdout, &best.model, d.samples)
	}
	if *out != "" {
		src, err := wdlGoFile(best, d, other)
		if err == nil {
			err = os.WriteFile(*out, src, 0o644)
		}
		if err != nil {
			fmt.Fprintf(stderr, "wdl: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "wrote %s\n", *out)
	}
	if *plot != "" {
		if err := os.WriteFile(*plot, wdlSVG(&best.model, d.samples), 0o644); err != nil {
			fmt.Fprintf(stderr, "wdl: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "wrote %s\n", *plot)
	}
	return 0
}

// wdlSVG draws, for each of four values of the variable, the fitted W, D
// and L curves against the score, with the held-out games' observed
// rates in 50-centipawn bins (positions within a window of the value) as
// dots.
func wdlSVG(m *engine.WDLModel, samples []wdlSample) []byte {
	const (
		panelW, panelH = 420, 260
		left, top      = 50, 30
		plotW, plotH   = 350, 190
		smin, smax     = -600, 600
		binW           = 50
	)
	vals := wdlCurveValues(m.Var)
	window := 4
	if m.Var == engine.WDLMove {
		window = 8
	}
	colours := [3]string{"#2a7d2a", "#777777", "#c0392b"}
	names := [3]string{"win", "draw", "loss"}
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="11">`+"\n", 2*panelW, 2*panelH+20)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	for pi, v := range vals {
		ox, oy := (pi%2)*panelW+left, (pi/2)*panelH+top
		px := func(s float64) float64 { return float64(ox) + (s-smin)/(smax-smin)*plotW }
		py := func(p float64) float64 { return float64(oy) + (1-p)*plotH }
		fmt.Fprintf(&b, `<text x="%d" y="%d">%s %d (dots: held-out games, %s %d..%d)</text>`+"\n", ox, oy-10, m.Var, v, m.Var, v-window, v+window)
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="black"/>`+"\n", ox, oy, plotW, plotH)
		for s := smin; s <= smax; s += 200 {
			fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#ddd"/><text x="%.1f" y="%d" text-anchor="middle">%d</text>`+"\n",
				px(float64(s)), oy, px(float64(s)), oy+plotH, px(float64(s)), oy+plotH+14, s)
		}
		for p := 0.0; p <= 1.0001; p += 0.25 {
			fmt.Fprintf(&b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/><text x="%d" y="%.1f" text-anchor="end">%.2f</text>`+"\n",
				ox, py(p), ox+plotW, py(p), ox-4, py(p)+4, p)
		}
		// Observed rates.
		nb := (smax - smin) / binW
		counts := make([][3]float64, nb)
		for i := range samples {
			sm := &samples[i]
			if !sm.held || abs(sm.value(m.Var)-v) > window || sm.score < smin || sm.score >= smax {
				continue
			}
			counts[(int(sm.score)-smin)/binW][sm.out]++
		}
		for k := range 3 {
			for j, c := range counts {
				n := c[0] + c[1] + c[2]
				if n < 20 {
					continue
				}
				fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="2.5" fill="%s"/>`+"\n", px(float64(smin+j*binW+binW/2)), py(c[k]/n), colours[k])
			}
			var pts []string
			for s := smin; s <= smax; s += 10 {
				w, d, l := m.Probs(float64(s), v)
				pts = append(pts, fmt.Sprintf("%.1f,%.1f", px(float64(s)), py([3]float64{w, d, l}[k])))
			}
			fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="1.5"/>`+"\n", strings.Join(pts, " "), colours[k])
			fmt.Fprintf(&b, `<text x="%d" y="%d" fill="%s">%s</text>`+"\n", ox+plotW-40, oy+15+14*k, colours[k], names[k])
		}
	}
	fmt.Fprintf(&b, `<text x="%d" y="%d">score (centipawns, side to move)</text>`+"\n", panelW-80, 2*panelH+14)
	b.WriteString("</svg>\n")
	return b.Bytes()
}
