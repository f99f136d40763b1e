// The genfens subcommand: opening positions for OpenBench's data
// generation. An OpenBench DATAGEN workload starts the engine as
//
//	./brudno "genfens N seed S book PATH|None EXTRA" "quit"
//
// (one command an argument, see Run) and reads the N lines
// `info string genfens FEN` it prints. Each position is the start
// position, or a line of the book chosen at random, followed by a random
// number of random legal plies; it is kept when the side to move has a
// legal move, the material is sufficient, it was not produced before,
// and a short search (a fixed node count, one thread, a cleared table, so
// that the result does not depend on the machine) scores it within the
// margin. The positions depend on the seed alone.
//
// EXTRA is a list of `NAME VALUE` pairs: plies N or A-B (the random plies,
// by default 8-9 without a book and 4-5 after a book line), nodes N (the
// verification search, 5000) and margin CP (the largest |score| kept,
// 400).

package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/rand"
	"os"
	"strconv"
	"strings"

	"brudno/board"
	"brudno/search"
)

// genfensConfig is one genfens request.
type genfensConfig struct {
	count              int
	seed               int64
	book               string // "" for none
	minPlies, maxPlies int
	nodes              uint64
	margin             int
}

// genfensUsage is the synopsis given with every usage error.
const genfensUsage = "usage: genfens N seed S book FILE|None [plies N|A-B] [nodes N] [margin CP]"

// parseGenfens reads the words after "genfens".
func parseGenfens(args []string) (genfensConfig, error) {
	cfg := genfensConfig{nodes: 5000, margin: 400, minPlies: -1}
	if len(args) < 5 || args[1] != "seed" || args[3] != "book" {
		return cfg, errors.New("want N seed S book FILE|None")
	}
	n, err := strconv.Atoi(args[0])
	if err != nil || n < 1 {
		return cfg, fmt.Errorf("bad count %q (a number of positions, 1 or more)", args[0])
	}
	cfg.count = n
	if cfg.seed, err = strconv.ParseInt(args[2], 10, 64); err != nil {
		return cfg, fmt.Errorf("bad seed %q (an integer)", args[2])
	}
	if !strings.EqualFold(args[4], "none") {
		cfg.book = args[4]
	}
	extra := args[5:]
	if len(extra)%2 != 0 {
		return cfg, fmt.Errorf("option %q has no value", extra[len(extra)-1])
	}
	for i := 0; i < len(extra); i += 2 {
		name, value := extra[i], extra[i+1]
		switch name {
		case "plies":
			if cfg.minPlies, cfg.maxPlies, err = parsePlies(value); err != nil {
				return cfg, err
			}
		case "nodes":
			if cfg.nodes, err = strconv.ParseUint(value, 10, 64); err != nil || cfg.nodes < 1 {
				return cfg, fmt.Errorf("bad nodes %q (1 or more)", value)
			}
		case "margin":
			if cfg.margin, err = strconv.Atoi(value); err != nil || cfg.margin < 0 {
				return cfg, fmt.Errorf("bad margin %q (centipawns, 0 or more)", value)
			}
		default:
			return cfg, fmt.Errorf("unknown option %q (plies, nodes or margin)", name)
		}
	}
	if cfg.minPlies < 0 {
		cfg.minPlies, cfg.maxPlies = 8, 9
		if cfg.book != "" {
			cfg.minPlies, cfg.maxPlies = 4, 5
		}
	}
	return cfg, nil
}

// parsePlies reads "N" or "A-B", from 0 to 100.
func parsePlies(s string) (lo, hi int, err error) {
	a, b, isRange := strings.Cut(s, "-")
	if !isRange {
		b = a
	}
	lo, err1 := strconv.Atoi(a)
	hi, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil || lo < 0 || hi < lo || hi > 100 {
		return 0, 0, fmt.Errorf("bad plies %q (N or A-B, 0 to 100)", s)
	}
	return lo, hi, nil
}

func cmdGenfens(args []string, stdout, stderr io.Writer) int {
	cfg, err := parseGenfens(args)
	if err != nil {
		fmt.Fprintf(stderr, "genfens: %v\n%s\n", err, genfensUsage)
		return 2
	}
	openings := []string{board.StartFEN}
	if cfg.book != "" {
		if openings, err = readBook(cfg.book); err != nil {
			fmt.Fprintf(stderr, "genfens: %v\n", err)
			return 1
		}
	}
	opts := search.DefaultOptions()
	opts.Threads = 1
	if err := chooseEvaluation(&opts, "", false); err != nil {
		fmt.Fprintf(stderr, "genfens: %v\n", err)
		return 1
	}
	err = genFENs(&cfg, openings, opts, func(fen string) error {
		_, err := fmt.Fprintf(stdout, "info string genfens %s\n", fen)
		return err
	})
	if err != nil {
		fmt.Fprintf(stderr, "genfens: %v\n", err)
		return 1
	}
	return 0
}

// readBook reads an EPD/FEN book for genfens and checks every position.
func readBook(path string) ([]string, error) {
	if strings.HasSuffix(strings.ToLower(path), ".pgn") {
		return nil, fmt.Errorf("%s: PGN books are not supported; use an EPD book", path)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("book: %v", err)
	}
	defer f.Close()
	var fens []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		if fen := bookFEN(sc.Text()); fen != "" {
			fens = append(fens, fen)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("book %s: %v", path, err)
	}
	if len(fens) == 0 {
		return nil, fmt.Errorf("%s holds no positions", path)
	}
	for i, fen := range fens {
		if _, err := board.ParseFEN(fen); err != nil {
			return nil, fmt.Errorf("%s: position %d (%s): %v", path, i+1, fen, err)
		}
	}
	return fens, nil
}

// bookFEN returns the FEN of a book line, "" for a blank or comment line:
// the first four fields with the move counters of a six-field FEN or of
// EPD's hmvc and fmvn operations (OpenBench's books have them), so that
// the openings keep their move numbers.
func bookFEN(line string) string {
	fields := strings.Fields(line)
	if len(fields) < 4 || strings.HasPrefix(fields[0], "#") {
		return ""
	}
	fen := strings.Join(fields[:4], " ")
	half, full := "0", "1"
	if len(fields) >= 6 && isCount(fields[4]) && isCount(fields[5]) {
		half, full = fields[4], fields[5]
	}
	for i := 4; i+1 < len(fields); i++ {
		switch v := strings.TrimSuffix(fields[i+1], ";"); fields[i] {
		case "hmvc":
			if isCount(v) {
				half = v
			}
		case "fmvn":
			if isCount(v) {
				full = v
			}
		}
	}
	if n, _ := strconv.Atoi(full); n == 0 {
		full = "1" // some files count from 0
	}
	return fen + " " + half + " " + full
}

// isCount reports whether s is a move counter, a number of at most 5 digits.
func isCount(s string) bool {
	n, err := strconv.Atoi(s)
	return err == nil && n >= 0 && len(s) <= 5
}

// genfensMaxRejects is how many candidates in a row genfens rejects
// before it gives up (a tiny book with no random plies runs out of new
// positions).
const genfensMaxRejects = 10000

// genFENs makes cfg.count positions and hands each FEN to emit.
func genFENs(cfg *genfensConfig, openings []string, opts search.Options, emit func(fen string) error) error {
	rng := rand.New(rand.NewSource(cfg.seed))
	tt := search.NewTT(1)
	s := search.NewSearcher(tt)
	seen := make(map[uint64]bool, min(cfg.count, 1<<16))
	var list board.MoveList
	for found, rejects := 0, 0; found < cfg.count; {
		if rejects >= genfensMaxRejects {
			return fmt.Errorf("%d positions found, then %d candidates in a row rejected (too few distinct openings: more plies or a larger book)", found, rejects)
		}
		rejects++
		pos, err := board.ParseFEN(openings[rng.Intn(len(openings))])
		if err != nil {
			return err // checked when the book was read
		}
		plies := cfg.minPlies + rng.Intn(cfg.maxPlies-cfg.minPlies+1)
		ok := true
		for i := 0; i < plies && ok; i++ {
			pos.GenerateLegal(&list)
			if ok = list.Count > 0; ok {
				pos.Make(list.Moves[rng.Intn(list.Count)])
			}
		}
		if !ok || !pos.HasLegalMove() || pos.InsufficientMaterial() || seen[pos.Key()] {
			continue
		}
		seen[pos.Key()] = true // kept or rejected, it is not tried again
		pos.ResetHistory()
		tt.Clear()
		s.Clear()
		res := s.Search(pos, search.Limits{Nodes: cfg.nodes}, opts, 0, search.Callbacks{})
		if res.Score > cfg.margin || res.Score < -cfg.margin {
			continue
		}
		if err := emit(pos.FEN()); err != nil {
			return err
		}
		found++
		rejects = 0
	}
	return nil
}
