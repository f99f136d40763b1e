// Package ucifuzz drives a UCI engine with random sequences of commands,
// as a GUI, a tournament runner or a careless user might send them, and
// checks what it answers: exactly one bestmove for every go (none for go
// perft), each legal in the position of its go (0000 only when there is
// no legal move), a ponder move legal after it, readyok for every
// isready, in order. The same generator and checker serve the engine
// facade inside the test process (package uci's tests) and the binary
// over pipes (package integration's).
//
// A sequence is generated from a Source: a seeded random generator for
// long runs, or the bytes of a fuzzer's input, so that Go's coverage-
// guided fuzzing steers it.
package ucifuzz

import (
	"fmt"
	"math/rand"
	"strconv"
	"strings"
	"sync"
	"time"

	"brudno/board"
	"brudno/engine"
)

// Source gives the generator's choices.
type Source interface {
	Intn(n int) int // in [0, n)
}

// Bytes is a Source reading a fuzzer's input, a byte per choice; once
// the bytes run out every choice is 0.
type Bytes struct {
	b []byte
	i int
}

// NewBytes returns a Source over b.
func NewBytes(b []byte) *Bytes { return &Bytes{b: b} }

// Intn returns the next byte modulo n.
func (s *Bytes) Intn(n int) int {
	if s.i >= len(s.b) || n <= 1 {
		return 0
	}
	s.i++
	return int(s.b[s.i-1]) % n
}

// Done reports whether the input is used up.
func (s *Bytes) Done() bool { return s.i >= len(s.b) }

// Random is a Source over a seeded generator.
func Random(seed int64) Source { return rand.New(rand.NewSource(seed)) }

// Config says what the generator may name beside its built-in values.
type Config struct {
	TablesDir string // a Syzygy folder for SyzygyPath, or ""
	LogFile   string // a file for Debug Log File, or "": none
}

// fens are the positions of `position fen`: ordinary ones, one in
// check, a mate and a stalemate (no legal move: bestmove 0000), a
// tablebase ending, and malformed ones the engine must refuse.
var fens = []string{
	"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
	"8/8/8/4k3/8/2n5/8/KQ6 b - - 0 1",
	"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", // White is mated
	"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",                                // stalemate
	"4k3/4r3/8/8/8/8/8/4K3 w - - 0 1",                               // in check, one way out is enough
	"8/8/8/8/8/8/8/8 w - - 0 1",                                     // no kings: refused
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",      // bad side: refused
	"rnbqkbnr/pppppppp/8/8",                                         // truncated: refused
}

// Gen generates commands, keeping track of the engine's state as far as
// a command's form depends on it (the position for legal moves).
type Gen struct {
	src  Source
	cfg  Config
	opts []engine.Option
}

// NewGen returns a generator reading src.
func NewGen(src Source, cfg Config) *Gen {
	return &Gen{src: src, cfg: cfg, opts: engine.Options()}
}

func (g *Gen) pick(list ...string) string { return list[g.src.Intn(len(list))] }

// Next returns the next command for an engine whose position is pos.
// setoption commands are marked, since the driver lets the engine go
// idle before it sends one (an option cannot change during a search, and
// the checker must know whether UCI_Chess960 took effect).
func (g *Gen) Next(pos *board.Position) (cmd string, setoption bool) {
	switch k := g.src.Intn(20); {
	case k < 3:
		return g.position(), false
	case k < 9:
		return g.goCmd(pos), false
	case k < 11:
		return "stop", false
	case k < 12:
		return "ponderhit", false
	case k < 14:
		return "isready", false
	case k < 15:
		return "ucinewgame", false
	case k < 18:
		return g.setOption(), true
	default:
		return g.pick("uci", "d", "eval", "debug on", "register later", "", "   ", "xyzzy 42", "go perft 2", "position", "setoption",
			"setoption name", "go searchmoves", "position startpos moves", "position fen", "stop stop"), false
	}
}

// position is a position command: from the start or a FEN, with legal
// moves, and sometimes an illegal or malformed move at the end.
func (g *Gen) position() string {
	var pos *board.Position
	var b strings.Builder
	if g.src.Intn(2) == 0 {
		pos = board.NewPosition()
		b.WriteString("position startpos")
	} else {
		fen := fens[g.src.Intn(len(fens))]
		b.WriteString("position fen " + fen)
		var err error
		if pos, err = board.ParseFEN(fen); err != nil {
			return b.String()
		}
	}
	n := g.src.Intn(12)
	if n > 0 {
		b.WriteString(" moves")
	}
	for i := 0; i < n; i++ {
		var list board.MoveList
		pos.GenerateLegal(&list)
		if list.Count == 0 {
			break
		}
		m := list.Moves[g.src.Intn(list.Count)]
		b.WriteString(" " + m.UCI(false))
		pos.Make(m)
	}
	if g.src.Intn(8) == 0 {
		b.WriteString(" " + g.pick("e2e5", "a1a1", "zz", "e7e8q", "0000", "e1g1"))
	}
	return b.String()
}

// goCmd is a go command with limits that end the search soon, or none
// (infinite, ponder), or perft; with a legal searchmoves list sometimes,
// and sometimes a malformed argument.
func (g *Gen) goCmd(pos *board.Position) string {
	var b strings.Builder
	b.WriteString("go")
	switch g.src.Intn(9) {
	case 0:
		fmt.Fprintf(&b, " depth %d", 1+g.src.Intn(5))
	case 1:
		fmt.Fprintf(&b, " nodes %d", 1+g.src.Intn(5000))
	case 2:
		fmt.Fprintf(&b, " movetime %d", g.src.Intn(40))
	case 3:
		fmt.Fprintf(&b, " wtime %d btime %d winc %d binc %d", g.src.Intn(3000)-100, g.src.Intn(3000)-100, g.src.Intn(50), g.src.Intn(50))
		if g.src.Intn(2) == 0 {
			fmt.Fprintf(&b, " movestogo %d", g.src.Intn(40))
		}
	case 4:
		b.WriteString(" infinite")
	case 5:
		fmt.Fprintf(&b, " ponder wtime %d btime %d", 100+g.src.Intn(2000), 100+g.src.Intn(2000))
	case 6:
		fmt.Fprintf(&b, " mate %d", 1+g.src.Intn(3))
	case 7:
		fmt.Fprintf(&b, " perft %d", 1+g.src.Intn(2))
		return b.String()
	case 8:
		b.WriteString(g.pick(" depth x", " nodes -5", " movetime", " wtime 10 btime", " bogus 3", ""))
	}
	if g.src.Intn(5) == 0 {
		var list board.MoveList
		pos.GenerateLegal(&list)
		b.WriteString(" searchmoves")
		for i := 0; i < min(list.Count, 1+g.src.Intn(3)); i++ {
			b.WriteString(" " + list.Moves[g.src.Intn(list.Count)].UCI(pos.Chess960()))
		}
		if g.src.Intn(4) == 0 {
			b.WriteString(" h7h1")
		}
	}
	return b.String()
}

// setOption sets an option of the engine's table to a good or a bad
// value. Spins are kept small where a large value would only cost time
// (Hash, Threads, MultiPV); files are named only as the config allows.
func (g *Gen) setOption() string {
	o := g.opts[g.src.Intn(len(g.opts))]
	name := o.Name
	if g.src.Intn(10) == 0 {
		name = strings.ToUpper(name) // names are case-insensitive
	}
	bad := g.src.Intn(5) == 0
	var v string
	switch o.Type {
	case engine.Button:
		return "setoption name " + name
	case engine.Check:
		v = g.pick("true", "false", "TRUE")
		if bad {
			v = g.pick("maybe", "1", "")
		}
	case engine.Spin:
		hi := o.Max
		switch o.Name {
		case "Hash":
			hi = 16
		case "Threads":
			hi = 3
		case "MultiPV":
			hi = 4
		case "Move Overhead", "BookDepth":
			hi = min(hi, 200)
		}
		v = strconv.Itoa(o.Min + g.src.Intn(hi-o.Min+1))
		if bad {
			v = g.pick(strconv.Itoa(o.Min-1), strconv.Itoa(o.Max+1), "ten", "")
		}
	case engine.Combo:
		v = o.Vars[g.src.Intn(len(o.Vars))]
		if bad {
			v = "Nope"
		}
	case engine.String:
		v = g.stringValue(o.Name, bad)
	}
	return "setoption name " + name + " value " + v
}

func (g *Gen) stringValue(name string, bad bool) string {
	if bad {
		// Never a path that could be created: Debug Log File would create it.
		return g.pick("/nonexistent/file", "\"/nonexistent/other\"", "/nonexistent/<nothing>")
	}
	switch name {
	case "EvalFile":
		return "<default>"
	case "SyzygyPath":
		if g.cfg.TablesDir != "" {
			return g.pick("<empty>", g.cfg.TablesDir)
		}
	case "Debug Log File":
		if g.cfg.LogFile != "" {
			return g.pick("<empty>", g.cfg.LogFile)
		}
	}
	return "<empty>"
}

// Stats counts what a run checked.
type Stats struct {
	Sequences, Commands int
	Gos, BestMoves      int // bestmove lines checked against their go
	Readies             int // readyok lines matched to their isready
	MaxReady            time.Duration
	SlowReadies         int // readyok later than SlowReady
	Violations          []string
}

// SlowReady is how late a readyok may come before it is counted slow.
const SlowReady = 50 * time.Millisecond

func (s *Stats) String() string {
	return fmt.Sprintf("%d sequences, %d commands, %d go (%d bestmove checked), %d isready (max %v, %d over %v), %d violations",
		s.Sequences, s.Commands, s.Gos, s.BestMoves, s.Readies, s.MaxReady.Round(time.Microsecond), s.SlowReadies, SlowReady, len(s.Violations))
}

// Add adds o's counts to s.
func (s *Stats) Add(o Stats) {
	s.Sequences += o.Sequences
	s.Commands += o.Commands
	s.Gos += o.Gos
	s.BestMoves += o.BestMoves
	s.Readies += o.Readies
	s.MaxReady = max(s.MaxReady, o.MaxReady)
	s.SlowReadies += o.SlowReadies
	s.Violations = append(s.Violations, o.Violations...)
}

// pendingGo is a go waiting for its bestmove: the position it searches
// and its searchmoves.
type pendingGo struct {
	pos  *board.Position
	cmd  string
	sent time.Time
}

// Checker follows the commands sent and the lines received.
type Checker struct {
	mu       sync.Mutex
	pos      *board.Position // the engine's position, as the commands set it
	chess960 bool
	gos      []pendingGo
	readies  []time.Time
	Stats    Stats
	last     []string // the last commands, for a violation's report
}

// NewChecker returns a checker for an engine at the start position.
func NewChecker() *Checker { return &Checker{pos: board.NewPosition()} }

// Position returns a copy of the position the next go searches.
func (c *Checker) Position() *board.Position {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.pos.Clone()
}

// Pending reports how many answers are still awaited.
func (c *Checker) Pending() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.gos) + len(c.readies)
}

func (c *Checker) violate(format string, a ...any) {
	c.Stats.Violations = append(c.Stats.Violations, fmt.Sprintf(format, a...)+" (last commands: "+strings.Join(c.last, " | ")+")")
}

// Sent records a command about to be sent; idle says the engine runs no
// search (the driver made sure of it), which an option needs to apply.
func (c *Checker) Sent(cmd string, idle bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.Stats.Commands++
	c.last = append(c.last, cmd)
	if len(c.last) > 8 {
		c.last = c.last[1:]
	}
	f := strings.Fields(cmd)
	if len(f) == 0 {
		return
	}
	switch f[0] {
	case "isready":
		c.readies = append(c.readies, time.Now())
	case "position":
		c.position(f[1:])
	case "go":
		if len(f) == 3 && f[1] == "perft" {
			if n, err := strconv.Atoi(f[2]); err == nil && n > 0 {
				return // perft counts, it does not search
			}
		}
		c.Stats.Gos++
		c.gos = append(c.gos, pendingGo{pos: c.pos.Clone(), cmd: cmd, sent: time.Now()})
	case "setoption":
		c.setOption(f[1:], idle)
	}
}

// position applies a position command as the engine does: whole, or not
// at all when the FEN or a move is bad.
func (c *Checker) position(args []string) {
	var p *board.Position
	var moves []string
	switch {
	case len(args) >= 1 && args[0] == "startpos":
		p = board.NewPosition()
		moves = args[1:]
	case len(args) >= 2 && args[0] == "fen":
		i := 1
		for i < len(args) && args[i] != "moves" {
			i++
		}
		var err error
		if p, err = board.ParseFEN(strings.Join(args[1:i], " ")); err != nil {
			return
		}
		moves = args[i:]
	default:
		return
	}
	if len(moves) > 0 {
		if moves[0] != "moves" {
			return
		}
		moves = moves[1:]
	}
	p.SetChess960(c.chess960)
	for _, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			return
		}
		p.Make(m)
	}
	c.pos = p
}

// setOption follows UCI_Chess960, the one option that changes how moves
// are written and read.
func (c *Checker) setOption(args []string, idle bool) {
	line := strings.Join(args, " ")
	const prefix = "name uci_chess960 value "
	if !idle || !strings.HasPrefix(strings.ToLower(line), prefix) {
		return
	}
	switch strings.ToLower(strings.TrimSpace(line[len(prefix):])) {
	case "true":
		c.chess960 = true
	case "false":
		c.chess960 = false
	default:
		return
	}
	c.pos.SetChess960(c.chess960)
}

// Received checks a line the engine wrote.
func (c *Checker) Received(line string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	f := strings.Fields(line)
	switch {
	case len(f) == 1 && f[0] == "readyok":
		if len(c.readies) == 0 {
			c.violate("readyok without isready")
			return
		}
		d := time.Since(c.readies[0])
		c.readies = c.readies[1:]
		c.Stats.Readies++
		c.Stats.MaxReady = max(c.Stats.MaxReady, d)
		if d > SlowReady {
			c.Stats.SlowReadies++
		}
	case len(f) >= 2 && f[0] == "bestmove":
		if len(c.gos) == 0 {
			c.violate("%q without a go", line)
			return
		}
		g := c.gos[0]
		c.gos = c.gos[1:]
		c.Stats.BestMoves++
		c.checkBest(g, f[1:], line)
	case len(f) >= 1 && f[0] == "bestmove":
		c.violate("%q: no move", line)
	}
}

// checkBest checks a bestmove's move and ponder move against its go.
func (c *Checker) checkBest(g pendingGo, f []string, line string) {
	pos := g.pos
	if f[0] == "0000" {
		if pos.HasLegalMove() {
			c.violate("%q for %q in %s, which has legal moves", line, g.cmd, pos.FEN())
		}
		return
	}
	m, err := pos.ParseMove(f[0])
	if err != nil {
		c.violate("%q for %q in %s: %v", line, g.cmd, pos.FEN(), err)
		return
	}
	if len(f) == 3 && f[1] == "ponder" {
		pos.Make(m)
		if _, err := pos.ParseMove(f[2]); err != nil {
			c.violate("%q for %q: ponder move illegal after %s: %v", line, g.cmd, f[0], err)
		}
		pos.Unmake()
	} else if len(f) != 1 {
		c.violate("%q: malformed", line)
	}
}

// Driver sends commands to an engine and hands its output lines to the
// checker; the facade and the binary each provide one.
type Driver interface {
	Send(cmd string)
}

// Run drives one sequence of n commands from gen, then stops any search
// and waits up to wait for every answer owed, which is a violation when
// it does not come. Before each setoption it lets the engine go idle
// (stop, then isready answered and every bestmove received).
func Run(d Driver, c *Checker, gen *Gen, n int, wait time.Duration) {
	c.Stats.Sequences++
	for i := 0; i < n; i++ {
		cmd, opt := gen.Next(c.Position())
		if opt {
			settle(d, c, wait)
		}
		c.Sent(cmd, opt)
		d.Send(cmd)
	}
	settle(d, c, wait)
}

// settle stops the search and waits for every answer owed.
func settle(d Driver, c *Checker, wait time.Duration) {
	c.Sent("stop", false)
	d.Send("stop")
	c.Sent("isready", false)
	d.Send("isready")
	deadline := time.Now().Add(wait)
	for c.Pending() > 0 {
		if time.Now().After(deadline) {
			c.mu.Lock()
			c.violate("%d go and %d isready still unanswered %v after stop", len(c.gos), len(c.readies), wait)
			c.gos, c.readies = nil, nil
			c.mu.Unlock()
			return
		}
		time.Sleep(time.Millisecond)
	}
}
