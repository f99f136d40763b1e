// Package uci speaks the UCI protocol: it reads GUI commands, drives the
// engine facade, and formats info and bestmove lines. stdin is read on the
// loop's goroutine, apart from the searches, so isready and stop are
// answered at once; every output line is written whole and flushed. Bad
// input is reported with "info string" and never changes the engine's state.
package uci

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"brudno/board"
	"brudno/engine"
	"brudno/search"
)

// output serialises whole lines to the GUI, copying each to the engine's
// debug log.
type output struct {
	mu  sync.Mutex
	w   *bufio.Writer
	eng *engine.Engine
}

func newOutput(w io.Writer, eng *engine.Engine) *output {
	return &output{w: bufio.NewWriter(w), eng: eng}
}

func (o *output) println(s string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.eng.LogLine(false, s)
	o.w.WriteString(s)
	o.w.WriteByte('\n')
	o.w.Flush()
}

func (o *output) printf(format string, args ...any) { o.println(fmt.Sprintf(format, args...)) }

// Conversation is the UCI exchange with one GUI.
type Conversation struct {
	eng          *engine.Engine
	out          *output
	lastCurrMove time.Time // touched only by the search goroutine
}

// Run reads commands from in until "quit" or the end of input, writing
// responses to out. It returns after any running search has stopped.
// Searches run on their own goroutines, so this loop stays free to answer
// isready and stop at once. Lines are handled on the goroutine that reads
// them: handing each line to another goroutine was measured to add a
// scheduling delay of about 5 ms while a search keeps the other core busy.
func Run(in io.Reader, out io.Writer, eng *engine.Engine) {
	s := &Conversation{eng: eng, out: newOutput(out, eng)}
	r := bufio.NewReader(in) // no limit on line length
	for {
		line, err := r.ReadString('\n')
		if len(line) > 0 && !s.Handle(line) {
			break
		}
		if err != nil {
			break
		}
	}
	eng.Stop()
	eng.Wait()
	eng.FlushLog()
}

// Handle executes one command line and reports whether to go on.
func (s *Conversation) Handle(line string) bool {
	s.eng.LogLine(true, strings.TrimRight(line, "\r\n"))
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return true
	}
	cmd, args := fields[0], fields[1:]
	switch cmd {
	case "uci":
		s.uci()
	case "isready":
		s.out.println("readyok")
	case "debug", "register":
		// Accepted and ignored.
	case "setoption":
		s.setOption(args)
	case "ucinewgame":
		s.eng.Stop()
		s.eng.Wait()
		if err := s.eng.NewGame(); err != nil {
			s.info("ucinewgame: %v", err)
		}
	case "position":
		s.position(args)
	case "go":
		s.goCmd(args)
	case "stop":
		s.eng.Stop()
	case "ponderhit":
		s.eng.PonderHit()
	case "quit":
		return false
	case "d":
		s.display()
	case "eval":
		s.evaluate()
	case "bench":
		s.bench(args)
	default:
		s.info("unknown command: %s", truncate(line, 80))
	}
	return true
}

func truncate(s string, n int) string {
	s = strings.TrimSpace(s)
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}

func (s *Conversation) info(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	s.out.println("info string " + strings.ReplaceAll(msg, "\n", " "))
}

func (s *Conversation) uci() {
	s.out.printf("id name %s %s", engine.Name, engine.Version())
	s.out.printf("id author %s", engine.Author)
	for _, o := range engine.Options() {
		s.out.println(FormatOption(o))
	}
	s.out.println("uciok")
}

// FormatOption returns the "option name ..." line declaring o.
func FormatOption(o engine.Option) string {
	line := fmt.Sprintf("option name %s type %s", o.Name, o.Type)
	switch o.Type {
	case engine.Check:
		line += " default " + o.Default
	case engine.String:
		if o.Default == "" {
			line += " default <empty>" // the convention GUIs understand
		} else {
			line += " default " + o.Default
		}
	case engine.Spin:
		line += fmt.Sprintf(" default %s min %d max %d", o.Default, o.Min, o.Max)
	case engine.Combo:
		line += " default " + o.Default
		for _, v := range o.Vars {
			line += " var " + v
		}
	}
	return line
}

// setOption handles "setoption name NAME [value VALUE]"; names and values
// may contain spaces.
func (s *Conversation) setOption(args []string) {
	if len(args) < 2 || !strings.EqualFold(args[0], "name") {
		s.info("setoption: expected \"setoption name NAME [value VALUE]\"")
		return
	}
	args = args[1:]
	name, value := strings.Join(args, " "), ""
	for i, a := range args {
		if strings.EqualFold(a, "value") {
			name, value = strings.Join(args[:i], " "), strings.Join(args[i+1:], " ")
			break
		}
	}
	note, err := s.eng.SetOptionNote(name, value)
	switch {
	case err != nil:
		s.info("%v", err)
	case note != "":
		s.info("%s", note)
	}
}

// position handles "position startpos|fen FEN [moves M...]".
func (s *Conversation) position(args []string) {
	if len(args) == 0 {
		s.info("position: expected startpos or fen")
		return
	}
	var fen string
	var rest []string
	switch args[0] {
	case "startpos":
		rest = args[1:]
	case "fen":
		i := 1
		for i < len(args) && args[i] != "moves" {
			i++
		}
		fen = strings.Join(args[1:i], " ")
		rest = args[i:]
		if fen == "" {
			s.info("position: missing FEN")
			return
		}
	default:
		s.info("position: expected startpos or fen, got %s", truncate(args[0], 40))
		return
	}
	var moves []string
	if len(rest) > 0 {
		if rest[0] != "moves" {
			s.info("position: expected moves, got %s", truncate(rest[0], 40))
			return
		}
		moves = rest[1:]
	}
	if err := s.eng.SetPosition(fen, moves); err != nil {
		s.info("position rejected, previous position kept: %v", err)
	}
}

// goCmd handles "go ..." and "go perft N".
func (s *Conversation) goCmd(args []string) {
	pos := s.eng.Position()
	lim, perft, warnings := ParseGo(args, pos)
	for _, w := range warnings {
		s.info("go: %s", w)
	}
	// One search at a time: a go that arrives during a search (which a GUI
	// should not send) ends the old one, which reports its best move first.
	s.eng.Stop()
	s.eng.Wait()
	if perft > 0 {
		s.perft(pos, perft)
		return
	}
	chess960 := s.eng.Chess960()
	showWDL := s.eng.ShowWDL()
	err := s.eng.Go(lim, engine.Callbacks{
		Info: func(i search.Info) {
			var wdl *engine.WDL
			if showWDL { // from the root position, which pos still is
				w := engine.EstimateWDL(i.Score, pos)
				wdl = &w
			}
			s.out.println(FormatInfoWDL(i, chess960, wdl))
		},
		CurrMove: func(depth int, m board.Move, n int) {
			if now := time.Now(); now.Sub(s.lastCurrMove) >= 250*time.Millisecond {
				s.lastCurrMove = now
				s.out.printf("info depth %d currmove %s currmovenumber %d", depth, m.UCI(chess960), n)
			}
		},
		BestMove: func(r search.Result) { s.out.println(FormatBestMove(r, chess960)) },
		Notice:   func(n string) { s.info("%s", n) },
		Book:     func(b engine.BookMove) { s.out.println(FormatBookMove(b, chess960)) },
	})
	if err != nil {
		s.info("go: %v", err)
		s.out.println("bestmove 0000")
	}
}

// FormatBestMove returns the bestmove line of a result.
func FormatBestMove(r search.Result, chess960 bool) string {
	line := "bestmove " + r.Best.UCI(chess960)
	if r.Best != board.NoMove && r.Ponder != board.NoMove {
		line += " ponder " + r.Ponder.UCI(chess960)
	}
	return line
}

// FormatBookMove returns the info string line announcing a book move.
func FormatBookMove(b engine.BookMove, chess960 bool) string {
	return fmt.Sprintf("info string book move %s weight %d/%d candidates %d", b.Move.UCI(chess960), b.Weight, b.Total, b.Candidates)
}

// FormatInfo returns the info line of one PV line or window failure.
func FormatInfo(i search.Info, chess960 bool) string { return FormatInfoWDL(i, chess960, nil) }

// FormatInfoWDL returns the info line of one PV line or window failure
// with, when wdl is not nil, the win/draw/loss estimate after the score
// ("score cp 31 wdl 402 471 127", per mille from the side to move's view,
// as UCI_ShowWDL asks; after the bound when there is one).
func FormatInfoWDL(i search.Info, chess960 bool, wdl *engine.WDL) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "info depth %d seldepth %d multipv %d score ", i.Depth, i.SelDepth, i.MultiPV)
	if search.IsMateScore(i.Score) {
		fmt.Fprintf(&sb, "mate %d", search.MateMoves(i.Score))
	} else {
		fmt.Fprintf(&sb, "cp %d", i.Score)
	}
	switch i.Bound {
	case search.BoundLower:
		sb.WriteString(" lowerbound")
	case search.BoundUpper:
		sb.WriteString(" upperbound")
	}
	if wdl != nil {
		fmt.Fprintf(&sb, " wdl %d %d %d", wdl.Win, wdl.Draw, wdl.Loss)
	}
	ms := i.Time.Milliseconds()
	nps := uint64(float64(i.Nodes) / max(i.Time.Seconds(), 0.001))
	fmt.Fprintf(&sb, " nodes %d nps %d hashfull %d", i.Nodes, nps, i.HashFull)
	if i.TBHits > 0 {
		fmt.Fprintf(&sb, " tbhits %d", i.TBHits)
	}
	fmt.Fprintf(&sb, " time %d pv", ms)
	for _, m := range i.PV {
		sb.WriteString(" " + m.UCI(chess960))
	}
	return sb.String()
}

func (s *Conversation) perft(pos *board.Position, depth int) {
	start := time.Now()
	var total uint64
	for _, e := range pos.Divide(depth, false) {
		s.out.printf("%s: %d", pos.MoveString(e.Move), e.Nodes)
		total += e.Nodes
	}
	s.out.println("")
	s.out.printf("Nodes searched: %d", total)
	s.out.printf("info string perft %d: %d nodes in %d ms", depth, total, time.Since(start).Milliseconds())
}
