// The bench subcommand: a deterministic single-threaded search of fixed
// positions to a fixed depth, ending with "N nodes M nps".
package main

import (
	"flag"
	"fmt"
	"io"
	"strconv"

	"brudno/engine"
	"brudno/search"
)

func cmdBench(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	verbose := fs.Bool("v", false, "print each position's nodes, time and best move")
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
	nodes, elapsed := engine.Bench(depth, search.DefaultOptions(), func(r engine.BenchResult) {
		if *verbose {
			fmt.Fprintf(stdout, "%10d nodes %6d ms  %-6v %s\n", r.Nodes, r.Time.Milliseconds(), r.Best, r.FEN)
		}
	})
	fmt.Fprintf(stdout, "%d nodes %d nps\n", nodes, uint64(float64(nodes)/max(elapsed.Seconds(), 0.001)))
	return 0
}
