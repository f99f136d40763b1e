// Command gamemates makes a suite of mates from the engine's own games:
// from every game of the PGN files that ends in checkmate (the last move
// marked #) it takes the positions 1 to -plies plies before the mate, and
// keeps those whose mate distance a search that skips and reduces no move
// proves inside its horizon (testpositions.MateProver, to as many plies as
// the game took to mate): a position where the side to move mates in N
// gets `dm N`, one where it is mated in N `mated N` (this project's
// opcode; docs/commands.md, "epd"). The distance is the proof's, which
// may be shorter than the game's when the winner missed a faster mate; a
// position where the loser missed a longer defence is left out, as no
// mate falls inside the horizon there. A position met again (the same
// board, side, castling and en passant square) is kept once. The lines
// are sorted by mate distance (mate in 1, mated in 1, mate in 2, ...),
// then by game, with ids like "mate3.g42" and "mated2.g42" (the game's
// Round tag, its index in `brudno datagen -pgn`), so that `brudno epd`
// totals each distance apart. Example:
//
//	go run ./tools/gamemates -plies 7 games.pgn > testpositions/suites/gamemates.epd
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"brudno/board"
	"brudno/book"
	"brudno/testpositions"
)

// candidate is a position some plies before a game's mate.
type candidate struct {
	game  string // the Round tag
	order int    // the game's number in the input
	plies int    // plies to the game's mate
	pos   *board.Position
}

// entry is a proved position.
type entry struct {
	candidate
	moves int // the proof's: > 0 mate in, < 0 mated in
}

func main() {
	plies := flag.Int("plies", 7, "take the positions 1 to `N` plies before each mate")
	header := flag.String("header", "", "a comment line for the top of the suite (the command that made the games)")
	flag.Parse()
	if flag.NArg() == 0 || *plies < 1 || *plies > 12 {
		fmt.Fprintln(os.Stderr, "usage: gamemates [-plies 1..12] [-header TEXT] GAMES.pgn... > SUITE.epd")
		os.Exit(2)
	}
	var cands []candidate
	games, mates := 0, 0
	for _, name := range flag.Args() {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintf(os.Stderr, "gamemates: %v\n", err)
			os.Exit(1)
		}
		err = book.SplitPGN(f, func(number, line int, text string) {
			games++
			cs, err := gameCandidates(text, *plies)
			if err != nil {
				fmt.Fprintf(os.Stderr, "gamemates: %s: game %d (line %d) left out: %v\n", name, number, line, err)
				return
			}
			if cs != nil {
				mates++
			}
			for i := range cs {
				cs[i].order = games
			}
			cands = append(cands, cs...)
		})
		f.Close()
		if err != nil {
			fmt.Fprintf(os.Stderr, "gamemates: %s: %v\n", name, err)
			os.Exit(1)
		}
	}
	prover := testpositions.NewMateProver()
	seen := map[string]bool{}
	var kept []entry
	dups, unproved, shorter := 0, 0, 0
	for _, c := range cands {
		key := epdFEN(c.pos)
		if seen[key] {
			dups++
			continue
		}
		seen[key] = true
		n, ok := prover.ProveMate(c.pos, c.plies)
		want := (c.plies + 1) / 2
		if c.plies%2 == 0 {
			want = -want
		}
		switch {
		case !ok || (n > 0) != (want > 0):
			unproved++
			continue
		case n != want:
			shorter++
		}
		kept = append(kept, entry{c, n})
	}
	sort.SliceStable(kept, func(i, j int) bool {
		a, b := kept[i], kept[j]
		if abs(a.moves) != abs(b.moves) {
			return abs(a.moves) < abs(b.moves)
		}
		if (a.moves > 0) != (b.moves > 0) {
			return a.moves > 0
		}
		return a.order < b.order
	})
	if err := write(os.Stdout, kept, *header, *plies); err != nil {
		fmt.Fprintf(os.Stderr, "gamemates: %v\n", err)
		os.Exit(1)
	}
	fmt.Fprintf(os.Stderr, "gamemates: %d games, %d ending in mate; %d positions, %d repeated, %d not proved, %d kept (%d with a shorter mate than the game's)\n",
		games, mates, len(cands), dups, unproved, len(kept), shorter)
	counts := map[int]int{}
	for _, e := range kept {
		counts[e.moves]++
	}
	for k := 1; k <= (*plies+1)/2; k++ {
		fmt.Fprintf(os.Stderr, "  mate in %d: %d, mated in %d: %d\n", k, counts[k], k, counts[-k])
	}
}

// gameCandidates returns the positions 1 to plies plies before the mate
// of a game that ends in one, and nil for any other game.
func gameCandidates(text string, plies int) ([]candidate, error) {
	tags, movetext, err := book.GameTags(text)
	if err != nil {
		return nil, err
	}
	sans, err := movetextSANs(movetext)
	if err != nil {
		return nil, err
	}
	if len(sans) == 0 || !strings.HasSuffix(sans[len(sans)-1], "#") {
		return nil, nil
	}
	pos := board.NewPosition()
	if fen := tags["fen"]; fen != "" {
		if pos, err = board.ParseFEN(fen); err != nil {
			return nil, fmt.Errorf("FEN tag: %v", err)
		}
	}
	var history []*board.Position
	for i, san := range sans {
		m, err := testpositions.DecodeSAN(pos, san)
		if err != nil {
			return nil, fmt.Errorf("move %d (%s): %v", i+1, san, err)
		}
		history = append(history, pos.Clone())
		pos.Make(m)
	}
	var list board.MoveList
	if pos.GenerateLegal(&list); list.Count != 0 || !pos.InCheck() {
		return nil, fmt.Errorf("the last move, %s, does not mate", sans[len(sans)-1])
	}
	var cs []candidate
	for p := 1; p <= plies && p <= len(history); p++ {
		cs = append(cs, candidate{game: tags["round"], plies: p, pos: history[len(history)-p]})
	}
	return cs, nil
}

// movetextSANs returns the moves of a movetext without comments,
// variations, move numbers and the result.
func movetextSANs(s string) ([]string, error) {
	clean, err := book.CleanMovetext(s)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, w := range strings.Fields(clean) {
		if w == "1-0" || w == "0-1" || w == "1/2-1/2" || w == "*" {
			continue
		}
		if i := strings.LastIndex(w, "."); i >= 0 {
			w = w[i+1:]
		}
		if w != "" {
			out = append(out, w)
		}
	}
	return out, nil
}

// epdFEN is the position's FEN without the clocks.
func epdFEN(pos *board.Position) string {
	f := strings.Fields(pos.FEN())
	return strings.Join(f[:4], " ")
}

func write(w io.Writer, kept []entry, header string, plies int) error {
	var sb strings.Builder
	sb.WriteString("# Brudno's mates from its own games (tools/gamemates, docs/commands.md \"epd\"):\n")
	fmt.Fprintf(&sb, "# positions 1 to %d plies before the mate of a self-play game, each\n", plies)
	sb.WriteString("# distance proved by a search that skips and reduces no move. dm N: the\n")
	sb.WriteString("# side to move mates in N; mated N: the side to move is mated in N. The\n")
	sb.WriteString("# id names the distance and the game (its index in datagen -pgn).\n")
	if header != "" {
		fmt.Fprintf(&sb, "# %s\n", header)
	}
	for _, e := range kept {
		kind, op, n := "mate", "dm", e.moves
		if n < 0 {
			kind, op, n = "mated", "mated", -n
		}
		fmt.Fprintf(&sb, "%s %s %d; id \"%s%d.g%s\";\n", epdFEN(e.pos), op, n, kind, n, e.game)
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
