// The fit: every sample gives a score s, the model's variable v (the
// material, or the move number) and the outcome for the side to move.
// Samples are grouped in cells of equal (s, v), scores clamped to
// ±ScoreClamp, and the eight coefficients of a(x) and b(x) maximise the
// multinomial log-likelihood
//
//	sum over samples of log P(outcome | s, v)
//
// by Fisher scoring (Newton's method with the expected Hessian, which is
// positive definite) with step halving, from a(x) = 150, b(x) = 100.
// Whole games are held out (Data.Holdout) to compare the two variables
// and to check the calibration; Choose keeps the variable with the higher
// held-out likelihood.

package wdl

import (
	"errors"
	"fmt"
	"math"
)

// ScoreClamp bounds the scores the fit sees: beyond it the outcome is
// all but certain, and a rare upset at 5,000 centipawns would only pull
// the curves about.
const ScoreClamp = 2000

// Templates are the models fitted for each variable: the variable, its
// clamp range and scale.
var Templates = map[Variable]Model{
	VarMaterial: {Var: VarMaterial, Min: 10, Max: 78, Scale: 58},
	VarMove:     {Var: VarMove, Min: 5, Max: 100, Scale: 64},
}

// cell is the samples of one (score, clamped variable) pair.
type cell struct {
	s float64
	v int
	n [3]float64 // by outcome
}

// cells groups the training (held false) or held-out samples for the
// model template m.
func cells(samples []Sample, m *Model, held bool) []cell {
	type key struct{ s, v int32 }
	idx := map[key]int{}
	var cs []cell
	for i := range samples {
		sm := &samples[i]
		if sm.Held != held {
			continue
		}
		k := key{min(max(sm.Score, -ScoreClamp), ScoreClamp), int32(min(max(sm.Value(m.Var), m.Min), m.Max))}
		j, ok := idx[k]
		if !ok {
			j = len(cs)
			idx[k] = j
			cs = append(cs, cell{s: float64(k.s), v: int(k.v)})
		}
		cs[j].n[sm.Out]++
	}
	return cs
}

const nParams = 8 // A[0..3], B[0..3]

func paramsOf(m *Model) (p [nParams]float64) {
	copy(p[:4], m.A[:])
	copy(p[4:], m.B[:])
	return p
}

func setParams(m *Model, p [nParams]float64) {
	copy(m.A[:], p[:4])
	copy(m.B[:], p[4:])
}

// cellProbs returns the outcome probabilities of a cell with their
// derivatives by a and b, computed so that a small draw probability
// keeps its precision; ok is false when a or b is not positive there.
func cellProbs(m *Model, c *cell) (p [3]float64, da, db [3]float64, x float64, ok bool) {
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
	da[Win], db[Win] = -gw/b, -gw*zw/b
	da[Loss], db[Loss] = -gl/b, -gl*zl/b
	da[Draw], db[Draw] = -(da[Win] + da[Loss]), -(db[Win] + db[Loss])
	return p, da, db, x, true
}

// logLik returns the log-likelihood of cells under m and the number of
// samples; -Inf when m is not a valid model on them. With grad and fisher
// not nil it also adds the gradient and the Fisher information by the
// eight coefficients to them.
func logLik(m *Model, cs []cell, grad *[nParams]float64, fisher *[nParams][nParams]float64) (ll, n float64) {
	for ci := range cs {
		c := &cs[ci]
		p, da, db, x, ok := cellProbs(m, c)
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
		if grad != nil {
			addScore(c, total, p, da, db, x, grad, fisher)
		}
	}
	if fisher != nil {
		for i := range nParams {
			for j := 0; j < i; j++ {
				fisher[i][j] = fisher[j][i]
			}
		}
	}
	return ll, n
}

// addScore adds a cell's share of the gradient and of the upper triangle
// of the Fisher information, given its probabilities p and their
// derivatives da, db by a and b at x.
func addScore(c *cell, total float64, p, da, db [3]float64, x float64, grad *[nParams]float64, fisher *[nParams][nParams]float64) {
	xp := [4]float64{1, x, x * x, x * x * x}
	for k := range 3 {
		if p[k] < 1e-300 {
			continue
		}
		var d [nParams]float64
		for j := range 4 {
			d[j], d[4+j] = da[k]*xp[j], db[k]*xp[j]
		}
		gk, fk := c.n[k]/p[k], total/p[k]
		for i := range nParams {
			grad[i] += gk * d[i]
			for j := i; j < nParams; j++ {
				fisher[i][j] += fk * d[i] * d[j]
			}
		}
	}
}

// solve solves A x = b by Gaussian elimination with partial pivoting.
func solve(a [nParams][nParams]float64, b [nParams]float64) ([nParams]float64, bool) {
	const n = nParams
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

// fit fits the coefficients of the template m to cells by Fisher
// scoring. It returns the model and the number of iterations.
func fit(m Model, cs []cell) (Model, int, error) {
	if len(cs) == 0 {
		return m, 0, errors.New("no data to fit")
	}
	m.A, m.B = [4]float64{150}, [4]float64{100}
	var grad [nParams]float64
	var fisher [nParams][nParams]float64
	ll, n := logLik(&m, cs, &grad, &fisher)
	if math.IsInf(ll, -1) {
		return m, 0, errors.New("the starting model does not fit the data")
	}
	const maxIter = 200
	for it := 1; it <= maxIter; it++ {
		for i := range nParams {
			fisher[i][i] *= 1 + 1e-9 // a touch of ridge against a singular matrix
		}
		step, ok := solve(fisher, grad)
		if !ok {
			return m, it, errors.New("singular information matrix (too little data?)")
		}
		var improved, converged bool
		m, ll, improved, converged = lineSearch(m, step, ll, n, cs)
		if !improved || converged {
			return m, it, nil // no step along the direction gains: converged
		}
		grad, fisher = [nParams]float64{}, [nParams][nParams]float64{}
		ll, _ = logLik(&m, cs, &grad, &fisher)
	}
	return m, maxIter, nil
}

// lineSearch tries m plus step, halving the step until the
// log-likelihood of cs rises above ll (of n samples). It returns the new
// model and its log-likelihood, whether one improved, and whether the
// gain per sample was below the convergence threshold.
func lineSearch(m Model, step [nParams]float64, ll, n float64, cs []cell) (Model, float64, bool, bool) {
	p0 := paramsOf(&m)
	for t := 1.0; t > 1e-6; t /= 2 {
		trial := m
		var p [nParams]float64
		for i := range p {
			p[i] = p0[i] + t*step[i]
		}
		setParams(&trial, p)
		if l, _ := logLik(&trial, cs, nil, nil); l > ll {
			gain := (l - ll) / n
			return trial, l, true, gain < 1e-12
		}
	}
	return m, ll, false, false
}

// stdErrors returns the standard errors of the coefficients of m fitted
// to cells: the square roots of the diagonal of the inverse Fisher
// information (NaN where it is singular).
func stdErrors(m *Model, cs []cell) (se [nParams]float64) {
	var grad [nParams]float64
	var fisher [nParams][nParams]float64
	logLik(m, cs, &grad, &fisher)
	for i := range nParams {
		var e [nParams]float64
		e[i] = 1
		x, ok := solve(fisher, e)
		se[i] = math.NaN()
		if ok && x[i] > 0 {
			se[i] = math.Sqrt(x[i])
		}
	}
	return se
}

// baseline returns the log-likelihood of cells under constant outcome
// rates (those of fit), the score ignored.
func baseline(fit, cs []cell) float64 {
	var rate [3]float64
	for _, c := range fit {
		for k := range 3 {
			rate[k] += c.n[k]
		}
	}
	tot := rate[0] + rate[1] + rate[2]
	ll := 0.0
	for _, c := range cs {
		for k := range 3 {
			if c.n[k] > 0 {
				ll += c.n[k] * math.Log(rate[k]/tot)
			}
		}
	}
	return ll
}

// Fit is the fit of one variable.
type Fit struct {
	Model               Model
	Iters               int // iterations of Fisher scoring
	train, held         []cell
	TrainLL, HeldLL     float64 // mean log-likelihood per position
	TrainN, HeldN       float64 // positions fitted and held out
	HeldBase, TrainBase float64 // mean per position, score ignored
}

// FitVariable fits the template of the variable v to the training
// samples of d and measures it on them and on the held-out ones.
func FitVariable(d *Data, v Variable) (*Fit, error) {
	tpl := Templates[v]
	r := &Fit{train: cells(d.Samples, &tpl, false), held: cells(d.Samples, &tpl, true)}
	var err error
	if r.Model, r.Iters, err = fit(tpl, r.train); err != nil {
		return nil, fmt.Errorf("fit by %s: %v", v, err)
	}
	var ll float64
	ll, r.TrainN = logLik(&r.Model, r.train, nil, nil)
	r.TrainLL = ll / r.TrainN
	r.TrainBase = baseline(r.train, r.train) / r.TrainN
	if len(r.held) > 0 {
		ll, r.HeldN = logLik(&r.Model, r.held, nil, nil)
		r.HeldLL = ll / r.HeldN
		r.HeldBase = baseline(r.train, r.held) / r.HeldN
	}
	return r, nil
}

// StdErrors returns the standard errors of the fitted coefficients,
// A[0..3] then B[0..3].
func (r *Fit) StdErrors() [nParams]float64 { return stdErrors(&r.Model, r.train) }

// Choose returns the fit to keep of one or two and the other one (nil
// for one): the second when it has held-out positions and the higher
// held-out log-likelihood, otherwise the first.
func Choose(fits []*Fit) (best, other *Fit) {
	best = fits[0]
	if len(fits) == 2 {
		other = fits[1]
		if other.HeldN > 0 && other.HeldLL > best.HeldLL {
			best, other = other, best
		}
	}
	return best, other
}

// HeldOutLogLik returns the log-likelihood of d's held-out samples under
// m (its variable, clamp and coefficients as they are) and their number.
func (d *Data) HeldOutLogLik(m *Model) (ll, n float64) {
	return logLik(m, cells(d.Samples, m, true), nil, nil)
}
