// Tests of `brudno epd` as a user runs it: result lines and the summary on
// stdout, problems on stderr, the JSON file, and the exit status (2 for a
// bad file, flag or option; 0 even when positions are not solved).

package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runEPD(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Run(append([]string{"epd"}, args...), &out, &errb)
	return code, out.String(), errb.String()
}

func TestEPDCommand(t *testing.T) {
	dir := t.TempDir()
	suite := filepath.Join(dir, "suite.epd")
	// One solved, one wrong bm, one malformed line, one joined comment.
	src := "r6k/6pp/7N/8/8/1Q6/8/6K1 w - - bm Qg8+; id \"t.1\";\r\n" +
		"r6k/6pp/7N/8/8/1Q6/8/6K1 w - - bm Nf7+; id \"t.2\"; c0 \"a comment\r\n" +
		"over two lines\";\r\n" +
		"r6k/6pp/7N/8/8/1Q6/8/6K1 w - - bm Qxh8; id \"t.3\";\r\n"
	if err := os.WriteFile(suite, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	jsonPath := filepath.Join(dir, "out.json")
	code, out, errs := runEPD(t, suite, "-depth", "5", "-hash", "8", "-option", "Move Overhead=10", "-json", jsonPath)
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 4 {
		t.Fatalf("stdout:\n%s", out)
	}
	if !strings.HasPrefix(lines[0], "1/2 t.1 ok   Qg8+     (bm Qg8+) found at depth ") ||
		!strings.HasPrefix(lines[1], "2/2 t.2 FAIL Qg8+     (bm Nf7+) depth 5, mate 2, ") {
		t.Errorf("result lines:\n%s\n%s", lines[0], lines[1])
	}
	if !strings.HasPrefix(lines[3], suite+": solved 1/2 (50.0%), mean time-to-solution ") || !strings.HasSuffix(lines[3], " ms") {
		t.Errorf("summary: %s", lines[3])
	}
	if !strings.HasPrefix(lines[2], "2 positions searched in ") {
		t.Errorf("totals: %s", lines[2])
	}
	for _, want := range []string{"line 2: a quoted string runs over a line break; lines 2 to 3", `line 4: skipped: bm: move "Qxh8"`, "position 2 of 2, solved 1"} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
	}
	data, err := os.ReadFile(jsonPath)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		File    string
		Limits  struct{ Depth int }
		Summary struct {
			Positions, Solved int
		}
		Positions []struct {
			ID, Move        string
			MoveUCI         string `json:"move_uci"`
			Solved          bool
			Mate            int
			Depth           int
			DepthToSolution *int `json:"depth_to_solution"`
			PV              []string
		}
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatalf("%v in %s", err, data)
	}
	if doc.File != suite || doc.Limits.Depth != 5 || doc.Summary.Positions != 2 || doc.Summary.Solved != 1 || len(doc.Positions) != 2 {
		t.Fatalf("JSON %s", data)
	}
	p := doc.Positions[0]
	if p.MoveUCI != "b3g8" || !p.Solved || p.Mate != 2 || p.Depth != 5 || p.DepthToSolution == nil || len(p.PV) != 3 || p.PV[0] != "b3g8" {
		t.Errorf("JSON position %+v", p)
	}
	if doc.Positions[1].Solved || doc.Positions[1].DepthToSolution != nil {
		t.Errorf("JSON position %+v", doc.Positions[1])
	}
}

func TestEPDCommandErrors(t *testing.T) {
	dir := t.TempDir()
	perft := filepath.Join(dir, "perft.epd")
	os.WriteFile(perft, []byte("4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66\n"), 0o644)
	empty := filepath.Join(dir, "empty.epd")
	os.WriteFile(empty, []byte("# nothing\nnot a fen\n"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "give exactly one EPD file"},
		{[]string{filepath.Join(dir, "missing.epd")}, "no such file"},
		{[]string{perft}, "looks like a perft suite"},
		{[]string{empty}, "no position to solve"},
		{[]string{"builtin:nope"}, `no built-in suite "nope"`},
		{[]string{"builtin:mates", "-depth", "-3"}, "-depth must be from 1 to "},
		{[]string{"builtin:mates", "-movetime", "-5"}, "-movetime must not be negative"},
		{[]string{"builtin:mates", "-movetime", "x"}, "invalid value"},
		{[]string{"builtin:mates", "-option", "Nope=1"}, `no such option "Nope"; the options are: Hash, `},
		{[]string{"builtin:mates", "-option", "Threads"}, "want Name=Value"},
		{[]string{"builtin:mates", "-threads", "0"}, "Threads"},
		{[]string{"builtin:mates", "-json", filepath.Join(dir, "no", "such", "dir.json")}, "no such file"},
	} {
		code, _, errs := runEPD(t, c.args...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args, code, errs, c.want)
		}
	}
	// A built-in suite; unsolved positions are not an error (a depth-1
	// search finds every mate in 1 but not the quiet first moves).
	code, out, _ := runEPD(t, "builtin:mates", "-depth", "1")
	if code != 0 || !strings.Contains(out, "mate1-                   solved 5/5") || !strings.Contains(out, "FAIL Kc7 ") && !strings.Contains(out, "mate2-04 FAIL") {
		t.Errorf("exit %d, stdout:\n%s", code, out)
	}
}

// -mates reports the depth to each proved mate distance and totals them:
// the same lines on a second run (no times), positions without dm or
// mated left out, and the flags a depth measurement needs enforced.
func TestEPDMates(t *testing.T) {
	dir := t.TempDir()
	suite := filepath.Join(dir, "mates.epd")
	src := "6rk/6pp/8/6N1/8/8/8/6K1 w - - dm 1; id \"mate1.a\";\n" + // Nf7#
		"k7/2K5/8/8/8/8/8/1R6 b - - mated 1; id \"mated1.a\";\n" + // Ka7 Ra1#
		"r6k/6pp/7N/8/8/1Q6/8/6K1 w - - dm 2; id \"mate2.a\";\n" + // Qg8+ Rxg8 Nf7#
		"r6k/6pp/7N/8/8/1Q6/8/6K1 w - - bm Qg8+; id \"other\";\n"
	if err := os.WriteFile(suite, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runEPD(t, suite, "-depth", "8", "-hash", "4", "-mates")
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errs)
	}
	for _, want := range []string{
		"1/3 mate1.a  mate in 1   Nf7#     found at depth 1\n",
		"2/3 mated1.a mated in 1  Ka7      found at depth ",
		"3/3 mate2.a  mate in 2   Qg8+     found at depth ",
		"  mate in 1            1        1        1          1        1         1      1\n",
		"  total                3        ",
		suite + ": mates found by 2K+1 (2K+2 when mated) 3/3, by depth 8 3/3; mate and mated in 1 by depth 2 ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "other") || strings.Contains(out, " ms") {
		t.Errorf("a position without a mate distance, or a time, in the output:\n%s", out)
	}
	if _, again, _ := runEPD(t, suite, "-depth", "8", "-hash", "4", "-mates"); again != out {
		t.Errorf("a second run differs:\n%s\nfirst:\n%s", again, out)
	}
	for _, args := range [][]string{
		{suite, "-mates"},
		{suite, "-mates", "-depth", "8", "-nodes", "1000"},
		{suite, "-mates", "-depth", "8", "-threads", "2"},
	} {
		if code, _, errs := runEPD(t, args...); code != 2 || !strings.Contains(errs, "-mates measures depths") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
	none := filepath.Join(dir, "none.epd")
	os.WriteFile(none, []byte("r6k/6pp/7N/8/8/1Q6/8/6K1 w - - bm Qg8+;\n"), 0o644)
	if code, _, errs := runEPD(t, none, "-mates", "-depth", "4"); code != 2 || !strings.Contains(errs, "no position with dm or mated") {
		t.Errorf("no mates: exit %d, stderr %q", code, errs)
	}
}
