// The Texel tuner: it fits the evaluation weights to game results by
// minimising the mean squared error between each position's result (1, ½
// or 0 for White) and a logistic function of its static evaluation,
// sigmoid(K·eval/400). K is fitted first, with the starting weights, and
// then kept. Each position is traced once (which weight it uses how often
// for each colour, its phase and endgame scale); the evaluation is then
// linear in the weights except for king safety, whose danger sum passes
// through safetyPenalty, so the error and its gradient over all weights
// are computed from the traces directly, in parallel, and the weights
// follow the gradient with Adam. Positions decided by endgame knowledge,
// or in check, are left out.
package eval

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"brudno/board"
)

// Sample is one training position: a FEN and the game's result for White
// (1 a win, 0.5 a draw, 0 a loss).
type Sample struct {
	FEN    string
	Result float64
}

// FormatSample writes a sample as one line of the training-data format:
// the FEN (six fields), a space, and the result for White in brackets:
// "[1.0]", "[0.5]" or "[0.0]".
func FormatSample(fen string, result float64) string {
	return fmt.Sprintf("%s [%.1f]", fen, result)
}

// ParseSample reads one line of training data: a FEN followed by the
// result for White, either in brackets as FormatSample writes it
// ([1.0], [0.5], [0.0]) or as a PGN result (1-0, 1/2-1/2, 0-1), optionally
// quoted or after a semicolon.
func ParseSample(line string) (Sample, error) {
	line = strings.TrimSpace(line)
	cut := strings.LastIndexAny(line, " ;")
	if cut < 0 {
		return Sample{}, errors.New("want a FEN and a result")
	}
	fen := strings.TrimSpace(strings.TrimRight(line[:cut], " ;"))
	tok := strings.Trim(line[cut+1:], `[]"`)
	var r float64
	switch tok {
	case "1-0":
		r = 1
	case "0-1":
		r = 0
	case "1/2-1/2":
		r = 0.5
	default:
		v, err := strconv.ParseFloat(tok, 64)
		if err != nil || (v != 0 && v != 0.5 && v != 1) {
			return Sample{}, fmt.Errorf("bad result %q (want [1.0], [0.5], [0.0], 1-0, 1/2-1/2 or 0-1)", line[cut+1:])
		}
		r = v
	}
	if n := len(strings.Fields(fen)); n != 6 && n != 4 {
		return Sample{}, fmt.Errorf("bad FEN %q: %d fields", fen, n)
	}
	return Sample{fen, r}, nil
}

// ReadSamples reads training data, one sample per line; empty lines and
// lines starting with # are skipped. Errors name the line.
func ReadSamples(r io.Reader, name string) ([]Sample, error) {
	var out []Sample
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		s, err := ParseSample(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, n, err)
		}
		out = append(out, s)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return out, nil
}

// TuneOptions configure a Tuner.
type TuneOptions struct {
	Threads      int      // worker goroutines (0: one per CPU)
	LearningRate float64  // Adam's step size in centipawns (0: 1)
	Only         []string // tune only weights of these groups or with these name prefixes (empty: all)
}

// coef is one weight's count in a traced position.
type coef struct {
	idx uint16
	val int16
}

// tuneEntry is one traced position; its coefficients are
// coefs[start : start+nLin] (White's count minus Black's, linear weights),
// then nSafety[0] counts of White's king-attack terms, then nSafety[1] of
// Black's.
type tuneEntry struct {
	result  float32
	phase   uint8
	scale   uint8
	nSafety [2]uint8
	nLin    uint16
	start   uint32
}

// Tuner fits weights to samples.
type Tuner struct {
	opts   TuneOptions
	start  Weights
	params []float64 // 2 per weight: middlegame, endgame
	active []bool    // per weight
	train  dataset   // the positions fitted
	valid  dataset   // held-out positions, only measured
	k      float64

	// Adam's moments.
	m, v []float64
	step int

	// What AddSamples left out or found.
	Skipped         map[string]int
	MaxTraceError   float64 // the largest difference between Evaluate and the traced evaluation
	TraceMismatches int     // positions where it exceeded 3 centipawns
}

// NewTuner returns a tuner starting from the weights start.
func NewTuner(start *Weights, opts TuneOptions) (*Tuner, error) {
	if opts.Threads <= 0 {
		opts.Threads = runtime.NumCPU()
	}
	if opts.LearningRate <= 0 {
		opts.LearningRate = 1
	}
	t := &Tuner{opts: opts, start: *start, k: 1, Skipped: map[string]int{}}
	t.params = make([]float64, 2*NumParams)
	flat := flatWeights(&t.start)
	for i, s := range flat {
		t.params[2*i], t.params[2*i+1] = float64(s.MG()), float64(s.EG())
	}
	t.active = make([]bool, NumParams)
	names := ParamNames()
	matched := map[string]bool{}
	for i, info := range names {
		if len(opts.Only) == 0 {
			t.active[i] = true
			continue
		}
		for _, o := range opts.Only {
			if o == info.Group || strings.HasPrefix(info.Name, o) {
				t.active[i] = true
				matched[o] = true
			}
		}
	}
	for _, o := range opts.Only {
		if !matched[o] {
			return nil, fmt.Errorf("no weight is in group or starts with %q", o)
		}
	}
	t.m = make([]float64, len(t.params))
	t.v = make([]float64, len(t.params))
	return t, nil
}

// dataset is a set of traced positions.
type dataset struct {
	entries []tuneEntry
	coefs   []coef
}

// Len returns the number of positions the tuner fits.
func (t *Tuner) Len() int { return len(t.train.entries) }

// ValidationLen returns the number of held-out positions.
func (t *Tuner) ValidationLen() int { return len(t.valid.entries) }

// K returns the scaling constant of the logistic.
func (t *Tuner) K() float64 { return t.k }

// SetK sets the scaling constant.
func (t *Tuner) SetK(k float64) { t.k = k }

// traced is one position's trace in tuner form, made by a loader.
type traced struct {
	entry tuneEntry
	coefs []coef
	diff  float64
	skip  string
}

// AddSamples traces the samples (in parallel) and adds them to the data
// set that is fitted. A FEN that does not parse is an error naming its
// sample index; positions in check or decided by endgame knowledge are
// counted in Skipped and left out.
func (t *Tuner) AddSamples(samples []Sample) error { return t.add(&t.train, samples) }

// AddValidation adds held-out samples, whose error is measured
// (ValidationError) but not fitted.
func (t *Tuner) AddValidation(samples []Sample) error { return t.add(&t.valid, samples) }

func (t *Tuner) add(d *dataset, samples []Sample) error {
	out := make([]traced, len(samples))
	errs := make([]error, t.opts.Threads)
	var wg sync.WaitGroup
	for w := 0; w < t.opts.Threads; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			e := NewEvaluatorWith(&t.start, 0)
			var tr Trace
			for i := w; i < len(samples); i += t.opts.Threads {
				p, err := board.ParseFEN(samples[i].FEN)
				if err != nil {
					errs[w] = fmt.Errorf("sample %d (%s): %v", i+1, samples[i].FEN, err)
					return
				}
				out[i] = t.trace(e, p, &tr, samples[i].Result)
			}
		}(w)
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	for i := range out {
		o := &out[i]
		if o.skip != "" {
			t.Skipped[o.skip]++
			continue
		}
		t.MaxTraceError = max(t.MaxTraceError, o.diff)
		if o.diff > 3 {
			t.TraceMismatches++
		}
		o.entry.start = uint32(len(d.coefs))
		d.coefs = append(d.coefs, o.coefs...)
		d.entries = append(d.entries, o.entry)
	}
	return nil
}

// trace turns one position into a tuner entry.
func (t *Tuner) trace(e *Evaluator, p *board.Position, tr *Trace, result float64) traced {
	if p.InCheck() {
		return traced{skip: "in check"}
	}
	v := e.EvaluateTrace(p, tr)
	if tr.Special {
		return traced{skip: "decided by endgame knowledge"}
	}
	if p.Side() == board.Black {
		v = -v
	}
	ent := tuneEntry{result: float32(result), phase: uint8(tr.Phase), scale: uint8(tr.Scale)}
	counts := flatCounts(&tr.C)
	var cs []coef
	for i := range counts {
		if !safetyParam[i] {
			if d := counts[i][0] - counts[i][1]; d != 0 {
				cs = append(cs, coef{uint16(i), d})
			}
		}
	}
	ent.nLin = uint16(len(cs))
	for c := 0; c < 2; c++ {
		for i := range counts {
			if safetyParam[i] && counts[i][c] != 0 {
				cs = append(cs, coef{uint16(i), counts[i][c]})
				ent.nSafety[c]++
			}
		}
	}
	out := traced{entry: ent, coefs: cs}
	out.diff = math.Abs(t.evalEntry(&ent, cs, t.params) - float64(v))
	return out
}

// safetyParam marks the king-attack weights.
var safetyParam = func() []bool {
	s := make([]bool, NumParams)
	for i, info := range ParamNames() {
		s[i] = info.Safety
	}
	return s
}()

// evalEntry returns the evaluation (White's view) of a traced position
// under the weights params.
func (t *Tuner) evalEntry(e *tuneEntry, cs []coef, params []float64) float64 {
	v, _, _ := entryEval(e, cs, params)
	return v
}

// entryEval returns the evaluation of a traced position and the danger
// sums (middlegame, endgame) of White's and Black's king attacks.
func entryEval(e *tuneEntry, cs []coef, params []float64) (v float64, dmg, deg [2]float64) {
	var mg, eg float64
	for _, c := range cs[:e.nLin] {
		mg += params[2*int(c.idx)] * float64(c.val)
		eg += params[2*int(c.idx)+1] * float64(c.val)
	}
	off := int(e.nLin)
	for side := 0; side < 2; side++ {
		n := int(e.nSafety[side])
		if n == 0 {
			continue
		}
		for _, c := range cs[off : off+n] {
			dmg[side] += params[2*int(c.idx)] * float64(c.val)
			deg[side] += params[2*int(c.idx)+1] * float64(c.val)
		}
		off += n
		sign := float64(1 - 2*side)
		m := min(max(dmg[side], 0), maxDanger)
		mg += sign * m * m / dangerDivMG
		eg += sign * min(max(deg[side], 0), maxDanger) / dangerDivEG
	}
	ph := float64(e.phase)
	v = (mg*ph + eg*(maxPhase-ph)*float64(e.scale)/scaleNormal) / maxPhase
	return v, dmg, deg
}

func sigmoid(k, v float64) float64 { return 1 / (1 + math.Exp(-k*v/400)) }

// parallel runs f over count entries in Threads chunks and returns the
// chunks' results in order.
func parallel[R any](t *Tuner, count int, f func(lo, hi int) R) []R {
	n := t.opts.Threads
	out := make([]R, n)
	var wg sync.WaitGroup
	for w := 0; w < n; w++ {
		lo, hi := count*w/n, count*(w+1)/n
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			out[w] = f(lo, hi)
		}(w)
	}
	wg.Wait()
	return out
}

// errorAt returns the mean squared error over d with scaling constant k.
func (t *Tuner) errorAt(d *dataset, k float64) float64 {
	if len(d.entries) == 0 {
		return 0
	}
	parts := parallel(t, len(d.entries), func(lo, hi int) float64 {
		var sum float64
		for i := lo; i < hi; i++ {
			e := &d.entries[i]
			r := float64(e.result) - sigmoid(k, t.evalEntry(e, d.coefs[e.start:], t.params))
			sum += r * r
		}
		return sum
	})
	var sum float64
	for _, s := range parts {
		sum += s
	}
	return sum / float64(len(d.entries))
}

// Error returns the mean squared error of the current weights over the
// fitted positions.
func (t *Tuner) Error() float64 { return t.errorAt(&t.train, t.k) }

// ValidationError returns the mean squared error of the current weights
// over the held-out positions (0 without any).
func (t *Tuner) ValidationError() float64 { return t.errorAt(&t.valid, t.k) }

// FitK sets K to the value that minimises the error of the current
// weights (golden-section search on [0.05, 10]) and returns it.
func (t *Tuner) FitK() float64 {
	lo, hi := 0.05, 10.0
	g := (math.Sqrt(5) - 1) / 2
	a, b := hi-g*(hi-lo), lo+g*(hi-lo)
	fa, fb := t.errorAt(&t.train, a), t.errorAt(&t.train, b)
	for hi-lo > 1e-4 {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - g*(hi-lo)
			fa = t.errorAt(&t.train, a)
		} else {
			lo, a, fa = a, b, fb
			b = lo + g*(hi-lo)
			fb = t.errorAt(&t.train, b)
		}
	}
	t.k = (lo + hi) / 2
	return t.k
}

// gradient returns the error of the current weights and its gradient.
func (t *Tuner) gradient() (float64, []float64) {
	type part struct {
		err  float64
		grad []float64
	}
	d := &t.train
	parts := parallel(t, len(d.entries), func(lo, hi int) part {
		grad := make([]float64, len(t.params))
		var sum float64
		k := t.k
		for i := lo; i < hi; i++ {
			e := &d.entries[i]
			cs := d.coefs[e.start:]
			v, dmg, deg := entryEval(e, cs, t.params)
			s := sigmoid(k, v)
			r := float64(e.result) - s
			sum += r * r
			// d(error)/d(eval), then the eval's derivative by each weight.
			dv := -2 * r * s * (1 - s) * k / 400
			ph := float64(e.phase)
			gm := dv * ph / maxPhase
			ge := dv * (maxPhase - ph) * float64(e.scale) / scaleNormal / maxPhase
			for _, c := range cs[:e.nLin] {
				grad[2*int(c.idx)] += gm * float64(c.val)
				grad[2*int(c.idx)+1] += ge * float64(c.val)
			}
			off := int(e.nLin)
			for side := 0; side < 2; side++ {
				n := int(e.nSafety[side])
				sign := float64(1 - 2*side)
				var fm, fe float64 // derivatives of the danger functions
				if dmg[side] > 0 && dmg[side] < maxDanger {
					fm = sign * 2 * dmg[side] / dangerDivMG
				}
				if deg[side] > 0 && deg[side] < maxDanger {
					fe = sign / dangerDivEG
				}
				for _, c := range cs[off : off+n] {
					grad[2*int(c.idx)] += gm * fm * float64(c.val)
					grad[2*int(c.idx)+1] += ge * fe * float64(c.val)
				}
				off += n
			}
		}
		return part{sum, grad}
	})
	grad := make([]float64, len(t.params))
	var sum float64
	for _, p := range parts {
		sum += p.err
		for i, g := range p.grad {
			grad[i] += g
		}
	}
	n := float64(max(len(d.entries), 1))
	for i := range grad {
		grad[i] /= n
	}
	return sum / n, grad
}

// Epoch takes one Adam step over the whole data set and returns the error
// before the step.
func (t *Tuner) Epoch() float64 {
	const beta1, beta2, eps = 0.9, 0.999, 1e-8
	err, grad := t.gradient()
	t.step++
	c1 := 1 - math.Pow(beta1, float64(t.step))
	c2 := 1 - math.Pow(beta2, float64(t.step))
	for i, g := range grad {
		if !t.active[i/2] {
			continue
		}
		t.m[i] = beta1*t.m[i] + (1-beta1)*g
		t.v[i] = beta2*t.v[i] + (1-beta2)*g*g
		t.params[i] -= t.opts.LearningRate * (t.m[i] / c1) / (math.Sqrt(t.v[i]/c2) + eps)
	}
	return err
}

// Snapshot returns a copy of the current (unrounded) weights.
func (t *Tuner) Snapshot() []float64 { return append([]float64(nil), t.params...) }

// Restore sets the weights to a snapshot.
func (t *Tuner) Restore(s []float64) { copy(t.params, s) }

// Weights returns the current weights, rounded to integers (weights that
// are not tuned keep their starting values exactly).
func (t *Tuner) Weights() *Weights {
	w := t.start
	flat := flatWeights(&w)
	for i := range flat {
		if t.active[i] {
			flat[i] = S(int(math.Round(t.params[2*i])), int(math.Round(t.params[2*i+1])))
		}
	}
	return &w
}

// RoundedError returns the errors over the fitted and the held-out
// positions of the rounded weights (what the engine will play with).
func (t *Tuner) RoundedError() (train, valid float64) {
	saved := append([]float64(nil), t.params...)
	flat := flatWeights(t.Weights())
	for i, s := range flat {
		t.params[2*i], t.params[2*i+1] = float64(s.MG()), float64(s.EG())
	}
	train, valid = t.Error(), t.ValidationError()
	copy(t.params, saved)
	return train, valid
}
