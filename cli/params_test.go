package cli

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"brudno/search"
)

// `brudno params -spsa` prints one OpenBench SPSA line per parameter:
// name, int, default, min, max, step, learning rate.
func TestParamsSPSA(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := Run([]string{"params", "-spsa"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != len(search.Params) {
		t.Fatalf("%d lines for %d parameters", len(lines), len(search.Params))
	}
	for i, l := range lines {
		f := strings.Split(l, ", ")
		p := search.Params[i]
		if len(f) != 7 || f[0] != p.Name || f[1] != "int" || f[2] != strconv.Itoa(*p.Value) ||
			f[3] != strconv.Itoa(p.Min) || f[4] != strconv.Itoa(p.Max) || f[5] != strconv.Itoa(p.Step) || f[6] != "0.002" {
			t.Errorf("line %q for %+v", l, p)
		}
	}
	if code := Run([]string{"params", "extra"}, &out, &errOut); code != 2 {
		t.Errorf("a stray argument gave exit %d, want 2", code)
	}
}
