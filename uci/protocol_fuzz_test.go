package uci

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"brudno/engine"
	"brudno/uci/ucifuzz"
)

// protoFuzzTime is how long TestProtocolSequences runs: PROTOFUZZ_TIME
// (a Go duration; make fuzz-protocol sets it), by default a few seconds.
func protoFuzzTime(t *testing.T) time.Duration {
	d := 3 * time.Second
	if v := os.Getenv("PROTOFUZZ_TIME"); v != "" {
		var err error
		if d, err = time.ParseDuration(v); err != nil {
			t.Fatalf("PROTOFUZZ_TIME: %v", err)
		}
	}
	return d
}

// facade drives a Conversation in this process, as uci.Run does, handing
// every line it writes to the checker.
type facade struct {
	s    *Conversation
	pw   *io.PipeWriter
	done chan struct{}
}

func newFacade(c *ucifuzz.Checker) *facade {
	pr, pw := io.Pipe()
	e := engine.New()
	f := &facade{s: &Conversation{eng: e, out: newOutput(pw, e)}, pw: pw, done: make(chan struct{})}
	go func() {
		sc := bufio.NewScanner(pr)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			c.Received(sc.Text())
		}
		io.Copy(io.Discard, pr)
		close(f.done)
	}()
	return f
}

func (f *facade) Send(cmd string) { f.s.Handle(cmd) }

// close ends the conversation as quit does.
func (f *facade) close() {
	f.s.eng.Stop()
	f.s.eng.Wait()
	f.pw.Close()
	<-f.done
}

// fuzzConfig lets the generator name the shared tablebases, when there
// (under CI=true they must be), and a log file in a temporary folder.
func fuzzConfig(t *testing.T) ucifuzz.Config {
	cfg := ucifuzz.Config{LogFile: filepath.Join(t.TempDir(), "debug.log")}
	if dir := filepath.Join("..", "..", "shared", "syzygy"); fileExists(filepath.Join(dir, "KQvK.rtbw")) {
		cfg.TablesDir = dir
	} else if os.Getenv("CI") == "true" {
		t.Fatalf("no tablebases in %s under CI=true", dir)
	}
	return cfg
}

func fileExists(p string) bool { _, err := os.Stat(p); return err == nil }

// Random sequences of commands against the engine facade, each on a new
// engine, checked by ucifuzz: one legal bestmove per go, readyok per
// isready, no panic, and no goroutine left behind once a sequence ends.
// The waits (30 s for the answers owed after stop, 10 s for the
// goroutines to end) guard against answers and goroutines that never
// come or end; a loaded machine, or the race detector, only slows them.
func TestProtocolSequences(t *testing.T) {
	d := protoFuzzTime(t)
	cfg := fuzzConfig(t)
	base := runtime.NumGoroutine()
	var total ucifuzz.Stats
	for seed, start := int64(1), time.Now(); time.Since(start) < d; seed++ {
		c := ucifuzz.NewChecker()
		f := newFacade(c)
		ucifuzz.Run(f, c, ucifuzz.NewGen(ucifuzz.Random(seed), cfg), 60, 30*time.Second)
		f.close()
		total.Add(c.Stats)
		for _, v := range c.Stats.Violations {
			t.Errorf("seed %d: %s", seed, v)
		}
		if n := settledGoroutines(base); n > base {
			t.Fatalf("seed %d: %d goroutines left, %d before", seed, n, base)
		}
		if t.Failed() {
			break
		}
	}
	t.Logf("facade: %v", &total)
}

// settledGoroutines waits up to 10 s for the goroutine count to fall to
// base, and returns it.
func settledGoroutines(base int) int {
	n := runtime.NumGoroutine()
	for i := 0; i < 1000 && n > base; i++ {
		time.Sleep(10 * time.Millisecond)
		n = runtime.NumGoroutine()
	}
	return n
}

// FuzzProtocol is the same check with the fuzzer's bytes choosing the
// commands (make fuzz): one engine for the whole run, the checker's
// answers settled after every input.
func FuzzProtocol(f *testing.F) {
	for _, s := range []string{"", "\x00\x01\x02\x03", "go depth", strings.Repeat("\x05\x11\x07", 20)} {
		f.Add([]byte(s))
	}
	cfg := ucifuzz.Config{}
	c := ucifuzz.NewChecker()
	fa := newFacade(c)
	f.Fuzz(func(t *testing.T, data []byte) {
		src := ucifuzz.NewBytes(data)
		gen := ucifuzz.NewGen(src, cfg)
		c.Stats.Violations = nil
		ucifuzz.Run(fa, c, gen, min(len(data)/2+1, 40), 10*time.Second)
		for _, v := range c.Stats.Violations {
			t.Error(v)
		}
	})
}
