// The version the binary prints (engine/version.go) as each kind of build
// makes it: make in a checkout names the commit, make in a tree without
// git (OpenBench's way) prints the number alone, and a plain go build in
// a repository takes the commit from the go command's VCS stamp.

package integration

import (
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"brudno/engine"
)

// checkout returns the repository root's version number and, when it is
// a git checkout's top, its abbreviated commit and whether the tree has
// changes; the test is skipped without the number.
func checkout(t *testing.T) (number, commit string, dirty bool) {
	t.Helper()
	b, err := os.ReadFile("../VERSION")
	if err != nil {
		t.Skipf("no VERSION: %v", err)
	}
	number = strings.TrimSpace(string(b))
	git := func(args ...string) (string, error) {
		cmd := exec.Command("git", args...)
		cmd.Dir = ".."
		out, err := cmd.Output()
		return strings.TrimSpace(string(out)), err
	}
	if prefix, err := git("rev-parse", "--show-prefix"); err != nil || prefix != "" {
		return number, "", false
	}
	commit, err = git("rev-parse", "--short=7", "HEAD")
	if err != nil {
		return number, "", false
	}
	status, err := git("status", "--porcelain")
	if err != nil {
		t.Fatalf("git status: %v", err)
	}
	return number, commit, status != ""
}

// version runs `bin version` and returns its line.
func version(t *testing.T, bin string) string {
	t.Helper()
	out, err := exec.Command(bin, "version").Output()
	if err != nil {
		t.Fatalf("%s version: %v", bin, err)
	}
	return strings.TrimSuffix(string(out), "\n")
}

func makeBuild(t *testing.T, dir, exe string) {
	t.Helper()
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("no make")
	}
	cmd := exec.Command("make", "EXE="+exe)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make EXE=%s in %s: %v\n%s", exe, dir, err, out)
	}
}

// make in the checkout: the number, and the commit with -dirty as git
// sees the tree.
func TestVersionMake(t *testing.T) {
	if testing.Short() {
		t.Skip("a make build takes some seconds")
	}
	number, commit, dirty := checkout(t)
	exe := filepath.Join(t.TempDir(), "brudno-version")
	makeBuild(t, "..", exe)
	c := commit
	if dirty {
		c += "-dirty"
	}
	want := "Brudno " + engine.VersionOf(number, c)
	if got := version(t, exe); got != want {
		t.Errorf("make's build says %q, want %q (commit %q, dirty %v)", got, want, commit, dirty)
	}
	if commit != "" && strings.Contains(number, "-") && !strings.Contains(want, "+"+commit) {
		t.Errorf("a development version %q without its commit %s", want, commit)
	}
}

// make in a copy of the tree without .git (as `git archive` or a zip of
// the repository gives it, the way OpenBench builds): the number alone.
func TestVersionWithoutGit(t *testing.T) {
	if testing.Short() {
		t.Skip("a make build takes some seconds")
	}
	dir := copyTree(t)
	b, err := os.ReadFile(filepath.Join(dir, "VERSION"))
	if err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(dir, "brudno-nogit")
	makeBuild(t, dir, exe)
	if got, want := version(t, exe), "Brudno "+strings.TrimSpace(string(b)); got != want {
		t.Errorf("the build without git says %q, want %q", got, want)
	}
}

// copyTree copies the checkout's files (tracked, and untracked ones git
// does not ignore: what the next commit would hold) into a new folder
// outside it, without .git, and returns the folder.
func copyTree(t *testing.T) string {
	t.Helper()
	if _, commit, _ := checkout(t); commit == "" {
		t.Skip("not a git checkout")
	}
	cmd := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	cmd.Dir = ".."
	list, err := cmd.Output()
	if err != nil {
		t.Fatalf("git ls-files: %v", err)
	}
	dir := t.TempDir()
	for _, name := range strings.Split(strings.TrimSuffix(string(list), "\x00"), "\x00") {
		b, err := os.ReadFile(filepath.Join("..", name))
		if errors.Is(err, fs.ErrNotExist) {
			continue // deleted, not yet committed
		}
		if err != nil {
			t.Fatal(err)
		}
		dst := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// A plain `go build -buildvcs=true` in a git repository stamps the
// commit, which the engine reads when the Makefile gave none. (The go
// command does not read a `git worktree`'s .git file, so the test makes
// a repository of its own from a copy of the tree.)
func TestVersionGoBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("a build takes some seconds")
	}
	dir := copyTree(t)
	git := func(args ...string) string {
		cmd := exec.Command("git", append([]string{"-c", "user.name=test", "-c", "user.email=test@example.org"}, args...)...)
		cmd.Dir = dir
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("git %s: %v", strings.Join(args, " "), err)
		}
		return strings.TrimSpace(string(out))
	}
	git("init", "-q")
	git("add", "-A")
	git("commit", "-q", "-m", "tree")
	head := git("rev-parse", "--short=7", "HEAD")
	b, err := os.ReadFile(filepath.Join(dir, "VERSION"))
	if err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(t.TempDir(), "brudno-gobuild")
	cmd := exec.Command("go", "build", "-trimpath", "-buildvcs=true", "-o", exe, ".")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	want := "Brudno " + engine.VersionOf(string(b), head)
	if got := version(t, exe); got != want {
		t.Errorf("go build in a repository says %q, want %q", got, want)
	}
}
