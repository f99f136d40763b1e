// Tests of the wdl subcommand: the fit recovers known coefficients from
// data drawn from them, and the command reads records, writes a Go file
// and a plot, and evaluates the model in use.

package cli

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"brudno/board"
	"brudno/engine"
	"brudno/nnue/data"
)

// drawOutcome draws an outcome for the side to move from m.
func drawOutcome(m *engine.WDLModel, s float64, v int, rng *rand.Rand) int8 {
	w, d, _ := m.Probs(s, v)
	switch r := rng.Float64(); {
	case r < w:
		return wdlWin
	case r < w+d:
		return wdlDraw
	}
	return wdlLoss
}

func TestWDLFitRecoversSyntheticModel(t *testing.T) {
	truth := engine.WDLModel{Var: engine.WDLMaterial, Min: 10, Max: 78, Scale: 58,
		A: [4]float64{60, 150, -80, 30}, B: [4]float64{70, 40, -10, 5}}
	rng := rand.New(rand.NewPCG(3, 4))
	var samples []wdlSample
	for i := range 200000 {
		mat := 10 + rng.IntN(69)
		s := int32(math.Round(rng.NormFloat64() * 250))
		samples = append(samples, wdlSample{score: s, mat: int16(mat), out: drawOutcome(&truth, float64(s), mat, rng), held: i%10 == 9})
	}
	d := &wdlData{samples: samples, games: 1}
	r, err := fitWDLVariable(d, engine.WDLMaterial)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("fitted %s in %d iterations", wdlCoefficients(&r.model), r.iters)
	for _, v := range []int{12, 25, 40, 55, 70, 78} {
		ta, tb := truth.AB(v)
		fa, fb := r.model.AB(v)
		if math.Abs(fa-ta) > 0.06*ta+4 || math.Abs(fb-tb) > 0.06*tb+3 {
			t.Errorf("material %d: a %.1f b %.1f, true %.1f %.1f", v, fa, fb, ta, tb)
		}
	}
	// The cubics' coefficients are strongly correlated, so each is
	// checked against its standard error.
	se := wdlStdErrors(&r.model, r.train)
	fit, want := wdlParamsOf(&r.model), wdlParamsOf(&truth)
	for k := range wdlParams {
		if !(math.Abs(fit[k]-want[k]) < 4*se[k]) {
			t.Errorf("coefficient %d: %.1f ± %.1f, true %.1f", k, fit[k], se[k], want[k])
		}
	}
	t.Logf("standard errors %.1f", se)
	// The true model cannot be much more likely than the fitted one.
	trueLL, n := wdlLogLik(&truth, r.train, nil, nil)
	if trueLL/n > r.trainLL+1e-9 {
		t.Errorf("true model's log-likelihood %.6f above the fit's %.6f", trueLL/n, r.trainLL)
	}
	if r.heldLL <= r.heldBase {
		t.Errorf("held-out log-likelihood %.4f no better than ignoring the score (%.4f)", r.heldLL, r.heldBase)
	}
}

// writeWDLRecords writes records of positions of various material with
// scores and results drawn from m, one game per position, and returns
// the outcomes for the side to move.
func writeWDLRecords(t *testing.T, name string, m *engine.WDLModel, n int) []int8 {
	t.Helper()
	fens := engine.BenchFENs
	var buf bytes.Buffer
	w := data.NewWriter(&buf)
	rng := rand.New(rand.NewPCG(5, 6))
	var outs []int8
	for i := range n {
		p, err := board.ParseFEN(fens[i%len(fens)])
		if err != nil {
			t.Fatal(err)
		}
		s := int(math.Round(rng.NormFloat64() * 200))
		out := drawOutcome(m, float64(s), engine.Material(p), rng)
		outs = append(outs, out)
		res := map[int8]data.Result{wdlWin: data.WhiteWin, wdlDraw: data.Draw, wdlLoss: data.BlackWin}[out]
		if p.Side() == board.Black && res != data.Draw {
			res = data.WhiteWin + data.BlackWin - res
		}
		rec := data.Encode(p, s, res)
		rec.SetGameStart()
		w.Write(rec)
	}
	w.Flush()
	buf.WriteString("partial") // as in a file still being written
	if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return outs
}

func TestWDLCommand(t *testing.T) {
	dir := t.TempDir()
	truth := engine.WDLModel{Var: engine.WDLMaterial, Min: 10, Max: 78, Scale: 58, A: [4]float64{150}, B: [4]float64{90}}
	in := filepath.Join(dir, "games.bin")
	outs := writeWDLRecords(t, in, &truth, 20000)
	d, err := readWDLData([]string{in}, 10, io.Discard)
	if err != nil || len(d.samples) != len(outs) || d.games != len(outs) {
		t.Fatalf("read %v: %d samples of %d games, want %d", err, len(d.samples), d.games, len(outs))
	}
	held := 0
	for i, sm := range d.samples {
		p, _ := board.ParseFEN(engine.BenchFENs[i%len(engine.BenchFENs)])
		if sm.out != outs[i] || int(sm.mat) != engine.Material(p) || int(sm.move) != p.FullmoveNumber() {
			t.Fatalf("record %d read as %+v, want outcome %d, material %d, move %d", i, sm, outs[i], engine.Material(p), p.FullmoveNumber())
		}
		if sm.held {
			held++
		}
	}
	if held != len(outs)/10 {
		t.Errorf("%d held out, want %d", held, len(outs)/10)
	}
	goFile, svg := filepath.Join(dir, "wdl_model.go"), filepath.Join(dir, "wdl.svg")
	var stdout, stderr bytes.Buffer
	if rc := cmdWDL([]string{"-fit", "-var", "material", "-out", goFile, "-plot", svg, in}, &stdout, &stderr); rc != 0 {
		t.Fatalf("rc %d: %s%s", rc, stdout.String(), stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{"20000 positions of 20000 games", "by material:", "calibration on the held-out games", "predicted W/D/L"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// The model in use (fitted to other games, by move number) must do
	// worse on these held-out games than the fit to them.
	var inUse, fitLL float64
	if i := strings.Index(out, "the model in use"); i < 0 {
		t.Errorf("output lacks the model in use:\n%s", out)
	} else if _, err := fmt.Sscanf(out[strings.Index(out[i:], "likelihood")+i:], "likelihood %f, the fit's %f", &inUse, &fitLL); err != nil || !(inUse < fitLL) || fitLL >= 0 {
		t.Errorf("model in use %v against the fit's %v (%v):\n%s", inUse, fitLL, err, out)
	}
	if !strings.Contains(stderr.String(), "using the records before it") {
		t.Errorf("the partial record not reported: %q", stderr.String())
	}
	src, err := os.ReadFile(goFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(src, []byte("// Code generated by `brudno wdl -fit`; DO NOT EDIT.\n")) ||
		!bytes.Contains(src, []byte("var wdlModel = WDLModel{")) || !bytes.Contains(src, []byte("(games.bin)")) || bytes.Contains(src, []byte(dir)) {
		t.Errorf("generated file:\n%s", src)
	}
	if b, err := os.ReadFile(svg); err != nil || !bytes.Contains(b, []byte("<polyline")) {
		t.Errorf("plot: %v", err)
	}

	// The model in use, at a score and material: W D L summing to 1000.
	stdout.Reset()
	if rc := cmdWDL([]string{"-45", "40"}, &stdout, &stderr); rc != 0 {
		t.Fatalf("wdl -45 40: rc %d", rc)
	}
	f := strings.Fields(stdout.String())
	sum := 0
	for _, x := range f {
		n, _ := strconv.Atoi(x)
		sum += n
	}
	m := engine.CurrentWDLModel()
	if e := m.PerMille(-45, 40); len(f) != 3 || sum != 1000 || f[0] != strconv.Itoa(e.Win) || e.Loss <= e.Win {
		t.Errorf("wdl -45 40: %q", stdout.String())
	}
	stdout.Reset()
	fen := "4k3/8/8/8/8/8/3P4/3QK3 w - - 0 40"
	if rc := cmdWDL(append([]string{"300"}, strings.Fields(fen)...), &stdout, &stderr); rc != 0 {
		t.Fatalf("wdl 300 FEN: rc %d", rc)
	}
	p, _ := board.ParseFEN(fen)
	if e := engine.EstimateWDL(300, p); stdout.String() != fmt.Sprintf("%d %d %d\n", e.Win, e.Draw, e.Loss) {
		t.Errorf("wdl 300 %s: %q, want %+v", fen, stdout.String(), e)
	}
	if rc := cmdWDL([]string{"-fit"}, &stdout, &stderr); rc != 2 {
		t.Errorf("-fit without files: rc %d", rc)
	}
}
