package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var sharedTables = filepath.Join("..", "..", "shared", "syzygy")

// brudno tb probe prints the WDL, DTZ, best moves and each move's result;
// brudno tb check reports usable and refused files.
func TestTBCommand(t *testing.T) {
	if _, err := os.Stat(filepath.Join(sharedTables, "KPvK.rtbw")); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("no tables in CI:", err)
		}
		t.Skip("no tables:", err)
	}
	var out, errOut bytes.Buffer
	rc := Run([]string{"tb", "probe", "-path", sharedTables, "8/8/8/8/8/2k5/2p5/K7", "b", "-", "-", "0", "1"}, &out, &errOut)
	if rc != 0 {
		t.Fatalf("probe: exit %d: %s", rc, errOut.String())
	}
	for _, want := range []string{"WDL 2 (win)", "DTZ 1", "best c2c1q c2c1r c3d2 c3d3", "c2c1n      0     0  draw"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("probe output lacks %q:\n%s", want, out.String())
		}
	}
	// On the fifty-move boundary: Kd3's DTZ may be one ply short.
	out.Reset()
	if rc := Run([]string{"tb", "probe", "-path", sharedTables, "8/2K5/4B3/3N4/8/8/4k3/8 b - - 47 1"}, &out, &errOut); rc != 0 {
		t.Fatalf("probe: exit %d: %s", rc, errOut.String())
	}
	for _, want := range []string{"result with the clock at 47: loss, not certain", "best e2d3\n", "e2d3      -2   -53  loss, not certain", "e2d1      -2   -51  loss\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("probe output lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	if rc := Run([]string{"tb", "check", sharedTables}, &out, &errOut); rc != 0 || !strings.Contains(out.String(), "70 usable (35 WDL, 35 DTZ, up to 4 pieces), 0 refused") {
		t.Errorf("check: exit %d:\n%s", rc, out.String())
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "KQvK.rtbw"), []byte("not a table"), 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if rc := Run([]string{"tb", "check", dir}, &out, &errOut); rc != 1 || !strings.Contains(out.String(), "REFUSED") || !strings.Contains(out.String(), "KQvK.rtbw") {
		t.Errorf("check of a bad file: exit %d:\n%s", rc, out.String())
	}
	for _, args := range [][]string{{"tb"}, {"tb", "probe"}, {"tb", "probe", "not a fen"}, {"tb", "check"}} {
		if rc := Run(args, &out, &errOut); rc != 2 {
			t.Errorf("%v: exit %d, want 2", args, rc)
		}
	}
	if rc := Run([]string{"tb", "probe", "-path", sharedTables, "4k3/8/8/8/8/8/8/4K2R w K - 0 1"}, &out, &errOut); rc != 1 {
		t.Errorf("castling rights: exit %d, want 1", rc)
	}
}
