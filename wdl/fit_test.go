// Tests of the fit: it recovers known coefficients from data drawn from
// them, and records are read as the samples they hold.
package wdl

import (
	"math"
	"math/rand/v2"
	"testing"

	"brudno/board"
	"brudno/nnue/data"
)

// drawOutcome draws an outcome for the side to move from m.
func drawOutcome(m *Model, s float64, v int, rng *rand.Rand) Outcome {
	w, d, _ := m.Probs(s, v)
	switch r := rng.Float64(); {
	case r < w:
		return Win
	case r < w+d:
		return Draw
	}
	return Loss
}

func TestFitRecoversSyntheticModel(t *testing.T) {
	truth := Model{Var: VarMaterial, Min: 10, Max: 78, Scale: 58,
		A: [4]float64{60, 150, -80, 30}, B: [4]float64{70, 40, -10, 5}}
	rng := rand.New(rand.NewPCG(3, 4))
	var samples []Sample
	for i := range 200000 {
		mat := 10 + rng.IntN(69)
		s := int32(math.Round(rng.NormFloat64() * 250))
		samples = append(samples, Sample{Score: s, Material: int16(mat), Out: drawOutcome(&truth, float64(s), mat, rng), Held: i%10 == 9})
	}
	d := &Data{Samples: samples, Games: 1}
	r, err := FitVariable(d, VarMaterial)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("fitted %s in %d iterations", Coefficients(&r.Model), r.Iters)
	for _, v := range []int{12, 25, 40, 55, 70, 78} {
		ta, tb := truth.AB(v)
		fa, fb := r.Model.AB(v)
		if math.Abs(fa-ta) > 0.06*ta+4 || math.Abs(fb-tb) > 0.06*tb+3 {
			t.Errorf("material %d: a %.1f b %.1f, true %.1f %.1f", v, fa, fb, ta, tb)
		}
	}
	// The cubics' coefficients are strongly correlated, so each is
	// checked against its standard error.
	se := r.StdErrors()
	fit, want := paramsOf(&r.Model), paramsOf(&truth)
	for k := range nParams {
		if !(math.Abs(fit[k]-want[k]) < 4*se[k]) {
			t.Errorf("coefficient %d: %.1f ± %.1f, true %.1f", k, fit[k], se[k], want[k])
		}
	}
	t.Logf("standard errors %.1f", se)
	// The true model cannot be much more likely than the fitted one.
	trueLL, n := logLik(&truth, r.train, nil, nil)
	if trueLL/n > r.TrainLL+1e-9 {
		t.Errorf("true model's log-likelihood %.6f above the fit's %.6f", trueLL/n, r.TrainLL)
	}
	if r.HeldLL <= r.HeldBase {
		t.Errorf("held-out log-likelihood %.4f no better than ignoring the score (%.4f)", r.HeldLL, r.HeldBase)
	}
	if best, other := Choose([]*Fit{r}); best != r || other != nil {
		t.Errorf("Choose of one fit: %p %p", best, other)
	}
}

func TestDataAdd(t *testing.T) {
	fens := []string{
		board.StartFEN,
		"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
		"8/5pk1/6p1/3Q4/7P/6P1/5PK1/1q6 b - - 0 40",
		"4k3/8/8/8/8/8/3P4/3QK3 w - - 0 40",
	}
	results := []data.Result{data.WhiteWin, data.Draw, data.WhiteWin, data.BlackWin}
	want := []Outcome{Win, Draw, Loss, Loss} // for the side to move
	d := &Data{Holdout: 2}
	for i, fen := range fens {
		p, err := board.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		rec := data.Encode(p, 10*i-15, results[i])
		if i != 1 { // the second record continues the first game
			rec.SetGameStart()
		}
		d.Add(&rec)
		sm := d.Samples[len(d.Samples)-1]
		if sm.Out != want[i] || int(sm.Material) != Material(p) || int(sm.Move) != p.FullmoveNumber() || sm.Score != int32(10*i-15) {
			t.Errorf("%s read as %+v, want outcome %d, material %d, move %d", fen, sm, want[i], Material(p), p.FullmoveNumber())
		}
	}
	var bad data.Record
	bad[0] = 0xff // eight squares occupied by no piece: does not decode
	bad.SetGameStart()
	d.Add(&bad)
	if d.Games != 4 || d.Skipped != 1 || len(d.Samples) != 4 {
		t.Errorf("%d games, %d skipped, %d samples; want 4, 1, 4", d.Games, d.Skipped, len(d.Samples))
	}
	// The samples' games are 0, 0, 1 and 2; with Holdout 2 the odd ones
	// are held out.
	for i, held := range []bool{false, false, true, false} {
		if d.Samples[i].Held != held {
			t.Errorf("sample %d held %v, want %v", i, d.Samples[i].Held, held)
		}
	}
	if got := d.Outcomes(); got != [3]int{1, 1, 2} {
		t.Errorf("outcomes %v", got)
	}
}
