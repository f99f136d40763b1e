// Tests of the lab subcommand's Lazy SMP timing run in-process: one row
// per position and the median line, and bad input refused with a message.

package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"brudno/engine"
)

func TestLabSMP(t *testing.T) {
	dir := t.TempDir()
	epd := filepath.Join(dir, "two.epd")
	fens := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4;\nr3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -\n"
	if err := os.WriteFile(epd, []byte(fens), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if rc := cmdLab([]string{"-smp", "2", "-depths", "4", "-repeat", "3", "-epd", epd}, &out, &errOut); rc != 0 {
		t.Fatalf("exit %d: %s", rc, errOut.String())
	}
	defaultEval := "hand-crafted evaluation"
	if engine.DefaultEvaluation() == "NNUE" {
		defaultEval = "embedded network"
	}
	for _, want := range []string{"median of 3 timings", "default options, " + defaultEval + ",", "| 1 |", "| 2 |", "median speedup", "speedup of the whole set", "search overhead", "thread 1:"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	keepParam(t, "YBWSpinMicros")
	if rc := cmdLab([]string{"-smp", "2", "-scheme", "YBW", "-enable", "YBWShareHistory", "-disable", "ProbCut", "-param", "YBWSpinMicros=100", "-hce", "-depths", "6", "-epd", epd}, &out, &errOut); rc != 0 {
		t.Fatalf("YBW: exit %d: %s", rc, errOut.String())
	}
	for _, want := range []string{"2 threads, YBW (default options, on: YBWShareHistory, off: ProbCut, YBWSpinMicros=100, hand-crafted evaluation,", "median speedup", "split points", "thread 0:", "thread 1:"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("YBW output lacks %q:\n%s", want, out.String())
		}
	}

	out.Reset()
	plots := filepath.Join(dir, "plots")
	if rc := cmdLab([]string{"-smp", "2,3", "-scheme", "LazySMP,YBW", "-depths", "5", "-epd", epd, "-plot", plots}, &out, &errOut); rc != 0 {
		t.Fatalf("lists: exit %d: %s", rc, errOut.String())
	}
	for _, want := range []string{"3 threads, YBW", "2 threads, LazySMP", "| scheme | threads | speedup | efficiency | search overhead | node rate | whole set |", "| YBW | 3 |", "| LazySMP | 2 |"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output of lists lacks %q:\n%s", want, out.String())
		}
	}
	if b, err := os.ReadFile(filepath.Join(plots, "lab-smp-depth5.svg")); err != nil || !bytes.Contains(b, []byte("YBW")) {
		t.Errorf("speedup plot: %v", err)
	}

	empty := filepath.Join(dir, "empty.epd")
	if err := os.WriteFile(empty, []byte("# nothing\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-smp", "2", "-epd", empty}, "no positions"},
		{[]string{"-smp", "2", "-repeat", "0"}, "-repeat must be at least 1"},
		{[]string{"-smp", "2", "-scheme", "ABDADA"}, "unknown parallel scheme"},
		{[]string{"-smp", "1"}, "want thread counts from 2"},
		{[]string{"-smp", "2,x"}, "want thread counts from 2"},
		{[]string{"-smp", "2", "-enable", "Nope"}, "unknown enhancement"},
		{[]string{"-smp", "2", "-param", "Nope=1"}, "no search parameter"},
		{[]string{"-smp", "2", "-hce", "-nnue", "net.nnue"}, "choose one evaluation"},
		{[]string{"-smp", "2", "-nnue", empty}, empty},
		{[]string{"-hce"}, "-nnue and -hce go with -smp"},
	} {
		errOut.Reset()
		if rc := cmdLab(c.args, &out, &errOut); rc != 2 || !strings.Contains(errOut.String(), c.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", c.args, rc, errOut.String(), c.want)
		}
	}
}

func TestMedian(t *testing.T) {
	for _, c := range []struct {
		xs   []float64
		want float64
	}{{[]float64{3}, 3}, {[]float64{5, 1, 3}, 3}, {[]float64{4, 1, 3, 2}, 2.5}} {
		if got := median(c.xs); got != c.want {
			t.Errorf("median %v = %v, want %v", c.xs, got, c.want)
		}
	}
}

// -plot draws the seed table's nodes by depth and, with -minimal, the
// efficiency against the LFMG, as SVG files with a line per configuration.
func TestLabPlots(t *testing.T) {
	dir := t.TempDir()
	epd := filepath.Join(dir, "one.epd")
	if err := os.WriteFile(epd, []byte("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	plots := filepath.Join(dir, "plots")
	var out, errOut bytes.Buffer
	if rc := cmdLab([]string{"-depths", "2-3", "-epd", epd, "-plot", plots}, &out, &errOut); rc != 0 {
		t.Fatalf("exit %d: %s", rc, errOut.String())
	}
	if rc := cmdLab([]string{"-minimal", "-depths", "2-3", "-epd", epd, "-plot", plots}, &out, &errOut); rc != 0 {
		t.Fatalf("-minimal: exit %d: %s", rc, errOut.String())
	}
	for _, name := range []string{"lab-seed-16mb-nodes.svg", "lab-minimal-armg0-16mb-efficiency-total.svg", "lab-minimal-armg0-16mb-efficiency-last.svg"} {
		b, err := os.ReadFile(filepath.Join(plots, name))
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"<svg", "alpha-beta", "MTD(f)", "depth"} {
			if !bytes.Contains(b, []byte(want)) {
				t.Errorf("%s lacks %q", name, want)
			}
		}
	}
}

func TestSMPTotals(t *testing.T) {
	r := smpRun{secs: [][]float64{{2, 1, 3}, {0.5}}}
	one, many := r.totals([][]float64{{4, 6, 5}, {3}})
	if one != 8 || many != 2.5 {
		t.Errorf("totals: %v and %v, want 8 (5+3) and 2.5 (2+0.5)", one, many)
	}
}
