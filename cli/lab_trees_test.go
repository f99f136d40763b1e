// Tests of `brudno lab -trees`, run in-process on small trees: the table,
// the JSON records, the plots, the grid restricted to one shape, and bad
// input refused.

package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLabTrees(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "t.json")
	var stdout, stderr bytes.Buffer
	args := []string{"-trees", "-width", "4", "-depth", "3", "-order", "2", "-prob", "0.9", "-count", "5", "-gen", "campbell", "-json", out, "-plot", dir}
	if rc := cmdLab(args, &stdout, &stderr); rc != 0 {
		t.Fatalf("exit %d: %s", rc, stderr.String())
	}
	for _, want := range []string{"T(4,3) order 2, p=0.90, campbell, 5 trees", "| alphabeta |", "| SSS* |", "| DUAL* |", "| MTD(f) |", "| PS*(1) |", "| PS*(2) |", "| PS*(4) |"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, stdout.String())
		}
	}
	var recs []map[string]any
	data, err := os.ReadFile(out)
	if err == nil {
		err = json.Unmarshal(data, &recs)
	}
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 9 || recs[1]["algorithm"] != "SSS*" || recs[8]["algorithm"] != "PS*" || recs[8]["k"] != 4.0 || recs[0]["trees"] != 5.0 || recs[0]["prob"] != 0.9 {
		t.Errorf("records: %v", recs)
	}
	for _, field := range []string{"width", "depth", "order", "leaves_mean", "storage_max"} {
		if _, ok := recs[0][field]; !ok {
			t.Errorf("records lack %q", field)
		}
	}
	if svgs, _ := filepath.Glob(filepath.Join(dir, "*.svg")); len(svgs) != 1 {
		t.Errorf("plots: %v", svgs)
	}
}

func TestLabTreesGrid(t *testing.T) {
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	if rc := cmdLab([]string{"-trees", "-grid", "-shapes", "8x4", "-count", "2", "-plot", dir}, &stdout, &stderr); rc != 0 {
		t.Fatalf("exit %d: %s", rc, stderr.String())
	}
	for _, want := range []string{"### T(8,4), iid leaves, 2 trees per column", "| algorithm | ord=1 | ord=2 | ord=4 | ord=8 | largest storage |", "| PS*(2) |", "Minimal tree: 127 leaves"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, stdout.String())
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "trees-T8-4-iid.svg")); err != nil {
		t.Error(err)
	}
}

func TestLabTreesBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-trees", "-gen", "gaussian"}, "unknown generator"},
		{[]string{"-trees", "-width", "6", "-k", "4"}, "k must divide the width"},
		{[]string{"-trees", "-order", "9"}, "order 9 out of range"},
		{[]string{"-trees", "-grid", "-shapes", "5x5"}, "no grid shape"},
		{[]string{"-trees", "8"}, "unexpected argument"},
	} {
		var stdout, stderr bytes.Buffer
		if rc := cmdLab(c.args, &stdout, &stderr); rc != 2 || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", c.args, rc, stderr.String(), c.want)
		}
	}
}
