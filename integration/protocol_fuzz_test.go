package integration

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"brudno/uci/ucifuzz"
)

// pipeEngine is the binary driven over its standard input and output,
// every output line handed to the checker.
type pipeEngine struct {
	cmd    *exec.Cmd
	in     io.WriteCloser
	stderr bytes.Buffer
	done   chan struct{}
}

func startPipeEngine(t *testing.T, c *ucifuzz.Checker) *pipeEngine {
	p := &pipeEngine{cmd: exec.Command(binary(t)), done: make(chan struct{})}
	in, err := p.cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := p.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	p.in = in
	p.cmd.Stderr = &p.stderr
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for sc.Scan() {
			c.Received(sc.Text())
		}
		close(p.done)
	}()
	return p
}

func (p *pipeEngine) Send(cmd string) { io.WriteString(p.in, cmd+"\n") }

// quit sends quit and reports how the process ended: it must exit, with
// status 0 and nothing on standard error, within answerWait (no search
// runs: every sequence ends with its answers settled).
func (p *pipeEngine) quit(t *testing.T, seed int64) {
	p.Send("quit")
	exited := make(chan error, 1)
	go func() { <-p.done; exited <- p.cmd.Wait() }()
	select {
	case err := <-exited:
		if err != nil || p.stderr.Len() > 0 {
			t.Errorf("seed %d: exit %v, stderr %q", seed, err, p.stderr.String())
		}
	case <-time.After(answerWait):
		p.cmd.Process.Kill()
		t.Errorf("seed %d: no exit %v after quit", seed, answerWait)
	}
}

// Random sequences of commands against the binary over pipes, several
// sequences per process, then quit: the checks of ucifuzz, and an exit
// with status 0 and a silent standard error. PROTOFUZZ_TIME sets the
// duration (make fuzz-protocol).
func TestProtocolSequencesBinary(t *testing.T) {
	d := 3 * time.Second
	if v := os.Getenv("PROTOFUZZ_TIME"); v != "" {
		var err error
		if d, err = time.ParseDuration(v); err != nil {
			t.Fatal(err)
		}
	}
	cfg := ucifuzz.Config{LogFile: filepath.Join(t.TempDir(), "debug.log")}
	if dir := filepath.Join("..", "..", "shared", "syzygy"); fileExists(filepath.Join(dir, "KQvK.rtbw")) {
		cfg.TablesDir, _ = filepath.Abs(dir)
	} else if os.Getenv("CI") == "true" {
		t.Fatalf("no tablebases in %s under CI=true", dir)
	}
	var total ucifuzz.Stats
	for seed, start := int64(1), time.Now(); time.Since(start) < d && !t.Failed(); seed++ {
		c := ucifuzz.NewChecker()
		p := startPipeEngine(t, c)
		gen := ucifuzz.NewGen(ucifuzz.Random(seed), cfg)
		for i := 0; i < 3; i++ {
			ucifuzz.Run(p, c, gen, 60, 20*time.Second)
		}
		p.quit(t, seed)
		total.Add(c.Stats)
		for _, v := range c.Stats.Violations {
			t.Errorf("seed %d: %s", seed, strings.ReplaceAll(v, "\n", " "))
		}
	}
	t.Logf("binary: %v", &total)
}

func fileExists(p string) bool { _, err := os.Stat(p); return err == nil }
