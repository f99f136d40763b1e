// Tests of the lab's configuration sets, its table options and the
// minimal-graph mode, run in-process on two positions at small depths.

package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"brudno/engine"
	"brudno/search"
)

func labTestEPD(t *testing.T) string {
	t.Helper()
	epd := filepath.Join(t.TempDir(), "two.epd")
	fens := "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - ; bm Qd1+; id BK.01\n2r3k1/pppR1pp1/4p3/4P1P1/5P2/1P4K1/P1P5/8 w - - ; bm g6; id BK.06\n"
	if err := os.WriteFile(epd, []byte(fens), 0o644); err != nil {
		t.Fatal(err)
	}
	return epd
}

// The lab's own search loop reproduces the seed table's counts, which
// engine.BenchPositions produced, with a 16 MB one-bound table.
func TestLabSearchMatchesBench(t *testing.T) {
	fens := engine.BenchFENs[:3]
	tt := search.NewTT(16)
	for _, c := range labConfigs() {
		want, _ := engine.BenchPositions(fens, 3, c.opts, engine.BenchHashMB, nil)
		if got, _ := labSearch(fens, 3, c.opts, tt); got != want {
			t.Errorf("%s: lab %d nodes, bench %d", c.name, got, want)
		}
	}
}

func TestLabSets(t *testing.T) {
	epd := labTestEPD(t)
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"-set", "mtd", "-depths", "2-3"}, []string{"16 MB table (columns 1b", "| MTD(f) back2 2b |", "| MTD(f) 2b vs PVS+asp 2b |", "| 3 |"}},
		{[]string{"-set", "mtd", "-etc=false", "-hash", "4", "-depths", "3"}, []string{"4 MB table", "PVS+asp 1b"}},
		{[]string{"-set", "etc", "-two", "-hash", "8", "-depths", "3"}, []string{"8 MB table of two-bound entries", "| ETC both lifted |", "ETC every depth vs no ETC"}},
		{[]string{"-two", "-depths", "2"}, []string{"two-bound entries", "| MTD(f) |"}},
		{[]string{"-set", "mtd", "-grain", "16", "-depths", "2"}, []string{"rounded to multiples of 16 cp", "| MTD(f) 1b |"}},
		// The drivers find the same values, SSS* and DUAL* too.
		{[]string{"-set", "algo", "-depths", "2-3"}, []string{"| depth | PVS | MTDf | AlphaBeta | SSS | DUAL |", "| SSS vs AlphaBeta | DUAL vs AlphaBeta |",
			"Leaves relative to another column", "Every configuration found the same score for every position at every depth."}},
		{[]string{"-set", "algo", "-algo", "sss, AlphaBeta", "-two", "-depths", "3"}, []string{"two-bound entries", "| depth | SSS | AlphaBeta |", "| SSS vs AlphaBeta |", "the same score"}},
	} {
		var out, errOut bytes.Buffer
		if rc := cmdLab(append(c.args, "-epd", epd), &out, &errOut); rc != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, rc, errOut.String())
		}
		for _, w := range c.want {
			if !strings.Contains(out.String(), w) {
				t.Errorf("%v: output lacks %q:\n%s", c.args, w, out.String())
			}
		}
	}
}

// The value check names each position and depth where a configuration's
// score differs from the first one's that ran, and skipped cells count
// for nothing.
func TestLabValues(t *testing.T) {
	configs := []labConfig{{name: "A"}, {name: "B"}, {name: "C"}}
	var out bytes.Buffer
	labValues(4, configs, [][]labCell{{{}, {scores: []int{1, 2}}, {scores: []int{1, 2}}}, {{scores: []int{5, 6}}, {scores: []int{5, 6}}, {}}}, &out)
	if !strings.Contains(out.String(), "Every configuration found the same score") {
		t.Errorf("equal scores: %q", out.String())
	}
	out.Reset()
	labValues(4, configs, [][]labCell{{{scores: []int{1, 2}}, {scores: []int{1, 3}}, {}}}, &out)
	if out.String() != "depth 4, position 2: B scores 3, A 2\n" {
		t.Errorf("a difference: %q", out.String())
	}
}

func TestLabMinimal(t *testing.T) {
	epd := labTestEPD(t)
	var out, errOut bytes.Buffer
	if rc := cmdLab([]string{"-minimal", "-armg", "2", "-depths", "2-3", "-epd", epd}, &out, &errOut); rc != 0 {
		t.Fatalf("exit %d: %s", rc, errOut.String())
	}
	for _, w := range []string{"| depth | LFMG | ARMG(2) |", "| 2 |", "| 3 |", "over the LFMG's", "Every configuration found the graph's value"} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("output lacks %q:\n%s", w, out.String())
		}
	}
}

func TestLabBadFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-set", "nonsense"}, "unknown set"},
		{[]string{"-hash", "0"}, "-hash must be at least 1"},
		{[]string{"-minimal", "-armg", "-1"}, "-armg must be 0 or more"},
		{[]string{"-grain", "-1"}, "-grain must be from 0 to 1000"},
		{[]string{"-grain", "8", "-minimal"}, "-grain goes with the node tables"},
		{[]string{"-grain", "8", "-smp", "2"}, "-grain goes with the node tables"},
		{[]string{"-algo", "SSS"}, "-algo goes with -set algo"},
		{[]string{"-set", "algo", "-algo", "SSS,NegaC*"}, "unknown search algorithm"},
		{[]string{"-set", "algo", "-algo", "DUAL,dual"}, "-algo names DUAL twice"},
	} {
		var out, errOut bytes.Buffer
		if rc := cmdLab(c.args, &out, &errOut); rc != 2 || !strings.Contains(errOut.String(), c.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", c.args, rc, errOut.String(), c.want)
		}
	}
}
