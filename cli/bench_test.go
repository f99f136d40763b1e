package cli

import (
	"bytes"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"brudno/engine"
	"brudno/nnue"
	"brudno/search"
)

// bench -stats on several threads prints the parallel counters and a
// line per thread; a bad scheme or thread count is refused.
func TestBenchThreads(t *testing.T) {
	var out, errOut bytes.Buffer
	if rc := cmdBench([]string{"-threads", "2", "-scheme", "YBW", "-stats", "6"}, &out, &errOut); rc != 0 {
		t.Fatalf("exit %d: %s", rc, errOut.String())
	}
	for _, want := range []string{"parallel       split points", "thread 0", "thread 1", " nodes ", " nps"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	for _, args := range [][]string{{"-threads", "0"}, {"-scheme", "ABDADA"}} {
		errOut.Reset()
		if rc := cmdBench(args, &out, &errOut); rc != 2 {
			t.Errorf("%v: exit %d, want 2", args, rc)
		}
	}
}

// writeRandomNet writes a small random network drawn from seed to path
// and returns it with the file's bytes.
func writeRandomNet(t *testing.T, path string, seed int64) (*nnue.Net, []byte) {
	t.Helper()
	net, err := nnue.RandomNet(16, 50, rand.New(rand.NewSource(seed)))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := net.Save(&buf); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return net, buf.Bytes()
}

// bench -nnue searches with a network file (a small random one here) and
// refuses a missing or corrupt one.
func TestBenchNNUE(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "net.nnue")
	_, saved := writeRandomNet(t, good, 4)
	var out, errOut bytes.Buffer
	if rc := cmdBench([]string{"-nnue", good, "4"}, &out, &errOut); rc != 0 || !strings.Contains(out.String(), " nps") {
		t.Fatalf("exit %d: %s%s", rc, out.String(), errOut.String())
	}
	bad := filepath.Join(dir, "bad.nnue")
	if err := os.WriteFile(bad, saved[:100], 0o644); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{bad, filepath.Join(dir, "missing.nnue")} {
		errOut.Reset()
		if rc := cmdBench([]string{"-nnue", f, "4"}, &out, &errOut); rc != 2 || errOut.Len() == 0 {
			t.Errorf("-nnue %s: exit %d, message %q; want 2 and a message", f, rc, errOut.String())
		}
	}
}

// Without -nnue or -hce bench evaluates as the engine does by default:
// with the embedded network in a build that has one (the same nodes as
// -nnue with that network's file), else with HCE (the same as -hce).
// -nnue and -hce together are refused.
func TestBenchDefaultEvaluation(t *testing.T) {
	nodes := func(args ...string) string {
		t.Helper()
		var out, errOut bytes.Buffer
		if rc := cmdBench(append(args, "4"), &out, &errOut); rc != 0 {
			t.Fatalf("bench %v: exit %d: %s", args, rc, errOut.String())
		}
		return strings.Fields(out.String())[0]
	}
	def := nodes()
	net, err := engine.EmbeddedNet()
	if err != nil {
		t.Fatal(err)
	}
	if net == nil {
		if hce := nodes("-hce"); def != hce {
			t.Errorf("no embedded network: bench %s nodes, -hce %s", def, hce)
		}
	} else {
		file := filepath.Join(t.TempDir(), "embedded.nnue")
		b, err := net.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, b, 0o644); err != nil {
			t.Fatal(err)
		}
		if withFile := nodes("-nnue", file); def != withFile {
			t.Errorf("embedded network: bench %s nodes, -nnue with its file %s", def, withFile)
		}
		if hce := nodes("-hce"); hce == def {
			t.Errorf("-hce searched the same %s nodes as the network", hce)
		}
	}
	var out, errOut bytes.Buffer
	if rc := cmdBench([]string{"-hce", "-nnue", "x.nnue", "4"}, &out, &errOut); rc != 2 || !strings.Contains(errOut.String(), "choose one") {
		t.Errorf("-hce with -nnue: exit %d, %q", rc, errOut.String())
	}
}

// -hash sizes the table (a table size changes no node count at a small
// depth: the tables are far from full), -cpuprofile writes a profile, and
// bad values are refused.
func TestBenchHashAndProfile(t *testing.T) {
	nodes := func(args ...string) string {
		var out, errOut bytes.Buffer
		if rc := cmdBench(args, &out, &errOut); rc != 0 {
			t.Fatalf("%v: exit %d: %s", args, rc, errOut.String())
		}
		return strings.Fields(out.String())[0]
	}
	prof := filepath.Join(t.TempDir(), "cpu.prof")
	if a, b := nodes("5"), nodes("-hash", "64", "-cpuprofile", prof, "5"); a != b {
		t.Errorf("16 MB: %s nodes, 64 MB: %s", a, b)
	}
	if st, err := os.Stat(prof); err != nil || st.Size() == 0 {
		t.Errorf("profile: %v", err)
	}
	for _, args := range [][]string{{"-hash", "0"}, {"-hash", "70000"}, {"-cpuprofile", filepath.Join(t.TempDir(), "no", "such", "dir")}} {
		var out, errOut bytes.Buffer
		if rc := cmdBench(args, &out, &errOut); rc != 2 || errOut.Len() == 0 {
			t.Errorf("%v: exit %d, %q; want 2 and a message", args, rc, errOut.String())
		}
	}
}

// keepParam restores the search constant name when the test ends.
func keepParam(t *testing.T, name string) {
	for _, p := range search.Params {
		if p.Name == name {
			v := *p.Value
			t.Cleanup(func() { search.SetParam(name, v) })
			return
		}
	}
	t.Fatalf("no search parameter %q", name)
}

// bench -param sets a search constant for the run (the tree changes);
// an unknown name, a value out of range or not a number is refused.
func TestBenchParam(t *testing.T) {
	keepParam(t, "LMRBase")
	nodes := func(args ...string) string {
		t.Helper()
		var out, errOut bytes.Buffer
		if rc := cmdBench(append(args, "6"), &out, &errOut); rc != 0 {
			t.Fatalf("%v: exit %d: %s", args, rc, errOut.String())
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		return strings.Fields(lines[len(lines)-1])[0]
	}
	base := nodes()
	if tuned := nodes("-param", "LMRBase=150"); tuned == base {
		t.Errorf("-param LMRBase=150 searched the same %s nodes", base)
	}
	for _, c := range []struct{ arg, want string }{
		{"Nope=1", "no search parameter"},
		{"LMRBase=100000", "outside"},
		{"LMRBase=x", "not an integer"},
		{"LMRBase", "Name=Value"},
	} {
		var out, errOut bytes.Buffer
		if rc := cmdBench([]string{"-param", c.arg, "6"}, &out, &errOut); rc != 2 || !strings.Contains(errOut.String(), c.want) {
			t.Errorf("-param %s: exit %d, %q; want 2 and %q", c.arg, rc, errOut.String(), c.want)
		}
	}
}
