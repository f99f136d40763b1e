// The params subcommand: the search's tunable constants (search.Params),
// as a table or in OpenBench's SPSA input format, one parameter a line:
//
//	NAME, int, DEFAULT, MIN, MAX, C_END, R_END
//
// with C_END the parameter's step and R_END the learning rate given by
// -r. A tune build (`go build -tags tune`) takes each as a UCI spin
// option of the same name.

package cli

import (
	"flag"
	"fmt"
	"io"

	"brudno/search"
)

func cmdParams(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("params", flag.ContinueOnError)
	fs.SetOutput(stderr)
	spsa := fs.Bool("spsa", false, "print OpenBench's SPSA input format")
	rEnd := fs.Float64("r", 0.002, "SPSA's R_END (with -spsa)")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: brudno params [-spsa] [-r R_END]")
		return 2
	}
	for _, p := range search.Params {
		if *spsa {
			fmt.Fprintf(stdout, "%s, int, %d, %d, %d, %d, %g\n", p.Name, *p.Value, p.Min, p.Max, p.Step, *rEnd)
		} else {
			fmt.Fprintf(stdout, "%-18s %6d  [%d, %d] step %d\n", p.Name, *p.Value, p.Min, p.Max, p.Step)
		}
	}
	return 0
}
