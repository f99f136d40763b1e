// The Debug Log File option: every line the engine reads from the GUI and
// writes to it, with a timestamp, appended to a file, so that a user can
// see what a misbehaving GUI sent and what Brudno answered. The uci
// package calls LogLine for each line; the log costs one atomic load per
// line when it is off.
package engine

import (
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"time"
)

// debugLog is the open log file, if any.
type debugLog struct {
	on   atomic.Bool
	mu   sync.Mutex
	f    *os.File
	path string
}

// setDebugLog opens (creating or appending to) the file named v as the
// debug log, closing the previous one; "" or "<empty>" switches logging
// off. A file that cannot be opened is an error and leaves logging as it
// was.
func setDebugLog(e *Engine, v string) error {
	l := &e.log
	if v == "" || v == "<empty>" {
		l.swap(nil, "")
		return nil
	}
	f, err := os.OpenFile(v, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return fmt.Errorf("option Debug Log File: %v; logging stays %s", err, l.state())
	}
	l.swap(f, v)
	return nil
}

// swap closes the open file and makes f (nil: none) the log.
func (l *debugLog) swap(f *os.File, path string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.f != nil {
		l.f.Close()
	}
	l.f, l.path = f, path
	l.on.Store(f != nil)
}

// state describes the log for a message: off, or the file it writes to.
func (l *debugLog) state() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.f == nil {
		return "off"
	}
	return "on, to " + l.path
}

// LogLine appends a line read from the GUI (in) or written to it to the
// debug log, when one is open: the time, ">>" for a line in or "<<" for
// a line out, and the line.
func (e *Engine) LogLine(in bool, line string) {
	l := &e.log
	if !l.on.Load() {
		return
	}
	dir := "<<"
	if in {
		dir = ">>"
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.f != nil {
		fmt.Fprintf(l.f, "%s %s %s\n", time.Now().Format("2006-01-02 15:04:05.000"), dir, line)
	}
}
