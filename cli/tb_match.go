package cli

// The two halves of a tablebase match (docs/syzygy.md, "In play"):
// `tb positions` picks its openings from Brudno's own games, positions
// that the tables reach after a capture or two, and `tb games` reads the
// match's PGN and counts, for each player, the moves that spoilt a
// tablebase result: a won position left for a draw or a loss, a drawn one
// for a loss.

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand"
	"os"
	"sort"
	"strings"

	"brudno/board"
	"brudno/book"
	"brudno/nnue/data"
	"brudno/syzygy"
)

// cmdTBPositions prints distinct positions of the data files with a piece
// count in the range, no castling rights, the side to move not in check
// and a search score within the margin, as EPD lines: at most n, chosen
// at random by the seed, spread evenly over the material signatures.
func cmdTBPositions(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tb positions", flag.ContinueOnError)
	fs.SetOutput(stderr)
	n := fs.Int("n", 100, "positions to print")
	pieces := fs.String("pieces", "5-6", "pieces on the board, kings included: N or A-B")
	margin := fs.Int("margin", 300, "the largest search score kept either way, centipawns")
	seed := fs.Int64("seed", 1, "random seed of the choice")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	lo, hi, err := parseRange(*pieces)
	if err != nil || lo < 3 || hi > 32 || fs.NArg() == 0 {
		fmt.Fprintln(stderr, "usage: brudno tb positions [-n 100] [-pieces 5-6] [-margin 300] [-seed 1] DATA.bin...")
		return 2
	}
	byMaterial := map[string][]string{}
	seen := map[uint64]bool{}
	for _, name := range fs.Args() {
		if err := scanRecords(name, func(pos *board.Position, score int) {
			c := pos.Occupied().Count()
			if c < lo || c > hi || pos.CastlingRights() != 0 || pos.InCheck() || score > *margin || -score > *margin || seen[pos.Key()] {
				return
			}
			seen[pos.Key()] = true
			sig := materialSignature(pos)
			byMaterial[sig] = append(byMaterial[sig], pos.FEN())
		}); err != nil {
			fmt.Fprintf(stderr, "tb positions: %v\n", err)
			return 1
		}
	}
	for _, fen := range spread(byMaterial, *n, rand.New(rand.NewSource(*seed))) {
		fmt.Fprintln(stdout, fen)
	}
	return 0
}

// scanRecords calls f with every record's position and score.
func scanRecords(name string, f func(*board.Position, int)) error {
	file, err := os.Open(name)
	if err != nil {
		return err
	}
	defer file.Close()
	r := data.NewReader(file)
	for {
		pos, score, _, err := r.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
		f(pos, score)
	}
}

// materialSignature names a position's material as the tables do, KRPvKR.
func materialSignature(pos *board.Position) string {
	var sb strings.Builder
	for _, c := range []board.Color{board.White, board.Black} {
		if c == board.Black {
			sb.WriteString("v")
		}
		for _, t := range []board.PieceType{board.King, board.Queen, board.Rook, board.Bishop, board.Knight, board.Pawn} {
			sb.WriteString(strings.Repeat(string("_KQRBNP"[t]), pos.Pieces(c, t).Count()))
		}
	}
	return sb.String()
}

// spread takes up to n items, one of each group round by round (groups in
// name order, each shuffled), so that no material dominates the choice.
func spread(groups map[string][]string, n int, r *rand.Rand) []string {
	names := make([]string, 0, len(groups))
	for k, g := range groups {
		sort.Strings(g)
		r.Shuffle(len(g), func(i, j int) { g[i], g[j] = g[j], g[i] })
		names = append(names, k)
	}
	sort.Strings(names)
	var out []string
	for round := 0; len(out) < n; round++ {
		took := false
		for _, k := range names {
			if g := groups[k]; round < len(g) && len(out) < n {
				out = append(out, g[round])
				took = true
			}
		}
		if !took {
			break
		}
	}
	return out
}

// tbTally counts one player's moves in the tables.
type tbTally struct {
	moves, wins, draws, losses int // positions in the tables, by their best result
	spoiltWins, lostDraws      int // a win left for a draw or a loss; a draw for a loss
}

// cmdTBGames reads PGN games and, for every position the tables hold
// with its fifty-move clock, compares the result the move played keeps
// with the best one, per player.
func cmdTBGames(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tb games", flag.ContinueOnError)
	fs.SetOutput(stderr)
	path := fs.String("path", "", "the tablebase folders (as SyzygyPath)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *path == "" || fs.NArg() == 0 {
		fmt.Fprintln(stderr, "usage: brudno tb games -path DIRS GAMES.pgn...")
		return 2
	}
	ts, err := syzygy.Open(*path)
	if ts.MaxPieces() == 0 {
		fmt.Fprintf(stderr, "tb games: no tables in %s (%v)\n", *path, err)
		return 1
	}
	defer ts.Close()
	tally := map[string]*tbTally{}
	games, bad := 0, 0
	for _, name := range fs.Args() {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintf(stderr, "tb games: %v\n", err)
			return 1
		}
		err = book.SplitPGN(f, func(number, line int, text string) {
			games++
			if err := tbGame(ts, text, tally); err != nil {
				bad++
				fmt.Fprintf(stderr, "%s: game %d (line %d): %v\n", name, number, line, err)
			}
		})
		f.Close()
		if err != nil {
			fmt.Fprintf(stderr, "tb games: %s: %v\n", name, err)
			return 1
		}
	}
	fmt.Fprintf(stdout, "%d games (%d unreadable), tables up to %d pieces\n", games, bad, ts.MaxPieces())
	players := make([]string, 0, len(tally))
	for p := range tally {
		players = append(players, p)
	}
	sort.Strings(players)
	for _, p := range players {
		t := tally[p]
		fmt.Fprintf(stdout, "%s: %d moves in the tables (best result: %d won, %d drawn, %d lost); won positions spoilt %d, drawn positions lost %d\n",
			p, t.moves, t.wins, t.draws, t.losses, t.spoiltWins, t.lostDraws)
	}
	return 0
}

// tbGame replays one game and adds its moves in the tables to tally.
func tbGame(ts *syzygy.Tables, text string, tally map[string]*tbTally) error {
	tags, movetext, err := book.GameTags(text)
	if err != nil {
		return err
	}
	plies, _, err := splitMovetext(movetext)
	if err != nil {
		return err
	}
	pos := board.NewPosition()
	if fen := tags["fen"]; fen != "" {
		if pos, err = board.ParseFEN(fen); err != nil {
			return fmt.Errorf("FEN tag: %v", err)
		}
	}
	player := func(c board.Color) *tbTally {
		name := tags["white"]
		if c == board.Black {
			name = tags["black"]
		}
		if tally[name] == nil {
			tally[name] = &tbTally{}
		}
		return tally[name]
	}
	var list board.MoveList
	var ranked []syzygy.RootMove // one slice for every position
	for i, p := range plies {
		m, err := decodePGNMove(pos, &list, p.san)
		if err != nil {
			return fmt.Errorf("ply %d: %v", i+1, err)
		}
		var ok bool
		if ranked, ok = ts.AppendRankRoot(ranked[:0], pos, true); ok {
			tbCountMove(player(pos.Side()), ranked, m)
		}
		pos.Make(m)
	}
	return nil
}

// tbCountMove counts move m against the ranked moves of its position.
func tbCountMove(t *tbTally, ranked []syzygy.RootMove, m board.Move) {
	best, played := ranked[0].Result, -3
	for _, r := range ranked {
		if r.Move == m {
			played = r.Result
		}
	}
	t.moves++
	switch {
	case best == 2:
		t.wins++
		if played < 2 {
			t.spoiltWins++
		}
	case best > -2: // a draw, or a result the fifty-move rule turns into one
		t.draws++
		if played == -2 {
			t.lostDraws++
		}
	default:
		t.losses++
	}
}
