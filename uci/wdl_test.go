// Tests of the wdl in info lines (UCI_ShowWDL) and of the strength
// options through the protocol.
package uci

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"brudno/board"
	"brudno/engine"
	"brudno/search"
)

func TestFormatInfoWDL(t *testing.T) {
	e2e4 := board.NewMove(board.SquareAt(4, 1), board.SquareAt(4, 3))
	i := search.Info{Depth: 5, SelDepth: 9, MultiPV: 1, Score: 31, Nodes: 2000, Time: 100 * time.Millisecond, HashFull: 3, PV: []board.Move{e2e4}}
	w := &engine.WDL{Win: 402, Draw: 471, Loss: 127}
	if got, want := FormatInfoWDL(i, false, w), "info depth 5 seldepth 9 multipv 1 score cp 31 wdl 402 471 127 nodes 2000 nps 20000 hashfull 3 time 100 pv e2e4"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if got, want := FormatInfoWDL(i, false, nil), FormatInfo(i, false); got != want || strings.Contains(got, "wdl") {
		t.Errorf("without wdl: %q, FormatInfo %q", got, want)
	}
	i.Bound, i.Score = search.BoundLower, search.Mate-3
	if got, want := FormatInfoWDL(i, false, &engine.WDL{Win: 1000}), "info depth 5 seldepth 9 multipv 1 score mate 2 lowerbound wdl 1000 0 0 nodes"; !strings.HasPrefix(got, want) {
		t.Errorf("got  %q\nwant %q...", got, want)
	}
}

// wdlOf returns the three numbers after "wdl" in an info line.
func wdlOf(t *testing.T, line string) (w [3]int, ok bool) {
	f := strings.Fields(line)
	for k, x := range f {
		if x == "wdl" && k+3 < len(f) {
			for j := range 3 {
				n, err := strconv.Atoi(f[k+1+j])
				if err != nil {
					t.Fatalf("wdl in %q", line)
				}
				w[j] = n
			}
			return w, true
		}
	}
	return w, false
}

func TestShowWDLInSession(t *testing.T) {
	e := engine.New()
	out := converse(t, e, "position startpos moves e2e4", "go depth 4")
	for _, l := range out {
		if strings.Contains(l, " wdl ") {
			t.Fatalf("wdl with UCI_ShowWDL off: %q", l)
		}
	}
	out = converse(t, e, "setoption name UCI_ShowWDL value true", "position startpos moves e2e4", "go depth 4")
	infos := 0
	for _, l := range out {
		if !strings.Contains(l, " score ") {
			continue
		}
		infos++
		w, ok := wdlOf(t, l)
		if !ok || w[0]+w[1]+w[2] != 1000 {
			t.Errorf("info line without a valid wdl: %q", l)
		}
	}
	if infos == 0 {
		t.Fatalf("no info lines: %q", out)
	}
	// A mate for the side to move.
	out = converse(t, e, "position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "go depth 3")
	if !containsPrefix(out, "info depth 3 seldepth") || !strings.Contains(strings.Join(out, "\n"), "score mate 1 wdl 1000 0 0") {
		t.Errorf("mate in 1 without wdl 1000 0 0: %q", out)
	}
}

func TestStrengthInSession(t *testing.T) {
	e := engine.New()
	out := converse(t, e, "setoption name UCI_Elo value 1000", "setoption name UCI_LimitStrength value true",
		"setoption name UCI_Elo value 1320", "position startpos", "go wtime 60000 btime 60000")
	if !containsPrefix(out, "info string option UCI_Elo: \"1000\" is not an integer from 1320 to 2650") {
		t.Errorf("UCI_Elo 1000 not refused with its range: %q", out)
	}
	n := 0
	var last string
	for _, l := range out {
		if strings.HasPrefix(l, "bestmove ") {
			n++
		}
		if strings.HasPrefix(l, "info depth") && strings.Contains(l, " pv ") {
			last = l
		}
	}
	if n != 1 || last == "" {
		t.Fatalf("%d bestmove lines, last info %q: %q", n, last, out)
	}
	bm := strings.Fields(out[len(out)-1])
	pv := strings.Fields(last[strings.Index(last, " pv ")+4:])
	if bm[0] != "bestmove" || pv[0] != bm[1] {
		t.Errorf("last line %q, last info %q", out[len(out)-1], last)
	}
	if strings.Contains(strings.Join(out, "\n"), "multipv 2") {
		t.Errorf("internal lines shown: %q", out)
	}
}
