package main

import (
	"bytes"
	"strings"
	"testing"
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
