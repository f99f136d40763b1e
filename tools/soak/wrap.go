package main

// The wrapper: fastchess runs `soak wrap -rec FILE -- ENGINE ARGS...` as
// the engine. It passes every line through, and on the way it
//   - times each search from `go` to `bestmove` against the clock the
//     engine was given (the largest overrun),
//   - plays the pondering GUI that fastchess is not: after a bestmove with
//     a ponder move it sends `go ponder` on the expected position, then
//     turns fastchess's next `go` into `ponderhit` when the opponent
//     played that move, or stops the ponder search (its bestmove is
//     swallowed) when not,
//   - samples the engine's resident memory at every `ucinewgame`,
//   - and when the engine exits writes one JSON record: exit status,
//     peak memory, moves, overrun, protocol violations, stderr.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// record is what one engine process did, as the wrapper saw it.
type record struct {
	Label        string   `json:"label"`
	Hash         int      `json:"hash"`
	NewGames     int      `json:"newgames"`
	RSSNewGameKB []int    `json:"rss_newgame_kb"`
	MaxRSSKB     int      `json:"maxrss_kb"`
	Exit         int      `json:"exit"`
	Signal       string   `json:"signal,omitempty"`
	Moves        int      `json:"moves"`
	TimedMoves   int      `json:"timed_moves"`
	MaxOverrunMS float64  `json:"max_overrun_ms"` // largest (time taken - time left); negative: the closest margin
	WaitAtMaxMS  float64  `json:"wait_at_max_ms"` // in that search, the time the engine's threads waited for a CPU
	MaxWaitMS    float64  `json:"max_wait_ms"`    // the most any one search waited for a CPU
	PonderHits   int      `json:"ponder_hits"`
	PonderMisses int      `json:"ponder_misses"`
	Violations   []string `json:"violations,omitempty"`
	Stderr       string   `json:"stderr,omitempty"`
}

// proxy sits between fastchess (gui) and the engine; its methods are
// called with each line from either side.
type proxy struct {
	mu       sync.Mutex
	toEngine io.Writer
	toGUI    io.Writer
	ponder   bool // play the pondering GUI
	now      func() time.Time
	rss      func() int   // resident memory now, KB (0: unknown)
	runWait  func() int64 // ns the engine's threads have waited for a CPU (nil: unknown)
	waitAt   int64        // runWait at the start of the current search
	rec      record

	lastPos   string    // the last position command from the GUI
	state     int       // what the engine is doing
	start     time.Time // when the current search's clock started
	allowedMS float64   // the time left for the current search (0: no clock)
	clock     goClock   // the current search's clock, for the ponder search
	ponderPos string    // the position being pondered
	ponderPV  string    // the ponder search's last line 1, shown to the GUI at a hit
	swallowed chan struct{}
}

const (
	idle      = iota
	searching // a real search: its bestmove goes to the GUI
	pondering // a ponder search the GUI does not know of
	hitWait   // the opponent played the ponder move; waiting for the GUI's go
	stopping  // a ponder miss: waiting for its bestmove, which is swallowed
)

// goClock is what a `go` command said about the clock.
type goClock struct {
	wtime, btime, winc, binc, movetime, movestogo int
	hasClock                                      bool
}

func parseGo(line string) goClock {
	f := strings.Fields(line)
	var c goClock
	for i := 1; i+1 < len(f); i++ {
		v, err := strconv.Atoi(f[i+1])
		if err != nil {
			continue
		}
		switch f[i] {
		case "wtime":
			c.wtime, c.hasClock = v, true
		case "btime":
			c.btime, c.hasClock = v, true
		case "winc":
			c.winc = v
		case "binc":
			c.binc = v
		case "movetime":
			c.movetime = v
		case "movestogo":
			c.movestogo = v
		}
	}
	return c
}

// whiteToMove tells the side to move of a position command: the FEN's
// (or White from startpos), flipped once per move after it.
func whiteToMove(pos string) bool {
	f := strings.Fields(pos)
	white := true
	moves := 0
	for i := 1; i < len(f); i++ {
		if f[i] == "fen" && i+2 < len(f) {
			white = f[i+2] != "b"
		}
		if f[i] == "moves" {
			moves = len(f) - i - 1
			break
		}
	}
	return white == (moves%2 == 0)
}

// withMoves is the position command after the given moves.
func withMoves(pos string, moves ...string) string {
	if !strings.Contains(" "+pos+" ", " moves ") {
		pos += " moves"
	}
	return pos + " " + strings.Join(moves, " ")
}

func (p *proxy) send(w io.Writer, line string) {
	io.WriteString(w, line+"\n")
}

func (p *proxy) violation(format string, a ...any) {
	if len(p.rec.Violations) < 20 {
		p.rec.Violations = append(p.rec.Violations, fmt.Sprintf(format, a...))
	}
}

// fromGUI handles a line from fastchess.
func (p *proxy) fromGUI(line string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	cmd := strings.Fields(line)
	if len(cmd) == 0 {
		return
	}
	switch cmd[0] {
	case "position":
		if p.state == pondering && strings.Join(cmd, " ") == p.ponderPos {
			p.state = hitWait
			p.lastPos = line
			return
		}
		p.endPonder()
		p.lastPos = line
	case "go":
		c := parseGo(line)
		p.clock = c
		p.start = p.now()
		p.allowedMS = 0
		if c.movetime > 0 {
			p.allowedMS = float64(c.movetime)
		} else if c.hasClock {
			p.allowedMS = float64(c.btime)
			if whiteToMove(p.lastPos) {
				p.allowedMS = float64(c.wtime)
			}
		}
		if p.state == hitWait {
			p.state = searching
			p.rec.PonderHits++
			if p.ponderPV != "" {
				p.send(p.toGUI, p.ponderPV) // what a GUI would have seen while pondering
			}
			p.send(p.toEngine, "ponderhit")
		} else {
			p.endPonder()
			p.state = searching
			p.send(p.toEngine, line)
		}
		if p.runWait != nil { // read once the engine has its command
			p.waitAt = p.runWait()
		}
		return
	case "ucinewgame":
		p.endPonder()
		p.rec.NewGames++
		if p.rss != nil {
			p.rec.RSSNewGameKB = append(p.rec.RSSNewGameKB, p.rss())
		}
	case "setoption":
		if len(cmd) == 5 && cmd[1] == "name" && cmd[2] == "Hash" && cmd[3] == "value" {
			p.rec.Hash, _ = strconv.Atoi(cmd[4])
		}
	case "quit":
		p.endPonder()
	case "stop":
		if p.state == pondering || p.state == hitWait {
			// fastchess stops a search it has timed out even when the
			// bestmove has come meanwhile: the ponder search is a miss.
			p.endPonder()
			return
		}
	}
	p.send(p.toEngine, line)
}

// endPonder stops a ponder search the GUI does not know of and waits for
// its bestmove, which is swallowed. Called with p.mu held.
func (p *proxy) endPonder() {
	switch p.state {
	case hitWait:
		p.violation("the GUI sent something other than go after the ponder move")
		fallthrough
	case pondering:
		p.rec.PonderMisses++
		p.state = stopping
		p.swallowed = make(chan struct{})
		ch := p.swallowed
		p.send(p.toEngine, "stop")
		p.mu.Unlock()
		select {
		case <-ch:
		case <-time.After(10 * time.Second):
		}
		p.mu.Lock()
		if p.state == stopping {
			p.violation("no bestmove within 10 s of stop on a ponder miss")
			p.state = idle
		}
	}
}

// fromEngine handles a line from the engine.
func (p *proxy) fromEngine(line string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	f := strings.Fields(line)
	isBest := len(f) > 0 && f[0] == "bestmove"
	hidden := len(f) > 0 && (f[0] == "info" || isBest) // the search's own output
	switch {
	case !hidden:
	case p.state == pondering, p.state == hitWait:
		if !isBest && strings.Contains(line, " score ") && (!strings.Contains(line, " multipv ") || strings.Contains(line, " multipv 1 ")) {
			p.ponderPV = line
		}
		if isBest {
			p.violation("bestmove while pondering, before ponderhit or stop: %q", line)
			p.state = idle
		}
		return // the GUI has not asked for this search
	case p.state == stopping:
		if isBest {
			p.state = idle
			close(p.swallowed)
		}
		return
	}
	p.send(p.toGUI, line)
	if !isBest || p.state != searching {
		return
	}
	p.state = idle
	p.rec.Moves++
	wait := 0.0
	if p.runWait != nil {
		wait = float64(p.runWait()-p.waitAt) / 1e6
		p.rec.MaxWaitMS = max(p.rec.MaxWaitMS, wait)
	}
	if p.allowedMS > 0 {
		taken := float64(p.now().Sub(p.start).Microseconds()) / 1000
		over := taken - p.allowedMS
		if p.rec.TimedMoves == 0 || over > p.rec.MaxOverrunMS {
			p.rec.MaxOverrunMS, p.rec.WaitAtMaxMS = over, wait
		}
		p.rec.TimedMoves++
	}
	if p.ponder && len(f) >= 4 && f[2] == "ponder" && p.clock.hasClock && p.clock.movetime == 0 && p.clock.movestogo == 0 {
		p.startPonder(f[1], f[3])
	}
}

// startPonder sends the ponder search a GUI would: the position after our
// move and the expected reply, with our clock as it stands after the move.
func (p *proxy) startPonder(move, reply string) {
	c := p.clock
	used := int(p.now().Sub(p.start).Milliseconds())
	if whiteToMove(p.lastPos) {
		c.wtime = max(c.wtime-used+c.winc, 1)
	} else {
		c.btime = max(c.btime-used+c.binc, 1)
	}
	p.ponderPos = strings.Join(strings.Fields(withMoves(p.lastPos, move, reply)), " ")
	p.state = pondering
	p.ponderPV = ""
	p.send(p.toEngine, p.ponderPos)
	p.send(p.toEngine, fmt.Sprintf("go ponder wtime %d btime %d winc %d binc %d", c.wtime, c.btime, c.winc, c.binc))
}

// tail keeps the last n bytes written to it.
type tail struct {
	mu  sync.Mutex
	buf []byte
	n   int
}

func (t *tail) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, b...)
	if len(t.buf) > t.n {
		t.buf = t.buf[len(t.buf)-t.n:]
	}
	return len(b), nil
}

// rssKB reads a process's resident memory from /proc (0 where unknown).
func rssKB(pid int) int {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	for _, l := range bytes.Split(b, []byte("\n")) {
		if f := strings.Fields(string(l)); len(f) >= 2 && f[0] == "VmRSS:" {
			v, _ := strconv.Atoi(f[1])
			return v
		}
	}
	return 0
}

// runWaitNS sums, over a process's threads, the time they have waited
// on a run queue (the second field of /proc/PID/task/TID/schedstat).
func runWaitNS(pid int) int64 {
	dir := "/proc/" + strconv.Itoa(pid) + "/task"
	tasks, err := os.ReadDir(dir)
	if err != nil {
		return 0
	}
	var sum int64
	for _, t := range tasks {
		b, err := os.ReadFile(dir + "/" + t.Name() + "/schedstat")
		if err != nil {
			continue
		}
		if f := strings.Fields(string(b)); len(f) >= 2 {
			v, _ := strconv.ParseInt(f[1], 10, 64)
			sum += v
		}
	}
	return sum
}

// wrap runs the engine behind the proxy and appends its record to recFile.
func wrap(recFile, label string, ponder bool, argv []string) int {
	cmd := exec.Command(argv[0], argv[1:]...)
	stderr := &tail{n: 4096}
	cmd.Stderr = stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		fmt.Fprintln(os.Stderr, "soak wrap:", err)
		return 1
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		fmt.Fprintln(os.Stderr, "soak wrap:", err)
		return 1
	}
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(os.Stderr, "soak wrap:", err)
		return 1
	}
	gui := bufio.NewWriter(os.Stdout)
	p := &proxy{toEngine: in, toGUI: flusher{gui}, ponder: ponder, now: time.Now,
		rss: func() int { return rssKB(cmd.Process.Pid) }, rec: record{Label: label},
		runWait: func() int64 { return runWaitNS(cmd.Process.Pid) }}
	go func() {
		sc := bufio.NewScanner(os.Stdin)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			p.fromGUI(sc.Text())
		}
		in.Close() // fastchess has gone: so does the engine
	}()
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		p.fromEngine(sc.Text())
	}
	werr := cmd.Wait()
	p.mu.Lock()
	defer p.mu.Unlock()
	r := &p.rec
	if st := cmd.ProcessState; st != nil {
		r.Exit = st.ExitCode()
		r.MaxRSSKB = maxRSSKB(st)
		if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			r.Signal = ws.Signal().String()
		}
	} else if werr != nil {
		r.Exit = -1
		r.Violations = append(r.Violations, werr.Error())
	}
	r.Stderr = string(stderr.buf)
	appendJSON(recFile, r)
	if r.Exit != 0 {
		return r.Exit
	}
	return 0
}

// flusher writes each line through at once.
type flusher struct{ w *bufio.Writer }

func (f flusher) Write(b []byte) (int, error) {
	n, err := f.w.Write(b)
	if err == nil {
		err = f.w.Flush()
	}
	return n, err
}

// appendJSON appends v as one JSON line to file.
func appendJSON(file string, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	f, err := os.OpenFile(file, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = f.Write(append(b, '\n'))
	return err
}
