// The book subcommand: build a Polyglot book from PGN games or from
// Brudno's own analysis, list a position's book moves, and dump a book.

package cli

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	"brudno/board"
	"brudno/book"
	"brudno/engine"
)

const bookUsage = `usage:
  brudno book build -pgn GAMES.pgn -out BOOK.bin [-maxply N] [-mingames N] [-weights results|frequency]
  brudno book analyse -out BOOK.bin [-plies N] [-width K] [-margin CP] [-depth D] [-fen FEN] [-jobs N]
  brudno book probe FILE|default [startpos | FEN] [moves M...]
  brudno book dump FILE|default`

func cmdBook(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, bookUsage)
		return 2
	}
	switch args[0] {
	case "build":
		return bookBuild(args[1:], stdout, stderr)
	case "analyse", "analyze":
		return bookAnalyse(args[1:], stdout, stderr)
	case "probe":
		return bookProbe(args[1:], stdout, stderr)
	case "dump":
		return bookDump(args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprintln(stdout, bookUsage)
		return 0
	}
	fmt.Fprintf(stderr, "book: unknown command %q\n%s\n", args[0], bookUsage)
	return 2
}

func bookBuild(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("book build", flag.ContinueOnError)
	fs.SetOutput(stderr)
	pgn := fs.String("pgn", "", "PGN `file` of games (required)")
	out := fs.String("out", "", "Polyglot book `file` to write (required)")
	maxPly := fs.Int("maxply", book.DefaultMaxPly, "use the first N plies of each game")
	minGames := fs.Int("mingames", book.DefaultMinGames, "keep a move only if played in at least N games")
	weights := fs.String("weights", "results", "weights: results (2 per win, 1 per draw of the side that moved) or frequency (games)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: brudno book build -pgn GAMES.pgn -out BOOK.bin [-maxply N] [-mingames N] [-weights results|frequency]")
		fs.PrintDefaults()
	}
	positional, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	weighting, werr := book.ParseWeighting(*weights)
	if *pgn == "" || *out == "" || len(positional) > 0 || *maxPly < 1 || *minGames < 1 || werr != nil {
		if werr != nil {
			fmt.Fprintf(stderr, "book build: %v\n", werr)
		}
		fs.Usage()
		return 2
	}
	f, err := os.Open(*pgn)
	if err != nil {
		fmt.Fprintf(stderr, "book build: %v\n", err)
		return 1
	}
	defer f.Close()
	start := time.Now()
	es, st, err := book.BuildFromPGN(f, book.PGNOptions{
		MaxPly: *maxPly, MinGames: *minGames, Weighting: weighting,
		Skipped: func(game, line int, err error) {
			fmt.Fprintf(stderr, "book build: %s: game %d (line %d) skipped: %v\n", *pgn, game, line, err)
		},
	})
	if err != nil {
		fmt.Fprintf(stderr, "book build: reading %s: %v\n", *pgn, err)
		return 1
	}
	fmt.Fprintf(stdout, "%d games used, %d skipped; %d positions, %d entries\n", st.Games, st.Skipped, st.Positions, st.Entries)
	if err := book.WriteFile(*out, es); err != nil {
		fmt.Fprintf(stderr, "book build: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %s: %d bytes in %.1f s\n", *out, len(es)*book.EntrySize, time.Since(start).Seconds())
	return 0
}

func bookAnalyse(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("book analyse", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "", "Polyglot book `file` to write (required)")
	plies := fs.Int("plies", 6, "analyse positions up to this many plies from the root")
	width := fs.Int("width", 3, "moves per position searched (MultiPV) and at most entered")
	margin := fs.Int("margin", 30, "enter only moves scoring at most this many centipawns below the best")
	depth := fs.Int("depth", 8, "search depth per position")
	fen := fs.String("fen", "", "root position (default: the starting position)")
	jobs := fs.Int("jobs", runtime.NumCPU(), "positions analysed in parallel")
	hash := fs.Int("hash", 16, "transposition table per job in MB")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: brudno book analyse -out BOOK.bin [-plies N] [-width K] [-margin CP] [-depth D] [-fen FEN] [-jobs N] [-hash MB]")
		fs.PrintDefaults()
	}
	positional, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	if *out == "" || len(positional) > 0 || *plies < 1 || *plies > 40 || *width < 1 || *width > 64 || *margin < 0 ||
		*depth < 1 || *depth > 64 || *jobs < 1 || *hash < 1 || *hash > 4096 {
		fs.Usage()
		return 2
	}
	root := board.NewPosition()
	if *fen != "" {
		if root, err = board.ParseFEN(*fen); err != nil {
			fmt.Fprintf(stderr, "book analyse: %v\n", err)
			return 2
		}
	}
	start := time.Now()
	es, st, err := book.BuildFromAnalysis(root, book.AnalysisOptions{
		Plies: *plies, Width: *width, Margin: *margin, Workers: *jobs,
		NewAnalyser: engine.BookAnalyser(*depth, *width, *hash),
		Progress: func(ply, done, total int) {
			if done == total {
				fmt.Fprintf(stderr, "ply %d: %d positions analysed (%.0f s)\n", ply, total, time.Since(start).Seconds())
			}
		},
	})
	if err != nil {
		fmt.Fprintf(stderr, "book analyse: %v\n", err)
		return 1
	}
	if err := book.WriteFile(*out, es); err != nil {
		fmt.Fprintf(stderr, "book analyse: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "%d positions analysed, %d entries; wrote %s: %d bytes in %.1f s\n",
		st.Analysed, st.Entries, *out, len(es)*book.EntrySize, time.Since(start).Seconds())
	return 0
}

// openBook loads the named book; "default" names the embedded one.
func openBook(name string) (*book.Book, error) {
	if name == "default" {
		return book.Default()
	}
	return book.Load(name)
}

func bookProbe(args []string, stdout, stderr io.Writer) int {
	if len(args) < 1 || strings.HasPrefix(args[0], "-") {
		fmt.Fprintln(stderr, "usage: brudno book probe FILE|default [startpos | FEN] [moves M...]")
		return 2
	}
	b, err := openBook(args[0])
	if err != nil {
		fmt.Fprintf(stderr, "book probe: %v\n", err)
		return 1
	}
	pos, err := probePosition(args[1:])
	if err != nil {
		fmt.Fprintf(stderr, "book probe: %v\n", err)
		return 2
	}
	entries := b.Lookup(pos.Key())
	cands := b.Candidates(pos)
	var total uint64
	for _, c := range cands {
		total += uint64(c.Weight)
	}
	fmt.Fprintf(stdout, "%s\nkey %016x: %d book moves\n", pos.FEN(), pos.Key(), len(cands))
	for _, c := range cands {
		pct := 0.0
		if total > 0 {
			pct = 100 * float64(c.Weight) / float64(total)
		}
		fmt.Fprintf(stdout, "%-6s weight %5d  %5.1f%%\n", c.Move.UCI(pos.Chess960()), c.Weight, pct)
	}
	// Entries merged into one move are not skipped; count only illegal ones.
	illegal := 0
	for _, e := range entries {
		if _, ok := book.DecodeMove(pos, e.Move); !ok {
			illegal++
		}
	}
	if illegal > 0 {
		fmt.Fprintf(stdout, "%d entries with moves that are not legal here were skipped\n", illegal)
	}
	return 0
}

// probePosition reads [startpos | FEN] [moves M...].
func probePosition(args []string) (*board.Position, error) {
	i := 0
	for i < len(args) && args[i] != "moves" {
		i++
	}
	fen := strings.Join(args[:i], " ")
	pos := board.NewPosition()
	if fen != "" && fen != "startpos" {
		var err error
		if pos, err = board.ParseFEN(fen); err != nil {
			return nil, err
		}
	}
	if i < len(args) {
		for _, s := range args[i+1:] {
			m, err := pos.ParseMove(s)
			if err != nil {
				return nil, err
			}
			pos.Make(m)
		}
	}
	return pos, nil
}

func bookDump(args []string, stdout, stderr io.Writer) int {
	if len(args) != 1 || strings.HasPrefix(args[0], "-") {
		fmt.Fprintln(stderr, "usage: brudno book dump FILE|default")
		return 2
	}
	b, err := openBook(args[0])
	if err != nil {
		fmt.Fprintf(stderr, "book dump: %v\n", err)
		return 1
	}
	for i := 0; i < b.Len(); i++ {
		e := b.Entry(i)
		fmt.Fprintf(stdout, "%016x %-5s weight %5d learn %d\n", e.Key, book.MoveString(e.Move), e.Weight, e.Learn)
	}
	fmt.Fprintf(stdout, "%d entries, %d positions, %d bytes\n", b.Len(), b.Positions(), b.Size())
	return 0
}
