// Command timeloss measures how often Brudno loses on time: it plays
// Brudno against itself with fastchess at a time control and a
// concurrency (more games at once than cores loads the machine the way a
// busy tournament host does) and counts the games that ended on time, by
// an illegal move, a disconnect or a stall, with the largest overrun.
// Example:
//
//	go run ./tools/timeloss -engine ./brudno -fastchess PATH/fastchess \
//	    -book ../shared/books/noob_2moves.epd -tc 1+0.01 -games 100 -concurrency 4
//
// It prints one Markdown table row:
//
//	| tc | concurrency | Move Overhead | games | on time | largest overrun | illegal | disconnects | stalls |
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"

	"brudno/tools/fastchess"
)

// tally counts how the games of a match ended.
type tally struct {
	games, onTime, illegal, disconnects, stalls int
	maxOverrunMS                                int
}

// count reads fastchess's output and tallies its "Finished game" lines.
func count(r io.Reader) (tally, error) {
	var t tally
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		g, ok := fastchess.Finished(sc.Text())
		if !ok {
			continue
		}
		t.games++
		switch g.Ending {
		case fastchess.TimeLoss:
			t.onTime++
			t.maxOverrunMS = max(t.maxOverrunMS, g.OverrunMS)
		case fastchess.Illegal:
			t.illegal++
		case fastchess.Disconnect:
			t.disconnects++
		case fastchess.Stall:
			t.stalls++
		}
	}
	return t, sc.Err()
}

func main() {
	engine := flag.String("engine", "./brudno", "the Brudno binary")
	fastchess := flag.String("fastchess", "fastchess", "the fastchess binary")
	book := flag.String("book", "", "EPD openings (required)")
	tc := flag.String("tc", "1+0.01", "time control, fastchess syntax")
	games := flag.Int("games", 100, "games to play (rounded up to pairs)")
	concurrency := flag.Int("concurrency", 2, "games at once; more than the cores is allowed")
	overhead := flag.Int("overhead", -1, "Move Overhead in ms (-1: the engine's default)")
	hash := flag.Int("hash", 16, "Hash in MB per engine")
	pgn := flag.String("pgn", "", "also write the games to this PGN file")
	flag.Parse()
	if *book == "" || *games < 1 || *concurrency < 1 {
		fmt.Fprintln(os.Stderr, "timeloss: -book is required; -games and -concurrency must be positive")
		os.Exit(2)
	}
	each := []string{"-each", "tc=" + *tc, "option.Threads=1", "option.Hash=" + strconv.Itoa(*hash)}
	ov := "default"
	if *overhead >= 0 {
		each = append(each, "option.Move Overhead="+strconv.Itoa(*overhead))
		ov = strconv.Itoa(*overhead) + " ms"
	}
	args := append([]string{"-engine", "cmd=" + *engine, "name=A", "-engine", "cmd=" + *engine, "name=B"}, each...)
	args = append(args,
		"-openings", "file="+*book, "format=epd", "order=random",
		"-repeat", "-rounds", strconv.Itoa((*games+1)/2), "-games", "2",
		"-concurrency", strconv.Itoa(*concurrency), "-force-concurrency")
	if *pgn != "" {
		args = append(args, "-pgnout", "file="+*pgn)
	}
	cmd := exec.Command(*fastchess, args...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		fmt.Fprintln(os.Stderr, "timeloss:", err)
		os.Exit(1)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(os.Stderr, "timeloss:", err)
		os.Exit(1)
	}
	t, err := count(out)
	if werr := cmd.Wait(); err == nil {
		err = werr
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "timeloss: fastchess:", err)
		os.Exit(1)
	}
	fmt.Printf("| %s | %d | %s | %d | %d | %d ms | %d | %d | %d |\n",
		*tc, *concurrency, ov, t.games, t.onTime, t.maxOverrunMS, t.illegal, t.disconnects, t.stalls)
}
