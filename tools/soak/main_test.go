package main

import (
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"
)

// fastchess's lines are tallied per engine: how each game ended (the
// loser is the colour named in the reason), PV warnings by kind and other
// warnings.
func TestParseFastchess(t *testing.T) {
	const out = `Started game 1 of 6 (brudno-A vs opponent)
Finished game 1 (brudno-A vs opponent): 0-1 {White loses on time (9ms overrun)}
Finished game 2 (opponent vs brudno-A): 1/2-1/2 {Draw by 3-fold repetition}
Warning; Illegal PV move - move e2e5 from brudno-A
Info; info depth 3 pv e2e4 e7e5 e2e5
Position; startpos
Warning; Incomplete mating PV - from opponent
Finished game 3 (brudno-A vs opponent): 1-0 {Black loses on time (192ms overrun)}
Finished game 4 (opponent vs brudno-A): 0-1 {White makes an illegal move}
Finished game 5 (brudno-A vs opponent): 0-1 {White disconnects}
Finished game 6 (opponent vs brudno-A): 1-0 {Black's connection stalls}
Warning; Failed to set UCI_Chess960 option for engine opponent: x
Finished game 7 (brudno-A vs opponent): 1-0 {White mates}
`
	b := batch{Sides: map[string]*side{}}
	parseFastchess(out, &b)
	if b.Games != 7 {
		t.Errorf("games %d, want 7", b.Games)
	}
	a, o := b.Sides["brudno-A"], b.Sides["opponent"]
	if a == nil || o == nil {
		t.Fatalf("sides %v", b.Sides)
	}
	if a.TimeLosses != 1 || a.Illegal != 0 || a.Crashes != 1 || a.Stalls != 1 || a.PV["Illegal PV move"] != 1 {
		t.Errorf("brudno-A: %+v", *a)
	}
	if o.TimeLosses != 1 || o.Illegal != 1 || o.Crashes != 0 || o.PV["Incomplete mating PV"] != 1 || len(o.OverrunMS) != 1 || o.OverrunMS[0] != 192 {
		t.Errorf("opponent: %+v", *o)
	}
	if len(b.Warnings) != 1 || !strings.Contains(b.Warnings[0], "UCI_Chess960") {
		t.Errorf("warnings %q", b.Warnings)
	}
	b.Warnings = append(b.Warnings, "Warning; No info line available to extract score from engine brudno-A")
	if f := strings.Join(b.failures(), "\n"); !strings.Contains(f, "No info line") {
		t.Errorf("a move without a score is a failure without OwnBook:\n%s", f)
	}
	b.Config.A.OwnBook = true
	f := strings.Join(b.failures(), "\n")
	if strings.Contains(f, "No info line") {
		t.Errorf("a book move without a score is a failure:\n%s", f)
	}
	for _, want := range []string{"brudno-A: 1 losses on time (fastchess overrun [9] ms", "opponent: 1 illegal moves", "brudno-A: no wrapper record", "fastchess: Warning; Failed"} {
		if !strings.Contains(f, want) {
			t.Errorf("failures lack %q:\n%s", want, f)
		}
	}
}

// The same seed and batch give the same configuration, and over many
// batches every value of every option is drawn, within its range.
func TestDrawBatch(t *testing.T) {
	draw := func(id int) batchConfig { return drawBatch(rand.New(rand.NewPCG(7, uint64(id))), true, true) }
	a, b := draw(3), draw(3)
	if a.A != b.A || a.Limit != b.Limit || (a.B == nil) != (b.B == nil) || a.B != nil && *a.B != *b.B {
		t.Fatalf("batch 3 drawn twice: %+v, %+v", a, b)
	}
	seen := map[[2]string]bool{}
	self, chess960 := 0, 0
	for id := 0; id < 3000; id++ {
		c := draw(id)
		for _, e := range []*engineConfig{&c.A, c.B} {
			if e == nil {
				continue
			}
			if e.Threads < 1 || e.Threads > 3 || e.Hash < 1 || e.Hash > 256 || e.MultiPV < 1 || e.MultiPV > 4 ||
				e.Overhead < 0 || e.Overhead > 100 || e.LimitStrength && (e.Elo < 1320 || e.Elo > 2650) || e.Skill < 0 || e.Skill > 20 {
				t.Fatalf("batch %d: out of range %+v", id, *e)
			}
			if e.Ponder && c.Limit.Kind != "tc" {
				t.Fatalf("batch %d: ponder without a clock", id)
			}
			for _, f := range e.features() {
				seen[f] = true
			}
		}
		seen[[2]string{"limit", c.Limit.Kind}] = true
		if c.B != nil {
			self++
		}
		if c.Chess960 {
			chess960++
		}
	}
	for _, want := range [][2]string{{"Threads", "1"}, {"Threads", "3"}, {"ParallelScheme", "YBW"}, {"Hash", "1"},
		{"Hash", "256"}, {"MultiPV", "4"}, {"Ponder", "on"}, {"UCI_ShowWDL", "on"}, {"OwnBook", "on"},
		{"SyzygyPath", "set"}, {"SyzygyPath", "unset"}, {"strength", "Skill Level 0-19"}, {"strength", "UCI_Elo 2500-2749"},
		{"Move Overhead", "0-24"}, {"Move Overhead", "75-99"}, {"SearchAlgorithm", "MTDf"}, {"SearchAlgorithm", "SSS"}, {"SearchAlgorithm", "DUAL"}, {"Evaluation", "HCE"},
		{"limit", "tc"}, {"limit", "nodes"}, {"limit", "depth"}, {"limit", "movetime"}} {
		if !seen[want] {
			t.Errorf("%s %s never drawn", want[0], want[1])
		}
	}
	if self < 1000 || self > 2000 || chess960 < 300 || chess960 > 600 {
		t.Errorf("against itself %d, Chess960 %d of 3000", self, chess960)
	}
}

func TestPositionHelpers(t *testing.T) {
	for _, c := range []struct {
		pos   string
		white bool
	}{
		{"position startpos", true},
		{"position startpos moves e2e4", false},
		{"position fen 8/8/8/8/8/8/k7/K7 b - - 0 1", false},
		{"position fen 8/8/8/8/8/8/k7/K7 b - - 0 1 moves a2b2", true},
	} {
		if got := whiteToMove(c.pos); got != c.white {
			t.Errorf("%q: white to move %v", c.pos, got)
		}
	}
	if got := withMoves("position startpos", "e2e4", "e7e5"); got != "position startpos moves e2e4 e7e5" {
		t.Errorf("withMoves: %q", got)
	}
	if got := withMoves("position startpos moves d2d4", "d7d5", "c2c4"); got != "position startpos moves d2d4 d7d5 c2c4" {
		t.Errorf("withMoves: %q", got)
	}
}

// lines is a writer that collects lines and tells when one arrives.
type lines struct {
	mu  sync.Mutex
	got []string
	ch  chan string
}

func (l *lines) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, s := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		l.got = append(l.got, s)
		if l.ch != nil {
			l.ch <- s
		}
	}
	return len(b), nil
}

func (l *lines) all() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.got...)
}

// The pondering GUI: a ponder hit becomes ponderhit, a miss stops the
// ponder search and swallows its bestmove, and the ponder search's output
// never reaches fastchess; the overrun is measured against the clock.
func TestProxyPonder(t *testing.T) {
	eng := &lines{ch: make(chan string, 100)}
	gui := &lines{}
	clock := time.Unix(0, 0)
	p := &proxy{toEngine: eng, toGUI: gui, ponder: true, now: func() time.Time { return clock }}
	p.fromGUI("position startpos")
	p.fromGUI("go wtime 1000 btime 1000 winc 10 binc 10")
	clock = clock.Add(300 * time.Millisecond)
	p.fromEngine("info depth 5 pv e2e4 e7e5")
	p.fromEngine("bestmove e2e4 ponder e7e5")
	// White had 1000 ms, used 300, gets 10: 710 left while pondering.
	want := []string{"position startpos", "go wtime 1000 btime 1000 winc 10 binc 10",
		"position startpos moves e2e4 e7e5", "go ponder wtime 710 btime 1000 winc 10 binc 10"}
	if got := eng.all(); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("to the engine:\n%q\nwant\n%q", got, want)
	}
	p.fromEngine("info depth 1 multipv 1 score cp 20 pv g1f3") // the ponder search's: hidden until a hit
	p.fromEngine("info depth 1 multipv 2 score cp 10 pv b1c3")
	p.fromGUI("position startpos moves e2e4 e7e5")
	p.fromGUI("go wtime 700 btime 950 winc 10 binc 10")
	if got := eng.all(); got[len(got)-1] != "ponderhit" || len(got) != 5 {
		t.Fatalf("a ponder hit sent %q", got[4:])
	}
	if g := gui.all(); g[len(g)-1] != "info depth 1 multipv 1 score cp 20 pv g1f3" {
		t.Errorf("at a hit the GUI saw %q", g)
	}
	clock = clock.Add(702 * time.Millisecond)
	p.fromEngine("bestmove g1f3 ponder b8c6")
	if p.rec.PonderHits != 1 || p.rec.TimedMoves != 2 || p.rec.MaxOverrunMS != 2 {
		t.Errorf("record %+v", p.rec)
	}
	// A miss: the opponent plays something else.
	for len(eng.ch) > 0 {
		<-eng.ch
	}
	go func() {
		for l := range eng.ch {
			if l == "stop" {
				p.fromEngine("info depth 9 pv d7d5")
				p.fromEngine("bestmove d7d5")
			}
		}
	}()
	p.fromGUI("position startpos moves e2e4 e7e5 g1f3 g8f6")
	p.fromGUI("go wtime 600 btime 900 winc 10 binc 10")
	got := eng.all()
	want = []string{"stop", "position startpos moves e2e4 e7e5 g1f3 g8f6", "go wtime 600 btime 900 winc 10 binc 10"}
	if strings.Join(got[len(got)-3:], "|") != strings.Join(want, "|") {
		t.Errorf("a ponder miss sent %q", got[5:])
	}
	if p.rec.PonderMisses != 1 || len(p.rec.Violations) != 0 {
		t.Errorf("record %+v", p.rec)
	}
	for _, l := range gui.all() {
		if strings.Contains(l, "b1c3") || strings.Contains(l, "d7d5") {
			t.Errorf("the ponder search's output reached the GUI: %q", l)
		}
	}
	close(eng.ch)
}

// A bestmove sent while pondering, before ponderhit or stop, breaks the
// protocol and is recorded.
func TestProxyBestmoveWhilePondering(t *testing.T) {
	eng, gui := &lines{}, &lines{}
	p := &proxy{toEngine: eng, toGUI: gui, ponder: true, now: time.Now}
	p.fromGUI("position startpos")
	p.fromGUI("go wtime 1000 btime 1000")
	p.fromEngine("bestmove e2e4 ponder e7e5")
	p.fromEngine("bestmove d2d4")
	if len(p.rec.Violations) != 1 || len(gui.all()) != 1 {
		t.Errorf("violations %q, to the GUI %q", p.rec.Violations, gui.all())
	}
}

// The report counts the games and the failures it was given.
func TestReport(t *testing.T) {
	bs := []batch{
		{ID: 0, Games: 2, Config: batchConfig{A: engineConfig{Threads: 1, Hash: 16}, Limit: limit{"tc", "1+0.01"}},
			Sides: map[string]*side{"brudno-A": {Name: "brudno-A", Records: []record{{Hash: 16, MaxRSSKB: 40960, TimedMoves: 50, MaxOverrunMS: -3}}},
				"opponent": {Name: "opponent", TimeLosses: 1}}},
		{ID: 1, Games: 2, Config: batchConfig{A: engineConfig{Threads: 2, Hash: 16}, Limit: limit{"nodes", "5000"}},
			Failed: []string{"brudno-A: 1 illegal moves"},
			Sides:  map[string]*side{"brudno-A": {Name: "brudno-A", Illegal: 1, Records: []record{{Hash: 16, MaxRSSKB: 51200}}}}},
	}
	r := report(bs, nil)
	for _, want := range []string{"# Soak: 4 games in 2 batches", "| Brudno (engine-games) | 4 | 0 | 1 | 0 | 0 | 0 | 0 | -3.0 | 50 |",
		"| opponent (games) | 2 | 0 | 0 | 0 | 1 |", "| Threads | 2 | 2 | 0 | 1 |", "| 16 | 2 | 40 | 50 | 50 |", "## Failing batches: 2", "opponent: 1 losses on time", "brudno-A: 1 illegal moves"} {
		if !strings.Contains(r, want) {
			t.Errorf("report lacks %q:\n%s", want, r)
		}
	}
}
