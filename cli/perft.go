// The perft subcommand: divide, total, time and speed for one position, or
// a whole perft suite checked against its published counts.

package cli

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"brudno/board"
	"brudno/testpositions"
)

func cmdPerft(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	full := fs.Bool("full", false, "make and unmake every move down to the leaves (no bulk counting)")
	suite := fs.String("suite", "", "check every Dn count of a perft EPD `file`")
	depth := fs.Int("depth", 9, "with -suite: check counts up to this depth")
	maxNodes := fs.Uint64("maxnodes", 0, "with -suite: skip counts above this many nodes (0: none)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: brudno perft [-full] DEPTH [FEN]\n       brudno perft -suite FILE [-depth N] [-maxnodes N]")
		fs.PrintDefaults()
	}
	positional, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	if *suite != "" {
		return perftSuite(*suite, *depth, *maxNodes, stdout, stderr)
	}
	if len(positional) < 1 {
		fs.Usage()
		return 2
	}
	d, err := strconv.Atoi(positional[0])
	if err != nil || d < 1 || d > 20 {
		fmt.Fprintf(stderr, "perft: bad depth %q (1 to 20)\n", positional[0])
		return 2
	}
	fen := board.StartFEN
	if len(positional) > 1 {
		fen = strings.Join(positional[1:], " ")
	}
	p, err := board.ParseFEN(fen)
	if err != nil {
		fmt.Fprintf(stderr, "perft: %v\n", err)
		return 2
	}
	start := time.Now()
	var total uint64
	for _, e := range p.Divide(d, *full) {
		fmt.Fprintf(stdout, "%s: %d\n", p.MoveString(e.Move), e.Nodes)
		total += e.Nodes
	}
	printPerftTotal(stdout, total, time.Since(start))
	return 0
}

func printPerftTotal(w io.Writer, nodes uint64, elapsed time.Duration) {
	secs := max(elapsed.Seconds(), 1e-9)
	fmt.Fprintf(w, "\nNodes: %d\nTime: %d ms\nNPS: %.0f\n", nodes, elapsed.Milliseconds(), float64(nodes)/secs)
}

func perftSuite(path string, maxDepth int, maxNodes uint64, stdout, stderr io.Writer) int {
	f, err := os.Open(path)
	if err != nil {
		fmt.Fprintf(stderr, "perft: %v\n", err)
		return 2
	}
	defer f.Close()
	entries, errs := testpositions.ReadPerftSuite(f)
	for _, e := range errs {
		fmt.Fprintf(stderr, "perft: %s: skipped: %v\n", path, e)
	}
	start := time.Now()
	var nodes uint64
	checked, bad := testpositions.CheckPerftSuite(entries, maxDepth, maxNodes, func(r testpositions.PerftResult) {
		nodes += r.Got
		if r.Mismatch {
			fmt.Fprintf(stdout, "MISMATCH line %d depth %d: got %d, want %d: %s\n", r.Entry.Line, r.Depth, r.Got, r.Want, r.Entry.FEN)
		}
	})
	fmt.Fprintf(stdout, "%s: %d positions, %d counts checked, %d mismatches\n", path, len(entries), checked, bad)
	printPerftTotal(stdout, nodes, time.Since(start))
	if bad > 0 || len(errs) > 0 {
		return 1
	}
	return 0
}
