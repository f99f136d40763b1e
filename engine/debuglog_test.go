package engine

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// A log file that takes no more data (a FIFO nobody reads) does not hold
// up the lines the engine logs; past logPendingMax they are counted, the
// count logged once the file takes data again, and the rest keeps order.
func TestDebugLogDoesNotWait(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("needs a FIFO")
	}
	fifo := filepath.Join(t.TempDir(), "log")
	if err := mkfifo(fifo); err != nil {
		t.Skip("no FIFO:", err)
	}
	reader := make(chan *os.File)
	go func() {
		r, err := os.Open(fifo) // waits for the writer's open
		if err != nil {
			t.Error(err)
		}
		reader <- r
	}()
	e := New()
	if err := e.SetOption("Debug Log File", fifo); err != nil {
		t.Fatal(err)
	}
	r := <-reader
	defer r.Close()

	// About 2.5 MB: more than a pipe (64 KB), the batch the writer is
	// blocked on (at most logPendingMax) and the pending lines together.
	const n = 2500
	line := strings.Repeat("x", 1000)
	logged := make(chan struct{})
	go func() {
		for i := 0; i < n; i++ {
			e.LogLine(true, strconv.Itoa(i)+" "+line)
		}
		close(logged)
	}()
	select {
	case <-logged:
	case <-time.After(10 * time.Second):
		t.Fatal("LogLine waited for the file")
	}

	var got bytes.Buffer
	drained := make(chan struct{})
	go func() {
		io.Copy(&got, r)
		close(drained)
	}()
	e.FlushLog()
	e.LogLine(false, "after")
	if err := e.SetOption("Debug Log File", "<empty>"); err != nil { // waits for the writer, closes the file
		t.Fatal(err)
	}
	<-drained

	// Every line is there or counted by a note before the next one.
	lines := strings.Split(strings.TrimSuffix(got.String(), "\n"), "\n")
	note := regexp.MustCompile(`-- (\d+) lines not logged`)
	kept, next, dropped := 0, 0, 0
	for _, l := range lines {
		if m := note.FindStringSubmatch(l); m != nil {
			k, _ := strconv.Atoi(m[1])
			dropped += k
			next += k
			continue
		}
		if strings.HasSuffix(l, "<< after") {
			continue
		}
		var i int
		if _, err := fmt.Sscanf(l[strings.Index(l, ">> ")+3:], "%d", &i); err != nil || i != next {
			t.Fatalf("line %d not where expected: %.60q", next, l)
		}
		kept++
		next++
	}
	if dropped == 0 || kept+dropped != n || !strings.HasSuffix(lines[len(lines)-1], "<< after") {
		t.Errorf("kept %d, dropped %d of %d; last line %.40q", kept, dropped, n, lines[len(lines)-1])
	}
}
