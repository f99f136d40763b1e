package engine

import (
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"brudno/nnue"
)

// writeNet writes a small random network to a file in dir.
func writeNet(t *testing.T, dir string) string {
	t.Helper()
	net, err := nnue.RandomNet(16, 50, rand.New(rand.NewSource(1)))
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(dir, "test.nnue")
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	if err := net.Save(f); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return name
}

// Evaluation NNUE needs a network; EvalFile loads one, refuses a bad
// file and keeps the previous; the search gets the network only with
// Evaluation NNUE.
func TestEvaluationOptions(t *testing.T) {
	e := New()
	if inUse := e.set.search.Net != nil; inUse != (DefaultEvaluation() == "NNUE") {
		t.Fatalf("network in use by default %v, default evaluation %s", inUse, DefaultEvaluation())
	}
	if err := e.SetOption("EvalFile", "<empty>"); e.set.nnue && (err == nil || !strings.Contains(err.Error(), "keeping")) {
		t.Fatalf("EvalFile <empty> with Evaluation NNUE: %v", err)
	}
	for _, o := range [][2]string{{"Evaluation", "HCE"}, {"EvalFile", "<empty>"}} { // unload an embedded network
		if err := e.SetOption(o[0], o[1]); err != nil {
			t.Fatal(err)
		}
	}
	if err := e.SetOption("Evaluation", "NNUE"); err == nil || e.set.nnue {
		t.Fatalf("NNUE without a network: %v, nnue %v", err, e.set.nnue)
	}
	dir := t.TempDir()
	good := writeNet(t, dir)
	if err := e.SetOption("EvalFile", good); err != nil {
		t.Fatal(err)
	}
	if e.set.search.Net != nil {
		t.Fatal("loading a network switched the evaluation")
	}
	if err := e.SetOption("Evaluation", "nnue"); err != nil || e.set.search.Net == nil {
		t.Fatalf("Evaluation NNUE with a network: %v", err)
	}
	loaded := e.set.search.Net
	bad := filepath.Join(dir, "bad.nnue")
	if err := os.WriteFile(bad, []byte("BRNN but not a network"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, v := range []string{bad, filepath.Join(dir, "missing.nnue"), "<empty>"} {
		err := e.SetOption("EvalFile", v)
		if err == nil || !strings.Contains(err.Error(), "keeping") || e.set.search.Net != loaded {
			t.Errorf("EvalFile %s: %v; the network in use changed: %v", v, err, e.set.search.Net != loaded)
		}
	}
	if err := e.SetOption("Evaluation", "HCE"); err != nil || e.set.search.Net != nil {
		t.Fatalf("back to HCE: %v", err)
	}
}

// The embedded network, when the build has one, loads, is EvalFile's
// default and is in use by default (Evaluation NNUE); without one the
// evaluation is HCE, "<default>" is refused and the network in use
// stays.
func TestEmbeddedNet(t *testing.T) {
	net, err := embeddedNet()
	if err != nil {
		t.Fatalf("the embedded network is damaged: %v", err)
	}
	e := New()
	if net == nil {
		if defaultEvalFile() != "<empty>" || e.set.net != nil || DefaultEvaluation() != "HCE" || e.set.search.Net != nil {
			t.Fatalf("no embedded network, but EvalFile defaults to %q, Evaluation to %s", defaultEvalFile(), DefaultEvaluation())
		}
		good := writeNet(t, t.TempDir())
		if err := e.SetOption("EvalFile", good); err != nil {
			t.Fatal(err)
		}
		loaded := e.set.net
		if err := e.SetOption("EvalFile", "<default>"); err == nil || !strings.Contains(err.Error(), "no embedded network") || e.set.net != loaded {
			t.Errorf("EvalFile <default> without an embedded network: %v", err)
		}
		return
	}
	if defaultEvalFile() != "<default>" || e.set.net != net || e.set.netName != "<default>" {
		t.Fatalf("embedded network: EvalFile default %q, loaded %v", defaultEvalFile(), e.set.net == net)
	}
	if DefaultEvaluation() != "NNUE" || !e.set.nnue || e.set.search.Net != net {
		t.Fatalf("embedded network: Evaluation defaults to %s, the search uses it: %v", DefaultEvaluation(), e.set.search.Net == net)
	}
	if err := e.SetOption("Evaluation", "HCE"); err != nil || e.set.search.Net != nil {
		t.Fatalf("Evaluation HCE: %v", err)
	}
	if err := e.SetOption("Evaluation", "NNUE"); err != nil || e.set.search.Net != net {
		t.Fatalf("Evaluation NNUE with the embedded network: %v", err)
	}
}
