package integration

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// tools/datagen/datagen.sh starts data generation in the background into
// a file named by the network, pauses it (the process stops taking CPU
// and the file stops growing), resumes it, and stops it cleanly with
// whole games written, also while paused; start again appends to the
// same file. With CHESS960=1 it plays Chess960 games into a file of
// their own.
func TestDatagenScript(t *testing.T) {
	for _, tool := range []string{"bash", "ps", "sha256sum"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("no %s", tool)
		}
	}
	if testing.Short() {
		t.Skip("short")
	}
	exe := binary(t)
	dir := t.TempDir()
	book := filepath.Join(dir, "book.epd")
	os.WriteFile(book, []byte("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"), 0o644)
	net, _ := filepath.Abs(filepath.Join("..", "engine", "nets", "default.nnue"))
	if _, err := os.Stat(net); err != nil {
		t.Skip("no embedded network file")
	}
	script, _ := filepath.Abs(filepath.Join("..", "tools", "datagen", "datagen.sh"))
	chess960 := "0"
	var extra []string // more settings of the environment
	run := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("bash", append([]string{script}, args...)...)
		cmd.Env = append(os.Environ(), "EXE="+exe, "NET="+net, "DATA_DIR="+filepath.Join(dir, "data"),
			"NNUE_NODES=300", "DATA_SEED=7", "DATAGEN_THREADS=1", "BOOK="+book, "CHESS960="+chess960)
		cmd.Env = append(cmd.Env, extra...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("datagen.sh %v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	fileSize := func(pattern string) int64 {
		files, _ := filepath.Glob(pattern)
		if len(files) != 1 {
			return -1
		}
		st, _ := os.Stat(files[0])
		return st.Size()
	}
	size := func() int64 { return fileSize(filepath.Join(dir, "data", "net-*-300n-s7.bin")) }
	waitFor := func(what string, ok func() bool) {
		t.Helper()
		for deadline := time.Now().Add(60 * time.Second); !ok(); time.Sleep(200 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("datagen: no %s within 60 s; status %s", what, run("status"))
			}
		}
	}
	if out := run("start"); !strings.Contains(out, "started") {
		t.Fatalf("start: %s", out)
	}
	waitFor("records", func() bool { return size() > 0 })
	run("pause")
	// SIGSTOP takes effect when each thread next runs, which on a loaded
	// machine may be a while after kill returns: wait for the status to
	// say paused and, where /proc tells, for every thread to have stopped
	// (the status reads the main thread's state) before the file is
	// watched.
	waitFor("paused status", func() bool { return strings.Contains(run("status"), "paused") })
	pid := strings.TrimSpace(readFile(t, filepath.Join(dir, "data", "datagen.pid")))
	if _, err := os.Stat("/proc/" + pid + "/task"); err == nil {
		waitFor("every thread stopped", func() bool { return threadsStopped(pid) })
	} else {
		time.Sleep(500 * time.Millisecond)
	}
	before := size()
	time.Sleep(2 * time.Second)
	if size() != before {
		t.Errorf("the file grew while paused: %d then %d", before, size())
	}
	run("resume")
	waitFor("growth after resume", func() bool { return size() > before })
	run("stop")
	waitFor("exit after stop", func() bool { return strings.Contains(run("status"), "not running") })
	if s := size(); s <= 0 || s%32 != 0 {
		t.Errorf("file of %d bytes after a clean stop, want whole 32-byte records", s)
	}
	stopped := size()
	run("start")
	waitFor("appended records", func() bool { return size() > stopped })
	// A paused datagen stops too.
	run("pause")
	run("stop")
	waitFor("exit after a stop while paused", func() bool { return strings.Contains(run("status"), "not running") })

	stopped2 := size()
	chess960 = "1"
	size960 := func() int64 { return fileSize(filepath.Join(dir, "data", "net-*-300n-s7-960.bin")) }
	if out := run("start"); !strings.Contains(out, "-960.bin") {
		t.Fatalf("start with CHESS960=1: %s", out)
	}
	waitFor("Chess960 records", func() bool { return size960() > 0 })
	run("stop")
	waitFor("exit after the Chess960 stop", func() bool { return strings.Contains(run("status"), "not running") })
	if size() != stopped2 {
		t.Errorf("the standard file changed while Chess960 games were played")
	}

	// A recipe of its own: more flags, a folder of tables (one without any
	// is left out of the command), a tag in the file's name; the status
	// gives the CPU seconds.
	chess960 = "0"
	extra = []string{"DATA_FLAGS=-resign-score 600 -resign-plies 4", "DATA_SYZYGY=" + dir, "DATA_TAG=adj"}
	sizeAdj := func() int64 { return fileSize(filepath.Join(dir, "data", "net-*-300n-s7-adj.bin")) }
	if out := run("start"); !strings.Contains(out, "-s7-adj.bin") {
		t.Fatalf("start with DATA_TAG=adj: %s", out)
	}
	waitFor("records of the tagged recipe", func() bool { return sizeAdj() > 0 })
	if out := run("status"); !strings.Contains(out, "CPU seconds so far") {
		t.Errorf("status while running: %s", out)
	}
	ps, err := exec.Command("ps", "-o", "args=", "-p", strings.TrimSpace(readFile(t, filepath.Join(dir, "data", "datagen.pid")))).Output()
	if err != nil || !strings.Contains(string(ps), "-resign-score 600 -resign-plies 4") || strings.Contains(string(ps), "-syzygy") {
		t.Errorf("the tagged run's command: %q (%v)", ps, err)
	}
	run("stop")
	waitFor("exit after the tagged run's stop", func() bool { return strings.Contains(run("status"), "not running") })
}

// threadsStopped reports whether every thread of process pid is stopped
// by a signal, as /proc lists them.
func threadsStopped(pid string) bool {
	stats, _ := filepath.Glob("/proc/" + pid + "/task/*/stat")
	for _, f := range stats {
		b, err := os.ReadFile(f)
		if err != nil {
			continue // the thread has ended
		}
		// The state follows the command, which ends at the last ')'.
		i := bytes.LastIndexByte(b, ')')
		if i < 0 || i+2 >= len(b) || b[i+2] != 'T' && b[i+2] != 't' {
			return false
		}
	}
	return len(stats) > 0
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
