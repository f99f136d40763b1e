// Unit tests of the protocol layer: go parsing, info and bestmove
// formatting, option declarations, and a fuzz test of command handling.
package uci

import (
	"bufio"
	"io"
	"reflect"
	"strings"
	"testing"
	"time"

	"brudno/board"
	"brudno/engine"
	"brudno/search"
)

func TestParseGo(t *testing.T) {
	pos := board.NewPosition()
	lim, perft, warn := ParseGo(strings.Fields("infinite searchmoves e2e4 d2d4 wtime -5 btime 1000 winc 10 binc 20 movestogo 7 depth 9 nodes 500 mate 3 movetime 250 ponder"), pos)
	if perft != 0 || len(warn) != 0 {
		t.Fatalf("perft %d warnings %v", perft, warn)
	}
	want := search.Limits{
		Infinite: true, Ponder: true, WTime: -5 * time.Millisecond, BTime: time.Second, HasClock: true,
		WInc: 10 * time.Millisecond, BInc: 20 * time.Millisecond, MovesToGo: 7, Depth: 9, Nodes: 500,
		Mate: 3, MoveTime: 250 * time.Millisecond,
	}
	if len(lim.SearchMoves) != 2 || lim.SearchMoves[0].String() != "e2e4" || lim.SearchMoves[1].String() != "d2d4" {
		t.Errorf("searchmoves %v", lim.SearchMoves)
	}
	lim.SearchMoves = nil
	if !reflect.DeepEqual(lim, want) {
		t.Errorf("got %+v\nwant %+v", lim, want)
	}
	_, perft, _ = ParseGo([]string{"perft", "4"}, pos)
	if perft != 4 {
		t.Errorf("perft %d", perft)
	}
	_, _, warn = ParseGo(strings.Fields("depth x wtime searchmoves e2e5 bogus"), pos)
	if len(warn) != 4 {
		t.Errorf("warnings %q, want 4", warn)
	}
}

func TestFormatInfo(t *testing.T) {
	e2e4 := board.NewMove(board.SquareAt(4, 1), board.SquareAt(4, 3))
	e7e5 := board.NewMove(board.SquareAt(4, 6), board.SquareAt(4, 4))
	cases := []struct {
		info search.Info
		want string
	}{
		{search.Info{Depth: 5, SelDepth: 9, MultiPV: 1, Score: 31, Nodes: 2000, Time: 100 * time.Millisecond, HashFull: 3, PV: []board.Move{e2e4, e7e5}},
			"info depth 5 seldepth 9 multipv 1 score cp 31 nodes 2000 nps 20000 hashfull 3 time 100 pv e2e4 e7e5"},
		{search.Info{Depth: 7, SelDepth: 7, MultiPV: 2, Score: search.Mate - 3, Bound: search.BoundLower, Time: time.Second, PV: []board.Move{e2e4}},
			"info depth 7 seldepth 7 multipv 2 score mate 2 lowerbound nodes 0 nps 0 hashfull 0 time 1000 pv e2e4"},
		{search.Info{Depth: 3, SelDepth: 4, MultiPV: 1, Score: -search.Mate + 4, Bound: search.BoundUpper, Time: time.Second},
			"info depth 3 seldepth 4 multipv 1 score mate -2 upperbound nodes 0 nps 0 hashfull 0 time 1000 pv"},
		{search.Info{Depth: 9, SelDepth: 12, MultiPV: 1, Score: search.TBWin - 7, Nodes: 5000, Time: time.Second, TBHits: 42, PV: []board.Move{e2e4}},
			"info depth 9 seldepth 12 multipv 1 score cp 30864 nodes 5000 nps 5000 hashfull 0 tbhits 42 time 1000 pv e2e4"},
	}
	for _, c := range cases {
		if got := FormatInfo(c.info, false); got != c.want {
			t.Errorf("got  %q\nwant %q", got, c.want)
		}
	}
	r := search.Result{Best: e2e4, Ponder: e7e5}
	if got := FormatBestMove(r, false); got != "bestmove e2e4 ponder e7e5" {
		t.Errorf("bestmove line %q", got)
	}
	if got := FormatBestMove(search.Result{}, false); got != "bestmove 0000" {
		t.Errorf("no move: %q", got)
	}
}

func TestOptionLines(t *testing.T) {
	got := map[string]bool{}
	for _, o := range engine.Options() {
		got[FormatOption(o)] = true
	}
	for _, want := range []string{
		"option name Hash type spin default 64 min 1 max 65536",
		"option name Clear Hash type button",
		"option name Move Overhead type spin default 30 min 0 max 5000",
		"option name Threads type spin default 1 min 1 max 256",
		"option name MultiPV type spin default 1 min 1 max 256",
		"option name Ponder type check default false",
		"option name UCI_Chess960 type check default false",
	} {
		if !got[want] {
			t.Errorf("missing %q", want)
		}
	}
}

// converse runs commands through Handle and returns the output lines.
func converse(t *testing.T, e *engine.Engine, cmds ...string) []string {
	t.Helper()
	pr, pw := io.Pipe()
	s := &Conversation{eng: e, out: newOutput(pw, e)}
	var lines []string
	done := make(chan struct{})
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			lines = append(lines, sc.Text())
		}
		close(done)
	}()
	for _, c := range cmds {
		s.Handle(c)
	}
	e.Wait()
	pw.Close()
	<-done
	return lines
}

func TestSetOptionAndChess960(t *testing.T) {
	e := engine.New()
	out := converse(t, e,
		"setoption name move overhead value 100",
		"setoption name UCI_Chess960 value true",
		"position fen 4k3/8/8/8/8/8/8/RK6 w A - 0 1",
		"go depth 1 searchmoves b1a1",
		"setoption name Nonsense value 3",
	)
	if !contains(out, "bestmove b1a1") {
		t.Errorf("Chess960 castling not printed as king takes rook: %q", out)
	}
	if !containsPrefix(out, `info string no such option: "Nonsense"`) {
		t.Errorf("unknown option not reported: %q", out)
	}
	out = converse(t, e, "setoption name UCI_Chess960 value false", "position fen 4k3/8/8/8/8/8/8/RK6 w A - 0 1", "go depth 1 searchmoves b1a1")
	if !contains(out, "bestmove b1c1") {
		t.Errorf("standard castling form expected: %q", out)
	}
}

func contains(lines []string, s string) bool {
	for _, l := range lines {
		if l == s {
			return true
		}
	}
	return false
}

func containsPrefix(lines []string, s string) bool {
	for _, l := range lines {
		if strings.HasPrefix(l, s) {
			return true
		}
	}
	return false
}

func FuzzHandle(f *testing.F) {
	for _, s := range []string{
		"uci", "isready", "setoption name Hash value 2", "setoption name Clear Hash", "position startpos moves e2e4 e7e5",
		"position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves e1g1", "go depth 2", "go movetime 5", "go nodes 100 searchmoves e2e4",
		"go wtime 10 btime 10", "stop", "ponderhit", "d", "eval", "ucinewgame", "go perft 2",
	} {
		f.Add(s)
	}
	e := engine.New()
	s := &Conversation{eng: e, out: newOutput(io.Discard, e)}
	f.Fuzz(func(t *testing.T, line string) {
		// Commands that run long by design are not what this fuzzes.
		if strings.Contains(line, "bench") || strings.Contains(line, "perft") || strings.Contains(line, "Hash") {
			return
		}
		s.Handle(line)
		e.Stop()
		e.Wait()
	})
}
