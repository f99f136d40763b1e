package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// brudno chess960 writes the 960 start positions, to standard output or
// a file; a stray argument or an unwritable file is an error.
func TestChess960Command(t *testing.T) {
	var out, errOut bytes.Buffer
	if rc := Run([]string{"chess960"}, &out, &errOut); rc != 0 {
		t.Fatalf("exit %d: %s", rc, errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 960 || !strings.HasPrefix(lines[518], "rnbqkbnr/") {
		t.Fatalf("%d lines, line 518 %q", len(lines), lines[518])
	}
	file := filepath.Join(t.TempDir(), "960.epd")
	if rc := Run([]string{"chess960", "-out", file}, &out, &errOut); rc != 0 {
		t.Fatalf("-out: exit %d: %s", rc, errOut.String())
	}
	if b, err := os.ReadFile(file); err != nil || strings.Count(string(b), "\n") != 960 {
		t.Errorf("the file: %d lines, %v", strings.Count(string(b), "\n"), err)
	}
	if rc := Run([]string{"chess960", "extra"}, &out, &errOut); rc != 2 {
		t.Errorf("a stray argument: exit %d, want 2", rc)
	}
	if rc := Run([]string{"chess960", "-out", filepath.Join(t.TempDir(), "no", "such", "dir")}, &out, &errOut); rc != 1 {
		t.Errorf("an unwritable file: exit %d, want 1", rc)
	}
}
