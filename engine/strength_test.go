// Tests of the strength limit: the options, the move choice, the
// protocol guarantees (info lines, one best move, stop, ponder, infinite)
// and that nothing changes with it off.
package engine

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"brudno/board"
	"brudno/search"
)

func TestStrengthOptions(t *testing.T) {
	e := New()
	if _, ok := e.str.target(); ok {
		t.Fatal("the engine is weakened by default")
	}
	for _, c := range []struct {
		name, value string
		ok          bool
	}{
		{"UCI_Elo", "1319", false}, {"UCI_Elo", "2651", false}, {"UCI_Elo", "strong", false},
		{"UCI_Elo", "1320", true}, {"UCI_Elo", "2650", true}, {"UCI_Elo", "1600", true},
		{"Skill Level", "-1", false}, {"Skill Level", "21", false}, {"Skill Level", "20", true},
		{"UCI_LimitStrength", "true", true},
	} {
		err := e.SetOption(c.name, c.value)
		if (err == nil) != c.ok {
			t.Errorf("SetOption(%q, %q) = %v, want ok=%v", c.name, c.value, err, c.ok)
		}
		if c.name == "UCI_Elo" && !c.ok && (err == nil || !strings.Contains(err.Error(), "from 1320 to 2650")) {
			t.Errorf("UCI_Elo %s refused without the range: %v", c.value, err)
		}
	}
	if elo, ok := e.str.target(); !ok || elo != 1600 {
		t.Errorf("target %d %v, want 1600 (the refused values must change nothing)", elo, ok)
	}
	e.SetOption("UCI_LimitStrength", "false")
	e.SetOption("Skill Level", "0")
	if elo, ok := e.str.target(); !ok || elo != MinElo {
		t.Errorf("Skill Level 0: target %d %v", elo, ok)
	}
}

// The calibrated scale: each point's Elo maps to its level, and over the
// whole range the node cap grows, the margin and the lines shrink.
func TestStrengthScale(t *testing.T) {
	for i, p := range strengthScale {
		if i > 0 && p.elo <= strengthScale[i-1].elo {
			t.Fatalf("point %d: Elo %v after %v", i, p.elo, strengthScale[i-1].elo)
		}
		if l := strengthLevel(int(p.elo)); math.Abs(l-p.level) > 1e-9 {
			t.Errorf("Elo %v: level %v, want %v", p.elo, l, p.level)
		}
	}
	// Between two points a straight line through them, beyond the ends
	// the end segment's (MinElo lies below the first point).
	onLine := func(elo int, a, b int) {
		p, q := strengthScale[a], strengthScale[b]
		want := p.level + (float64(elo)-p.elo)*(q.level-p.level)/(q.elo-p.elo)
		if l := strengthLevel(elo); math.Abs(l-want) > 1e-9 {
			t.Errorf("Elo %d: level %v, want %v", elo, l, want)
		}
	}
	last := len(strengthScale) - 1
	for i := range last {
		onLine(int(strengthScale[i].elo+strengthScale[i+1].elo)/2, i, i+1)
	}
	onLine(MinElo, 0, 1)
	top := 1 // the segment MaxElo lies on
	for top < last && float64(MaxElo) > strengthScale[top].elo {
		top++
	}
	onLine(MaxElo, top-1, top)
	for elo := MinElo + 1; elo <= MaxElo; elo++ {
		if StrengthNodes(elo) < StrengthNodes(elo-1) || StrengthMargin(elo) > StrengthMargin(elo-1) || StrengthLines(elo) > StrengthLines(elo-1) {
			t.Fatalf("Elo %d: nodes, margin or lines move the wrong way", elo)
		}
	}
	if StrengthNodes(MinElo) >= StrengthNodes(2000) || StrengthNodes(2000) >= StrengthNodes(MaxElo) {
		t.Error("the node cap does not grow with the Elo")
	}
	if StrengthMargin(MinElo) <= StrengthMargin(2000) || StrengthMargin(MaxElo) != 0 {
		t.Error("the margin does not shrink to 0 as the Elo grows")
	}
	if StrengthLines(MinElo) != strengthMaxLines || StrengthLines(2000) < 2 || StrengthLines(MaxElo) != 1 {
		t.Errorf("lines %d %d %d at %d, 2000, %d", StrengthLines(MinElo), StrengthLines(2000), StrengthLines(MaxElo), MinElo, MaxElo)
	}
}

func lines(scores ...int) []search.Info {
	var ls []search.Info
	for i, s := range scores {
		ls = append(ls, search.Info{MultiPV: i + 1, Score: s, PV: []board.Move{board.Move(i + 1)}})
	}
	return ls
}

func TestPickLine(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	count := func(ls []search.Info, elo int) []int {
		n := make([]int, len(ls))
		for range 4000 {
			n[PickLine(ls, elo, rng)]++
		}
		return n
	}
	// Higher up only near-equal moves; a line beyond the margin never.
	if n := count(lines(50, 40, 0, -100), 2400); n[2] != 0 || n[3] != 0 || n[1] == 0 || n[0] <= n[1] {
		t.Errorf("at 2400: %v", n)
	}
	if n := count(lines(50, 49, 50), MaxElo); n[1] != 0 || n[2] != 0 {
		t.Errorf("at %d: %v", MaxElo, n)
	}
	// At the bottom more moves, the best the likeliest.
	n := count(lines(50, 0, -40, -400), MinElo)
	if n[3] != 0 || n[1] == 0 || n[2] == 0 || n[0] <= n[1] || n[1] <= n[2] {
		t.Errorf("at %d: %v", MinElo, n)
	}
	// A mate is only given up for another mate; a mated line never chosen.
	if n := count(lines(search.Mate-3, search.Mate-5, 900), MinElo); n[2] != 0 {
		t.Errorf("mate given up: %v", n)
	}
	if n := count(lines(-30, -60, -search.Mate+2), MinElo); n[2] != 0 {
		t.Errorf("mated line chosen: %v", n)
	}
	if PickLine(lines(10), MinElo, rng) != 0 || PickLine(nil, MinElo, rng) != 0 {
		t.Error("fewer than two lines")
	}
}

// strengthPositions are middlegame and endgame positions with several
// reasonable moves.
var strengthPositions = []string{
	"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
	"rnbqkb1r/pp1p1ppp/4pn2/2p5/2PP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 0 4",
	"r1bq1rk1/ppp1bppp/2np1n2/4p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	"2rq1rk1/pp1bppbp/2np1np1/8/3NP3/1BN1BP2/PPPQ2PP/2KR3R b - - 0 11",
	"r2q1rk1/pb1nbppp/1p2pn2/2pp4/2PP4/1PN1PN2/PB2BPPP/R2Q1RK1 w - - 0 10",
	"r1b2rk1/2q1bppp/p2ppn2/1p6/3BPP2/2NB4/PPP3PP/R2Q1R1K w - - 0 14",
	"4r1k1/p1p2ppp/1p6/8/3R4/1P4P1/P4P1P/6K1 w - - 0 25",
}

// goAndWait runs one search and returns its result and info lines,
// failing unless exactly one best move is reported.
func goAndWait(t *testing.T, e *Engine, lim search.Limits) (search.Result, []search.Info) {
	t.Helper()
	var res search.Result
	var infos []search.Info
	var count atomic.Int32
	err := e.Go(lim, Callbacks{
		Info:     func(i search.Info) { infos = append(infos, i) },
		BestMove: func(r search.Result) { res = r; count.Add(1) },
	})
	if err != nil {
		t.Fatal(err)
	}
	e.Wait()
	if n := count.Load(); n != 1 {
		t.Fatalf("%d best moves", n)
	}
	return res, infos
}

func legal(p *board.Position, m board.Move) bool {
	var l board.MoveList
	p.GenerateLegal(&l)
	for _, x := range l.Slice() {
		if x == m {
			return true
		}
	}
	return false
}

// At a low Elo the engine sometimes plays another move than at full
// strength, always a legal one, and the last info line shows it; at a
// higher Elo it does so less often. Seeded: the same every run. Both
// evaluate with HCE, with which the first guess at the Elo scale was
// made (docs/wdl-and-strength.md). With the first production network
// and that scale, 7 moves of these 8 differed at Elo 2000 against 5 at
// Elo 1320 (seen once, cause not studied): a matter for the calibration,
// not for this test of the mechanism.
func TestLimitStrengthPlaysOtherMoves(t *testing.T) {
	full := New()
	full.SetOption("Evaluation", "HCE")
	var best []board.Move
	for _, fen := range strengthPositions {
		full.NewGame()
		full.SetPosition(fen, nil)
		r, _ := goAndWait(t, full, search.Limits{Depth: 8})
		best = append(best, r.Best)
	}
	differ := map[int]int{}
	for _, elo := range []int{MinElo, 2000} {
		weak := New()
		weak.SetOption("Evaluation", "HCE")
		weak.SetOption("UCI_LimitStrength", "true")
		weak.SetOption("UCI_Elo", strconv.Itoa(elo))
		weak.str.rng = rand.New(rand.NewPCG(7, 11))
		var moves []string
		for k, fen := range strengthPositions {
			weak.NewGame()
			weak.SetPosition(fen, nil)
			res, infos := goAndWait(t, weak, search.Limits{Depth: 30})
			if !legal(weak.Position(), res.Best) {
				t.Fatalf("%s: illegal move %v", fen, res.Best)
			}
			if res.Nodes > StrengthNodes(elo)+200 {
				t.Errorf("%s: %d nodes, cap %d", fen, res.Nodes, StrengthNodes(elo))
			}
			if len(infos) == 0 {
				t.Fatalf("%s: no info line", fen)
			}
			for _, i := range infos {
				if i.MultiPV != 1 {
					t.Fatalf("%s: line %d shown with MultiPV 1", fen, i.MultiPV)
				}
			}
			if last := infos[len(infos)-1]; last.PV[0] != res.Best {
				t.Errorf("%s: last info line %v, best move %v", fen, last.PV[0], res.Best)
			}
			if res.Best != best[k] {
				differ[elo]++
			}
			moves = append(moves, fmt.Sprintf("%v(d%d)", res.Best, infos[len(infos)-1].Depth))
		}
		t.Logf("Elo %d: %v; %d of %d differ from full strength %v", elo, moves, differ[elo], len(strengthPositions), best)
	}
	if differ[MinElo] == 0 || differ[2000] > differ[MinElo] {
		t.Errorf("moves other than at full strength: %d at Elo %d, %d at Elo 2000", differ[MinElo], MinElo, differ[2000])
	}
}

// Stop, ponderhit and infinite keep working, with one best move each.
func TestLimitStrengthProtocol(t *testing.T) {
	e := New()
	e.SetOption("UCI_LimitStrength", "true")
	e.SetOption("UCI_Elo", "2000")
	e.SetOption("MultiPV", "2")
	for i := range 12 {
		var count atomic.Int32
		var best board.Move
		lim := search.Limits{Infinite: i%3 == 0, Ponder: i%3 == 1, Depth: 30}
		if err := e.Go(lim, Callbacks{BestMove: func(r search.Result) { best = r.Best; count.Add(1) }}); err != nil {
			t.Fatal(err)
		}
		switch {
		case i%3 == 1 && i%2 == 0:
			e.PonderHit() // then it ends at the node cap
		case i%3 != 2:
			e.Stop()
		}
		e.Wait()
		if n := count.Load(); n != 1 || !legal(e.Position(), best) {
			t.Fatalf("iteration %d: %d best moves, %v", i, n, best)
		}
	}
	// MultiPV 2 asked: lines 1 and 2 shown, not 3 and 4.
	_, infos := goAndWait(t, e, search.Limits{Depth: 4})
	seen := map[int]bool{}
	for _, i := range infos {
		seen[i.MultiPV] = true
	}
	if !seen[1] || !seen[2] || seen[3] || seen[4] {
		t.Errorf("lines shown: %v", seen)
	}
}

// With the limit off (also after it was on) the engine searches exactly
// as before: same nodes, move and info lines as a plain searcher (both
// with the hand-crafted evaluation).
func TestLimitStrengthOffChangesNothing(t *testing.T) {
	e := New()
	e.SetOption("Evaluation", "HCE")
	e.SetOption("UCI_LimitStrength", "true")
	e.SetOption("UCI_LimitStrength", "false")
	e.SetOption("Skill Level", "20")
	fen := strengthPositions[3]
	e.SetPosition(fen, nil)
	res, infos := goAndWait(t, e, search.Limits{Depth: 7})

	p, _ := board.ParseFEN(fen)
	s := search.NewSearcher(search.NewTT(64))
	var n int
	want := s.Search(p, search.Limits{Depth: 7}, search.DefaultOptions(), 30*time.Millisecond, search.Callbacks{Info: func(search.Info) { n++ }})
	if res.Best != want.Best || res.Nodes != want.Nodes || res.Score != want.Score || len(infos) != n {
		t.Errorf("engine %v %d nodes %d cp %d infos; searcher %v %d nodes %d cp %d infos",
			res.Best, res.Nodes, res.Score, len(infos), want.Best, want.Nodes, want.Score, n)
	}
}
