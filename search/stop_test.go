package search

import (
	"testing"
	"time"

	"brudno/board"
)

// A stop asked for before the first iteration completes (even before the
// search starts), a node limit of one and an expired clock all let depth 1
// finish: the move returned is the depth-1 search's (a clock of a
// millisecond may allow more), never the first of an unsorted list. With
// several threads or lines the result still comes from a completed
// iteration.
func TestFirstIterationCompletesBeforeStop(t *testing.T) {
	fens := []string{board.StartFEN, "r1bq1rk1/ppp1bppp/2np1n2/4p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7"}
	for _, fen := range fens {
		for _, c := range []struct {
			name             string
			threads, multiPV int
			scheme           ParallelScheme
		}{{"one thread", 1, 1, LazySMP}, {"MultiPV 3", 1, 3, LazySMP}, {"Lazy SMP", 3, 1, LazySMP}, {"YBW", 3, 1, YBW}} {
			opts := DefaultOptions()
			opts.Threads, opts.MultiPV, opts.Parallel = c.threads, c.multiPV, c.scheme
			pos, _ := board.ParseFEN(fen)
			ref := NewSearcher(NewTT(4)).Search(pos, Limits{Depth: 1}, opts, 0, Callbacks{})
			for _, stop := range []struct {
				name string
				lim  Limits
				stop bool
				one  bool // stops right after depth 1 (a clock of a millisecond may allow more)
			}{{"stop before run", Limits{Infinite: true}, true, true}, {"nodes 1", Limits{Nodes: 1}, false, true},
				{"ponder, stop", Limits{Ponder: true, HasClock: true, WTime: 1000 * time.Second, BTime: 1000 * time.Second}, true, true},
				{"clock gone", Limits{HasClock: true, WTime: 1, BTime: 1}, false, false}} {
				s := NewSearcher(NewTT(4))
				s.Prepare(pos, stop.lim, opts, 0)
				if stop.stop {
					s.Stop()
				}
				var lines int
				r := s.Run(Callbacks{Info: func(i Info) {
					if i.Depth >= 1 && i.Bound == BoundExact && len(i.PV) > 0 {
						lines++
					}
				}})
				if r.Depth < 1 || lines < c.multiPV || !pos.IsLegal(r.Best) {
					t.Errorf("%s, %s, %s: depth %d, %d lines reported, best %v", fen, c.name, stop.name, r.Depth, lines, r.Best)
				}
				if c.threads == 1 && stop.one && r.Best != ref.Best {
					t.Errorf("%s, %s, %s: best %v, the depth-1 search's is %v", fen, c.name, stop.name, r.Best, ref.Best)
				}
			}
		}
	}
}

// Whenever a search ends, the last line 1 it reported begins with the move
// it returns (fastchess warns otherwise): also when the move comes from an
// unfinished iteration with several lines, or from a helper thread.
func TestLastLineShowsBestMove(t *testing.T) {
	fens := []string{board.StartFEN, "r1bq1rk1/ppp1bppp/2np1n2/4p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7",
		"8/5pk1/6p1/3R4/8/6P1/5PK1/3r4 w - - 0 40"}
	for _, fen := range fens {
		pos, _ := board.ParseFEN(fen)
		for _, c := range []struct{ threads, multiPV int }{{1, 1}, {1, 2}, {1, 4}, {3, 1}, {3, 3}} {
			opts := DefaultOptions()
			opts.Threads, opts.MultiPV = c.threads, c.multiPV
			s := NewSearcher(NewTT(4))
			for nodes := uint64(500); nodes <= 60000; nodes = nodes * 5 / 4 {
				var last Info
				r := s.Search(pos, Limits{Nodes: nodes}, opts, 0, Callbacks{Info: func(i Info) {
					if i.MultiPV == 1 && len(i.PV) > 0 {
						last = i
					}
				}})
				if len(last.PV) == 0 || last.PV[0] != r.Best {
					t.Fatalf("%s, %d threads, MultiPV %d, nodes %d: best %v, last line 1 %v",
						fen, c.threads, c.multiPV, nodes, r.Best, last.PV)
				}
			}
		}
	}
}

// Clear keeps the threads Reserve made, emptied: the next search finds
// them made, with nothing learnt before.
func TestReserveAndClear(t *testing.T) {
	s := NewSearcher(NewTT(1))
	s.Reserve(3, nil)
	made := append([]*thread(nil), s.threads...)
	opts := DefaultOptions()
	opts.Threads = 3
	pos, _ := board.ParseFEN(board.StartFEN)
	s.Search(pos, Limits{Depth: 6}, opts, 0, Callbacks{})
	if s.threads[0].hist == (histories{}) {
		t.Fatal("a search learnt nothing")
	}
	s.Clear()
	s.Prepare(pos, Limits{Depth: 1}, opts, 0)
	for i, th := range s.threads {
		if th != made[i] || th.hist != (histories{}) || th.completed != 0 {
			t.Errorf("thread %d: remade %v, histories or results kept", i, th != made[i])
		}
	}
}
