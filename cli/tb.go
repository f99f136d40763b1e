// The tb subcommand: probe a position in Syzygy tablebases (WDL, DTZ and
// every legal move's result), or check the table files of a folder. The
// work is done by the syzygy package.

package cli

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"brudno/board"
	"brudno/syzygy"
)

func cmdTB(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "probe":
			return tbProbe(args[1:], stdout, stderr)
		case "check":
			return tbCheck(args[1:], stdout, stderr)
		case "positions":
			return cmdTBPositions(args[1:], stdout, stderr)
		case "games":
			return cmdTBGames(args[1:], stdout, stderr)
		}
	}
	fmt.Fprintln(stderr, "usage: brudno tb probe [-path DIRS] [-rule50=false] FEN\n       brudno tb check DIR\n       brudno tb positions [-n 100] [-pieces 5-6] [-margin 300] [-seed 1] DATA.bin...\n       brudno tb games -path DIRS GAMES.pgn...")
	return 2
}

var wdlNames = map[int]string{-2: "loss", -1: "blessed loss", 0: "draw", 1: "cursed win", 2: "win"}

// tbResult names a root move's result, and says when the fifty-move rule
// may yet turn it into a draw (syzygy.RootMove.Certain).
func tbResult(m syzygy.RootMove) string {
	if !m.Certain {
		return wdlNames[m.Result] + ", not certain"
	}
	return wdlNames[m.Result]
}

func tbProbe(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tb probe", flag.ContinueOnError)
	fs.SetOutput(stderr)
	path := fs.String("path", os.Getenv("SYZYGY_PATH"), "table `folders`, separated by the system's list separator (default $SYZYGY_PATH)")
	rule50 := fs.Bool("rule50", true, "apply the fifty-move rule to the moves' results")
	positional, err := parseInterspersed(fs, args)
	if err != nil || len(positional) == 0 {
		fmt.Fprintln(stderr, "usage: brudno tb probe [-path DIRS] [-rule50=false] FEN")
		return 2
	}
	pos, err := board.ParseFEN(strings.Join(positional, " "))
	if err != nil {
		fmt.Fprintf(stderr, "tb probe: %v\n", err)
		return 2
	}
	ts, err := syzygy.Open(*path)
	if err != nil {
		fmt.Fprintf(stderr, "tb probe: %v\n", err)
	}
	defer ts.Close()
	w, d := ts.Counts()
	fmt.Fprintf(stdout, "tables: %d WDL, %d DTZ, up to %d pieces\n", w, d, ts.MaxPieces())
	wdl, ok1 := ts.ProbeWDL(pos)
	dtz, ok2 := ts.ProbeDTZ(pos)
	moves, ok3 := ts.RankRoot(pos, *rule50)
	for _, e := range ts.LoadErrors() {
		fmt.Fprintf(stderr, "tb probe: %v\n", e)
	}
	if !ok1 || !ok2 || !ok3 {
		fmt.Fprintf(stderr, "tb probe: %s cannot be probed (castling rights, too many pieces or a table missing)\n", pos.FEN())
		return 1
	}
	fmt.Fprintf(stdout, "FEN %s\nWDL %d (%s)\nDTZ %d\n", pos.FEN(), wdl, wdlNames[wdl], dtz)
	var best []string
	for _, m := range syzygy.KeepBest(moves) {
		best = append(best, pos.MoveString(m.Move))
	}
	if len(moves) > 0 {
		fmt.Fprintf(stdout, "result with the clock at %d: %s\n", pos.HalfmoveClock(), tbResult(moves[0]))
	}
	fmt.Fprintf(stdout, "best %s\n\n%-7s %4s %5s  %s\n", strings.Join(best, " "), "move", "WDL", "DTZ", "result")
	for _, m := range moves {
		fmt.Fprintf(stdout, "%-7s %4d %5d  %s\n", pos.MoveString(m.Move), m.WDL, m.DTZ, tbResult(m))
	}
	return 0
}

func tbCheck(args []string, stdout, stderr io.Writer) int {
	if len(args) != 1 {
		fmt.Fprintln(stderr, "usage: brudno tb check DIR")
		return 2
	}
	reports, err := syzygy.CheckDir(args[0])
	if err != nil {
		fmt.Fprintf(stderr, "tb check: %v\n", err)
		return 1
	}
	var good, bad, wdl, dtz, most int
	for _, r := range reports {
		if r.Err != nil {
			bad++
			fmt.Fprintf(stdout, "REFUSED %v\n", r.Err)
			continue
		}
		good++
		most = max(most, r.Pieces)
		if r.Kind == "WDL" {
			wdl++
		} else {
			dtz++
		}
		fmt.Fprintf(stdout, "ok      %s (%s, %d pieces, %d bytes)\n", r.Path, r.Kind, r.Pieces, r.Size)
	}
	fmt.Fprintf(stdout, "%d usable (%d WDL, %d DTZ, up to %d pieces), %d refused\n", good, wdl, dtz, most, bad)
	if bad > 0 {
		return 1
	}
	return 0
}
