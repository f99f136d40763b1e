// Tuner tests: the training-data format, the traces reproducing the
// evaluation, recovering known weights and K from a synthetic data set,
// and the generated weights file matching the weights the engine uses.
package eval

import (
	"bytes"
	"math"
	"os"
	"strings"
	"testing"

	"brudno/board"
)

func TestParseSample(t *testing.T) {
	for _, c := range []struct {
		line   string
		result float64
	}{
		{board.StartFEN + " [1.0]", 1},
		{board.StartFEN + " [0.5]", 0.5},
		{board.StartFEN + " [0.0]", 0},
		{board.StartFEN + " 1-0", 1},
		{board.StartFEN + " 1/2-1/2", 0.5},
		{board.StartFEN + "; 0-1", 0},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - \"1/2-1/2\"", 0.5},
	} {
		s, err := ParseSample(c.line)
		if err != nil || s.Result != c.result || !strings.HasPrefix(s.FEN, "rnbqkbnr/") || strings.ContainsAny(s.FEN, ";[") {
			t.Errorf("%q: %+v, %v; want result %v", c.line, s, err, c.result)
		}
	}
	if s, err := ParseSample(FormatSample(board.StartFEN, 0.5)); err != nil || s.FEN != board.StartFEN || s.Result != 0.5 {
		t.Errorf("FormatSample does not round-trip: %+v, %v", s, err)
	}
	for _, bad := range []string{"", "[1.0]", board.StartFEN, board.StartFEN + " [0.7]", board.StartFEN + " 2-0", "8/8 w [1.0]"} {
		if _, err := ParseSample(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
	_, err := ReadSamples(strings.NewReader("# comment\n\n"+board.StartFEN+" [1.0]\n"+board.StartFEN+" [x]\n"), "data.txt")
	if err == nil || !strings.Contains(err.Error(), "data.txt:4:") {
		t.Errorf("a bad line 4: error %v, want one naming data.txt:4", err)
	}
	tu, _ := NewTuner(DefaultWeights(), TuneOptions{Threads: 1})
	if err := tu.AddSamples([]Sample{{"8/8/8/8/8/8/8/8 w - - 0 1", 1}}); err == nil || !strings.Contains(err.Error(), "sample 1") {
		t.Errorf("a FEN without kings: error %v, want one naming sample 1", err)
	}
}

// samplesOf evaluates positions with w and labels each with the expected
// score sigmoid(k·eval/400) for White: a data set whose best fit is w.
func samplesOf(t *testing.T, w *Weights, k float64, fens []string) []Sample {
	e := NewEvaluatorWith(w, 0)
	var out []Sample
	for _, fen := range fens {
		p := mustParse(t, fen)
		if p.InCheck() {
			continue
		}
		v := e.Evaluate(p)
		if p.Side() == board.Black {
			v = -v
		}
		out = append(out, Sample{fen, sigmoid(k, float64(v))})
	}
	return out
}

// TestTraceReproducesEvaluate: the tuner's evaluation from the traces
// matches Evaluate within the rounding of integer division.
func TestTraceReproducesEvaluate(t *testing.T) {
	tu, err := NewTuner(DefaultWeights(), TuneOptions{Threads: 2})
	if err != nil {
		t.Fatal(err)
	}
	fens := append(randomPositions(3, 40, 150), symmetryFENs...)
	if err := tu.AddSamples(samplesOf(t, DefaultWeights(), 1, fens)); err != nil {
		t.Fatal(err)
	}
	if tu.Len() < 4000 || tu.MaxTraceError > 3 || tu.TraceMismatches > 0 {
		t.Errorf("%d positions, largest trace error %.2f, %d mismatches", tu.Len(), tu.MaxTraceError, tu.TraceMismatches)
	}
}

// TestTunerRecoversKnownWeights: labels made with known material values
// and K; starting from other material values, the tuner must reduce the
// error tenfold and land within 12 centipawns of every true value, and
// fitting K with the true weights must find the true K.
func TestTunerRecoversKnownWeights(t *testing.T) {
	truth := InitialWeights()
	truth.Material = [7]Score{0, S(100, 130), S(290, 270), S(360, 350), S(500, 560), S(950, 1040), 0}
	const k = 1.5
	samples := samplesOf(t, truth, k, randomPositions(4, 40, 120))

	fit, _ := NewTuner(truth, TuneOptions{Threads: 2})
	if err := fit.AddSamples(samples); err != nil {
		t.Fatal(err)
	}
	if got := fit.FitK(); math.Abs(got-k) > 0.02 {
		t.Errorf("fitted K %.4f with the true weights, want %.2f", got, k)
	}

	tu, err := NewTuner(InitialWeights(), TuneOptions{Threads: 2, LearningRate: 3, Only: []string{"material"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := tu.AddSamples(samples); err != nil {
		t.Fatal(err)
	}
	tu.SetK(k)
	before := tu.Error()
	for i := 0; i < 400; i++ {
		tu.Epoch()
	}
	after, _ := tu.RoundedError()
	got := tu.Weights()
	if !(after < before/10) {
		t.Errorf("error %.6f before, %.6f after", before, after)
	}
	for pt := board.Pawn; pt <= board.Queen; pt++ {
		g, w := got.Material[pt], truth.Material[pt]
		if abs(g.MG()-w.MG()) > 12 || abs(g.EG()-w.EG()) > 12 {
			t.Errorf("piece type %d: fitted %v, true %v", pt, g, w)
		}
	}
	if got.PST != InitialWeights().PST || got.Tempo != InitialWeights().Tempo {
		t.Error("weights outside -only material changed")
	}
	t.Logf("%d positions, error %.6f -> %.6f, material %v", tu.Len(), before, after, got.Material)
}

func TestTunerRejectsUnknownGroup(t *testing.T) {
	if _, err := NewTuner(DefaultWeights(), TuneOptions{Only: []string{"nonsense"}}); err == nil {
		t.Error("-only nonsense accepted")
	}
}

// TestGeneratedWeightsMatch: weights_tuned.go is exactly what WriteWeights
// prints for the weights the engine uses (so it was written by the tuner
// and not edited by hand), and its body does not depend on the header.
func TestGeneratedWeightsMatch(t *testing.T) {
	src, err := os.ReadFile("weights_tuned.go")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteWeights(&buf, DefaultWeights(), []string{"header"}); err != nil {
		t.Fatal(err)
	}
	body := func(b []byte) string {
		s := string(b)
		return s[strings.Index(s, "\npackage eval\n"):]
	}
	if body(src) != body(buf.Bytes()) {
		t.Error("weights_tuned.go differs from WriteWeights(DefaultWeights()): regenerate it with `brudno tune`")
	}
	if !strings.HasPrefix(string(src), "// Code generated by `brudno tune`; DO NOT EDIT.") {
		t.Error("weights_tuned.go lacks the generated-code header")
	}
}

func TestParamNames(t *testing.T) {
	names := ParamNames()
	if len(names) != NumParams || names[0].Name != "Material[0]" || names[NumParams-1].Name != "Tempo" {
		t.Fatalf("%d names (want %d), first %v, last %v", len(names), NumParams, names[0], names[NumParams-1])
	}
	// The flat view and the names agree on where a weight lives.
	w := InitialWeights()
	flat := flatWeights(w)
	for i, n := range names {
		switch n.Name {
		case "PST[3][27]":
			if flat[i] != w.PST[3][27] {
				t.Errorf("%s: flat %v, field %v", n.Name, flat[i], w.PST[3][27])
			}
		case "Safety.SafeCheck[4]":
			if flat[i] != w.Safety.SafeCheck[4] || !n.Safety || n.Group != "safety" {
				t.Errorf("%s: flat %v, field %v, %+v", n.Name, flat[i], w.Safety.SafeCheck[4], n)
			}
		case "Tempo":
			if flat[i] != w.Tempo || n.Safety {
				t.Errorf("Tempo: flat %v, field %v", flat[i], w.Tempo)
			}
		}
	}
}
