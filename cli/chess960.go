// The chess960 subcommand: the 960 start positions of Chess960 as an
// opening file (one FEN a line, in the standard numbering from 0; 518 is
// the usual start), for a match such as fastchess's -variant fischerandom.

package cli

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"

	"brudno/board"
)

func cmdChess960(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("chess960", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "", "write to this `file` instead of standard output")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: brudno chess960 [-out FILE]")
		return 2
	}
	w := stdout
	var f *os.File
	if *out != "" {
		var err error
		if f, err = os.Create(*out); err != nil {
			fmt.Fprintf(stderr, "chess960: %v\n", err)
			return 1
		}
		w = f
	}
	bw := bufio.NewWriter(w)
	for n := 0; n < 960; n++ {
		fen, err := board.Chess960FEN(n)
		if err != nil {
			panic(err) // unreachable: n is in range
		}
		fmt.Fprintln(bw, fen)
	}
	err := bw.Flush()
	if f != nil {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "chess960: %v\n", err)
		return 1
	}
	return 0
}
