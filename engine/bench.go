// The bench: a fixed list of positions searched single-threaded to a fixed
// depth with a fresh table, so that the node count is a deterministic
// signature of the search (quoted as "Bench: N" in commit messages).
package engine

import (
	"time"

	"brudno/board"
	"brudno/search"
)

// DefaultBenchDepth is the depth `brudno bench` searches by default.
const DefaultBenchDepth = 13

// BenchFENs are the bench positions: openings, middlegames and endgames.
var BenchFENs = []string{
	board.StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
	"rnbqkb1r/pp1p1ppp/4pn2/2p5/2PP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 0 4",
	"r1bq1rk1/ppp1bppp/2np1n2/4p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	"2rq1rk1/pp1bppbp/2np1np1/8/3NP3/1BN1BP2/PPPQ2PP/2KR3R b - - 0 11",
	"r2q1rk1/pb1nbppp/1p2pn2/2pp4/2PP4/1PN1PN2/PB2BPPP/R2Q1RK1 w - - 0 10",
	"3r1rk1/p4ppp/1qp1b3/4P3/2n5/2N1B3/PPQ2PPP/3R1RK1 w - - 0 18",
	"r1b2rk1/2q1bppp/p2ppn2/1p6/3BPP2/2NB4/PPP3PP/R2Q1R1K w - - 0 14",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"6k1/5p2/6p1/8/7p/8/6PP/6K1 b - - 0 1",
	"8/8/1p1k4/p2p4/P2P4/1P2K3/8/8 w - - 0 1",
	"4r1k1/p1p2ppp/1p6/8/3R4/1P4P1/P4P1P/6K1 w - - 0 25",
	"8/5pk1/6p1/3Q4/7P/6P1/5PK1/1q6 b - - 0 40",
	"r1bqk2r/pp2bppp/2p5/3pP3/P2Q1P2/2N1B3/1PP3PP/R4RK1 b kq - 0 12",
}

// BenchResult is one position's share of the bench.
type BenchResult struct {
	FEN   string
	Nodes uint64
	Best  board.Move
	Score int
	Time  time.Duration
	Stats search.Stats

	PerThread []search.Stats // each thread's own counters
}

// Bench searches every bench position to depth with one thread; see
// BenchPositions.
func Bench(depth int, opts search.Options, report func(BenchResult)) (nodes uint64, elapsed time.Duration) {
	opts.Threads = 1
	return BenchPositions(BenchFENs, depth, opts, BenchHashMB, report)
}

// BenchHashMB is the table size of `brudno bench` unless -hash says otherwise.
const BenchHashMB = 16

// BenchPositions searches each FEN to depth with a table of hashMB
// megabytes cleared before each position (with the history tables),
// calling report after each. A FEN that does not parse is reported with
// zero nodes. With opts.Threads 1 (or 0) the result is deterministic.
func BenchPositions(fens []string, depth int, opts search.Options, hashMB int, report func(BenchResult)) (nodes uint64, elapsed time.Duration) {
	tt := search.NewTT(hashMB)
	s := search.NewSearcher(tt)
	opts.Threads = max(opts.Threads, 1)
	opts.MultiPV = 1
	for _, fen := range fens {
		p, err := board.ParseFEN(fen)
		if err != nil {
			if report != nil {
				report(BenchResult{FEN: fen})
			}
			continue
		}
		tt.Clear()
		s.Clear()
		r := s.Search(p, search.Limits{Depth: depth}, opts, 0, search.Callbacks{})
		nodes += r.Nodes
		elapsed += r.Time
		if report != nil {
			report(BenchResult{FEN: fen, Nodes: r.Nodes, Best: r.Best, Score: r.Score, Time: r.Time, Stats: r.Stats, PerThread: r.PerThread})
		}
	}
	return nodes, elapsed
}
