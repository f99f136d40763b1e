// The Debug Log File option: every line the engine reads from the GUI and
// writes to it, with a timestamp, appended to a file, so that a user can
// see what a misbehaving GUI sent and what Brudno answered. The uci
// package calls LogLine for each line; the log costs one atomic load per
// line when it is off. The file is written by a goroutine of its own, so
// that a disk that keeps a write waiting (a journal commit, a full or
// network disk) never delays a move: a bestmove waited 34 ms for its log
// line once in the soak and lost on time.
package engine

import (
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"time"
)

// debugLog is the open log file, if any, and the lines not yet written.
type debugLog struct {
	on      atomic.Bool
	mu      sync.Mutex
	f       *os.File
	path    string
	pending []byte        // lines logged, not yet written
	dropped int           // lines not logged since pending was full
	running bool          // a writer goroutine runs
	idle    chan struct{} // closed when that writer has written all and ended
}

// logPendingMax bounds the lines waiting for a disk that has stopped: past
// it lines are counted, not kept, and the count is logged when there is
// room again.
const logPendingMax = 1 << 20

const (
	logStamp   = "2006-01-02 15:04:05.000"
	logDropped = "%s -- %d lines not logged: the file did not keep up\n" // time, count
)

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

// swap closes the open file, once its lines are written, and makes f
// (nil: none) the log.
func (l *debugLog) swap(f *os.File, path string) {
	l.lockIdle()
	defer l.mu.Unlock()
	if l.f != nil {
		if l.dropped > 0 {
			fmt.Fprintf(l.f, logDropped, time.Now().Format(logStamp), l.dropped)
			l.dropped = 0
		}
		l.f.Close()
	}
	l.f, l.path = f, path
	l.on.Store(f != nil)
}

// lockIdle locks l once every line logged so far is written.
func (l *debugLog) lockIdle() {
	for {
		l.mu.Lock()
		if !l.running {
			return
		}
		idle := l.idle
		l.mu.Unlock()
		<-idle
	}
}

// write writes the pending lines to f until there are none.
func (l *debugLog) write(f *os.File, idle chan struct{}) {
	defer close(idle)
	var buf []byte
	for {
		l.mu.Lock()
		if len(l.pending) == 0 {
			l.running = false
			l.mu.Unlock()
			return
		}
		buf, l.pending = l.pending, buf[:0]
		l.mu.Unlock()
		f.Write(buf)
	}
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
// a line out, and the line. It does not wait for the disk.
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
	if l.f == nil {
		return
	}
	stamp := time.Now().Format(logStamp)
	if len(l.pending) >= logPendingMax {
		l.dropped++
		return
	}
	if l.dropped > 0 {
		l.pending = fmt.Appendf(l.pending, logDropped, stamp, l.dropped)
		l.dropped = 0
	}
	l.pending = fmt.Appendf(l.pending, "%s %s %s\n", stamp, dir, line)
	if !l.running {
		l.running = true
		l.idle = make(chan struct{})
		go l.write(l.f, l.idle)
	}
}

// FlushLog returns once every line logged so far is in the debug log's
// file (the end of a conversation calls it, before the process exits).
func (e *Engine) FlushLog() {
	e.log.lockIdle()
	e.log.mu.Unlock()
}
