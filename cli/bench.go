// The bench subcommand: a deterministic single-threaded search of fixed
// positions to a fixed depth, ending with "N nodes M nps". Flags select the
// search algorithm and enhancements, so that the seed experiments (node
// counts with and without an enhancement) can be rerun, and -stats prints
// the work counters. -threads and -scheme run it on several threads
// (not deterministic then), and -stats adds each thread's share.

package cli

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"strconv"
	"time"

	"brudno/engine"
	"brudno/search"
)

func cmdBench(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	verbose := fs.Bool("v", false, "print each position's nodes, time and best move")
	stats := fs.Bool("stats", false, "print the search's work counters")
	epd := fs.String("epd", "", "search the positions of this EPD/FEN `file` instead of the bench positions")
	hashMB := fs.Int("hash", engine.BenchHashMB, "the table's size in `MB`, cleared before each position")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the searches to `file` (go tool pprof)")
	var sf searchFlags
	sf.register(fs)
	positional, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	depth := engine.DefaultBenchDepth
	if len(positional) > 0 {
		if depth, err = strconv.Atoi(positional[0]); err != nil || depth < 1 || depth > 63 {
			fmt.Fprintf(stderr, "bench: bad depth %q (1 to 63)\n", positional[0])
			return 2
		}
	}
	if *hashMB < 1 || *hashMB > 65536 {
		fmt.Fprintf(stderr, "bench: -hash must be from 1 to 65536 (the Hash option's range), got %d\n", *hashMB)
		return 2
	}
	opts, err := sf.options()
	if err != nil {
		fmt.Fprintf(stderr, "bench: %v\n", err)
		return 2
	}
	fens := engine.BenchFENs
	if *epd != "" {
		if fens, err = readFENs(*epd); err != nil {
			fmt.Fprintf(stderr, "bench: %v\n", err)
			return 2
		}
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			fmt.Fprintf(stderr, "bench: %v\n", err)
			return 2
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintf(stderr, "bench: %v\n", err)
			return 2
		}
		defer pprof.StopCPUProfile()
	}
	var total search.Stats
	var perThread []search.Stats // summed over the positions
	var nodes uint64
	var elapsed time.Duration
	if opts.Threads > 1 {
		perThread = make([]search.Stats, opts.Threads)
	}
	nodes, elapsed = engine.BenchPositions(fens, depth, opts, *hashMB, func(r engine.BenchResult) {
		total.Add(r.Stats)
		for i := range r.PerThread {
			if i < len(perThread) {
				perThread[i].Add(r.PerThread[i])
			}
		}
		if *verbose {
			fmt.Fprintf(stdout, "%10d nodes %6d ms  %-6v %6d  %s\n", r.Nodes, r.Time.Milliseconds(), r.Best, r.Score, r.FEN)
		}
	})
	if *stats {
		printStats(stdout, total)
		printThreads(stdout, perThread, elapsed)
	}
	fmt.Fprintf(stdout, "%d nodes %d nps\n", nodes, uint64(float64(nodes)/max(elapsed.Seconds(), 0.001)))
	return 0
}

func printStats(w io.Writer, s search.Stats) {
	pct := func(a, b uint64) float64 { return 100 * float64(a) / float64(max(b, 1)) }
	fmt.Fprintf(w, "nodes          %12d  (interior %d, quiescence %d, leaves %d)\n", s.Total(), s.Nodes, s.QNodes, s.Leaves)
	fmt.Fprintf(w, "node types     PV %d, CUT %d, ALL %d\n", s.PVNodes, s.CutNodes, s.AllNodes)
	fmt.Fprintf(w, "first-move cut %12d  (%.1f%% of fail highs)\n", s.FailHighFirst, pct(s.FailHighFirst, s.CutNodes))
	fmt.Fprintf(w, "TT             probes %d, hits %d (%.1f%%), cutoffs %d\n", s.TTProbes, s.TTHits, pct(s.TTHits, s.TTProbes), s.TTCutoffs)
	fmt.Fprintf(w, "ETC cutoffs    %12d\n", s.ETCCutoffs)
	fmt.Fprintf(w, "null move      tries %d, cutoffs %d (%.1f%%)\n", s.NullTries, s.NullCutoffs, pct(s.NullCutoffs, s.NullTries))
	fmt.Fprintf(w, "re-searches    %12d\n", s.ReSearches)
	fmt.Fprintf(w, "singular       searches %d, extended %d (twice %d), multi-cuts %d\n", s.SingularSearches, s.SingularExtensions, s.DoubleExtensions, s.MultiCuts)
	fmt.Fprintf(w, "ProbCut        tries %d, cutoffs %d\n", s.ProbCutTries, s.ProbCuts)
	fmt.Fprintf(w, "history prunes %12d\n", s.HistoryPrunes)
	fmt.Fprintf(w, "negative ext.  %12d\n", s.NegativeExtensions)
	fmt.Fprintf(w, "QS futility    %12d\n", s.QSFutility)
	fmt.Fprintf(w, "checks not ext.%12d\n", s.ChecksNotExtended)
	fmt.Fprintf(w, "parallel       split points %d, joined %d, aborted nodes %d (%.1f%%), idle %v\n",
		s.SplitPoints, s.SplitJoins, s.AbortedNodes, pct(s.AbortedNodes, s.Total()), s.Idle.Round(time.Millisecond))
}

// printThreads prints each thread's nodes and idle time over a search
// time of elapsed (nothing for one thread).
func printThreads(w io.Writer, threads []search.Stats, elapsed time.Duration) {
	var all uint64
	for _, s := range threads {
		all += s.Total()
	}
	for i, s := range threads {
		fmt.Fprintf(w, "thread %-7d %12d nodes (%.1f%%), idle %v (%.1f%%)\n", i, s.Total(),
			100*float64(s.Total())/float64(max(all, 1)), s.Idle.Round(time.Millisecond),
			100*s.Idle.Seconds()/max(elapsed.Seconds(), 1e-9))
	}
}
